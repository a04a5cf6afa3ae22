package gamestate

import (
	"strings"

	"github.com/tenkaichi-org/tenkaichi/rules/engine/cardinfo"
	"github.com/tenkaichi-org/tenkaichi/rules/skill"
)

// FindCopy finds a Battle Card of side by number and copy number (#k, given
// when it entered the Battle Area); without a copy number, the first.
func (s *State) FindCopy(side Side, r Ref) (int, bool) {
	for i, b := range s.Players[side].Battle {
		if s.Cards[b.ID].Number == r.Number && (r.Nth == 0 || b.Copy == r.Nth) {
			return i, true
		}
	}
	return 0, false
}

// CountInBattle counts side's Battle Cards of number.
func (s *State) CountInBattle(side Side, number string) int {
	n := 0
	for _, b := range s.Players[side].Battle {
		if s.Cards[b.ID].Number == number {
			n++
		}
	}
	return n
}

// NextCopy is the copy number a card entering side's Battle Area gets: the
// lowest not held by another card of its number there.
func (s *State) NextCopy(side Side, number string) int {
	if number == "" {
		return 0
	}
	for k := 1; ; k++ {
		taken := false
		for _, b := range s.Players[side].Battle {
			if b.Copy == k && s.Cards[b.ID].Number == number {
				taken = true
				break
			}
		}
		if !taken {
			return k
		}
	}
}

// CopyName is a Battle Card's number with its copy number when it needs
// one to be told apart ("FS01-07#2").
func (s *State) CopyName(side Side, idx int) string {
	b := s.Players[side].Battle[idx]
	n := s.Name(b.ID)
	if b.Copy > 1 || b.Copy == 1 && s.CountInBattle(side, s.Cards[b.ID].Number) > 1 {
		return n + "#" + itoa(b.Copy)
	}
	return n
}

// CantAttack reports whether a skill forbids card id to attack now: an
// effect for the turn, or a [Permanent] "this card can't attack".
func (s *State) CantAttack(id CardID) bool {
	side, leader, _, idx, ok := s.Where(id)
	if !ok {
		return false
	}
	g := s.Players[side].Leader.Gained
	if !leader {
		g = s.Players[side].Battle[idx].Gained
	}
	if (g.Turn|g.Battle|g.Until)&KwNoAttack != 0 {
		return true
	}
	return s.Granted(id, skill.CantAttack, "")
}

// BattlePowers returns the attacker's and the target's power in the battle in
// progress, combos included; ok is false when card data is missing.
func (s *State) BattlePowers() (atk, def int, ok bool) {
	atk, def, unknown := s.BattlePowersUnknown()
	return atk, def, s.Battle.Step != NoBattle && len(unknown) == 0
}

// BattlePowersUnknown is BattlePowers with the cards whose power or combo power is
// not known.
func (s *State) BattlePowersUnknown() (atk, def int, unknown []CardID) {
	if s.Battle.Step == NoBattle {
		return 0, 0, nil
	}
	atk, ok1 := s.Power(s.Battle.Attacker)
	def, ok2 := s.Power(s.Battle.Target)
	if !ok1 {
		unknown = append(unknown, s.Battle.Attacker)
	}
	if !ok2 {
		unknown = append(unknown, s.Battle.Target)
	}
	for i := range s.Players {
		side := Side(i)
		for _, id := range s.Players[i].Combo {
			c, known := s.Card(id)
			if !known || c.ComboPower == nil {
				unknown = append(unknown, id)
				continue
			}
			if side == s.TurnPlayer {
				atk += *c.ComboPower
			} else {
				def += *c.ComboPower
			}
		}
		if side == s.TurnPlayer {
			atk += s.Players[i].ComboBonus
		} else {
			def += s.Players[i].ComboBonus
		}
	}
	return atk, def, unknown
}

// Power is the current power of a Leader or Battle Card in play, with the
// declared power changes; ok is false when its card data is missing.
func (s *State) Power(id CardID) (int, bool) {
	for i := range s.Players {
		p := &s.Players[i]
		if p.Leader.ID == id {
			c, ok := s.Card(id)
			pw := c.Power
			if p.Leader.Awakened {
				pw = c.BackPower
			}
			if !ok || pw == nil {
				return 0, false
			}
			return *pw + p.Leader.Mods.Total() + s.continuous(id), true
		}
		for _, b := range p.Battle {
			if b.ID == id {
				c, ok := s.Card(id)
				if !ok || c.Power == nil {
					return 0, false
				}
				return *c.Power + b.Mods.Total() + s.continuous(id), true
			}
		}
	}
	return 0, false
}

// CountEach is how many cards a power change "for each" counts, when it
// applies: the cards of the player's Battle Area that fit (a [Field]
// included when any card counts), with the Leader for "among your Leader
// and Battle Cards"; or the opponent's Battle Cards that fit.
func (s *State) CountEach(c Ctx, k *skill.Cond) int {
	side := c.Side
	if k.Kind == skill.OppHave {
		side = side.Other()
	}
	p := &s.Players[side]
	// A card the list does not describe is not counted: fits would take
	// it for any card.
	counts := func(id CardID) bool {
		card, known := s.Card(id)
		return known && cardinfo.Described(card) && s.Fits(id, &k.Card, NoCard)
	}
	n := 0
	for _, b := range p.Battle {
		if counts(b.ID) {
			n++
		}
	}
	if k.Kind == skill.Have && p.Field != NoCard && k.Card.Type == "" && counts(p.Field) {
		n++
	}
	if k.WithLeader && counts(p.Leader.ID) {
		n++
	}
	return n
}

// Names lists the cards' names for a sentence, "—" for none.
func (s *State) Names(ids []CardID) string {
	if len(ids) == 0 {
		return "—"
	}
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = s.Name(id)
	}
	return strings.Join(out, ", ")
}

// OutOfPlay counts the cards of ids that are not in play.
func (s *State) OutOfPlay(ids []CardID) int {
	n := 0
	for _, id := range ids {
		if _, _, _, _, ok := s.Where(id); !ok {
			n++
		}
	}
	return n
}

// InPlayLabel names a Leader or Battle Card in play as the notation does
// ("P2:FS02-05#2", "P1:leader").
func (s *State) InPlayLabel(id CardID) string {
	side, leader, field, idx, ok := s.Where(id)
	switch {
	case !ok:
		return s.Name(id)
	case leader:
		return side.String() + ":leader"
	case field:
		return side.String() + ":" + s.Name(id)
	}
	return side.String() + ":" + s.CopyName(side, idx)
}
