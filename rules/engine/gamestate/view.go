package gamestate

import (
	"strconv"

	"github.com/tenkaichi-org/tenkaichi/rules/engine/gamelog"
	"github.com/tenkaichi-org/tenkaichi/rules/engine/stateview"
)

// View is s as plain data for the views (stateview).
func View(s *State) stateview.StateView {
	v := stateview.StateView{Turn: s.Turn, Phase: s.Phase.String(), Hash: strconv.FormatUint(s.Hash(), 16), Outcome: s.Result}
	if s.TurnPlayer != gamelog.NoSide {
		v.TurnPlayer = s.TurnPlayer.String()
	}
	if s.Result.Over {
		if s.Result.Winner == gamelog.NoSide {
			v.Result = "draw (" + s.Result.Reason + ")"
		} else {
			v.Result = s.Result.Winner.String() + " wins (" + s.Result.Reason + ")"
		}
	}
	if s.Battle.Step != NoBattle {
		bv := &stateview.BattleView{Step: s.Battle.Step.String(), Attacker: s.Name(s.Battle.Attacker), Target: s.Name(s.Battle.Target)}
		if a, d, ok := s.BattlePowers(); ok {
			bv.AttackerPower, bv.TargetPower = &a, &d
		}
		v.Battle = bv
	}
	power := func(id CardID) *int {
		if p, ok := s.Power(id); ok {
			return &p
		}
		return nil
	}
	names := func(ids []CardID) []string {
		out := make([]string, 0, len(ids))
		for _, id := range ids {
			out = append(out, s.Name(id))
		}
		return out
	}
	for i := range s.Players {
		p := &s.Players[i]
		pv := stateview.PlayerView{Player: Side(i).String(), Life: len(p.Life), Hand: len(p.Hand), Deck: len(p.Deck),
			Energy: len(p.Energy), Markers: p.Markers, Drop: names(p.Drop), Combo: names(p.Combo), Battle: []stateview.CardView{}}
		for _, e := range p.Energy {
			if !e.Rest {
				pv.EnergyActive++
			}
		}
		pv.Leader = stateview.CardView{Card: s.Name(p.Leader.ID), Rest: p.Leader.Rest, Awakened: p.Leader.Awakened, Power: power(p.Leader.ID)}
		for j, b := range p.Battle {
			cv := stateview.CardView{Card: s.Name(b.ID), Rest: b.Rest, Power: power(b.ID), Ki: b.Ki, Under: len(b.Under)}
			if s.CopyName(Side(i), j) != cv.Card {
				cv.Copy = b.Copy
			}
			pv.Battle = append(pv.Battle, cv)
		}
		if p.Field != NoCard {
			pv.Field = &stateview.CardView{Card: s.Name(p.Field), Rest: p.FieldRest}
		}
		v.Players = append(v.Players, pv)
	}
	for _, q := range s.Pending {
		w := stateview.WaitingView{Player: q.Side.String(), Card: s.Name(q.Source), Skill: s.pendingLabel(q)}
		if sks, _, ok := s.SkillsOfSide(q.Source, q.Back); ok && q.Skill < len(sks) {
			w.Text = sks[q.Skill].Text
		}
		v.Waiting = append(v.Waiting, w)
	}
	return v
}
