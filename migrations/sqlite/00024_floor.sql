-- +goose Up
-- The floor (issue 28). Deck checks: a judge checks the decks at a table of
-- the current round, picked at random from a seed (kept here and in the
-- audit log, so the pick can be derived again) or named; the time it took
-- is added to the match's extension. Intentional draws: a player proposes
-- one with a report marked intentional, the opponent accepts with the same
-- report; unless the event turns them off (never in the top cut).
CREATE TABLE deck_checks (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id          INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    match_id          INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    seed              TEXT NOT NULL DEFAULT '',
    judge_id          INTEGER REFERENCES users(id) ON DELETE SET NULL,
    judge_name        TEXT NOT NULL,
    started_at        DATETIME NOT NULL,
    finished_at       DATETIME,
    outcome           TEXT NOT NULL DEFAULT '' CHECK (outcome IN ('', 'ok', 'problem')),
    penalty_id        INTEGER REFERENCES penalties(id) ON DELETE SET NULL,
    extension_seconds INTEGER NOT NULL DEFAULT 0,
    note              TEXT NOT NULL DEFAULT ''
);
CREATE INDEX deck_checks_event ON deck_checks(event_id);
ALTER TABLE events ADD COLUMN no_intentional_draws BOOLEAN NOT NULL DEFAULT 0;
ALTER TABLE matches ADD COLUMN intentional BOOLEAN NOT NULL DEFAULT 0;
ALTER TABLE reports ADD COLUMN intentional BOOLEAN NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE reports DROP COLUMN intentional;
ALTER TABLE matches DROP COLUMN intentional;
ALTER TABLE events DROP COLUMN no_intentional_draws;
DROP TABLE deck_checks;
