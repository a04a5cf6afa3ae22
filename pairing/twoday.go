package pairing

import (
	"errors"
	"slices"
	"sort"
)

// The cuts into day 2 of a two-day event.
const (
	CutByRecord = "record" // everyone with at least TwoDay.Points match points
	CutBySize   = "size"   // the top TwoDay.Size of the day-1 standings
)

// TwoDay splits an event's Swiss rounds over two days (the event file's
// "two_day"; docs/event-day.md, "Two-day events"): Day1Rounds rounds for
// everyone, then a cut, then Swiss rounds among those who advanced, who
// keep their day-1 records. The top cut follows as in a one-day event.
type TwoDay struct {
	Day1Rounds int    `json:"day1_rounds"`
	Day2Rounds int    `json:"day2_rounds,omitempty"`
	Cut        string `json:"cut"`
	Points     int    `json:"points,omitempty"` // CutByRecord: at least this many match points
	Size       int    `json:"size,omitempty"`   // CutBySize: this many players
	// Advanced are the players who advanced, once day 1 is closed; nil
	// before. A file without them (but with day-2 rounds) gets the cut its
	// day-1 rounds give (CutDay1).
	Advanced []string `json:"advanced,omitempty"`
}

// Day2Cut is the cut at the end of day 1: the day-1 standings, who
// advances, and the players on the line.
type Day2Cut struct {
	// Standings are the day-1 standings (rounds 1 to Day1Rounds only).
	Standings []Standing
	// Advanced are the players who advance, in day-1 standings order.
	Advanced []string
	// LinePoints are the match points of the last player who advances.
	LinePoints int
	// TiedOut are the players with LinePoints who do not advance: a cut by
	// size put them below the line on tiebreakers. Empty for a cut by
	// record, which takes everyone on the same points.
	TiedOut []string
	// TiedIn are the players with LinePoints who advance while TiedOut
	// do not (ahead of them on tiebreakers).
	TiedIn []string
}

// Day1Event is ev as it stood at the end of day 1: its first Day1Rounds
// rounds, no top cut, no day split.
func (ev *Event) Day1Event() *Event {
	cp := *ev
	if ev.TwoDay != nil && len(cp.Rounds) > ev.TwoDay.Day1Rounds {
		cp.Rounds = cp.Rounds[:ev.TwoDay.Day1Rounds]
	}
	cp.TopCut, cp.TwoDay = nil, nil
	return &cp
}

// droppedOnDay1 says whether pl had dropped by the end of day 1 (a player
// who dropped on day 2 had advanced). Without DroppedAfter a dropped
// player is taken as dropped on day 1.
func (td *TwoDay) droppedOnDay1(pl Player) bool {
	d, known := pl.DroppedAfterRound()
	return pl.Dropped && (!known || d <= td.Day1Rounds)
}

// CutDay1 computes the cut into day 2 from ev's day-1 rounds: by record,
// every player who did not drop on day 1 with at least Points match
// points; by size, the first Size of them in the day-1 standings (their
// tiebreakers decide at the line). At least two players must advance.
func CutDay1(ev *Event) (*Day2Cut, error) {
	td := ev.TwoDay
	if td == nil {
		return nil, errors.New("not a two-day event")
	}
	st, err := Standings(ev.Day1Event(), "")
	if err != nil {
		return nil, err
	}
	byID := make(map[string]Player, len(ev.Players))
	for _, p := range ev.Players {
		byID[p.ID] = p
	}
	cut := &Day2Cut{Standings: st}
	var lineRank int
	for _, s := range st {
		if td.droppedOnDay1(byID[s.ID]) {
			continue
		}
		in := s.Points >= td.Points
		if td.Cut == CutBySize {
			in = len(cut.Advanced) < td.Size
		}
		if in {
			cut.Advanced = append(cut.Advanced, s.ID)
			cut.LinePoints, lineRank = s.Points, s.Rank
		}
	}
	if len(cut.Advanced) < 2 {
		return nil, inputError(td.Day1Rounds, 0, 0, "day2-too-few", len(cut.Advanced))
	}
	cut.tiesAtLine(td, byID, lineRank)
	return cut, nil
}

// tiesAtLine lists the players on the line's points on each side of it.
func (c *Day2Cut) tiesAtLine(td *TwoDay, byID map[string]Player, lineRank int) {
	for _, s := range c.Standings {
		if s.Points != c.LinePoints || td.droppedOnDay1(byID[s.ID]) {
			continue
		}
		if s.Rank > lineRank {
			c.TiedOut = append(c.TiedOut, s.ID)
		}
	}
	if len(c.TiedOut) == 0 {
		return
	}
	for _, s := range c.Standings {
		if s.Points == c.LinePoints && s.Rank <= lineRank && !td.droppedOnDay1(byID[s.ID]) {
			c.TiedIn = append(c.TiedIn, s.ID)
		}
	}
}

// Day2Started says whether ev is past its day 1: the cut is made (the
// file lists who advanced) or it has day-2 rounds.
func (ev *Event) Day2Started() bool {
	td := ev.TwoDay
	return td != nil && (td.Advanced != nil || len(ev.Rounds) > td.Day1Rounds)
}

// Day2Players are the players who advanced to day 2: the file's list, or
// without one the cut its day-1 rounds give. Nil before day 2.
func (ev *Event) Day2Players() map[string]bool {
	if !ev.Day2Started() {
		return nil
	}
	return ev.advancedSet()
}

// advancedSet is the file's list of who advanced, or the cut its day-1
// rounds give.
func (ev *Event) advancedSet() map[string]bool {
	ids := ev.TwoDay.Advanced
	if ids == nil {
		cut, err := CutDay1(ev)
		if err != nil {
			return map[string]bool{}
		}
		ids = cut.Advanced
	}
	out := make(map[string]bool, len(ids))
	for _, id := range ids {
		out[id] = true
	}
	return out
}

// RoundDay is the day of Swiss round n: 1 or 2 in a two-day event, 0 in a
// one-day event; DayRound its number within that day.
func (ev *Event) RoundDay(n int) (day, dayRound int) {
	if ev.TwoDay == nil {
		return 0, n
	}
	if n <= ev.TwoDay.Day1Rounds {
		return 1, n
	}
	return 2, n - ev.TwoDay.Day1Rounds
}

// twoDayStandings puts the day-2 players first, ranked on every round,
// then those who finished on day 1, in their day-1 order (their
// standings are frozen when day 1 closes, as Limitless and Melee freeze
// a phase's): docs/tiebreakers.md, "Two-day events".
func twoDayStandings(ev *Event, all []Standing, profile string) []Standing {
	day2 := ev.Day2Players()
	day1 := newHistory(ev.Day1Event()).standings(profile)
	out := make([]Standing, 0, len(all))
	for _, s := range all {
		if day2[s.ID] {
			s.Day = 2
			out = append(out, s)
		}
	}
	for _, s := range day1 {
		if !day2[s.ID] {
			s.Day = 1
			out = append(out, s)
		}
	}
	for i := range out {
		out[i].Rank = i + 1
	}
	return out
}

// validate checks the day split against the event's players.
func (td *TwoDay) validate(ids map[string]int) error {
	if td.Day1Rounds < 1 || td.Day2Rounds < 0 || td.Points < 0 || (td.Cut != CutByRecord && td.Cut != CutBySize) ||
		(td.Cut == CutBySize && td.Size < 2) {
		return fileError("two-day-invalid")
	}
	seen := make(map[string]bool, len(td.Advanced))
	for _, id := range td.Advanced {
		if _, ok := ids[id]; !ok || seen[id] {
			return fileError("two-day-advanced", id)
		}
		seen[id] = true
	}
	return nil
}

// eligibleIDs lists the day-2 players of ev in id order (a round record's
// Eligible); nil for a day-1 round n.
func eligibleIDs(ev *Event, n int) []string {
	if day, _ := ev.RoundDay(n); day != 2 {
		return nil
	}
	set := ev.advancedSet()
	out := make([]string, 0, len(set))
	for id := range set {
		out = append(out, id)
	}
	sort.Strings(out)
	return out
}

// sameSet says whether a and b hold the same ids, in any order.
func sameSet(a, b []string) bool {
	x, y := slices.Clone(a), slices.Clone(b)
	sort.Strings(x)
	sort.Strings(y)
	return slices.Equal(x, y)
}

// dayTwoProblems checks a two-day event's round n: on day 2 only those
// who advanced play, the file's list of them is the cut its day-1 rounds
// give (said at the first day-2 round), and the round's record names
// them as the eligible players.
func dayTwoProblems(ev *Event, n int) []Problem {
	if day, _ := ev.RoundDay(n); day != 2 {
		return nil
	}
	var out []Problem
	eligible := eligibleIDs(ev, n)
	if n == ev.TwoDay.Day1Rounds+1 && ev.TwoDay.Advanced != nil {
		if cut, err := CutDay1(ev); err != nil {
			out = append(out, problemAt(n, 0, 0, "cannot-pair", err))
		} else if id := firstOutside(cut.Advanced, ev.TwoDay.Advanced); id != "" {
			out = append(out, problemAt(n, 0, 0, "day2-cut", id))
		}
	}
	in := make(map[string]bool, len(eligible))
	for _, id := range eligible {
		in[id] = true
	}
	at := matchOf(ev.Rounds[n-1])
	for _, m := range ev.Rounds[n-1].Matches {
		for _, id := range []*string{&m.P1, m.P2} {
			if id != nil && !in[*id] {
				out = append(out, problemAt(n, at[*id].match, at[*id].table, "not-advanced", *id))
			}
		}
	}
	if rec := ev.Rounds[n-1].Pairing; rec != nil && !sameSet(rec.Eligible, eligible) {
		out = append(out, problemAt(n, 0, 0, "record-eligible", len(rec.Eligible), len(eligible)))
	}
	return out
}

// firstOutside is the first id in one of a and b but not the other; "" when
// they hold the same ids.
func firstOutside(a, b []string) string {
	if sameSet(a, b) {
		return ""
	}
	inA, inB := make(map[string]bool), make(map[string]bool)
	for _, id := range a {
		inA[id] = true
	}
	for _, id := range b {
		inB[id] = true
	}
	for _, id := range append(slices.Clone(a), b...) {
		if inA[id] != inB[id] {
			return id
		}
	}
	return a[0] // the same ids, one listed twice
}
