-- +goose Up
-- Wrong player links, counted per address so guessing is slowed down on every
-- instance that shares the database, not only on the one that saw the misses.
CREATE TABLE link_misses (
    id         BIGSERIAL PRIMARY KEY,
    ip         TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX link_misses_lookup ON link_misses(ip, created_at);

-- Login failures are also counted per address alone.
CREATE INDEX login_failures_ip ON login_failures(ip, created_at);

-- +goose Down
DROP INDEX login_failures_ip;
DROP TABLE link_misses;
