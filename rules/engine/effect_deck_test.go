package engine

import (
	"slices"
	"testing"
)

// topOfDeck puts new cards on top of side's deck, the first one on top.
func (b *board) topOfDeck(side Side, nums ...string) *board {
	p := &b.s.Players[side]
	var top []CardID
	for _, n := range nums {
		top = append(top, b.newCard(side, n))
	}
	p.Deck = append(top, p.Deck...)
	return b
}

// deckEnds names the first n and the last n cards of side's deck.
func (b *board) deckEnds(side Side, n int) (top, bottom []string) {
	d := b.p(side).Deck
	return b.names(d[:n]), b.names(d[len(d)-n:])
}

// Zuno FB02-048: "[On Play] Look at 3 cards from the top of your deck and
// place them at the top or bottom of your deck in any order." Each card
// goes back where the use line puts it (CR 0-2-2: the card's text); one
// it does not name stays on top.
func TestZunoPlacesTheCardsLookedAtTopOrBottom(t *testing.T) {
	b := realBoard(t).main(P1, 3).hand(P1, "FB02-048").energy(P1, "FS02-05", 2)
	b.topOfDeck(P1, "FS01-03", "FS01-04", "FS01-05")
	size := len(b.p(P1).Deck)
	b.do("P1 play FB02-048")
	if len(b.s.Pending) != 1 {
		t.Fatalf("Zuno's [On Play] should wait for the order: %s", b.eventText())
	}
	b.do("P1 use FB02-048 -> FS01-05 FS01-03 bottom")
	top, bottom := b.deckEnds(P1, 2)
	if !slices.Equal(top, []string{"FS01-05", "FS01-04"}) || bottom[1] != "FS01-03" || len(b.p(P1).Deck) != size {
		t.Fatalf("deck top %v bottom %v (size %d, want %d): %s", top, bottom, len(b.p(P1).Deck), size, b.eventText())
	}
	b.wantEvent("FB02-048 [On Play]: P1 puts the cards back: on top of the deck FS01-05, FS01-04; at the bottom FS01-03")
}

// A card named that is not among those looked at is refused.
func TestZunoRefusesACardNotLookedAt(t *testing.T) {
	b := realBoard(t).main(P1, 3).hand(P1, "FB02-048").energy(P1, "FS02-05", 2)
	b.topOfDeck(P1, "FS01-03", "FS01-04", "FS01-05")
	b.do("P1 play FB02-048")
	b.bad("P1 use FB02-048 -> FS01-02", "Card skills")
}

// Time Ring FB02-069: "[Activate Main] Look at 3 cards from the top of your
// deck and place them at the top or bottom of your deck in any order.
// Then, draw 1 card." The draw takes the card put on top.
func TestTimeRingDrawsTheCardPutOnTop(t *testing.T) {
	b := realBoard(t).main(P1, 3).hand(P1, "FB02-069").energy(P1, "FS02-05", 1)
	b.topOfDeck(P1, "FS01-03", "FS01-04", "FS01-05")
	b.do("P1 play FB02-069", "P1 use FB02-069 -> FS01-04 FS01-03 bottom FS01-05 bottom")
	hand := b.names(b.p(P1).Hand)
	if !slices.Contains(hand, "FS01-04") || slices.Contains(hand, "FB02-069") {
		t.Fatalf("hand %v, want FS01-04 drawn after it was put on top", hand)
	}
	if _, bottom := b.deckEnds(P1, 2); !slices.Equal(bottom, []string{"FS01-03", "FS01-05"}) {
		t.Errorf("deck bottom %v, want FS01-03 then FS01-05 last", bottom)
	}
}

// Nappa FS09-12: "... Then, look at 3 cards from the top of your deck and
// place them at the top of their owner's deck in any order." No card may
// go to the bottom.
func TestNappaPlacesOnTopOnly(t *testing.T) {
	b := realBoard(t).main(P1, 3).hand(P1, "FS09-12").energy(P1, "FS09-13", 1)
	b.topOfDeck(P1, "FS01-03", "FS01-04", "FS01-05")
	b.do("P1 play FS09-12")
	b.bad("P1 use FS09-12 -> FS01-05 bottom", "Card skills")
	b.do("P1 use FS09-12 -> FS01-05 FS01-03")
	if top, _ := b.deckEnds(P1, 3); !slices.Equal(top, []string{"FS01-05", "FS01-03", "FS01-04"}) {
		t.Fatalf("deck top %v, want FS01-05 FS01-03 FS01-04", top)
	}
}
