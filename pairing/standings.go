package pairing

import (
	"bytes"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math"
	"math/big"
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
	return "", fileError("unknown-profile", name)
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
	Rank    int
	ID      string
	Name    string
	Points  int
	Wins    int
	Losses  int
	Draws   int
	Dropped bool
	// Day is the day a two-day event's player finished on (2 for those
	// who advanced, 1 for the others); 0 in a one-day event or before
	// the cut.
	Day         int
	Tiebreakers []Tiebreaker
	// Random is the seeded random number used as the last tiebreaker.
	Random uint64
	// sortKeys are the tiebreakers' numerators over one denominator per
	// tiebreaker (the same for every player), so ordering compares integers.
	sortKeys []*big.Int
}

// Tiebreaker is one named tiebreaker value, a fraction from 0 to 1.
// Standings compare Exact, so two players whose percentages are equal are
// tied exactly and fall through to the next tiebreaker, whatever the digits
// a float would have rounded them to. Value is Exact as the nearest float64,
// for display.
type Tiebreaker struct {
	Key   string
	Value float64
	Exact *big.Rat
}

// column holds one exact value per player over a shared denominator:
// player i's value is num[i]/den. Averages over opponents then only add
// integers; a fraction is reduced once, when it becomes a Tiebreaker.
type column struct {
	num []*big.Int
	den *big.Int
}

// newColumn puts vals over their least common denominator.
func newColumn(vals []*big.Rat) column {
	c := column{num: make([]*big.Int, len(vals)), den: big.NewInt(1)}
	for _, v := range vals {
		c.den = lcm(c.den, v.Denom())
	}
	for i, v := range vals {
		n := new(big.Int).Quo(c.den, v.Denom())
		c.num[i] = n.Mul(n, v.Num())
	}
	return c
}

func (c column) tiebreaker(key string, i int) Tiebreaker {
	v := new(big.Rat).SetFrac(c.num[i], c.den)
	f, _ := v.Float64()
	return Tiebreaker{Key: key, Value: f, Exact: v}
}

func lcm(a, b *big.Int) *big.Int {
	g := new(big.Int).GCD(nil, nil, a, b)
	out := new(big.Int).Quo(a, g)
	return out.Mul(out, b)
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
	if s.Day > 0 {
		fmt.Fprintf(&b, `,"day":%d`, s.Day)
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

// Floors and caps of the profiles, as exact fractions. A Pokémon tie counts
// half a win: the only reading that reproduces TOM (docs/tiebreakers.md).
var (
	mtgFloor       = big.NewRat(33, 100)
	bandaiFloor    = big.NewRat(33, 100)
	pokemonFloor   = big.NewRat(1, 4)
	pokemonDropCap = big.NewRat(3, 4)
	pokemonFullCap = big.NewRat(1, 1)
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
	st := h.standings(profile)
	if ev.Day2Started() {
		st = twoDayStandings(ev, st, profile)
	}
	return st, nil
}

func (h *history) standings(profile string) []Standing {
	n := len(h.players)
	out := make([]Standing, n)
	for i, t := range h.players {
		out[i] = Standing{ID: t.id, Name: t.name, Points: t.points, Wins: t.wins, Losses: t.losses,
			Draws: t.draws, Dropped: t.dropped, Random: t.random}
	}
	switch profile {
	case ProfileBandai:
		own := make([]*big.Rat, n)
		for i, t := range h.players {
			// Byes left out; missed rounds are played losses.
			own[i] = ratio(t.playedPoints, h.pts.Win*(t.played+t.missed), bandaiFloor)
		}
		omw := h.opponentAverage(newColumn(own))
		oomw := h.opponentAverage(omw)
		for i := range out {
			out[i].Tiebreakers = []Tiebreaker{omw.tiebreaker("omw", i), oomw.tiebreaker("oomw", i)}
			out[i].sortKeys = []*big.Int{omw.num[i], oomw.num[i]}
		}
	case ProfilePokemon:
		own := make([]*big.Rat, n)
		for i, t := range h.players {
			// Byes out of numerator and denominator; dropped players capped.
			limit := pokemonFullCap
			if t.dropped {
				limit = pokemonDropCap
			}
			rounds := t.played + t.missed
			v := new(big.Rat).Set(pokemonFloor)
			if rounds > 0 {
				// A tie counts half a win: (2 wins + ties) / (2 rounds).
				v.SetFrac64(int64(2*t.playedWins+t.playedDraws), int64(2*rounds))
			}
			own[i] = minRat(limit, maxRat(pokemonFloor, v))
		}
		owp := h.opponentAverage(newColumn(own))
		oowp := h.opponentAverage(owp)
		for i := range out {
			out[i].Tiebreakers = []Tiebreaker{owp.tiebreaker("owp", i), oowp.tiebreaker("oowp", i)}
			out[i].sortKeys = []*big.Int{owp.num[i], oowp.num[i]}
		}
	case ProfileMTG:
		mw := make([]*big.Rat, n)
		gw := make([]*big.Rat, n)
		for i, t := range h.players {
			rounds := t.played + t.missed + t.byes
			mw[i] = ratio(t.points, h.pts.Win*rounds, mtgFloor)
			gw[i] = ratio(t.gamePoints+t.byeGamePoints, 3*(t.gamesPlayed+2*t.byes), mtgFloor)
		}
		gwc := newColumn(gw)
		omw := h.opponentAverage(newColumn(mw))
		ogw := h.opponentAverage(gwc)
		for i := range out {
			out[i].Tiebreakers = []Tiebreaker{omw.tiebreaker("omw", i), gwc.tiebreaker("gw", i), ogw.tiebreaker("ogw", i)}
			out[i].sortKeys = []*big.Int{omw.num[i], gwc.num[i], ogw.num[i]}
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
	if c := cmpTiebreakers(a, b); c != 0 {
		return c > 0
	}
	if a.Random != b.Random {
		return a.Random < b.Random
	}
	return a.ID < b.ID
}

// cmpTiebreakers compares two players' tiebreakers in order, exactly: -1
// when a's are lower, 1 when higher, 0 when every one is equal.
func cmpTiebreakers(a, b Standing) int {
	if len(a.sortKeys) == len(a.Tiebreakers) && len(b.sortKeys) == len(b.Tiebreakers) {
		for k := range a.sortKeys {
			if c := a.sortKeys[k].Cmp(b.sortKeys[k]); c != 0 {
				return c
			}
		}
		return 0
	}
	for k := range a.Tiebreakers {
		if c := a.Tiebreakers[k].Exact.Cmp(b.Tiebreakers[k].Exact); c != 0 {
			return c
		}
	}
	return 0
}

// headToHead reorders exactly-two-way ties (same points and tiebreakers) by
// the result of their last match against each other (Pokémon §5.5.1.1).
func (h *history) headToHead(out []Standing, order []int) {
	same := func(a, b Standing) bool {
		if a.Points != b.Points {
			return false
		}
		return cmpTiebreakers(a, b) == 0
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

// ratio is num/den, at least floor; floor when den is 0.
func ratio(num, den int, floor *big.Rat) *big.Rat {
	if den <= 0 {
		return floor
	}
	return maxRat(floor, big.NewRat(int64(num), int64(den)))
}

func maxRat(a, b *big.Rat) *big.Rat {
	if a.Cmp(b) >= 0 {
		return a
	}
	return b
}

func minRat(a, b *big.Rat) *big.Rat {
	if a.Cmp(b) <= 0 {
		return a
	}
	return b
}

// opponentAverage averages a column over each player's opponents (one term
// per match; byes have no opponent), exactly: with L the least common
// multiple of the opponent counts, player i's average is
// (L/k_i · Σ num[o]) / (L · den). No opponents gives 0.
func (h *history) opponentAverage(c column) column {
	l := big.NewInt(1)
	seen := map[int]bool{}
	for _, t := range h.players {
		if k := len(t.opponents); k > 0 && !seen[k] {
			seen[k] = true
			l = lcm(l, big.NewInt(int64(k)))
		}
	}
	out := column{num: make([]*big.Int, len(h.players)), den: new(big.Int).Mul(c.den, l)}
	scale := new(big.Int)
	for i, t := range h.players {
		sum := new(big.Int)
		out.num[i] = sum
		if len(t.opponents) == 0 {
			continue
		}
		for _, o := range t.opponents {
			sum.Add(sum, c.num[o])
		}
		sum.Mul(sum, scale.Quo(l, scale.SetInt64(int64(len(t.opponents)))))
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
