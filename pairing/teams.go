package pairing

import (
	"context"
	"fmt"
	"sort"
)

// Team events: teams of three players seated A, B and C. Swiss pairs teams
// (a team is the pairing unit: no rematch between teams, a bye goes to a
// team); inside a team match seat A plays seat A, B plays B and C plays C,
// each at its own table. The players' event holds the seat matches; the
// teams' event built here from it holds the team matches, each with its three
// seat results as its games, so every tiebreaker profile works for teams:
// "gw" is then the seat-match win percentage.

// TeamSeats are the seats of a team, in table order.
var TeamSeats = [3]string{"A", "B", "C"}

// SeatOf is a player's team and seat in a team event.
type SeatOf struct {
	Team string
	Seat string // "A", "B" or "C"
}

// TeamMatch is one team match of a round. Match is the match between the
// teams: Table is the team table (its seats play at tables 3×Table−2 to
// 3×Table), Games are the seat results in seat order from P1's side, Result
// is set once all three seats have one. Seats are the positions of the seat
// matches in the players' round (-1 where a seat has none).
type TeamMatch struct {
	Match
	Seats [3]int
}

// TeamRound is the team matches of one Swiss round.
type TeamRound struct {
	Number  int
	Matches []TeamMatch
}

// SeatIndex is the position of a seat ("A" is 0); -1 for none.
func SeatIndex(seat string) int {
	for i, s := range TeamSeats {
		if s == seat {
			return i
		}
	}
	return -1
}

// TeamTable is the team table of a seat match's table (tables 1–3 are team
// table 1).
func TeamTable(table int) int {
	if table <= 0 {
		return 0
	}
	return (table + 2) / 3
}

// TeamResult decides a team match from its seat results (seen from P1): the
// team that wins more seats wins; a seat drawn or lost by both players
// counts for neither team, and equal seat wins are a team draw. Without a
// draw this is "two of three seats".
func TeamResult(seats []string) string {
	w1, w2 := 0, 0
	for _, s := range seats {
		switch s {
		case ResultP1:
			w1++
		case ResultP2:
			w2++
		}
	}
	switch {
	case w1 > w2:
		return ResultP1
	case w2 > w1:
		return ResultP2
	}
	return ResultDraw
}

// TeamRoundsOf groups each Swiss round's seat matches into team matches.
// A seat match between players of no team is left out.
func TeamRoundsOf(ev *Event, seats map[string]SeatOf) []TeamRound {
	out := make([]TeamRound, 0, len(ev.Rounds))
	for _, r := range ev.Rounds {
		out = append(out, teamRound(r, seats))
	}
	return out
}

func teamRound(r Round, seats map[string]SeatOf) TeamRound {
	tr := TeamRound{Number: r.Number}
	byPair := map[[2]string]int{}
	var flipped [][3]bool // per team match: the seat match's P1 is the team match's P2 side
	for i, m := range r.Matches {
		s1, ok := seats[m.P1]
		seat := SeatIndex(s1.Seat)
		if !ok || seat < 0 {
			continue
		}
		t2 := ""
		if m.P2 != nil {
			t2 = seats[*m.P2].Team
		}
		key := [2]string{min(s1.Team, t2), max(s1.Team, t2)}
		if t2 == "" {
			key = [2]string{s1.Team, ""}
		}
		k, seen := byPair[key]
		if !seen {
			// The team match is seen from the side of its first seat
			// match's P1 (the pairing's higher team).
			k = len(tr.Matches)
			byPair[key] = k
			tm := TeamMatch{Match: Match{Table: TeamTable(m.Table), P1: s1.Team}, Seats: [3]int{-1, -1, -1}}
			if t2 != "" {
				p2 := t2
				tm.P2 = &p2
			}
			tr.Matches = append(tr.Matches, tm)
			flipped = append(flipped, [3]bool{})
		}
		tr.Matches[k].Seats[seat] = i
		flipped[k][seat] = s1.Team != tr.Matches[k].P1
	}
	for k := range tr.Matches {
		settleTeamMatch(&tr.Matches[k], flipped[k], r.Matches)
	}
	return tr
}

// settleTeamMatch puts the seat results in seat order, from the team match's
// P1 side, and decides the team match once every seat has a result.
func settleTeamMatch(tm *TeamMatch, flipped [3]bool, seatMatches []Match) {
	done := true
	for seat, i := range tm.Seats {
		if i < 0 {
			done = false
			continue
		}
		r := seatMatches[i].Result
		if flipped[seat] {
			r = flipResult(r)
		}
		if r == "" {
			done = false
		}
		tm.Games = append(tm.Games, seatGame(r))
	}
	switch {
	case tm.P2 == nil && done:
		tm.Result, tm.Games = ResultBye, nil
	case done:
		tm.Result = TeamResult(tm.Games)
	default:
		tm.Games = nil
	}
}

// seatGame is a seat result as a game of the team match: a seat lost by
// both players is won by neither team.
func seatGame(r string) string {
	if r == ResultDoubleLoss {
		return ResultDraw
	}
	return r
}

func flipResult(r string) string {
	switch r {
	case ResultP1:
		return ResultP2
	case ResultP2:
		return ResultP1
	}
	return r
}

// TeamEvent is the teams' event of a team event's players' event: every team
// a player, every team match a match, each round with its record (the
// record of a team round is the teams' pairing). A team has dropped when all
// its players have, after the last round any of them played.
func TeamEvent(ev *Event, seats map[string]SeatOf) (*Event, []TeamRound) {
	te := &Event{Seed: ev.Seed, Points: ev.Points, Tiebreakers: ev.Tiebreakers, SwissRounds: ev.SwissRounds,
		Players: []Player{}, Rounds: []Round{}}
	teams := map[string]*Player{}
	var names []string
	for _, p := range ev.Players {
		s, ok := seats[p.ID]
		if !ok || s.Team == "" {
			continue
		}
		t := teams[s.Team]
		if t == nil {
			t = &Player{ID: s.Team, Name: s.Team, Dropped: true, EnteredRound: p.EnteredRound, DroppedAfter: p.DroppedAfter}
			teams[s.Team] = t
			names = append(names, s.Team)
		}
		t.Dropped = t.Dropped && p.Dropped
		t.DroppedAfter = laterDrop(t.DroppedAfter, p.DroppedAfter)
		t.EnteredRound = min(max(t.EnteredRound, 1), max(p.EnteredRound, 1))
	}
	sort.Strings(names)
	for _, n := range names {
		t := *teams[n]
		if !t.Dropped {
			t.DroppedAfter = nil
		}
		te.Players = append(te.Players, t)
	}
	rounds := TeamRoundsOf(ev, seats)
	for i, tr := range rounds {
		r := Round{Number: tr.Number, Matches: []Match{}, Pairing: ev.Rounds[i].Pairing}
		for _, tm := range tr.Matches {
			r.Matches = append(r.Matches, tm.Match)
		}
		te.Rounds = append(te.Rounds, r)
	}
	return te, rounds
}

// laterDrop is the later of two players' drops: unknown when either is.
func laterDrop(a, b *int) *int {
	if a == nil || b == nil {
		return nil
	}
	return DropsAfter(max(*a, *b))
}

// SeatsOf is the team and seat of each player of an event file
// (Player.Team and Seat); nil when no player has a team.
func SeatsOf(ev *Event) map[string]SeatOf {
	var out map[string]SeatOf
	for _, p := range ev.Players {
		if p.Team == "" || SeatIndex(p.Seat) < 0 {
			continue
		}
		if out == nil {
			out = map[string]SeatOf{}
		}
		out[p.ID] = SeatOf{Team: p.Team, Seat: p.Seat}
	}
	return out
}

// LineupProblem: a team cannot be paired because a seat has more than one
// active player, or never had one.
type LineupProblem struct {
	Team string
	Seat string
}

func (e *LineupProblem) Error() string {
	return fmt.Sprintf("pairing: team %q needs exactly one active player in seat %s", e.Team, e.Seat)
}

// Lineup is who sits on each seat of a team this round. A seat whose
// players have all dropped is Vacant: the team is still paired (a dropped
// teammate does not stop the team), the seat keeps its last player and
// loses its game (SeatPairs gives the result).
type Lineup struct {
	Players [3]string
	Vacant  [3]bool
}

// Lineups are the players of each team by seat; a team whose every player
// has dropped is left out. A seat with no active player is vacant and keeps
// the player who dropped last. It fails on the first team (by name) with a
// seat taken twice or never taken.
func Lineups(ev *Event, seats map[string]SeatOf) (map[string]Lineup, error) {
	out := map[string]Lineup{}
	counts := map[string][3]int{}
	last := map[string][3]Player{} // per team and seat, the player who dropped last
	for _, p := range ev.Players {
		s, ok := seats[p.ID]
		i := SeatIndex(s.Seat)
		if !ok || i < 0 {
			continue
		}
		if p.Dropped {
			l := last[s.Team]
			// A drop whose round the file does not give counts as before round 1.
			d, _ := p.DroppedAfterRound()
			ld, _ := l[i].DroppedAfterRound()
			if l[i].ID == "" || d > ld || d == ld && p.ID < l[i].ID {
				l[i] = p
			}
			last[s.Team] = l
			continue
		}
		l, c := out[s.Team], counts[s.Team]
		l.Players[i], c[i] = p.ID, c[i]+1
		out[s.Team], counts[s.Team] = l, c
	}
	for _, n := range sortedKeys(out) {
		l := out[n]
		for i, c := range counts[n] {
			switch {
			case c > 1 || c == 0 && last[n][i].ID == "":
				return nil, &LineupProblem{Team: n, Seat: TeamSeats[i]}
			case c == 0:
				l.Players[i], l.Vacant[i] = last[n][i].ID, true
			}
		}
		out[n] = l
	}
	return out, nil
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// SeatPairs turns a pairing of teams into its seat matches: team table t
// seats A, B and C at tables 3t−2, 3t−1 and 3t; a team's bye is a bye for
// each of its players. A vacant seat loses its game (a loss for both when
// both seats are vacant). Reasons stay on seat A's match.
func SeatPairs(teamPairs []Pair, lineups map[string]Lineup) []Pair {
	out := make([]Pair, 0, 3*len(teamPairs))
	for _, tp := range teamPairs {
		l1 := lineups[tp.P1]
		for i := range TeamSeats {
			sp := Pair{P1: l1.Players[i]}
			if i == 0 {
				sp.Reason = tp.Reason
			}
			if tp.P2 != nil {
				l2 := lineups[*tp.P2]
				p2 := l2.Players[i]
				sp.P2, sp.Table = &p2, 3*(tp.Table-1)+i+1
				sp.Result = VacantSeatResult(l1.Vacant[i], l2.Vacant[i])
			}
			out = append(out, sp)
		}
	}
	return out
}

// VacantSeatResult is the result of a seat match from its P1's side when
// one seat or both have no player left; "" when both are played.
func VacantSeatResult(p1Vacant, p2Vacant bool) string {
	switch {
	case p1Vacant && p2Vacant:
		return ResultDoubleLoss
	case p1Vacant:
		return ResultP2
	case p2Vacant:
		return ResultP1
	}
	return ""
}

// PairTeamRound pairs the next round of a team event (the players' event
// with each player's Team and Seat): the teams are paired as players are,
// with the teams' record, then each team match becomes its three seat
// matches. Reasons are left out: they would name a team's points as a
// player's.
func PairTeamRound(ctx context.Context, ev *Event, opts PairOptions) (*Pairing, error) {
	seats := SeatsOf(ev)
	lineups, err := Lineups(ev, seats)
	if err != nil {
		return nil, err
	}
	te, _ := TeamEvent(ev, seats)
	pr, err := PairNextRoundContext(ctx, te, opts)
	if err != nil {
		return nil, err
	}
	for i := range pr.Matches {
		pr.Matches[i].Reason = nil
	}
	if pr.Record != nil {
		pr.Record.Teams = true
	}
	pr.Matches = SeatPairs(pr.Matches, lineups)
	return pr, nil
}
