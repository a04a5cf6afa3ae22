package storage

import (
	"context"
	"time"
)

// Entry is a player in an event. Players have no account; TokenHash is the
// SHA-256 of the secret in their phone link.
type Entry struct {
	ID           int64
	EventID      int64
	PlayerName   string
	MemberID     string
	TokenHash    string
	CheckedIn    bool
	DroppedRound *int
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

// CreateEntry registers a player.
func (s *Store) CreateEntry(ctx context.Context, actor Actor, e *Entry) error {
	return s.Tx(ctx, func(tx *Store) error {
		now := tx.now()
		e.CreatedAt, e.UpdatedAt = now, now
		if err := tx.with(ctx).Create(e).Error; err != nil {
			return wrap("create entry", err)
		}
		return tx.writeAudit(ctx, actor, &e.EventID, "create", "entry", e.ID, nil,
			map[string]any{"player_name": e.PlayerName, "member_id": e.MemberID})
	})
}

// Entries lists an event's players by registration order.
func (s *Store) Entries(ctx context.Context, eventID int64) ([]Entry, error) {
	var es []Entry
	err := s.with(ctx).Where("event_id = ?", eventID).Order("id").Find(&es).Error
	return es, wrap("list entries", err)
}

// CountEntries returns how many players an event has.
func (s *Store) CountEntries(ctx context.Context, eventID int64) (int64, error) {
	var n int64
	err := s.with(ctx).Model(&Entry{}).Where("event_id = ?", eventID).Count(&n).Error
	return n, wrap("count entries", err)
}
