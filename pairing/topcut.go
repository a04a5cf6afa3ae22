package pairing

import (
	"encoding/json"
	"fmt"
	"math/bits"
)

// TopCut holds the single-elimination results in the event file. Matches are
// found by their two players; the bracket itself is always rebuilt from the
// Swiss standings.
type TopCut struct {
	Size   int        `json:"size,omitempty"`
	Rounds []CutRound `json:"rounds,omitempty"`
}

// CutRound is one round of the top cut.
type CutRound struct {
	Number  int        `json:"number"`
	Matches []CutMatch `json:"matches"`
}

// CutMatch is a best-of-three match, game by game.
type CutMatch struct {
	P1    string `json:"p1"`
	P2    string `json:"p2"`
	Games []Game `json:"games"`
}

// Game is one game: its winner ("p1", "p2" or "draw") and, optionally, who
// played first ("p1" or "p2").
type Game struct {
	Winner string `json:"winner"`
	First  string `json:"first,omitempty"`
}

func (tc *TopCut) validate(ids map[string]bool) error {
	if tc.Size < 0 {
		return fileError("cut-size-negative")
	}
	for ri, r := range tc.Rounds {
		if r.Number != ri+1 {
			return fileError("cut-round-order", r.Number)
		}
		for mi, m := range r.Matches {
			for _, id := range []string{m.P1, m.P2} {
				if !ids[id] {
					return fileError("cut-unknown-player", r.Number, mi+1, id)
				}
			}
			if m.P1 == m.P2 {
				return fileError("cut-paired-self", r.Number, mi+1, m.P1)
			}
			for gi, g := range m.Games {
				if g.Winner != ResultP1 && g.Winner != ResultP2 && g.Winner != ResultDraw {
					return fileError("cut-game-winner", r.Number, mi+1, gi+1, g.Winner)
				}
				if g.First != "" && g.First != ResultP1 && g.First != ResultP2 {
					return fileError("cut-game-first", r.Number, mi+1, gi+1, g.First)
				}
			}
		}
	}
	return nil
}

// Recommend gives the Swiss rounds and top-cut size for an attendance, from
// the Bandai template table (docs/pairing.md). Organisers may override both.
func Recommend(players int) (rounds, cut int) {
	switch {
	case players < 2:
		rounds = 0
	case players <= 8:
		rounds = 3
	case players <= 16:
		rounds = 4
	case players <= 32:
		rounds = 5
	case players <= 64:
		rounds = 6
	case players <= 128:
		rounds = 7
	case players <= 226:
		rounds = 8
	case players <= 409:
		rounds = 9
	default:
		rounds = 10
	}
	switch {
	case players < 16:
		cut = 0
	case players < 32:
		cut = 4
	case players < 128:
		cut = 8
	default:
		cut = 16
	}
	return rounds, cut
}

// Bracket is the top cut: seeds from the Swiss standings and every match
// known so far.
type Bracket struct {
	Size     int            `json:"size"`
	Seeds    []Seed         `json:"seeds"`
	Rounds   []BracketRound `json:"rounds"`
	Champion *string        `json:"champion"`
}

// Seed is one player in the cut.
type Seed struct {
	Seed   int    `json:"seed"`
	ID     string `json:"id"`
	Points int    `json:"points"`
	Record string `json:"record"`
}

// BracketRound is one elimination round.
type BracketRound struct {
	Number  int            `json:"number"`
	Name    string         `json:"name"`
	Matches []BracketMatch `json:"matches"`
}

// BracketMatch is one slot of the bracket. A nil player is not decided yet
// (Seed1/Seed2 are then 0); Bye marks a top seed advancing without a match.
// Score is "" until the match is reported. MarshalJSON prints every key.
type BracketMatch struct {
	Match  int           `json:"match"`
	Seed1  int           `json:"seed1"`
	P1     *string       `json:"p1"`
	Seed2  int           `json:"seed2"`
	P2     *string       `json:"p2"`
	Bye    bool          `json:"bye"`
	Games  []BracketGame `json:"games"`
	Score  string        `json:"score"`
	Winner *string       `json:"winner"`
	// NextChooser is the loser of the last game, who chooses who goes first
	// in the next one; nil before game 1 (decided at random) or once decided.
	NextChooser *string `json:"next_game_chooser"`
}

// MarshalJSON writes the match as `tenkaichi topcut` prints it
// (docs/event-file.md): every key every time, with null for a seed, player
// or score not known yet, "bye": false for a real match and "games": [] until
// a game is reported.
func (m BracketMatch) MarshalJSON() ([]byte, error) {
	orNull := func(n int) *int {
		if n == 0 {
			return nil
		}
		return &n
	}
	out := struct {
		Match       int           `json:"match"`
		Seed1       *int          `json:"seed1"`
		P1          *string       `json:"p1"`
		Seed2       *int          `json:"seed2"`
		P2          *string       `json:"p2"`
		Bye         bool          `json:"bye"`
		Games       []BracketGame `json:"games"`
		Score       *string       `json:"score"`
		Winner      *string       `json:"winner"`
		NextChooser *string       `json:"next_game_chooser"`
	}{Match: m.Match, Seed1: orNull(m.Seed1), P1: m.P1, Seed2: orNull(m.Seed2), P2: m.P2, Bye: m.Bye,
		Games: m.Games, Winner: m.Winner, NextChooser: m.NextChooser}
	if out.Games == nil {
		out.Games = []BracketGame{}
	}
	if m.Score != "" {
		out.Score = &m.Score
	}
	return json.Marshal(out)
}

// BracketGame is a reported game with the player who chose who went first.
type BracketGame struct {
	Winner   string  `json:"winner"`
	First    string  `json:"first,omitempty"`
	ChosenBy *string `json:"chosen_by"`
}

// SeedOrder lists the seeds of a bracket of size n (a power of two) in slot
// order, so that slot pairs are 1 v n, n/2 v n/2+1, … and the top seeds meet
// as late as possible: 8 gives 1 8 4 5 2 7 3 6.
func SeedOrder(n int) []int {
	order := []int{1}
	for len(order) < n {
		m := 2 * len(order)
		next := make([]int, 0, m)
		for _, s := range order {
			next = append(next, s, m+1-s)
		}
		order = next
	}
	return order
}

// BuildTopCut seeds the top `size` players who have not dropped (0 = the
// recommended size for the attendance) and applies the results in the event.
func BuildTopCut(ev *Event, size int) (*Bracket, error) {
	st, err := Standings(ev, "")
	if err != nil {
		return nil, err
	}
	if size, err = cutSize(ev, size); err != nil {
		return nil, err
	}
	var seeds []Seed
	for _, s := range st {
		if s.Dropped {
			continue // dropped players get no final placing
		}
		if len(seeds) < size {
			seeds = append(seeds, Seed{Seed: len(seeds) + 1, ID: s.ID, Points: s.Points, Record: s.Record()})
		}
	}
	if len(seeds) < size {
		return nil, inputError(0, 0, 0, "cut-too-few-left", size, len(seeds))
	}
	full := 1 << bits.Len(uint(size-1))
	b := &Bracket{Size: size, Seeds: seeds}
	res := cutResultsOf(ev)
	// slot holds the seed index (0-based) in each position, -2 for a bye
	// and -1 for an undecided winner.
	slots := make([]int, full)
	for i, s := range SeedOrder(full) {
		if s <= size {
			slots[i] = s - 1
		} else {
			slots[i] = -2 // bye
		}
	}
	nRounds := bits.Len(uint(full)) - 1
	for r := 1; r <= nRounds; r++ {
		br, next, err := res.playRound(r, slots, seeds)
		if err != nil {
			return nil, err
		}
		b.Rounds = append(b.Rounds, br)
		slots = next
	}
	if slots[0] >= 0 {
		b.Champion = &seeds[slots[0]].ID
	}
	if err := res.allUsed(); err != nil {
		return nil, err
	}
	return b, nil
}

// cutSize is the top cut's size: size, else the event's, else the
// recommended one for its attendance; at least 2.
func cutSize(ev *Event, size int) (int, error) {
	if size == 0 && ev.TopCut != nil {
		size = ev.TopCut.Size
	}
	if size == 0 {
		_, size = Recommend(len(ev.Players))
		if size == 0 {
			return 0, inputError(0, 0, 0, "cut-no-size", len(ev.Players))
		}
	}
	if size < 2 {
		return 0, inputError(0, 0, 0, "cut-too-small")
	}
	return size, nil
}

// pairKey is an unordered pair of players.
type pairKey struct{ a, b string }

func pairOf(x, y string) pairKey { return pairKey{min(x, y), max(x, y)} }

// cutResults are the top cut matches an event reports, by pair, where the
// file has each (round and match, 1-based), and which the bracket used.
type cutResults struct {
	reported map[pairKey]CutMatch
	where    map[pairKey][2]int
	used     map[pairKey]bool
}

func cutResultsOf(ev *Event) *cutResults {
	res := &cutResults{reported: map[pairKey]CutMatch{}, where: map[pairKey][2]int{}, used: map[pairKey]bool{}}
	if ev.TopCut != nil {
		for ri, r := range ev.TopCut.Rounds {
			for mi, m := range r.Matches {
				k := pairOf(m.P1, m.P2)
				res.reported[k] = m
				res.where[k] = [2]int{ri + 1, mi + 1}
			}
		}
	}
	return res
}

// playRound is bracket round r between the seeds (by index) in slots:
// its matches, and the winners' slots of the next round (-1 undecided).
func (res *cutResults) playRound(r int, slots []int, seeds []Seed) (BracketRound, []int, error) {
	br := BracketRound{Number: r, Name: roundName(len(slots))}
	next := make([]int, len(slots)/2)
	for i := 0; i < len(slots); i += 2 {
		bm := BracketMatch{Match: i/2 + 1}
		x, y := slots[i], slots[i+1]
		set := func(idx int, p **string, seed *int) {
			if idx >= 0 {
				id := seeds[idx].ID
				*p, *seed = &id, idx+1
			}
		}
		set(x, &bm.P1, &bm.Seed1)
		set(y, &bm.P2, &bm.Seed2)
		switch {
		case x >= 0 && y == -2:
			bm.Bye, bm.Winner, next[i/2] = true, bm.P1, x
		case y >= 0 && x == -2:
			bm.Bye, bm.Winner, next[i/2] = true, bm.P2, y
		case x >= 0 && y >= 0:
			w, err := res.apply(&bm)
			if err != nil {
				return br, nil, err
			}
			next[i/2] = [3]int{-1, x, y}[w]
		default:
			next[i/2] = -1
		}
		br.Matches = append(br.Matches, bm)
	}
	return br, next, nil
}

// apply records the reported result of a match between two players: the
// winner's slot (1 or 2), 0 while undecided.
func (res *cutResults) apply(bm *BracketMatch) (int, error) {
	k := pairOf(*bm.P1, *bm.P2)
	m, ok := res.reported[k]
	if !ok {
		return 0, nil
	}
	res.used[k] = true
	return applyGames(bm, m, m.P1 != *bm.P1, res.where[k])
}

// allUsed refuses a reported match that is not one of the bracket's.
func (res *cutResults) allUsed() error {
	for k := range res.reported {
		if !res.used[k] {
			w := res.where[k]
			return &InputError{Msg: fmt.Sprintf("top cut round %d, match %d: %s v %s is not a match of this bracket", w[0], w[1], k.a, k.b)}
		}
	}
	return nil
}

// applyGames records a best-of-three; it returns 1 or 2 for the winning slot,
// 0 while undecided. flip means the file lists the players the other way.
func applyGames(bm *BracketMatch, m CutMatch, flip bool, at [2]int) (int, error) {
	side := func(s string) string {
		if !flip {
			return s
		}
		switch s {
		case ResultP1:
			return ResultP2
		case ResultP2:
			return ResultP1
		}
		return s
	}
	w1, w2 := 0, 0
	var chooser *string
	for gi, g := range m.Games {
		if w1 == 2 || w2 == 2 {
			return 0, &InputError{Msg: fmt.Sprintf("top cut round %d, match %d: game %d was reported after the match was decided", at[0], at[1], gi+1)}
		}
		bg := BracketGame{Winner: side(g.Winner), First: side(g.First), ChosenBy: chooser}
		switch bg.Winner {
		case ResultP1:
			w1++
			chooser = bm.P2
		case ResultP2:
			w2++
			chooser = bm.P1
		default:
			chooser = nil // after a drawn game the choice is random again
		}
		bm.Games = append(bm.Games, bg)
	}
	bm.Score = fmt.Sprintf("%d-%d", w1, w2)
	switch {
	case w1 == 2:
		bm.Winner = bm.P1
		return 1, nil
	case w2 == 2:
		bm.Winner = bm.P2
		return 2, nil
	}
	bm.NextChooser = chooser
	return 0, nil
}

func roundName(slots int) string {
	switch slots {
	case 2:
		return "Final"
	case 4:
		return "Semifinals"
	case 8:
		return "Quarterfinals"
	}
	return fmt.Sprintf("Top %d", slots)
}
