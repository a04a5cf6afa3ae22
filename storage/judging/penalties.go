package judging

import (
	"context"
	"fmt"
	"slices"

	"github.com/tenkaichi-org/tenkaichi/storage"
)

// Penalties lists an event's penalties, newest first.
func (s *Store) Penalties(ctx context.Context, eventID int64) ([]RulingPenalty, error) {
	var ps []RulingPenalty
	err := s.with(ctx).Where("event_id = ?", eventID).Order("id DESC").Find(&ps).Error
	return ps, wrap("list penalties", err)
}

// GivePenalty records a penalty and applies it, in one transaction: a match
// loss (or a game loss in a best-of-one) gives the player's current match to
// the opponent; a game loss in a longer match gives the opponent a game; a
// disqualification also drops the player. bestOf 0 means the match's own
// (the event's top-cut best-of in the top cut, else one game).
func (s *Store) GivePenalty(ctx context.Context, actor storage.Actor, p *RulingPenalty, bestOf int) error {
	if !slices.Contains(RulingPenaltyKinds, p.Kind) {
		return fmt.Errorf("storage: penalty kind %q: %w", p.Kind, storage.ErrBadResult)
	}
	return s.tx(ctx, func(tx *Store) error {
		en, err := tx.st.EntryByID(ctx, p.EventID, p.EntryID)
		if err != nil {
			return err
		}
		if p.MatchID == nil {
			if m, err := tx.currentMatchOf(ctx, p.EventID, en.ID); err != nil {
				return err
			} else if m != nil {
				p.MatchID = &m.ID
			}
		}
		if actor.UserID != 0 {
			id := actor.UserID
			p.JudgeID = &id
		}
		p.JudgeName, p.CreatedAt = actor.Name, tx.now()
		if err := tx.with(ctx).Create(p).Error; err != nil {
			return wrap("create penalty", err)
		}
		if err := tx.writeAudit(ctx, actor, &p.EventID, "create", "penalty", p.ID, nil, p); err != nil {
			return err
		}
		return tx.applyPenalty(ctx, actor, p, en, bestOf)
	})
}

// currentMatchOf is the entry's match in the latest published round, if any.
func (s *Store) currentMatchOf(ctx context.Context, eventID, entryID int64) (*storage.Match, error) {
	var r storage.Round
	err := s.with(ctx).Where("event_id = ? AND status <> ?", eventID, storage.RoundPreview).Order("number DESC").Limit(1).Find(&r).Error
	if err != nil || r.ID == 0 {
		return nil, wrap("current round", err)
	}
	var ms []storage.Match
	if err := s.with(ctx).Where("round_id = ? AND (p1_entry_id = ? OR p2_entry_id = ?)", r.ID, entryID, entryID).Find(&ms).Error; err != nil {
		return nil, wrap("current match", err)
	}
	if len(ms) == 0 {
		return nil, nil
	}
	return &ms[0], nil
}
