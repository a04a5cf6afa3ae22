-- +goose Up
-- Snapshots of an event: the whole event file (docs/event-file.md), gzipped,
-- kept when a round is published, when the event finishes, before a restore
-- and when the organiser asks. A restore puts one back (docs/event-day.md).
-- round_no is the round published (top_cut_round its place in the top cut,
-- NULL for a Swiss round); restored_from the snapshot whose restore replaced
-- this state. size_bytes is the file's size, stored_bytes what the row holds.
CREATE TABLE event_snapshots (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id     INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    reason       TEXT NOT NULL CHECK (reason IN ('publish', 'finish', 'restore', 'manual')),
    round_no     INTEGER,
    top_cut_round INTEGER,
    restored_from INTEGER,
    body         BLOB NOT NULL,
    size_bytes   INTEGER NOT NULL,
    stored_bytes INTEGER NOT NULL,
    created_by   TEXT NOT NULL DEFAULT '',
    created_at   DATETIME NOT NULL
);
CREATE INDEX event_snapshots_event ON event_snapshots(event_id, id);

-- +goose Down
DROP TABLE event_snapshots;
