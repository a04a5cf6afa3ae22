package engine

import (
	"github.com/tenkaichi-org/tenkaichi/rules/engine/gamestate"
	"github.com/tenkaichi-org/tenkaichi/rules/skill"
)

// The effect kinds that work on a player's zones and counts rather than on
// chosen cards: draw, life, the deck's top, energy, markers, damage.

// drawEffect: "draw N cards".
type drawEffect struct {
	always
	one, many Msg
}

func (k drawEffect) apply(e *applier, x *call) ([]CardID, *Violation) {
	p := x.player(e)
	n := min(x.ef.N, len(p.Deck))
	ids := append([]CardID(nil), p.Deck[:n]...)
	if x.ef.Detail == "revealed" && n == 1 {
		e.nameRevealed(x, ids[0])
	}
	e.drawN(x.c.Side, n)
	if n == 1 {
		e.said(x, k.one, x.label, x.c.Side, e.s.Name(ids[0]))
	} else {
		e.said(x, k.many, x.label, x.c.Side, n)
	}
	return ids, nil
}

// comboPowerEffect: "this card gets +N combo power" (in the Combo Area).
type comboPowerEffect struct {
	always
	done Msg
}

func (k comboPowerEffect) apply(e *applier, x *call) ([]CardID, *Violation) {
	x.player(e).ComboBonus += x.ef.Amount
	e.said(x, k.done, x.label, e.s.Name(x.c.Src), x.ef.Amount)
	return nil, nil
}

// lifeEffect: "add N (up to N) cards from your life to your hand / Drop /
// energy", top card first.
type lifeEffect struct {
	always
	to   dest
	done Msg
}

func (k lifeEffect) apply(e *applier, x *call) ([]CardID, *Violation) {
	p := x.player(e)
	n := e.count(x.ef, x.q, len(p.Life))
	for range n {
		top := p.Life[0]
		p.Life = p.Life[1:]
		k.to.put(p, x.ef.Rest, top)
	}
	if n > 0 {
		e.said(x, k.done, x.label, x.c.Side, n)
	} else {
		e.said(x, msgTakesNoLifeCard, x.label, x.c.Side)
	}
	return nil, nil
}

// deckTopEffect: "add the top N cards of your deck to your life / energy",
// "place the top N cards of your deck in the Drop".
type deckTopEffect struct {
	always
	to   dest
	done Msg
}

func (k deckTopEffect) apply(e *applier, x *call) ([]CardID, *Violation) {
	p := x.player(e)
	n := min(x.ef.N, len(p.Deck))
	ids := append([]CardID(nil), p.Deck[:n]...)
	p.Deck = p.Deck[n:]
	k.to.put(p, x.ef.Rest, ids...)
	e.said(x, k.done, x.label, x.c.Side, n)
	return ids, nil
}

// energyModeEffect: "switch up to N of your energy to Active Mode", or N of
// it to Rest Mode (a cost: all N, or the use line is refused).
type energyModeEffect struct {
	always
	rest          bool
	done, lacking Msg
}

func (k energyModeEffect) apply(e *applier, x *call) ([]CardID, *Violation) {
	p := x.player(e)
	avail := 0
	for _, en := range p.Energy {
		if en.Rest != k.rest {
			avail++
		}
	}
	n := e.count(x.ef, x.q, avail)
	if !k.rest && e.noActiveBySkills(x, x.c.Side, NoCard) {
		n = 0
	}
	if k.rest && n < x.ef.N && !x.q.lapse {
		return nil, violationMsg("CR 5-3-1", k.lacking, x.label, x.c.Side, avail)
	}
	done := 0
	for i := range p.Energy {
		if done < n && p.Energy[i].Rest != k.rest {
			p.Energy[i].Rest = k.rest
			done++
		}
	}
	e.said(x, k.done, x.label, x.c.Side, done)
	return nil, nil
}

// energyToDropEffect: "place N of your energy in the Drop" (a cost), rested
// energy first: it has paid already.
type energyToDropEffect struct {
	always
	done, lacking Msg
}

func (k energyToDropEffect) apply(e *applier, x *call) ([]CardID, *Violation) {
	if x.ef.From == skill.Energy {
		return e.chosenEnergyToDrop(x)
	}
	p := x.player(e)
	n := min(x.ef.N, len(p.Energy))
	if n < x.ef.N && !x.q.lapse {
		return nil, violationMsg("Card skills", k.lacking, x.label, x.c.Side, len(p.Energy))
	}
	for range n {
		i := len(p.Energy) - 1
		for j := range p.Energy {
			if p.Energy[j].Rest {
				i = j
				break
			}
		}
		p.Drop = append(p.Drop, p.Energy[i].ID)
		p.Energy = removeAt(p.Energy, i)
		p.EnergyDropped = true
	}
	e.said(x, k.done, x.label, x.c.Side, n)
	return nil, nil
}

// placeMarkerEffect: "place N energy markers".
type placeMarkerEffect struct {
	always
	done Msg
}

func (k placeMarkerEffect) apply(e *applier, x *call) ([]CardID, *Violation) {
	side := x.c.Side
	if x.ef.Target.Who == skill.Opponents {
		side = side.Other() // "your opponent places 1 energy marker" (FB04-106)
	}
	e.s.Players[side].Markers += x.ef.N
	e.said(x, k.done, x.label, side, x.ef.N)
	return nil, nil
}

// removeMarkerEffect: "remove N energy markers" (a cost: the markers must be
// there); they are removed from the game.
type removeMarkerEffect struct {
	always
	done, lacking Msg
}

func (k removeMarkerEffect) apply(e *applier, x *call) ([]CardID, *Violation) {
	p := x.player(e)
	if p.Markers < x.ef.N {
		return nil, violationMsg("CR 5-3-1", k.lacking, x.label, x.c.Side, p.Markers, x.ef.N)
	}
	p.Markers -= x.ef.N
	p.Removed += x.ef.N
	if x.ef.N > 0 {
		p.Marks |= gamestate.MarkMarkerRemoved
	}
	e.said(x, k.done, x.label, x.c.Side, x.ef.N)
	return nil, nil
}

// damageEffect: "deal N damage to your opponent" (or, with "your Leader",
// take it).
type damageEffect struct {
	done Msg
}

// carries: a [Permanent] "you only take up to N damage in each battle" is
// judged in the Damage Step (State.DamageLimit).
func (damageEffect) carries(ef *skill.Effect, t skill.Timing) bool {
	return ef.Detail == "" || ef.Detail == skill.DamageLimit && ef.For == skill.WhileHolds && t.Has(skill.Permanent)
}

func (k damageEffect) apply(e *applier, x *call) ([]CardID, *Violation) {
	if x.ef.Detail != "" {
		return nil, nil
	}
	side := x.c.Side.Other()
	if x.ef.Target.Who == skill.YourLeader {
		side = x.c.Side
	}
	e.damage(side, x.ef.N, false, nil)
	e.said(x, k.done, x.label, side, x.ef.N)
	return nil, nil
}

// nextCostEffect: "during this turn, the next time you use a card that fits,
// its cost is lower (or free)": a Discount the next such card takes
// (applier.discount).
type nextCostEffect struct {
	always
	done Msg
}

func (k nextCostEffect) apply(e *applier, x *call) ([]CardID, *Violation) {
	if sks, back, ok := e.s.SkillsOf(x.c.Src); ok {
		for i := range sks {
			if &sks[i] != x.sk {
				continue
			}
			if j := flatIndex(x.sk, x.ef); j >= 0 {
				p := x.player(e)
				p.Discounts = append(p.Discounts, Discount{Source: x.c.Src, Skill: i, Back: back, Effect: j})
				e.said(x, k.done, x.label, x.c.Side)
				return nil, nil
			}
		}
	}
	e.notApplied(x.label, x.ef)
	return nil, nil
}

// chooseOneEffect: "Choose one―・A.・B.": the use line's choice "option1",
// "option2" … picks the option, whose effects then apply in order (each
// with its own conditions), with the choices after it.
type chooseOneEffect struct{ done Msg }

var msgNeedsOption = msg("EngineNeedsOption", "%s chooses one of %d options: write option1, option2 … first after -> in the use line")

func (chooseOneEffect) carries(ef *skill.Effect, t skill.Timing) bool {
	for _, o := range ef.Options {
		for i := range o {
			if !applies(&o[i], t) {
				return false
			}
		}
	}
	return len(ef.Options) > 1
}

func (k chooseOneEffect) apply(e *applier, x *call) ([]CardID, *Violation) {
	if !k.carries(x.ef, x.sk.Timing) {
		e.notApplied(x.label, x.ef)
		return nil, nil
	}
	ref, _ := x.q.peek()
	n, ok := Option(ref)
	if !ok || n > len(x.ef.Options) {
		if x.q.lapse {
			return nil, nil
		}
		return nil, violationMsg("Card skills", msgNeedsOption, x.label, len(x.ef.Options))
	}
	x.q.pop()
	e.said(x, k.done, x.label, x.c.Side, n)
	chosen := x.chosen
	opt := x.ef.Options[n-1]
	for i := range opt {
		ef := &opt[i]
		if len(ef.If) > 0 && !e.s.Holds(x.c, ef.If) {
			continue
		}
		got, v := e.effect(x.c, x.sk, ef, x.q, chosen)
		if v != nil {
			return nil, v
		}
		if len(got) > 0 {
			chosen = got
		}
	}
	return chosen, nil
}

// cantPlayEffect: "you can't play <Name> for the turn": a limit the player's
// plays are checked against until the turn ends (applier.barred).
type cantPlayEffect struct{ done Msg }

func (cantPlayEffect) carries(ef *skill.Effect, _ skill.Timing) bool { return ef.For == skill.ForTurn }

func (k cantPlayEffect) apply(e *applier, x *call) ([]CardID, *Violation) {
	if sks, back, ok := e.s.SkillsOf(x.c.Src); ok && k.carries(x.ef, x.sk.Timing) {
		for i := range sks {
			if &sks[i] != x.sk {
				continue
			}
			if j := flatIndex(x.sk, x.ef); j >= 0 {
				p := x.player(e)
				p.Barred = append(p.Barred, Discount{Source: x.c.Src, Skill: i, Back: back, Effect: j})
				e.said(x, k.done, x.label, x.c.Side)
				return nil, nil
			}
		}
	}
	e.notApplied(x.label, x.ef)
	return nil, nil
}

var msgCantPlayThisTurn = msg("EngineCantBePlayedThisTurn", "%s can't be played this turn: %s said so")

// barred is the violation of playing card id while a "you can't play ...
// for the turn" of pl's names it.
func (e *applier) barred(pl Side, id CardID) *Violation {
	s := e.s
	for _, d := range s.Players[pl].Barred {
		sks, _, ok := s.SkillsOfSide(d.Source, d.Back)
		if !ok || d.Skill >= len(sks) {
			continue
		}
		sk := &sks[d.Skill]
		if ef := flatEffect(sk, d.Effect); ef != nil && e.s.FitsZone(gamestate.Ctx{Side: pl, Src: d.Source}, &ef.Target, id) {
			return violationMsg("Card skills", msgCantPlayThisTurn, s.Name(id), s.SkillLabel(d.Source, sk))
		}
	}
	return nil
}

// flipEffect: a Leader's [Awaken] flips it. The awaken action does that; a
// skill that flips the Leader otherwise is the players' word.
type flipEffect struct{}

func (flipEffect) apply(*applier, *call) ([]CardID, *Violation) { return nil, nil }

func (flipEffect) carries(_ *skill.Effect, t skill.Timing) bool { return t.Has(skill.Awaken) }

// costChangeEffect: "the cost of Target changes by N". The engine lowers the
// cost of playing the card itself while its [Permanent] condition holds
// (applier.play), counts a [Permanent] change of this card in the Battle
// Area while it holds (State.CostChange), and changes the cost of chosen
// cards in play for the turn.
type costChangeEffect struct{ done Msg }

func (k costChangeEffect) apply(e *applier, x *call) ([]CardID, *Violation) {
	switch {
	case x.ef.For == skill.WhileHolds:
		return nil, nil // counted while its conditions hold
	case !k.carries(x.ef, x.sk.Timing):
		e.notApplied(x.label, x.ef)
		return nil, nil
	}
	return e.inPlay(x, func(id CardID) {
		side, _, _, idx, ok := e.s.Where(id)
		if !ok || idx < 0 {
			return
		}
		e.s.Players[side].Battle[idx].CostTurn += x.ef.Amount
		e.said(x, k.done, x.label, e.s.InPlayLabel(id), x.ef.Amount)
	})
}

func (costChangeEffect) carries(ef *skill.Effect, t skill.Timing) bool {
	if t.Has(skill.Permanent) {
		// In a Battle Area, costChange counts it for every card it covers
		// (King Castle FB06-116's «Demon Clan» cards, Vegito FB02-061's
		// opponent's Battle Cards); in the hand, only this card's.
		return ef.Detail == "in battle area" || ef.Target.Who == skill.ThisCard && ef.Detail == ""
	}
	return ef.For == skill.ForTurn && !fromZone(ef) && ef.Detail == ""
}
