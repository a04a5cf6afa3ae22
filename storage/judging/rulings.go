package judging

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
)

// CreateRuling stores a ruling and, when p is not nil, its penalty, linked
// by penalty_id, with their audit rows, in one transaction. The judge is the
// actor. The match, log and penalised entry must belong to the event.
func (s *Store) CreateRuling(ctx context.Context, actor storage.Actor, r *Ruling, p *RulingPenalty) error {
	return s.tx(ctx, func(tx *Store) error {
		if err := tx.checkMatchInEvent(ctx, r.EventID, r.MatchID); err != nil {
			return err
		}
		var gl *storage.GameLog
		if r.GameLogID != nil {
			var err error
			if gl, err = tx.GameLogByID(ctx, r.EventID, *r.GameLogID); err != nil {
				return err
			}
		}
		now := tx.now()
		var judgeID *int64
		if actor.UserID != 0 {
			id := actor.UserID
			judgeID = &id
		}
		if p != nil {
			if err := tx.createRulingPenalty(ctx, actor, r, p, judgeID, now); err != nil {
				return err
			}
			r.PenaltyID = &p.ID
		}
		r.JudgeID, r.JudgeName, r.CreatedAt = judgeID, actor.Name, now
		if err := tx.with(ctx).Create(r).Error; err != nil {
			return wrap("create ruling", err)
		}
		r.Penalty = p
		if err := tx.writeAudit(ctx, actor, &r.EventID, "create", "ruling", r.ID, nil, r); err != nil {
			return err
		}
		if r.CloseCall != nil {
			if err := tx.closeCall(ctx, actor, r.EventID, *r.CloseCall, "ruling"); err != nil {
				return err
			}
		}
		if gl != nil {
			// The players of a tracked game see the ruling on it.
			return tx.st.NotifyGame(ctx, gl)
		}
		return nil
	})
}

// createRulingPenalty stores the penalty given with ruling r, audited, and
// applies it like any other (match loss, game loss, disqualification).
func (s *Store) createRulingPenalty(ctx context.Context, actor storage.Actor, r *Ruling, p *RulingPenalty, judgeID *int64, now time.Time) error {
	if !slices.Contains(RulingPenaltyKinds, p.Kind) {
		return fmt.Errorf("storage: penalty kind %q: %w", p.Kind, storage.ErrConflict)
	}
	if _, err := s.st.EntryByID(ctx, r.EventID, p.EntryID); err != nil {
		return err
	}
	p.EventID, p.MatchID, p.JudgeID, p.JudgeName, p.CreatedAt = r.EventID, r.MatchID, judgeID, actor.Name, now
	if p.Note == "" {
		p.Note = r.Note
	}
	if err := s.with(ctx).Create(p).Error; err != nil {
		return wrap("create penalty", err)
	}
	if err := s.writeAudit(ctx, actor, &r.EventID, "create", "penalty", p.ID, nil, p); err != nil {
		return err
	}
	en, err := s.st.EntryByID(ctx, r.EventID, p.EntryID)
	if err != nil {
		return err
	}
	return s.applyPenalty(ctx, actor, p, en, 0)
}

// Rulings lists an event's rulings, newest first, with their penalties.
func (s *Store) Rulings(ctx context.Context, eventID int64) ([]Ruling, error) {
	return s.rulings(ctx, "event_id = ?", eventID)
}

// RulingsForLog lists the rulings made on one game log, newest first.
func (s *Store) RulingsForLog(ctx context.Context, eventID, logID int64) ([]Ruling, error) {
	return s.rulings(ctx, "event_id = ? AND game_log_id = ?", eventID, logID)
}

func (s *Store) rulings(ctx context.Context, where string, args ...any) ([]Ruling, error) {
	var rs []Ruling
	if err := s.with(ctx).Where(where, args...).Order("created_at DESC, id DESC").Find(&rs).Error; err != nil {
		return nil, wrap("list rulings", err)
	}
	if err := s.signRulings(ctx, rs); err != nil {
		return nil, err
	}
	var ids []int64
	for _, r := range rs {
		if r.PenaltyID != nil {
			ids = append(ids, *r.PenaltyID)
		}
	}
	if len(ids) == 0 {
		return rs, nil
	}
	var ps []RulingPenalty
	if err := s.with(ctx).Where("id IN ?", ids).Find(&ps).Error; err != nil {
		return nil, wrap("list penalties", err)
	}
	byID := make(map[int64]*RulingPenalty, len(ps))
	for i := range ps {
		byID[ps[i].ID] = &ps[i]
	}
	for i := range rs {
		if rs[i].PenaltyID != nil {
			rs[i].Penalty = byID[*rs[i].PenaltyID]
		}
	}
	return rs, nil
}

// signRulings fills each ruling's Signed: its judge's display name, or the
// stored name when the account has none or is gone.
func (s *Store) signRulings(ctx context.Context, rs []Ruling) error {
	var ids []int64
	for i := range rs {
		rs[i].Signed = rs[i].JudgeName
		if rs[i].JudgeID != nil {
			ids = append(ids, *rs[i].JudgeID)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	var us []storage.User
	if err := s.with(ctx).Select("id", "username", "display_name").Where("id IN ?", ids).Find(&us).Error; err != nil {
		return wrap("list ruling judges", err)
	}
	names := make(map[int64]string, len(us))
	for i := range us {
		names[us[i].ID] = us[i].Name()
	}
	for i := range rs {
		if rs[i].JudgeID != nil && names[*rs[i].JudgeID] != "" {
			rs[i].Signed = names[*rs[i].JudgeID]
		}
	}
	return nil
}
