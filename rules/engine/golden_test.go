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
		{"fs01-vs-fs02", true, P2, [2]int{0, 2}},
		{"feature-match", false, P1, [2]int{2, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) { goldenGame(t, tc.name, tc.autoplay, tc.winner, tc.finalLife) })
	}
}

func goldenGame(t *testing.T, name string, auto bool, winner Side, life [2]int) {
	cards := realCards(t)
	logFile, goldenFile := "testdata/"+name+".log", "testdata/"+name+".golden"
	if *update && auto {
		l := autoplay(t, goldenSetup(), cards, false, 2000)
		var buf bytes.Buffer
		buf.WriteString("# FS01 Son Goku starter against an FS02-style Vegeta deck, played to a win.\n")
		buf.WriteString("# Written by the test's greedy autoplayer (go test -run TestGoldenGames -update).\n")
		buf.WriteString("# The engine reads the cards: the Leaders' [When Attacking] draws and the\n")
		buf.WriteString("# [Permanent] power skills are not written; skills with choices are use lines.\n")
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

// A log written before the engine read card skills, with [Effects
// "declared"], replays as it was written: the same game as feature-match.log
// in the new notation, to the same result. Without the tag, the Leaders'
// declared draws come after the engine's own and are refused.
func TestDeclaredEffectsLogKeepsItsMeaning(t *testing.T) {
	cards := realCards(t)
	read := func(name string) *Log {
		data, err := os.ReadFile("testdata/" + name)
		if err != nil {
			t.Fatal(err)
		}
		l, err := ParseLog(data)
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	old, current := read("feature-match-declared.log"), read("feature-match.log")
	ro, rc := Run(old, cards, ReplayOptions{}), Run(current, cards, ReplayOptions{})
	for _, r := range []*Replay{ro, rc} {
		if v := r.FirstViolation(); v != nil {
			t.Fatal(v)
		}
	}
	fo, fc := &ro.Final, &rc.Final
	if !fo.Result.Over || fo.Result.Winner != P1 || len(fo.Players[P2].Life) != 0 || len(fo.Players[P1].Life) != 2 {
		t.Fatalf("old notation: %s", Summary(fo))
	}
	for i := range fo.Players {
		if len(fo.Players[i].Hand) != len(fc.Players[i].Hand) || len(fo.Players[i].Deck) != len(fc.Players[i].Deck) {
			t.Errorf("%s: old notation hand %d deck %d, new notation hand %d deck %d", Side(i),
				len(fo.Players[i].Hand), len(fo.Players[i].Deck), len(fc.Players[i].Hand), len(fc.Players[i].Deck))
		}
	}
	// Without the tag the Leader's draw after an attack is written twice:
	// the engine's and the declared line, which nothing explains now.
	old.Setup.Effects = ""
	v := Run(old, cards, ReplayOptions{}).FirstViolation()
	if v == nil || v.Rule != "CR 7-2-9" || old.Actions[v.Step-1].Verb != VerbDraw {
		t.Errorf("without the tag the Leader's declared draw should be refused (CR 7-2-9): %v", v)
	}
}
