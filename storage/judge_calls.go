package storage

import (
	"context"
	"time"
)

// Judge call statuses.
const (
	CallOpen   = "open"
	CallTaken  = "taken"
	CallClosed = "closed"
)

// JudgeCall is a player's (or the system's) call for a judge.
type JudgeCall struct {
	ID        int64      `json:"id"`
	EventID   int64      `json:"event_id"`
	EntryID   *int64     `json:"entry_id"`
	MatchID   *int64     `json:"match_id"`
	Reason    string     `json:"reason"`
	Status    string     `json:"status"`
	TakenBy   string     `json:"taken_by"`
	CreatedAt time.Time  `json:"created_at"`
	TakenAt   *time.Time `json:"taken_at"`
	ClosedAt  *time.Time `json:"closed_at"`
}

// OpenJudgeCall queues a call; while one from the same player (or for the
// same match) is still open, calling again returns that one.
func (s *Store) OpenJudgeCall(ctx context.Context, eventID int64, entryID, matchID *int64, reason string) (*JudgeCall, error) {
	var c *JudgeCall
	err := s.Tx(ctx, func(tx *Store) error {
		var err error
		c, err = tx.openJudgeCall(ctx, eventID, entryID, matchID, reason)
		return err
	})
	return c, err
}

func (s *Store) openJudgeCall(ctx context.Context, eventID int64, entryID, matchID *int64, reason string) (*JudgeCall, error) {
	q := s.with(ctx).Where("event_id = ? AND status <> ?", eventID, CallClosed)
	switch {
	case matchID != nil:
		q = q.Where("match_id = ?", *matchID)
	case entryID != nil:
		q = q.Where("entry_id = ?", *entryID)
	}
	var existing []JudgeCall
	if err := q.Limit(1).Find(&existing).Error; err != nil {
		return nil, wrap("find judge call", err)
	}
	if len(existing) > 0 {
		return &existing[0], nil
	}
	c := &JudgeCall{EventID: eventID, EntryID: entryID, MatchID: matchID, Reason: reason, Status: CallOpen, CreatedAt: s.now()}
	if err := s.with(ctx).Create(c).Error; err != nil {
		return nil, wrap("open judge call", err)
	}
	return c, s.notify(ctx, Notice{EventID: eventID, Topic: "judge", Entries: optional(entryID)})
}

// JudgeCalls lists an event's calls that are not closed, oldest first.
func (s *Store) JudgeCalls(ctx context.Context, eventID int64) ([]JudgeCall, error) {
	var cs []JudgeCall
	err := s.read(ctx).Where("event_id = ? AND status <> ?", eventID, CallClosed).Order("id").Find(&cs).Error
	return cs, wrap("list judge calls", err)
}

// UpdateJudgeCall takes or closes a call.
func (s *Store) UpdateJudgeCall(ctx context.Context, actor Actor, eventID, id int64, status string) error {
	return s.Tx(ctx, func(tx *Store) error {
		var c JudgeCall
		if err := tx.locking(ctx).Where("event_id = ? AND id = ?", eventID, id).First(&c).Error; err != nil {
			return wrap("judge call", err)
		}
		now := tx.now()
		fields := map[string]any{"status": status}
		switch status {
		case CallTaken:
			fields["taken_by"], fields["taken_at"] = actor.Name, now
		case CallClosed:
			fields["closed_at"] = now
		default:
			return ErrBadResult
		}
		if err := tx.with(ctx).Model(&JudgeCall{}).Where("id = ?", id).Updates(fields).Error; err != nil {
			return wrap("update judge call", err)
		}
		if err := tx.writeAudit(ctx, actor, &eventID, status, "judge-call", id, map[string]any{"status": c.Status}, map[string]any{"status": status}); err != nil {
			return err
		}
		return tx.notify(ctx, Notice{EventID: eventID, Topic: "judge", Entries: optional(c.EntryID)})
	})
}

// closeMatchCalls closes the open judge calls of a match (a dispute settled
// by staff), each in the audit log with the reason.
func (s *Store) closeMatchCalls(ctx context.Context, actor Actor, eventID, matchID int64, reason string) error {
	var open []JudgeCall
	if err := s.locking(ctx).Where("event_id = ? AND match_id = ? AND status <> ?", eventID, matchID, CallClosed).Find(&open).Error; err != nil {
		return wrap("judge calls of match", err)
	}
	if len(open) == 0 {
		return nil
	}
	now := s.now()
	for _, c := range open {
		if err := s.with(ctx).Model(&JudgeCall{}).Where("id = ?", c.ID).Updates(map[string]any{"status": CallClosed, "closed_at": now}).Error; err != nil {
			return wrap("close judge call", err)
		}
		if err := s.writeAudit(ctx, actor, &eventID, CallClosed, "judge-call", c.ID,
			map[string]any{"status": c.Status}, map[string]any{"status": CallClosed, "reason": reason}); err != nil {
			return err
		}
	}
	return s.notify(ctx, Notice{EventID: eventID, Topic: "judge"})
}

func optional(id *int64) []int64 {
	if id == nil {
		return nil
	}
	return []int64{*id}
}
