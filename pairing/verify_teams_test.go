package pairing

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// teamFile is a team event file of n teams over rounds rounds, each round
// paired by PairTeamRound with its record and played out (P1 wins every
// seat); drop(round) may drop players after that round (round 0: before
// round 1).
func teamFile(t *testing.T, n, rounds int, drop func(ev *Event, round int)) *Event {
	t.Helper()
	ev := &Event{Seed: 11, Players: []Player{}, Rounds: []Round{}}
	for k := 1; k <= n; k++ {
		for _, s := range TeamSeats {
			ev.Players = append(ev.Players, Player{ID: fmt.Sprintf("T%d-%s", k, s), Team: fmt.Sprintf("T%d", k), Seat: s})
		}
	}
	if drop != nil {
		drop(ev, 0)
	}
	for r := 1; r <= rounds; r++ {
		pr, err := PairTeamRound(context.Background(), ev, PairOptions{})
		if err != nil {
			t.Fatal(err)
		}
		round := Round{Number: r, Pairing: pr.Record}
		for _, p := range pr.Matches {
			m := Match{Table: p.Table, P1: p.P1, P2: p.P2, Result: p.Result}
			switch {
			case p.P2 == nil:
				m.Result = ResultBye
			case m.Result == "":
				m.Result = ResultP1
			}
			round.Matches = append(round.Matches, m)
		}
		ev.Rounds = append(ev.Rounds, round)
		if drop != nil {
			drop(ev, r)
		}
	}
	return ev
}

func dropPlayer(ev *Event, id string, after int) {
	for i := range ev.Players {
		if ev.Players[i].ID == id {
			ev.Players[i].Dropped, ev.Players[i].DroppedAfter = true, DropsAfter(after)
		}
	}
}

func TestVerifyTeamEventHolds(t *testing.T) {
	ev := teamFile(t, 5, 4, func(ev *Event, r int) {
		if r == 1 {
			dropPlayer(ev, "T3-C", 1) // T3 plays on, its seat C lost
		}
		if r == 2 {
			for _, s := range TeamSeats {
				dropPlayer(ev, "T5-"+s, 2) // the whole team is out
			}
		}
	})
	rep, err := Verify(context.Background(), ev, VerifyOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.OK() || len(rep.Rounds) != 4 {
		t.Fatalf("a team event paired by PairTeamRound: %v", rep.Problems())
	}
	for _, rc := range rep.Rounds {
		if !rc.Certified {
			t.Errorf("round %d: its teams' certificate is not said to hold", rc.Number)
		}
	}
	for _, m := range ev.Rounds[3].Matches {
		if strings.HasPrefix(m.P1, "T5") {
			t.Errorf("round 4: the dropped team T5 plays (%s)", m.P1)
		}
	}
}

func TestVerifyTeamEventFindsTampering(t *testing.T) {
	cases := map[string]struct {
		edit func(ev *Event)
		key  string
	}{
		"team rematch": {func(ev *Event) {
			// Round 3 repeats round 1's team matches seat for seat.
			ev.Rounds[2].Matches = append([]Match(nil), ev.Rounds[0].Matches...)
			ev.Rounds[2].Pairing = nil
		}, "rematch-avoidable"},
		"seat against another seat": {func(ev *Event) {
			r := &ev.Rounds[1]
			r.Matches[0].P2, r.Matches[1].P2 = r.Matches[1].P2, r.Matches[0].P2
		}, "team-seat-mismatch"},
		"vacant seat won": {func(ev *Event) {
			dropPlayer(ev, "T2-A", 1)
			for i, m := range ev.Rounds[1].Matches {
				if m.P1 == "T2-A" || m.P2 != nil && *m.P2 == "T2-A" {
					ev.Rounds[1].Matches[i].Result = map[bool]string{true: ResultP1, false: ResultP2}[m.P1 == "T2-A"]
				}
			}
		}, "team-seat-vacant"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			ev := teamFile(t, 4, 3, nil)
			c.edit(ev)
			rep, err := Verify(context.Background(), ev, VerifyOptions{})
			if err != nil {
				t.Fatal(err)
			}
			var keys []string
			for _, p := range rep.Problems() {
				keys = append(keys, p.Key)
			}
			if !strings.Contains(strings.Join(keys, " "), c.key) {
				t.Errorf("problems %v, want %s", rep.Problems(), c.key)
			}
		})
	}
}

// A team event's top cut is verified as a players' one on the teams: the
// semifinals and the final of a top 4 seeded from the team standings hold;
// seat A's opponents swapped between the two semifinals make team matches
// the bracket does not have; seat A of one team against seat B of another
// is no team match at all.
func TestVerifyTeamTopCut(t *testing.T) {
	ev, seats := teamSwiss(t)
	strongerWins := func(p1, p2 string) string {
		if seats[p1].Team < seats[p2].Team {
			return ResultP1
		}
		return ResultP2
	}
	playCutRound(t, ev, seats, 4, strongerWins)
	playCutRound(t, ev, seats, 4, strongerWins)
	// The fixture's Swiss rounds are not paired from a seed: only the cut
	// is looked at.
	rep, err := verifyTeams(context.Background(), ev, seats, VerifyOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.TopCut == nil || rep.TopCut.Rounds != 2 || len(rep.TopCut.Problems) > 0 {
		t.Fatalf("a team cut played as its bracket says: %+v", rep.TopCut)
	}

	swapped := copyEvent(ev)
	semis := swapped.TopCut.Rounds[0].Matches
	a1, a2 := seatMatch(t, semis, seats, "A", 0), seatMatch(t, semis, seats, "A", 1)
	semis[a1].P2, semis[a2].P2 = semis[a2].P2, semis[a1].P2
	rep, err = verifyTeams(context.Background(), swapped, seats, VerifyOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.TopCut == nil || len(rep.TopCut.Problems) == 0 ||
		rep.TopCut.Problems[0].Key != "cut-not-in-bracket" || rep.TopCut.Problems[0].CutRound != 1 {
		t.Fatalf("seat A swapped between the semifinals: %+v", rep.TopCut)
	}

	crossed := copyEvent(ev)
	final := crossed.TopCut.Rounds[1].Matches
	a, b := seatMatch(t, final, seats, "A", 0), seatMatch(t, final, seats, "B", 0)
	final[a].P2 = final[b].P2
	rep, err = verifyTeams(context.Background(), crossed, seats, VerifyOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.TopCut == nil || len(rep.TopCut.Problems) == 0 ||
		rep.TopCut.Problems[0].Key != "cut-cannot" || rep.TopCut.Problems[0].CutRound != 2 {
		t.Fatalf("seat A against seat B in the final: %+v", rep.TopCut)
	}
}

// seatMatch is the index of the nth match of matches played at seat.
func seatMatch(t *testing.T, matches []CutMatch, seats map[string]SeatOf, seat string, nth int) int {
	t.Helper()
	for i, m := range matches {
		if seats[m.P1].Seat == seat {
			if nth == 0 {
				return i
			}
			nth--
		}
	}
	t.Fatalf("no match %d at seat %s", nth, seat)
	return -1
}

// copyEvent is a copy of ev whose top cut can be changed apart.
func copyEvent(ev *Event) *Event {
	out := *ev
	tc := *ev.TopCut
	tc.Rounds = make([]CutRound, len(ev.TopCut.Rounds))
	for i, r := range ev.TopCut.Rounds {
		r.Matches = append([]CutMatch(nil), r.Matches...)
		tc.Rounds[i] = r
	}
	out.TopCut = &tc
	return &out
}
