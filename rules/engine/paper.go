package engine

// Paper games: a player whose setup gives a decklist (counts, no order)
// instead of a deck plays with a deck of unknown cards. The engine does not
// simulate its order; each card is named when it is seen (drawn, played,
// revealed), and a name is refused when the decklist does not have that
// many copies of the number.

// canReveal checks that card id may be named number: for a paper player,
// the decklist must hold more copies of number than the cards already
// known to be it. It changes nothing.
func (s *State) canReveal(id CardID, number string) *Violation {
	if s.decklists == nil || id < 0 || int(id) >= len(s.Cards) {
		return nil
	}
	owner := s.Cards[id].Owner
	list := s.decklists[owner]
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
	if v := e.s.canReveal(id, number); v != nil {
		return v
	}
	e.s.setNumber(id, number)
	return nil
}

// paper reports whether side plays with an unordered decklist.
func (s *State) paper(side Side) bool {
	return s.decklists != nil && s.decklists[side] != nil
}

// forgetDeck makes every card of a paper player's deck unknown again after
// a shuffle: where each one is, nobody knows.
func (s *State) forgetDeck(side Side) {
	if !s.paper(side) {
		return
	}
	for _, id := range s.Players[side].Deck {
		s.setNumber(id, "")
	}
}

// Decklist counts a decklist's cards by canonical number.
func decklistCounts(list []string) map[string]int {
	m := make(map[string]int, len(list))
	for _, n := range list {
		if n = normNumber(n); n != "" {
			m[n]++
		}
	}
	return m
}
