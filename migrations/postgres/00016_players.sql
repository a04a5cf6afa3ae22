-- +goose Up
-- Players across events (issue 27, docs/leagues.md): a player record that
-- outlives an event. Every entry points at its player; a new entry is
-- linked by its member number (the Bandai TCG+ ID) when a player has it,
-- else it gets a player of its own: names are never merged silently, an
-- organiser merges two records (player_merges) and can undo it.
--
-- name_key is the name normalised for suggestions (case, accents and
-- spaces folded: storage.NameKey); NULL until storage computes it, which it
-- does for every such row right after migrating (SQL cannot fold accents
-- alike on both databases). member_id '' is none. public: the profile is
-- shown only if the player chooses. link_generation: the player's own
-- sign-in link (derived like the phone links; a new generation revokes the
-- old link). password_hash: an optional own password. merged_into: a
-- record merged into another points at the one kept.
CREATE TABLE players (
    id              BIGSERIAL PRIMARY KEY,
    name            TEXT NOT NULL,
    name_key        TEXT,
    member_id       TEXT NOT NULL DEFAULT '',
    public          BOOLEAN NOT NULL DEFAULT FALSE,
    link_generation INTEGER NOT NULL DEFAULT 1,
    password_hash   TEXT,
    merged_into     BIGINT REFERENCES players(id),
    anonymised_at   TIMESTAMPTZ,
    version         INTEGER NOT NULL DEFAULT 1,
    created_at      TIMESTAMPTZ NOT NULL,
    updated_at      TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX players_member_id ON players (member_id) WHERE member_id <> '';
CREATE INDEX players_name_key ON players (name_key text_pattern_ops);
CREATE INDEX players_merged_into ON players (merged_into) WHERE merged_into IS NOT NULL;

-- A merge moved these entries (JSON array of ids) and, when the kept
-- record had none, the merged record's member number; undoing it moves
-- exactly those back (undone_at set).
CREATE TABLE player_merges (
    id               BIGSERIAL PRIMARY KEY,
    kept_id          BIGINT NOT NULL REFERENCES players(id),
    merged_id        BIGINT NOT NULL REFERENCES players(id),
    moved_entry_ids  TEXT NOT NULL DEFAULT '[]',
    merged_member_id TEXT NOT NULL DEFAULT '',
    by_user          BIGINT REFERENCES users(id) ON DELETE SET NULL,
    actor            TEXT NOT NULL DEFAULT '',
    created_at       TIMESTAMPTZ NOT NULL,
    undone_at        TIMESTAMPTZ
);
CREATE INDEX player_merges_kept ON player_merges (kept_id);
CREATE INDEX player_merges_merged ON player_merges (merged_id);

ALTER TABLE entries ADD COLUMN player_id BIGINT REFERENCES players(id);
CREATE INDEX entries_player ON entries (player_id);

-- Existing entries get their players: one per entry without a member
-- number (it takes the entry's id, which links them), then one per member
-- number, named as its latest entry (by event date, then entry). The
-- updates come last: they queue the entries' play-version triggers, after
-- which the table cannot be altered in this transaction (see 00011).
INSERT INTO players (id, name, member_id, created_at, updated_at)
    SELECT id, player_name, '', created_at, CURRENT_TIMESTAMP FROM entries WHERE member_id = '';
SELECT setval(pg_get_serial_sequence('players', 'id'), (SELECT COALESCE(MAX(id), 0) + 1 FROM players), false);
INSERT INTO players (name, member_id, created_at, updated_at)
    SELECT DISTINCT ON (e.member_id) e.player_name, e.member_id, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP
    FROM entries e JOIN events v ON v.id = e.event_id
    WHERE e.member_id <> ''
    ORDER BY e.member_id, v.starts_on DESC, e.id DESC;
UPDATE entries SET player_id = id WHERE member_id = '';
UPDATE entries SET player_id = p.id FROM players p
    WHERE p.member_id = entries.member_id AND p.member_id <> '';

-- +goose Down
DROP INDEX entries_player;
ALTER TABLE entries DROP COLUMN player_id;
DROP TABLE player_merges;
DROP TABLE players;
