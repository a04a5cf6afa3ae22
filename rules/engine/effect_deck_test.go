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

// Toolo FB03-116: "[On Play] Look at the top card of your deck and place it
// on top of its owner's deck or in its owner's Drop." "drop" after the card
// sends it to the Drop; without it, it stays on top.
func TestTooloPlacesTheTopCardInTheDrop(t *testing.T) {
	b := realBoard(t).main(P1, 3).hand(P1, "FB03-116", "FB03-116").energy(P1, "FS09-12", 4)
	b.topOfDeck(P1, "FS01-03", "FS01-04")
	b.do("P1 play FB03-116", "P1 use FB03-116 -> FS01-03 drop")
	if d := b.names(b.p(P1).Drop); !slices.Equal(d, []string{"FS01-03"}) {
		t.Fatalf("Drop %v, want the FS01-03 looked at: %s", d, b.eventText())
	}
	b.do("P1 play FB03-116", "P1 use FB03-116 -> FS01-04")
	if top, _ := b.deckEnds(P1, 1); top[0] != "FS01-04" || len(b.p(P1).Drop) != 1 {
		t.Fatalf("deck top %v, Drop %v: FS01-04 should stay on top", top, b.names(b.p(P1).Drop))
	}
}

// Earth-Destroying Blow FB02-104: "... Then, if you have 6 or more energy,
// look at the top card of your deck and add it to your hand or add it to
// your energy in Rest Mode." The use line says which; it must say one.
func TestEarthDestroyingBlowAddsTheTopCardToEnergy(t *testing.T) {
	b := realBoard(t).main(P1, 3).hand(P1, "FB02-104").energy(P1, "FB02-104", 6)
	b.do("P1 attack leader -> leader") // Son Goku's [When Attacking] draws 1
	b.topOfDeck(P1, "FS01-03")
	b.do("P1 play FB02-104")
	b.bad("P1 use FB02-104 -> leader FS01-03", "Card skills")
	b.do("P1 use FB02-104 -> leader FS01-03 energy")
	en := b.p(P1).Energy
	if last := en[len(en)-1]; b.s.Name(last.ID) != "FS01-03" || !last.Rest || len(en) != 7 {
		t.Fatalf("energy %d, last %s rest %v: want FS01-03 added in Rest Mode: %s", len(en), b.s.Name(last.ID), last.Rest, b.eventText())
	}
}

// Shin FB03-034: "[On Play] Look at the top card of your opponent's deck
// and place it at the top or bottom of its owner's deck."
func TestShinSendsTheOpponentsTopCardToTheBottom(t *testing.T) {
	b := realBoard(t).main(P1, 3).hand(P1, "FB03-034").energy(P1, "FS02-05", 2)
	b.topOfDeck(P2, "FS02-07")
	b.do("P1 play FB03-034", "P1 use FB03-034 -> FS02-07 bottom")
	if _, bottom := b.deckEnds(P2, 1); bottom[0] != "FS02-07" || b.s.Name(b.p(P2).Deck[0]) == "FS02-07" {
		t.Fatalf("P2's deck bottom %v: want FS02-07 moved there: %s", bottom, b.eventText())
	}
}
