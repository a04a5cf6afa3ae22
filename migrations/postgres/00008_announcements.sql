-- +goose Up
-- Announcements: what staff tell every player page and the projector of an
-- event ("Round 3 starts at 14:10"), shown until removed.
CREATE TABLE announcements (
    id          BIGSERIAL PRIMARY KEY,
    event_id    BIGINT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    text        TEXT NOT NULL,
    author      TEXT NOT NULL DEFAULT '',
    created_at  TIMESTAMPTZ NOT NULL
);
CREATE INDEX announcements_event ON announcements(event_id, id);

-- +goose Down
DROP TABLE announcements;
