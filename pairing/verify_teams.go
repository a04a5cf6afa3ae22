package pairing

import (
	"context"
	"errors"
)

// Verifying a team event (docs/pairing.md, "Team events"): the teams'
// event built from the file is verified as any event (the teams' pairing,
// its record, no team rematch, the team bye, the random parts from the
// seed), and each round's seat matches are checked against the teams: seat
// plays seat, every seat of a team match is played, and a seat with no
// player left loses its game.

// verifyTeams verifies a team event file whose players have the seats
// given.
func verifyTeams(ctx context.Context, ev *Event, seats map[string]SeatOf, opts VerifyOptions) (*VerifyReport, error) {
	te, rounds := TeamEvent(ev, seats)
	rep, err := Verify(ctx, te, opts)
	if err != nil {
		return nil, err
	}
	for i := range rep.Rounds {
		n := rep.Rounds[i].Number
		probs := seatProblems(ev, seats, rounds[n-1], n)
		if len(probs) == 0 {
			continue
		}
		rep.Rounds[i].Certified = false
		if malformed(probs) {
			// The seat matches make no team matches: the teams' pairing
			// read from them says nothing more.
			rep.Rounds[i].Problems = probs
			continue
		}
		rep.Rounds[i].Problems = append(probs, rep.Rounds[i].Problems...)
	}
	if opts.Round == 0 && ev.TopCut != nil && len(ev.TopCut.Rounds) > 0 {
		rep.TopCut = verifyTeamTopCut(ev, seats)
	}
	return rep, nil
}

// verifyTeamTopCut checks a team event's top cut as a players' one on the
// teams' event: each cut round's team matches must be those of the team
// bracket seeded from the team standings, with the rounds before decided
// by their seats. Seat matches that make no team match (seat against
// another seat, two players of one team) stop the check.
func verifyTeamTopCut(ev *Event, seats map[string]SeatOf) *TopCutCheck {
	te, err := teamCutEvent(ev, seats)
	if err != nil {
		pr := problemAt(0, 0, 0, "cut-cannot", err)
		pr.CutRound = 1
		var in *InputError
		if errors.As(err, &in) && in.Round > 0 {
			pr.CutRound = in.Round
		}
		return &TopCutCheck{Rounds: len(ev.TopCut.Rounds), Problems: []Problem{pr}}
	}
	return verifyTopCut(te)
}

// seatProblems checks round n's seat matches against its team matches.
func seatProblems(ev *Event, seats map[string]SeatOf, tr TeamRound, n int) []Problem {
	var out []Problem
	round := ev.Rounds[n-1]
	for mi, m := range round.Matches {
		s1, ok1 := seats[m.P1]
		if !ok1 {
			out = append(out, problemAt(n, mi+1, m.Table, "team-no-seat", m.P1))
			continue
		}
		if m.P2 == nil {
			continue
		}
		s2, ok2 := seats[*m.P2]
		switch {
		case !ok2:
			out = append(out, problemAt(n, mi+1, m.Table, "team-no-seat", *m.P2))
		case s1.Seat != s2.Seat || s1.Team == s2.Team:
			out = append(out, problemAt(n, mi+1, m.Table, "team-seat-mismatch", m.P1, s1.Seat, s1.Team, *m.P2, s2.Seat, s2.Team))
		}
	}
	for _, tm := range tr.Matches {
		for si, i := range tm.Seats {
			if i < 0 {
				out = append(out, problemAt(n, 0, 0, "team-seat-missing", tm.P1, TeamSeats[si]))
				continue
			}
			out = append(out, seatHolderProblems(ev, seats, round.Matches[i], i+1, n)...)
		}
	}
	return out
}

// seatHolderProblems checks who sits in a seat match of round n: a player
// who had dropped before it sits only when their seat has no active player
// left, and that seat then loses its game.
func seatHolderProblems(ev *Event, seats map[string]SeatOf, m Match, mi, n int) []Problem {
	var out []Problem
	vacant := [2]bool{}
	ids := []string{m.P1}
	if m.P2 != nil {
		ids = append(ids, *m.P2)
	}
	for side, id := range ids {
		if !droppedBefore(ev, id, n) {
			continue
		}
		s := seats[id]
		if other := activeInSeat(ev, seats, s, n); other != "" {
			out = append(out, problemAt(n, mi, m.Table, "team-seat-dropped", id, s.Seat, s.Team, other))
			continue
		}
		vacant[side] = true
	}
	if m.P2 == nil || !vacant[0] && !vacant[1] {
		return out
	}
	if want := VacantSeatResult(vacant[0], vacant[1]); m.Result != "" && m.Result != want {
		id := ids[0]
		if !vacant[0] {
			id = ids[1]
		}
		key := "team-seat-vacant"
		if after, _ := dropOf(ev, id); after == 0 {
			key = "team-vacant-before"
		}
		out = append(out, problemAt(n, mi, m.Table, key, id, seats[id].Seat, seats[id].Team, m.Result))
	}
	return out
}

// droppedBefore: the file says id dropped after a round before n (round 0:
// before round 1).
func droppedBefore(ev *Event, id string, n int) bool {
	after, known := dropOf(ev, id)
	return known && after < n
}

// dropOf is how many rounds the file says id played before dropping, and
// whether it says id dropped and when.
func dropOf(ev *Event, id string) (int, bool) {
	for _, p := range ev.Players {
		if p.ID == id && p.Dropped {
			return p.DroppedAfterRound()
		}
	}
	return 0, false
}

// activeInSeat is a player of the team's seat who had not dropped before
// round n and had entered by then; "" when there is none.
func activeInSeat(ev *Event, seats map[string]SeatOf, s SeatOf, n int) string {
	for _, p := range ev.Players {
		if seats[p.ID] != s || max(1, p.EnteredRound) > n {
			continue
		}
		if after, known := p.DroppedAfterRound(); !p.Dropped || known && after >= n {
			return p.ID
		}
	}
	return ""
}

// malformed: a problem that leaves the round's seat matches without whole
// team matches.
func malformed(probs []Problem) bool {
	for _, p := range probs {
		switch p.Key {
		case "team-no-seat", "team-seat-mismatch", "team-seat-missing":
			return true
		}
	}
	return false
}
