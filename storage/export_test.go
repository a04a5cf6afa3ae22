package storage

import (
	"context"
)

// HoldGroups makes each group commit wait in fn after its first write, so a test can queue writes behind it. fn nil: no wait.
func HoldGroups(s *Store, fn func()) {
	if s.group != nil {
		s.group.held = fn
	}
}

// QueuedGroupWrites is how many grouped writes wait for the writer.
func QueuedGroupWrites(s *Store) int {
	if s.group == nil {
		return 0
	}
	n := 0
	for _, lane := range s.group.lanes {
		n += len(lane)
	}
	return n
}

// Notify queues a notice as the store's own writes do.
func Notify(s *Store, n Notice) error { return s.notify(context.Background(), n) }

// LeaveRoundOpen puts a round back in play without touching its matches: the
// state a crash between a last confirmation's commit and its round check
// leaves behind.
func LeaveRoundOpen(s *Store, roundID int64) error {
	return s.db.Model(&Round{}).Where("id = ?", roundID).
		Updates(map[string]any{"status": RoundPublished, "finished_at": nil}).Error
}

// OneGroupLane makes every grouped write share one queue and loop, as on
// SQLite, so a test can queue several matches' writes behind one group.
func OneGroupLane(s *Store) {
	s.stopGroupCommits()
	s.startGroupCommits(1, s.dialect == DialectPostgres)
}
