-- +goose Up
-- Store invitations (issue 30): a store's organiser invites an account by
-- its username instead of adding it, so the store's page tells nothing
-- about which usernames exist. The account sees the invitation on its
-- account page and accepts (it becomes a member) or declines (the store
-- still sees the invitation waiting, as for a name nobody has).
CREATE TABLE store_invitations (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    store_id    INTEGER NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
    username    TEXT NOT NULL,
    invited_by  TEXT NOT NULL,
    created_at  DATETIME NOT NULL,
    declined_at DATETIME,
    UNIQUE (store_id, username)
);
CREATE INDEX store_invitations_username ON store_invitations (username);

-- +goose Down
DROP TABLE store_invitations;
