package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/pairing"
)

// pairedEvent is a real field whose rounds were made by the pairing, each
// with its record (pairing/verify_fixture_test.go made it).
const pairedEvent = "../../pairing/testdata/round-rock-paired.json"

func readPaired(t *testing.T) *pairing.Event {
	t.Helper()
	data, err := os.ReadFile(pairedEvent)
	if err != nil {
		t.Fatal(err)
	}
	ev, err := pairing.ParseEvent(data)
	if err != nil {
		t.Fatal(err)
	}
	return ev
}

func writeEventFile(t *testing.T, ev *pairing.Event) string {
	t.Helper()
	var buf bytes.Buffer
	if err := pairing.WriteEventFile(&buf, ev); err != nil {
		t.Fatal(err)
	}
	return writeEvent(t, buf.String())
}

func TestVerifyCommand(t *testing.T) {
	code, out, errs := runPairingCLI("", "verify", "--in", pairedEvent)
	if code != 0 || errs != "" {
		t.Fatalf("exit %d: %s%s", code, out, errs)
	}
	for _, want := range []string{"round 1: holds, and its certificate proves it optimal\n", "round 5: holds, and its certificate proves it optimal\n",
		"top cut: follows the bracket of the Swiss standings\n", "Every round holds.\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	// The same from standard input, one round, as JSON.
	data, _ := os.ReadFile(pairedEvent)
	code, out, _ = runPairingCLI(string(data), "verify", "--in", "-", "--round", "2", "--json")
	var got struct {
		OK     bool `json:"ok"`
		Rounds []struct {
			Round     int               `json:"round"`
			Holds     bool              `json:"holds"`
			Certified bool              `json:"certified"`
			Problems  []json.RawMessage `json:"problems"`
		} `json:"rounds"`
		TopCut *json.RawMessage `json:"top_cut"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil || code != 0 {
		t.Fatalf("exit %d, %v\n%s", code, err, out)
	}
	if !got.OK || len(got.Rounds) != 1 || got.Rounds[0].Round != 2 || !got.Rounds[0].Holds || !got.Rounds[0].Certified ||
		got.Rounds[0].Problems == nil || got.TopCut != nil {
		t.Errorf("JSON %s", out)
	}
}

// The file's rounds are what tenkaichi pair --record prints, round after
// round, from the same players: the command a player can run to redo it.
func TestVerifyRoundsArePairsOutput(t *testing.T) {
	want := readPaired(t)
	ev := *want
	ev.Rounds, ev.TopCut = []pairing.Round{}, nil
	ev.Players = append([]pairing.Player{}, want.Players...)
	for r := 1; r <= len(want.Rounds); r++ {
		for i, p := range want.Players {
			after, _ := p.DroppedAfterRound()
			ev.Players[i].Dropped = p.Dropped && after < r
		}
		code, out, errs := runPairingCLI("", "pair", "--record", "--in", writeEventFile(t, &ev))
		if code != 0 {
			t.Fatalf("round %d: exit %d %s", r, code, errs)
		}
		var round pairing.Round
		if err := json.Unmarshal([]byte(out), &round); err != nil {
			t.Fatal(err)
		}
		wantRound := want.Rounds[r-1]
		if len(round.Matches) != len(wantRound.Matches) || round.Pairing == nil {
			t.Fatalf("round %d: pair printed\n%s", r, out)
		}
		for i, m := range round.Matches {
			w := wantRound.Matches[i]
			if m.P1 != w.P1 || (m.P2 == nil) != (w.P2 == nil) || m.P2 != nil && *m.P2 != *w.P2 || m.Table != w.Table {
				t.Fatalf("round %d, match %d: pair gives %+v, the file has %+v", r, i+1, m, w)
			}
			round.Matches[i].Result = w.Result
		}
		ev.Rounds = append(ev.Rounds, round)
	}
	ev.TopCut = want.TopCut
	if code, out, errs := runPairingCLI("", "verify", "--in", writeEventFile(t, &ev)); code != 0 {
		t.Fatalf("exit %d: %s%s", code, out, errs)
	}
	// Without --record, pair prints no record (its output is unchanged).
	if _, out, _ := runPairingCLI("", "pair", "--in", pairedEvent); strings.Contains(out, `"pairing"`) {
		t.Errorf("pair printed a record unasked:\n%s", out)
	}
}

// Each change to a made file fails with exit 1, naming the round and what
// is wrong.
func TestVerifyFindsWhatIsWrong(t *testing.T) {
	cases := []struct {
		name   string
		change func(t *testing.T, ev *pairing.Event)
		want   []string
	}{
		{"players swapped between tables", func(t *testing.T, ev *pairing.Event) {
			ms := ev.Rounds[2].Matches
			ms[1].P2, ms[2].P2 = ms[2].P2, ms[1].P2
		}, []string{"round 3: does not hold\n  "}},
		{"the bye to another player", func(t *testing.T, ev *pairing.Event) {
			ms := ev.Rounds[0].Matches
			last := len(ms) - 1
			ms[0].P1, ms[last].P1 = ms[last].P1, ms[0].P1
		}, []string{"round 1: does not hold\n", "  match 12: the bye goes to "}},
		{"an avoidable rematch", func(t *testing.T, ev *pairing.Event) {
			// Two tables of round 4 swapped so that two players meet again.
			met := map[[2]string]bool{}
			for _, r := range ev.Rounds[:3] {
				for _, m := range r.Matches {
					if m.P2 != nil {
						met[[2]string{m.P1, *m.P2}], met[[2]string{*m.P2, m.P1}] = true, true
					}
				}
			}
			ms := ev.Rounds[3].Matches
			for i := range ms {
				for j := range ms {
					if i != j && ms[i].P2 != nil && ms[j].P2 != nil && met[[2]string{ms[i].P1, *ms[j].P2}] && !met[[2]string{ms[j].P1, *ms[i].P2}] {
						ms[i].P2, ms[j].P2 = ms[j].P2, ms[i].P2
						return
					}
				}
			}
			t.Fatal("no two tables to swap into a rematch")
		}, []string{"round 4: does not hold\n", " is a rematch of round ", " while a pairing without rematch exists\n", "  the pairing weighs "}},
		{"another seed", func(t *testing.T, ev *pairing.Event) { ev.Seed++ },
			[]string{"round 1: does not hold\n", "  the round was paired with seed 20260620; the file's seed is 20260621\n"}},
		{"a tampered certificate", func(t *testing.T, ev *pairing.Event) { ev.Rounds[3].Pairing.Certificate.Duals[0] += 2 },
			[]string{"round 4: does not hold\n", "is not tight under the certificate (slack 2; pairs like it: 1), so it does not prove this pairing optimal\n"}},
		{"a top-cut match not in the bracket", func(t *testing.T, ev *pairing.Event) {
			ms := ev.TopCut.Rounds[0].Matches
			ms[0].P2, ms[1].P2 = ms[1].P2, ms[0].P2
		}, []string{"top cut: does not follow the bracket of the Swiss standings\n", "  round 1, match 1: "}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ev := readPaired(t)
			c.change(t, ev)
			code, out, errs := runPairingCLI("", "verify", "--in", writeEventFile(t, ev))
			if code != 1 || errs != "" {
				t.Fatalf("exit %d, want 1: %s%s", code, out, errs)
			}
			for _, w := range c.want {
				if !strings.Contains(out, w) {
					t.Errorf("no %q in\n%s", w, out)
				}
			}
			if !strings.Contains(out, "Not every round holds: ") && !strings.HasSuffix(out, "Every Swiss round holds; the top cut does not.\n") {
				t.Errorf("no summary in\n%s", out)
			}
			// Each problem the pairing package finds is on a line.
			rep, err := pairing.Verify(context.Background(), ev, pairing.VerifyOptions{})
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range rep.Problems() {
				if !strings.Contains(out, p.Msg+"\n") {
					t.Errorf("%q is not said in\n%s", p.Msg, out)
				}
			}
		})
	}
}

// A file verify cannot read, or a command line it cannot follow: exit 2
// with what is wrong; nothing on standard output.
func TestVerifyUnreadable(t *testing.T) {
	noRounds := writeEvent(t, `{"players": [{"id": "a"}, {"id": "b"}], "rounds": []}`)
	cases := []struct {
		args  []string
		stdin string
		want  string
	}{
		{[]string{"--in", filepath.Join(t.TempDir(), "none.json")}, "", "none.json: no such file or directory"},
		{[]string{"--in", "-"}, "{\"players\": [],\n \"rounds\": [}", "line 2"},
		{[]string{"--in", writeEvent(t, `{"players": [{"id": "a"}], "rounds": [{"number": 1, "matches": [{"p1": "a", "p2": null, "result": "bye"}],
			"pairing": {"algorithm": "tenkaichi-swiss/1", "sead": 1}}]}`)}, "", `"rounds.pairing" has no field "sead"`},
		{[]string{"--in", pairedEvent, "--round", "9"}, "", "--round 9: the file's Swiss rounds are 1 to 5"},
		{[]string{"--in", noRounds, "--round", "1"}, "", "--round 1: the file has no Swiss round yet"},
		{[]string{"--in", pairedEvent, "--round", "two"}, "", `"two" is not a valid value for --round`},
		{[]string{}, "", "--in FILE is required"},
		{[]string{"--in", pairedEvent, "extra"}, "", `unexpected argument "extra"`},
	}
	for _, c := range cases {
		code, out, errs := runPairingCLI(c.stdin, append([]string{"verify"}, c.args...)...)
		if code != 2 || !strings.HasPrefix(errs, "tenkaichi verify: ") || !strings.Contains(errs, c.want) || out != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 2 and %q", c.args, code, out, errs, c.want)
		}
	}
	// An endless standard input stops at the cap.
	in := &endlessInput{fill: ' '}
	code, _, errs := runWithStdin(t, in, "verify", "--in", "-")
	if code != 2 || !strings.Contains(errs, "standard input is larger than 64 MB, the most Tenkaichi reads from one file") || in.read > maxInputBytes+1<<20 {
		t.Errorf("endless input: exit %d, read %d, %s", code, in.read, errs)
	}
	// A file with no round yet holds, and says there was nothing to check.
	if code, out, _ := runPairingCLI("", "verify", "--in", noRounds); code != 0 || out != "The file has no round to check yet.\n" {
		t.Errorf("no rounds: exit %d, %q", code, out)
	}
}

// Every problem verify can report is a message of the command line's
// catalogue, with the values the pairing package gives it.
func TestEveryVerifyProblemIsAMessage(t *testing.T) {
	pair := pairing.MatchPair{P1: "a", P2: "b"}
	list := pairing.PairList{Pairs: []pairing.MatchPair{pair, {P1: "c"}}, More: 2}
	inner := pairing.Problem{Key: "cert-not-tight", Args: []any{pair, int64(2), 1}}
	samples := map[string][]any{
		"earlier-unreported": {1, 2}, "dropped-plays": {"a", 1}, "dropped-before-plays": {"a"}, "missing-listed": {"a", 2}, "missing-not-dropped": {"a", 2},
		"awarded-bye-missing": {"a"}, "cannot-pair": {errors.New("x")}, "own-certificate": {inner}, "forbidden": {pair},
		"bye-count": {2, 5, 1}, "rematch-avoidable": {pair, 1}, "rematch-too-many": {pair, 1, 3, 2}, "second-bye-avoidable": {"a", 1},
		"bye-rank": {"a", 2, 5, "b", 5}, "score-gaps": {9, 4}, "repeat-pair-downs": {2, 1}, "weight": {int64(5), int64(6)},
		"heavier": {int64(7), int64(6)}, "not-seeded": {list, list}, "record-algorithm": {"x", "y"}, "record-round": {2},
		"record-seed": {uint64(1), uint64(2)}, "record-tiebreakers": {"mtg", "bandai"}, "record-players": {3, 4},
		"record-standings": {1, "a", 3, 0, 0, "b", 3, 0, 1}, "record-awarded": nil, "record-units": nil,
		"record-weight": {int64(5), int64(6)}, "cert-players": {"z"}, "cert-duals": {3, 4}, "cert-bye-dual": nil, "cert-range": nil,
		"cert-member": {1, 9}, "cert-nesting": {2, 3}, "cert-blossom-size": {1, 2}, "cert-blossom-negative": {1, int64(-1)},
		"cert-infeasible": {pair, int64(-2), 3}, "cert-not-tight": {pair, int64(2), 1}, "cert-not-full": {1, int64(3), 0, 1},
		"cut-cannot": {errors.New("x")}, "cut-extra-round": {2}, "cut-not-in-bracket": {pair, list},
		"not-advanced": {"a"}, "day2-cut": {"a"}, "record-eligible": {3, 4},
		"team-no-seat": {"a"}, "team-seat-mismatch": {"a", "A", "Red", "b", "B", "Blue"}, "team-seat-missing": {"Red", "C"},
		"team-seat-dropped": {"a", "B", "Red", "b"}, "team-seat-vacant": {"a", "C", "Red", "p1"}, "team-vacant-before": {"a", "C", "Red", "p1"},
	}
	for key := range pairing.VerifyMessages {
		args, ok := samples[key]
		if !ok {
			t.Errorf("no sample values for %q: add them here and its case to verifyMessage", key)
			continue
		}
		text, ok := verifyMessage(context.Background(), key, args)
		if !ok || text == "" || strings.Contains(text, "<no value>") {
			t.Errorf("%s: %q, %v", key, text, ok)
		}
		// The JSON's English text is the catalogue's English (but for
		// a problem inside a problem, which the JSON locates).
		if english := fmt.Sprintf(pairing.VerifyMessages[key], args...); key != "own-certificate" && text != english {
			t.Errorf("%s: the catalogue says\n  %s\nthe pairing package\n  %s", key, text, english)
		}
	}
	if _, ok := verifyMessage(context.Background(), "no-such-key", nil); ok {
		t.Error("an unknown key has a message")
	}
}
