-- +goose Up
-- One row per card number and game. data is the whole card as JSON (the
-- rules.Card shape); the other columns are copies for lookup and listing.
CREATE TABLE cards (
    game        TEXT NOT NULL,
    number      TEXT NOT NULL,
    name        TEXT NOT NULL,
    card_type   TEXT NOT NULL DEFAULT '',
    set_code    TEXT NOT NULL DEFAULT '',
    search_text TEXT NOT NULL DEFAULT '',
    data        TEXT NOT NULL,
    imported_at DATETIME NOT NULL,
    PRIMARY KEY (game, number)
);
CREATE INDEX cards_name ON cards(game, name);

-- One row per published ban list version; body is the version as JSON in the
-- documented ban-list format (docs/banlist-format.md).
CREATE TABLE banlist_versions (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    game         TEXT NOT NULL,
    name         TEXT NOT NULL,
    effective_on TEXT NOT NULL,
    body         TEXT NOT NULL,
    created_by   TEXT NOT NULL DEFAULT '',
    created_at   DATETIME NOT NULL,
    UNIQUE (game, effective_on)
);

-- +goose Down
DROP TABLE banlist_versions;
DROP TABLE cards;
