-- +goose Up
-- Store tokens (issue 27): what `tenkaichi push` sends to add a laptop's
-- event to its store on a league server. Only the token's SHA-256 is kept
-- (the token is shown once, when made); a token adds events to its own
-- store and nothing else. A revoked token stays listed, unusable.
CREATE TABLE store_tokens (
    id           BIGSERIAL PRIMARY KEY,
    store_id     BIGINT NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
    name         TEXT NOT NULL,
    token_hash   TEXT NOT NULL UNIQUE,
    created_by   BIGINT REFERENCES users(id) ON DELETE SET NULL,
    created_at   TIMESTAMPTZ NOT NULL,
    last_used_at TIMESTAMPTZ,
    revoked_at   TIMESTAMPTZ
);
CREATE INDEX store_tokens_store ON store_tokens (store_id);

-- +goose Down
DROP TABLE store_tokens;
