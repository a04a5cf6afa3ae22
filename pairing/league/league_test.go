package league

import (
	"reflect"
	"testing"
)

// A season of four events worked out by hand: placing, attendance, win and
// draw points, a bye counting as a win, the best two events, and an event
// too small to count.
func TestTallyByHand(t *testing.T) {
	r := Rules{PointsByPlacing: []int{10, 7, 5}, PointsAttendance: 1, PointsWin: 2, PointsDraw: 1, BestN: 2, MinPlayers: 3}
	const a, b, c, d = 1, 2, 3, 4
	events := []Event{
		{ID: 1, Results: []Result{
			{Player: a, Placing: 1, Wins: 3},            // 10+1+6 = 17
			{Player: b, Placing: 2, Wins: 2, Losses: 1}, // 7+1+4 = 12
			{Player: c, Placing: 3, Wins: 1, Draws: 1},  // 5+1+2+1 = 9
			{Player: d, Placing: 4, Byes: 1, Losses: 2}, // 0+1+2 = 3
		}},
		{ID: 2, Results: []Result{
			{Player: b, Placing: 1, Wins: 2},           // 15
			{Player: a, Placing: 2, Wins: 1, Draws: 1}, // 11
			{Player: d, Placing: 3, Losses: 2},         // 6
		}},
		{ID: 3, Results: []Result{{Player: c, Placing: 1, Wins: 1}, {Player: a, Placing: 2, Losses: 1}}}, // 2 players: does not count
		{ID: 4, Results: []Result{
			{Player: a, Placing: 3},          // 6
			{Player: c, Placing: 1, Wins: 2}, // 15
			{Player: d, Placing: 2, Wins: 1}, // 10
		}},
	}
	want := []Standing{
		{Player: a, Points: 28, Counted: 2, Dropped: 1, Attended: 3, EventsWon: 1, BestPlacing: 1, MatchWins: 4},
		{Player: b, Points: 27, Counted: 2, Dropped: 0, Attended: 2, EventsWon: 1, BestPlacing: 1, MatchWins: 4},
		{Player: c, Points: 24, Counted: 2, Dropped: 0, Attended: 2, EventsWon: 1, BestPlacing: 1, MatchWins: 3},
		{Player: d, Points: 16, Counted: 2, Dropped: 1, Attended: 3, EventsWon: 0, BestPlacing: 2, MatchWins: 2},
	}
	got := Tally(r, events)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("tally:\n got %+v\nwant %+v", got, want)
	}
	lb := Rank(r, got)
	for i, p := range []int64{a, b, c, d} {
		if row := lb.Rows[i]; row.Player != p || row.Position != i+1 || row.Place != i+1 || row.Tie != nil {
			t.Errorf("row %d: %+v, want player %d alone in place %d", i+1, row, p, i+1)
		}
	}
}

// Players level on points are ordered by the tiebreakers in the season's
// order, and each such row says which tiebreaker decided with both values;
// rows nothing separates share a place; the final cut says when its last
// place is shared with the first left out.
func TestRankExplainsTies(t *testing.T) {
	standings := []Standing{
		{Player: 5, Points: 8, BestPlacing: 0},
		{Player: 3, Points: 10, EventsWon: 1, BestPlacing: 2, MatchWins: 6, Attended: 3},
		{Player: 1, Points: 10, EventsWon: 1, BestPlacing: 1, MatchWins: 5, Attended: 3},
		{Player: 4, Points: 8, BestPlacing: 3},
		{Player: 2, Points: 10, EventsWon: 1, BestPlacing: 2, MatchWins: 6, Attended: 3},
		{Player: 6, Points: 12, EventsWon: 0, Attended: 1},
	}
	r := Rules{Tiebreakers: []string{EventsWon, BestPlacing}, FinalCut: 3}
	lb := Rank(r, standings)
	type want struct {
		player int64
		place  int
		tie    *Tie
		final  bool
	}
	wants := []want{
		{6, 1, nil, true},
		{1, 2, nil, true},
		{2, 3, &Tie{Key: TieDecided, Tiebreaker: BestPlacing, Above: 1, Below: 2}, true},
		{3, 3, &Tie{Key: TieShared}, false},
		{4, 5, nil, false},
		{5, 6, &Tie{Key: TieDecided, Tiebreaker: BestPlacing, Above: 3, Below: 0}, false},
	}
	if len(lb.Rows) != len(wants) {
		t.Fatalf("%d rows", len(lb.Rows))
	}
	for i, w := range wants {
		row := lb.Rows[i]
		if row.Player != w.player || row.Place != w.place || row.Position != i+1 || row.InFinal != w.final || !reflect.DeepEqual(row.Tie, w.tie) {
			t.Errorf("row %d: player %d place %d final %v tie %+v; want player %d place %d final %v tie %+v",
				i+1, row.Player, row.Place, row.InFinal, row.Tie, w.player, w.place, w.final, w.tie)
		}
	}
	if !lb.CutShared {
		t.Error("players 2 and 3 share 3rd place across a cut of 3, and the board does not say so")
	}
	if got := lb.Rows[2].Tie.Args(); !reflect.DeepEqual(got, []any{BestPlacing, 1, 2}) {
		t.Errorf("tie args %v", got)
	}
	r.FinalCut = 2
	if Rank(r, standings).CutShared {
		t.Error("cut of 2 ends between 2nd and 3rd place, yet it is said to be shared")
	}
	// Without tiebreakers, players level on points share the place.
	lb = Rank(Rules{}, standings)
	if lb.Rows[2].Place != 2 || lb.Rows[3].Place != 2 || lb.Rows[2].Tie.Key != TieShared {
		t.Errorf("no tiebreakers: rows %+v", lb.Rows[1:4])
	}
	if standings[0].Player != 5 {
		t.Error("Rank reordered its input")
	}
}

func TestValidate(t *testing.T) {
	cases := []struct {
		name  string
		rules Rules
		want  []Problem
	}{
		{"fine", Rules{PointsByPlacing: []int{3, 2, 1}, BestN: 4, Tiebreakers: AllTiebreakers}, nil},
		{"negative placing", Rules{PointsByPlacing: []int{3, -2}}, []Problem{{FieldPointsByPlacing, "league-placing-points-range", []any{2, -2, MaxPoints}}}},
		{"huge win", Rules{PointsWin: MaxPoints + 1}, []Problem{{FieldPointsWin, "league-points-range", []any{MaxPoints + 1, MaxPoints}}}},
		{"negative best n", Rules{BestN: -1}, []Problem{{FieldBestN, "league-count-range", []any{-1, MaxEvents}}}},
		{"cut", Rules{FinalCut: MaxCut + 1}, []Problem{{FieldFinalCut, "league-count-range", []any{MaxCut + 1, MaxCut}}}},
		{"tiebreakers", Rules{Tiebreakers: []string{EventsWon, "coin", EventsWon}}, []Problem{
			{FieldTiebreakers, "league-tiebreaker-unknown", []any{"coin"}},
			{FieldTiebreakers, "league-tiebreaker-twice", []any{EventsWon}},
		}},
	}
	for _, c := range cases {
		if got := c.rules.Validate(); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
}
