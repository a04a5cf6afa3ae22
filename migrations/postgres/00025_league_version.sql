-- +goose Up
-- The league version (leagues.Store.LeagueVersion) counts every committed
-- change to what the league's pages (season leaderboards, profiles) are
-- computed from: a finished event or anything in it (a result corrected, a
-- restore, a merge moving its entries), an event finishing or reopening, a
-- player's name, profile choice or merge, a season, its stores or events,
-- a store's name. Triggers keep the count, so no write can forget it. The
-- pages keep what they computed under the version, on every instance, and
-- read it first with one query: a change shows on the next request.
-- Results, ratings and the pages kept are computed from these and need no
-- count of their own.
--
-- As the play version (00010, 00015): once per transaction, in slots by
-- connection so concurrent transactions do not queue on one row, the
-- triggers deferred to commit (an event's status is then the one
-- committed).
CREATE TABLE league_changes (
    slot INTEGER PRIMARY KEY,
    n    BIGINT NOT NULL DEFAULT 0
);
INSERT INTO league_changes (slot, n) VALUES (0, 1);

-- +goose StatementBegin
CREATE FUNCTION league_changed() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    IF current_setting('tenkaichi.league_changed', true) = 'yes' THEN
        RETURN;
    END IF;
    PERFORM set_config('tenkaichi.league_changed', 'yes', true);
    INSERT INTO league_changes (slot, n) VALUES (pg_backend_pid() % 16, 1)
    ON CONFLICT (slot) DO UPDATE SET n = league_changes.n + 1;
END
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION league_changed_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM league_changed();
    RETURN NULL;
END
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION league_changed_if_finished() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF current_setting('tenkaichi.league_changed', true) IS DISTINCT FROM 'yes'
        AND EXISTS (SELECT 1 FROM events WHERE id = NEW.event_id AND status = 'finished') THEN
        PERFORM league_changed();
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

CREATE CONSTRAINT TRIGGER league_event_changes AFTER INSERT OR UPDATE ON event_changes
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION league_changed_if_finished();
CREATE CONSTRAINT TRIGGER league_events_insert AFTER INSERT ON events
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.status = 'finished') EXECUTE FUNCTION league_changed_row();
CREATE CONSTRAINT TRIGGER league_events_update AFTER UPDATE ON events
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.status = 'finished' OR NEW.status = 'finished') EXECUTE FUNCTION league_changed_row();
CREATE CONSTRAINT TRIGGER league_events_delete AFTER DELETE ON events
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.status = 'finished') EXECUTE FUNCTION league_changed_row();
CREATE CONSTRAINT TRIGGER league_players AFTER UPDATE OF name, member_id, public, merged_into, anonymised_at OR DELETE ON players
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION league_changed_row();
CREATE CONSTRAINT TRIGGER league_stores AFTER UPDATE OF name ON stores
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION league_changed_row();
CREATE CONSTRAINT TRIGGER league_seasons AFTER INSERT OR UPDATE OR DELETE ON seasons
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION league_changed_row();
CREATE CONSTRAINT TRIGGER league_season_stores AFTER INSERT OR UPDATE OR DELETE ON season_stores
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION league_changed_row();
CREATE CONSTRAINT TRIGGER league_season_events AFTER INSERT OR UPDATE OR DELETE ON season_events
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION league_changed_row();

-- +goose Down
DROP TRIGGER league_season_events ON season_events;
DROP TRIGGER league_season_stores ON season_stores;
DROP TRIGGER league_seasons ON seasons;
DROP TRIGGER league_stores ON stores;
DROP TRIGGER league_players ON players;
DROP TRIGGER league_events_delete ON events;
DROP TRIGGER league_events_update ON events;
DROP TRIGGER league_events_insert ON events;
DROP TRIGGER league_event_changes ON event_changes;
DROP FUNCTION league_changed_if_finished();
DROP FUNCTION league_changed_row();
DROP FUNCTION league_changed();
DROP TABLE league_changes;
