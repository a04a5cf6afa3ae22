package league

import "slices"

// Problem is one thing wrong with a season's rules: the field at fault,
// a key of the message catalogue saying what is wrong, and the values that
// message takes, in order.
type Problem struct {
	Field string
	Key   string
	Args  []any
}

// Bounds of the rules, so a typing slip (1000000 points) is caught and
// sums stay far from overflowing.
const (
	MaxPlaces = 256   // places with points
	MaxPoints = 10000 // points of one placing, attendance, win or draw
	MaxEvents = 1000  // best N
	MaxCut    = 1024  // final cut
	MaxSize   = 10000 // minimum players
)

// Fields of Problem, named as the season's columns are.
const (
	FieldPointsByPlacing  = "points_by_placing"
	FieldPointsAttendance = "points_attendance"
	FieldPointsWin        = "points_win"
	FieldPointsDraw       = "points_draw"
	FieldBestN            = "best_n"
	FieldMinPlayers       = "min_players"
	FieldFinalCut         = "final_cut"
	FieldTiebreakers      = "tiebreakers"
)

// Validate lists what is wrong with the rules; none when they can be used.
func (r Rules) Validate() []Problem {
	var out []Problem
	if len(r.PointsByPlacing) > MaxPlaces {
		out = append(out, Problem{FieldPointsByPlacing, "league-too-many-places", []any{len(r.PointsByPlacing), MaxPlaces}})
	}
	for i, p := range r.PointsByPlacing {
		if p < 0 || p > MaxPoints {
			out = append(out, Problem{FieldPointsByPlacing, "league-placing-points-range", []any{i + 1, p, MaxPoints}})
		}
	}
	for _, f := range []struct {
		field string
		v     int
	}{{FieldPointsAttendance, r.PointsAttendance}, {FieldPointsWin, r.PointsWin}, {FieldPointsDraw, r.PointsDraw}} {
		if f.v < 0 || f.v > MaxPoints {
			out = append(out, Problem{f.field, "league-points-range", []any{f.v, MaxPoints}})
		}
	}
	for _, f := range []struct {
		field string
		v     int
		max   int
	}{{FieldBestN, r.BestN, MaxEvents}, {FieldMinPlayers, r.MinPlayers, MaxSize}, {FieldFinalCut, r.FinalCut, MaxCut}} {
		if f.v < 0 || f.v > f.max {
			out = append(out, Problem{f.field, "league-count-range", []any{f.v, f.max}})
		}
	}
	seen := map[string]bool{}
	for _, t := range r.Tiebreakers {
		switch {
		case !slices.Contains(AllTiebreakers, t):
			out = append(out, Problem{FieldTiebreakers, "league-tiebreaker-unknown", []any{t}})
		case seen[t]:
			out = append(out, Problem{FieldTiebreakers, "league-tiebreaker-twice", []any{t}})
		}
		seen[t] = true
	}
	return out
}
