package pairing

import (
	"context"
	"fmt"
	"math"
	"testing"
)

// teamFixture is a players' event of n teams named T1…Tn, players Tk-A,
// Tk-B and Tk-C.
func teamFixture(n int) (*Event, map[string]SeatOf) {
	ev := &Event{Seed: 7, Players: []Player{}, Rounds: []Round{}}
	seats := map[string]SeatOf{}
	for t := 1; t <= n; t++ {
		for _, s := range TeamSeats {
			id := fmt.Sprintf("T%d-%s", t, s)
			ev.Players = append(ev.Players, Player{ID: id})
			seats[id] = SeatOf{Team: fmt.Sprintf("T%d", t), Seat: s}
		}
	}
	return ev, seats
}

// pairTeamRound pairs the next team round and adds its seat matches, each
// with the result decide gives it.
func pairTeamRound(t *testing.T, ev *Event, seats map[string]SeatOf, decide func(m Pair) string) []Pair {
	t.Helper()
	te, _ := TeamEvent(ev, seats)
	pr, err := PairNextRound(te, PairOptions{})
	if err != nil {
		t.Fatal(err)
	}
	lineups, err := Lineups(ev, seats)
	if err != nil {
		t.Fatal(err)
	}
	sp := SeatPairs(pr.Matches, lineups)
	r := Round{Number: len(ev.Rounds) + 1}
	for _, p := range sp {
		m := Match{Table: p.Table, P1: p.P1, P2: p.P2, Result: ResultBye}
		if p.P2 != nil {
			m.Result = decide(p)
		}
		r.Matches = append(r.Matches, m)
	}
	ev.Rounds = append(ev.Rounds, r)
	return sp
}

func TestTeamPairingSeatsPlaySeats(t *testing.T) {
	ev, seats := teamFixture(4)
	sp := pairTeamRound(t, ev, seats, func(Pair) string { return ResultP1 })
	if len(sp) != 6 {
		t.Fatalf("4 teams: %d seat matches, want 6", len(sp))
	}
	for i, p := range sp {
		s1, s2 := seats[p.P1], seats[*p.P2]
		if s1.Seat != s2.Seat || s1.Seat != TeamSeats[i%3] {
			t.Errorf("match %d: %s (%s) plays %s (%s)", i, p.P1, s1.Seat, *p.P2, s2.Seat)
		}
		if s1.Team == s2.Team {
			t.Errorf("match %d: teammates %s and %s paired", i, p.P1, *p.P2)
		}
		if p.Table != i+1 {
			t.Errorf("match %d at table %d, want %d", i, p.Table, i+1)
		}
		if seats[sp[i-i%3].P1].Team != s1.Team {
			t.Errorf("match %d: seat %s of another team match", i, s1.Seat)
		}
	}
}

func TestTeamPairingNoRematchAndTeamBye(t *testing.T) {
	ev, seats := teamFixture(5)
	met := map[[2]string]bool{}
	byes := map[string]int{}
	for round := 1; round <= 4; round++ {
		sp := pairTeamRound(t, ev, seats, func(p Pair) string { return ResultP1 })
		byesThisRound := 0
		for i := 0; i < len(sp); i += 3 {
			t1 := seats[sp[i].P1].Team
			if sp[i].P2 == nil {
				byesThisRound++
				byes[t1]++
				for _, p := range sp[i : i+3] {
					if p.P2 != nil || seats[p.P1].Team != t1 {
						t.Fatalf("round %d: a team bye is not three byes of one team: %+v", round, sp[i:i+3])
					}
				}
				continue
			}
			t2 := seats[*sp[i].P2].Team
			key := [2]string{min(t1, t2), max(t1, t2)}
			if met[key] {
				t.Errorf("round %d: %s and %s meet again", round, t1, t2)
			}
			met[key] = true
		}
		if byesThisRound != 1 {
			t.Errorf("round %d: %d team byes, want 1", round, byesThisRound)
		}
	}
	for team, n := range byes {
		if n > 1 {
			t.Errorf("%s had %d byes in 4 rounds of 5 teams", team, n)
		}
	}
}

func TestTeamResultMoreSeatWinsWins(t *testing.T) {
	for _, c := range []struct {
		seats []string
		want  string
	}{
		{[]string{ResultP1, ResultP1, ResultP2}, ResultP1},
		{[]string{ResultP2, ResultP1, ResultP2}, ResultP2},
		{[]string{ResultP1, ResultDraw, ResultP2}, ResultDraw},
		{[]string{ResultP1, ResultDraw, ResultDraw}, ResultP1},
		{[]string{ResultDraw, ResultDraw, ResultDraw}, ResultDraw},
	} {
		if got := TeamResult(c.seats); got != c.want {
			t.Errorf("TeamResult(%v) = %s, want %s", c.seats, got, c.want)
		}
	}
}

func TestTeamStandings(t *testing.T) {
	ev, seats := teamFixture(4)
	ev.Tiebreakers = ProfileMTG
	// Round 1 (fixed, not paired): T1 beats T2 3–0, T3 beats T4 2–1; the
	// seat matches of T2–T1 are written from T2's side to test orientation.
	p := func(s string) *string { return &s }
	ev.Rounds = []Round{{Number: 1, Matches: []Match{
		{Table: 1, P1: "T2-A", P2: p("T1-A"), Result: ResultP2},
		{Table: 2, P1: "T2-B", P2: p("T1-B"), Result: ResultP2},
		{Table: 3, P1: "T1-C", P2: p("T2-C"), Result: ResultP1},
		{Table: 4, P1: "T3-A", P2: p("T4-A"), Result: ResultP1},
		{Table: 5, P1: "T3-B", P2: p("T4-B"), Result: ResultP2},
		{Table: 6, P1: "T3-C", P2: p("T4-C"), Result: ResultDraw},
	}}}
	te, rounds := TeamEvent(ev, seats)
	if n := len(rounds[0].Matches); n != 2 {
		t.Fatalf("round 1: %d team matches, want 2", n)
	}
	tm := rounds[0].Matches[0]
	// Seen from its first seat match's P1: T2 lost to T1 3–0.
	if tm.P1 != "T2" || *tm.P2 != "T1" || tm.Result != ResultP2 || tm.Table != 1 || fmt.Sprint(tm.Games) != "[p2 p2 p2]" {
		t.Errorf("T1–T2: %+v", tm)
	}
	if m := rounds[0].Matches[1]; m.Result != ResultDraw || m.Table != 2 || fmt.Sprint(m.Games) != "[p1 p2 draw]" {
		t.Errorf("T3–T4: a seat win, a seat loss and a draw: %+v, want a team draw", m)
	}
	st, err := Standings(te, "")
	if err != nil {
		t.Fatal(err)
	}
	order := ""
	for _, s := range st {
		order += s.ID + " "
	}
	// T1 won; T3 and T4 drew (one seat each); T2 lost. T3 and T4 share
	// points and opponents: a seat won and one drawn of three is a seat
	// (game) win of 4/9 each, so the random key decides.
	if st[0].ID != "T1" || st[3].ID != "T2" || st[0].Tiebreaker("gw") != 1 || math.Abs(st[3].Tiebreaker("gw")-0.33) > 1e-9 || math.Abs(st[1].Tiebreaker("gw")-4.0/9) > 1e-9 {
		t.Errorf("standings %s: T1 first with seat win 100%%, T2 last with the floor of 33%%, T3 4/9", order)
	}
	if st[1].Points != st[2].Points || st[1].Draws != 1 {
		t.Errorf("T3 and T4 drew: %+v", st[1:3])
	}
}

func TestLineupsNameTheTeamAndSeat(t *testing.T) {
	ev, seats := teamFixture(2)
	ev.Players = append(ev.Players, Player{ID: "T2-B2"}) // a second active player on T2's seat B
	seats["T2-B2"] = SeatOf{Team: "T2", Seat: "B"}
	_, err := Lineups(ev, seats)
	lp, ok := err.(*LineupProblem)
	if !ok || lp.Team != "T2" || lp.Seat != "B" {
		t.Fatalf("Lineups with two players on T2's seat B: %v", err)
	}
}

// A dropped teammate leaves the seat vacant: the team is still paired, the
// seat keeps its last player and loses its game.
func TestDroppedTeammateSeatLosesItsGame(t *testing.T) {
	ev, seats := teamFixture(2)
	for i := range ev.Players {
		ev.Players[i].Team, ev.Players[i].Seat = seats[ev.Players[i].ID].Team, seats[ev.Players[i].ID].Seat
	}
	ev.Players[4].Dropped, ev.Players[4].DroppedAfter = true, DropsAfter(0) // T2-B, before round 1
	pr, err := PairTeamRound(context.Background(), ev, PairOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(pr.Matches) != 3 || pr.Record == nil {
		t.Fatalf("2 teams, one seat vacant: %+v (record %v), want 3 seat matches and the teams' record", pr.Matches, pr.Record != nil)
	}
	for _, m := range pr.Matches {
		vacant := m.P1 == "T2-B" || *m.P2 == "T2-B"
		want := ""
		if vacant {
			want = ResultP1
			if m.P1 == "T2-B" {
				want = ResultP2
			}
		}
		if m.Result != want {
			t.Errorf("%s v %s: result %q, want %q", m.P1, *m.P2, m.Result, want)
		}
	}
	for i := range ev.Players {
		ev.Players[i].Dropped = true
		if i < 3 {
			ev.Players[i].Dropped = false
		}
	}
	pr, err = PairTeamRound(context.Background(), ev, PairOptions{})
	if err != nil || len(pr.Matches) != 3 || pr.Matches[0].P2 != nil || pr.Matches[0].P1 != "T1-A" {
		t.Errorf("T2 dropped as a whole team: %+v, %v; want T1's three players with a bye", pr, err)
	}
}
