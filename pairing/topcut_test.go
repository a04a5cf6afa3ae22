package pairing

import (
	"encoding/json"
	"fmt"
	"testing"
)

func TestSeedOrder(t *testing.T) {
	for n, want := range map[int]string{
		2:  "[1 2]",
		4:  "[1 4 2 3]",
		8:  "[1 8 4 5 2 7 3 6]",
		16: "[1 16 8 9 4 13 5 12 2 15 7 10 3 14 6 11]",
	} {
		if got := fmt.Sprint(SeedOrder(n)); got != want {
			t.Errorf("SeedOrder(%d) = %s, want %s", n, got, want)
		}
	}
}

func TestRecommend(t *testing.T) {
	cases := []struct{ players, rounds, cut int }{
		{1, 0, 0}, {2, 3, 0}, {8, 3, 0}, {9, 4, 0}, {15, 4, 0}, {16, 4, 4}, {17, 5, 4}, {32, 5, 8},
		{33, 6, 8}, {64, 6, 8}, {65, 7, 8}, {127, 7, 8}, {128, 7, 16}, {129, 8, 16}, {226, 8, 16},
		{227, 9, 16}, {409, 9, 16}, {410, 10, 16}, {5000, 10, 16},
	}
	for _, c := range cases {
		r, cut := Recommend(c.players)
		if r != c.rounds || cut != c.cut {
			t.Errorf("Recommend(%d) = %d rounds, top %d; want %d, top %d", c.players, r, cut, c.rounds, c.cut)
		}
	}
}

// cutEvent: 10 players with distinct points after Swiss (p01 best), p02 dropped.
func cutEvent() *Event {
	ev := &Event{Seed: 1, Rounds: []Round{}}
	for i := 1; i <= 10; i++ {
		ev.Players = append(ev.Players, Player{ID: fmt.Sprintf("p%02d", i)})
	}
	ev.Players[1].Dropped = true
	// Give player i (11-i) byes so points fall with the number.
	for r := 1; r <= 10; r++ {
		round := Round{Number: r, Matches: []Match{}}
		for i := 1; i <= 10; i++ {
			if r <= 11-i {
				round.Matches = append(round.Matches, Match{P1: fmt.Sprintf("p%02d", i), Result: ResultBye})
			}
		}
		ev.Rounds = append(ev.Rounds, round)
	}
	return ev
}

func TestTopCutSeedingAndByes(t *testing.T) {
	ev := cutEvent()
	b, err := BuildTopCut(ev, 8)
	if err != nil {
		t.Fatal(err)
	}
	// Seeds skip the dropped p02.
	if b.Seeds[0].ID != "p01" || b.Seeds[1].ID != "p03" || b.Seeds[7].ID != "p09" {
		t.Fatalf("seeds %+v", b.Seeds)
	}
	var got []string
	for _, m := range b.Rounds[0].Matches {
		got = append(got, fmt.Sprintf("%d-%d", m.Seed1, m.Seed2))
	}
	if fmt.Sprint(got) != "[1-8 4-5 2-7 3-6]" {
		t.Fatalf("quarterfinals %v", got)
	}
	if b.Rounds[0].Name != "Quarterfinals" || b.Rounds[2].Name != "Final" {
		t.Fatalf("names %q %q", b.Rounds[0].Name, b.Rounds[2].Name)
	}
	// Top 6: seeds 1 and 2 get byes.
	b, err = BuildTopCut(ev, 6)
	if err != nil {
		t.Fatal(err)
	}
	byes := 0
	for _, m := range b.Rounds[0].Matches {
		if m.Bye {
			byes++
			if m.Seed1 != 1 && m.Seed1 != 2 {
				t.Fatalf("bye to seed %d", m.Seed1)
			}
		}
	}
	if byes != 2 {
		t.Fatalf("%d byes in a top 6", byes)
	}
	if m := b.Rounds[1].Matches[0]; m.P1 == nil || *m.P1 != "p01" {
		t.Fatalf("seed 1 did not advance on the bye: %+v", m)
	}
	if _, err := BuildTopCut(ev, 10); err == nil {
		t.Fatal("top 10 of 9 active players accepted")
	}
}

func TestTopCutBestOfThree(t *testing.T) {
	ev := cutEvent()
	// Top 4 (p02 dropped): 1 p01 v 4 p05, 2 p03 v 3 p04.
	ev.TopCut = &TopCut{Size: 4, Rounds: []CutRound{{Number: 1, Matches: []CutMatch{
		// Listed the other way round from the bracket.
		{P1: "p05", P2: "p01", Games: []Game{{Winner: "p1", First: "p2"}, {Winner: "p2", First: "p2"}, {Winner: "p2", First: "p1"}}},
		{P1: "p03", P2: "p04", Games: []Game{{Winner: "p2"}}},
	}}}}
	b, err := BuildTopCut(ev, 0)
	if err != nil {
		t.Fatal(err)
	}
	sf := b.Rounds[0].Matches
	if sf[0].Winner == nil || *sf[0].Winner != "p01" || sf[0].Score != "2-1" {
		t.Fatalf("semifinal 1: %+v", sf[0])
	}
	// Game 2 was chosen by the loser of game 1 (p01), game 3 by p05.
	if c := sf[0].Games[1].ChosenBy; c == nil || *c != "p01" {
		t.Fatalf("game 2 chooser %v", c)
	}
	if c := sf[0].Games[2].ChosenBy; c == nil || *c != "p05" {
		t.Fatalf("game 3 chooser %v", c)
	}
	// Semifinal 2 is 0-1: undecided, the loser (p03) chooses for game 2.
	if sf[1].Winner != nil || sf[1].NextChooser == nil || *sf[1].NextChooser != "p03" {
		t.Fatalf("semifinal 2: %+v", sf[1])
	}
	if f := b.Rounds[1].Matches[0]; f.P1 == nil || *f.P1 != "p01" || f.P2 != nil {
		t.Fatalf("final: %+v", f)
	}
	// A match that is not in the bracket is refused, naming it.
	ev.TopCut.Rounds[0].Matches = append(ev.TopCut.Rounds[0].Matches, CutMatch{P1: "p01", P2: "p09"})
	if _, err := BuildTopCut(ev, 4); err == nil || err.Error() != "top cut round 1, match 3: p01 v p09 is not a match of this bracket" {
		t.Fatalf("got %v", err)
	}
	// A fourth game after 2-0 is refused.
	ev.TopCut.Rounds[0].Matches = []CutMatch{{P1: "p01", P2: "p05", Games: []Game{{Winner: "p1"}, {Winner: "p1"}, {Winner: "p2"}}}}
	if _, err := BuildTopCut(ev, 4); err == nil {
		t.Fatal("game after the match was decided accepted")
	}
}

// Every documented key of a bracket match is printed every time: undecided
// seeds, score and players are null, games [] and bye false until they apply.
func TestTopCutBracketMatchJSONKeys(t *testing.T) {
	ev := cutEvent()
	ev.TopCut = &TopCut{Rounds: []CutRound{{Number: 1, Matches: []CutMatch{
		{P1: "p05", P2: "p06", Games: []Game{{Winner: "p1"}}},
	}}}}
	b, err := BuildTopCut(ev, 6)
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Rounds []struct {
			Matches []map[string]json.RawMessage `json:"matches"`
		} `json:"rounds"`
	}
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	keys := []string{"match", "seed1", "p1", "seed2", "p2", "bye", "games", "score", "winner", "next_game_chooser"}
	for ri, r := range got.Rounds {
		for mi, m := range r.Matches {
			if len(m) != len(keys) {
				t.Errorf("round %d match %d has %d keys: %s", ri+1, mi+1, len(m), data)
			}
			for _, k := range keys {
				if _, ok := m[k]; !ok {
					t.Errorf("round %d match %d: no %q", ri+1, mi+1, k)
				}
			}
		}
	}
	str := func(r, m int, k string) string { return string(got.Rounds[r].Matches[m][k]) }
	// Round 1 of a top 6 (p02 dropped): 1 v bye, 4 v 5 (p05 v p06, 1-0 so far), 2 v bye, 3 v 6.
	for k, want := range map[string]string{"seed1": "1", "seed2": "null", "p2": "null", "bye": "true", "games": "[]", "score": "null", "winner": `"p01"`} {
		if g := str(0, 0, k); g != want {
			t.Errorf("bye match %s = %s, want %s", k, g, want)
		}
	}
	for k, want := range map[string]string{"seed1": "4", "seed2": "5", "bye": "false", "score": `"1-0"`, "winner": "null", "next_game_chooser": `"p06"`} {
		if g := str(0, 1, k); g != want {
			t.Errorf("match in progress %s = %s, want %s", k, g, want)
		}
	}
	for k, want := range map[string]string{"seed1": "3", "seed2": "6", "bye": "false", "games": "[]", "score": "null", "winner": "null", "next_game_chooser": "null"} {
		if g := str(0, 3, k); g != want {
			t.Errorf("unplayed match %s = %s, want %s", k, g, want)
		}
	}
	// Semifinal 1: seed 1 against the undecided 4 v 5 winner.
	for k, want := range map[string]string{"seed1": "1", "p1": `"p01"`, "seed2": "null", "p2": "null", "bye": "false", "games": "[]", "score": "null"} {
		if g := str(1, 0, k); g != want {
			t.Errorf("semifinal %s = %s, want %s", k, g, want)
		}
	}
	// The final is entirely undecided.
	for _, k := range []string{"seed1", "p1", "seed2", "p2", "score", "winner", "next_game_chooser"} {
		if g := str(2, 0, k); g != "null" {
			t.Errorf("final %s = %s, want null", k, g)
		}
	}
}
