package pairing

import (
	"math"
	"slices"
)

// seededFirstRound re-pairs round 1 by the event's seed order: the top half
// of the order against the bottom half (1st against the first of the
// bottom half, and so on). Every round-1 pairing without a forbidden pair
// costs the same, so the optimum stays an optimum; the bye stays where the
// solver put it. A forbidden pair is avoided by taking the next player of
// the bottom half instead; when that fails the solver's pairing stands.
func (p *problem) seededFirstRound(mate []int, order []string) []int {
	place := make(map[string]int, len(order))
	for i, id := range order {
		if _, dup := place[id]; !dup {
			place[id] = i
		}
	}
	var players []int
	for v := 0; v < len(p.tal); v++ {
		if p.bye < 0 || mate[v] != p.bye {
			players = append(players, v)
		}
	}
	seed := func(v int) int {
		if i, ok := place[p.ids[v]]; ok {
			return i
		}
		return math.MaxInt // unlisted: after everyone listed, in vertex order
	}
	slices.SortStableFunc(players, func(a, b int) int { return seed(a) - seed(b) })
	half := len(players) / 2
	top, bottom := players[:half], slices.Clone(players[half:])
	for k := range top {
		j := slices.IndexFunc(bottom[k:], func(v int) bool { _, ok := p.cost(top[k], v); return ok })
		if j < 0 {
			return mate
		}
		bottom[k], bottom[k+j] = bottom[k+j], bottom[k]
	}
	out := slices.Clone(mate)
	for k := range top {
		out[top[k]], out[bottom[k]] = bottom[k], top[k]
	}
	return out
}

// seedOrder is the seed order round 1 was paired by; nil for another round
// or a draw at random.
func (p *problem) seedOrder() []string {
	if p.round != 1 || len(p.h.ev.SeedOrder) == 0 {
		return nil
	}
	return slices.Clone(p.h.ev.SeedOrder)
}
