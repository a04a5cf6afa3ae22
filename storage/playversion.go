package storage

import (
	"context"
)

// PlayVersion counts every committed change to what an event's pages show:
// the event's settings, its entries, rounds, matches, reports, penalties,
// judge calls and announcements (triggers of migration 00010 keep the count,
// so no write can forget it). It only grows. Pages cache what they read
// under it, on any instance: a copy read at version v or later is never
// older than the database was when v was read. It is one indexed lookup,
// whatever the size of the event.
//
// It is read on every request of a player's page, so it is a hot query
// (hotsql.go), scanned without reflection.
func (s *Store) PlayVersion(ctx context.Context, eventID int64) (int64, error) {
	db := s.read(ctx)
	countQuery(ctx)
	var v int64
	err := db.Statement.ConnPool.QueryRowContext(ctx, playVersionSQL.texts[s.dialect](), eventID).Scan(&v)
	return v, wrap("play version", translateError(db, err))
}

var playVersionSQL = newHotSQL(func(Dialect) string {
	return `SELECT COALESCE(SUM(n), 0) FROM event_changes WHERE event_id = ?`
})

// PlayerLink is what a player's link leads to, with the event's play version.
type PlayerLink struct {
	EntryID, EventID int64
	PlayVersion      int64
}

// PlayerLinkByTokenHash finds the entry of a player link and reads its
// event's play version, in one query (ErrNotFound for a wrong link).
func (s *Store) PlayerLinkByTokenHash(ctx context.Context, hash string) (*PlayerLink, error) {
	var rows []PlayerLink
	err := s.read(ctx).Raw(`SELECT e.id AS entry_id, e.event_id AS event_id,
		(SELECT COALESCE(SUM(n), 0) FROM event_changes c WHERE c.event_id = e.event_id) AS play_version
		FROM entries e WHERE e.token_hash = ?`, hash).Find(&rows).Error
	if err != nil {
		return nil, wrap("player link", err)
	}
	if len(rows) == 0 {
		return nil, ErrNotFound
	}
	return &rows[0], nil
}
