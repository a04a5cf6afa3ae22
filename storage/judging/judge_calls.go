package judging

import (
	"context"

	"github.com/tenkaichi-org/tenkaichi/storage"
)

// OpenJudgeCall queues a call; while one from the same player (or for the
// same match) is still open, calling again returns that one.
func (s *Store) OpenJudgeCall(ctx context.Context, eventID int64, entryID, matchID *int64, reason string) (*storage.JudgeCall, error) {
	var c *storage.JudgeCall
	err := s.st.Tx(ctx, func(tx *storage.Store) error {
		var err error
		c, err = tx.OpenCall(ctx, eventID, entryID, matchID, reason)
		return err
	})
	return c, err
}

// OpenGameJudgeCall queues a call from a tracked game, linked to the game's
// log at the step it is at. A call already open for the match (a dispute,
// an earlier call) is returned instead, linked to the game if it was not.
func (s *Store) OpenGameJudgeCall(ctx context.Context, eventID, entryID int64, gl *storage.GameLog, step int, reason string) (*storage.JudgeCall, error) {
	var c *storage.JudgeCall
	err := s.tx(ctx, func(tx *Store) error {
		var err error
		if c, err = tx.st.OpenCall(ctx, eventID, &entryID, gl.MatchID, reason); err != nil {
			return err
		}
		if c.GameLogID != nil {
			return nil
		}
		c.GameLogID, c.Step = &gl.ID, &step
		if err := tx.with(ctx).Model(&storage.JudgeCall{}).Where("id = ?", c.ID).
			Updates(map[string]any{"game_log_id": gl.ID, "step": step}).Error; err != nil {
			return wrap("link judge call to game", err)
		}
		return tx.st.NotifyGame(ctx, gl)
	})
	return c, err
}

// OpenGameCalls are the calls not closed that were made from a game log.
func (s *Store) OpenGameCalls(ctx context.Context, eventID, logID int64) ([]storage.JudgeCall, error) {
	var cs []storage.JudgeCall
	err := s.with(ctx).Where("event_id = ? AND game_log_id = ? AND status <> ?", eventID, logID, storage.CallClosed).Order("id").Find(&cs).Error
	return cs, wrap("judge calls of game", err)
}

// JudgeCalls lists an event's calls that are not closed, oldest first.
func (s *Store) JudgeCalls(ctx context.Context, eventID int64) ([]storage.JudgeCall, error) {
	var cs []storage.JudgeCall
	err := s.read(ctx).Where("event_id = ? AND status <> ?", eventID, storage.CallClosed).Order("id").Find(&cs).Error
	return cs, wrap("list judge calls", err)
}

// UpdateJudgeCall takes or closes a call.
func (s *Store) UpdateJudgeCall(ctx context.Context, actor storage.Actor, eventID, id int64, status string) error {
	return s.tx(ctx, func(tx *Store) error { return tx.setCallStatus(ctx, actor, eventID, id, status, "") })
}

// closeCall closes a call in the caller's transaction, saying why in the
// audit log; a call already closed stays as it is.
func (s *Store) closeCall(ctx context.Context, actor storage.Actor, eventID, id int64, reason string) error {
	return s.setCallStatus(ctx, actor, eventID, id, storage.CallClosed, reason)
}

func (s *Store) setCallStatus(ctx context.Context, actor storage.Actor, eventID, id int64, status, reason string) error {
	var c storage.JudgeCall
	if err := s.locking(ctx).Where("event_id = ? AND id = ?", eventID, id).First(&c).Error; err != nil {
		return wrap("judge call", err)
	}
	if reason != "" && c.Status == status {
		return nil
	}
	now := s.now()
	fields := map[string]any{"status": status}
	switch status {
	case storage.CallTaken:
		fields["taken_by"], fields["taken_at"] = actor.Name, now
	case storage.CallClosed:
		fields["closed_at"] = now
	default:
		return storage.ErrBadResult
	}
	if err := s.with(ctx).Model(&storage.JudgeCall{}).Where("id = ?", id).Updates(fields).Error; err != nil {
		return wrap("update judge call", err)
	}
	after := map[string]any{"status": status}
	if reason != "" {
		after["reason"] = reason
	}
	if err := s.writeAudit(ctx, actor, &eventID, status, "judge-call", id, map[string]any{"status": c.Status}, after); err != nil {
		return err
	}
	if err := s.st.NotifyCallGame(ctx, &c); err != nil {
		return err
	}
	return s.notify(ctx, storage.Notice{EventID: eventID, Topic: "judge", Entries: optional(c.EntryID)})
}
