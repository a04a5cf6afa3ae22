package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const pairExample = "../../pairing/testdata/example.json"

func runPairingCLI(stdin string, args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	env := &cliEnv{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb, getenv: func(string) string { return "" }}
	code := run(context.Background(), env, args)
	return code, out.String(), errb.String()
}

func TestPairCommand(t *testing.T) {
	code, out, errs := runPairingCLI("", "pair", "--in", pairExample)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got struct {
		Number  int              `json:"number"`
		Matches []map[string]any `json:"matches"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if got.Number != 4 || len(got.Matches) != 3 {
		t.Fatalf("got %s", out)
	}
	for i, m := range got.Matches {
		keys := []string{}
		for k := range m {
			keys = append(keys, k)
		}
		if i < 2 {
			if m["table"] != float64(i+1) || m["p2"] == nil || len(m) != 3 {
				t.Errorf("match %d: %v", i+1, m)
			}
		} else {
			// The bye: no table, "p2": null present.
			p2, has := m["p2"]
			if _, hasTable := m["table"]; hasTable || !has || p2 != nil || m["p1"] != "B" {
				t.Errorf("bye line %v (keys %v)", m, keys)
			}
		}
	}
	// The worked example's only rematch-free pairing (see docs/pairing.md).
	if got.Matches[0]["p1"] != "E" || got.Matches[0]["p2"] != "C" || got.Matches[1]["p1"] != "D" || got.Matches[1]["p2"] != "A" {
		t.Errorf("pairs %s", out)
	}
	// --explain adds reasons; the same file from standard input.
	data, _ := os.ReadFile(pairExample)
	code, out, _ = runPairingCLI(string(data), "pair", "--in", "-", "--explain")
	if code != 0 || !strings.Contains(out, `"kind": "bye"`) || !strings.Contains(out, `"kind": "pair-down"`) {
		t.Fatalf("exit %d, %s", code, out)
	}
}

func writeEvent(t *testing.T, body string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "event.json")
	if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestPairingCommandsRejectBadFiles(t *testing.T) {
	players := `"players": [{"id": "a"}, {"id": "b"}, {"id": "c"}, {"id": "d"}]`
	cases := []struct{ rounds, want string }{
		{`[{"number": 1, "matches": [{"table": 1, "p1": "a", "p2": "b", "result": "p1"}, {"table": 2, "p1": "c", "p2": "x", "result": "p2"}]}]`,
			`round 1, match 2 (table 2): unknown player "x"`},
		{`[{"number": 1, "matches": [{"p1": "a", "p2": "b", "result": "p1"}, {"p1": "b", "p2": "c", "result": "p2"}]}]`,
			`round 1, match 2: player "b" is also in match 1`},
		{`[{"number": 1, "matches": [{"p1": "a", "p2": "b", "result": "p1"}, {"p1": "c", "p2": null, "result": "p1"}]}]`,
			`round 1, match 2: a bye has no opponent`},
		{`[{"number": 1, "matches": [{"p1": "a", "p2": "b", "result": "bye"}]}]`,
			`round 1, match 1: result "bye" given`},
	}
	for _, c := range cases {
		path := writeEvent(t, `{`+players+`, "rounds": `+c.rounds+`}`)
		for _, cmd := range [][]string{{"pair"}, {"standings"}, {"topcut", "--size", "2"}} {
			args := append(append([]string{}, cmd...), "--in", path)
			code, out, errs := runPairingCLI("", args...)
			if code != 2 || out != "" || !strings.Contains(errs, c.want) {
				t.Errorf("%s: exit %d, stderr %q, want %q", cmd[0], code, errs, c.want)
			}
		}
	}
	// Pairing with a result missing names the match by its table, as the
	// rounds page does.
	path := writeEvent(t, `{`+players+`, "rounds": [{"number": 1, "matches": [{"table": 1, "p1": "a", "p2": "b", "result": "p1"}, {"table": 2, "p1": "c", "p2": "d"}]}]}`)
	if code, _, errs := runPairingCLI("", "pair", "--in", path); code != 2 || !strings.Contains(errs, "round 1, table 2 has no result yet") {
		t.Errorf("exit %d, %s", code, errs)
	}
	// Usage errors.
	for _, args := range [][]string{{"pair"}, {"standings", "--in", pairExample, "--tiebreakers", "chess"},
		{"topcut", "--in", pairExample, "--size", "16"}, {"pair", "--in", "/nonexistent/file.json"}, {"pair", "--bogus"}} {
		if code, _, _ := runPairingCLI("", args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
	for _, cmd := range []string{"pair", "standings", "topcut"} {
		if code, out, _ := runPairingCLI("", cmd, "--help"); code != 0 || !strings.Contains(out, "--in") {
			t.Errorf("%s --help: exit %d", cmd, code)
		}
	}
}

func TestStandingsCommand(t *testing.T) {
	code, out, errs := runPairingCLI("", "standings", "--in", pairExample)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var st []struct {
		Rank        int                `json:"rank"`
		ID          string             `json:"id"`
		Points      int                `json:"points"`
		Record      string             `json:"record"`
		Tiebreakers map[string]float64 `json:"tiebreakers"`
	}
	if err := json.Unmarshal([]byte(out), &st); err != nil {
		t.Fatal(err)
	}
	if len(st) != 5 || st[0].Rank != 1 || st[0].ID != "E" || st[0].Points != 9 || st[0].Record != "3-0-0" ||
		st[0].Tiebreakers["omw"] != 0.4983 || st[0].Tiebreakers["oomw"] != 0.6656 {
		t.Fatalf("got %+v", st[0])
	}
	code, out, _ = runPairingCLI("", "standings", "--in", pairExample, "--tiebreakers", "pokemon")
	if code != 0 || !strings.Contains(out, `"owp": 0.4583`) || !strings.Contains(out, `"oowp"`) {
		t.Fatalf("pokemon: %s", out)
	}
	code, out, _ = runPairingCLI("", "standings", "--in", pairExample, "--tiebreakers", "mtg")
	if code != 0 || !strings.Contains(out, `"gw": 1`) || !strings.Contains(out, `"ogw"`) {
		t.Fatalf("mtg: %s", out)
	}
}

func TestTopCutCommand(t *testing.T) {
	// Ten players; player i has 10-i byes so the order is p01 … p10.
	var players, rounds []string
	for i := 1; i <= 10; i++ {
		players = append(players, fmt.Sprintf(`{"id": "p%02d"}`, i))
	}
	for r := 1; r <= 9; r++ {
		var ms []string
		for i := 1; i <= 10-r; i++ {
			ms = append(ms, fmt.Sprintf(`{"p1": "p%02d", "p2": null, "result": "bye"}`, i))
		}
		rounds = append(rounds, fmt.Sprintf(`{"number": %d, "matches": [%s]}`, r, strings.Join(ms, ",")))
	}
	path := writeEvent(t, `{"players": [`+strings.Join(players, ",")+`], "rounds": [`+strings.Join(rounds, ",")+`]}`)
	code, out, errs := runPairingCLI("", "topcut", "--in", path, "--size", "8")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var b struct {
		Size   int `json:"size"`
		Rounds []struct {
			Name    string `json:"name"`
			Matches []struct {
				Seed1 int     `json:"seed1"`
				P1    *string `json:"p1"`
				Seed2 int     `json:"seed2"`
				P2    *string `json:"p2"`
			} `json:"matches"`
		} `json:"rounds"`
	}
	if err := json.Unmarshal([]byte(out), &b); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range b.Rounds[0].Matches {
		got = append(got, fmt.Sprintf("%s-%s", *m.P1, *m.P2))
	}
	if b.Size != 8 || len(b.Rounds) != 3 || fmt.Sprint(got) != "[p01-p08 p04-p05 p02-p07 p03-p06]" {
		t.Fatalf("bracket %s", out)
	}
}

// An event exported by the server carries a "tenkaichi" object; the pairing
// commands read it as it is.
func TestStandingsReadsServerExport(t *testing.T) {
	in := `{"seed": 1, "players": [{"id": "a"}, {"id": "b"}],
	  "rounds": [{"number": 1, "matches": [{"table": 1, "p1": "a", "p2": "b", "result": "p1"}]}],
	  "tenkaichi": {"version": 1, "event": {"name": "X"}}}`
	var out, errb bytes.Buffer
	env := &cliEnv{stdin: strings.NewReader(in), stdout: &out, stderr: &errb, getenv: func(string) string { return "" }}
	if code := run(context.Background(), env, []string{"standings", "--in", "-"}); code != 0 {
		t.Fatalf("standings on an export exited %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), `"id":"a"`) && !strings.Contains(out.String(), `"id": "a"`) {
		t.Fatalf("output: %s", out.String())
	}
}

// --explain prints every reason key: a pair-down to a player on 0 points
// keeps "to_points": 0, and a bye has "to_points": null (no opponent).
func TestPairExplainPrintsEveryReasonKey(t *testing.T) {
	// After round 1, a, c and e have 3 points and b, d have 0. b or d takes
	// the bye, so one of the 3-point players is paired down to 0 points.
	path := writeEvent(t, `{"seed": 7, "players": [{"id": "a"}, {"id": "b"}, {"id": "c"}, {"id": "d"}, {"id": "e"}],
	  "rounds": [{"number": 1, "matches": [{"table": 1, "p1": "a", "p2": "b", "result": "p1"},
	    {"table": 2, "p1": "c", "p2": "d", "result": "p1"}, {"p1": "e", "p2": null, "result": "bye"}]}]}`)
	code, out, errs := runPairingCLI("", "pair", "--in", path, "--explain")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got struct {
		Matches []struct {
			Reason map[string]json.RawMessage `json:"reason"`
		} `json:"matches"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	kinds := map[string]bool{}
	for _, m := range got.Matches {
		if m.Reason == nil {
			continue
		}
		if len(m.Reason) != 5 {
			t.Errorf("reason has %d keys: %s", len(m.Reason), out)
		}
		for _, k := range []string{"kind", "player", "from_points", "to_points", "text"} {
			if _, ok := m.Reason[k]; !ok {
				t.Errorf("reason without %q: %s", k, out)
			}
		}
		var kind string
		_ = json.Unmarshal(m.Reason["kind"], &kind)
		kinds[kind] = true
		from, to := string(m.Reason["from_points"]), string(m.Reason["to_points"])
		switch kind {
		case "pair-down":
			if from != "3" || to != "0" {
				t.Errorf("pair-down from %s to %s, want 3 to 0", from, to)
			}
		case "bye":
			if from != "0" || to != "null" {
				t.Errorf("bye from %s to %s, want 0 and null", from, to)
			}
		}
	}
	if !kinds["pair-down"] || !kinds["bye"] {
		t.Fatalf("kinds %v in %s", kinds, out)
	}
	// An awarded bye also has every key, with the player's points.
	path = writeEvent(t, `{"players": [{"id": "a"}, {"id": "b"}, {"id": "c"}], "byes": [{"player": "c", "round": 2}],
	  "rounds": [{"number": 1, "matches": [{"p1": "a", "p2": "b", "result": "p1"}, {"p1": "c", "p2": null, "result": "bye"}]}]}`)
	code, out, errs = runPairingCLI("", "pair", "--in", path, "--explain")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	want := `"kind": "awarded-bye",
        "player": "c",
        "from_points": 3,
        "to_points": null,`
	if !strings.Contains(out, want) {
		t.Fatalf("awarded bye reason, want %s in\n%s", want, out)
	}
}

// topcut prints every documented key of every match, null when undecided.
func TestTopCutCommandPrintsEveryMatchKey(t *testing.T) {
	var players, rounds []string
	for i := 1; i <= 6; i++ {
		players = append(players, fmt.Sprintf(`{"id": "p%d"}`, i))
	}
	for r := 1; r <= 5; r++ {
		var ms []string
		for i := 1; i <= 6-r; i++ {
			ms = append(ms, fmt.Sprintf(`{"p1": "p%d", "p2": null, "result": "bye"}`, i))
		}
		rounds = append(rounds, fmt.Sprintf(`{"number": %d, "matches": [%s]}`, r, strings.Join(ms, ",")))
	}
	path := writeEvent(t, `{"players": [`+strings.Join(players, ",")+`], "rounds": [`+strings.Join(rounds, ",")+`]}`)
	code, out, errs := runPairingCLI("", "topcut", "--in", path, "--size", "6")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var b struct {
		Rounds []struct {
			Matches []map[string]json.RawMessage `json:"matches"`
		} `json:"rounds"`
		Champion *string `json:"champion"`
	}
	if err := json.Unmarshal([]byte(out), &b); err != nil {
		t.Fatal(err)
	}
	keys := []string{"match", "seed1", "p1", "seed2", "p2", "bye", "games", "score", "winner", "next_game_chooser"}
	n := 0
	for _, r := range b.Rounds {
		for _, m := range r.Matches {
			n++
			if len(m) != len(keys) {
				t.Errorf("match with %d keys: %v", len(m), m)
			}
			for _, k := range keys {
				if _, ok := m[k]; !ok {
					t.Errorf("match without %q", k)
				}
			}
		}
	}
	if n != 7 {
		t.Fatalf("%d matches in a top 6", n)
	}
	if !strings.Contains(out, `"seed2": null`) || !strings.Contains(out, `"score": null`) || !strings.Contains(out, `"games": []`) || !strings.Contains(out, `"bye": false`) {
		t.Fatalf("output %s", out)
	}
}

// Games that contradict the result are an input error naming the match.
func TestPairingCommandsRejectContradictoryGames(t *testing.T) {
	path := writeEvent(t, `{"players": [{"id": "a"}, {"id": "b"}, {"id": "c"}, {"id": "d"}],
	  "rounds": [{"number": 1, "matches": [{"table": 1, "p1": "a", "p2": "b", "result": "p2"},
	    {"table": 2, "p1": "c", "p2": "d", "result": "p1", "games": ["p2", "p2"]}]}]}`)
	want := `event.json: round 1, match 2 (table 2): result "p1" does not match the games (p1 won 0, p2 won 2)`
	for _, cmd := range [][]string{{"pair"}, {"standings"}, {"topcut", "--size", "2"}} {
		args := append(append([]string{}, cmd...), "--in", path)
		code, out, errs := runPairingCLI("", args...)
		if code != 2 || out != "" || !strings.Contains(errs, want) {
			t.Errorf("%s: exit %d, stderr %q, want %q", cmd[0], code, errs, want)
		}
	}
}

// A partial points object keeps the defaults for the fields it leaves out.
func TestStandingsPartialPoints(t *testing.T) {
	path := writeEvent(t, `{"points": {"win": 2}, "players": [{"id": "a"}, {"id": "b"}, {"id": "c"}],
	  "rounds": [{"number": 1, "matches": [{"p1": "a", "p2": "b", "result": "draw"}, {"p1": "c", "p2": null, "result": "bye"}]}]}`)
	code, out, errs := runPairingCLI("", "standings", "--in", path)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var st []struct {
		ID     string `json:"id"`
		Points int    `json:"points"`
	}
	if err := json.Unmarshal([]byte(out), &st); err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for _, s := range st {
		got[s.ID] = s.Points
	}
	if got["c"] != 3 || got["a"] != 1 || got["b"] != 1 {
		t.Fatalf("points %v, want bye 3 and draw 1 (defaults)", got)
	}
}

// The last tiebreaker is each player's random_key when the file gives one:
// four players tied on everything come out in key order.
func TestStandingsFollowRandomKeys(t *testing.T) {
	in := `{"seed": 3, "players": [{"id": "a", "random_key": 40}, {"id": "b", "random_key": 10},
		{"id": "c", "random_key": 30}, {"id": "d", "random_key": 20}],
		"rounds": [{"number": 1, "matches": [{"p1": "a", "p2": "b", "result": "draw"}, {"p1": "c", "p2": "d", "result": "draw"}]}]}`
	code, out, errs := runPairingCLI(in, "standings", "--in", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var st []struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal([]byte(out), &st); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range st {
		got = append(got, s.ID)
	}
	if strings.Join(got, " ") != "b d c a" {
		t.Fatalf("order %v, want b d c a (by random_key)", got)
	}
	// The top cut is seeded from the same order.
	code, out, errs = runPairingCLI(in, "topcut", "--in", "-", "--size", "4")
	var cut struct {
		Seeds []struct {
			ID string `json:"id"`
		} `json:"seeds"`
	}
	if err := json.Unmarshal([]byte(out), &cut); code != 0 || err != nil || len(cut.Seeds) != 4 {
		t.Fatalf("topcut: exit %d %v %s", code, err, errs)
	}
	for i, s := range cut.Seeds {
		if s.ID != got[i] {
			t.Fatalf("seed %d is %s, want %s", i+1, s.ID, got[i])
		}
	}
}
