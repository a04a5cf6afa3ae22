package pairing

import (
	"context"
	"fmt"
	"testing"
)

// seededEvent is a field of n players p1..pn with the seed order given.
func seededEvent(n int, order []string) *Event {
	ev := &Event{Seed: 11, Players: []Player{}, Rounds: []Round{}, SeedOrder: order}
	for i := 1; i <= n; i++ {
		ev.Players = append(ev.Players, Player{ID: fmt.Sprintf("p%d", i), Name: fmt.Sprintf("Player %d", i)})
	}
	return ev
}

// opponents maps each player of a pairing to their opponent ("" a bye).
func opponents(pr *Pairing) map[string]string {
	out := map[string]string{}
	for _, m := range pr.Matches {
		if m.P2 == nil {
			out[m.P1] = ""
			continue
		}
		out[m.P1], out[*m.P2] = *m.P2, m.P1
	}
	return out
}

// A seeded round 1 pairs the top half of the order against the bottom
// half; the file it makes (with the order and the pairing record) verifies.
func TestSeededFirstRoundPairsTopHalfAgainstBottomHalf(t *testing.T) {
	order := []string{"p8", "p3", "p5", "p1", "p7", "p2", "p6", "p4"}
	ev := seededEvent(8, order)
	pr, err := PairNextRound(ev, PairOptions{})
	if err != nil {
		t.Fatal(err)
	}
	opp := opponents(pr)
	for k := 0; k < 4; k++ {
		if opp[order[k]] != order[k+4] {
			t.Errorf("seed %d (%s) plays %s, want %s", k+1, order[k], opp[order[k]], order[k+4])
		}
	}
	if len(pr.Record.SeedOrder) != 8 {
		t.Errorf("the record does not keep the seed order: %v", pr.Record.SeedOrder)
	}
	verifyPaired(t, ev, pr)
	// Without the order the same round is not the seeded random draw.
	ev.SeedOrder = nil
	rep, err := Verify(context.Background(), ev, VerifyOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Problems()) == 0 {
		t.Error("the round verifies without its seed order: the test shows nothing")
	}
}

// An odd field's bye goes where it would without seeding; a forbidden
// pair (team mates) takes the next player of the bottom half; players
// not in the order come last.
func TestSeededFirstRoundKeepsTheByeAndForbiddenPairs(t *testing.T) {
	random, err := PairNextRound(seededEvent(7, nil), PairOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var bye string
	for p, o := range opponents(random) {
		if o == "" {
			bye = p
		}
	}
	ev := seededEvent(7, []string{"p1", "p2", "p3", "p4", "p5", "p6"}) // p7 unlisted
	ev.ForbiddenPairs = [][2]string{{"p1", "p4"}}
	pr, err := PairNextRound(ev, PairOptions{})
	if err != nil {
		t.Fatal(err)
	}
	opp := opponents(pr)
	if opp[bye] != "" {
		t.Fatalf("the bye went to another player than %s: %v", bye, opp)
	}
	var rest []string
	for _, id := range []string{"p1", "p2", "p3", "p4", "p5", "p6", "p7"} {
		if id != bye {
			rest = append(rest, id)
		}
	}
	half := len(rest) / 2
	for k := 0; k < half; k++ {
		if opp[rest[k]] == rest[k+half] {
			continue
		}
		if !(rest[k] == "p1" && rest[k+half] == "p4") {
			t.Errorf("%s plays %s, want %s", rest[k], opp[rest[k]], rest[k+half])
		}
	}
	if opp["p1"] == "p4" {
		t.Error("team mates p1 and p4 play each other")
	}
	verifyPaired(t, ev, pr)
}

// verifyPaired plays round 1 as paired (p1 of each match wins) and checks
// that Verify finds nothing wrong with it.
func verifyPaired(t *testing.T, ev *Event, pr *Pairing) {
	t.Helper()
	r := Round{Number: 1, Pairing: pr.Record}
	for _, m := range pr.Matches {
		res := "p1"
		if m.P2 == nil {
			res = "bye"
		}
		r.Matches = append(r.Matches, Match{Table: m.Table, P1: m.P1, P2: m.P2, Result: res})
	}
	ev.Rounds = append(ev.Rounds, r)
	rep, err := Verify(context.Background(), ev, VerifyOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if ps := rep.Problems(); len(ps) > 0 {
		t.Fatalf("the seeded round does not verify: %v", ps)
	}
}
