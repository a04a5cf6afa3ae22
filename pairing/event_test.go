package pairing

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// The example from the issue must be read as written.
func TestReadIssueExample(t *testing.T) {
	src := `{"seed": 12345, "points": {"win": 3, "draw": 1, "loss": 0, "bye": 3}, "tiebreakers": "bandai",
 "players": [{"id": "p1", "name": "Ann", "dropped": false}, {"id": "p2"}, {"id": "p3"}],
 "rounds": [{"number": 1, "matches": [{"table": 1, "p1": "p1", "p2": "p2", "result": "p1"},
                                     {"p1": "p3", "p2": null, "result": "bye"}]}]}`
	ev, err := ReadEventFile(strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	if ev.Seed != 12345 || len(ev.Players) != 3 || len(ev.Rounds) != 1 || ev.Rounds[0].Matches[1].P2 != nil {
		t.Fatalf("decoded %+v", ev)
	}
	// Minimal file: only players and rounds.
	if _, err := ReadEventFile(strings.NewReader(`{"players": [{"id": "x"}], "rounds": []}`)); err != nil {
		t.Fatal(err)
	}
	// Round trip.
	var buf bytes.Buffer
	if err := WriteEventFile(&buf, ev); err != nil {
		t.Fatal(err)
	}
	ev2, err := ReadEventFile(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if ev2.Rounds[0].Matches[0].Result != "p1" || ev2.Players[0].Name != "Ann" {
		t.Fatalf("round trip lost data: %+v", ev2)
	}
}

func TestEventErrorsNameRoundAndMatch(t *testing.T) {
	base := `"players": [{"id": "a"}, {"id": "b"}, {"id": "c"}, {"id": "d"}]`
	cases := []struct{ rounds, want string }{
		{`[{"number": 1, "matches": [{"p1": "a", "p2": "b", "result": "p1"}, {"p1": "c", "p2": "zz", "result": "p1"}]}]`,
			`round 1, match 2: unknown player "zz"`},
		{`[{"number": 1, "matches": [{"table": 1, "p1": "a", "p2": "b", "result": "p1"}, {"table": 2, "p1": "c", "p2": "a", "result": "p1"}]}]`,
			`round 1, match 2 (table 2): player "a" is also in match 1 of this round`},
		{`[{"number": 1, "matches": [{"p1": "a", "p2": null, "result": "p1"}]}]`,
			`round 1, match 1: a bye has no opponent, so its result must be "bye"`},
		{`[{"number": 1, "matches": [{"p1": "a", "p2": "b", "result": "bye"}]}]`,
			`round 1, match 1: result "bye" given for a match between "a" and "b"`},
		{`[{"number": 1, "matches": [{"p1": "a", "p2": "a", "result": "p1"}]}]`,
			`round 1, match 1: player "a" is paired against themselves`},
		{`[{"number": 1, "matches": []}, {"number": 2, "matches": [{"p1": "a", "p2": "b", "result": "win"}]}]`,
			`round 2, match 1: result "win" is not one of`},
		{`[{"number": 2, "matches": []}]`, `round 2: rounds must be numbered`},
	}
	for _, c := range cases {
		_, err := ParseEvent([]byte(`{` + base + `, "rounds": ` + c.rounds + `}`))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("rounds %s:\n got %v\nwant %q", c.rounds, err, c.want)
		}
		var ie *InputError
		if err != nil && !errors.As(err, &ie) {
			t.Errorf("not an InputError: %v", err)
		}
	}
	for _, bad := range []string{
		`{"rounds": []}`,
		`{"players": []}`,
		`{"players": [{"id": "a"}, {"id": "a"}], "rounds": []}`,
		`{"players": [{"id": "a"}], "rounds": [], "tiebreakers": "chess"}`,
		`{"players": [{"id": "a"}], "rounds": [], "colour": "red"}`,
		`{"players": [{"id": "a"}], "rounds": []} {}`,
		`{"players": [{"id": "a"}], "rounds": [], "forbidden_pairs": [["a", "q"]]}`,
		`{"players": [{"id": "a"}], "rounds": [], "byes": [{"player": "a", "round": 0}]}`,
		`{"players": [{"id": "a", "entered_round": 2}, {"id": "b"}], "rounds": [{"number": 1, "matches": [{"p1": "a", "p2": "b", "result": "p1"}]}]}`,
	} {
		if _, err := ParseEvent([]byte(bad)); err == nil {
			t.Errorf("accepted %s", bad)
		}
	}
}

func TestPairRefusesMissingResult(t *testing.T) {
	ev, err := ParseEvent([]byte(`{"players": [{"id": "a"}, {"id": "b"}], "rounds": [{"number": 1, "matches": [{"table": 1, "p1": "a", "p2": "b"}]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	_, err = PairNextRound(ev, PairOptions{})
	if err == nil || !strings.Contains(err.Error(), "round 1, match 1 (table 1): no result yet") {
		t.Fatalf("got %v", err)
	}
}

// The reader never panics, and whatever it accepts can be paired, ranked
// and written back.
func FuzzReadEventFile(f *testing.F) {
	f.Add([]byte(`{"seed": 1, "players": [{"id": "a"}, {"id": "b"}, {"id": "c"}], "rounds": [{"number": 1, "matches": [{"table": 1, "p1": "a", "p2": "b", "result": "draw"}, {"p1": "c", "p2": null, "result": "bye"}]}]}`))
	f.Add([]byte(`{"players": [{"id": "a", "entered_round": 2}, {"id": "b", "dropped": true}], "rounds": [], "byes": [{"player": "a", "round": 1}], "forbidden_pairs": [["a", "b"]]}`))
	f.Add([]byte(`{"players": [{"id": "a"}, {"id": "b"}], "rounds": [], "top_cut": {"size": 2, "rounds": [{"number": 1, "matches": [{"p1": "a", "p2": "b", "games": [{"winner": "p1", "first": "p2"}]}]}]}}`))
	f.Add([]byte(`{"points": {"win": 2, "draw": 1, "loss": 0, "bye": 2}, "tiebreakers": "mtg", "players": [{"id": "x"}], "rounds": [{"number": 1, "matches": [{"p1": "x", "p2": null, "result": "bye"}]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		ev, err := ParseEvent(data)
		if err != nil {
			return
		}
		if len(ev.Players) > 40 || len(ev.Rounds) > 20 {
			return
		}
		for _, prof := range Profiles {
			if _, err := Standings(ev, prof); err != nil {
				t.Fatal(err)
			}
		}
		if pr, err := PairNextRound(ev, PairOptions{}); err == nil {
			checkValid(t, ev, pr)
		}
		_, _ = BuildTopCut(ev, 2)
		var buf bytes.Buffer
		if err := WriteEventFile(&buf, ev); err != nil {
			t.Fatal(err)
		}
		if _, err := ReadEventFile(&buf); err != nil {
			t.Fatalf("written file does not read back: %v", err)
		}
	})
}

// Every points field is optional: a missing one takes its default, an
// explicit 0 stays 0, and unknown keys are still refused.
func TestEventPartialPointsTakeDefaults(t *testing.T) {
	cases := []struct {
		points string
		want   Points
	}{
		{`{"win": 2}`, Points{Win: 2, Draw: 1, Loss: 0, Bye: 3}},
		{`{"bye": 0}`, Points{Win: 3, Draw: 1, Loss: 0, Bye: 0}},
		{`{"draw": 0, "loss": 1}`, Points{Win: 3, Draw: 0, Loss: 1, Bye: 3}},
		{`{}`, DefaultPoints},
		{`{"win": 5, "draw": 2, "loss": 1, "bye": 4}`, Points{Win: 5, Draw: 2, Loss: 1, Bye: 4}},
	}
	for _, c := range cases {
		ev, err := ParseEvent([]byte(`{"points": ` + c.points + `, "players": [{"id": "a"}], "rounds": []}`))
		if err != nil {
			t.Fatalf("%s: %v", c.points, err)
		}
		if got := ev.Scoring(); got != c.want {
			t.Errorf("points %s: got %+v, want %+v", c.points, got, c.want)
		}
	}
	for _, bad := range []string{`{"wins": 2}`, `{"win": -1}`, `{"win": "3"}`} {
		if _, err := ParseEvent([]byte(`{"points": ` + bad + `, "players": [{"id": "a"}], "rounds": []}`)); err == nil {
			t.Errorf("points %s accepted", bad)
		}
	}
	// The defaults reach the standings: a draw is still worth 1.
	ev, err := ParseEvent([]byte(`{"points": {"win": 2}, "players": [{"id": "a"}, {"id": "b"}],
	  "rounds": [{"number": 1, "matches": [{"p1": "a", "p2": "b", "result": "draw"}]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	st, _ := Standings(ev, "")
	if st[0].Points != 1 || st[1].Points != 1 {
		t.Fatalf("draw points %d, %d; want 1, 1", st[0].Points, st[1].Points)
	}
}

// Game-by-game results must agree with the match result; a bye has none.
func TestEventGamesMustMatchResult(t *testing.T) {
	base := `"players": [{"id": "a"}, {"id": "b"}, {"id": "c"}]`
	match := func(m string) string {
		return `[{"number": 1, "matches": [{"table": 1, "p1": "c", "p2": null, "result": "bye"}, ` + m + `]}]`
	}
	bad := []struct{ match, want string }{
		{`{"table": 2, "p1": "a", "p2": "b", "result": "p1", "games": ["p2", "p2"]}`,
			`round 1, match 2 (table 2): result "p1" does not match the games (p1 won 0, p2 won 2)`},
		{`{"p1": "a", "p2": "b", "result": "p2", "games": ["p1"]}`,
			`round 1, match 2: result "p2" does not match the games (p1 won 1, p2 won 0)`},
		{`{"p1": "a", "p2": "b", "result": "p1", "games": ["p1", "p2"]}`,
			`round 1, match 2: result "p1" does not match the games (p1 won 1, p2 won 1)`},
		{`{"p1": "a", "p2": "b", "result": "p1", "games": ["draw"]}`,
			`round 1, match 2: result "p1" does not match the games (p1 won 0, p2 won 0)`},
		{`{"p1": "a", "p2": "b", "result": "draw", "games": ["p1", "p1"]}`,
			`round 1, match 2: result "draw" does not match the games (p1 won 2, p2 won 0)`},
		{`{"p1": "a", "p2": "b", "result": "double-loss", "games": ["p2"]}`,
			`round 1, match 2: result "double-loss" does not match the games (p1 won 0, p2 won 1)`},
		{`{"p1": "a", "p2": "b", "result": "p1", "games": ["p1", "x"]}`,
			`round 1, match 2: game 2: "x" is not one of p1, p2, draw`},
	}
	for _, c := range bad {
		_, err := ParseEvent([]byte(`{` + base + `, "rounds": ` + match(c.match) + `}`))
		var ie *InputError
		if err == nil || err.Error() != c.want || !errors.As(err, &ie) {
			t.Errorf("%s:\n got %v\nwant %s", c.match, err, c.want)
		}
	}
	_, err := ParseEvent([]byte(`{` + base + `, "rounds": [{"number": 1, "matches": [{"p1": "a", "p2": "b", "result": "p1"}, {"table": 3, "p1": "c", "p2": null, "result": "bye", "games": ["p1"]}]}]}`))
	if err == nil || err.Error() != "round 1, match 2 (table 3): a bye has no games" {
		t.Errorf("bye with games: got %v", err)
	}
	for _, ok := range []string{
		`{"p1": "a", "p2": "b", "result": "p1", "games": ["p1"]}`,
		`{"p1": "a", "p2": "b", "result": "p1", "games": ["p2", "p1", "p1"]}`,
		`{"p1": "a", "p2": "b", "result": "p1", "games": ["p1", "draw"]}`,
		`{"p1": "a", "p2": "b", "result": "p2", "games": ["p2", "p1", "p2"]}`,
		`{"p1": "a", "p2": "b", "result": "draw", "games": ["p1", "p2"]}`,
		`{"p1": "a", "p2": "b", "result": "draw", "games": ["draw"]}`,
		`{"p1": "a", "p2": "b", "result": "double-loss", "games": ["p1", "p2"]}`,
		`{"p1": "a", "p2": "b", "result": "p1", "games": []}`,
		`{"p1": "a", "p2": "b", "games": ["p1"]}`,
	} {
		if _, err := ParseEvent([]byte(`{` + base + `, "rounds": ` + match(ok) + `}`)); err != nil {
			t.Errorf("%s refused: %v", ok, err)
		}
	}
}
