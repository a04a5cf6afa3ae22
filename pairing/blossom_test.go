package pairing

import (
	"context"
	"math/rand/v2"
	"testing"

	"pgregory.net/rapid"
)

// bruteMatching returns the best total weight over all matchings (of maximum
// size when maxCard), by enumeration.
func bruteMatching(n int, edges []Edge, maxCard bool) (size int, weight int64) {
	w := make(map[[2]int]int64)
	for _, e := range edges {
		a, b := min(e.I, e.J), max(e.I, e.J)
		if old, ok := w[[2]int{a, b}]; !ok || e.W > old {
			w[[2]int{a, b}] = e.W
		}
	}
	used := make([]bool, n)
	bestSize, bestW := 0, int64(0)
	var rec func(v, sz int, tot int64)
	rec = func(v, sz int, tot int64) {
		for v < n && used[v] {
			v++
		}
		if v == n {
			better := tot > bestW
			if maxCard {
				better = sz > bestSize || (sz == bestSize && tot > bestW)
			}
			if better {
				bestSize, bestW = sz, tot
			}
			return
		}
		used[v] = true
		rec(v+1, sz, tot) // v unmatched
		for u := v + 1; u < n; u++ {
			if used[u] {
				continue
			}
			if ew, ok := w[[2]int{v, u}]; ok {
				used[u] = true
				rec(v+1, sz+1, tot+ew)
				used[u] = false
			}
		}
		used[v] = false
	}
	rec(0, 0, 0)
	return bestSize, bestW
}

func matchingValue(t interface{ Fatalf(string, ...any) }, n int, edges []Edge, mate []int) (int, int64) {
	best := make(map[[2]int]int64)
	for _, e := range edges {
		a, b := min(e.I, e.J), max(e.I, e.J)
		if old, ok := best[[2]int{a, b}]; !ok || e.W > old {
			best[[2]int{a, b}] = e.W
		}
	}
	size, tot := 0, int64(0)
	for v, u := range mate {
		if u == -1 {
			continue
		}
		if mate[u] != v {
			t.Fatalf("mate not symmetric: %v", mate)
		}
		if v < u {
			ew, ok := best[[2]int{v, u}]
			if !ok {
				t.Fatalf("matched non-edge %d-%d", v, u)
			}
			size++
			tot += ew
		}
	}
	return size, tot
}

func TestBlossomAgainstBruteForce(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 11).Draw(t, "n")
		maxCard := rapid.Bool().Draw(t, "maxCard")
		maxW := rapid.Int64Range(1, 20).Draw(t, "maxW")
		var edges []Edge
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				if rapid.IntRange(0, 2).Draw(t, "has") > 0 {
					edges = append(edges, Edge{i, j, rapid.Int64Range(-3, maxW).Draw(t, "w")})
				}
			}
		}
		mate := MaxWeightMatching(n, edges, maxCard)
		size, tot := matchingValue(t, n, edges, mate)
		bs, bw := bruteMatching(n, edges, maxCard)
		if maxCard && size != bs {
			t.Fatalf("size %d, brute force %d", size, bs)
		}
		if tot != bw {
			t.Fatalf("weight %d, brute force %d (mate %v, edges %v)", tot, bw, mate, edges)
		}
	})
}

// Larger random graphs: the final duals must certify optimality.
func TestBlossomDualCertificate(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for iter := 0; iter < 200; iter++ {
		n := 2 + r.IntN(60)
		var edges []Edge
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				if r.IntN(4) == 0 {
					edges = append(edges, Edge{i, j, int64(r.IntN(30))})
				}
			}
		}
		_, s, _ := solveMatching(context.Background(), n, edges, true, 0, nil)
		for _, e := range edges {
			if sl := s.edgeSlack(e.I, e.J, e.W); sl < 0 {
				t.Fatalf("iter %d: edge %v has slack %d", iter, e, sl)
			}
		}
	}
}

// Classic small cases with blossoms and expansions.
func TestBlossomKnownCases(t *testing.T) {
	cases := []struct {
		n     int
		edges []Edge
		want  []int
	}{
		{2, []Edge{{0, 1, 1}}, []int{1, 0}},
		{3, []Edge{{0, 1, 10}, {1, 2, 11}}, []int{-1, 2, 1}},
		{4, []Edge{{1, 2, 5}, {2, 3, 11}, {3, 0, 5}}, []int{-1, -1, 3, 2}},
		// S-blossom then augment through it.
		{5, []Edge{{1, 2, 8}, {1, 3, 9}, {2, 3, 10}, {3, 4, 7}}, []int{-1, 2, 1, 4, 3}},
	}
	for i, c := range cases {
		mate := MaxWeightMatching(c.n, c.edges, false)
		size, tot := matchingValue(t, c.n, c.edges, mate)
		_, bw := bruteMatching(c.n, c.edges, false)
		if tot != bw {
			t.Errorf("case %d: weight %d (size %d), want %d; mate %v", i, tot, size, bw, mate)
		}
	}
}
