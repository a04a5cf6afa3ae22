package gamestate

import (
	"math/rand/v2"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/rules/engine/cardinfo"
	"github.com/tenkaichi-org/tenkaichi/rules/engine/gamelog"
)

// NewState places both Leaders front side up (CR 6-2-1-2) and both decks in
// their Deck Areas. The first action of a game is "P1 first" or "P2 first".
func NewState(setup Setup, cards Cards) State {
	s := State{Seed: setup.Seed, First: gamelog.NoSide, TurnPlayer: gamelog.NoSide, Phase: PhaseSetup, cards: cards,
		declared: setup.DeclaresEffects()}
	if m, ok := cards.(cardinfo.CardMap); ok {
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
		s.Cards = append(s.Cards, CardInstance{Number: NormNumber(ps.Leader), Owner: side})
		deck := ps.StartingDeck()
		p.Deck = make([]CardID, 0, len(deck))
		for _, num := range deck {
			p.Deck = append(p.Deck, CardID(len(s.Cards)))
			s.Cards = append(s.Cards, CardInstance{Number: NormNumber(num), Owner: side})
		}
	}
	s.flags = ^cardinfo.Flags(0)
	if m, ok := cards.(cardinfo.CardMap); ok {
		s.flags = m.Union()
	}
	var game cardinfo.Flags
	known := s.entries != nil
	for i := range s.Cards {
		s.SetNumber(CardID(i), s.Cards[i].Number)
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

// Rng is the generator for the current action: seeded from the game's seed
// and the action's index, so replaying a log always shuffles the same way.
func (s *State) Rng(salt uint64) *rand.Rand {
	return rand.New(rand.NewPCG(s.Seed, uint64(s.Step)<<8|salt))
}

// Shuffle is Fisher–Yates with the given generator.
func Shuffle(r *rand.Rand, ids []CardID) {
	for i := len(ids) - 1; i > 0; i-- {
		j := int(r.Uint64N(uint64(i + 1)))
		ids[i], ids[j] = ids[j], ids[i]
	}
}

// NormNumber is a card's canonical number (upper case, printing suffixes
// stripped: FB01-004_p1 is FB01-004); "?" and "" are an unknown card.
func NormNumber(s string) string {
	if s == "?" || s == "" {
		return ""
	}
	return rules.CanonicalNumber(s)
}

// Decklist counts a decklist's cards by canonical number.
func decklistCounts(list []string) map[string]int {
	m := make(map[string]int, len(list))
	for _, n := range list {
		if n = NormNumber(n); n != "" {
			m[n]++
		}
	}
	return m
}
