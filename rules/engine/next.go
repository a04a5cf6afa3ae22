package engine

import (
	"slices"

	"github.com/tenkaichi-org/tenkaichi/rules/skill"
)

// NextMoves lists the actions side may take now that the rules allow, each
// tried on a copy of s, so a phone can offer them as taps (the game tracker).
// NoSide lists the battle's outcomes (damage, ko, miss).
//
// The cards offered are those side knows: the known cards of their hand and,
// in a paper game, the numbers of their decklist with copies not yet known
// elsewhere (an unknown card in hand is revealed as the number named, as in a
// log). Moves that need a choice the engine cannot guess are not listed: a
// use line's choices (a waiting skill is offered without them), [Evolve], a
// pay list, the declared effects, a named damage. Concede is always allowed
// and not listed. The order is the order of the phases: setup, draw, charge,
// play, awaken, attack, block, combo, use, pass, outcomes, end. With only,
// just those verbs are tried (each try applies the move to a copy of the
// state: a page that shows a few kinds of move asks for those).
func NextMoves(s *State, side Side, only ...Verb) []Action {
	if s.Result.Over {
		return nil
	}
	g := moveGen{s: s, side: side, only: only}
	if side == NoSide {
		if s.Battle.Step == StepDamage {
			for _, v := range []Verb{VerbDamage, VerbKO, VerbMiss} {
				g.try(Action{Player: NoSide, Verb: v})
			}
		}
		return g.out
	}
	if s.Phase == PhaseSetup {
		for _, v := range []Verb{VerbFirst, VerbKeep, VerbRedraw} {
			g.try(Action{Player: side, Verb: v})
		}
		return g.out
	}
	p := &s.Players[side]
	turn := s.TurnPlayer == side
	battle := s.Battle.Step != NoBattle
	hand := g.handNumbers()
	if turn && s.Phase == PhaseCharge && !p.Drew {
		g.try(Action{Player: side, Verb: VerbDraw})
		if s.Paper(side) {
			for _, n := range g.decklistLeft() {
				g.try(Action{Player: side, Verb: VerbDraw, Card: n})
			}
		}
	}
	if turn && s.Phase == PhaseCharge && p.Drew && !p.Charged {
		for _, n := range hand {
			g.try(Action{Player: side, Verb: VerbCharge, Card: n})
		}
	}
	// Battle Cards, [Field]s and Extras in the Main Phase; Extras with
	// [Activate Battle] during a battle, by either player.
	for _, n := range hand {
		g.try(Action{Player: side, Verb: VerbPlay, Card: n})
	}
	g.try(Action{Player: side, Verb: VerbAwaken})
	if turn && !battle {
		opp := side.Other()
		targets := []string{"leader"}
		for j := range s.Players[opp].Battle {
			targets = append(targets, s.CopyName(opp, j))
		}
		attackers := []string{"leader"}
		for j := range p.Battle {
			attackers = append(attackers, s.CopyName(side, j))
		}
		for _, a := range attackers {
			for _, t := range targets {
				g.try(Action{Player: side, Verb: VerbAttack, Card: a, Targets: []string{t}})
			}
		}
	}
	if battle {
		if !turn && s.Battle.Step == StepAttack {
			for j := range p.Battle {
				g.try(Action{Player: side, Verb: VerbBlock, Card: s.CopyName(side, j)})
			}
		}
		for _, n := range hand {
			g.try(Action{Player: side, Verb: VerbCombo, Card: n})
		}
		for j := range p.Battle {
			g.try(Action{Player: side, Verb: VerbCombo, Card: s.CopyName(side, j), From: ZoneBattle})
		}
	}
	g.uses()
	if battle {
		g.try(Action{Player: side, Verb: VerbPass})
	}
	if turn && !battle {
		g.try(Action{Player: side, Verb: VerbEnd})
	}
	return g.out
}

type moveGen struct {
	s    *State
	side Side
	only []Verb
	out  []Action
	// scratch is a copy of s that moves are tried on. A refused move leaves
	// the state as it was (apply checks before it changes anything), so
	// the copy serves the next try too; only an allowed move (or an engine
	// failure) spends it. Most tries are refused, and copying a late game's
	// state is most of what a try costs.
	scratch *State
}

// tryOnFreshCopies has every try use a copy of its own, as the test that
// the shared copy changes no answer compares.
var tryOnFreshCopies = false

// try keeps a if the rules allow it now.
func (g *moveGen) try(a Action) {
	if len(g.only) > 0 && !slices.Contains(g.only, a.Verb) {
		return
	}
	if g.scratch == nil || tryOnFreshCopies {
		c := g.s.Clone()
		g.scratch = &c
	}
	_, v, _, ok := applyRecovered(g.scratch, a, nil)
	if v == nil {
		g.out = append(g.out, a)
	}
	if v == nil || !ok {
		g.scratch = nil
	}
}

// handNumbers are the numbers side could name from their hand: the known
// cards, then (while the hand holds unknown cards of a paper game) the
// decklist's numbers with copies left.
func (g *moveGen) handNumbers() []string {
	s, p := g.s, &g.s.Players[g.side]
	var out []string
	unknown := false
	for _, id := range p.Hand {
		n := s.Cards[id].Number
		if n == "" {
			unknown = true
		} else if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	if unknown && s.Paper(g.side) {
		for _, n := range g.decklistLeft() {
			if !slices.Contains(out, n) {
				out = append(out, n)
			}
		}
	}
	return out
}

// decklistLeft are the numbers of side's decklist of which fewer copies are
// known than the list holds, in number order.
func (g *moveGen) decklistLeft() []string {
	s := g.s
	list := s.Decklist(g.side)
	known := map[string]int{}
	for i, c := range s.Cards {
		if c.Owner == g.side && c.Number != "" && CardID(i) != s.Players[g.side].Leader.ID {
			known[c.Number]++
		}
	}
	var out []string
	for n, count := range list {
		if known[n] < count {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out
}

// uses offers the skills waiting for side's choices (used without any, as
// the engine would: "up to" counts taken) and the [Activate] skills of
// side's cards in play.
func (g *moveGen) uses() {
	s, p := g.s, &g.s.Players[g.side]
	for _, q := range s.Pending {
		if q.Side == g.side {
			g.try(Action{Player: g.side, Verb: VerbUse, Card: s.Name(q.Source)})
		}
	}
	if len(s.Pending) > 0 {
		return
	}
	if g.activates(p.Leader.ID, p.Leader.Awakened) {
		g.try(Action{Player: g.side, Verb: VerbUse, Card: "leader"})
	}
	for j, b := range p.Battle {
		if g.activates(b.ID, false) {
			g.try(Action{Player: g.side, Verb: VerbUse, Card: s.CopyName(g.side, j)})
		}
	}
}

// activates reports whether the showing side of a card has an [Activate
// Main] or [Activate Battle] skill the engine reads.
func (g *moveGen) activates(id CardID, back bool) bool {
	sks, _, ok := g.s.SkillsOfSide(id, back)
	if !ok {
		return false
	}
	for i := range sks {
		if sks[i].Understood && sks[i].Timing.Has(skill.ActivateMain|skill.ActivateBattle) {
			return true
		}
	}
	return false
}
