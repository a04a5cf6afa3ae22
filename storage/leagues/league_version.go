package leagues

import (
	"context"
	"strconv"
)

// LeagueVersion is the count of committed changes to what the league's
// pages are computed from (migration 00025 says which): a season's board
// kept under it is current while it is unchanged, on every instance. One
// query of at most 16 rows.
func (s *Store) LeagueVersion(ctx context.Context) (int64, error) {
	var v int64
	err := s.read(ctx).Raw(`SELECT COALESCE(SUM(n), 0) FROM league_changes`).Scan(&v).Error
	return v, wrap("league version", err)
}

// PlayerVersion is what a player's profile is computed from, in one query:
// the league version (finished events, seasons, the player's record) and
// the number of the player's entries with the play versions of their
// events (an event not finished yet is listed too). A profile kept under
// it is current while it is unchanged.
func (s *Store) PlayerVersion(ctx context.Context, playerID int64) (string, error) {
	var row struct {
		League, Entries, Plays int64
	}
	err := s.read(ctx).Raw(`SELECT (SELECT COALESCE(SUM(n), 0) FROM league_changes) AS league,
		(SELECT COUNT(*) FROM entries WHERE player_id = ?) AS entries,
		(SELECT COALESCE(SUM(c.n), 0) FROM entries e JOIN event_changes c ON c.event_id = e.event_id WHERE e.player_id = ?) AS plays`,
		playerID, playerID).Scan(&row).Error
	if err != nil {
		return "", wrap("player version", err)
	}
	return strconv.FormatInt(row.League, 10) + "." + strconv.FormatInt(row.Entries, 10) + "." + strconv.FormatInt(row.Plays, 10), nil
}
