package leagues

import (
	"context"
	"strconv"
)

// The version checks run on every request of a kept page: prepared once.
const (
	leagueVersionSQL = `SELECT COALESCE(SUM(n), 0) FROM league_changes`
	playerVersionSQL = `SELECT (SELECT COALESCE(SUM(n), 0) FROM league_changes),
		(SELECT COUNT(*) FROM entries WHERE player_id = ?),
		(SELECT COALESCE(SUM(c.n), 0) FROM entries e JOIN event_changes c ON c.event_id = e.event_id WHERE e.player_id = ?)`
)

// LeagueVersion is the count of committed changes to what the league's
// pages are computed from (migration 00025 says which): a season's board
// kept under it is current while it is unchanged, on every instance. One
// query of at most 16 rows.
func (s *Store) LeagueVersion(ctx context.Context) (int64, error) {
	row, err := s.st.QueryRowPrepared(ctx, leagueVersionSQL)
	if err != nil {
		return 0, err
	}
	var v int64
	return v, wrap("league version", row.Scan(&v))
}

// PlayerVersion is what a player's profile is computed from, in one query:
// the league version (finished events, seasons, the player's record) and
// the number of the player's entries with the play versions of their
// events (an event not finished yet is listed too). A profile kept under
// it is current while it is unchanged.
func (s *Store) PlayerVersion(ctx context.Context, playerID int64) (string, error) {
	row, err := s.st.QueryRowPrepared(ctx, playerVersionSQL, playerID, playerID)
	if err != nil {
		return "", err
	}
	var league, entries, plays int64
	if err := row.Scan(&league, &entries, &plays); err != nil {
		return "", wrap("player version", err)
	}
	return strconv.FormatInt(league, 10) + "." + strconv.FormatInt(entries, 10) + "." + strconv.FormatInt(plays, 10), nil
}
