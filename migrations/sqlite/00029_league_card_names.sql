-- +goose Up
-- A profile names the Leaders a player registered by the card's name: a
-- card added, renamed or removed by an import changes what the league's
-- pages show, so it counts as a league change (00025) like a player's
-- name. An import that leaves a name as it was changes nothing.

-- +goose StatementBegin
CREATE TRIGGER league_cards_insert AFTER INSERT ON cards BEGIN
    UPDATE league_changes SET n = n + 1 WHERE slot = 0;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER league_cards_update AFTER UPDATE OF name ON cards WHEN OLD.name IS NOT NEW.name BEGIN
    UPDATE league_changes SET n = n + 1 WHERE slot = 0;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER league_cards_delete AFTER DELETE ON cards BEGIN
    UPDATE league_changes SET n = n + 1 WHERE slot = 0;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER league_cards_delete;
DROP TRIGGER league_cards_update;
DROP TRIGGER league_cards_insert;
