-- +goose Up
-- Seed round 1 by rating (issue 27): instead of the random draw, round 1
-- pairs the top half of the players by rating (Glicko-2, the event's game)
-- against the bottom half. The order used is kept in round 1's pairing
-- record, so the round can be verified later whatever the ratings become.
ALTER TABLE events ADD COLUMN seed_by_rating BOOLEAN NOT NULL DEFAULT FALSE;

-- +goose Down
ALTER TABLE events DROP COLUMN seed_by_rating;
