package storage

import (
	"context"
	"math/bits"

	"gorm.io/gorm"
)

// finishAfterFinal marks the event finished when m, just saved, is the final
// of its top cut and is final (confirmed). Every path that settles a result
// calls it in its own transaction: both players' reports, staff entry and a
// penalty, so the event cannot stay "Top cut" after the final by any path.
// The final is the only match of the top cut's last round (a team event's
// final, its three seat matches); a bracket of N players has ceil(log2 N)
// rounds.
func (s *Store) finishAfterFinal(ctx context.Context, actor Actor, m *Match, r *Round) error {
	if m.Status != MatchConfirmed || r.Kind != KindTopCut || m.P2EntryID == nil {
		return nil
	}
	var ev Event
	if err := s.with(ctx).Where("id = ?", m.EventID).First(&ev).Error; err != nil {
		return wrap("event of the final", err)
	}
	if ev.TopCutSize < 2 || (ev.Status != StatusTopCut && ev.Status != StatusRunning) {
		return nil
	}
	var cutRounds int64
	if err := s.with(ctx).Model(&Round{}).Where("event_id = ? AND kind = ? AND number <= ?", ev.ID, KindTopCut, r.Number).
		Count(&cutRounds).Error; err != nil {
		return wrap("count top-cut rounds", err)
	}
	if int(cutRounds) != bits.Len(uint(ev.TopCutSize-1)) {
		return nil
	}
	if ev.TeamEvent {
		// A team final is three seat matches: the event ends with the last.
		var open int64
		if err := s.with(ctx).Model(&Match{}).Where("round_id = ? AND status <> ?", r.ID, MatchConfirmed).
			Count(&open).Error; err != nil {
			return wrap("count the final's open seats", err)
		}
		if open > 0 {
			return nil
		}
	}
	now := s.now()
	// Whatever else changed the event meanwhile, the status moves on (the
	// event row is not locked: other transactions lock it before matches).
	res := s.with(ctx).Model(&Event{}).Where("id = ? AND status IN ?", ev.ID, []string{StatusTopCut, StatusRunning}).
		Updates(map[string]any{"status": StatusFinished, "version": gorm.Expr("version + 1"), "updated_at": now})
	if res.Error != nil {
		return wrap("finish event", res.Error)
	}
	if res.RowsAffected == 0 {
		return nil
	}
	if err := s.writeAudit(ctx, actor, &ev.ID, "finish", "event", ev.ID,
		map[string]any{"status": ev.Status}, map[string]any{"status": StatusFinished, "reason": "the final's result is final"}); err != nil {
		return err
	}
	s.milestone(ctx, Milestone{EventID: ev.ID, Reason: SnapshotFinish, Actor: actor})
	return s.notify(ctx, Notice{EventID: ev.ID, Topic: "event"})
}
