package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/pairing"
)

// teamVerifyFile is a team event of five teams over three rounds, every
// round paired as the server pairs it (pairing.PairTeamRound, with the
// teams' record); Red's seat C drops after round 1 and plays on as a
// vacant seat that loses its game.
func teamVerifyFile(t *testing.T) *pairing.Event {
	t.Helper()
	ev := &pairing.Event{Seed: 5, Rounds: []pairing.Round{}}
	for _, team := range []string{"Red", "Blue", "Green", "Gold", "Silver"} {
		for _, seat := range pairing.TeamSeats {
			ev.Players = append(ev.Players, pairing.Player{ID: team + "-" + seat, Team: team, Seat: seat})
		}
	}
	for n := 1; n <= 3; n++ {
		pr, err := pairing.PairTeamRound(context.Background(), ev, pairing.PairOptions{})
		if err != nil {
			t.Fatal(err)
		}
		r := pairing.Round{Number: n, Pairing: pr.Record}
		for _, p := range pr.Matches {
			m := pairing.Match{Table: p.Table, P1: p.P1, P2: p.P2, Result: p.Result}
			switch {
			case p.P2 == nil:
				m.Result = pairing.ResultBye
			case m.Result == "":
				m.Result = pairing.ResultP1
			}
			r.Matches = append(r.Matches, m)
		}
		ev.Rounds = append(ev.Rounds, r)
		if n == 1 {
			ev.Players[2].Dropped, ev.Players[2].DroppedAfter = true, pairing.DropsAfter(1) // Red-C
		}
	}
	return ev
}

// tenkaichi verify checks a team event file: every round holds with the
// teams' certificate; a file whose seat C match a vacant seat won, or whose
// seat matches were swapped between team matches, fails naming the round
// (exit 1); an unreadable file is exit 2.
func TestVerifyTeamEvent(t *testing.T) {
	ev := teamVerifyFile(t)
	var file bytes.Buffer
	if err := pairing.WriteEventFile(&file, ev); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runPairingCLI(file.String(), "verify", "--in", "-")
	if code != 0 || strings.Count(out, "holds, and its certificate proves it optimal") != 3 || !strings.Contains(out, "Every round holds.") {
		t.Fatalf("exit %d:\n%s%s", code, out, errs)
	}

	// Red-C's vacant seat is given the win in round 2.
	vacant := -1
	for i, m := range ev.Rounds[1].Matches {
		if m.P1 == "Red-C" || m.P2 != nil && *m.P2 == "Red-C" {
			vacant = i
		}
	}
	if vacant < 0 {
		t.Fatal("round 2: Red's vacant seat C is not paired")
	}
	m := &ev.Rounds[1].Matches[vacant]
	m.Result = map[bool]string{true: pairing.ResultP1, false: pairing.ResultP2}[m.P1 == "Red-C"]
	file.Reset()
	_ = pairing.WriteEventFile(&file, ev)
	code, out, _ = runPairingCLI(file.String(), "verify", "--in", "-")
	want := fmt.Sprintf("seat C of Red had no player left (Red-C had dropped), so its game is lost; the file has the result %s", m.Result)
	if code != 1 || !strings.Contains(out, "round 2: does not hold") || !strings.Contains(out, want) || !strings.Contains(out, "Not every round holds: 2.") {
		t.Errorf("a vacant seat that won: exit %d, want 1 with %q\n%s", code, want, out)
	}

	// Two seat A players swapped between the team matches of round 3.
	ev = teamVerifyFile(t)
	ms := ev.Rounds[2].Matches
	ms[0].P2, ms[3].P2 = ms[3].P2, ms[0].P2
	file.Reset()
	_ = pairing.WriteEventFile(&file, ev)
	code, out, _ = runPairingCLI(file.String(), "verify", "--in", "-", "--round", "3")
	if code != 1 || !strings.Contains(out, "round 3: does not hold") || !strings.Contains(out, "the team match of") {
		t.Errorf("seat matches swapped: exit %d\n%s", code, out)
	}
	if code, _, _ := runPairingCLI(`{"seed": 1, "players": [{"id": "a", "team": "Red", "seat": "A"}`, "verify", "--in", "-"); code != 2 {
		t.Errorf("a cut-off team file: exit %d, want 2", code)
	}
}

// tenkaichi pair pairs a team event file by teams, seat against seat, with
// the teams' record; the vacant seat's lost game comes with its result.
func TestPairTeamEvent(t *testing.T) {
	ev := teamVerifyFile(t)
	ev.Rounds = ev.Rounds[:2]
	var file bytes.Buffer
	if err := pairing.WriteEventFile(&file, ev); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runPairingCLI(file.String(), "pair", "--in", "-", "--record")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var round struct {
		Matches []struct {
			P1, Result string
			P2         *string
		} `json:"matches"`
		Pairing *pairing.RoundRecord `json:"pairing"`
	}
	if err := json.Unmarshal([]byte(out), &round); err != nil {
		t.Fatal(err)
	}
	if len(round.Matches) != 9 || round.Pairing == nil || !round.Pairing.Teams || len(round.Pairing.Standings) != 5 {
		t.Fatalf("five teams: %d seat matches, record %+v\n%s", len(round.Matches), round.Pairing, out)
	}
	for _, m := range round.Matches {
		vacant := m.P1 == "Red-C" || m.P2 != nil && *m.P2 == "Red-C"
		if vacant && m.P2 != nil && m.Result == "" || !vacant && m.Result != "" {
			t.Errorf("%s v %v: result %q", m.P1, m.P2, m.Result)
		}
	}
}

// tenkaichi topcut on a team event file seeds teams, not players: a top 4
// of the five teams' standings, each seed a team's name.
func TestTopCutOfATeamEventSeedsTeams(t *testing.T) {
	var file bytes.Buffer
	if err := pairing.WriteEventFile(&file, teamVerifyFile(t)); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runPairingCLI(file.String(), "topcut", "--in", "-", "--size", "4")
	if code != 0 {
		t.Fatalf("topcut: exit %d, %s", code, errs)
	}
	var b struct {
		Seeds []struct {
			ID string `json:"id"`
		} `json:"seeds"`
	}
	if err := json.Unmarshal([]byte(out), &b); err != nil {
		t.Fatalf("topcut output: %v\n%s", err, out)
	}
	teams := map[string]bool{"Red": true, "Blue": true, "Green": true, "Gold": true, "Silver": true}
	if len(b.Seeds) != 4 {
		t.Fatalf("topcut of a team event: %d seeds, want 4:\n%s", len(b.Seeds), out)
	}
	for _, s := range b.Seeds {
		if !teams[s.ID] {
			t.Errorf("seed %q is not a team:\n%s", s.ID, out)
		}
	}
}
