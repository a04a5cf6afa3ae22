-- +goose Up
-- A card's own copy limit, read from its text at import (0: the format's
-- rule, -1: as many as you like, N: up to N). NULL marks a card stored
-- before this column existed: its limit is read from its text when loaded.
ALTER TABLE cards ADD COLUMN copy_limit INTEGER;

-- The seeded random last tiebreaker of an entry, drawn when the entry is
-- created and carried in the event file, so an imported event orders fully
-- tied players as the original did. 0 marks an entry created before this
-- column existed: its key is derived from the event's seed and the entry id,
-- as it was then.
ALTER TABLE entries ADD COLUMN random_key BIGINT NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE entries DROP COLUMN random_key;
ALTER TABLE cards DROP COLUMN copy_limit;
