package storage

import (
	"context"
	"fmt"
	"slices"
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
func (s *Store) GivePenalty(ctx context.Context, actor Actor, p *RulingPenalty, bestOf int) error {
	if !slices.Contains(RulingPenaltyKinds, p.Kind) {
		return fmt.Errorf("storage: penalty kind %q: %w", p.Kind, ErrBadResult)
	}
	return s.Tx(ctx, func(tx *Store) error {
		en, err := tx.EntryByID(ctx, p.EventID, p.EntryID)
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
func (s *Store) currentMatchOf(ctx context.Context, eventID, entryID int64) (*Match, error) {
	var r Round
	err := s.with(ctx).Where("event_id = ? AND status <> ?", eventID, RoundPreview).Order("number DESC").Limit(1).Find(&r).Error
	if err != nil || r.ID == 0 {
		return nil, wrap("current round", err)
	}
	var ms []Match
	if err := s.with(ctx).Where("round_id = ? AND (p1_entry_id = ? OR p2_entry_id = ?)", r.ID, entryID, entryID).Find(&ms).Error; err != nil {
		return nil, wrap("current match", err)
	}
	if len(ms) == 0 {
		return nil, nil
	}
	return &ms[0], nil
}

func (s *Store) applyPenalty(ctx context.Context, actor Actor, p *RulingPenalty, en *Entry, bestOf int) error {
	if p.Kind == "disqualification" {
		if err := s.disqualify(ctx, actor, p.EventID, en); err != nil {
			return err
		}
	}
	if p.MatchID == nil || (p.Kind != "match-loss" && p.Kind != "game-loss" && p.Kind != "disqualification") {
		return nil
	}
	m, r, err := s.lockMatch(ctx, p.EventID, *p.MatchID)
	if err != nil {
		return err
	}
	if bestOf == 0 {
		// Work it out from the match: the top cut plays the event's best-of.
		bestOf = 1
		if r.Kind == KindTopCut {
			ev, err := s.EventByID(ctx, p.EventID)
			if err != nil {
				return err
			}
			bestOf = ev.TopCutBestOf
		}
	}
	side := m.Side(en.ID)
	if side == "" || m.P2EntryID == nil {
		return nil
	}
	if m.Status == MatchConfirmed && p.Kind != "match-loss" {
		return nil // a finished match stays as it ended; the penalty applies to the record only
	}
	before := *m
	penaliseMatch(m, side, p.Kind, bestOf)
	if err := s.saveMatch(ctx, m); err != nil {
		return err
	}
	after := matchAudit(m)
	after["reason"] = "penalty: " + p.Kind
	if err := s.writeAudit(ctx, actor, &p.EventID, "penalty-result", "match", m.ID, matchAudit(&before), after); err != nil {
		return err
	}
	if err := s.afterMatchSettled(ctx, actor, m, r); err != nil {
		return err
	}
	return s.notify(ctx, Notice{EventID: p.EventID, Topic: "results", Entries: m.players()})
}

// disqualify marks a player disqualified, dropped after the last round
// played if not dropped before.
func (s *Store) disqualify(ctx context.Context, actor Actor, eventID int64, en *Entry) error {
	var r Round
	if err := s.with(ctx).Where("event_id = ? AND status <> ?", eventID, RoundPreview).Order("number DESC").Limit(1).Find(&r).Error; err != nil {
		return wrap("current round", err)
	}
	played := r.Number
	en.Disqualified = true
	if en.DroppedRound == nil {
		en.DroppedRound = &played
	}
	return s.UpdateEntry(ctx, actor, "disqualify", en)
}

// penaliseMatch gives the penalised side's opponent a game (game-loss in a
// match of several games) or the match (otherwise) of a best-of match.
func penaliseMatch(m *Match, side, kind string, bestOf int) {
	opp := ResultP2
	if side == ResultP2 {
		opp = ResultP1
	}
	need := bestOf/2 + 1
	if kind == "game-loss" && bestOf > 1 {
		if opp == ResultP1 {
			m.P1Wins++
		} else {
			m.P2Wins++
		}
		if m.P1Wins >= need || m.P2Wins >= need {
			m.Result, m.Status = opp, MatchConfirmed
		}
		return
	}
	m.Result, m.Status = opp, MatchConfirmed
	if opp == ResultP1 {
		m.P1Wins, m.P2Wins = need, 0
	} else {
		m.P1Wins, m.P2Wins = 0, need
	}
}
