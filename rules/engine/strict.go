package engine

import (
	"github.com/tenkaichi-org/tenkaichi/rules/engine/cardinfo"
	"github.com/tenkaichi-org/tenkaichi/rules/engine/gamestate"
	"github.com/tenkaichi-org/tenkaichi/rules/skill"
)

// This file is the engine's strictness about what only a card's effect can
// cause (a draw outside the Charge Phase draw, a declared move, power
// change, KO ...) and about the choices of the skills it reads: it trusts
// no line it can check. A log with [Effects "declared"], or one replayed
// without card data, reads no skill and is judged as before.

// The sentences of the strictness checks.
var (
	msgDrawNeedsEffect = msg("EngineDrawNeedsEffect",
		"%s draws outside the Charge Phase draw, which only a card's effect allows: no skill the engine does not read is waiting to act, and the line names no card (by CARD)")
	msgEffectNeedsSource = msg("EngineEffectNeedsSource",
		"only a card's effect does this (%s): no skill the engine does not read is waiting to act, and the line names no card (by CARD)")
	msgByReadCard = msg("EngineByReadCard",
		"the engine reads every skill of %s and carries it out itself, so a line cannot declare its effects")
	msgByUnknownCard = msg("EngineByUnknownCard",
		"name the card whose effect the line is: %s is not a card the log can name")
	msgChoiceMissing = msg("EngineChoiceMissing",
		"choice missing: %s (step %d) waits for %s's choices; write them in a use line (%s use %s -> …, or -> none)")
	msgDeclinesCost = msg("EngineDeclinesCost", "%s is not used: %s does not pay its cost")
)

// movesOn reports whether the action moves the game on by the rules, so
// that the declared lines after it can no longer be the effects of a skill
// that came to its moment before it.
func (e *applier) movesOn() bool {
	switch e.a.Verb {
	case VerbUse, VerbConcede:
		return false
	case VerbDraw:
		return e.ruleDraw
	case VerbKO:
		return e.a.Card == ""
	}
	return !e.a.Verb.Declared()
}

// effectAllowed checks a line only a card's effect can cause: it is taken
// as declared while a skill the engine does not read waits to act, or when
// it names the card whose effect it is (by CARD) and the engine does not
// carry out every skill of that card itself. m says what breaks rule.
func (e *applier) effectAllowed(rule string, m Msg) *Violation {
	s, a := e.s, e.a
	if !s.Strict() {
		return nil
	}
	if a.By != "" {
		return e.byCard()
	}
	if s.UnreadWaiting {
		return nil
	}
	if a.Verb == VerbDraw {
		return violationMsg(rule, m, a.Player)
	}
	return violationMsg(rule, m, FormatAction(a))
}

// byCard checks the card a declared line names as its source: a card the
// engine reads and carries out in full does its effects itself.
func (e *applier) byCard() *Violation {
	s, a := e.s, e.a
	r, err := ParseRef(a.By)
	if err != nil {
		return logError("%s", err)
	}
	number := r.Number
	if r.Leader {
		side := a.Player
		if r.Owner != NoSide {
			side = r.Owner
		}
		number = s.Cards[s.Players[side].Leader.ID].Number
	}
	if number == "" {
		return &Violation{ID: msgByUnknownCard.ID, Format: msgByUnknownCard.Format, Args: []any{a.By}, LogError: true}
	}
	c, ok := s.Lookup().Card(number)
	if !ok || !cardinfo.Described(c) {
		return nil
	}
	pc := cardinfo.Parsed(c.Text, c.BackText)
	for _, side := range [][]skill.Skill{pc.Front, pc.Back} {
		for i := range side {
			if !Applies(&side[i]) {
				return nil
			}
		}
	}
	return violationMsg("CR 0-2-2", msgByReadCard, number)
}

// choiceMissing is the log error of a line that goes on while a skill the
// engine reads still waits for its player's use line: a log cannot say
// whether the player chose fewer, or none, or did not pay, and the engine
// does not guess. nil when nothing waits or the engine does not judge.
func (e *applier) choiceMissing() *Violation {
	s := e.s
	if !s.Strict() || len(s.Pending) == 0 {
		return nil
	}
	p := s.Pending[0]
	sks, _, ok := s.SkillsOfSide(p.Source, p.Back)
	if !ok || p.Skill >= len(sks) {
		return nil
	}
	name := s.Name(p.Source)
	if s.Players[p.Side].Leader.ID == p.Source {
		name = "leader"
	}
	return &Violation{ID: msgChoiceMissing.ID, Format: msgChoiceMissing.Format, LogError: true,
		Args: []any{s.SkillLabel(p.Source, &sks[p.Skill]), p.Step, p.Side, p.Side, name}}
}

// declines reports whether a use line declines a waiting skill's cost: its
// only choice is "none" and it pays nothing.
func (e *applier) declines(sk *skill.Skill, q *choiceQueue) bool {
	return (sk.Cost.Energy > 0 || len(sk.Cost.Parts) > 0) && len(q.refs) == 1 && q.refs[0] == NoChoice && len(e.a.Pay) == 0
}

// inPlayChoice are the kinds whose choice, when not fixed, is among the
// cards in play.
var inPlayChoice = map[skill.Kind]bool{
	skill.Power: true, skill.Gain: true, skill.KO: true, skill.Rest: true, skill.Activate: true,
	skill.ToHand: true, skill.ToDeckBottom: true, skill.ToDeckTop: true, skill.ToDrop: true,
	skill.ToEnergy: true, skill.CantAttack: true, skill.CantActivate: true,
}

// hasChoice reports whether a triggered skill without a cost offers its
// player any choice now: a skill whose only choices are among cards in play
// and no card in play fits them waits for nothing (there is nothing to
// guess), and resolves at once.
func (e *applier) hasChoice(c gamestate.Ctx, sk *skill.Skill) bool {
	if sk.Cost.Energy > 0 || len(sk.Cost.Parts) > 0 {
		return true
	}
	for i := range sk.Effects {
		ef := &sk.Effects[i]
		if ef.Mandatory() || len(ef.If) > 0 && e.s.KnownNow(c, sk, i) && !e.s.Holds(c, ef.If) {
			continue
		}
		if !inPlayChoice[ef.Kind] || fromZone(ef) || e.anyInPlayFits(c, &ef.Target) {
			return true
		}
	}
	return false
}

// anyInPlayFits reports whether a card in play (a Leader, a Battle Card or
// a [Field]) is one target t may choose.
func (e *applier) anyInPlayFits(c gamestate.Ctx, t *skill.Target) bool {
	for i := range e.s.Players {
		p := &e.s.Players[i]
		ids := []CardID{p.Leader.ID}
		if p.Field != NoCard {
			ids = append(ids, p.Field)
		}
		for _, b := range p.Battle {
			ids = append(ids, b.ID)
		}
		for _, id := range ids {
			if e.s.FitsTarget(c, t, id) {
				return true
			}
		}
	}
	return false
}
