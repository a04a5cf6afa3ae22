package engine

import (
	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/rules/engine/cardinfo"
	"github.com/tenkaichi-org/tenkaichi/rules/engine/gamestate"
	"github.com/tenkaichi-org/tenkaichi/rules/keyword"
)

// Life and hand sizes at setup (CR 6-2-1-8, 6-2-1-9).
const (
	OpeningHand = 6
	StartLife   = 8
)

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
	lc, leaderKnown := cards.Card(gamestate.NormNumber(leader))
	if leaderKnown && lc.Type != "Leader" {
		out = append(out, violation("CR 6-1-2", "%s is not a Leader card", leader))
	}
	counts := map[string]int{}
	var order []string
	superCombo, dragonBall := 0, 0
	for _, num := range deck {
		num = gamestate.NormNumber(num)
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
