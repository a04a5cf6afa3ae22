-- +goose Up
-- Seasons and leagues (issue 27, docs/leagues.md). A season belongs to a
-- store (store_id), or, with store_id NULL, is a regional league of the
-- stores in season_stores, defined by the instance admin. Its events are
-- the finished events of its store(s), game (and format, when given)
-- dated within [starts_on, ends_on], less those season_events says do not
-- count, plus those it says do. points_by_placing and tiebreakers are JSON
-- arrays (index 0 of the points is 1st place); the rules are
-- pairing/league's.
CREATE TABLE seasons (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    name              TEXT NOT NULL,
    game              TEXT NOT NULL,
    format            TEXT NOT NULL DEFAULT '',
    starts_on         DATE NOT NULL,
    ends_on           DATE NOT NULL,
    store_id          INTEGER REFERENCES stores(id),
    points_by_placing TEXT NOT NULL DEFAULT '[]',
    points_attendance INTEGER NOT NULL DEFAULT 0,
    points_win        INTEGER NOT NULL DEFAULT 0,
    points_draw       INTEGER NOT NULL DEFAULT 0,
    best_n            INTEGER NOT NULL DEFAULT 0,
    final_cut         INTEGER NOT NULL DEFAULT 0,
    min_players       INTEGER NOT NULL DEFAULT 0,
    tiebreakers       TEXT NOT NULL DEFAULT '[]',
    public            BOOLEAN NOT NULL DEFAULT 0,
    version           INTEGER NOT NULL DEFAULT 1,
    created_by        INTEGER REFERENCES users(id) ON DELETE SET NULL,
    created_at        DATETIME NOT NULL,
    updated_at        DATETIME NOT NULL,
    CHECK (ends_on >= starts_on)
);
CREATE INDEX seasons_store ON seasons (store_id, starts_on);

CREATE TABLE season_stores (
    season_id INTEGER NOT NULL REFERENCES seasons(id) ON DELETE CASCADE,
    store_id  INTEGER NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
    PRIMARY KEY (season_id, store_id)
);
CREATE INDEX season_stores_store ON season_stores (store_id);

CREATE TABLE season_events (
    season_id INTEGER NOT NULL REFERENCES seasons(id) ON DELETE CASCADE,
    event_id  INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    counts    BOOLEAN NOT NULL DEFAULT 1,
    PRIMARY KEY (season_id, event_id)
);
CREATE INDEX season_events_event ON season_events (event_id);

-- A finished event's final results, one row per player, as the server
-- computed them from the event's standings and top cut at the play version
-- in event_result_versions (the version is kept per event, so an event
-- without players is known to be computed too, with how many players its
-- results have, for a season's minimum). Leaderboards and profiles
-- add these up instead of recomputing every event's standings.
CREATE TABLE event_results (
    event_id     INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    entry_id     INTEGER NOT NULL REFERENCES entries(id) ON DELETE CASCADE,
    player_id    INTEGER NOT NULL REFERENCES players(id),
    place        INTEGER NOT NULL DEFAULT 0,
    swiss_rank   INTEGER NOT NULL DEFAULT 0,
    match_points INTEGER NOT NULL DEFAULT 0,
    wins         INTEGER NOT NULL DEFAULT 0,
    losses       INTEGER NOT NULL DEFAULT 0,
    draws        INTEGER NOT NULL DEFAULT 0,
    byes         INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (event_id, entry_id)
);
CREATE INDEX event_results_player ON event_results (player_id, event_id);

CREATE TABLE event_result_versions (
    event_id     INTEGER PRIMARY KEY REFERENCES events(id) ON DELETE CASCADE,
    play_version INTEGER NOT NULL,
    players      INTEGER NOT NULL DEFAULT 0,
    computed_at  DATETIME NOT NULL
);

-- Glicko-2 ratings per game, recomputed in full from every rated match of
-- the game's finished events; basis_version fingerprints what they were
-- computed from (storage.RatingBasis).
CREATE TABLE player_ratings (
    game          TEXT NOT NULL,
    player_id     INTEGER NOT NULL REFERENCES players(id),
    rating        REAL NOT NULL,
    deviation     REAL NOT NULL,
    volatility    REAL NOT NULL,
    matches       INTEGER NOT NULL DEFAULT 0,
    computed_at   DATETIME NOT NULL,
    basis_version INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game, player_id)
);
CREATE INDEX player_ratings_player ON player_ratings (player_id);

-- The last full recompute of a game's ratings: what it was computed from
-- (basis_version) and when, even when it rated nobody.
CREATE TABLE rating_runs (
    game          TEXT PRIMARY KEY,
    basis_version INTEGER NOT NULL,
    players       INTEGER NOT NULL DEFAULT 0,
    matches       INTEGER NOT NULL DEFAULT 0,
    computed_at   DATETIME NOT NULL
);

-- +goose Down
DROP TABLE rating_runs;
DROP TABLE player_ratings;
DROP TABLE event_result_versions;
DROP TABLE event_results;
DROP TABLE season_events;
DROP TABLE season_stores;
DROP TABLE seasons;
