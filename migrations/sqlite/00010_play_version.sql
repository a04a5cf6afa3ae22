-- +goose Up
-- The play version of an event (storage.PlayVersion) counts every committed
-- change to what its pages show: the event itself, its entries, rounds,
-- matches, reports, penalties, judge calls and announcements. Triggers keep
-- the count, so no write can forget it. Pages cache what they read under the
-- version, on every instance, and a cached copy is never used again once
-- anything changed. Reading the version is one indexed lookup, whatever the
-- size of the event.
--
-- SQLite has one writer at a time, so one slot (0) is enough.
CREATE TABLE event_changes (
    event_id INTEGER NOT NULL,
    slot     INTEGER NOT NULL,
    n        INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (event_id, slot)
);

-- +goose StatementBegin
CREATE TRIGGER events_changed_update AFTER UPDATE ON events WHEN NEW.id IS NOT NULL BEGIN
    INSERT INTO event_changes (event_id, slot, n) VALUES (NEW.id, 0, 1)
    ON CONFLICT (event_id, slot) DO UPDATE SET n = n + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER reports_changed_insert AFTER INSERT ON reports WHEN (SELECT event_id FROM matches WHERE id = NEW.match_id) IS NOT NULL BEGIN
    INSERT INTO event_changes (event_id, slot, n) VALUES ((SELECT event_id FROM matches WHERE id = NEW.match_id), 0, 1)
    ON CONFLICT (event_id, slot) DO UPDATE SET n = n + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER reports_changed_update AFTER UPDATE ON reports WHEN (SELECT event_id FROM matches WHERE id = NEW.match_id) IS NOT NULL BEGIN
    INSERT INTO event_changes (event_id, slot, n) VALUES ((SELECT event_id FROM matches WHERE id = NEW.match_id), 0, 1)
    ON CONFLICT (event_id, slot) DO UPDATE SET n = n + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER reports_changed_delete AFTER DELETE ON reports WHEN (SELECT event_id FROM matches WHERE id = OLD.match_id) IS NOT NULL BEGIN
    INSERT INTO event_changes (event_id, slot, n) VALUES ((SELECT event_id FROM matches WHERE id = OLD.match_id), 0, 1)
    ON CONFLICT (event_id, slot) DO UPDATE SET n = n + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER entries_changed_insert AFTER INSERT ON entries WHEN NEW.event_id IS NOT NULL BEGIN
    INSERT INTO event_changes (event_id, slot, n) VALUES (NEW.event_id, 0, 1)
    ON CONFLICT (event_id, slot) DO UPDATE SET n = n + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER entries_changed_update AFTER UPDATE ON entries WHEN NEW.event_id IS NOT NULL BEGIN
    INSERT INTO event_changes (event_id, slot, n) VALUES (NEW.event_id, 0, 1)
    ON CONFLICT (event_id, slot) DO UPDATE SET n = n + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER entries_changed_delete AFTER DELETE ON entries WHEN OLD.event_id IS NOT NULL BEGIN
    INSERT INTO event_changes (event_id, slot, n) VALUES (OLD.event_id, 0, 1)
    ON CONFLICT (event_id, slot) DO UPDATE SET n = n + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER rounds_changed_insert AFTER INSERT ON rounds WHEN NEW.event_id IS NOT NULL BEGIN
    INSERT INTO event_changes (event_id, slot, n) VALUES (NEW.event_id, 0, 1)
    ON CONFLICT (event_id, slot) DO UPDATE SET n = n + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER rounds_changed_update AFTER UPDATE ON rounds WHEN NEW.event_id IS NOT NULL BEGIN
    INSERT INTO event_changes (event_id, slot, n) VALUES (NEW.event_id, 0, 1)
    ON CONFLICT (event_id, slot) DO UPDATE SET n = n + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER rounds_changed_delete AFTER DELETE ON rounds WHEN OLD.event_id IS NOT NULL BEGIN
    INSERT INTO event_changes (event_id, slot, n) VALUES (OLD.event_id, 0, 1)
    ON CONFLICT (event_id, slot) DO UPDATE SET n = n + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER matches_changed_insert AFTER INSERT ON matches WHEN NEW.event_id IS NOT NULL BEGIN
    INSERT INTO event_changes (event_id, slot, n) VALUES (NEW.event_id, 0, 1)
    ON CONFLICT (event_id, slot) DO UPDATE SET n = n + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER matches_changed_update AFTER UPDATE ON matches WHEN NEW.event_id IS NOT NULL BEGIN
    INSERT INTO event_changes (event_id, slot, n) VALUES (NEW.event_id, 0, 1)
    ON CONFLICT (event_id, slot) DO UPDATE SET n = n + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER matches_changed_delete AFTER DELETE ON matches WHEN OLD.event_id IS NOT NULL BEGIN
    INSERT INTO event_changes (event_id, slot, n) VALUES (OLD.event_id, 0, 1)
    ON CONFLICT (event_id, slot) DO UPDATE SET n = n + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER penalties_changed_insert AFTER INSERT ON penalties WHEN NEW.event_id IS NOT NULL BEGIN
    INSERT INTO event_changes (event_id, slot, n) VALUES (NEW.event_id, 0, 1)
    ON CONFLICT (event_id, slot) DO UPDATE SET n = n + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER penalties_changed_update AFTER UPDATE ON penalties WHEN NEW.event_id IS NOT NULL BEGIN
    INSERT INTO event_changes (event_id, slot, n) VALUES (NEW.event_id, 0, 1)
    ON CONFLICT (event_id, slot) DO UPDATE SET n = n + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER penalties_changed_delete AFTER DELETE ON penalties WHEN OLD.event_id IS NOT NULL BEGIN
    INSERT INTO event_changes (event_id, slot, n) VALUES (OLD.event_id, 0, 1)
    ON CONFLICT (event_id, slot) DO UPDATE SET n = n + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER judge_calls_changed_insert AFTER INSERT ON judge_calls WHEN NEW.event_id IS NOT NULL BEGIN
    INSERT INTO event_changes (event_id, slot, n) VALUES (NEW.event_id, 0, 1)
    ON CONFLICT (event_id, slot) DO UPDATE SET n = n + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER judge_calls_changed_update AFTER UPDATE ON judge_calls WHEN NEW.event_id IS NOT NULL BEGIN
    INSERT INTO event_changes (event_id, slot, n) VALUES (NEW.event_id, 0, 1)
    ON CONFLICT (event_id, slot) DO UPDATE SET n = n + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER judge_calls_changed_delete AFTER DELETE ON judge_calls WHEN OLD.event_id IS NOT NULL BEGIN
    INSERT INTO event_changes (event_id, slot, n) VALUES (OLD.event_id, 0, 1)
    ON CONFLICT (event_id, slot) DO UPDATE SET n = n + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER announcements_changed_insert AFTER INSERT ON announcements WHEN NEW.event_id IS NOT NULL BEGIN
    INSERT INTO event_changes (event_id, slot, n) VALUES (NEW.event_id, 0, 1)
    ON CONFLICT (event_id, slot) DO UPDATE SET n = n + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER announcements_changed_update AFTER UPDATE ON announcements WHEN NEW.event_id IS NOT NULL BEGIN
    INSERT INTO event_changes (event_id, slot, n) VALUES (NEW.event_id, 0, 1)
    ON CONFLICT (event_id, slot) DO UPDATE SET n = n + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER announcements_changed_delete AFTER DELETE ON announcements WHEN OLD.event_id IS NOT NULL BEGIN
    INSERT INTO event_changes (event_id, slot, n) VALUES (OLD.event_id, 0, 1)
    ON CONFLICT (event_id, slot) DO UPDATE SET n = n + 1;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER events_changed_update;
DROP TRIGGER reports_changed_insert;
DROP TRIGGER reports_changed_update;
DROP TRIGGER reports_changed_delete;
DROP TRIGGER entries_changed_insert;
DROP TRIGGER entries_changed_update;
DROP TRIGGER entries_changed_delete;
DROP TRIGGER rounds_changed_insert;
DROP TRIGGER rounds_changed_update;
DROP TRIGGER rounds_changed_delete;
DROP TRIGGER matches_changed_insert;
DROP TRIGGER matches_changed_update;
DROP TRIGGER matches_changed_delete;
DROP TRIGGER penalties_changed_insert;
DROP TRIGGER penalties_changed_update;
DROP TRIGGER penalties_changed_delete;
DROP TRIGGER judge_calls_changed_insert;
DROP TRIGGER judge_calls_changed_update;
DROP TRIGGER judge_calls_changed_delete;
DROP TRIGGER announcements_changed_insert;
DROP TRIGGER announcements_changed_update;
DROP TRIGGER announcements_changed_delete;
DROP TABLE event_changes;
