package gamestate

// Paper reports whether side plays with an unordered decklist.
func (s *State) Paper(side Side) bool {
	return s.decklists != nil && s.decklists[side] != nil
}

// ForgetDeck makes every card of a paper player's deck unknown again after
// a shuffle: where each one is, nobody knows.
func (s *State) ForgetDeck(side Side) {
	if !s.Paper(side) {
		return
	}
	for _, id := range s.Players[side].Deck {
		s.SetNumber(id, "")
	}
}
