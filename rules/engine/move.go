package engine

import "github.com/tenkaichi-org/tenkaichi/rules/engine/gamelog"

// move is the declared effect "move a card from one zone to another", for
// card skills the engine does not model (draws from life, searches, bounces).
func (e *applier) move() *Violation {
	s, a := e.s, e.a
	if !gamelog.ValidZone(a.From) || !gamelog.ValidZone(a.To) {
		return logError("move needs zones from and to: hand, deck, life, drop, battle, energy or combo")
	}
	r, err := ParseRef(a.Card)
	if err != nil {
		return logError("%s", err)
	}
	if r.Leader {
		return violation("CR 3-5-3", "a Leader never leaves the Leader Area")
	}
	side := a.Player
	if r.Owner != NoSide {
		side = r.Owner
	}
	p := &s.Players[side]
	var id CardID
	switch a.From {
	case ZoneBattle:
		if r.Number != "" && p.Field != NoCard && s.Cards[p.Field].Number == r.Number {
			id = p.Field
			p.Field = NoCard
			break
		}
		i, v := e.findBattle(side, a.Card)
		if v != nil {
			return v
		}
		id = p.Battle[i].ID
		e.leavePlay(side, i, nil)
	case ZoneEnergy:
		i, ok := e.pick(len(p.Energy), func(i int) CardID { return p.Energy[i].ID }, r)
		if !ok {
			return logError("%s has no %s in their %s", side, r.String(), a.From)
		}
		id = p.Energy[i].ID
		p.Energy = removeAt(p.Energy, i)
	default:
		l := e.zone(p, a.From)
		i, ok := e.pick(len(*l), func(i int) CardID { return (*l)[i] }, r)
		if !ok {
			return logError("%s has no %s in their %s", side, r.String(), a.From)
		}
		id = (*l)[i]
		if r.Number != "" && s.Cards[id].Number == "" {
			if v := e.reveal(id, r.Number); v != nil {
				return v
			}
		}
		*l = removeAt(*l, i)
	}
	switch a.To {
	case ZoneBattle:
		p.Battle = append(p.Battle, BattleCard{ID: id, Copy: s.NextCopy(side, s.Cards[id].Number)})
	case ZoneEnergy:
		p.Energy = append(p.Energy, EnergyCard{ID: id})
	case ZoneDeck, ZoneLife:
		l := e.zone(p, a.To)
		if a.Bottom {
			*l = append(*l, id)
		} else {
			*l = append([]CardID{id}, *l...)
		}
	default:
		l := e.zone(p, a.To)
		*l = append(*l, id)
	}
	e.event("", "%s moves %s's %s from %s to %s", a.Player, side, s.Name(id), a.From, a.To)
	// As when the attacker or the target is KO'd or drops to 0 power: once
	// either has left the Battle Area, the battle ends.
	if a.From == ZoneBattle && s.Battle.Step != NoBattle && (id == s.Battle.Attacker || id == s.Battle.Target) {
		if id == s.Battle.Attacker {
			e.auto("Battle end", "the attacker %s has left the Battle Area, so the battle ends", s.Name(id))
		} else {
			e.auto("Battle end", "the target %s has left the Battle Area, so the battle ends", s.Name(id))
		}
		e.endBattle()
	}
	return nil
}

func (e *applier) zone(p *PlayerState, z Zone) *[]CardID {
	switch z {
	case ZoneHand:
		return &p.Hand
	case ZoneDeck:
		return &p.Deck
	case ZoneLife:
		return &p.Life
	case ZoneCombo:
		return &p.Combo
	}
	return &p.Drop
}

// pick finds the card a reference names among n cards: top, bottom, a
// numbered copy, or else an unknown card that the reference reveals.
func (e *applier) pick(n int, at func(int) CardID, r Ref) (int, bool) {
	if n == 0 {
		return 0, false
	}
	switch {
	case r.Top:
		return 0, true
	case r.Bottom:
		return n - 1, true
	case r.Number == "":
		return 0, true
	}
	seen, unknown := 0, -1
	for i := 0; i < n; i++ {
		num := e.s.Cards[at(i)].Number
		if num == r.Number {
			seen++
			if r.Nth == 0 || r.Nth == seen {
				return i, true
			}
		}
		if num == "" && unknown < 0 {
			unknown = i
		}
	}
	if unknown >= 0 && r.Nth == 0 {
		return unknown, true
	}
	return 0, false
}
