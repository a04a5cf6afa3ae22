package leagues_test

import (
	"math"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/pairing/rating"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/leagues"
	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
)

// A full recompute gives what pairing/rating gives for the same games, one
// rating period per week (a week without games is a period too, in which
// everyone's deviation grows): byes, double losses, unconfirmed matches,
// unfinished events and other games are not rated; a draw scores a half;
// a top-cut match counts once.
func TestRecomputeRatingsEqualsPairingRating(t *testing.T) {
	st := storagetest.New(t)
	lgs := leagues.New(st)
	people := []seedPlayer{{"a", "Ann", "A"}, {"b", "Bo", "B"}, {"c", "Cy", "C"}, {"d", "Di", "D"}, {"e", "Ed", "E"}}
	// Monday and Wednesday of one week, then a week later than the next.
	_, es := seeded(t, st, seedEvent{Name: "Monday", Day: "2026-01-05", Players: people,
		Swiss: [][]seedMatch{
			{{P1: "a", P2: "b", Result: "p1"}, {P1: "c", P2: "d", Result: "draw"}, {P1: "e"}},
			{{P1: "c", P2: "a", Result: "p1"}, {P1: "b", P2: "d", Result: "double-loss"}, {P1: "e"}},
		},
		TopCut: [][]seedMatch{{{P1: "a", P2: "c", Result: "p1"}}}})
	seeded(t, st, seedEvent{Name: "Wednesday", Day: "2026-01-07", Players: people[1:],
		Swiss: [][]seedMatch{{{P1: "b", P2: "e", Result: "p2"}}}})
	late, _ := seeded(t, st, seedEvent{Name: "Two weeks on", Day: "2026-01-20", Players: people,
		Swiss: [][]seedMatch{{{P1: "a", P2: "e", Result: "p1"}, {P1: "d", P2: "c", Result: "draw"}, {P1: "b", P2: "d", Result: "p1", Status: "reported"}}}})
	seeded(t, st, seedEvent{Name: "Still running", Day: "2026-01-21", Status: storage.StatusRunning, Players: people,
		Swiss: [][]seedMatch{{{P1: "a", P2: "b", Result: "p1"}}}})
	seeded(t, st, seedEvent{Name: "Masters", Day: "2026-01-20", Game: "masters", Format: "masters", Players: people,
		Swiss: [][]seedMatch{{{P1: "b", P2: "a", Result: "p1"}}}})

	weeks := [][]rating.Game{
		{{A: "a", B: "b", ScoreA: 1}, {A: "c", B: "d", ScoreA: 0.5}, {A: "c", B: "a", ScoreA: 1}, {A: "a", B: "c", ScoreA: 1}, {A: "b", B: "e", ScoreA: 0}},
		nil,
		{{A: "a", B: "e", ScoreA: 1}, {A: "d", B: "c", ScoreA: 0.5}},
	}
	want := map[string]rating.Rating{}
	matches := map[string]int{}
	for _, games := range weeks {
		want = rating.RatePeriod(want, games, rating.Tau)
		for _, g := range games {
			matches[g.A]++
			matches[g.B]++
		}
	}

	if stale, err := lgs.RatingsStale(ctx, "fusion-world"); err != nil || !stale {
		t.Fatalf("ratings never computed: stale %v, %v", stale, err)
	}
	run, err := lgs.RecomputeRatings(ctx, "fusion-world")
	if err != nil {
		t.Fatal(err)
	}
	if run.Players != 5 || run.Matches != 7 || run.Periods != 3 {
		t.Errorf("run %+v, want 5 players, 7 games, 3 weeks", run)
	}
	for key, w := range want {
		rs, err := lgs.PlayerRatings(ctx, playerOf(t, es[key]))
		if err != nil || len(rs) != 1 {
			t.Fatalf("ratings of %s: %+v %v", key, rs, err)
		}
		r := rs[0]
		if math.Abs(r.Rating-w.Rating) > 1e-9 || math.Abs(r.Deviation-w.Deviation) > 1e-9 || math.Abs(r.Volatility-w.Volatility) > 1e-12 || r.Matches != matches[key] {
			t.Errorf("%s: %.6f/%.6f/%.8f in %d games, want %.6f/%.6f/%.8f in %d", key, r.Rating, r.Deviation, r.Volatility, r.Matches,
				w.Rating, w.Deviation, w.Volatility, matches[key])
		}
	}
	if stale, _ := lgs.RatingsStale(ctx, "fusion-world"); stale {
		t.Error("stale right after the recompute")
	}
	if got, _ := lgs.GameRatings(ctx, "fusion-world", 2, 0); len(got) != 2 || got[0].Rating < got[1].Rating || got[0].Name == "" {
		t.Errorf("top two: %+v", got)
	}
	// Confirming the reported match changes what the ratings rest on.
	rs, _ := st.Rounds(ctx, late.ID)
	ms, _ := st.Matches(ctx, rs[0].ID)
	if _, err := st.SetMatchResult(ctx, org, late.ID, ms[2].ID, storage.ResultInput{Result: storage.ResultP1}, true, "confirmed by the judge"); err != nil {
		t.Fatal(err)
	}
	if stale, _ := lgs.RatingsStale(ctx, "fusion-world"); !stale {
		t.Error("not stale after a result changed")
	}
	if run, _ = lgs.RecomputeRatings(ctx, "fusion-world"); run.Matches != 8 {
		t.Errorf("after confirming: %+v", run)
	}
}
