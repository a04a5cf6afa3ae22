package storage

import (
	"context"
	"fmt"
)

// PlayVersion is a short key that changes whenever anything the standings
// depend on changes: the event's settings, its entries, rounds or matches.
// Pages that show standings cache them under it, so a thousand phones
// reloading after a result do not each recompute the whole event.
func (s *Store) PlayVersion(ctx context.Context, eventID int64) (string, error) {
	var row struct {
		EventVersion int64
		Entries      int64
		EntryVers    int64
		Rounds       int64
		RoundVers    int64
		Matches      int64
		MatchVers    int64
	}
	err := s.with(ctx).Raw(`SELECT
		(SELECT version FROM events WHERE id = ?) AS event_version,
		(SELECT COUNT(*) FROM entries WHERE event_id = ?) AS entries,
		(SELECT COALESCE(SUM(version), 0) FROM entries WHERE event_id = ?) AS entry_vers,
		(SELECT COUNT(*) FROM rounds WHERE event_id = ?) AS rounds,
		(SELECT COALESCE(SUM(version), 0) FROM rounds WHERE event_id = ?) AS round_vers,
		(SELECT COUNT(*) FROM matches WHERE event_id = ?) AS matches,
		(SELECT COALESCE(SUM(version), 0) FROM matches WHERE event_id = ?) AS match_vers`,
		eventID, eventID, eventID, eventID, eventID, eventID, eventID).Scan(&row).Error
	if err != nil {
		return "", wrap("play version", err)
	}
	return fmt.Sprintf("%d/%d.%d/%d.%d/%d.%d", row.EventVersion, row.Entries, row.EntryVers, row.Rounds, row.RoundVers, row.Matches, row.MatchVers), nil
}
