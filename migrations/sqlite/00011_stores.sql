-- +goose Up
-- Several stores on one server. A store (an organisation) runs events; its
-- organisers and judges are its members; an instance admin creates stores and
-- manages who belongs to them. An existing database becomes a one-store
-- installation: one default store holds every event and every account, and
-- the organisers it had (who could do everything) become instance admins, so
-- nobody loses anything they could do before. Nothing is dropped.
CREATE TABLE stores (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    name       TEXT NOT NULL,
    created_at DATETIME NOT NULL,
    updated_at DATETIME NOT NULL
);
CREATE UNIQUE INDEX stores_name ON stores (lower(name));
INSERT INTO stores (name, created_at, updated_at) VALUES ('Main store', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP);

CREATE TABLE store_members (
    store_id   INTEGER NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
    user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at DATETIME NOT NULL,
    PRIMARY KEY (store_id, user_id)
);
CREATE INDEX store_members_user ON store_members (user_id);
INSERT INTO store_members (store_id, user_id, created_at)
    SELECT (SELECT min(id) FROM stores), id, CURRENT_TIMESTAMP FROM users;

ALTER TABLE users ADD COLUMN is_admin BOOLEAN NOT NULL DEFAULT 0;
UPDATE users SET is_admin = 1 WHERE role = 'organiser';

-- SQLite adds a column with a foreign key only if it may be NULL, and cannot
-- make it NOT NULL afterwards without rebuilding the table (which the tables
-- referring to events make risky). So the key is a real foreign key (a store
-- with events cannot be deleted) and two triggers refuse a missing store,
-- as NOT NULL does on PostgreSQL.
ALTER TABLE events ADD COLUMN store_id INTEGER REFERENCES stores(id);
UPDATE events SET store_id = (SELECT min(id) FROM stores);
CREATE INDEX events_store ON events (store_id, starts_on);
-- +goose StatementBegin
CREATE TRIGGER events_store_required_insert BEFORE INSERT ON events
WHEN NEW.store_id IS NULL
BEGIN
    SELECT RAISE(ABORT, 'NOT NULL constraint failed: events.store_id');
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER events_store_required_update BEFORE UPDATE OF store_id ON events
WHEN NEW.store_id IS NULL
BEGIN
    SELECT RAISE(ABORT, 'NOT NULL constraint failed: events.store_id');
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER events_store_required_update;
DROP TRIGGER events_store_required_insert;
DROP INDEX events_store;
ALTER TABLE events DROP COLUMN store_id;
ALTER TABLE users DROP COLUMN is_admin;
DROP TABLE store_members;
DROP TABLE stores;
