package storage

import (
	"context"
	"fmt"
)

// ClockFinished is the clock of a complete round: stopped where it was when
// the last result came in, with no time's-up for anyone.
const ClockFinished = "finished"

// afterMatchSettled runs, in the transaction that changed m, what follows
// from a match's result: the round is complete (or open again), and the
// event is finished when m is the final. Every path that changes a result
// calls it: players' reports, staff entry, penalties, pairing changes.
func (s *Store) afterMatchSettled(ctx context.Context, actor Actor, m *Match, r *Round) error {
	// Only a final match can complete a round, and only a complete round
	// can open again: a first report (most reports) skips the count.
	if m.Status == MatchConfirmed || r.Status == RoundFinished {
		if err := s.settleRound(ctx, actor, r.ID); err != nil {
			return err
		}
	}
	return s.finishAfterFinal(ctx, actor, m, r)
}

// completeIfDone completes a published round once all its matches are
// final. Players' confirmations in a Swiss round call it after their commit
// rather than settling the round inside it: that locks the round row until the
// commit, and at the end of a round every confirmation queued on that one
// lock (PostgreSQL's pg_stat_activity: Lock:tuple on rounds), behind any
// holder slowed for a moment. After the commit no lock is needed to be right:
// the confirmation that commits last reads all the others as committed, so
// it finds the round done. Most confirmations only make the first read.
func (s *Store) completeIfDone(ctx context.Context, actor Actor, roundID int64) error {
	var done bool
	err := s.scanOneHot(s.read(ctx), roundDoneSQL, []any{&done}, roundID, RoundPublished, roundID, MatchConfirmed)
	if err != nil || !done {
		return wrap("check round complete", err)
	}
	return s.Tx(ctx, func(tx *Store) error { return tx.settleRound(ctx, actor, roundID) })
}

// roundDoneSQL is completeIfDone's check, run after every confirmation.
var roundDoneSQL = newHotSQL(func(Dialect) string {
	return `SELECT EXISTS (SELECT 1 FROM rounds WHERE id = ? AND status = ?)
		AND NOT EXISTS (SELECT 1 FROM matches WHERE round_id = ? AND status <> ?)`
})

// CompleteDoneRounds completes every published round whose results are all
// final: a confirmation's own check (completeIfDone) runs after its commit,
// so a crash in between leaves such a round. Run at start.
func (s *Store) CompleteDoneRounds(ctx context.Context) (int, error) {
	var ids []int64
	err := s.read(ctx).Model(&Round{}).Where("status = ? AND NOT EXISTS (SELECT 1 FROM matches WHERE matches.round_id = rounds.id AND matches.status <> ?)",
		RoundPublished, MatchConfirmed).Order("id").Pluck("id", &ids).Error
	if err != nil {
		return 0, wrap("rounds to complete", err)
	}
	for _, id := range ids {
		if err := s.Tx(ctx, func(tx *Store) error { return tx.settleRound(ctx, ActorSystem, id) }); err != nil {
			return 0, err
		}
	}
	return len(ids), nil
}

// settleRound keeps a round's status true to its matches: a published round
// whose matches are all final becomes finished (complete: its clock stops),
// and a finished round with a match open again is published again. The
// round row is locked first, so two last results committing together cannot
// both see the other's match still open.
func (s *Store) settleRound(ctx context.Context, actor Actor, roundID int64) error {
	var r Round
	if err := s.locking(ctx).Where("id = ?", roundID).First(&r).Error; err != nil {
		return wrap("round of match", err)
	}
	if r.Status == RoundPreview {
		return nil
	}
	var open int64
	if err := s.with(ctx).Model(&Match{}).Where("round_id = ? AND status <> ?", r.ID, MatchConfirmed).Count(&open).Error; err != nil {
		return wrap("count open matches", err)
	}
	updates := map[string]any{"version": r.Version + 1}
	action := ""
	switch {
	case open == 0 && r.Status == RoundPublished:
		now := s.now()
		updates["status"], updates["finished_at"] = RoundFinished, now
		action = "complete"
	case open > 0 && r.Status == RoundFinished:
		updates["status"], updates["finished_at"] = RoundPublished, nil
		action = "reopen"
	default:
		return nil
	}
	if err := s.with(ctx).Model(&Round{}).Where("id = ?", r.ID).Updates(updates).Error; err != nil {
		return wrap(fmt.Sprintf("%s round %d", action, r.Number), err)
	}
	if err := s.writeAudit(ctx, actor, &r.EventID, action, "round", r.ID,
		map[string]any{"status": r.Status}, map[string]any{"status": updates["status"], "open_matches": open}); err != nil {
		return err
	}
	if err := s.notify(ctx, Notice{EventID: r.EventID, Topic: "clock"}); err != nil {
		return err
	}
	return s.notify(ctx, Notice{EventID: r.EventID, Topic: "standings"})
}
