package pairing

import (
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// twoGames is a 2-0 for p1 of a cut match.
var twoGames = []Game{{Winner: ResultP1}, {Winner: ResultP1}}

func placingsOf(t *testing.T, ev *Event, size int) string {
	t.Helper()
	st, err := Standings(ev, "")
	if err != nil {
		t.Fatal(err)
	}
	var b *Bracket
	if size > 0 {
		if b, err = BuildTopCut(ev, size); err != nil {
			t.Fatal(err)
		}
	}
	var parts []string
	for _, p := range Placings(st, b) {
		part := fmt.Sprintf("%s:%d", p.ID, p.Place)
		if p.LostIn != "" {
			part += "(" + p.LostIn[:2] + ")"
		}
		parts = append(parts, part)
	}
	return strings.Join(parts, " ")
}

func TestPlacingsWithoutTopCutAreTheSwissRanks(t *testing.T) {
	ev := cutEvent()
	if got, want := placingsOf(t, ev, 0), "p01:1 p02:2 p03:3 p04:4 p05:5 p06:6 p07:7 p08:8 p09:9 p10:10"; got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
}

func TestPlacingsTopEight(t *testing.T) {
	ev := cutEvent()
	// Seeds (p02 dropped): 1 p01, 2 p03, 3 p04, 4 p05, 5 p06, 6 p07, 7 p08, 8 p09.
	// Quarterfinals 1v8, 4v5, 2v7, 3v6: the lower seed wins 5v4 and 6v3.
	ev.TopCut = &TopCut{Size: 8, Rounds: []CutRound{{Number: 1, Matches: []CutMatch{
		{P1: "p01", P2: "p09", Games: twoGames},
		{P1: "p06", P2: "p05", Games: twoGames},
		{P1: "p03", P2: "p08", Games: twoGames},
		// 3 v 6 still playing.
		{P1: "p07", P2: "p04", Games: []Game{{Winner: ResultP1}}},
	}}}}
	// The quarterfinal losers wait for the last quarterfinal; everyone
	// outside the cut is placed from 9th (the dropped p02 too).
	// Those already out say where they lost.
	if got, want := placingsOf(t, ev, 8), "p02:9 p10:10 p01:0 p03:0 p04:0 p05:0(Qu) p06:0 p07:0 p08:0(Qu) p09:0(Qu)"; got != want {
		t.Fatalf("during the quarterfinals:\ngot  %s\nwant %s", got, want)
	}
	ev.TopCut.Rounds[0].Matches[3].Games = twoGames
	// Quarterfinal losers p04 (seed 3), p05 (4), p08 (7), p09 (8): 5th-8th in Swiss order.
	if got, want := placingsOf(t, ev, 8), "p04:5(Qu) p05:6(Qu) p08:7(Qu) p09:8(Qu) p02:9 p10:10 p01:0 p03:0 p06:0 p07:0"; got != want {
		t.Fatalf("after the quarterfinals:\ngot  %s\nwant %s", got, want)
	}
	// Semifinals: p01 v p06 (p06 wins), p03 v p07 (p03 wins); final p06 v p03, p03 wins.
	ev.TopCut.Rounds = append(ev.TopCut.Rounds,
		CutRound{Number: 2, Matches: []CutMatch{{P1: "p06", P2: "p01", Games: twoGames}, {P1: "p03", P2: "p07", Games: twoGames}}},
		CutRound{Number: 3, Matches: []CutMatch{{P1: "p03", P2: "p06", Games: []Game{{Winner: ResultP1}, {Winner: ResultP2}, {Winner: ResultP1}}}}})
	// Semifinal losers p01 (seed 1) and p07 (seed 6) are 3rd and 4th.
	if got, want := placingsOf(t, ev, 8), "p03:1 p06:2(Fi) p01:3(Se) p07:4(Se) p04:5(Qu) p05:6(Qu) p08:7(Qu) p09:8(Qu) p02:9 p10:10"; got != want {
		t.Fatalf("after the final:\ngot  %s\nwant %s", got, want)
	}
}

func TestPlacingsTopSixWithByes(t *testing.T) {
	ev := cutEvent()
	// Top 6: seeds 1 (p01) and 2 (p03) have byes; 4 v 5 (p05 v p06), 3 v 6 (p04 v p07).
	ev.TopCut = &TopCut{Size: 6, Rounds: []CutRound{
		{Number: 1, Matches: []CutMatch{{P1: "p05", P2: "p06", Games: twoGames}, {P1: "p07", P2: "p04", Games: twoGames}}},
		{Number: 2, Matches: []CutMatch{{P1: "p01", P2: "p05", Games: twoGames}, {P1: "p03", P2: "p07", Games: twoGames}}},
		{Number: 3, Matches: []CutMatch{{P1: "p01", P2: "p03", Games: twoGames}}},
	}}
	// The two first-round losers take 5th and 6th; the cut ends at 6, so the
	// rest start at 7th.
	if got, want := placingsOf(t, ev, 6), "p01:1 p03:2(Fi) p05:3(Se) p07:4(Se) p04:5(Qu) p06:6(Qu) p02:7 p08:8 p09:9 p10:10"; got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
}

// Once the cut is played out, the places are 1..N, each once, the cut's
// players first, and everyone else keeps their Swiss order.
func TestPlacingsArePermutationProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(2, 24).Draw(t, "players")
		size := rapid.IntRange(2, n).Draw(t, "size")
		ev := &Event{Seed: rapid.Uint64().Draw(t, "seed"), Rounds: []Round{}}
		for i := 1; i <= n; i++ {
			ev.Players = append(ev.Players, Player{ID: fmt.Sprintf("p%02d", i)})
		}
		// One Swiss round of random results.
		r := Round{Number: 1}
		for i := 0; i+1 < n; i += 2 {
			res := rapid.SampledFrom([]string{ResultP1, ResultP2, ResultDraw}).Draw(t, "result")
			p2 := ev.Players[i+1].ID
			r.Matches = append(r.Matches, Match{P1: ev.Players[i].ID, P2: &p2, Result: res})
		}
		if n%2 == 1 {
			r.Matches = append(r.Matches, Match{P1: ev.Players[n-1].ID, Result: ResultBye})
		}
		ev.Rounds = []Round{r}
		ev.TopCut = &TopCut{Size: size}
		// Play the bracket out round by round with random winners.
		for round := 1; ; round++ {
			b, err := BuildTopCut(ev, size)
			if err != nil {
				t.Fatal(err)
			}
			if b.Champion != nil {
				break
			}
			cr := CutRound{Number: round}
			for _, m := range b.Rounds[round-1].Matches {
				if m.Bye {
					continue
				}
				games := twoGames
				if rapid.Bool().Draw(t, "upset") {
					games = []Game{{Winner: ResultP2}, {Winner: ResultP2}}
				}
				cr.Matches = append(cr.Matches, CutMatch{P1: *m.P1, P2: *m.P2, Games: games})
			}
			ev.TopCut.Rounds = append(ev.TopCut.Rounds, cr)
		}
		st, _ := Standings(ev, "")
		b, _ := BuildTopCut(ev, size)
		got := Placings(st, b)
		if len(got) != n {
			t.Fatalf("%d placings for %d players", len(got), n)
		}
		inCut := map[string]bool{}
		for _, s := range b.Seeds {
			inCut[s.ID] = true
		}
		for i, p := range got {
			if p.Place != i+1 {
				t.Fatalf("place %d at position %d: %v", p.Place, i+1, got)
			}
			if inCut[p.ID] != (p.Place <= size) {
				t.Fatalf("%s placed %d, in the cut: %v", p.ID, p.Place, inCut[p.ID])
			}
		}
		if *b.Champion != got[0].ID {
			t.Fatalf("champion %s is not 1st", *b.Champion)
		}
		// Outside the cut, the Swiss order.
		var rest []string
		for _, s := range st {
			if !inCut[s.ID] {
				rest = append(rest, s.ID)
			}
		}
		for i, id := range rest {
			if got[size+i].ID != id {
				t.Fatalf("outside the cut: %v, Swiss order %v", got[size:], rest)
			}
		}
	})
}
