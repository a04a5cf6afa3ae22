package engine

import "testing"

// Majin Buu : Pure Evil FB04-096: "[When Attacking] At the end of the
// battle, KO this card." It attacks, the battle ends, and it is KO'd.
func TestPureEvilBuuIsKOdAtTheEndOfTheBattle(t *testing.T) {
	b := realBoard(t).main(P1, 3)
	b.inBattle(P1, "FB04-096", false)
	b.do("P1 attack FB04-096 -> leader")
	if len(b.p(P1).Battle) != 1 {
		t.Fatalf("Majin Buu left before the battle ended: %s", b.eventText())
	}
	b.do("P1 pass", "P2 pass", "damage")
	if len(b.p(P1).Battle) != 0 || b.names(b.p(P1).Drop)[0] != "FB04-096" {
		t.Fatalf("Majin Buu not KO'd at the end of the battle: %s", b.eventText())
	}
}

// Trunks : Future FB01-049: "[When Attacking] At the end of the turn, place
// this card at the bottom of your deck." It stays in play until P1 ends
// the turn.
func TestFutureTrunksGoesUnderTheDeckAtTheEndOfTheTurn(t *testing.T) {
	b := realBoard(t).main(P1, 3)
	b.inBattle(P1, "FB01-049", false)
	b.do("P1 attack FB01-049 -> leader", "P1 pass", "P2 pass", "damage")
	if len(b.p(P1).Battle) != 1 {
		t.Fatalf("Trunks left at the end of the battle: %s", b.eventText())
	}
	b.do("P1 end")
	if _, bottom := b.deckEnds(P1, 1); len(b.p(P1).Battle) != 0 || bottom[0] != "FB01-049" {
		t.Fatalf("Trunks not at the bottom of the deck at the end of the turn: %s", b.eventText())
	}
}

// Bulma FB03-046: "[Activate Main][Once per turn] Discard 1 card from your
// hand : At the end of the turn, draw 1 card." The draw comes when the turn
// ends, not when the skill is used.
func TestBulmaDrawsAtTheEndOfTheTurn(t *testing.T) {
	b := realBoard(t).main(P1, 3).hand(P1, "FS01-10")
	b.inBattle(P1, "FB03-046", false)
	hand := len(b.p(P1).Hand)
	b.do("P1 use FB03-046 -> FS01-10")
	if len(b.p(P1).Hand) != hand-1 {
		t.Fatalf("hand %d after the discard, want %d: %s", len(b.p(P1).Hand), hand-1, b.eventText())
	}
	b.do("P1 end")
	if len(b.p(P1).Hand) != hand {
		t.Fatalf("hand %d after the turn ended, want %d: %s", len(b.p(P1).Hand), hand, b.eventText())
	}
}
