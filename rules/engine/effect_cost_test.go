package engine

import "testing"

// Vegito FB02-061: "[Permanent][Your Turn] If you have 7 or fewer cards in
// your hand, reduce the cost of Battle Cards in your opponent's Battle
// Area by 1." and "[On Play] Choose up to 1 of your opponent's Battle Cards
// with a cost of 1 or less and place it at the bottom of its owner's
// deck." Majin Buu : Good FS02-14 (cost 2) costs 1 once Vegito is in play,
// so its [On Play] can choose it; with 8 cards in hand it still costs 2.
func TestVegitoLowersTheOpponentsCosts(t *testing.T) {
	for _, tc := range []struct {
		extra int
		ok    bool
	}{{0, true}, {2, false}} {
		b := realBoard(t).main(P1, 3).hand(P1, "FB02-061").energy(P1, "FS02-05", 3)
		b.hand(P1, repeat("FS01-10", tc.extra)...)
		b.inBattle(P2, "FS02-14", false).inBattle(P2, "FS02-05", false)
		b.do("P1 play FB02-061")
		if !tc.ok {
			b.bad("P1 use FB02-061 -> P2:FS02-14", "Card skills")
			continue
		}
		b.do("P1 use FB02-061 -> P2:FS02-14")
		if _, bottom := b.deckEnds(P2, 1); bottom[0] != "FS02-14" {
			t.Fatalf("FS02-14 not at the bottom of P2's deck: %s", b.eventText())
		}
	}
}

// King Castle FB06-116 (a [Field]): "[Permanent] Add 1 to the cost of cards
// with «Demon Clan» in their special traits in your Battle Area." FB06-114
// («Demon Clan», cost 3) then costs 4, out of reach of Cabba FB04-067's "KO
// ... a cost of 3 or less"; without the [Field] it is KO'd.
func TestKingCastleRaisesDemonClanCosts(t *testing.T) {
	for _, field := range []bool{true, false} {
		b := realBoard(t).main(P2, 4).hand(P2, "FB04-067").energy(P2, "FP-027", 4)
		b.inBattle(P1, "FB06-114", false)
		if field {
			b.p(P1).Field = b.newCard(P1, "FB06-116")
		}
		b.do("P2 play FB04-067")
		if field {
			b.bad("P2 use FB04-067 -> P1:FB06-114", "Card skills")
			continue
		}
		b.do("P2 use FB04-067 -> P1:FB06-114")
		if len(b.p(P1).Battle) != 0 {
			t.Fatalf("FB06-114 (cost 3) was not KO'd: %s", b.eventText())
		}
	}
}
