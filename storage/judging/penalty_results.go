package judging

import (
	"context"

	"github.com/tenkaichi-org/tenkaichi/storage"
)

// What a penalty does to the match and the player, through core storage's
// steps for a settled match (see storage/subpackages.go).

// applyPenalty applies a stored penalty: a disqualification drops the
// player; a match or game loss (or a disqualification) settles the match for
// the opponent, or gives them a game (see penaliseMatch). A finished match
// changes only for a match loss.
func (s *Store) applyPenalty(ctx context.Context, actor storage.Actor, p *RulingPenalty, en *storage.Entry, bestOf int) error {
	if p.Kind == "disqualification" {
		if err := s.disqualify(ctx, actor, p.EventID, en); err != nil {
			return err
		}
	}
	if p.MatchID == nil || (p.Kind != "match-loss" && p.Kind != "game-loss" && p.Kind != "disqualification") {
		return nil
	}
	m, r, err := s.st.LockMatch(ctx, p.EventID, *p.MatchID)
	if err != nil {
		return err
	}
	if bestOf == 0 {
		// Work it out from the match: the top cut plays the event's best-of.
		bestOf = 1
		if r.Kind == storage.KindTopCut {
			ev, err := s.st.EventByID(ctx, p.EventID)
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
	if m.Status == storage.MatchConfirmed && p.Kind != "match-loss" {
		return nil // a finished match stays as it ended; the penalty applies to the record only
	}
	before := *m
	penaliseMatch(m, side, p.Kind, bestOf)
	if err := s.st.SaveMatch(ctx, m); err != nil {
		return err
	}
	after := storage.MatchAudit(m)
	after["reason"] = "penalty: " + p.Kind
	if err := s.writeAudit(ctx, actor, &p.EventID, "penalty-result", "match", m.ID, storage.MatchAudit(&before), after); err != nil {
		return err
	}
	if err := s.st.AfterMatchSettled(ctx, actor, m, r); err != nil {
		return err
	}
	return s.notify(ctx, storage.Notice{EventID: p.EventID, Topic: "results", Entries: m.Players()})
}

// disqualify marks a player disqualified, dropped after the last round
// played if not dropped before.
func (s *Store) disqualify(ctx context.Context, actor storage.Actor, eventID int64, en *storage.Entry) error {
	var r storage.Round
	if err := s.with(ctx).Where("event_id = ? AND status <> ?", eventID, storage.RoundPreview).Order("number DESC").Limit(1).Find(&r).Error; err != nil {
		return wrap("current round", err)
	}
	played := r.Number
	en.Disqualified = true
	if en.DroppedRound == nil {
		en.DroppedRound = &played
	}
	return s.st.UpdateEntry(ctx, actor, "disqualify", en)
}

// penaliseMatch gives the penalised side's opponent a game (game-loss in a
// match of several games) or the match (otherwise) of a best-of match.
func penaliseMatch(m *storage.Match, side, kind string, bestOf int) {
	opp := storage.ResultP2
	if side == storage.ResultP2 {
		opp = storage.ResultP1
	}
	need := bestOf/2 + 1
	if kind == "game-loss" && bestOf > 1 {
		if opp == storage.ResultP1 {
			m.P1Wins++
		} else {
			m.P2Wins++
		}
		if m.P1Wins >= need || m.P2Wins >= need {
			m.Result, m.Status, m.Intentional = opp, storage.MatchConfirmed, false
		}
		return
	}
	m.Result, m.Status, m.Intentional = opp, storage.MatchConfirmed, false
	if opp == storage.ResultP1 {
		m.P1Wins, m.P2Wins = need, 0
	} else {
		m.P1Wins, m.P2Wins = 0, need
	}
}
