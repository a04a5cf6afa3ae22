package engine

// revealHandEffect: "choose 3 cards from your opponent's hand and reveal
// them" (Spy Robot FB02-081, Scouter FB03-076). The use line names the
// cards revealed, in the opponent's hand (P2:FS02-05); a card a paper
// hand holds unknown becomes the one named. They stay in the hand; the
// first is "the revealed card" of the conditions after it.
type revealHandEffect struct {
	always
	done Msg
}

func (k revealHandEffect) apply(e *applier, x *call) ([]CardID, *Violation) {
	opp := x.c.Side.Other()
	t := x.ef.Target
	t.N = min(t.N, len(e.s.Players[opp].Hand))
	ids, v := e.choose(x, &t, func(ref string) (CardID, bool) {
		i, v := e.fromHand(opp, ref)
		if v != nil {
			return NoCard, false
		}
		return e.s.Players[opp].Hand[i], true
	})
	if v != nil {
		return nil, v
	}
	if len(ids) > 0 {
		e.said(x, k.done, x.label, opp, e.s.Names(ids))
	}
	return ids, nil
}

// chooseEnergy takes the use line's choice of cards of the player's energy
// for target t (named by number, #k for the k-th).
func (e *applier) chooseEnergy(x *call) ([]CardID, *Violation) {
	p := x.player(e)
	t := x.ef.Target
	return e.choose(x, &t, func(ref string) (CardID, bool) {
		r, err := ParseRef(ref)
		if err != nil || r.Owner != NoSide && r.Owner != x.c.Side || r.Leader || r.Number == "" {
			return NoCard, false
		}
		i, ok := e.pick(len(p.Energy), func(i int) CardID { return p.Energy[i].ID }, r)
		if !ok || e.s.Cards[p.Energy[i].ID].Number != r.Number {
			return NoCard, false
		}
		return p.Energy[i].ID, true
	})
}

// takeEnergy removes card id from the player's energy.
func takeEnergy(p *PlayerState, id CardID) {
	for i, en := range p.Energy {
		if en.ID == id {
			p.Energy = removeAt(p.Energy, i)
			return
		}
	}
}

// energyToHand: "return 1 Extra from your energy to your hand" (a cost of
// Master Roshi FB03-056): the use line names the card.
func (e *applier) energyToHand(x *call) ([]CardID, *Violation) {
	return e.chosenEnergyTo(x, func(p *PlayerState, id CardID) {
		toHand.put(p, false, id)
		e.said(x, msgAddsToHand, x.label, x.c.Side, e.s.Name(id))
	})
}

// chosenEnergyTo takes the energy cards the use line names and moves each
// with move, a cost's place for them.
func (e *applier) chosenEnergyTo(x *call, move func(p *PlayerState, id CardID)) ([]CardID, *Violation) {
	ids, v := e.chooseEnergy(x)
	if v != nil {
		return nil, v
	}
	p := x.player(e)
	for _, id := range ids {
		takeEnergy(p, id)
		move(p, id)
	}
	return ids, nil
}

var msgPlacesEnergyCardDrop = msg("EnginePlacesEnergyCardInDrop", "%s: %s places %s from their energy in the Drop")

// chosenEnergyToDrop: "place 1 card with «Earthling» in its special traits
// from your energy into your Drop" (a cost of Cell FB02-082): the use line
// names the card.
func (e *applier) chosenEnergyToDrop(x *call) ([]CardID, *Violation) {
	return e.chosenEnergyTo(x, func(p *PlayerState, id CardID) {
		toDrop.put(p, false, id)
		p.EnergyDropped = true
		e.said(x, msgPlacesEnergyCardDrop, x.label, x.c.Side, e.s.Name(id))
	})
}
