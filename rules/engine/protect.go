package engine

import (
	"github.com/tenkaichi-org/tenkaichi/rules/engine/cardinfo"
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

// removal is what would take a card out of play: a KO or another move, in
// battle or by a skill of side's card src.
type removal struct {
	ko, inBattle bool
	side         Side
	src          CardID
}

// protects reports whether Detail d of a "can't be KO'd" effect of a skill
// of side's card keeps a card from removal r.
func (s *State) protects(d string, side Side, r removal) bool {
	bySkillOfOpponent := !r.inBattle && r.side != side
	switch d {
	case "":
		return r.ko
	case "in battle":
		return r.ko && r.inBattle
	case "by your opponent's skills", "once per turn":
		return r.ko && (bySkillOfOpponent || d == "once per turn")
	case "by the skills of your opponent's battle cards":
		_, leader, field, _, inPlay := s.where(r.src)
		battleCard := !leader && !field && (inPlay || s.Cards[r.src].Number != "")
		return r.ko && bySkillOfOpponent && battleCard
	case "removed by your opponent's skills":
		return bySkillOfOpponent
	}
	return false
}

// stays reports whether a [Permanent] skill in play keeps card id from
// removal r, and says so; a "once per turn" protection is then used up.
func (e *applier) stays(id CardID, r removal) bool {
	s := e.s
	if !s.strict() || s.flags&cardinfo.FlagPermanentGrant == 0 {
		return false
	}
	found := false
	s.permanentEffects(cardinfo.FlagPermanentGrant, func(side Side, src CardID, k int, sk *skill.Skill, ef *skill.Effect) bool {
		if ef.Kind != skill.CantBeKOd || !s.protects(ef.Detail, side, r) || !s.covers(side, src, &ef.Target, id) ||
			!s.holds(ctx{side: side, src: src}, ef.If) {
			return true
		}
		if ef.Detail == "once per turn" {
			if s.usedThisTurn(src, k, false) {
				return true
			}
			s.Used = append(s.Used, UsedSkill{Source: src, Skill: k})
		}
		m := msgCantBeKOd
		if ef.Detail == "removed by your opponent's skills" {
			m = msgCantBeMoved
		}
		e.events = append(e.events, Event{Rule: "[Permanent]", ID: m.ID, Format: m.Format, Args: []any{s.skillLabel(src, sk), s.Name(id)}})
		found = true
		return false
	})
	return found
}

// cantBeKOdEffect: the [Permanent] limits above, judged when a card would
// leave play (applier.stays); a "can't be KO'd" for a time is not applied.
type cantBeKOdEffect struct{}

func (cantBeKOdEffect) carries(ef *skill.Effect, t skill.Timing) bool {
	return t.Has(skill.Permanent) && ef.For == skill.WhileHolds
}

func (k cantBeKOdEffect) apply(e *applier, x *call) ([]CardID, *Violation) {
	if !k.carries(x.ef, x.sk.Timing) {
		e.notApplied(x.label, x.ef)
	}
	return nil, nil
}
