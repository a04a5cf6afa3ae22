package gamestate

import (
	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/rules/engine/cardinfo"
	"github.com/tenkaichi-org/tenkaichi/rules/skill"
)

// Removal is what would take a card out of play: a KO or another move, in
// battle or by a skill of side's card src.
type Removal struct {
	KO, InBattle bool
	Side         Side
	Src          CardID
}

// Protects reports whether Detail d of a "can't be KO'd" effect of a skill
// of side's card keeps a card from removal r.
func (s *State) Protects(d string, side Side, r Removal) bool {
	bySkillOfOpponent := !r.InBattle && r.Side != side
	switch d {
	case "":
		return r.KO
	case "in battle":
		return r.KO && r.InBattle
	case "by your opponent's skills", "once per turn":
		return r.KO && (bySkillOfOpponent || d == "once per turn")
	case "by the skills of your opponent's battle cards":
		return r.KO && bySkillOfOpponent && s.battleCardSource(r.Src)
	case "removed by your opponent's skills":
		return bySkillOfOpponent
	case "removed by the skills of your opponent's battle cards":
		return bySkillOfOpponent && s.battleCardSource(r.Src)
	}
	return false
}

// battleCardSource reports whether the skill of card src is a Battle
// Card's: by its type where the card list knows it (an Extra used is not
// in play either), else by where it is.
func (s *State) battleCardSource(src CardID) bool {
	if c, ok := s.Card(src); ok && c.Type != "" {
		return c.Type == rules.TypeBattle
	}
	_, leader, field, _, inPlay := s.Where(src)
	return !leader && !field && (inPlay || s.Cards[src].Number != "")
}

// AttackAllowed reports whether the [Permanent] skills of side def (the
// player attacked) let their card id be attacked: none says "your opponent
// can't attack" it, and each "your opponent can only attack ..." whose
// conditions hold names it (battle phrases, issue 29).
func (s *State) AttackAllowed(def Side, id CardID) bool {
	ok := true
	s.PermanentEffects(cardinfo.FlagPermanentGrant, func(side Side, src CardID, _ int, _ *skill.Skill, ef *skill.Effect) bool {
		if side != def || ef.Kind != skill.CantAttack || ef.For != skill.WhileHolds || (ef.Detail != "target" && ef.Detail != "only") ||
			!s.Holds(Ctx{Side: side, Src: src}, ef.If) {
			return true
		}
		covered := s.Covers(side, src, &ef.Target, id)
		ok = covered == (ef.Detail == "only")
		return ok
	})
	return ok
}

// isBattleCardInPlay reports whether card id is in a Battle Area and not a
// Leader or a [Field].
func (s *State) isBattleCardInPlay(id CardID) bool {
	_, leader, field, _, ok := s.Where(id)
	return ok && !leader && !field
}

// DamageLimit is the least damage a [Permanent] skill of side's cards
// whose conditions hold lets side take in each battle ("you only take up
// to 1 damage in each battle"), with that skill's label; 0 for no limit.
func (s *State) DamageLimit(side Side) (int, string) {
	limit, label := 0, ""
	s.PermanentEffects(cardinfo.FlagPermanentGrant, func(from Side, src CardID, _ int, sk *skill.Skill, ef *skill.Effect) bool {
		if from == side && ef.Kind == skill.Damage && ef.Detail == skill.DamageLimit && ef.N > 0 &&
			(limit == 0 || ef.N < limit) && s.Holds(Ctx{Side: from, Src: src}, ef.If) {
			limit, label = ef.N, s.SkillLabel(src, sk)
		}
		return true
	})
	return limit, label
}

// MayAttackActive reports whether a [Permanent] skill of side's cards
// whose conditions hold lets its card id attack the opponent's Battle
// Cards in Active Mode ("your Battle Cards with «Android» in their special
// traits can attack Active Mode Battle Cards", issue 29).
func (s *State) MayAttackActive(side Side, id CardID) bool {
	found := false
	s.PermanentEffects(cardinfo.FlagPermanentGrant, func(from Side, src CardID, _ int, _ *skill.Skill, ef *skill.Effect) bool {
		found = from == side && ef.Kind == skill.Gain && ef.Detail == skill.AttackActive &&
			s.Covers(from, src, &ef.Target, id) && s.Holds(Ctx{Side: from, Src: src}, ef.If)
		return !found
	})
	return found
}

// namesOf is the names of card id: its own, and those its [Permanent]
// "this card's name is also treated as <A> and <B> in all areas" adds, in
// any zone (issue 29).
func (s *State) namesOf(id CardID, own string) []string {
	names := []string{own}
	if s.FlagsOf(id)&cardinfo.FlagPermanentGrant == 0 {
		return names
	}
	sks, _, ok := s.SkillsOf(id)
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
