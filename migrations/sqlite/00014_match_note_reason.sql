-- +goose Up
-- Why the pairing made a match (a pair-down or a bye) as facts, so the
-- rounds page words it in the reader's language (server/pairing_notes.go).
-- Older matches keep only their note, in the language used when they were
-- paired, and show it as it is.
ALTER TABLE matches ADD COLUMN note_reason TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE matches DROP COLUMN note_reason;
