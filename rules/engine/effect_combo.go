package engine

import (
	"strconv"

	"github.com/tenkaichi-org/tenkaichi/rules/engine/gamestate"
	"github.com/tenkaichi-org/tenkaichi/rules/skill"
)

// comboUseEffect: a skill uses a card in a combo from elsewhere than the
// player's own combo step: from the Drop ("use up to 1 Battle Card from your
// Drop in a combo", Son Goku : Childhood SB01-053, Chi-Chi : Childhood
// FB06-103) or from the top of the deck ("reveal the top card of your deck
// and use up to 1 ... in a combo", Gine : BR FB03-107; "look at 2 cards ...",
// Zahha FS09-03; Bardock FS05-01's back). The use line names the card; it
// goes to its player's Combo Area and adds its combo power to the battle, as
// a combo does (only Battle Cards with combo power may be combos). A card
// used from the Drop triggers its "when used in a combo from the Drop" and
// counts for "if you use a card from your Drop in a combo during this turn".
// Looked-at cards not used stay on top of the deck; when two or more are
// left ("in any order") the use line may name their order after the combo
// card ("none" first when it uses none), and with "at the top or bottom"
// (Bardock) a card named may be followed by "bottom".
type comboUseEffect struct {
	done, none, noBattle Msg
}

func (comboUseEffect) carries(ef *skill.Effect, _ skill.Timing) bool {
	return ef.From == skill.Drop || ef.From == skill.Deck || ef.From == skill.Hand
}

func (k comboUseEffect) apply(e *applier, x *call) ([]CardID, *Violation) {
	if e.s.Battle.Step == NoBattle || e.s.Battle.Step == StepDamage {
		e.said(x, k.noBattle, x.label)
		return nil, nil
	}
	if x.ef.From == skill.Deck {
		return k.fromDeck(e, x)
	}
	p := x.player(e)
	zone := &p.Drop
	if x.ef.From == skill.Hand {
		zone = &p.Hand
	}
	t := x.ef.Target
	ids, v := e.choose(x, &t, func(ref string) (CardID, bool) { return e.zoneRef(x.c.Side, x.ef.From, *zone, ref) })
	if v != nil {
		return nil, v
	}
	for _, id := range ids {
		if v := e.comboCard(id); v != nil {
			return nil, v
		}
	}
	for _, id := range ids {
		for i, y := range *zone {
			if y == id {
				*zone = removeAt(*zone, i)
				break
			}
		}
		k.toCombo(e, x, id)
	}
	if len(ids) == 0 {
		e.said(x, k.none, x.label, x.c.Side)
	}
	return ids, nil
}

// fromDeck uses up to the target's count of the top N cards of the deck;
// the rest go back on top (or, where the skill allows, to the bottom).
func (k comboUseEffect) fromDeck(e *applier, x *call) ([]CardID, *Violation) {
	p := x.player(e)
	n := min(max(x.ef.N, 1), len(p.Deck))
	looked := append([]CardID(nil), p.Deck[:n]...)
	t := x.ef.Target
	ids, v := e.choose(x, &t, func(ref string) (CardID, bool) { return e.revealedRef(x.c.Side, looked, ref) })
	if v != nil {
		return nil, v
	}
	for _, id := range ids {
		if v := e.comboCard(id); v != nil {
			return nil, v
		}
	}
	top, bottom := k.restOrder(e, x, remaining(looked, ids, nil))
	p.Deck = append(append(top, p.Deck[n:]...), bottom...)
	e.said(x, msgLooksAtDeck, x.label, x.c.Side, n)
	for _, id := range ids {
		k.toCombo(e, x, id)
	}
	if len(ids) == 0 {
		e.said(x, k.none, x.label, x.c.Side)
	}
	return ids, nil
}

// restOrder reads the order of the looked-at cards not used: those the use
// line names first (on top, in order; "bottom" after one sends it to the
// bottom where the skill allows), then the others in the order they were.
func (k comboUseEffect) restOrder(e *applier, x *call, rest []CardID) (top, bottom []CardID) {
	if len(rest) < 2 && x.ef.Place != "top or bottom" {
		// Nothing to order: a card named here is a choice that did not fit.
		return rest, nil
	}
	var named []CardID
	for len(named) < len(rest) {
		ref, ok := x.q.peek()
		if !ok {
			break
		}
		id, found := e.revealedRef(x.c.Side, remaining(rest, named, nil), ref)
		if !found {
			break
		}
		x.q.pop()
		named = append(named, id)
		if x.ef.Place == "top or bottom" && e.placesAtBottom(x.q) {
			bottom = append(bottom, id)
			continue
		}
		top = append(top, id)
	}
	return append(top, remaining(rest, named, nil)...), bottom
}

// toCombo puts id in its player's Combo Area and fires what a combo fires.
func (k comboUseEffect) toCombo(e *applier, x *call, id CardID) {
	s := e.s
	p := x.player(e)
	p.Combo = append(p.Combo, id)
	power := "?"
	if c, ok := s.Card(id); ok && c.ComboPower != nil {
		power = strconv.Itoa(*c.ComboPower)
	}
	e.said(x, k.done, x.label, x.c.Side, s.Name(id), power)
	e.depth++
	defer func() { e.depth-- }()
	if x.ef.From == skill.Drop {
		p.Marks |= gamestate.MarkComboFromDrop
		e.trigger(x.c.Side, id, skill.Auto, skill.ComboFromDrop)
	}
	for _, b := range []CardID{s.Battle.Attacker, s.Battle.Target} {
		if s.Owner(b) == x.c.Side {
			e.trigger(x.c.Side, b, skill.Auto, skill.ComboWhileInBattle)
		}
	}
}

// toComboEffect: "choose up to 1 Battle Card with a cost of 3 or less and
// place it into its owner's Combo Area" (Great Ape Baby FB04-104). The card
// leaves the Battle Area for its owner's Combo Area, where its combo power
// counts for that side in the battle. A card in the battle itself leaves
// it, and the battle ends (its combo cards, this one too, go to the Drop).
// Outside a battle there is no Combo to join: the replay flags it.
type toComboEffect struct {
	always
	done Msg
}

func (k toComboEffect) apply(e *applier, x *call) ([]CardID, *Violation) {
	s := e.s
	if s.Battle.Step == NoBattle {
		e.notApplied(x.label, x.ef)
		return nil, nil
	}
	return e.inPlay(x, func(id CardID) {
		side, leader, field, idx, ok := s.Where(id)
		if !ok || leader || field || e.stays(id, gamestate.Removal{Side: x.c.Side, Src: x.c.Src}) {
			return
		}
		name := e.s.InPlayLabel(id)
		p := &s.Players[side]
		e.leavePlay(side, idx, &p.Combo)
		e.said(x, k.done, x.label, name)
		if s.Battle.Attacker == id || s.Battle.Target == id {
			e.autoMsg("Battle end", msgLeftBattleArea, s.Name(id))
			e.endBattle()
		}
	})
}
