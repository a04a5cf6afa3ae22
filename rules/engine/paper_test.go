package engine

import (
	"strings"
	"testing"
)

// A paper game: P2's deck order is not simulated, and what P2's cards are is
// bounded by the registered decklist.
func TestPaperGameDecklistBoundsNames(t *testing.T) {
	cards := realCards(t)
	l, err := ParseText([]byte(`[Seed "3"]
[P1Leader "FS01-01"]
[P1Deck "50 ?"]
[P2Leader "FS02-01"]
[P2Decklist "2 FS02-05, 4 FS02-02, 4 FS02-03, 4 FS02-04, 4 FS02-06, 4 FS02-07, 4 FS02-08, 4 FS02-09, 4 FS02-10, 4 FS02-11, 4 FS02-12, 4 FS02-13, 4 FS02-14"]
P1 first
P1 keep
P2 keep
P1 draw
P1 end
P2 draw FS02-05
P2 play FS02-05
P2 end
P1 draw
P1 end
P2 draw FS02-05
P2 end
P1 draw
P1 end
P2 draw FS02-05
`))
	if err != nil {
		t.Fatal(err)
	}
	r := Run(l, cards, ReplayOptions{})
	v := r.FirstViolation()
	if v == nil || v.Step != 15 || v.Rule != "Decklist" || !strings.Contains(v.Message(), "P2's decklist has 2 FS02-05") {
		t.Fatalf("the third FS02-05 of a decklist with two: %v", v)
	}
	// The deck is 50 unknown cards; none is known until named.
	s0 := r.StateAt(3)
	if n := len(s0.Players[P2].Deck) + len(s0.Players[P2].Hand) + len(s0.Players[P2].Life); n != 50 {
		t.Errorf("P2 has %d cards, want 50", n)
	}
	for _, id := range s0.Players[P2].Deck {
		if s0.Name(id) != "?" {
			t.Fatalf("a paper deck card is known: %s", s0.Name(id))
		}
	}
	// A card the decklist does not have.
	l.Actions[len(l.Actions)-1] = action(t, "P2 draw FS01-07")
	if v := Run(l, cards, ReplayOptions{}).FirstViolation(); v == nil || v.Rule != "Decklist" || !strings.Contains(v.Message(), "FS01-07 is not in P2's decklist") {
		t.Errorf("a card not in the decklist: %v", v)
	}
	// Playing a card from hand names it too.
	l.Actions[len(l.Actions)-1] = action(t, "P2 draw")
	l.Actions = append(l.Actions, action(t, "P2 play FS01-03"))
	if v := Run(l, cards, ReplayOptions{}).FirstViolation(); v == nil || v.Rule != "Decklist" {
		t.Errorf("playing a card not in the decklist: %v", v)
	}
}

// After a shuffle, a paper player's deck is unknown again: a card seen
// there before may be named again, and the count stays right.
func TestPaperShuffleForgetsTheDeck(t *testing.T) {
	cards := realCards(t)
	var setup Setup
	setup.Seed = 5
	setup.Players[0] = PlayerSetup{Leader: "FS01-01", Deck: repeat("FS01-10", 50)}
	setup.Players[1] = PlayerSetup{Leader: "FS02-01", Decklist: append(repeat("FS02-05", 1), repeat("FS02-14", 49)...)}
	b := &board{t: t, cards: cards, s: NewState(setup, cards)}
	b.do("P1 first", "P1 keep", "P2 keep", "P1 draw", "P1 end", "P2 draw FS02-05", "P2 move FS02-05 from hand to deck by FB07-001")
	b.bad("P2 move FS02-05 from hand to drop by FB07-001", "Decklist") // the only FS02-05 is in the deck
	b.do("P2 shuffle by FB07-001", "P2 move FS02-05 from deck to hand by FB07-001")
	if b.s.Name(b.p(P2).Hand[len(b.p(P2).Hand)-1]) != "FS02-05" {
		t.Fatalf("the shuffled card could not be named again: %s", Summary(&b.s))
	}
	known := 0
	for _, c := range b.s.Cards {
		if c.Owner == P2 && c.Number == "FS02-05" {
			known++
		}
	}
	if known != 1 {
		t.Errorf("%d cards of P2 are FS02-05; the decklist has 1", known)
	}
}

// The deck checks of a paper game run on the decklist.
func TestPaperDecklistIsChecked(t *testing.T) {
	l, err := ParseText([]byte("[P1Leader \"FS01-01\"]\n[P1Decklist \"5 FS01-10, 45 FS01-11\"]\n[P2Leader \"FS02-01\"]\n[P2Deck \"50 ?\"]\nP1 first\n"))
	if err != nil {
		t.Fatal(err)
	}
	r := Run(l, realCards(t), ReplayOptions{})
	if v := r.FirstViolation(); v == nil || v.Step != 0 || v.Rule != "CR 6-1-4-2" {
		t.Errorf("5 copies in a paper decklist: %v", v)
	}
}

// Copy numbers stay with a card while it is in play: after the first copy
// is KO'd, the second is still #2, and a new copy takes the free #1.
func TestCopyNumbersDoNotShift(t *testing.T) {
	b := realBoard(t).main(P1, 3).hand(P1, "FS01-10").energy(P1, "FS01-10", 1)
	b.inBattle(P2, "FS02-05", true)
	b.inBattle(P2, "FS02-05", true)
	b.do("P1 power P2:FS02-05#2 -5000 by FB07-001")
	b.do("P1 ko P2:FS02-05#1 by FB07-001")
	if got := b.power(P2, 0); got != 10000 || b.p(P2).Battle[0].Copy != 2 {
		t.Fatalf("the second copy should keep #2 and its -5000: copy %d, %d power", b.p(P2).Battle[0].Copy, got)
	}
	b.bad("P1 power P2:FS02-05#1 -5000 by FB07-001", "")
	b.do("P1 power P2:FS02-05#2 -5000 by FB07-001")
	b.do("P1 move FS01-10 from hand to battle by FB07-001", "P1 play FS01-10")
	if b.p(P1).Battle[0].Copy != 1 || b.p(P1).Battle[1].Copy != 2 {
		t.Errorf("copies %d and %d", b.p(P1).Battle[0].Copy, b.p(P1).Battle[1].Copy)
	}
	b.do("P1 move FS01-10#1 from battle to hand by FB07-001", "P1 move FS01-10 from hand to battle by FB07-001")
	if b.p(P1).Battle[0].Copy != 2 || b.p(P1).Battle[1].Copy != 1 {
		t.Errorf("after a bounce the new copy takes #1: copies %d and %d", b.p(P1).Battle[0].Copy, b.p(P1).Battle[1].Copy)
	}
}

// A life card sent to the Drop by [Critical] is face up: the log can name it,
// and the replay says which card it was.
func TestCriticalLifeCardNamed(t *testing.T) {
	cards := realCards(t)
	var setup Setup
	setup.Seed = 1
	setup.Players[0] = PlayerSetup{Leader: "FS01-01", Deck: repeat("FS01-10", 50)}
	setup.Players[1] = PlayerSetup{Leader: "FS02-01", Deck: repeat("", 50)}
	b := &board{t: t, cards: cards, s: NewState(setup, cards)}
	b.do("P1 first", "P1 keep", "P2 keep").main(P1, 3)
	b.inBattle(P1, "FS01-14", false) // Vegeta, [Critical]
	b.do("P1 attack FS01-14 -> leader", "P1 pass", "P2 pass")
	b.bad("damage FS02-05 FS02-06", "Damage Step") // one damage, two names
	b.do("damage FS02-05")
	b.wantEvent("the life card FS02-05 goes to the Drop")
	if got := b.names(b.p(P2).Drop); len(got) != 1 || got[0] != "FS02-05" {
		t.Errorf("P2's Drop: %v", got)
	}
}
