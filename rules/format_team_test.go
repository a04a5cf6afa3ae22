package rules

import (
	"strings"
	"testing"
)

// The team-wide copy limit: a card number in two decks of a team is a
// problem on each later line that holds it, naming the card, the line and
// the teammate's seat; decks sharing nothing, and formats without team
// rules, have none.
func TestTeamDecksShareNoCard(t *testing.T) {
	pool := fwPool(t)
	parse := func(s string) *Decklist {
		d, err := ParseDecklistString(s)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	goku := parse(fs01List(t))
	ann := TeamDeck{Seat: "A", Player: "Ann", Deck: goku}
	ben := TeamDeck{Seat: "B", Player: "Ben", Deck: parse("1 FB01-001\n4 FB01-002\n4 FS01-03 Master Roshi\n")}
	cid := TeamDeck{Seat: "C", Player: "Cid", Deck: parse("1 FB01-001\n")}
	fw := mustFormat(t, "fw-standard")
	got := fw.CheckTeam(ben, []TeamDeck{cid, ann}, pool)
	if len(got) != 2 {
		t.Fatalf("Ben's deck shares FB01-001 with Cid and FS01-03 with Ann: %+v", got)
	}
	if p := got[0]; p.Code != "team-unique" || p.Card != "FB01-001" || p.Line != 1 || p.Args[2] != "C" || p.Args[3] != "Cid" {
		t.Errorf("first problem: %+v", p)
	}
	if p := got[1]; p.Card != "FS01-03" || p.Line != 3 ||
		p.Message != "FS01-03 Master Roshi is also in the deck of seat A (Ann); a card may be in only one deck of the team" {
		t.Errorf("second problem: %+v", p)
	}
	if got := fw.CheckTeam(ann, []TeamDeck{{Seat: "B", Player: "Ben", Deck: parse("4 FB01-002\n")}}, pool); len(got) != 0 {
		t.Errorf("decks sharing nothing: %+v", got)
	}
	if got := mustFormat(t, "fw-draft").CheckTeam(ben, []TeamDeck{ann}, pool); len(got) != 0 {
		t.Errorf("Draft has no team rule: %+v", got)
	}
	if !strings.Contains(Messages["team-unique"], "seat") {
		t.Error("the message names the seat")
	}
}
