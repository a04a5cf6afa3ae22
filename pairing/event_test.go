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
