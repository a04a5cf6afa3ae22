package pairing

import (
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

var dataDir = filepath.Join("..", "testdata", "tournaments")

func needData(t *testing.T) {
	t.Helper()
	if _, err := os.Stat(dataDir); err != nil {
		t.Skipf("real tournament data not present (%s)", dataDir)
	}
}

// tomFile is the part of a Pokémon TOM export we read.
type tomFile struct {
	Players []struct {
		ID      string `xml:"userid,attr"`
		Dropped *struct {
			Round int `xml:"round"`
		} `xml:"dropped"`
	} `xml:"players>player"`
	Rounds []struct {
		Number  int `xml:"number,attr"`
		Matches []struct {
			Outcome int `xml:"outcome,attr"`
			P1      struct {
				ID string `xml:"userid,attr"`
			} `xml:"player1"`
			P2 struct {
				ID string `xml:"userid,attr"`
			} `xml:"player2"`
			Bye struct {
				ID string `xml:"userid,attr"`
			} `xml:"player"`
			Table int `xml:"tablenumber"`
		} `xml:"matches>match"`
	} `xml:"pods>pod>rounds>round"`
	Standings []struct {
		Category string `xml:"category,attr"`
		Type     string `xml:"type,attr"`
		Players  []struct {
			ID    string `xml:"id,attr"`
			Place int    `xml:"place,attr"`
		} `xml:"player"`
	} `xml:"standings>pod"`
}

// loadTOM converts a TOM export into an event and returns the official
// order per division.
func loadTOM(t *testing.T, name string) (*Event, [][]string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dataDir, name))
	if err != nil {
		t.Fatal(err)
	}
	var f tomFile
	if err := xml.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	dropped := map[string]bool{}
	for _, p := range f.Players {
		if p.Dropped != nil {
			dropped[p.ID] = true
		}
	}
	ev := &Event{Seed: 1, Tiebreakers: ProfilePokemon, Rounds: []Round{}}
	var official [][]string
	for _, pod := range f.Standings {
		if pod.Type != "finished" {
			continue
		}
		var order []string
		for _, p := range pod.Players {
			order = append(order, p.ID)
			ev.Players = append(ev.Players, Player{ID: p.ID, Dropped: dropped[p.ID]})
		}
		official = append(official, order)
	}
	for _, r := range f.Rounds {
		round := Round{Number: r.Number, Matches: []Match{}}
		for _, m := range r.Matches {
			switch m.Outcome {
			case 5:
				round.Matches = append(round.Matches, Match{P1: m.Bye.ID, Result: ResultBye})
			case 1, 2, 3:
				res := map[int]string{1: ResultP1, 2: ResultP2, 3: ResultDraw}[m.Outcome]
				round.Matches = append(round.Matches, Match{Table: m.Table, P1: m.P1.ID, P2: sp(m.P2.ID), Result: res})
			default:
				t.Fatalf("round %d: outcome %d", r.Number, m.Outcome)
			}
		}
		ev.Rounds = append(ev.Rounds, round)
	}
	if err := ev.Validate(); err != nil {
		t.Fatal(err)
	}
	return ev, official
}

// TOM's official order must match ours for every player who did not drop
// (TOM places dropped players in a way no known formula reproduces; see
// the data README).
func TestPokemonStandingsMatchTOM(t *testing.T) {
	needData(t)
	for _, name := range []string{"round-rock-summer-2026-06-20.xml", "cg-league-night-2026-07-28.xml"} {
		t.Run(name, func(t *testing.T) {
			ev, official := loadTOM(t, name)
			st, err := Standings(ev, ProfilePokemon)
			if err != nil {
				t.Fatal(err)
			}
			dropped := map[string]bool{}
			for _, p := range ev.Players {
				dropped[p.ID] = p.Dropped
			}
			for _, div := range official {
				var want, got []string
				for _, id := range div {
					if !dropped[id] {
						want = append(want, id)
					}
				}
				for _, s := range st {
					if slices.Contains(want, s.ID) {
						got = append(got, s.ID)
					}
				}
				if fmt.Sprint(got) != fmt.Sprint(want) {
					for _, s := range st {
						t.Logf("%2d %-8s %d %s %v", s.Rank, s.ID, s.Points, s.Record(), s.Tiebreakers)
					}
					t.Fatalf("order\n got %v\nwant %v", got, want)
				}
			}
		})
	}
}

// loadMelbourne reads the Melbourne Regional 2024 Masters fixture
// (testdata/tournaments/melbourne-2024-masters.txt; see the README there):
// rounds 1 to upTo, players named by their official final placing.
func loadMelbourne(t *testing.T, upTo int) *Event {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dataDir, "melbourne-2024-masters.txt"))
	if err != nil {
		t.Fatal(err)
	}
	ev := &Event{Seed: 1, Tiebreakers: ProfilePokemon, Rounds: []Round{}}
	dropped := map[string]bool{}
	players := 0
	for i, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if rest, ok := strings.CutPrefix(line, "# dropped: "); ok {
			for _, id := range strings.Fields(rest) {
				dropped[id] = true
			}
			continue
		}
		if rest, ok := strings.CutPrefix(line, "# players: "); ok {
			players, _ = strconv.Atoi(strings.TrimRight(strings.Fields(rest)[0], ","))
			continue
		}
		if strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 5 {
			t.Fatalf("line %d: %q", i+1, line)
		}
		r, _ := strconv.Atoi(f[0])
		table, _ := strconv.Atoi(f[1])
		if r > upTo {
			continue
		}
		for len(ev.Rounds) < r {
			ev.Rounds = append(ev.Rounds, Round{Number: len(ev.Rounds) + 1, Matches: []Match{}})
		}
		m := Match{Table: table, P1: f[2]}
		switch f[4] {
		case "bye":
			m.Result = ResultBye
		case "-": // paired, no result published: standings ignore it
			m.P2 = sp(f[3])
		default:
			m.P2, m.Result = sp(f[3]), f[4]
		}
		ev.Rounds[r-1].Matches = append(ev.Rounds[r-1].Matches, m)
	}
	for i := 1; i <= players; i++ {
		id := strconv.Itoa(i)
		ev.Players = append(ev.Players, Player{ID: id, Dropped: dropped[id]})
	}
	if err := ev.Validate(); err != nil {
		t.Fatal(err)
	}
	return ev
}

// Exact tiebreakers (docs/tiebreakers.md): the day-1 players of the
// Melbourne Regional 2024 (official places 57 to 531, ranked on rounds 1-9)
// come out in the official order. Places 169/170 and 191/192 have the same
// OWP (679/1296, 269/648) but different float64 sums, which used to swap
// them; exactly, they tie and OOWP orders them as Play! Pokémon did.
// Dropped players are left out, as in TestPokemonStandingsMatchTOM. One pair
// differs for a reason that is not arithmetic: 178 and 179 both have OWP 1/2
// and our OOWP puts 179 first (0.4955 against 0.4910), the official order
// 178. The published results do not explain it (two matches of the event
// have no published result; no reading of them reorders the pair without
// breaking another), so it is listed, not hidden.
func TestPokemonStandingsMatchMelbourne2024(t *testing.T) {
	needData(t)
	ev := loadMelbourne(t, 9)
	st, err := Standings(ev, ProfilePokemon)
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]Standing{}
	var got []int
	for _, s := range st {
		byID[s.ID] = s
		id, _ := strconv.Atoi(s.ID)
		if id >= 57 && !s.Dropped {
			got = append(got, id)
		}
	}
	known := map[[2]int]bool{{179, 178}: true} // unexplained, see above
	checked := 0
	for i := 0; i < len(got); i++ {
		if i+1 < len(got) && known[[2]int{got[i], got[i+1]}] {
			i++
			continue
		}
		if i > 0 && got[i] < got[i-1] {
			t.Errorf("official place %d is ranked after %d", got[i], got[i-1])
		}
		checked++
	}
	if checked < 290 { // 298 day-1 players did not drop
		t.Fatalf("only %d players compared", checked)
	}
	for _, pair := range [][2]string{{"169", "170"}, {"191", "192"}} {
		a, b := byID[pair[0]], byID[pair[1]]
		if a.Points != b.Points || a.Tiebreakers[0].Exact.Cmp(b.Tiebreakers[0].Exact) != 0 {
			t.Errorf("%s and %s: want equal points and OWP, got %d %v and %d %v", pair[0], pair[1],
				a.Points, a.Tiebreakers[0].Exact, b.Points, b.Tiebreakers[0].Exact)
		}
		if a.Rank > b.Rank {
			t.Errorf("%s ranked %d, after %s at %d", pair[0], a.Rank, pair[1], b.Rank)
		}
	}
}
