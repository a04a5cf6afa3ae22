package pairing

import (
	"bytes"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math"
	"sort"
	"strconv"
)

// Tiebreaker profile names.
const (
	ProfileBandai  = "bandai"
	ProfilePokemon = "pokemon"
	ProfileMTG     = "mtg"
)

// Profiles lists the supported tiebreaker profiles, default first.
var Profiles = []string{ProfileBandai, ProfilePokemon, ProfileMTG}

// ProfileByName checks a profile name; "" means the default (bandai).
func ProfileByName(name string) (string, error) {
	switch name {
	case "":
		return ProfileBandai, nil
	case ProfileBandai, ProfilePokemon, ProfileMTG:
		return name, nil
	}
	return "", fmt.Errorf("unknown tiebreaker profile %q (use bandai, pokemon or mtg)", name)
}

// TiebreakerKeys lists a profile's tiebreakers in the order they rank
// players (the keys of Standing.Tiebreakers); "" means the default profile.
func TiebreakerKeys(profile string) []string {
	switch profile {
	case ProfilePokemon:
		return []string{"owp", "oowp"}
	case ProfileMTG:
		return []string{"omw", "gw", "ogw"}
	}
	return []string{"omw", "oomw"}
}

// Standing is one line of the standings.
type Standing struct {
	Rank        int
	ID          string
	Name        string
	Points      int
	Wins        int
	Losses      int
	Draws       int
	Dropped     bool
	Tiebreakers []Tiebreaker
	// Random is the seeded random number used as the last tiebreaker.
	Random uint64
}

// Tiebreaker is one named tiebreaker value (a fraction from 0 to 1).
type Tiebreaker struct {
	Key   string
	Value float64
}

// Record is "wins-losses-draws"; byes count as wins and rounds missed by a
// late entry as losses.
func (s Standing) Record() string {
	return fmt.Sprintf("%d-%d-%d", s.Wins, s.Losses, s.Draws)
}

// Tiebreaker returns the value for key, or 0.
func (s Standing) Tiebreaker(key string) float64 {
	for _, t := range s.Tiebreakers {
		if t.Key == key {
			return t.Value
		}
	}
	return 0
}

// MarshalJSON writes the line as the command line prints it, tiebreakers in
// profile order and rounded to four decimals.
func (s Standing) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(`{"rank":`)
	b.WriteString(strconv.Itoa(s.Rank))
	b.WriteString(`,"id":`)
	id, _ := json.Marshal(s.ID)
	b.Write(id)
	if s.Name != "" {
		name, _ := json.Marshal(s.Name)
		b.WriteString(`,"name":`)
		b.Write(name)
	}
	fmt.Fprintf(&b, `,"points":%d,"record":%q`, s.Points, s.Record())
	if s.Dropped {
		b.WriteString(`,"dropped":true`)
	}
	b.WriteString(`,"tiebreakers":{`)
	for i, t := range s.Tiebreakers {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%q:%s", t.Key, strconv.FormatFloat(round4(t.Value), 'f', -1, 64))
	}
	b.WriteString("}}")
	return b.Bytes(), nil
}

func round4(x float64) float64 { return math.Round(x*10000) / 10000 }

// Floors and caps of the profiles.
const (
	mtgFloor        = 0.33
	bandaiFloor     = 0.33
	pokemonFloor    = 0.25
	pokemonDropCap  = 0.75
	pokemonFullCap  = 1.0
	pokemonTieValue = 0.5 // a tie counts half a win: the only reading that reproduces TOM (docs/tiebreakers.md)
)

// Standings ranks every player (dropped ones included) with the given
// profile ("" = the event's profile, or bandai).
func Standings(ev *Event, profile string) ([]Standing, error) {
	if profile == "" {
		profile = ev.Tiebreakers
	}
	profile, err := ProfileByName(profile)
	if err != nil {
		return nil, err
	}
	h := newHistory(ev)
	return h.standings(profile), nil
}

func (h *history) standings(profile string) []Standing {
	n := len(h.players)
	out := make([]Standing, n)
	for i, t := range h.players {
		out[i] = Standing{ID: t.id, Name: t.name, Points: t.points, Wins: t.wins, Losses: t.losses,
			Draws: t.draws, Dropped: t.dropped, Random: seededRandom(h.ev.Seed, t.id)}
	}
	switch profile {
	case ProfileBandai:
		own := make([]float64, n)
		for i, t := range h.players {
			// Byes left out; missed rounds are played losses.
			own[i] = ratio(float64(t.playedPoints), float64(h.pts.Win*(t.played+t.missed)), bandaiFloor)
		}
		omw := h.opponentAverage(own)
		oomw := h.opponentAverage(omw)
		for i := range out {
			out[i].Tiebreakers = []Tiebreaker{{"omw", omw[i]}, {"oomw", oomw[i]}}
		}
	case ProfilePokemon:
		own := make([]float64, n)
		for i, t := range h.players {
			// Byes out of numerator and denominator; dropped players capped.
			limit := pokemonFullCap
			if t.dropped {
				limit = pokemonDropCap
			}
			rounds := t.played + t.missed
			v := pokemonFloor
			if rounds > 0 {
				v = (float64(t.playedWins) + pokemonTieValue*float64(t.playedDraws)) / float64(rounds)
			}
			own[i] = math.Min(limit, math.Max(pokemonFloor, v))
		}
		owp := h.opponentAverage(own)
		oowp := h.opponentAverage(owp)
		for i := range out {
			out[i].Tiebreakers = []Tiebreaker{{"owp", owp[i]}, {"oowp", oowp[i]}}
		}
	case ProfileMTG:
		mw := make([]float64, n)
		gw := make([]float64, n)
		for i, t := range h.players {
			rounds := t.played + t.missed + t.byes
			mw[i] = ratio(float64(t.points), float64(h.pts.Win*rounds), mtgFloor)
			gw[i] = ratio(float64(t.gamePoints+t.byeGamePoints), float64(3*(t.gamesPlayed+2*t.byes)), mtgFloor)
		}
		omw := h.opponentAverage(mw)
		ogw := h.opponentAverage(gw)
		for i := range out {
			out[i].Tiebreakers = []Tiebreaker{{"omw", omw[i]}, {"gw", gw[i]}, {"ogw", ogw[i]}}
		}
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return h.before(out[order[a]], out[order[b]]) })
	if profile == ProfilePokemon {
		h.headToHead(out, order)
	}
	sorted := make([]Standing, n)
	for r, i := range order {
		sorted[r] = out[i]
		sorted[r].Rank = r + 1
	}
	return sorted
}

// before orders by points, then each tiebreaker, then the seeded random.
func (h *history) before(a, b Standing) bool {
	if a.Points != b.Points {
		return a.Points > b.Points
	}
	for k := range a.Tiebreakers {
		if a.Tiebreakers[k].Value != b.Tiebreakers[k].Value {
			return a.Tiebreakers[k].Value > b.Tiebreakers[k].Value
		}
	}
	if a.Random != b.Random {
		return a.Random < b.Random
	}
	return a.ID < b.ID
}

// headToHead reorders exactly-two-way ties (same points and tiebreakers) by
// the result of their last match against each other (Pokémon §5.5.1.1).
func (h *history) headToHead(out []Standing, order []int) {
	same := func(a, b Standing) bool {
		if a.Points != b.Points {
			return false
		}
		for k := range a.Tiebreakers {
			if a.Tiebreakers[k].Value != b.Tiebreakers[k].Value {
				return false
			}
		}
		return true
	}
	for i := 0; i+1 < len(order); {
		j := i + 1
		for j < len(order) && same(out[order[i]], out[order[j]]) {
			j++
		}
		if j-i == 2 {
			a, b := order[i], order[i+1]
			if h.beat(b, a) {
				order[i], order[i+1] = b, a
			}
		}
		i = j
	}
}

// beat reports whether player a won more of their matches against b than
// b won against a (usually they met once).
func (h *history) beat(a, b int) bool {
	score := 0
	for _, r := range h.ev.Rounds {
		for _, m := range r.Matches {
			if m.P2 == nil {
				continue
			}
			x, y := h.index[m.P1], h.index[*m.P2]
			switch {
			case x == a && y == b && m.Result == ResultP1, x == b && y == a && m.Result == ResultP2:
				score++
			case x == a && y == b && m.Result == ResultP2, x == b && y == a && m.Result == ResultP1:
				score--
			}
		}
	}
	return score > 0
}

func ratio(num, den, floor float64) float64 {
	if den <= 0 {
		return floor
	}
	return math.Max(floor, num/den)
}

// opponentAverage averages vals over each player's opponents (one term per
// match; byes have no opponent). No opponents gives 0.
func (h *history) opponentAverage(vals []float64) []float64 {
	out := make([]float64, len(h.players))
	for i, t := range h.players {
		if len(t.opponents) == 0 {
			continue
		}
		sum := 0.0
		for _, o := range t.opponents {
			sum += vals[o]
		}
		out[i] = sum / float64(len(t.opponents))
	}
	return out
}

// seededRandom gives each player a reproducible random number for the event.
func seededRandom(seed uint64, id string) uint64 {
	f := fnv.New64a()
	f.Write([]byte(id))
	return splitmix(seed ^ f.Sum64())
}

func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}
