-- +goose Up
-- Two-day events (issue 28): day1_rounds Swiss rounds on day 1 (0: a
-- one-day event), then a cut into day 2 by record (at least
-- day2_cut_value match points) or by size (the top day2_cut_value of the
-- standings), then day2_rounds Swiss rounds among those who advanced,
-- carrying their records. entries.day2 marks who advanced, set when the
-- organiser closes day 1.
ALTER TABLE events ADD COLUMN day1_rounds INTEGER NOT NULL DEFAULT 0;
ALTER TABLE events ADD COLUMN day2_rounds INTEGER NOT NULL DEFAULT 0;
ALTER TABLE events ADD COLUMN day2_cut TEXT NOT NULL DEFAULT '';
ALTER TABLE events ADD COLUMN day2_cut_value INTEGER NOT NULL DEFAULT 0;
ALTER TABLE entries ADD COLUMN day2 BOOLEAN NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE entries DROP COLUMN day2;
ALTER TABLE events DROP COLUMN day2_cut_value;
ALTER TABLE events DROP COLUMN day2_cut;
ALTER TABLE events DROP COLUMN day2_rounds;
ALTER TABLE events DROP COLUMN day1_rounds;
