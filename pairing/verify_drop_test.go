package pairing

import (
	"bytes"
	"strings"
	"testing"
)

// A drop before round 1 is round 0 of dropped_after_round, written out; a
// file without the field (older files, or by hand) does not say when the
// player dropped.
func TestDroppedBeforeRound1IsWrittenAndRead(t *testing.T) {
	ev := &Event{Seed: 1, Rounds: []Round{}, Players: []Player{
		{ID: "a", Dropped: true, DroppedAfter: DropsAfter(0)}, {ID: "b", Dropped: true}, {ID: "c"}}}
	var buf bytes.Buffer
	if err := WriteEventFile(&buf, ev); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(buf.String(), `"dropped_after_round"`); n != 1 || !strings.Contains(buf.String(), `"dropped_after_round": 0`) {
		t.Fatalf("dropped_after_round written %d times, want once as 0:\n%s", n, buf.String())
	}
	back, err := ParseEvent(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []struct {
		after int
		known bool
	}{{0, true}, {0, false}, {0, false}} {
		if after, known := back.Players[i].DroppedAfterRound(); after != want.after || known != want.known {
			t.Errorf("%s: dropped after %d (known %v), want %d (%v)", back.Players[i].ID, after, known, want.after, want.known)
		}
	}
}

// individualFile pairs ids over rounds rounds (P1 wins every match), the
// players of drop having dropped before round 1.
func individualFile(t *testing.T, rounds int, ids []string, drop ...string) *Event {
	t.Helper()
	ev := &Event{Seed: 7, Players: []Player{}, Rounds: []Round{}}
	for _, id := range ids {
		ev.Players = append(ev.Players, Player{ID: id})
	}
	for _, id := range drop {
		dropPlayer(ev, id, 0)
	}
	for r := 1; r <= rounds; r++ {
		pr, err := PairNextRound(ev, PairOptions{})
		if err != nil {
			t.Fatal(err)
		}
		round := Round{Number: r, Pairing: pr.Record}
		for _, p := range pr.Matches {
			m := Match{Table: p.Table, P1: p.P1, P2: p.P2, Result: ResultP1}
			if p.P2 == nil {
				m.Result = ResultBye
			}
			round.Matches = append(round.Matches, m)
		}
		ev.Rounds = append(ev.Rounds, round)
	}
	return ev
}

// A player who dropped before round 1 is not paired: a file that pairs
// them fails round 1 naming them; the same file without the drop's round
// (as files written before it was kept) cannot tell, and holds.
func TestVerifyDroppedBeforeRound1(t *testing.T) {
	ids := []string{"ann", "bo", "cy", "di", "ed", "flo", "gus"}
	ev := individualFile(t, 3, ids, "gus")
	if rep := verifyOf(t, ev, VerifyOptions{}); !rep.OK() {
		t.Fatalf("gus dropped before round 1 and was not paired: %v", rep.Problems())
	}
	// ann plays round 1, yet the file says she dropped before it.
	dropPlayer(ev, "ann", 0)
	rep := verifyOf(t, ev, VerifyOptions{})
	probs := rep.Rounds[0].Problems
	if rep.OK() || len(probs) == 0 || probs[0].Key != "dropped-before-plays" || probs[0].Round != 1 ||
		probs[0].Msg != "ann plays in this round but dropped before round 1" {
		t.Fatalf("ann paired after dropping before round 1: %+v", probs)
	}
	ev.Players[0].DroppedAfter = nil
	for _, p := range verifyOf(t, ev, VerifyOptions{}).Problems() {
		if strings.HasPrefix(p.Key, "dropped-") {
			t.Errorf("a drop without its round is read as before round 1: %v", p)
		}
	}
}

// In a team event a teammate who dropped before round 1 keeps their seat
// as a vacant one from round 1 on, and the seat loses its game: a file in
// which it won fails round 1, naming the player and the seat.
func TestVerifyTeamSeatVacantFromRound1(t *testing.T) {
	drop := func(ev *Event, r int) {
		if r == 0 {
			dropPlayer(ev, "T2-B", 0)
		}
	}
	ev := teamFile(t, 4, 2, drop)
	if rep := verifyOf(t, ev, VerifyOptions{}); !rep.OK() {
		t.Fatalf("T2-B's vacant seat lost from round 1: %v", rep.Problems())
	}
	found := false
	for i, m := range ev.Rounds[0].Matches {
		if m.P1 == "T2-B" || m.P2 != nil && *m.P2 == "T2-B" {
			found = true
			if want := map[bool]string{true: ResultP2, false: ResultP1}[m.P1 == "T2-B"]; m.Result != want {
				t.Fatalf("round 1: T2-B's vacant seat has %q, want the loss %q", m.Result, want)
			}
			ev.Rounds[0].Matches[i].Result = map[bool]string{true: ResultP1, false: ResultP2}[m.P1 == "T2-B"]
		}
	}
	if !found {
		t.Fatal("round 1: T2-B's vacant seat is not paired")
	}
	rep := verifyOf(t, ev, VerifyOptions{})
	want := "seat B of T2 had no player left (T2-B had dropped before round 1), so its game is lost; the file has the result"
	if rep.OK() || len(rep.Rounds[0].Problems) == 0 || !strings.HasPrefix(rep.Rounds[0].Problems[0].Msg, want) ||
		rep.Rounds[0].Problems[0].Round != 1 {
		t.Fatalf("round 1's vacant seat won: %v, want %q", rep.Problems(), want)
	}
}
