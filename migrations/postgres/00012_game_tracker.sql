-- +goose Up
-- The game tracker: both players' phones record a game of their match into
-- a game log (tracker = TRUE), one log per game of a match. The board's life
-- and deck counts after the log's last step are kept beside it, so the round
-- page applies the end-of-round procedure ("the player with more life wins")
-- without replaying every log; NULL until the game has started.
ALTER TABLE game_logs ADD COLUMN tracker BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE game_logs ADD COLUMN p1_life INTEGER;
ALTER TABLE game_logs ADD COLUMN p2_life INTEGER;
ALTER TABLE game_logs ADD COLUMN p1_deck INTEGER;
ALTER TABLE game_logs ADD COLUMN p2_deck INTEGER;
CREATE UNIQUE INDEX game_logs_tracker_game ON game_logs(match_id, game_no) WHERE tracker;

-- A judge call made from a game: the game's log and the step it was at.
ALTER TABLE judge_calls ADD COLUMN game_log_id BIGINT REFERENCES game_logs(id) ON DELETE SET NULL;
ALTER TABLE judge_calls ADD COLUMN step INTEGER;

-- +goose Down
ALTER TABLE judge_calls DROP COLUMN step;
ALTER TABLE judge_calls DROP COLUMN game_log_id;
DROP INDEX game_logs_tracker_game;
ALTER TABLE game_logs DROP COLUMN p2_deck;
ALTER TABLE game_logs DROP COLUMN p1_deck;
ALTER TABLE game_logs DROP COLUMN p2_life;
ALTER TABLE game_logs DROP COLUMN p1_life;
ALTER TABLE game_logs DROP COLUMN tracker;
