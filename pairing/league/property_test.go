package league

import (
	"reflect"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

func anyRules(t *rapid.T) Rules {
	tbs := slices.Clone(AllTiebreakers)
	perm := rapid.Permutation(tbs).Draw(t, "tiebreakers")
	return Rules{
		PointsByPlacing:  rapid.SliceOfN(rapid.IntRange(0, 20), 0, 8).Draw(t, "placing points"),
		PointsAttendance: rapid.IntRange(0, 3).Draw(t, "attendance"),
		PointsWin:        rapid.IntRange(0, 3).Draw(t, "win"),
		PointsDraw:       rapid.IntRange(0, 2).Draw(t, "draw"),
		BestN:            rapid.IntRange(0, 4).Draw(t, "best n"),
		MinPlayers:       rapid.IntRange(0, 4).Draw(t, "min players"),
		FinalCut:         rapid.IntRange(0, 6).Draw(t, "final cut"),
		Tiebreakers:      perm[:rapid.IntRange(0, len(perm)).Draw(t, "tiebreakers used")],
	}
}

// anyEvent is an event of some of 12 players, placed 1..n in a random order.
func anyEvent(t *rapid.T, id int64) Event {
	players := rapid.SliceOfNDistinct(rapid.Int64Range(1, 12), 0, 8, rapid.ID[int64]).Draw(t, "players")
	ev := Event{ID: id}
	for i, p := range players {
		rounds := 4
		wins := rapid.IntRange(0, rounds).Draw(t, "wins")
		draws := rapid.IntRange(0, rounds-wins).Draw(t, "draws")
		byes := rapid.IntRange(0, rounds-wins-draws).Draw(t, "byes")
		ev.Results = append(ev.Results, Result{Player: p, Placing: i + 1, Wins: wins, Draws: draws, Byes: byes, Losses: rounds - wins - draws - byes})
	}
	return ev
}

func anySeason(t *rapid.T) []Event {
	n := rapid.IntRange(0, 6).Draw(t, "events")
	evs := make([]Event, n)
	for i := range evs {
		evs[i] = anyEvent(t, int64(i+1))
	}
	return evs
}

func pointsOf(ss []Standing) map[int64]int {
	out := map[int64]int{}
	for _, s := range ss {
		out[s.Player] = s.Points
	}
	return out
}

// Adding an event never lowers anyone's points: with every event counting
// (best N of 0), and with best N too.
func TestAnotherEventNeverLowersPoints(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := anyRules(t)
		evs := anySeason(t)
		before := pointsOf(Tally(r, evs))
		after := pointsOf(Tally(r, append(evs, anyEvent(t, 99))))
		for p, pts := range before {
			if after[p] < pts {
				t.Fatalf("player %d: %d points before the event, %d after (rules %+v)", p, pts, after[p], r)
			}
		}
	})
}

// Best N counts at most N events, and the N it counts are the best: no
// other choice of at most N of the player's events gives more points.
func TestBestNCountsTheBestN(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := anyRules(t)
		evs := anySeason(t)
		per := map[int64][]int{}
		for _, ev := range evs {
			if !r.Counts(ev) {
				continue
			}
			for _, res := range ev.Results {
				per[res.Player] = append(per[res.Player], r.Points(res))
			}
		}
		for _, s := range Tally(r, evs) {
			if r.BestN > 0 && s.Counted > r.BestN {
				t.Fatalf("player %d: %d events counted with best %d", s.Player, s.Counted, r.BestN)
			}
			if s.Counted+s.Dropped != s.Attended || s.Attended != len(per[s.Player]) {
				t.Fatalf("player %d: counted %d + dropped %d, attended %d, played %d", s.Player, s.Counted, s.Dropped, s.Attended, len(per[s.Player]))
			}
			if best := bestSubset(per[s.Player], r.BestN); s.Points != best {
				t.Fatalf("player %d: %d points, the best choice gives %d (%v, best %d)", s.Player, s.Points, best, per[s.Player], r.BestN)
			}
		}
	})
}

// bestSubset tries every subset of at most n of the points (all when n is
// 0) and returns the highest sum.
func bestSubset(points []int, n int) int {
	best := 0
	for mask := 0; mask < 1<<len(points); mask++ {
		sum, k := 0, 0
		for i, p := range points {
			if mask&(1<<i) != 0 {
				sum += p
				k++
			}
		}
		if (n == 0 || k <= n) && sum > best {
			best = sum
		}
	}
	return best
}

// The order is total and deterministic: the same leaderboard whatever the
// order of the events and of their results; positions 1..n; each row is
// not ahead of the one above by points and tiebreakers, and when nothing
// separates them they share the place and the lower key comes first; a
// tie reason exactly where the points are level.
func TestOrderIsTotalAndDeterministic(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := anyRules(t)
		evs := anySeason(t)
		lb := Compute(r, evs)
		shuffled := rapid.Permutation(evs).Draw(t, "event order")
		for i := range shuffled {
			shuffled[i].Results = rapid.Permutation(shuffled[i].Results).Draw(t, "result order")
		}
		if again := Compute(r, shuffled); !reflect.DeepEqual(lb, again) {
			t.Fatalf("another input order gave another board:\n%+v\n%+v", lb, again)
		}
		standings := rapid.Permutation(Tally(r, evs)).Draw(t, "standing order")
		if again := Rank(r, standings); !reflect.DeepEqual(lb, again) {
			t.Fatalf("standings in another order gave another board:\n%+v\n%+v", lb, again)
		}
		for i, row := range lb.Rows {
			if row.Position != i+1 || row.InFinal != (i < r.FinalCut) {
				t.Fatalf("row %d: position %d, in final %v", i+1, row.Position, row.InFinal)
			}
			if i == 0 {
				continue
			}
			above := lb.Rows[i-1]
			c, _ := r.order(above.Standing, row.Standing)
			switch {
			case c > 0:
				t.Fatalf("row %d is ahead of the row above: %+v / %+v", i+1, above, row)
			case c == 0 && (row.Place != above.Place || above.Player >= row.Player):
				t.Fatalf("rows %d and %d are level: places %d/%d, keys %d/%d", i, i+1, above.Place, row.Place, above.Player, row.Player)
			case c < 0 && row.Place != row.Position:
				t.Fatalf("row %d is behind the row above yet in place %d", i+1, row.Place)
			}
			if (row.Tie != nil) != (row.Points == above.Points) {
				t.Fatalf("row %d: tie %+v with points %d below %d", i+1, row.Tie, row.Points, above.Points)
			}
		}
	})
}
