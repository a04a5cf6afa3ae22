package engine

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden game logs and their replays in testdata")

func goldenSetup() Setup {
	var s Setup
	s.Seed = 20261202
	s.Players[0] = PlayerSetup{Name: "FS01 Son Goku", Leader: "FS01-01", Deck: fs01Deck}
	s.Players[1] = PlayerSetup{Name: "FS02 Vegeta", Leader: "FS02-01", Deck: fs02Deck}
	return s
}

// replayText is the replay as the judge reads it: each action, its events
// and the state summary after it.
func replayText(r *Replay) string {
	var b bytes.Buffer
	s0 := r.StateAt(0)
	fmt.Fprintf(&b, "step 0\n%s", Summary(&s0))
	r.Walk(func(st *Step, s *State) {
		fmt.Fprintf(&b, "step %d (line %d): %s\n", st.Index, st.Action.Line, FormatAction(st.Action))
		if st.Violation != nil {
			fmt.Fprintf(&b, "  violation: %v\n", st.Violation)
			return
		}
		for _, e := range st.Events {
			fmt.Fprintf(&b, "  - [%s] %s\n", e.Rule, e.Text())
		}
		b.WriteString(Summary(s))
		fmt.Fprintf(&b, "  hash %016x\n", s.Hash())
	})
	return b.String()
}

func TestGoldenGames(t *testing.T) {
	for _, tc := range []struct {
		name      string
		autoplay  bool // written by the autoplayer; -update rewrites the log too
		winner    Side
		finalLife [2]int
	}{
		{"fs01-vs-fs02", true, P2, [2]int{0, 3}},
		{"feature-match", false, P1, [2]int{2, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) { goldenGame(t, tc.name, tc.autoplay, tc.winner, tc.finalLife) })
	}
}

func goldenGame(t *testing.T, name string, auto bool, winner Side, life [2]int) {
	cards := testCards(t)
	logFile, goldenFile := "testdata/"+name+".log", "testdata/"+name+".golden"
	if *update && auto {
		l := autoplay(t, goldenSetup(), cards, false, 2000)
		var buf bytes.Buffer
		buf.WriteString("# FS01 Son Goku starter against an FS02-style Vegeta deck, played to a win.\n")
		buf.WriteString("# Written by the test's greedy autoplayer (go test -run TestGoldenGames -update).\n")
		if err := Format(&buf, l); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(logFile, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(logFile)
	if err != nil {
		t.Fatal(err)
	}
	l, err := ParseLog(data)
	if err != nil {
		t.Fatal(err)
	}
	r := Run(l, cards, ReplayOptions{})
	if v := r.FirstViolation(); v != nil {
		t.Fatalf("golden game has a violation: %v", v)
	}
	if len(r.Steps) != len(l.Actions) {
		t.Fatalf("replayed %d of %d actions", len(r.Steps), len(l.Actions))
	}
	res := r.Final.Result
	if !res.Over || res.Winner != winner || len(r.Final.Players[0].Life) != life[0] || len(r.Final.Players[1].Life) != life[1] {
		t.Fatalf("want %s to win with life %v: %s", winner, life, Summary(&r.Final))
	}
	got := replayText(r)
	if *update {
		if err := os.WriteFile(goldenFile, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(goldenFile)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("replay differs from %s; run with -update if the change is intended.\nfirst difference near: %s", goldenFile, firstDiff(got, string(want)))
	}
	// Applying one action at a time gives the same states as Run.
	s := NewState(l.Setup, cards)
	for i, a := range l.Actions {
		next, _, v := Apply(s, a)
		if v != nil {
			t.Fatalf("step %d: %v", i+1, v)
		}
		s = next
		if at := r.StateAt(i + 1); at.Hash() != s.Hash() {
			t.Fatalf("step %d: StateAt and Apply disagree", i+1)
		}
	}
}

func firstDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	start := max(0, i-200)
	return a[start:min(len(a), i+200)]
}
