package pairing

import (
	"errors"
	"fmt"
)

// The top cut of a team event: single elimination of teams seeded from the
// team standings. A team match is three seat matches (A v A, B v B, C v C),
// each a best-of-three as in the players' top cut; a team advances by
// winning two seats. The players' event holds the seat matches in its top
// cut; the team bracket is built from them by the players' top-cut code,
// each seat won counting as a game won by the team.

// BuildTeamTopCut is a team event's bracket, with team names as ids: the
// top size teams of the team standings (0: the event's size, else the
// recommended one for the number of teams), and the seat matches of ev's
// top cut as the team matches' seats.
func BuildTeamTopCut(ev *Event, seats map[string]SeatOf, size int) (*Bracket, error) {
	te, err := teamCutEvent(ev, seats)
	if err != nil {
		return nil, err
	}
	return BuildTopCut(te, size)
}

// teamCutEvent is the teams' event the team bracket is built from: the
// Swiss team matches decided, and ev's top cut as team matches.
func teamCutEvent(ev *Event, seats map[string]SeatOf) (*Event, error) {
	te, _ := TeamEvent(ev, seats)
	for i := range te.Rounds {
		kept := te.Rounds[i].Matches[:0]
		for _, m := range te.Rounds[i].Matches {
			if m.Result != "" { // a team match still being played counts for nothing yet
				kept = append(kept, m)
			}
		}
		te.Rounds[i].Matches = kept
	}
	if ev.TopCut != nil {
		tc, err := teamCut(ev.TopCut, seats)
		if err != nil {
			return nil, err
		}
		te.TopCut = tc
	}
	return te, nil
}

// teamCut turns the seat matches of a players' top cut into team matches:
// each team match's games are its seats won, in seat order, up to the second
// seat a team wins (the bracket needs no more to decide it).
func teamCut(tc *TopCut, seats map[string]SeatOf) (*TopCut, error) {
	out := &TopCut{Size: tc.Size}
	for _, r := range tc.Rounds {
		cr := CutRound{Number: r.Number, Matches: []CutMatch{}}
		var won [][3]string // per team match, the seat winners as teams
		byPair := map[pairKey]int{}
		for mi, m := range r.Matches {
			s1, s2 := seats[m.P1], seats[m.P2]
			seat := SeatIndex(s1.Seat)
			if s1.Team == "" || s2.Team == "" || s1.Team == s2.Team || seat < 0 || s1.Seat != s2.Seat {
				return nil, &InputError{Round: r.Number, Match: mi + 1,
					Msg: fmt.Sprintf("top cut: %s v %s is not a seat of a team match", m.P1, m.P2)}
			}
			k := pairOf(s1.Team, s2.Team)
			i, ok := byPair[k]
			if !ok {
				i = len(cr.Matches)
				byPair[k] = i
				cr.Matches = append(cr.Matches, CutMatch{P1: s1.Team, P2: s2.Team, Games: []Game{}})
				won = append(won, [3]string{})
			}
			bm := BracketMatch{P1: &m.P1, P2: &m.P2}
			w, err := applyGames(&bm, m, false, [2]int{r.Number, mi + 1})
			if err != nil {
				return nil, err
			}
			if w > 0 {
				won[i][seat] = [3]string{"", s1.Team, s2.Team}[w]
			}
		}
		for i := range cr.Matches {
			cr.Matches[i].Games = seatGames(cr.Matches[i], won[i])
		}
		out.Rounds = append(out.Rounds, cr)
	}
	return out, nil
}

// seatGames are a team match's seats won as games from its P1's side, in
// seat order, until one team has two.
func seatGames(m CutMatch, won [3]string) []Game {
	games := []Game{}
	w1, w2 := 0, 0
	for _, team := range won {
		if w1 == 2 || w2 == 2 {
			break
		}
		switch team {
		case m.P1:
			w1++
			games = append(games, Game{Winner: ResultP1})
		case m.P2:
			w2++
			games = append(games, Game{Winner: ResultP2})
		}
	}
	return games
}

// TeamCutPairs are the seat matches of a round of the team bracket: the
// team matches at team tables 1, 2, … in bracket order, each seat at its
// own table (SeatPairs); a team's bye is a bye for each of its players.
// Every team of the round must be known.
func TeamCutPairs(br BracketRound, lineups map[string]Lineup) ([]Pair, error) {
	teamPairs := make([]Pair, 0, len(br.Matches))
	table := 1
	for _, bm := range br.Matches {
		if bm.P1 == nil || (bm.P2 == nil && !bm.Bye) {
			return nil, ErrCutUndecided
		}
		tp := Pair{P1: *bm.P1}
		if !bm.Bye {
			tp.P2, tp.Table = bm.P2, table
			table++
		}
		teamPairs = append(teamPairs, tp)
	}
	return SeatPairs(teamPairs, lineups), nil
}

// ErrCutUndecided: the next round of a bracket still waits for a winner.
var ErrCutUndecided = errors.New("pairing: the top cut's next round is not decided yet")

// TeamCutRound groups a top-cut round's seat matches (with their results,
// as Swiss rounds have them) into team matches, as TeamRoundsOf does for
// Swiss rounds.
func TeamCutRound(r Round, seats map[string]SeatOf) TeamRound { return teamRound(r, seats) }
