-- +goose Up
-- A profile names the Leaders a player registered by the card's name: a
-- card added, renamed or removed by an import changes what the league's
-- pages show, so it counts as a league change (00025) like a player's
-- name. An import that leaves a name as it was changes nothing.
CREATE CONSTRAINT TRIGGER league_cards_insert AFTER INSERT ON cards
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION league_changed_row();
CREATE CONSTRAINT TRIGGER league_cards_update AFTER UPDATE OF name ON cards
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION league_changed_row();
CREATE CONSTRAINT TRIGGER league_cards_delete AFTER DELETE ON cards
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION league_changed_row();

-- +goose Down
DROP TRIGGER league_cards_delete ON cards;
DROP TRIGGER league_cards_update ON cards;
DROP TRIGGER league_cards_insert ON cards;
