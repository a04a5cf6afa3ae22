package rating

import (
	"math"
	"testing"

	"pgregory.net/rapid"
)

func anyRating(t *rapid.T, label string) Rating {
	return Rating{
		Rating:     rapid.Float64Range(800, 2400).Draw(t, label+" rating"),
		Deviation:  rapid.Float64Range(30, 350).Draw(t, label+" deviation"),
		Volatility: rapid.Float64Range(0.03, 0.1).Draw(t, label+" volatility"),
	}
}

// A draw between two players of the same rating and deviation changes
// neither rating (each scored what was expected) and makes both surer than
// a period without a game would have left them.
func TestDrawBetweenEqualsKeepsTheRatings(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := anyRating(t, "both")
		after := RatePeriod(map[string]Rating{"a": r, "b": r}, []Game{{A: "a", B: "b", ScoreA: 0.5}}, Tau)
		for _, p := range []string{"a", "b"} {
			if math.Abs(after[p].Rating-r.Rating) > 1e-9 {
				t.Fatalf("%s: rating %v after a draw, was %v", p, after[p].Rating, r.Rating)
			}
			if idle := Update(r, nil, Tau).Deviation; after[p].Deviation >= idle {
				t.Fatalf("%s: deviation %v after a game, %v without one", p, after[p].Deviation, idle)
			}
		}
	})
}

// A player who does not play keeps their rating and volatility while the
// deviation grows, period after period.
func TestIdleDeviationGrows(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := anyRating(t, "idle")
		periods := rapid.IntRange(1, 20).Draw(t, "periods")
		ratings := map[string]Rating{"idle": r}
		for i := 0; i < periods; i++ {
			next := RatePeriod(ratings, nil, Tau)
			if next["idle"].Deviation <= ratings["idle"].Deviation {
				t.Fatalf("period %d: deviation %v, was %v", i+1, next["idle"].Deviation, ratings["idle"].Deviation)
			}
			ratings = next
		}
		if ratings["idle"].Rating != r.Rating || ratings["idle"].Volatility != r.Volatility {
			t.Fatalf("idle player's rating or volatility changed: %+v, was %+v", ratings["idle"], r)
		}
	})
}

// A win raises the winner and lowers the loser; between players alike
// (same rating, deviation and volatility) by the same amount.
func TestWinMovesBothWays(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a, b := anyRating(t, "a"), anyRating(t, "b")
		after := RatePeriod(map[string]Rating{"a": a, "b": b}, []Game{{A: "a", B: "b", ScoreA: 1}}, Tau)
		if after["a"].Rating <= a.Rating || after["b"].Rating >= b.Rating {
			t.Fatalf("winner %v → %v, loser %v → %v", a.Rating, after["a"].Rating, b.Rating, after["b"].Rating)
		}
		same := RatePeriod(map[string]Rating{"a": a, "b": a}, []Game{{A: "a", B: "b", ScoreA: 1}}, Tau)
		if gain, loss := same["a"].Rating-a.Rating, a.Rating-same["b"].Rating; math.Abs(gain-loss) > 1e-9 {
			t.Fatalf("between equals the winner gains %v and the loser loses %v", gain, loss)
		}
	})
}

// The games of a period count as played at once: their order changes
// nothing. A player new to the ratings starts at Start.
func TestPeriodIgnoresTheOrderOfGames(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		players := []string{"a", "b", "c", "d"}
		ratings := map[string]Rating{}
		for _, p := range players[:3] { // d is new
			ratings[p] = anyRating(t, p)
		}
		var games []Game
		for i, n := 0, rapid.IntRange(1, 12).Draw(t, "games"); i < n; i++ {
			a := rapid.SampledFrom(players).Draw(t, "A")
			b := rapid.SampledFrom(players).Filter(func(s string) bool { return s != a }).Draw(t, "B")
			games = append(games, Game{A: a, B: b, ScoreA: rapid.SampledFrom([]float64{0, 0.5, 1}).Draw(t, "score")})
		}
		shuffled := rapid.Permutation(games).Draw(t, "order")
		first, second := RatePeriod(ratings, games, Tau), RatePeriod(ratings, shuffled, Tau)
		for _, p := range players {
			if math.Abs(first[p].Rating-second[p].Rating) > 1e-9 || math.Abs(first[p].Deviation-second[p].Deviation) > 1e-9 {
				t.Fatalf("%s: %+v in one order, %+v in another", p, first[p], second[p])
			}
		}
		if _, rated := first["d"]; rated {
			var results []Result
			for _, gm := range games {
				switch "d" {
				case gm.A:
					results = append(results, Result{Opponent: ratings[gm.B], Score: gm.ScoreA})
				case gm.B:
					results = append(results, Result{Opponent: ratings[gm.A], Score: 1 - gm.ScoreA})
				}
			}
			if want := Update(Start, results, Tau); first["d"] != want {
				t.Fatalf("new player d: %+v, want %+v from the start values", first["d"], want)
			}
		}
	})
}
