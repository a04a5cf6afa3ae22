package engine

import (
	"slices"

	"github.com/tenkaichi-org/tenkaichi/rules"
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
		return r.ko && bySkillOfOpponent && s.battleCardSource(r.src)
	case "removed by your opponent's skills":
		return bySkillOfOpponent
	case "removed by the skills of your opponent's battle cards":
		return bySkillOfOpponent && s.battleCardSource(r.src)
	}
	return false
}

// battleCardSource reports whether the skill of card src is a Battle
// Card's: by its type where the card list knows it (an Extra used is not
// in play either), else by where it is.
func (s *State) battleCardSource(src CardID) bool {
	if c, ok := s.card(src); ok && c.Type != "" {
		return c.Type == rules.TypeBattle
	}
	_, leader, field, _, inPlay := s.where(src)
	return !leader && !field && (inPlay || s.Cards[src].Number != "")
}

// stays reports whether a [Permanent] skill in play keeps card id from
// removal r, and says so; a "once per turn" protection is then used up.
func (e *applier) stays(id CardID, r removal) bool {
	s := e.s
	if !s.strict() {
		return false
	}
	if e.protectedForATime(id, r) {
		return true
	}
	if s.flags&cardinfo.FlagPermanentGrant == 0 {
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
		e.gain(x.c, id, p.bit, skill.UntilNextTurn)
		e.said(x, p.given, x.label, e.inPlayLabel(id))
	}
	return ids, nil
}

// battle and protection phrases (issue 29): a protection for a time is a
// bit of the card's Gains, after the limits of skills.go, one per Detail of
// a "can't be KO'd" effect, with what the engine says when a skill gives it
// and when it keeps the card in play.
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
		{"", kwNoReady << 1, msgCantBeKOdUntil, msgKOdKeptForATime},
		{"by your opponent's skills", kwNoReady << 2, msgCantBeKOdBySkill, msgKOdKeptForATime},
		{"removed by your opponent's skills", kwNoReady << 3, msgCantBeMovedUntil, msgMovedKeptForTime},
		{"removed by the skills of your opponent's battle cards", kwNoReady << 4, msgCantBeMovedUntil, msgMovedKeptForTime},
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
func (e *applier) protectedForATime(id CardID, r removal) bool {
	s := e.s
	side, leader, _, idx, ok := s.where(id)
	if !ok || leader || idx < 0 {
		return false
	}
	g := s.Players[side].Battle[idx].Gained
	for _, p := range protections {
		if (g.Turn|g.Battle|g.Until)&p.bit != 0 && s.protects(p.detail, side, r) {
			e.events = append(e.events, Event{Rule: "Card skills", ID: p.kept.ID, Format: p.kept.Format, Args: []any{s.Name(id)}})
			return true
		}
	}
	return false
}

// attackAllowed reports whether the [Permanent] skills of side def (the
// player attacked) let their card id be attacked: none says "your opponent
// can't attack" it, and each "your opponent can only attack ..." whose
// conditions hold names it (battle phrases, issue 29).
func (s *State) attackAllowed(def Side, id CardID) bool {
	ok := true
	s.permanentEffects(cardinfo.FlagPermanentGrant, func(side Side, src CardID, _ int, _ *skill.Skill, ef *skill.Effect) bool {
		if side != def || ef.Kind != skill.CantAttack || ef.For != skill.WhileHolds || (ef.Detail != "target" && ef.Detail != "only") ||
			!s.holds(ctx{side: side, src: src}, ef.If) {
			return true
		}
		covered := s.covers(side, src, &ef.Target, id)
		ok = covered == (ef.Detail == "only")
		return ok
	})
	return ok
}

// isBattleCardInPlay reports whether card id is in a Battle Area and not a
// Leader or a [Field].
func (s *State) isBattleCardInPlay(id CardID) bool {
	_, leader, field, _, ok := s.where(id)
	return ok && !leader && !field
}

// damageLimit is the least damage a [Permanent] skill of side's cards
// whose conditions hold lets side take in each battle ("you only take up
// to 1 damage in each battle"), with that skill's label; 0 for no limit.
func (s *State) damageLimit(side Side) (int, string) {
	limit, label := 0, ""
	s.permanentEffects(cardinfo.FlagPermanentGrant, func(from Side, src CardID, _ int, sk *skill.Skill, ef *skill.Effect) bool {
		if from == side && ef.Kind == skill.Damage && ef.Detail == skill.DamageLimit && ef.N > 0 &&
			(limit == 0 || ef.N < limit) && s.holds(ctx{side: from, src: src}, ef.If) {
			limit, label = ef.N, s.skillLabel(src, sk)
		}
		return true
	})
	return limit, label
}

// mayAttackActive reports whether a [Permanent] skill of side's cards
// whose conditions hold lets its card id attack the opponent's Battle
// Cards in Active Mode ("your Battle Cards with «Android» in their special
// traits can attack Active Mode Battle Cards", issue 29).
func (s *State) mayAttackActive(side Side, id CardID) bool {
	found := false
	s.permanentEffects(cardinfo.FlagPermanentGrant, func(from Side, src CardID, _ int, _ *skill.Skill, ef *skill.Effect) bool {
		found = from == side && ef.Kind == skill.Gain && ef.Detail == skill.AttackActive &&
			s.covers(from, src, &ef.Target, id) && s.holds(ctx{side: from, src: src}, ef.If)
		return !found
	})
	return found
}

// namesOf is the names of card id: its own, and those its [Permanent]
// "this card's name is also treated as <A> and <B> in all areas" adds, in
// any zone (issue 29).
func (s *State) namesOf(id CardID, own string) []string {
	names := []string{own}
	if s.flagsOf(id)&cardinfo.FlagPermanentGrant == 0 {
		return names
	}
	sks, _, ok := s.skillsOf(id)
	if !ok {
		return names
	}
	for k := range sks {
		if !sks[k].Understood || !sks[k].Timing.Has(skill.Permanent) {
			continue
		}
		for _, ef := range sks[k].Effects {
			if ef.Kind == skill.Gain && ef.Detail == skill.AlsoNamed {
				names = append(names, ef.Target.Filter.Names...)
			}
		}
	}
	return names
}

// mustAttackFirst is the violation of ending the turn while a Battle Card
// of side that "must attack whenever possible" (a [Permanent] skill whose
// conditions hold) still can: an attack with it on some target would be
// accepted (tried on a copy of the state).
func (s *State) mustAttackFirst(side Side) *Violation {
	if s.declared || s.cards == nil || s.flags&cardinfo.FlagPermanentGrant == 0 {
		return nil
	}
	p := &s.Players[side]
	opp := side.Other()
	for j := range p.Battle {
		if p.Battle[j].Rest || !s.granted(p.Battle[j].ID, skill.CantAttack, skill.MustAttack) {
			continue
		}
		targets := []string{"leader"}
		for k := range s.Players[opp].Battle {
			targets = append(targets, s.copyName(opp, k))
		}
		for _, t := range targets {
			a := Action{Player: side, Verb: VerbAttack, Card: s.copyName(side, j), Targets: []string{t}}
			if _, _, v := Apply(*s, a); v == nil {
				return violation("Card skills", "%s must attack whenever possible: it can still attack %s", s.Name(p.Battle[j].ID), t)
			}
		}
	}
	return nil
}
