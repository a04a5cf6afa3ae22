package engine

// Paper games: a player whose setup gives a decklist (counts, no order)
// instead of a deck plays with a deck of unknown cards. The engine does not
// simulate its order; each card is named when it is seen (drawn, played,
// revealed), and a name is refused when the decklist does not have that
// many copies of the number.

// canReveal checks that card id may be named number: for a paper player,
// the decklist must hold more copies of number than the cards already
// known to be it. It changes nothing.
func canReveal(s *State, id CardID, number string) *Violation {
	if id < 0 || int(id) >= len(s.Cards) {
		return nil
	}
	owner := s.Cards[id].Owner
	list := s.Decklist(owner)
	if list == nil || s.Cards[id].Number == number {
		return nil
	}
	allowed, ok := list[number]
	if !ok {
		return violation("Decklist", "%s is not in %s's decklist", number, owner)
	}
	seen := 0
	for i, c := range s.Cards {
		if c.Owner == owner && c.Number == number && CardID(i) != s.Players[owner].Leader.ID {
			seen++
		}
	}
	if seen >= allowed {
		return violation("Decklist", "%s's decklist has %d %s, and all of them are already known elsewhere", owner, allowed, number)
	}
	return nil
}

// reveal names an unknown card: it is number from now on.
func (e *applier) reveal(id CardID, number string) *Violation {
	if v := canReveal(e.s, id, number); v != nil {
		return v
	}
	e.s.SetNumber(id, number)
	return nil
}
