-- +goose Up
-- An event's origin (issue 27): a random 128-bit id (hex) made with the
-- event and carried in its export, the same on every server the event
-- reaches. A push or an upload stores it with the store, so the same event
-- sent twice is found and not added again. '' is none (never unique).
-- Events made before get one here.
ALTER TABLE events ADD COLUMN origin TEXT NOT NULL DEFAULT '';
CREATE UNIQUE INDEX events_store_origin ON events (store_id, origin) WHERE origin <> '';
UPDATE events SET origin = lower(hex(randomblob(16)));

-- +goose Down
DROP INDEX events_store_origin;
ALTER TABLE events DROP COLUMN origin;
