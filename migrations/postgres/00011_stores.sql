-- +goose Up
-- Several stores on one server. A store (an organisation) runs events; its
-- organisers and judges are its members; an instance admin creates stores and
-- manages who belongs to them. An existing database becomes a one-store
-- installation: one default store holds every event and every account, and
-- the organisers it had (who could do everything) become instance admins, so
-- nobody loses anything they could do before. Nothing is dropped.
CREATE TABLE stores (
    id         BIGSERIAL PRIMARY KEY,
    name       TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX stores_name ON stores (lower(name));
INSERT INTO stores (name, created_at, updated_at) VALUES ('Main store', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP);

CREATE TABLE store_members (
    store_id   BIGINT NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
    user_id    BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (store_id, user_id)
);
CREATE INDEX store_members_user ON store_members (user_id);
INSERT INTO store_members (store_id, user_id, created_at)
    SELECT (SELECT min(id) FROM stores), id, CURRENT_TIMESTAMP FROM users;

ALTER TABLE users ADD COLUMN is_admin BOOLEAN NOT NULL DEFAULT FALSE;
UPDATE users SET is_admin = TRUE WHERE role = 'organiser';

-- A store with events cannot be deleted (no ON DELETE): events are never
-- lost with their store. The column is added with the default store's id
-- as its default (1: the first value of the new table's sequence), which
-- fills it without an UPDATE: an UPDATE would fire the events triggers
-- (00010) and a table with pending trigger events cannot be altered in the
-- same transaction. New events always name their store, so the default goes.
ALTER TABLE events ADD COLUMN store_id BIGINT NOT NULL DEFAULT 1 REFERENCES stores(id);
ALTER TABLE events ALTER COLUMN store_id DROP DEFAULT;
CREATE INDEX events_store ON events (store_id, starts_on);

-- +goose Down
DROP INDEX events_store;
ALTER TABLE events DROP COLUMN store_id;
ALTER TABLE users DROP COLUMN is_admin;
DROP TABLE store_members;
DROP TABLE stores;
