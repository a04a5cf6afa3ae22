package engine

import (
	"slices"
	"strings"
	"testing"
)

// Son Gohan : Childhood FS09-10: "[On Play] Reveal the top card of your
// deck and add it to your hand. If the revealed card's cost is 6, choose up
// to 1 Battle Card in your opponent's Battle Area and KO it." Son Goku
// FS09-07 costs 6: the KO happens.
func TestGohanKOsWhenTheRevealedCardCostsSix(t *testing.T) {
	b := realBoard(t).main(P1, 5).hand(P1, "FS09-10").energy(P1, "FS09-12", 6)
	b.inBattle(P2, "FS02-05", false)
	b.topOfDeck(P1, "FS09-07")
	b.do("P1 play FS09-10", "P1 use FS09-10 -> P2:FS02-05")
	if !slices.Contains(b.names(b.p(P1).Hand), "FS09-07") {
		t.Fatalf("the revealed Son Goku is not in the hand: %v", b.names(b.p(P1).Hand))
	}
	if len(b.p(P2).Battle) != 0 {
		t.Fatalf("the revealed card costs 6, yet no KO: %s", b.eventText())
	}
}

// The same with Tien Shinhan FS01-10 (cost 1) on top: it is added to the
// hand, and nothing is KO'd; a KO the use line asks for is refused.
func TestGohanDoesNotKOWhenTheRevealedCardCostsLess(t *testing.T) {
	b := realBoard(t).main(P1, 5).hand(P1, "FS09-10").energy(P1, "FS09-12", 6)
	b.inBattle(P2, "FS02-05", false)
	b.topOfDeck(P1, "FS01-10")
	hand := len(b.p(P1).Hand)
	b.do("P1 play FS09-10")
	b.bad("P1 use FS09-10 -> P2:FS02-05", "Card skills")
	b.do("P1 use FS09-10")
	if len(b.p(P2).Battle) != 1 || len(b.p(P1).Hand) != hand {
		t.Fatalf("opponent's Battle Area %d (want 1), hand %d (want %d): %s", len(b.p(P2).Battle), len(b.p(P1).Hand), hand, b.eventText())
	}
}

// Son Goku FS09-07: "[When Attacking] Reveal the top card of your deck and
// add it to your hand. If the revealed card's cost is 6, draw 1 card." No
// choice: the engine does it when Son Goku attacks.
func TestSonGokuDrawsAgainAfterACostSixReveal(t *testing.T) {
	b := realBoard(t).main(P1, 5)
	b.inBattle(P1, "FS09-07", false)
	b.topOfDeck(P1, "FS09-10", "FS01-03")
	hand := b.names(b.p(P1).Hand)
	b.do("P1 attack FS09-07 -> leader")
	got := b.names(b.p(P1).Hand)
	if len(got) != len(hand)+2 || !slices.Contains(got, "FS09-10") || !slices.Contains(got, "FS01-03") {
		t.Fatalf("hand %v, want the revealed FS09-10 and FS01-03 drawn: %s", got, b.eventText())
	}
}

// Hercule FB03-049: "[When Attacking] Reveal the top card of your deck, and
// if the revealed card has «Satan City» in its special traits, choose up to
// 1 of your opponent's Battle Cards and reduce its cost by 2 for the turn."
// The revealed card stays on top.
func TestHerculeRevealsASatanCityCard(t *testing.T) {
	b := realBoard(t).main(P1, 5)
	b.inBattle(P1, "FB03-049", false).inBattle(P2, "FS02-05", false)
	b.topOfDeck(P1, "FB03-033")
	top := b.p(P1).Deck[0]
	b.do("P1 attack FB03-049 -> leader", "P1 use FB03-049 -> P2:FS02-05")
	b.wantEvent("reveals FB03-033, the top card of their deck")
	b.wantEvent("changes by -2")
	if b.p(P1).Deck[0] != top {
		t.Errorf("the revealed card left the top of the deck")
	}
}

// With Tien Shinhan FS01-10 (no «Satan City») revealed, no cost changes.
func TestHerculeRevealsAnotherCard(t *testing.T) {
	b := realBoard(t).main(P1, 5)
	b.inBattle(P1, "FB03-049", false).inBattle(P2, "FS02-05", false)
	b.topOfDeck(P1, "FS01-10")
	b.do("P1 attack FB03-049 -> leader", "P1 use FB03-049")
	if b.eventText() == "" || strings.Contains(b.eventText(), "changes by") {
		t.Fatalf("a cost changed after a card without «Satan City»: %s", b.eventText())
	}
}
