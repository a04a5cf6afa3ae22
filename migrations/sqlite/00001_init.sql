-- +goose Up
CREATE TABLE users (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    username      TEXT NOT NULL UNIQUE,
    display_name  TEXT NOT NULL DEFAULT '',
    password_hash TEXT NOT NULL,
    role          TEXT NOT NULL CHECK (role IN ('organiser', 'judge')),
    created_at    DATETIME NOT NULL,
    updated_at    DATETIME NOT NULL
);

-- A session row is looked up by the SHA-256 of the cookie's token, so a copy
-- of the database does not hand out live sessions.
CREATE TABLE sessions (
    token_hash   TEXT PRIMARY KEY,
    user_id      INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    csrf_token   TEXT NOT NULL,
    created_at   DATETIME NOT NULL,
    expires_at   DATETIME NOT NULL,
    last_seen_at DATETIME NOT NULL,
    user_agent   TEXT NOT NULL DEFAULT '',
    ip           TEXT NOT NULL DEFAULT ''
);
CREATE INDEX sessions_user_id ON sessions(user_id);
CREATE INDEX sessions_expires_at ON sessions(expires_at);

CREATE TABLE login_failures (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    username   TEXT NOT NULL,
    ip         TEXT NOT NULL,
    created_at DATETIME NOT NULL
);
CREATE INDEX login_failures_lookup ON login_failures(username, ip, created_at);

CREATE TABLE events (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    name            TEXT NOT NULL,
    game            TEXT NOT NULL,
    format          TEXT NOT NULL,
    starts_on       DATE NOT NULL,
    venue           TEXT NOT NULL DEFAULT '',
    round_minutes   INTEGER NOT NULL DEFAULT 35 CHECK (round_minutes > 0),
    swiss_rounds    INTEGER CHECK (swiss_rounds IS NULL OR swiss_rounds > 0),
    top_cut_size    INTEGER NOT NULL DEFAULT 0 CHECK (top_cut_size >= 0),
    top_cut_best_of INTEGER NOT NULL DEFAULT 3 CHECK (top_cut_best_of IN (1, 3, 5)),
    status          TEXT NOT NULL DEFAULT 'draft'
                    CHECK (status IN ('draft', 'registration', 'running', 'top-cut', 'finished')),
    seed            INTEGER NOT NULL,
    version         INTEGER NOT NULL DEFAULT 1,
    created_by      INTEGER REFERENCES users(id) ON DELETE SET NULL,
    created_at      DATETIME NOT NULL,
    updated_at      DATETIME NOT NULL
);
CREATE INDEX events_starts_on ON events(starts_on);

CREATE TABLE event_judges (
    event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    user_id  INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    PRIMARY KEY (event_id, user_id)
);

CREATE TABLE entries (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id      INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    player_name   TEXT NOT NULL,
    member_id     TEXT NOT NULL DEFAULT '',
    -- SHA-256 of the player's secret phone link token.
    token_hash    TEXT NOT NULL UNIQUE,
    checked_in    BOOLEAN NOT NULL DEFAULT 0,
    dropped_round INTEGER,
    created_at    DATETIME NOT NULL,
    updated_at    DATETIME NOT NULL
);
CREATE INDEX entries_event_id ON entries(event_id);

-- before_json/after_json hold the changed record as JSON text ('' when absent).
CREATE TABLE audit_log (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id    INTEGER,
    user_id     INTEGER,
    actor       TEXT NOT NULL,
    action      TEXT NOT NULL,
    entity      TEXT NOT NULL,
    entity_id   INTEGER NOT NULL DEFAULT 0,
    before_json TEXT NOT NULL DEFAULT '',
    after_json  TEXT NOT NULL DEFAULT '',
    created_at  DATETIME NOT NULL
);
CREATE INDEX audit_log_event_id ON audit_log(event_id, created_at);

-- +goose Down
DROP TABLE audit_log;
DROP TABLE entries;
DROP TABLE event_judges;
DROP TABLE events;
DROP TABLE login_failures;
DROP TABLE sessions;
DROP TABLE users;
