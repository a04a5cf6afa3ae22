package gamestate

import (
	"testing"

	"github.com/tenkaichi-org/tenkaichi/rules/engine/gamelog"
)

func testSetup() Setup {
	var setup Setup
	setup.Seed = 3
	setup.Players[0] = gamelog.PlayerSetup{Leader: "FS01-01", Deck: []string{"FS01-10", "FS01-10", "fs01-07_p1"}}
	setup.Players[1] = gamelog.PlayerSetup{Leader: "FS02-01", Decklist: []string{"FS02-05", "FS02-05"}}
	return setup
}

// A clone shares no zone with its original: changing one leaves the other
// and its hash as they were, and equal states hash equally.
func TestCloneSharesNothingAndHashesEqually(t *testing.T) {
	s := NewState(testSetup(), nil)
	c := s.Clone()
	if c.Hash() != s.Hash() {
		t.Fatal("a clone hashes otherwise than its original")
	}
	before := s.Hash()
	p := &c.Players[gamelog.P1]
	p.Hand = append(p.Hand, p.Deck[0])
	p.Deck[0], p.Deck[1] = p.Deck[1], p.Deck[0]
	p.Deck = append(p.Deck, NoCard)
	if s.Hash() != before || len(s.Players[gamelog.P1].Hand) != 0 || len(s.Players[gamelog.P1].Deck) != 3 {
		t.Errorf("changing the clone changed the original: %+v", s.Players[gamelog.P1])
	}
	if c.Hash() == before {
		t.Error("a changed state hashes as before")
	}
}

// NewState names the deck's cards by canonical number, and a decklist
// (a paper game) gives counts, its cards unknown.
func TestNewStateNamesCardsAndCountsDecklists(t *testing.T) {
	s := NewState(testSetup(), nil)
	if got := s.Name(s.Players[gamelog.P1].Deck[2]); got != "FS01-07" {
		t.Errorf("the third card of P1's deck is %q, want FS01-07", got)
	}
	if s.Paper(gamelog.P1) || !s.Paper(gamelog.P2) {
		t.Errorf("paper: P1 %v, P2 %v; want false, true", s.Paper(gamelog.P1), s.Paper(gamelog.P2))
	}
	if n := s.Decklist(gamelog.P2)["FS02-05"]; n != 2 {
		t.Errorf("P2's decklist holds %d FS02-05, want 2", n)
	}
	if s.Decklist(gamelog.P1) != nil {
		t.Error("P1 has a deck in order, yet a decklist")
	}
}
