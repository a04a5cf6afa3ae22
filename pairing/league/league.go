// Package league ranks the players of a season: a store's (or a regional
// league's) points table over many events. It is pure Go: it takes the
// season's rules and each counted event's final results and returns the
// leaderboard, with the reason for the order of every two players level on
// points as data (keys and values), never as text. docs/leagues.md says
// what each rule means; storage aggregates the same rules in SQL and is
// tested against Tally.
package league

import (
	"cmp"
	"slices"
)

// Rules are a season's scoring rules.
type Rules struct {
	// PointsByPlacing are the points for each final place of an event:
	// index 0 for 1st. Places beyond the list score nothing for placing.
	PointsByPlacing []int
	// PointsAttendance are the points for playing an event at all.
	PointsAttendance int
	// PointsWin and PointsDraw are the points for each match won (a bye
	// counts as a win, as in the event's own standings) and each drawn.
	PointsWin  int
	PointsDraw int
	// BestN counts only a player's N best events (0: every event).
	BestN int
	// MinPlayers leaves out events with fewer players (0: none left out).
	MinPlayers int
	// FinalCut is how many players at the top are invited to a season
	// final (0: no final).
	FinalCut int
	// Tiebreakers order players level on points, first decisive first
	// (the keys below).
	Tiebreakers []string
}

// Tiebreakers a season may use. Each is counted over every event of the
// season the player played (those best N left out too).
const (
	EventsWon   = "events_won"   // more events won (placed 1st)
	BestPlacing = "best_placing" // a better best place (a lower number)
	MatchWins   = "match_wins"   // more matches won, byes included
	Attendance  = "attendance"   // more events played
)

// AllTiebreakers lists the tiebreakers in the order a new season uses them.
var AllTiebreakers = []string{EventsWon, BestPlacing, MatchWins, Attendance}

// Result is one player's final result at one event.
type Result struct {
	Player  int64 // the caller's key of the player
	Placing int   // final place, 1 the winner; 0 when not known
	Wins    int   // matches won (byes not included)
	Losses  int
	Draws   int
	Byes    int
}

// Event is one event of the season and the results of everyone who played.
type Event struct {
	ID      int64
	Results []Result
}

// Counts reports whether the event counts under the rules: it has at least
// MinPlayers players.
func (r Rules) Counts(ev Event) bool { return len(ev.Results) >= r.MinPlayers }

// Points is what one result earns: the placing's points, the attendance
// points, and the points of its wins (byes included) and draws.
func (r Rules) Points(res Result) int {
	p := r.PointsAttendance + (res.Wins+res.Byes)*r.PointsWin + res.Draws*r.PointsDraw
	if res.Placing >= 1 && res.Placing <= len(r.PointsByPlacing) {
		p += r.PointsByPlacing[res.Placing-1]
	}
	return p
}

// Standing is one player's season before ranking.
type Standing struct {
	Player   int64
	Points   int // sum of the counted events' points
	Counted  int // events whose points count (at most BestN)
	Dropped  int // events played but left out by BestN
	Attended int // events played (Counted + Dropped)
	// Tiebreak values, over every event played.
	EventsWon   int
	BestPlacing int // 0 when no event gave a place
	MatchWins   int
}

// Value is the standing's value of a tiebreaker.
func (s Standing) Value(tiebreaker string) int {
	switch tiebreaker {
	case EventsWon:
		return s.EventsWon
	case BestPlacing:
		return s.BestPlacing
	case MatchWins:
		return s.MatchWins
	case Attendance:
		return s.Attended
	}
	return 0
}

// Tally adds up each player's season from the events' results: the events
// that count (MinPlayers), each result's Points, the best BestN of them,
// and the tiebreak values. Standings come by player key; a player in no
// counted event is not in them.
func Tally(r Rules, events []Event) []Standing {
	points := map[int64][]int{}
	by := map[int64]*Standing{}
	for _, ev := range events {
		if !r.Counts(ev) {
			continue
		}
		for _, res := range ev.Results {
			s := by[res.Player]
			if s == nil {
				s = &Standing{Player: res.Player}
				by[res.Player] = s
			}
			points[res.Player] = append(points[res.Player], r.Points(res))
			s.Attended++
			s.MatchWins += res.Wins + res.Byes
			if res.Placing == 1 {
				s.EventsWon++
			}
			if res.Placing >= 1 && (s.BestPlacing == 0 || res.Placing < s.BestPlacing) {
				s.BestPlacing = res.Placing
			}
		}
	}
	out := make([]Standing, 0, len(by))
	for p, s := range by {
		ps := points[p]
		slices.SortFunc(ps, func(a, b int) int { return b - a })
		s.Counted = len(ps)
		if r.BestN > 0 && s.Counted > r.BestN {
			s.Counted = r.BestN
		}
		s.Dropped = len(ps) - s.Counted
		for _, x := range ps[:s.Counted] {
			s.Points += x
		}
		out = append(out, *s)
	}
	slices.SortFunc(out, func(a, b Standing) int { return cmp.Compare(a.Player, b.Player) })
	return out
}
