package pairing

import (
	"fmt"
	"sync"
	"testing"
)

// benchEvents caches simulated histories: benchSizes players after
// benchRounds rounds paired by this package with random results.
var (
	benchMu     sync.Mutex
	benchEvents = map[int]*Event{}
)

const benchRounds = 5

func benchEvent(b *testing.B, n int) *Event {
	benchMu.Lock()
	defer benchMu.Unlock()
	if ev, ok := benchEvents[n]; ok {
		return ev
	}
	ev := simulate(b, n, benchRounds, 42)
	benchEvents[n] = ev
	return ev
}

var benchSizes = []int{100, 1000, 4000, 10000}

// BenchmarkPair pairs round 6 after five simulated rounds.
func BenchmarkPair(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("players=%d", n), func(b *testing.B) {
			ev := benchEvent(b, n)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := PairNextRound(ev, PairOptions{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkPairRound1 pairs the first round (one big score group).
func BenchmarkPairRound1(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("players=%d", n), func(b *testing.B) {
			ev := &Event{Seed: 1, Rounds: []Round{}}
			for i := 0; i < n; i++ {
				ev.Players = append(ev.Players, Player{ID: fmt.Sprintf("p%05d", i)})
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := PairNextRound(ev, PairOptions{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkPairExact is the complete-graph path, for comparison.
func BenchmarkPairExact(b *testing.B) {
	for _, n := range []int{100, 1000} {
		b.Run(fmt.Sprintf("players=%d", n), func(b *testing.B) {
			ev := benchEvent(b, n)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := PairNextRound(ev, PairOptions{Exact: true}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkStandings(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("players=%d", n), func(b *testing.B) {
			ev := benchEvent(b, n)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := Standings(ev, ""); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkPlacings is the final placings of a top 16 whose bracket is built,
// from standings already computed (what a page adds to the standings).
func BenchmarkPlacings(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("players=%d", n), func(b *testing.B) {
			ev := benchEvent(b, n)
			st, err := Standings(ev, "")
			if err != nil {
				b.Fatal(err)
			}
			br, err := BuildTopCut(ev, 16)
			if err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if p := Placings(st, br); len(p) != len(st) {
					b.Fatal("placings lost players")
				}
			}
		})
	}
}
