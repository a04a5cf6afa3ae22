-- +goose Up
-- Feature tables (issue 28): the table numbers, in order, where a Swiss
-- round's top pairings sit (a stream table first), as "1,2"; '' for none.
ALTER TABLE events ADD COLUMN feature_tables TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE events DROP COLUMN feature_tables;
