package storage

import (
	"context"
	"fmt"
)

// An intentional draw (issue 28) travels the report flow: a player
// proposes one with a report of a draw marked intentional, and the opponent
// accepts it with the same report (ReportResult), which makes the match a
// final draw marked intentional. Declining is the one step beside it.

// DeclineIntentionalDraw takes back the intentional draw proposed at a
// match: either player may (the opponent declines, the proposer withdraws).
// The proposal is removed and the match is as it was before it: pending, or
// reported when the other player has reported something else since.
func (s *Store) DeclineIntentionalDraw(ctx context.Context, eventID, matchID, entryID int64) error {
	return s.Tx(ctx, func(tx *Store) error {
		m, _, err := tx.lockMatch(ctx, eventID, matchID)
		if err != nil {
			return err
		}
		if m.Side(entryID) == "" {
			return ErrNotInMatch
		}
		if m.Status == MatchConfirmed {
			return ErrAlreadyConfirmed
		}
		var reps []Report
		if err := tx.with(ctx).Where("match_id = ?", m.ID).Order("id").Find(&reps).Error; err != nil {
			return wrap("reports of match", err)
		}
		left, proposal := reps[:0:0], Report{}
		for _, r := range reps {
			if r.Intentional {
				proposal = r
			} else {
				left = append(left, r)
			}
		}
		if proposal.ID == 0 {
			return ErrNoIntentionalDraw
		}
		if err := tx.with(ctx).Delete(&Report{}, proposal.ID).Error; err != nil {
			return wrap("decline intentional draw", err)
		}
		before := *m
		m.Status = MatchPending
		if len(left) > 0 {
			m.Status = MatchReported
		}
		if err := tx.saveMatch(ctx, m); err != nil {
			return err
		}
		en, err := tx.EntryByID(ctx, eventID, entryID)
		if err != nil {
			return fmt.Errorf("decline intentional draw: %w", err)
		}
		if err := tx.writeAudit(ctx, PlayerActor(en.PlayerName), &eventID, "decline-intentional-draw", "match", m.ID, matchAudit(&before), matchAudit(m)); err != nil {
			return err
		}
		return tx.notify(ctx, Notice{EventID: eventID, Topic: "results", Entries: m.players()})
	})
}
