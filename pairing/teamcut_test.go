package pairing

import (
	"errors"
	"testing"
)

// teamSwiss plays three Swiss rounds of 6 teams where the team named
// earlier in the order wins every seat ranked by a fixed strength: T1
// strongest. It returns the players' event and the seats.
func teamSwiss(t *testing.T) (*Event, map[string]SeatOf) {
	t.Helper()
	ev, seats := teamFixture(6)
	strength := func(id string) int { return -int(seats[id].Team[1] - '0') }
	for range 3 {
		pairTeamRound(t, ev, seats, func(p Pair) string {
			if strength(p.P1) > strength(*p.P2) {
				return ResultP1
			}
			return ResultP2
		})
	}
	return ev, seats
}

// playCutRound adds the bracket's next round to ev's top cut, each seat
// decided by win(p1, p2) as a 2-0 or 2-1.
func playCutRound(t *testing.T, ev *Event, seats map[string]SeatOf, size int, win func(p1, p2 string) string) *Bracket {
	t.Helper()
	b, err := BuildTeamTopCut(ev, seats, size)
	if err != nil {
		t.Fatal(err)
	}
	if ev.TopCut == nil {
		ev.TopCut = &TopCut{Size: size}
	}
	lineups, err := Lineups(ev, seats)
	if err != nil {
		t.Fatal(err)
	}
	n := len(ev.TopCut.Rounds)
	pairs, err := TeamCutPairs(b.Rounds[n], lineups)
	if err != nil {
		t.Fatal(err)
	}
	cr := CutRound{Number: n + 1}
	for i, p := range pairs {
		if p.P2 == nil {
			continue
		}
		games := []Game{{Winner: ResultP1}, {Winner: ResultP1}}
		if i%2 == 1 {
			games = []Game{{Winner: ResultP2}, {Winner: ResultP1}, {Winner: ResultP1}}
		}
		if win(p.P1, *p.P2) == ResultP2 {
			for g := range games {
				games[g].Winner = flipResult(games[g].Winner)
			}
		}
		cr.Matches = append(cr.Matches, CutMatch{P1: p.P1, P2: *p.P2, Games: games})
	}
	ev.TopCut.Rounds = append(ev.TopCut.Rounds, cr)
	b, err = BuildTeamTopCut(ev, seats, size)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestTeamTopCutSeedsFromTeamStandings(t *testing.T) {
	ev, seats := teamSwiss(t)
	b, err := BuildTeamTopCut(ev, seats, 4)
	if err != nil {
		t.Fatal(err)
	}
	te, _ := TeamEvent(ev, seats)
	st, err := Standings(te, "")
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range b.Seeds {
		if s.ID != st[i].ID || s.Points != st[i].Points {
			t.Errorf("seed %d is %s (%d points), team standings have %s (%d)", i+1, s.ID, s.Points, st[i].ID, st[i].Points)
		}
	}
	if b.Seeds[0].ID != "T1" || len(b.Rounds) != 2 {
		t.Fatalf("top seed %s, %d rounds; want T1 and 2 rounds", b.Seeds[0].ID, len(b.Rounds))
	}
	// Seed 1 meets seed 4, seed 2 meets seed 3.
	m := b.Rounds[0].Matches
	if *m[0].P1 != b.Seeds[0].ID || *m[0].P2 != b.Seeds[3].ID || *m[1].P1 != b.Seeds[1].ID || *m[1].P2 != b.Seeds[2].ID {
		t.Errorf("semifinals %s v %s and %s v %s", *m[0].P1, *m[0].P2, *m[1].P1, *m[1].P2)
	}
}

func TestTeamTopCutSeatsPlaySeatsAtTheirTables(t *testing.T) {
	ev, seats := teamSwiss(t)
	b, err := BuildTeamTopCut(ev, seats, 4)
	if err != nil {
		t.Fatal(err)
	}
	lineups, _ := Lineups(ev, seats)
	pairs, err := TeamCutPairs(b.Rounds[0], lineups)
	if err != nil {
		t.Fatal(err)
	}
	if len(pairs) != 6 {
		t.Fatalf("%d seat matches, want 6", len(pairs))
	}
	for i, p := range pairs {
		s1, s2 := seats[p.P1], seats[*p.P2]
		if s1.Seat != TeamSeats[i%3] || s2.Seat != s1.Seat || p.Table != i+1 {
			t.Errorf("seat match %d: %s (%s) v %s (%s) at table %d", i, p.P1, s1.Seat, *p.P2, s2.Seat, p.Table)
		}
		if want := *b.Rounds[0].Matches[i/3].P1; s1.Team != want {
			t.Errorf("seat match %d: team %s, want %s", i, s1.Team, want)
		}
	}
}

func TestTeamTopCutTwoSeatsOfThreeAdvance(t *testing.T) {
	ev, seats := teamSwiss(t)
	// Semifinals: the lower seed wins seats A and C (the third seat is played
	// out and lost), so both upsets go through.
	b := playCutRound(t, ev, seats, 4, func(p1, p2 string) string {
		if seats[p1].Seat == "B" {
			return ResultP1
		}
		return ResultP2
	})
	for i, m := range b.Rounds[0].Matches {
		if m.Winner == nil || *m.Winner != *m.P2 || m.Score != "1-2" {
			t.Fatalf("semifinal %d: winner %v, score %q; want %s 1-2", i+1, m.Winner, m.Score, *m.P2)
		}
	}
	if b.Champion != nil {
		t.Fatal("a champion before the final")
	}
	final := b.Rounds[1].Matches[0]
	if final.P1 == nil || final.P2 == nil {
		t.Fatal("the final's teams are not known after the semifinals")
	}
	b = playCutRound(t, ev, seats, 4, func(string, string) string { return ResultP1 })
	if b.Champion == nil || *b.Champion != *final.P1 || b.Rounds[1].Matches[0].Score != "2-0" {
		t.Fatalf("champion %v, final %q; want %s 2-0", b.Champion, b.Rounds[1].Matches[0].Score, *final.P1)
	}
	te, _ := TeamEvent(ev, seats)
	st, _ := Standings(te, "")
	pl := Placings(st, b)
	if pl[0].ID != *final.P1 || pl[1].ID != *final.P2 || pl[0].Place != 1 || pl[3].Place != 4 || pl[4].Place != 5 {
		t.Errorf("placings %+v", pl)
	}
}

func TestTeamTopCutWaitsForItsSeats(t *testing.T) {
	ev, seats := teamSwiss(t)
	b, _ := BuildTeamTopCut(ev, seats, 4)
	lineups, _ := Lineups(ev, seats)
	pairs, _ := TeamCutPairs(b.Rounds[0], lineups)
	// Only seat A of the first team match is decided.
	ev.TopCut = &TopCut{Size: 4, Rounds: []CutRound{{Number: 1, Matches: []CutMatch{
		{P1: pairs[0].P1, P2: *pairs[0].P2, Games: []Game{{Winner: ResultP1}, {Winner: ResultP1}}},
		{P1: pairs[1].P1, P2: *pairs[1].P2, Games: []Game{{Winner: ResultP1}}},
	}}}}
	b, err := BuildTeamTopCut(ev, seats, 4)
	if err != nil {
		t.Fatal(err)
	}
	if m := b.Rounds[0].Matches[0]; m.Winner != nil || m.Score != "1-0" {
		t.Errorf("one seat won: winner %v, score %q; want none and 1-0", m.Winner, m.Score)
	}
	if _, err := TeamCutPairs(b.Rounds[1], lineups); !errors.Is(err, ErrCutUndecided) {
		t.Errorf("pairing the final early: %v", err)
	}
}

func TestTeamTopCutRefusesAMatchAcrossSeats(t *testing.T) {
	ev, seats := teamSwiss(t)
	ev.TopCut = &TopCut{Size: 4, Rounds: []CutRound{{Number: 1, Matches: []CutMatch{{P1: "T1-A", P2: "T2-B"}}}}}
	var ie *InputError
	if _, err := BuildTeamTopCut(ev, seats, 4); !errors.As(err, &ie) {
		t.Errorf("seat A v seat B: %v, want an input error", err)
	}
}

func TestTeamTopCutByeIsABye(t *testing.T) {
	ev, seats := teamSwiss(t)
	b, err := BuildTeamTopCut(ev, seats, 3)
	if err != nil {
		t.Fatal(err)
	}
	first := b.Rounds[0].Matches[0]
	if !first.Bye || *first.Winner != b.Seeds[0].ID {
		t.Fatalf("top 3: seed 1's first match %+v, want a bye", first)
	}
	lineups, _ := Lineups(ev, seats)
	pairs, err := TeamCutPairs(b.Rounds[0], lineups)
	if err != nil {
		t.Fatal(err)
	}
	byes, table := 0, 0
	for _, p := range pairs {
		if p.P2 == nil {
			byes++
			if seats[p.P1].Team != b.Seeds[0].ID {
				t.Errorf("a bye for %s, want seed 1's players only", p.P1)
			}
			continue
		}
		table = max(table, p.Table)
	}
	if byes != 3 || table != 3 {
		t.Errorf("%d byes and tables up to %d, want 3 byes and tables 1–3", byes, table)
	}
}
