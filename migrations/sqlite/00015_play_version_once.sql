-- +goose Up
-- PostgreSQL's play version counts once per transaction from here (see its
-- 00015). SQLite's has one writer and one row per event, changed in place:
-- nothing to change.
SELECT 1;

-- +goose Down
SELECT 1;
