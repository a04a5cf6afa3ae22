package pairing

import (
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"os"
	"strings"
	"testing"
)

func loadExample(t *testing.T) *Event {
	t.Helper()
	f, err := os.Open("testdata/example.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ev, err := ReadEventFile(f)
	if err != nil {
		t.Fatal(err)
	}
	return ev
}

// Golden values, worked out by hand in docs/tiebreakers.md.
func TestStandingsGoldenPerProfile(t *testing.T) {
	ev := loadExample(t)
	want := map[string]map[string]map[string]float64{
		ProfileBandai: {
			"A": {"omw": 0.5533, "oomw": 0.6476},
			"B": {"omw": 0.7778, "oomw": 0.4606},
			"C": {"omw": 0.6667, "oomw": 0.4417},
			"D": {"omw": 0.33, "oomw": 0.7222},
			"E": {"omw": 0.4983, "oomw": 0.6656},
		},
		ProfilePokemon: {
			"A": {"owp": 0.5, "oowp": 0.6574},
			"B": {"owp": 0.8056, "oowp": 0.4028},
			"C": {"owp": 0.7083, "oowp": 0.375},
			"D": {"owp": 0.25, "oowp": 0.7569},
			"E": {"owp": 0.4583, "oowp": 0.6528},
		},
		ProfileMTG: {
			"A": {"omw": 0.5915, "gw": 0.6667, "ogw": 0.6378},
			"B": {"omw": 0.8148, "gw": 0.33, "ogw": 0.8333},
			"C": {"omw": 0.7222, "gw": 0.5833, "ogw": 0.75},
			"D": {"omw": 0.3872, "gw": 0.8333, "ogw": 0.4567},
			"E": {"omw": 0.4983, "gw": 1, "ogw": 0.4983},
		},
	}
	for profile, players := range want {
		st, err := Standings(ev, profile)
		if err != nil {
			t.Fatal(err)
		}
		var order []string
		for _, s := range st {
			order = append(order, s.ID)
			for key, v := range players[s.ID] {
				if got := s.Tiebreaker(key); math.Abs(got-v) > 0.00006 {
					t.Errorf("%s %s %s = %.5f, want %.4f", profile, s.ID, key, got, v)
				}
			}
		}
		if strings.Join(order, "") != "EDACB" {
			t.Errorf("%s order %v", profile, order)
		}
	}
}

func TestStandingsJSONShape(t *testing.T) {
	ev := loadExample(t)
	st, _ := Standings(ev, "")
	b, err := json.Marshal(st[:1])
	if err != nil {
		t.Fatal(err)
	}
	want := `[{"rank":1,"id":"E","name":"Ed","points":9,"record":"3-0-0","tiebreakers":{"omw":0.4983,"oomw":0.6656}}]`
	if string(b) != want {
		t.Fatalf("got  %s\nwant %s", b, want)
	}
}

// Equal points: the higher OMW% ranks first; the seeded random decides only
// full ties and is reproducible.
func TestStandingsTieOrder(t *testing.T) {
	ev := &Event{Seed: 4, Players: players("A", "B", "C", "D"), Rounds: []Round{
		{Number: 1, Matches: []Match{result(1, "A", "B", "p1"), result(2, "C", "D", "p1")}},
	}}
	st1, _ := Standings(ev, ProfileBandai)
	st2, _ := Standings(ev, ProfileBandai)
	for i := range st1 {
		if st1[i].ID != st2[i].ID {
			t.Fatal("standings not reproducible")
		}
	}
	// A and C both 1-0 with identical tiebreakers: only the random splits them.
	if st1[0].Points != 3 || st1[1].Points != 3 {
		t.Fatalf("top two should have 3 points: %v", st1)
	}
	ev.Rounds = append(ev.Rounds, Round{Number: 2, Matches: []Match{result(1, "A", "C", "p1"), result(2, "B", "D", "p1")}})
	// Now B (1-1, beat D) and C (1-1, beat D, lost to A): same points; B's
	// opponents A (2-0) and D (0-2) average the same as C's D and A, so go
	// one level deeper: both equal, random decides; just check points order.
	st, _ := Standings(ev, ProfileBandai)
	if st[0].ID != "A" || st[3].ID != "D" {
		t.Fatalf("order %v", st)
	}
}

// Dropped players keep their record; late players have losses for missed
// rounds.
func TestStandingsDroppedAndLate(t *testing.T) {
	ev := &Event{Seed: 1, Players: []Player{{ID: "A"}, {ID: "B", Dropped: true}, {ID: "C"}, {ID: "L", EnteredRound: 2}},
		Rounds: []Round{
			{Number: 1, Matches: []Match{result(1, "A", "B", "p2"), {P1: "C", Result: ResultBye}}},
			{Number: 2, Matches: []Match{result(1, "A", "L", "p2"), {P1: "C", Result: ResultBye}}},
		}}
	st, err := Standings(ev, "")
	if err != nil {
		t.Fatal(err)
	}
	rec := map[string]string{}
	for _, s := range st {
		rec[s.ID] = s.Record()
	}
	if rec["B"] != "1-0-0" || rec["L"] != "1-1-0" || rec["A"] != "0-2-0" || rec["C"] != "2-0-0" {
		t.Fatalf("records %v", rec)
	}
	if len(st) != 4 {
		t.Fatal("dropped player missing from standings")
	}
}

// Pokémon head-to-head: exactly two players tied on points and both
// percentages are ordered by their match; three tied are left to random.
func TestPokemonHeadToHead(t *testing.T) {
	ev := &Event{Seed: 1, Players: players("A", "B", "C"), Rounds: []Round{
		{Number: 1, Matches: []Match{result(1, "B", "A", "p2")}},
	}}
	h := newHistory(ev)
	half := big.NewRat(1, 2)
	tb := []Tiebreaker{{"owp", 0.5, half}, {"oowp", 0.5, half}}
	out := []Standing{{ID: "A", Points: 3, Tiebreakers: tb}, {ID: "B", Points: 3, Tiebreakers: tb}, {ID: "C", Points: 0, Tiebreakers: tb}}
	order := []int{1, 0, 2} // B before A after the random tiebreak
	h.headToHead(out, order)
	if order[0] != 0 {
		t.Fatalf("A beat B but is not first: %v", order)
	}
	out[2].Points = 3 // three tied: head-to-head does not apply
	order = []int{1, 0, 2}
	h.headToHead(out, order)
	if order[0] != 1 {
		t.Fatalf("three-way tie reordered: %v", order)
	}
}

// A double loss without games is one game, lost by both (docs/tiebreakers.md);
// a bye counts as two game wins.
func TestStandingsMTGGameWinCountsDoubleLoss(t *testing.T) {
	ev, err := ParseEvent([]byte(`{"tiebreakers": "mtg", "players": [{"id": "x"}, {"id": "y"}, {"id": "z"}],
	  "rounds": [
	    {"number": 1, "matches": [{"p1": "y", "p2": "z", "result": "p1"}, {"p1": "x", "p2": null, "result": "bye"}]},
	    {"number": 2, "matches": [{"p1": "x", "p2": "y", "result": "double-loss"}, {"p1": "z", "p2": null, "result": "bye"}]},
	    {"number": 3, "matches": [{"p1": "x", "p2": "z", "result": "p2"}, {"p1": "y", "p2": null, "result": "bye"}]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	st, err := Standings(ev, "")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]float64{
		"x": 6.0 / 12, // bye 6/6, double loss 0/3, loss 0/3
		"y": 9.0 / 12, // win 3/3, double loss 0/3, bye 6/6
		"z": 9.0 / 12, // loss 0/3, bye 6/6, win 3/3
	}
	for _, s := range st {
		if got := s.Tiebreaker("gw"); math.Abs(got-want[s.ID]) > 1e-9 {
			t.Errorf("%s gw = %.4f, want %.4f", s.ID, got, want[s.ID])
		}
	}
	// With games given, those games count (and the double loss adds no game).
	ev.Rounds[1].Matches[0].Games = []string{"p1", "p2"}
	st, _ = Standings(ev, "")
	for _, s := range st {
		if s.ID == "x" {
			if got := s.Tiebreaker("gw"); math.Abs(got-9.0/15) > 1e-9 {
				t.Errorf("x gw with games = %.4f, want %.4f", got, 9.0/15)
			}
		}
	}
}

// The last tiebreaker is each player's random key, not a hash of their id:
// an event copied with new ids (an export imported elsewhere) orders fully
// tied players the same, and the key survives the event file.
func TestRandomKeyOrdersFullTiesWhateverTheIDs(t *testing.T) {
	ev, err := ParseEvent([]byte(`{"seed": 9, "players": [{"id": "12", "random_key": 700}, {"id": "15", "random_key": 300},
		{"id": "19", "random_key": 18446744073709551615}, {"id": "21"}], "rounds": []}`))
	if err != nil {
		t.Fatal(err)
	}
	order := func(ev *Event) []string {
		st, err := Standings(ev, "")
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, s := range st {
			out = append(out, s.ID)
		}
		return out
	}
	// "21" has no key: its key is the hash of seed and id, kept by TiebreakKey.
	want := map[string]uint64{"12": 700, "15": 300, "19": 1<<64 - 1, "21": seededRandom(9, "21")}
	for _, p := range ev.Players {
		if got := ev.TiebreakKey(p); got != want[p.ID] {
			t.Errorf("%s: key %d, want %d", p.ID, got, want[p.ID])
		}
	}
	before := order(ev)
	if before[0] != "15" || before[len(before)-1] != "19" {
		t.Fatalf("order %v does not follow the keys", before)
	}

	// New ids, keys carried (as an export then import does): same order.
	moved := *ev
	moved.Players = nil
	rename := map[string]string{}
	for i, p := range ev.Players {
		p.RandomKey = ev.TiebreakKey(p)
		rename[p.ID] = fmt.Sprintf("n%d", 100-i)
		p.ID = rename[p.ID]
		moved.Players = append(moved.Players, p)
	}
	var b strings.Builder
	if err := WriteEventFile(&b, &moved); err != nil {
		t.Fatal(err)
	}
	again, err := ParseEvent([]byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	after := order(again)
	for i := range before {
		if rename[before[i]] != after[i] {
			t.Fatalf("order changed with the ids: %v -> %v", before, after)
		}
	}
}
