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

// DisputeReason is the reason of the call a dispute opens (in English, as
// the call keeps it; the judges' page says it in its language).
const DisputeReason = "The players reported different results."

// JudgeCall is a player's (or the system's) call for a judge.
type JudgeCall struct {
	ID      int64  `json:"id"`
	EventID int64  `json:"event_id"`
	EntryID *int64 `json:"entry_id"`
	MatchID *int64 `json:"match_id"`
	// GameLogID and Step: a call made from the game tracker, with the
	// step the game was at.
	GameLogID *int64     `json:"game_log_id"`
	Step      *int       `json:"step"`
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

// OpenGameJudgeCall queues a call from a tracked game, linked to the game's
// log at the step it is at. A call already open for the match (a dispute,
// an earlier call) is returned instead, linked to the game if it was not.
func (s *Store) OpenGameJudgeCall(ctx context.Context, eventID, entryID int64, gl *GameLog, step int, reason string) (*JudgeCall, error) {
	var c *JudgeCall
	err := s.Tx(ctx, func(tx *Store) error {
		var err error
		if c, err = tx.openJudgeCall(ctx, eventID, &entryID, gl.MatchID, reason); err != nil {
			return err
		}
		if c.GameLogID != nil {
			return nil
		}
		c.GameLogID, c.Step = &gl.ID, &step
		if err := tx.with(ctx).Model(&JudgeCall{}).Where("id = ?", c.ID).
			Updates(map[string]any{"game_log_id": gl.ID, "step": step}).Error; err != nil {
			return wrap("link judge call to game", err)
		}
		return tx.notifyGame(ctx, gl)
	})
	return c, err
}

// OpenGameCalls are the calls not closed that were made from a game log.
func (s *Store) OpenGameCalls(ctx context.Context, eventID, logID int64) ([]JudgeCall, error) {
	var cs []JudgeCall
	err := s.with(ctx).Where("event_id = ? AND game_log_id = ? AND status <> ?", eventID, logID, CallClosed).Order("id").Find(&cs).Error
	return cs, wrap("judge calls of game", err)
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
	return s.Tx(ctx, func(tx *Store) error { return tx.setCallStatus(ctx, actor, eventID, id, status, "") })
}

// closeCall closes a call in the caller's transaction, saying why in the
// audit log; a call already closed stays as it is.
func (s *Store) closeCall(ctx context.Context, actor Actor, eventID, id int64, reason string) error {
	return s.setCallStatus(ctx, actor, eventID, id, CallClosed, reason)
}

func (s *Store) setCallStatus(ctx context.Context, actor Actor, eventID, id int64, status, reason string) error {
	var c JudgeCall
	if err := s.locking(ctx).Where("event_id = ? AND id = ?", eventID, id).First(&c).Error; err != nil {
		return wrap("judge call", err)
	}
	if reason != "" && c.Status == status {
		return nil
	}
	now := s.now()
	fields := map[string]any{"status": status}
	switch status {
	case CallTaken:
		fields["taken_by"], fields["taken_at"] = actor.Name, now
	case CallClosed:
		fields["closed_at"] = now
	default:
		return ErrBadResult
	}
	if err := s.with(ctx).Model(&JudgeCall{}).Where("id = ?", id).Updates(fields).Error; err != nil {
		return wrap("update judge call", err)
	}
	after := map[string]any{"status": status}
	if reason != "" {
		after["reason"] = reason
	}
	if err := s.writeAudit(ctx, actor, &eventID, status, "judge-call", id, map[string]any{"status": c.Status}, after); err != nil {
		return err
	}
	if err := s.notifyCallGame(ctx, &c); err != nil {
		return err
	}
	return s.notify(ctx, Notice{EventID: eventID, Topic: "judge", Entries: optional(c.EntryID)})
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
		if err := s.notifyCallGame(ctx, &c); err != nil {
			return err
		}
	}
	return s.notify(ctx, Notice{EventID: eventID, Topic: "judge"})
}

// notifyCallGame tells the players of the game a call was made from that
// the call changed (a judge is on the way, or done).
func (s *Store) notifyCallGame(ctx context.Context, c *JudgeCall) error {
	if c.GameLogID == nil {
		return nil
	}
	gl, err := s.GameLogByID(ctx, c.EventID, *c.GameLogID)
	if err != nil {
		return err
	}
	return s.notifyGame(ctx, gl)
}

func optional(id *int64) []int64 {
	if id == nil {
		return nil
	}
	return []int64{*id}
}
