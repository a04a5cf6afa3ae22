package storage

import "context"

// What a penalty does to the match and the player: results are core
// storage's, the penalty's row is written by storage/judging.

// applyPenalty applies a stored penalty: a disqualification drops the
// player; a match or game loss (or a disqualification) settles the match for
// the opponent, or gives them a game (see penaliseMatch). A finished match
// changes only for a match loss.
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
			m.Result, m.Status, m.Intentional = opp, MatchConfirmed, false
		}
		return
	}
	m.Result, m.Status, m.Intentional = opp, MatchConfirmed, false
	if opp == ResultP1 {
		m.P1Wins, m.P2Wins = need, 0
	} else {
		m.P1Wins, m.P2Wins = 0, need
	}
}
