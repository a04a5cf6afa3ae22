package engine

import "testing"

// Son Goku FP-027: "[On Play] If you placed a card from your energy into its
// owner's Drop during this turn, draw 1 card." Played first, it draws
// nothing; after Cabba FB04-067's cost ("Place 1 card from your energy into
// its owner's Drop : ...") the same turn, it draws 1.
func TestSonGokuDrawsAfterEnergyWentToTheDrop(t *testing.T) {
	b := realBoard(t).main(P1, 5).hand(P1, "FP-027", "FP-027", "FB04-067").energy(P1, "FP-027", 10)
	b.inBattle(P2, "FS02-05", false)
	hand := len(b.p(P1).Hand)
	b.do("P1 play FP-027")
	if len(b.p(P1).Hand) != hand-1 {
		t.Fatalf("no energy went to the Drop, yet FP-027 drew: hand %d, want %d: %s", len(b.p(P1).Hand), hand-1, b.eventText())
	}
	b.do("P1 play FB04-067", "P1 use FB04-067 -> P2:FS02-05")
	if len(b.p(P1).Energy) != 9 || len(b.p(P2).Battle) != 0 {
		t.Fatalf("energy %d (want 9), opponent's Battle Area %d (want 0): %s", len(b.p(P1).Energy), len(b.p(P2).Battle), b.eventText())
	}
	hand = len(b.p(P1).Hand)
	b.do("P1 play FP-027")
	if len(b.p(P1).Hand) != hand {
		t.Fatalf("energy went to the Drop this turn, yet FP-027 drew nothing: hand %d, want %d: %s", len(b.p(P1).Hand), hand, b.eventText())
	}
	// The next turn starts afresh.
	b.do("P1 end")
	if b.p(P1).EnergyDropped {
		t.Error("the energy placed in the Drop still counts on the next turn")
	}
}
