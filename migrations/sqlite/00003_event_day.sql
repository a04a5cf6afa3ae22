-- +goose Up
-- Secrets shared by every instance (e.g. the key that derives players' links).
CREATE TABLE app_secrets (
    name       TEXT PRIMARY KEY,
    value      TEXT NOT NULL,
    created_at DATETIME NOT NULL
);

ALTER TABLE events ADD COLUMN player_cap INTEGER;
ALTER TABLE events ADD COLUMN deck_deadline DATETIME;
ALTER TABLE events ADD COLUMN decks_locked BOOLEAN NOT NULL DEFAULT 0;
ALTER TABLE events ADD COLUMN decks_public BOOLEAN NOT NULL DEFAULT 0;
ALTER TABLE events ADD COLUMN self_registration BOOLEAN NOT NULL DEFAULT TRUE;
-- What happens to an unfinished Swiss game at time: draw, double-loss or count
-- (winner by life, then deck count).
ALTER TABLE events ADD COLUMN end_of_round TEXT NOT NULL DEFAULT 'draw';
ALTER TABLE events ADD COLUMN extra_turns INTEGER NOT NULL DEFAULT 3;
ALTER TABLE events ADD COLUMN tiebreakers TEXT NOT NULL DEFAULT 'bandai';
ALTER TABLE events ADD COLUMN points_win INTEGER NOT NULL DEFAULT 3;
ALTER TABLE events ADD COLUMN points_draw INTEGER NOT NULL DEFAULT 1;
ALTER TABLE events ADD COLUMN points_loss INTEGER NOT NULL DEFAULT 0;
ALTER TABLE events ADD COLUMN points_bye INTEGER NOT NULL DEFAULT 3;

ALTER TABLE entries ADD COLUMN waitlisted BOOLEAN NOT NULL DEFAULT 0;
-- First round the player plays; a late entry has losses for the rounds before.
ALTER TABLE entries ADD COLUMN entered_round INTEGER NOT NULL DEFAULT 1;
ALTER TABLE entries ADD COLUMN fixed_table INTEGER;
ALTER TABLE entries ADD COLUMN awarded_byes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE entries ADD COLUMN team TEXT NOT NULL DEFAULT '';
ALTER TABLE entries ADD COLUMN disqualified BOOLEAN NOT NULL DEFAULT 0;
ALTER TABLE entries ADD COLUMN token_generation INTEGER NOT NULL DEFAULT 1;
ALTER TABLE entries ADD COLUMN deck_text TEXT NOT NULL DEFAULT '';
ALTER TABLE entries ADD COLUMN deck_status TEXT NOT NULL DEFAULT 'missing';
ALTER TABLE entries ADD COLUMN deck_problems TEXT NOT NULL DEFAULT '';
ALTER TABLE entries ADD COLUMN deck_leader TEXT NOT NULL DEFAULT '';
ALTER TABLE entries ADD COLUMN deck_colours TEXT NOT NULL DEFAULT '';
ALTER TABLE entries ADD COLUMN deck_submitted_at DATETIME;
ALTER TABLE entries ADD COLUMN deck_checked BOOLEAN NOT NULL DEFAULT 0;
ALTER TABLE entries ADD COLUMN version INTEGER NOT NULL DEFAULT 1;

-- A round's clock: not started (started_at NULL); running (deadline set,
-- paused_remaining_ms NULL); paused (paused_remaining_ms set). Kept in the
-- database so a restart or a second instance shows the same time.
CREATE TABLE rounds (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id            INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    number              INTEGER NOT NULL,
    kind                TEXT NOT NULL DEFAULT 'swiss' CHECK (kind IN ('swiss', 'top-cut')),
    status              TEXT NOT NULL DEFAULT 'preview' CHECK (status IN ('preview', 'published', 'finished')),
    length_seconds      INTEGER NOT NULL,
    started_at          DATETIME,
    deadline            DATETIME,
    paused_remaining_ms INTEGER,
    created_at          DATETIME NOT NULL,
    published_at        DATETIME,
    finished_at         DATETIME,
    version             INTEGER NOT NULL DEFAULT 1,
    UNIQUE (event_id, number)
);

CREATE TABLE matches (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id          INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    round_id          INTEGER NOT NULL REFERENCES rounds(id) ON DELETE CASCADE,
    table_no          INTEGER,
    p1_entry_id       INTEGER NOT NULL REFERENCES entries(id),
    p2_entry_id       INTEGER REFERENCES entries(id),
    -- '' until decided; then p1, p2, draw, double-loss or bye.
    result            TEXT NOT NULL DEFAULT '',
    p1_wins           INTEGER NOT NULL DEFAULT 0,
    p2_wins           INTEGER NOT NULL DEFAULT 0,
    draws             INTEGER NOT NULL DEFAULT 0,
    -- Games of a best-of-three, as JSON [{"winner":"p1","first":"p2"}, ...].
    games             TEXT NOT NULL DEFAULT '',
    status            TEXT NOT NULL DEFAULT 'pending'
                      CHECK (status IN ('pending', 'reported', 'disputed', 'confirmed')),
    extension_seconds INTEGER NOT NULL DEFAULT 0,
    note              TEXT NOT NULL DEFAULT '',
    version           INTEGER NOT NULL DEFAULT 1,
    updated_at        DATETIME NOT NULL
);
CREATE INDEX matches_round ON matches(round_id);
CREATE INDEX matches_event ON matches(event_id);

-- A player's report of their match; one per player, replaced by a new one.
CREATE TABLE reports (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    match_id   INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    entry_id   INTEGER NOT NULL REFERENCES entries(id) ON DELETE CASCADE,
    result     TEXT NOT NULL,
    p1_wins    INTEGER NOT NULL DEFAULT 0,
    p2_wins    INTEGER NOT NULL DEFAULT 0,
    draws      INTEGER NOT NULL DEFAULT 0,
    games      TEXT NOT NULL DEFAULT '',
    created_at DATETIME NOT NULL,
    UNIQUE (match_id, entry_id)
);

CREATE TABLE penalties (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id     INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    entry_id     INTEGER NOT NULL REFERENCES entries(id) ON DELETE CASCADE,
    match_id     INTEGER REFERENCES matches(id) ON DELETE SET NULL,
    kind         TEXT NOT NULL CHECK (kind IN ('caution', 'warning', 'game-loss', 'match-loss', 'disqualification')),
    infraction   TEXT NOT NULL,
    note         TEXT NOT NULL DEFAULT '',
    judge_id     INTEGER REFERENCES users(id) ON DELETE SET NULL,
    judge_name   TEXT NOT NULL,
    created_at   DATETIME NOT NULL
);
CREATE INDEX penalties_event ON penalties(event_id);

CREATE TABLE judge_calls (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id    INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    entry_id    INTEGER REFERENCES entries(id) ON DELETE CASCADE,
    match_id    INTEGER REFERENCES matches(id) ON DELETE SET NULL,
    reason      TEXT NOT NULL DEFAULT '',
    status      TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'taken', 'closed')),
    taken_by    TEXT NOT NULL DEFAULT '',
    created_at  DATETIME NOT NULL,
    taken_at    DATETIME,
    closed_at   DATETIME
);
CREATE INDEX judge_calls_event ON judge_calls(event_id, status);

-- Game logs in the engine's notation, recorded for a match (feature match
-- scorekeeping) or uploaded by a judge.
CREATE TABLE game_logs (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id    INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    match_id    INTEGER REFERENCES matches(id) ON DELETE SET NULL,
    game_no     INTEGER NOT NULL DEFAULT 1,
    title       TEXT NOT NULL DEFAULT '',
    body        TEXT NOT NULL,
    created_by  TEXT NOT NULL,
    created_at  DATETIME NOT NULL,
    updated_at  DATETIME NOT NULL
);
CREATE INDEX game_logs_event ON game_logs(event_id);

CREATE TABLE rulings (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id    INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    match_id    INTEGER REFERENCES matches(id) ON DELETE SET NULL,
    game_log_id INTEGER REFERENCES game_logs(id) ON DELETE SET NULL,
    step        INTEGER,
    rule        TEXT NOT NULL DEFAULT '',
    note        TEXT NOT NULL,
    penalty_id  INTEGER REFERENCES penalties(id) ON DELETE SET NULL,
    judge_id    INTEGER REFERENCES users(id) ON DELETE SET NULL,
    judge_name  TEXT NOT NULL,
    created_at  DATETIME NOT NULL
);
CREATE INDEX rulings_event ON rulings(event_id);

-- +goose Down
DROP TABLE rulings;
DROP TABLE game_logs;
DROP TABLE judge_calls;
DROP TABLE penalties;
DROP TABLE reports;
DROP TABLE matches;
DROP TABLE rounds;
DROP TABLE app_secrets;
