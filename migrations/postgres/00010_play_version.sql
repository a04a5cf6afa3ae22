-- +goose Up
-- The play version of an event (storage.PlayVersion) counts every committed
-- change to what its pages show: the event itself, its entries, rounds,
-- matches, reports, penalties, judge calls and announcements. Triggers keep
-- the count, so no write can forget it. Pages cache what they read under the
-- version, on every instance, and a cached copy is never used again once
-- anything changed. Reading the version is one indexed lookup, whatever the
-- size of the event.
--
-- The count is split in slots (the connection's process id modulo 16) so
-- that concurrent transactions do not queue on one row, and the triggers are
-- deferred to commit, so a slot's row stays locked only while committing.
CREATE TABLE event_changes (
    event_id BIGINT NOT NULL,
    slot     INTEGER NOT NULL,
    n        BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (event_id, slot)
);

-- +goose StatementBegin
CREATE FUNCTION event_changed(ev BIGINT) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    IF ev IS NOT NULL THEN
        INSERT INTO event_changes (event_id, slot, n) VALUES (ev, pg_backend_pid() % 16, 1)
        ON CONFLICT (event_id, slot) DO UPDATE SET n = event_changes.n + 1;
    END IF;
END
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION event_changed_by_event_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN PERFORM event_changed(OLD.event_id); ELSE PERFORM event_changed(NEW.event_id); END IF;
    IF TG_OP = 'UPDATE' AND OLD.event_id IS DISTINCT FROM NEW.event_id THEN PERFORM event_changed(OLD.event_id); END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION event_changed_by_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN PERFORM event_changed(OLD.id); ELSE PERFORM event_changed(NEW.id); END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION event_changed_by_match_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        PERFORM event_changed((SELECT event_id FROM matches WHERE id = OLD.match_id));
    ELSE
        PERFORM event_changed((SELECT event_id FROM matches WHERE id = NEW.match_id));
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

CREATE CONSTRAINT TRIGGER events_changed AFTER UPDATE ON events
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION event_changed_by_id();
CREATE CONSTRAINT TRIGGER reports_changed AFTER INSERT OR UPDATE OR DELETE ON reports
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION event_changed_by_match_id();
CREATE CONSTRAINT TRIGGER entries_changed AFTER INSERT OR UPDATE OR DELETE ON entries
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION event_changed_by_event_id();
CREATE CONSTRAINT TRIGGER rounds_changed AFTER INSERT OR UPDATE OR DELETE ON rounds
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION event_changed_by_event_id();
CREATE CONSTRAINT TRIGGER matches_changed AFTER INSERT OR UPDATE OR DELETE ON matches
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION event_changed_by_event_id();
CREATE CONSTRAINT TRIGGER penalties_changed AFTER INSERT OR UPDATE OR DELETE ON penalties
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION event_changed_by_event_id();
CREATE CONSTRAINT TRIGGER judge_calls_changed AFTER INSERT OR UPDATE OR DELETE ON judge_calls
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION event_changed_by_event_id();
CREATE CONSTRAINT TRIGGER announcements_changed AFTER INSERT OR UPDATE OR DELETE ON announcements
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION event_changed_by_event_id();

-- +goose Down
DROP TRIGGER events_changed ON events;
DROP TRIGGER reports_changed ON reports;
DROP TRIGGER entries_changed ON entries;
DROP TRIGGER rounds_changed ON rounds;
DROP TRIGGER matches_changed ON matches;
DROP TRIGGER penalties_changed ON penalties;
DROP TRIGGER judge_calls_changed ON judge_calls;
DROP TRIGGER announcements_changed ON announcements;
DROP FUNCTION event_changed_by_match_id();
DROP FUNCTION event_changed_by_id();
DROP FUNCTION event_changed_by_event_id();
DROP FUNCTION event_changed(BIGINT);
DROP TABLE event_changes;
