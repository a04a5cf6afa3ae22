package engine

import (
	"slices"

	"github.com/tenkaichi-org/tenkaichi/rules/engine/cardinfo"
	"github.com/tenkaichi-org/tenkaichi/rules/engine/gamestate"
	"github.com/tenkaichi-org/tenkaichi/rules/skill"
)

// This file keeps a card in play that a [Permanent] skill says "can't be
// KO'd" (in battle, by the opponent's skills, by the skills of the
// opponent's Battle Cards, once per turn) or "can't be removed from the
// Battle Area by your opponent's skills".

// The sentences of a card that stays.
var (
	msgCantBeKOd   = msg("EngineCantBeKOdStays", "%s: %s can't be KO'd, so it stays in play")
	msgCantBeMoved = msg("EngineCantBeRemovedStays", "%s: %s can't be removed from the Battle Area by the opponent's skills, so it stays")
)

// stays reports whether a [Permanent] skill in play keeps card id from
// removal r, and says so; a "once per turn" protection is then used up.
func (e *applier) stays(id CardID, r gamestate.Removal) bool {
	s := e.s
	if !s.Strict() {
		return false
	}
	if e.protectedForATime(id, r) {
		return true
	}
	if s.Flags()&cardinfo.FlagPermanentGrant == 0 {
		return false
	}
	found := false
	s.PermanentEffects(cardinfo.FlagPermanentGrant, func(side Side, src CardID, k int, sk *skill.Skill, ef *skill.Effect) bool {
		if ef.Kind != skill.CantBeKOd || !s.Protects(ef.Detail, side, r) || !s.Covers(side, src, &ef.Target, id) ||
			!s.Holds(gamestate.Ctx{Side: side, Src: src}, ef.If) {
			return true
		}
		if ef.Detail == "once per turn" {
			if s.UsedThisTurn(src, k, false) {
				return true
			}
			s.Used = append(s.Used, UsedSkill{Source: src, Skill: k})
		}
		m := msgCantBeKOd
		if ef.Detail == "removed by your opponent's skills" {
			m = msgCantBeMoved
		}
		e.events = append(e.events, Event{Rule: "[Permanent]", ID: m.ID, Format: m.Format, Args: []any{s.SkillLabel(src, sk), s.Name(id)}})
		found = true
		return false
	})
	return found
}

// cantBeKOdEffect: the [Permanent] limits above, judged when a card would
// leave play (applier.stays), and the same limits "until the end of your
// opponent's next turn", kept as bits of the card's Gains (protectBits).
type cantBeKOdEffect struct{}

func (cantBeKOdEffect) carries(ef *skill.Effect, t skill.Timing) bool {
	if ef.For == skill.UntilNextTurn {
		return protectBit(ef.Detail) != 0
	}
	return t.Has(skill.Permanent) && ef.For == skill.WhileHolds
}

func (k cantBeKOdEffect) apply(e *applier, x *call) ([]CardID, *Violation) {
	if !k.carries(x.ef, x.sk.Timing) {
		e.notApplied(x.label, x.ef)
		return nil, nil
	}
	if x.ef.For != skill.UntilNextTurn {
		return nil, nil
	}
	ids, v := e.targets(x)
	if v != nil {
		return nil, v
	}
	p := protections[slices.IndexFunc(protections, func(p protection) bool { return p.detail == x.ef.Detail })]
	for _, id := range ids {
		e.s.Gain(x.c, id, p.bit, skill.UntilNextTurn)
		e.said(x, p.given, x.label, e.s.InPlayLabel(id))
	}
	return ids, nil
}

// battle and protection phrases (issue 29): a protection for a time is a
// bit of the card's Gains, after the limits of gamestate/skills.go, one per
// Detail of a "can't be KO'd" effect, with what the engine says when a
// skill gives it and when it keeps the card in play.
type protection struct {
	detail      string
	bit         uint16
	given, kept Msg
}

var (
	msgCantBeKOdUntil   = msg("EngineCantBeKOdUntilOpponentNext", "%s: %s can't be KO'd until the end of the opponent's next turn")
	msgCantBeKOdBySkill = msg("EngineCantBeKOdBySkillsUntilOpponentNext", "%s: %s can't be KO'd by the opponent's skills until the end of the opponent's next turn")
	msgCantBeMovedUntil = msg("EngineCantBeRemovedUntilOpponentNext", "%s: %s can't be removed from the Battle Area by the opponent's skills until the end of the opponent's next turn")
	msgKOdKeptForATime  = msg("EngineCantBeKOdForATimeStays", "%s can't be KO'd for a time, so it stays in play")
	msgMovedKeptForTime = msg("EngineCantBeRemovedForATimeStays", "%s can't be removed from the Battle Area by the opponent's skills for a time, so it stays")

	protections = []protection{
		{"", gamestate.KwNoReady << 1, msgCantBeKOdUntil, msgKOdKeptForATime},
		{"by your opponent's skills", gamestate.KwNoReady << 2, msgCantBeKOdBySkill, msgKOdKeptForATime},
		{"removed by your opponent's skills", gamestate.KwNoReady << 3, msgCantBeMovedUntil, msgMovedKeptForTime},
		{"removed by the skills of your opponent's battle cards", gamestate.KwNoReady << 4, msgCantBeMovedUntil, msgMovedKeptForTime},
	}
)

// protectBit is the Gains bit of a protection for a time with Detail d, 0
// for one the engine does not keep.
func protectBit(d string) uint16 {
	for _, p := range protections {
		if p.detail == d {
			return p.bit
		}
	}
	return 0
}

// protectedForATime reports whether a protection a skill gave card id for
// a time keeps it from removal r, and says so. The skill was its owner's
// (the card was their own), so "your opponent" is the owner's opponent.
func (e *applier) protectedForATime(id CardID, r gamestate.Removal) bool {
	s := e.s
	side, leader, _, idx, ok := s.Where(id)
	if !ok || leader || idx < 0 {
		return false
	}
	g := s.Players[side].Battle[idx].Gained
	for _, p := range protections {
		if (g.Turn|g.Battle|g.Until)&p.bit != 0 && s.Protects(p.detail, side, r) {
			e.events = append(e.events, Event{Rule: "Card skills", ID: p.kept.ID, Format: p.kept.Format, Args: []any{s.Name(id)}})
			return true
		}
	}
	return false
}

// mustAttackFirst is the violation of ending the turn while a Battle Card
// of side that "must attack whenever possible" (a [Permanent] skill whose
// conditions hold) still can: an attack with it on some target would be
// accepted (tried on a copy of the state).
func mustAttackFirst(s *State, side Side) *Violation {
	if s.Declared() || s.Lookup() == nil || s.Flags()&cardinfo.FlagPermanentGrant == 0 {
		return nil
	}
	p := &s.Players[side]
	opp := side.Other()
	for j := range p.Battle {
		if p.Battle[j].Rest || !s.Granted(p.Battle[j].ID, skill.CantAttack, skill.MustAttack) {
			continue
		}
		targets := []string{"leader"}
		for k := range s.Players[opp].Battle {
			targets = append(targets, s.CopyName(opp, k))
		}
		for _, t := range targets {
			a := Action{Player: side, Verb: VerbAttack, Card: s.CopyName(side, j), Targets: []string{t}}
			if _, _, v := Apply(*s, a); v == nil {
				return violation("Card skills", "%s must attack whenever possible: it can still attack %s", s.Name(p.Battle[j].ID), t)
			}
		}
	}
	return nil
}
