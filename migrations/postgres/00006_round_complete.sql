-- +goose Up
-- A round whose matches are all final is complete ("finished"): from now on
-- the transaction that settles the last result marks it so; rounds already
-- complete before this version are marked here.
UPDATE rounds SET status = 'finished', finished_at = CURRENT_TIMESTAMP
WHERE status = 'published'
  AND EXISTS (SELECT 1 FROM matches m WHERE m.round_id = rounds.id)
  AND NOT EXISTS (SELECT 1 FROM matches m WHERE m.round_id = rounds.id AND m.status <> 'confirmed');

-- +goose Down
UPDATE rounds SET status = 'published', finished_at = NULL WHERE status = 'finished';
