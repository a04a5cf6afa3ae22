package pairing

import (
	"bytes"
	"context"
	"encoding/xml"
	"flag"
	"os"
	"path/filepath"
	"sort"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/round-rock-paired.json from the real data")

// pairedFixture is an event file whose rounds were made by this package's
// pairing, with their records: the real field of the Round Rock Summer
// Tournament 2026 (testdata/tournaments: the 23 players who played, their
// ids and their drops) paired over the recommended 5 Swiss rounds and a
// top 4 (docs/pairing.md, Recommend). A match's result
// is the real one where the two met in the real event, else the player
// ranked higher in the real final standings wins.
const pairedFixture = "testdata/round-rock-paired.json"

func buildRoundRockPaired(t *testing.T) *Event {
	t.Helper()
	real, _ := loadTOM(t, "round-rock-summer-2026-06-20.xml")
	// TOM gives the round a player dropped in: they were paired in it.
	data, err := os.ReadFile(filepath.Join(dataDir, "round-rock-summer-2026-06-20.xml"))
	if err != nil {
		t.Fatal(err)
	}
	var f tomFile
	if err := xml.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	droppedAfter := map[string]int{}
	for _, p := range f.Players {
		if p.Dropped != nil {
			droppedAfter[p.ID] = p.Dropped.Round
		}
	}
	st, err := Standings(real, ProfilePokemon)
	if err != nil {
		t.Fatal(err)
	}
	rank := map[string]int{}
	for _, s := range st {
		rank[s.ID] = s.Rank
	}
	met := map[[2]string]string{} // the real result, from the first player's side
	for _, r := range real.Rounds {
		for _, m := range r.Matches {
			if m.P2 != nil {
				met[[2]string{m.P1, *m.P2}] = m.Result
				met[[2]string{*m.P2, m.P1}] = map[string]string{ResultP1: ResultP2, ResultP2: ResultP1}[m.Result]
				if m.Result == ResultDraw {
					met[[2]string{*m.P2, m.P1}] = ResultDraw
				}
			}
		}
	}
	ids := make([]string, 0, len(real.Players))
	for _, p := range real.Players {
		ids = append(ids, p.ID)
	}
	sort.Strings(ids)
	rounds, cut := Recommend(len(ids))
	ev := &Event{Seed: 20260620, Tiebreakers: ProfilePokemon, Rounds: []Round{}, SwissRounds: rounds}
	for _, id := range ids {
		ev.Players = append(ev.Players, Player{ID: id})
	}
	for r := 1; r <= rounds; r++ {
		for i, p := range ev.Players {
			if d, ok := droppedAfter[p.ID]; ok && d < r {
				ev.Players[i].Dropped, ev.Players[i].DroppedAfter = true, DropsAfter(d)
			}
		}
		pr, err := PairNextRound(ev, PairOptions{})
		if err != nil {
			t.Fatal(err)
		}
		round := Round{Number: r, Matches: []Match{}, Pairing: pr.Record}
		for _, m := range pr.Matches {
			mm := Match{Table: m.Table, P1: m.P1, P2: m.P2, Result: ResultBye}
			if m.P2 != nil {
				mm.Result = met[[2]string{m.P1, *m.P2}]
				if mm.Result == "" && rank[m.P1] < rank[*m.P2] {
					mm.Result = ResultP1
				} else if mm.Result == "" {
					mm.Result = ResultP2
				}
			}
			round.Matches = append(round.Matches, mm)
		}
		ev.Rounds = append(ev.Rounds, round)
	}
	ev.TopCut = &TopCut{Size: cut}
	for {
		br, err := BuildTopCut(ev, 0)
		if err != nil {
			t.Fatal(err)
		}
		next := len(ev.TopCut.Rounds)
		if next == len(br.Rounds) {
			break
		}
		cr := CutRound{Number: next + 1}
		for _, m := range br.Rounds[next].Matches {
			if m.Bye {
				continue
			}
			w := ResultP1
			if rank[*m.P2] < rank[*m.P1] {
				w = ResultP2
			}
			cr.Matches = append(cr.Matches, CutMatch{P1: *m.P1, P2: *m.P2, Games: []Game{{Winner: w}, {Winner: w}}})
		}
		ev.TopCut.Rounds = append(ev.TopCut.Rounds, cr)
	}
	if err := ev.Validate(); err != nil {
		t.Fatal(err)
	}
	return ev
}

// The committed file is what pairing the real field gives today: a change
// to the pairing that alters it must take a new AlgorithmVersion (files
// recorded by the old one are then reported, not wrongly refused), and the
// file is rewritten with go test ./pairing -run TestPairedFixture -update.
func TestPairedFixtureIsTodaysPairing(t *testing.T) {
	needData(t)
	var built bytes.Buffer
	if err := WriteEventFile(&built, buildRoundRockPaired(t)); err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile(pairedFixture, built.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	committed, err := os.ReadFile(pairedFixture)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(committed, built.Bytes()) {
		t.Fatalf("%s is no longer what the pairing gives: if the pairing changed on purpose, bump AlgorithmVersion and rewrite the file with -update", pairedFixture)
	}
	ev, err := ParseEvent(committed)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Verify(context.Background(), ev, VerifyOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.OK() {
		t.Fatalf("the committed file does not verify: %v", rep.Problems())
	}
	for _, rc := range rep.Rounds {
		if !rc.Certified {
			t.Errorf("round %d: its certificate was not checked", rc.Number)
		}
	}
	if len(rep.Rounds) != 5 || rep.TopCut == nil || rep.TopCut.Rounds != 2 {
		t.Errorf("checked %d rounds and top cut %+v", len(rep.Rounds), rep.TopCut)
	}
}
