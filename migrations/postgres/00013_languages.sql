-- +goose Up
-- Languages (docs/translating.md). An account's language ('' follows the
-- browser) wins over the browser for signed-in staff; an event's language is
-- what its print sheets and projector are in, its time zone ('' is the
-- server's) the zone its times are shown in. A card's Japanese name (from
-- the card data's name_jp) names it on Japanese pages and in decklists.
ALTER TABLE users ADD COLUMN language TEXT NOT NULL DEFAULT '';
ALTER TABLE events ADD COLUMN language TEXT NOT NULL DEFAULT '';
ALTER TABLE events ADD COLUMN time_zone TEXT NOT NULL DEFAULT '';
ALTER TABLE cards ADD COLUMN name_jp TEXT NOT NULL DEFAULT '';
CREATE INDEX cards_name_jp ON cards(game, name_jp);

-- +goose Down
DROP INDEX cards_name_jp;
ALTER TABLE cards DROP COLUMN name_jp;
ALTER TABLE events DROP COLUMN time_zone;
ALTER TABLE events DROP COLUMN language;
ALTER TABLE users DROP COLUMN language;
