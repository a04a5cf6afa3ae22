package engine

import (
	"math/rand/v2"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/rules/engine/cardinfo"
	"github.com/tenkaichi-org/tenkaichi/rules/keyword"
)

// Life and hand sizes at setup (CR 6-2-1-8, 6-2-1-9).
const (
	OpeningHand = 6
	StartLife   = 8
)

// NewState places both Leaders front side up (CR 6-2-1-2) and both decks in
// their Deck Areas. The first action of a game is "P1 first" or "P2 first".
func NewState(setup Setup, cards Cards) State {
	s := State{Seed: setup.Seed, First: NoSide, TurnPlayer: NoSide, Phase: PhaseSetup, cards: cards,
		declared: setup.DeclaresEffects()}
	if m, ok := cards.(CardMap); ok {
		s.entries = m.Entries()
	}

	n := 2
	for i := range setup.Players {
		p := &setup.Players[i]
		n += len(p.StartingDeck())
		if len(p.Decklist) > 0 {
			if s.decklists == nil {
				s.decklists = new([2]map[string]int)
			}
			s.decklists[i] = decklistCounts(p.Decklist)
		}
	}
	s.Cards = make([]CardInstance, 0, n)
	s.Battle = Battle{Attacker: NoCard, Target: NoCard}
	for i, ps := range setup.Players {
		side := Side(i)
		p := &s.Players[i]
		p.Field = NoCard
		p.Leader.ID = CardID(len(s.Cards))
		s.Cards = append(s.Cards, CardInstance{Number: normNumber(ps.Leader), Owner: side})
		deck := ps.StartingDeck()
		p.Deck = make([]CardID, 0, len(deck))
		for _, num := range deck {
			p.Deck = append(p.Deck, CardID(len(s.Cards)))
			s.Cards = append(s.Cards, CardInstance{Number: normNumber(num), Owner: side})
		}
	}
	s.flags = ^cardinfo.Flags(0)
	if m, ok := cards.(CardMap); ok {
		s.flags = m.Union()
	}
	var game cardinfo.Flags
	known := s.entries != nil
	for i := range s.Cards {
		s.setNumber(CardID(i), s.Cards[i].Number)
		if e := s.Cards[i].entry; e != nil {
			game |= e.Flags[0] | e.Flags[1]
		} else {
			known = false
		}
	}
	if known {
		s.flags = game
	}
	return s
}

// rng is the generator for the current action: seeded from the game's seed
// and the action's index, so replaying a log always shuffles the same way.
func (s *State) rng(salt uint64) *rand.Rand {
	return rand.New(rand.NewPCG(s.Seed, uint64(s.Step)<<8|salt))
}

// shuffle is Fisher–Yates with the given generator.
func shuffle(r *rand.Rand, ids []CardID) {
	for i := len(ids) - 1; i > 0; i-- {
		j := int(r.Uint64N(uint64(i + 1)))
		ids[i], ids[j] = ids[j], ids[i]
	}
}

// CheckDeck checks one player's deck against the deck-building rules the
// engine knows (CR 6-1-2 to 6-1-4-2, [Super Combo], [Dragon Ball]). Unknown
// cards are skipped; a deck with unknown cards is only checked for size.
// Copies are counted by canonical number, so every printing of a card
// (FB01-004, FB01-004-p1, FB01-004_p1) counts towards its 4.
func CheckDeck(leader string, deck []string, cards Cards) []*Violation {
	var out []*Violation
	if n := len(deck); n < 50 || n > 60 {
		out = append(out, violation("CR 6-1-3", "the deck has %d cards; it must have 50 to 60", n))
	}
	if cards == nil {
		return out
	}
	lc, leaderKnown := cards.Card(normNumber(leader))
	if leaderKnown && lc.Type != "Leader" {
		out = append(out, violation("CR 6-1-2", "%s is not a Leader card", leader))
	}
	counts := map[string]int{}
	var order []string
	superCombo, dragonBall := 0, 0
	for _, num := range deck {
		num = normNumber(num)
		if num == "" {
			continue
		}
		if counts[num] == 0 {
			order = append(order, num)
		}
		counts[num]++
		c, ok := cards.Card(num)
		if !ok {
			continue
		}
		if cardinfo.HasOwnKeyword(c, keyword.SuperCombo) {
			superCombo++
		}
		if cardinfo.HasOwnKeyword(c, keyword.DragonBall) {
			dragonBall++
		}
	}
	for _, num := range order {
		c, ok := cards.Card(num)
		if counts[num] > 4 && (!ok || c.CopyLimit != rules.CopyLimitAny) {
			// A card's own text may allow more ("as many copies as you
			// like", Meta-Cooler FB01-131): the text wins (CR 0-2-2).
			out = append(out, violation("CR 6-1-4-2", "the deck has %d copies of %s; at most 4 are allowed", counts[num], num))
		}
		if !ok {
			continue
		}
		if c.Type == "Leader" {
			out = append(out, violation("CR 6-1-3", "%s is a Leader and cannot be in the deck", num))
		}
		if leaderKnown && !inColours(c.Colours, lc.Colours) {
			out = append(out, violation("CR 6-1-4-1", "%s is not one of the Leader's colours", num))
		}
	}
	if superCombo > 4 {
		out = append(out, violation("[Super Combo]", "the deck has %d cards with [Super Combo]; at most 4 are allowed", superCombo))
	}
	if dragonBall > 7 {
		out = append(out, violation("[Dragon Ball]", "the deck has %d cards with [Dragon Ball]; at most 7 are allowed", dragonBall))
	}
	return out
}

// inColours reports whether every colour of a card is one of the Leader's.
func inColours(card, leader []string) bool {
	if len(card) == 0 {
		return true
	}
	for _, c := range card {
		found := false
		for _, l := range leader {
			found = found || c == l
		}
		if !found {
			return false
		}
	}
	return true
}

// normNumber is a card's canonical number (upper case, printing suffixes
// stripped: FB01-004_p1 is FB01-004); "?" and "" are an unknown card.
func normNumber(s string) string {
	if s == "?" || s == "" {
		return ""
	}
	return rules.CanonicalNumber(s)
}
