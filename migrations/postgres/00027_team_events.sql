-- +goose Up
-- Team events (issue 28, point 6): teams of three seated A, B and C. A team
-- is its players' shared entries.team name; team_seat is the seat ("A", "B"
-- or "C", empty outside team events). Swiss pairs teams, seat A plays seat A.
ALTER TABLE events ADD COLUMN team_event BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE entries ADD COLUMN team_seat TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE entries DROP COLUMN team_seat;
ALTER TABLE events DROP COLUMN team_event;
