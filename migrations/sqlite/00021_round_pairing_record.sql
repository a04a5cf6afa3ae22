-- +goose Up
-- What a Swiss round's pairing was computed from and its optimality
-- certificate (pairing.RoundRecord as JSON, issue 28): written when the
-- round is paired, exported as rounds[].pairing for `tenkaichi verify`.
-- Empty for rounds paired before this change, the top cut and rounds
-- imported without one.
ALTER TABLE rounds ADD COLUMN pairing_record TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE rounds DROP COLUMN pairing_record;
