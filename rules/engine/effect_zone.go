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
	opp := x.c.side.Other()
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
		e.said(x, k.done, x.label, opp, e.s.names(ids))
	}
	return ids, nil
}
