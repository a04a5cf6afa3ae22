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
-- SQLite has one writer at a time, so one slot (0) is enough.
CREATE TABLE league_changes (
    slot INTEGER PRIMARY KEY,
    n    INTEGER NOT NULL DEFAULT 0
);
INSERT INTO league_changes (slot, n) VALUES (0, 1);

-- +goose StatementBegin
CREATE TRIGGER league_event_changes_insert AFTER INSERT ON event_changes
WHEN (SELECT status FROM events WHERE id = NEW.event_id) = 'finished' BEGIN
    UPDATE league_changes SET n = n + 1 WHERE slot = 0;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER league_event_changes_update AFTER UPDATE ON event_changes
WHEN (SELECT status FROM events WHERE id = NEW.event_id) = 'finished' BEGIN
    UPDATE league_changes SET n = n + 1 WHERE slot = 0;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER league_events_insert AFTER INSERT ON events WHEN NEW.status = 'finished' BEGIN
    UPDATE league_changes SET n = n + 1 WHERE slot = 0;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER league_events_update AFTER UPDATE ON events WHEN OLD.status = 'finished' OR NEW.status = 'finished' BEGIN
    UPDATE league_changes SET n = n + 1 WHERE slot = 0;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER league_events_delete AFTER DELETE ON events WHEN OLD.status = 'finished' BEGIN
    UPDATE league_changes SET n = n + 1 WHERE slot = 0;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER league_players_update AFTER UPDATE OF name, member_id, public, merged_into, anonymised_at ON players BEGIN
    UPDATE league_changes SET n = n + 1 WHERE slot = 0;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER league_players_delete AFTER DELETE ON players BEGIN
    UPDATE league_changes SET n = n + 1 WHERE slot = 0;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER league_stores_update AFTER UPDATE OF name ON stores BEGIN
    UPDATE league_changes SET n = n + 1 WHERE slot = 0;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER league_seasons_insert AFTER INSERT ON seasons BEGIN
    UPDATE league_changes SET n = n + 1 WHERE slot = 0;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER league_seasons_update AFTER UPDATE ON seasons BEGIN
    UPDATE league_changes SET n = n + 1 WHERE slot = 0;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER league_seasons_delete AFTER DELETE ON seasons BEGIN
    UPDATE league_changes SET n = n + 1 WHERE slot = 0;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER league_season_stores_insert AFTER INSERT ON season_stores BEGIN
    UPDATE league_changes SET n = n + 1 WHERE slot = 0;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER league_season_stores_delete AFTER DELETE ON season_stores BEGIN
    UPDATE league_changes SET n = n + 1 WHERE slot = 0;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER league_season_events_insert AFTER INSERT ON season_events BEGIN
    UPDATE league_changes SET n = n + 1 WHERE slot = 0;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER league_season_events_update AFTER UPDATE ON season_events BEGIN
    UPDATE league_changes SET n = n + 1 WHERE slot = 0;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER league_season_events_delete AFTER DELETE ON season_events BEGIN
    UPDATE league_changes SET n = n + 1 WHERE slot = 0;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER league_season_events_delete;
DROP TRIGGER league_season_events_update;
DROP TRIGGER league_season_events_insert;
DROP TRIGGER league_season_stores_delete;
DROP TRIGGER league_season_stores_insert;
DROP TRIGGER league_seasons_delete;
DROP TRIGGER league_seasons_update;
DROP TRIGGER league_seasons_insert;
DROP TRIGGER league_stores_update;
DROP TRIGGER league_players_delete;
DROP TRIGGER league_players_update;
DROP TRIGGER league_events_delete;
DROP TRIGGER league_events_update;
DROP TRIGGER league_events_insert;
DROP TRIGGER league_event_changes_update;
DROP TRIGGER league_event_changes_insert;
DROP TABLE league_changes;
