package main

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/pairing"
)

// twoDayFile is a two-day event of 10 players, 3 rounds on day 1, the top
// 4 on day 2 for 2 rounds, every round with its record, as the server
// exports it (the lower id wins each match).
func twoDayFile(t *testing.T) *pairing.Event {
	t.Helper()
	ev := &pairing.Event{Seed: 7, Rounds: []pairing.Round{}, TwoDay: &pairing.TwoDay{Day1Rounds: 3, Day2Rounds: 2, Cut: pairing.CutBySize, Size: 4}}
	for i := 1; i <= 10; i++ {
		ev.Players = append(ev.Players, pairing.Player{ID: fmt.Sprintf("p%02d", i)})
	}
	for n := 1; n <= 5; n++ {
		if n == 4 {
			cut, err := pairing.CutDay1(ev)
			if err != nil {
				t.Fatal(err)
			}
			ev.TwoDay.Advanced = cut.Advanced
		}
		pr, err := pairing.PairNextRound(ev, pairing.PairOptions{})
		if err != nil {
			t.Fatal(err)
		}
		r := pr.Round(nil)
		r.Pairing = pr.Record
		for i := range r.Matches {
			if m := &r.Matches[i]; m.P2 != nil {
				m.Result = pairing.ResultP1
				if *m.P2 < m.P1 {
					m.Result = pairing.ResultP2
				}
			}
		}
		ev.Rounds = append(ev.Rounds, r)
	}
	return ev
}

// tenkaichi verify checks a two-day file's day-2 rounds from the players
// who advanced, and says so when the file's cut is not the one its day-1
// rounds give.
func TestVerifyTwoDayEvent(t *testing.T) {
	ev := twoDayFile(t)
	var file bytes.Buffer
	if err := pairing.WriteEventFile(&file, ev); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runPairingCLI(file.String(), "verify", "--in", "-")
	if code != 0 || !strings.Contains(out, "round 4: holds, and its certificate proves it optimal") || !strings.Contains(out, "Every round holds.") {
		t.Fatalf("exit %d:\n%s%s", code, out, errs)
	}
	// Another player in the cut: the file's day 2 no longer follows.
	cut, _ := pairing.CutDay1(ev)
	var outside string
	for _, p := range ev.Players {
		if !slices.Contains(cut.Advanced, p.ID) {
			outside = p.ID
			break
		}
	}
	ev.TwoDay.Advanced = append(slices.Clone(cut.Advanced[:3]), outside)
	file.Reset()
	_ = pairing.WriteEventFile(&file, ev)
	code, out, _ = runPairingCLI(file.String(), "verify", "--in", "-", "--round", "4")
	for _, want := range []string{"the file's players who advanced to day 2 are not the cut its day-1 rounds give",
		"plays in this day-2 round but did not advance to day 2", "players eligible for day 2"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	if code != 1 {
		t.Errorf("exit %d for a wrong cut", code)
	}
}
