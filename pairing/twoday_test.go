package pairing

import (
	"context"
	"fmt"
	"slices"
	"testing"
)

// playRounds pairs and plays n rounds of ev, the first-listed player of
// each match winning (ids sort so that "p01" beats "p09").
func playRounds(t *testing.T, ev *Event, n int) {
	t.Helper()
	for i := 0; i < n; i++ {
		pr, err := PairNextRound(ev, PairOptions{})
		if err != nil {
			t.Fatalf("round %d: %v", len(ev.Rounds)+1, err)
		}
		r := pr.Round(nil)
		r.Pairing = pr.Record
		for mi := range r.Matches {
			m := &r.Matches[mi]
			if m.P2 == nil {
				continue
			}
			m.Result = ResultP1
			if *m.P2 < m.P1 {
				m.Result = ResultP2
			}
		}
		ev.Rounds = append(ev.Rounds, r)
	}
}

func twoDayEvent(players int, td TwoDay) *Event {
	ev := &Event{Seed: 28, Rounds: []Round{}, TwoDay: &td}
	for i := 1; i <= players; i++ {
		ev.Players = append(ev.Players, Player{ID: fmt.Sprintf("p%02d", i)})
	}
	return ev
}

// A cut by record takes everyone on the line's points; day 2 pairs only
// them, with their day-1 points, and the final standings list them first.
func TestTwoDayCutByRecordCarriesRecords(t *testing.T) {
	ev := twoDayEvent(16, TwoDay{Day1Rounds: 3, Day2Rounds: 2, Cut: CutByRecord, Points: 6})
	playRounds(t, ev, 3)
	cut, err := CutDay1(ev)
	if err != nil {
		t.Fatal(err)
	}
	// 16 players, 3 rounds, no draws: 2 on 9 points, 6 on 6.
	if len(cut.Advanced) != 8 || cut.LinePoints != 6 || len(cut.TiedOut) != 0 {
		t.Fatalf("cut: %d advanced, line %d, tied out %v", len(cut.Advanced), cut.LinePoints, cut.TiedOut)
	}
	ev.TwoDay.Advanced = cut.Advanced
	day1Points := map[string]int{}
	for _, s := range cut.Standings {
		day1Points[s.ID] = s.Points
	}
	pr, err := PairNextRound(ev, PairOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(pr.Matches) != 4 || pr.Record.Day != 2 || !sameSet(pr.Record.Eligible, cut.Advanced) {
		t.Fatalf("day 2 round 1: %d matches, record day %d, eligible %v", len(pr.Matches), pr.Record.Day, pr.Record.Eligible)
	}
	for _, e := range pr.Record.Standings {
		if e.Points != day1Points[e.ID] || !slices.Contains(cut.Advanced, e.ID) {
			t.Fatalf("day-2 pairing saw %s with %d points (day 1: %d)", e.ID, e.Points, day1Points[e.ID])
		}
	}
	playRounds(t, ev, 2)
	st, err := Standings(ev, "")
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range st {
		want := 2
		if i >= 8 {
			want = 1
		}
		if s.Day != want || s.Rank != i+1 {
			t.Fatalf("place %d: %s day %d rank %d", i+1, s.ID, s.Day, s.Rank)
		}
	}
	// The day-1 finishers keep their day-1 order.
	var day1Order []string
	for _, s := range cut.Standings {
		if !slices.Contains(cut.Advanced, s.ID) {
			day1Order = append(day1Order, s.ID)
		}
	}
	var got []string
	for _, s := range st[8:] {
		got = append(got, s.ID)
	}
	if !slices.Equal(got, day1Order) {
		t.Fatalf("day-1 finishers %v, want %v", got, day1Order)
	}
	if rep, err := Verify(context.Background(), ev, VerifyOptions{}); err != nil || !rep.OK() {
		t.Fatalf("verify: %v %v", err, rep.Problems())
	}
}

// A cut by size stops at the size even inside a points group: the
// tiebreakers decide, and the cut names who is tied on each side.
func TestTwoDayCutBySizeTiesAtTheLine(t *testing.T) {
	ev := twoDayEvent(16, TwoDay{Day1Rounds: 3, Cut: CutBySize, Size: 4})
	playRounds(t, ev, 3)
	cut, err := CutDay1(ev)
	if err != nil {
		t.Fatal(err)
	}
	if len(cut.Advanced) != 4 || cut.LinePoints != 6 || len(cut.TiedIn) != 2 || len(cut.TiedOut) != 4 {
		t.Fatalf("cut: %v line %d in %v out %v", cut.Advanced, cut.LinePoints, cut.TiedIn, cut.TiedOut)
	}
	for i, id := range cut.Advanced {
		if cut.Standings[i].ID != id {
			t.Fatalf("advanced %v are not the top of %v", cut.Advanced, cut.Standings[:4])
		}
	}
	// A player who dropped on day 1 is passed over; one who drops on day 2
	// had advanced.
	ev.Players[idxOf(ev, cut.Advanced[0])].Dropped = true
	ev.Players[idxOf(ev, cut.Advanced[0])].DroppedAfter = DropsAfter(2)
	again, _ := CutDay1(ev)
	if slices.Contains(again.Advanced, cut.Advanced[0]) || again.Advanced[3] != cut.TiedOut[0] {
		t.Fatalf("after a day-1 drop: %v", again.Advanced)
	}
	ev.Players[idxOf(ev, cut.Advanced[0])].DroppedAfter = DropsAfter(4)
	if again, _ := CutDay1(ev); !slices.Equal(again.Advanced, cut.Advanced) {
		t.Fatalf("a day-2 drop changed the cut: %v", again.Advanced)
	}
}

func idxOf(ev *Event, id string) int {
	for i, p := range ev.Players {
		if p.ID == id {
			return i
		}
	}
	return -1
}

// Fewer than two players through the line cannot make a day 2.
func TestTwoDayCutTooFew(t *testing.T) {
	ev := twoDayEvent(8, TwoDay{Day1Rounds: 3, Cut: CutByRecord, Points: 9})
	playRounds(t, ev, 3)
	if _, err := CutDay1(ev); err == nil || err.(*InputError).Key != "day2-too-few" {
		t.Fatalf("got %v", err)
	}
}

// The verifier says when a day-2 round seats a player who did not
// advance, when the file's list is not the cut, and when the record's
// eligible players are not the file's.
func TestVerifyTwoDay(t *testing.T) {
	ev := twoDayEvent(12, TwoDay{Day1Rounds: 3, Cut: CutBySize, Size: 6})
	playRounds(t, ev, 3)
	cut, _ := CutDay1(ev)
	ev.TwoDay.Advanced = cut.Advanced
	playRounds(t, ev, 1)
	ctx := context.Background()
	keys := func(e *Event) []string {
		rep, err := Verify(ctx, e, VerifyOptions{Round: 4})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, p := range rep.Problems() {
			out = append(out, p.Key)
		}
		return out
	}
	if k := keys(ev); len(k) != 0 {
		t.Fatalf("clean file: %v", k)
	}
	swapped := *ev
	td := *ev.TwoDay
	td.Advanced = append(slices.Clone(cut.Advanced[:5]), cut.TiedOut[0])
	swapped.TwoDay = &td
	if k := keys(&swapped); !slices.Contains(k, "day2-cut") || !slices.Contains(k, "not-advanced") || !slices.Contains(k, "record-eligible") {
		t.Fatalf("swapped cut: %v", k)
	}
}

// The day split is checked when the file is read.
func TestTwoDayFileChecks(t *testing.T) {
	base := `{"players": [{"id": "a"}, {"id": "b"}], "rounds": [], "two_day": %s}`
	for _, c := range []struct{ td, key string }{
		{`{"day1_rounds": 0, "cut": "record"}`, "two-day-invalid"},
		{`{"day1_rounds": 2, "cut": "best"}`, "two-day-invalid"},
		{`{"day1_rounds": 2, "cut": "size", "size": 1}`, "two-day-invalid"},
		{`{"day1_rounds": 2, "cut": "size", "size": 2, "advanced": ["a", "z"]}`, "two-day-advanced"},
		{`{"day1_rounds": 2, "cut": "size", "size": 2, "advanced": ["a", "a"]}`, "two-day-advanced"},
		{`{"day1_rounds": 2, "cut": "record", "points": 3, "advanced": ["a", "b"]}`, ""},
	} {
		_, err := ParseEvent(fmt.Appendf(nil, base, c.td))
		got := ""
		if ie, ok := err.(*InputError); ok {
			got = ie.Key
		} else if err != nil {
			got = err.Error()
		}
		if got != c.key {
			t.Errorf("%s: got %q, want %q", c.td, got, c.key)
		}
	}
}
