package league

import (
	"cmp"
	"math"
	"slices"
)

// Row is a player's line of the leaderboard.
type Row struct {
	Standing
	// Position is the row's place in the order: 1, 2, 3... every row its own.
	Position int
	// Place is the place shown: rows level on points and on every
	// tiebreaker share the place of the first of them.
	Place int
	// InFinal: the row is among the FinalCut first (Position).
	InFinal bool
	// Tie says why this row is below the row above it when both have the
	// same points; nil when it has fewer points or is the first row.
	Tie *Tie
}

// Tie is why one of two players level on points is ranked below the other.
type Tie struct {
	// Key is TieDecided (Tiebreaker decided, with the values Above for the
	// row above and Below for this row) or TieShared (no tiebreaker
	// separates them: they share a place, and the order of the rows is the
	// players' keys).
	Key          string
	Tiebreaker   string
	Above, Below int
}

// Keys of Tie.
const (
	TieDecided = "tie-decided"
	TieShared  = "tie-shared"
)

// Args are the tie's values in the order a message of its Key takes them:
// the tiebreaker, the value above and the value below (none when shared).
func (t Tie) Args() []any {
	if t.Key == TieShared {
		return nil
	}
	return []any{t.Tiebreaker, t.Above, t.Below}
}

// Leaderboard is a season ranked.
type Leaderboard struct {
	Rows []Row
	// CutShared: the last row invited to the final shares its place with
	// the first row left out, so the organiser decides between them.
	CutShared bool
}

// Compute is the leaderboard of the events under the rules.
func Compute(r Rules, events []Event) Leaderboard { return Rank(r, Tally(r, events)) }

// Rank orders the standings: most points first, then the rules'
// tiebreakers in order, then the player's key (lower first), so the order
// is total and the same for the same standings whatever order they come
// in. The standings passed are left as they were.
func Rank(r Rules, standings []Standing) Leaderboard {
	rows := make([]Row, len(standings))
	for i, s := range standings {
		rows[i] = Row{Standing: s}
	}
	slices.SortFunc(rows, func(a, b Row) int {
		if c, _ := r.order(a.Standing, b.Standing); c != 0 {
			return c
		}
		return cmp.Compare(a.Player, b.Player)
	})
	for i := range rows {
		rows[i].Position = i + 1
		rows[i].Place = i + 1
		rows[i].InFinal = i < r.FinalCut
		if i == 0 {
			continue
		}
		above := &rows[i-1]
		if above.Points != rows[i].Points {
			continue
		}
		c, by := r.order(above.Standing, rows[i].Standing)
		if c == 0 {
			rows[i].Place = above.Place
			rows[i].Tie = &Tie{Key: TieShared}
			continue
		}
		rows[i].Tie = &Tie{Key: TieDecided, Tiebreaker: by, Above: above.Value(by), Below: rows[i].Value(by)}
	}
	lb := Leaderboard{Rows: rows}
	if n := r.FinalCut; n > 0 && n < len(rows) {
		lb.CutShared = rows[n].Place == rows[n-1].Place
	}
	return lb
}

// order compares two standings by points, then by the tiebreakers: below
// zero when a is ahead. It returns the tiebreaker that decided ("" for
// points, or when nothing separates them).
func (r Rules) order(a, b Standing) (int, string) {
	if c := cmp.Compare(b.Points, a.Points); c != 0 {
		return c, ""
	}
	for _, t := range r.Tiebreakers {
		if c := compareBy(t, a, b); c != 0 {
			return c, t
		}
	}
	return 0, ""
}

// compareBy compares two standings by one tiebreaker: below zero when a
// is ahead. A best place is better when lower, and no place is the worst.
func compareBy(t string, a, b Standing) int {
	va, vb := a.Value(t), b.Value(t)
	if t == BestPlacing {
		if va == 0 {
			va = math.MaxInt
		}
		if vb == 0 {
			vb = math.MaxInt
		}
		return cmp.Compare(va, vb)
	}
	return cmp.Compare(vb, va)
}
