package engine

import (
	"slices"
	"testing"
)

// Zen-Oh FB02-049: "[On Play] Choose all cards in the Battle Areas other
// than this card and place them at the bottom of their owner's deck in a
// random order." Every other Battle Card goes under its owner's deck; the
// Leaders stay; Zen-Oh stays.
func TestZenOhSendsEveryOtherCardUnderTheDecks(t *testing.T) {
	b := realBoard(t).main(P1, 7).hand(P1, "FB02-049").energy(P1, "FS02-05", 6)
	b.inBattle(P1, "FS01-10", false).inBattle(P2, "FS02-05", false).inBattle(P2, "FS02-03", true)
	b.do("P1 play FB02-049")
	if got := b.names(battleIDs(b.p(P1))); !slices.Equal(got, []string{"FB02-049"}) || len(b.p(P2).Battle) != 0 {
		t.Fatalf("P1's Battle Area %v, P2's %d cards: %s", got, len(b.p(P2).Battle), b.eventText())
	}
	_, p1 := b.deckEnds(P1, 1)
	_, p2 := b.deckEnds(P2, 2)
	slices.Sort(p2)
	if p1[0] != "FS01-10" || !slices.Equal(p2, []string{"FS02-03", "FS02-05"}) {
		t.Fatalf("deck bottoms: P1 %v, P2 %v", p1, p2)
	}
}

// Vegeta (Mini) : DA FP-041 under the Vegeta (Mini) : DA Leader FS07-01:
// "[On Play] If your Leader is <Vegeta (Mini) : DA>, choose all Battle
// Cards in your opponent's Battle Area and reduce their costs by 3 for the
// turn." Son Goku FS02-03 (cost 4) then costs 1, in reach of Vegeta's own
// "[When Attacking] Choose up to 1 Battle Card in your opponent's Battle
// Area with a cost of 1 or less and place it at the bottom of its owner's
// deck."
func TestMiniVegetaLowersEveryOpposingCost(t *testing.T) {
	b := newBoardWith(t, realCards(t), [2]string{"FS07-01", "FS02-01"}, [2]string{"FS01-10", "FS02-05"}).main(P1, 5)
	b.hand(P1, "FP-041").energy(P1, "FS02-05", 4)
	b.inBattle(P2, "FS02-03", true)
	b.do("P1 play FP-041")
	b.wantEvent("changes by -3")
	b.do("P1 attack FP-041 -> leader", "P1 use FP-041 -> P2:FS02-03")
	if _, bottom := b.deckEnds(P2, 1); bottom[0] != "FS02-03" {
		t.Fatalf("FS02-03 not at the bottom of P2's deck: %s", b.eventText())
	}
}

func battleIDs(p *PlayerState) []CardID {
	var out []CardID
	for _, c := range p.Battle {
		out = append(out, c.ID)
	}
	return out
}
