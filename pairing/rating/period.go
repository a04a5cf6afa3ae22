package rating

// Game is one game of a rating period between players A and B, named by
// the caller's keys; ScoreA is A's score: 1 A won, 0.5 a draw, 0 B won.
type Game struct {
	A, B   string
	ScoreA float64
}

// RatePeriod rates one rating period. Glicko-2 takes every game of a
// period as played at once: each player is rated against the opponents'
// ratings as they were at the start of the period, so the order of the
// games does not matter. Every player in ratings is rated, those without a
// game too (their deviation grows); a player of games missing from ratings
// starts at Start. The ratings passed are left as they were.
func RatePeriod(ratings map[string]Rating, games []Game, tau float64) map[string]Rating {
	results := make(map[string][]Result)
	before := func(p string) Rating {
		if r, ok := ratings[p]; ok {
			return r
		}
		return Start
	}
	for _, gm := range games {
		results[gm.A] = append(results[gm.A], Result{Opponent: before(gm.B), Score: gm.ScoreA})
		results[gm.B] = append(results[gm.B], Result{Opponent: before(gm.A), Score: 1 - gm.ScoreA})
	}
	after := make(map[string]Rating, len(ratings)+len(results))
	for p, r := range ratings {
		after[p] = Update(r, results[p], tau)
	}
	for p, res := range results {
		if _, ok := ratings[p]; !ok {
			after[p] = Update(Start, res, tau)
		}
	}
	return after
}
