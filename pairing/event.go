// Package pairing pairs Swiss rounds, computes standings with tiebreakers and
// builds the top-cut bracket. It is pure Go with no storage or web code, so
// the server, the command line and the tests share one implementation.
package pairing

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/tenkaichi-org/tenkaichi/jsonproblem"
)

// Result values of a match.
const (
	ResultP1         = "p1"
	ResultP2         = "p2"
	ResultDraw       = "draw"
	ResultDoubleLoss = "double-loss"
	ResultBye        = "bye"
)

// Event is the event file: players, rounds played so far and settings.
// See docs/event-file.md.
type Event struct {
	Seed        uint64   `json:"seed"`
	Points      *Points  `json:"points,omitempty"`
	Tiebreakers string   `json:"tiebreakers,omitempty"`
	Players     []Player `json:"players"`
	Rounds      []Round  `json:"rounds"`
	// Optional additions.
	ForbiddenPairs [][2]string  `json:"forbidden_pairs,omitempty"`
	Byes           []AwardedBye `json:"byes,omitempty"`
	SwissRounds    int          `json:"swiss_rounds,omitempty"`
	TopCut         *TopCut      `json:"top_cut,omitempty"`
	// TwoDay splits the Swiss rounds over two days with a cut between
	// them (twoday.go); nil for a one-day event.
	TwoDay *TwoDay `json:"two_day,omitempty"`
	// SeedOrder seeds round 1 instead of the random draw: the players,
	// strongest first (by rating, say). Round 1 then pairs the top half of
	// the order against the bottom half, 1st against the first of the
	// bottom half and so on; players not listed come last, in the seeded
	// random order. The bye of an odd field is given as without it.
	SeedOrder []string `json:"seed_order,omitempty"`
	// Tenkaichi is what the server adds to an export (settings, decks,
	// penalties); the pairing tools carry it along and ignore it.
	Tenkaichi json.RawMessage `json:"tenkaichi,omitempty"`
}

// Points are the match points per outcome.
type Points struct {
	Win  int `json:"win"`
	Draw int `json:"draw"`
	Loss int `json:"loss"`
	Bye  int `json:"bye"`
}

// DefaultPoints is 3/1/0 with a bye worth a win.
var DefaultPoints = Points{Win: 3, Draw: 1, Loss: 0, Bye: 3}

// UnmarshalJSON reads a points object in which every field is optional: a
// field left out keeps its default (DefaultPoints), an explicit 0 stays 0.
// Unknown fields are refused like everywhere else in the event file.
func (p *Points) UnmarshalJSON(data []byte) error {
	type plain Points
	v := plain(DefaultPoints)
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&v); err != nil {
		return fmt.Errorf("points: %w", err)
	}
	*p = Points(v)
	return nil
}

// Player is one entrant. EnteredRound > 1 marks a late entry: the rounds
// before it count as losses. DroppedAfter optionally records how many rounds
// a dropped player played (Dropped is what pairing counts; verify checks the
// rounds against it). It is a pointer because 0 is a round: a player who
// dropped before round 1 has 0, while a file without it (written before the
// round was kept, or by hand) does not say when the player dropped.
type Player struct {
	ID           string `json:"id"`
	Name         string `json:"name,omitempty"`
	Dropped      bool   `json:"dropped,omitempty"`
	EnteredRound int    `json:"entered_round,omitempty"`
	DroppedAfter *int   `json:"dropped_after_round,omitempty"`
	// RandomKey is the player's seeded random last tiebreaker (lower ranks
	// first among players tied on everything else), drawn once when the
	// player is registered and kept with them, so a copy of the event (an
	// export imported elsewhere, with new ids) orders them the same. 0: not
	// given; the key is then a hash of the event's seed and the player's id.
	RandomKey uint64 `json:"random_key,omitempty"`
	// Placing is informational: the final place when the file was written
	// (the server's export); nothing here reads it.
	Placing int `json:"placing,omitempty"`
	// Team and Seat place the player in a team event (teams.go): the
	// team's name and the seat "A", "B" or "C". A file in which a player
	// has a team is a team event: its Swiss rounds pair teams.
	Team string `json:"team,omitempty"`
	Seat string `json:"seat,omitempty"`
}

// DroppedAfterRound is how many rounds the file says p played before
// dropping, and whether it says so (see Player.DroppedAfter).
func (p Player) DroppedAfterRound() (int, bool) {
	if p.DroppedAfter == nil {
		return 0, false
	}
	return *p.DroppedAfter, true
}

// DropsAfter returns a DroppedAfter of n rounds.
func DropsAfter(n int) *int { return &n }

// TiebreakKey is p's last tiebreaker in ev: p.RandomKey, or without one a
// hash of the event's seed and p's id (reproducible for a file, but not
// across a change of ids).
func (ev *Event) TiebreakKey(p Player) uint64 {
	if p.RandomKey != 0 {
		return p.RandomKey
	}
	return seededRandom(ev.Seed, p.ID)
}

// Round is one Swiss round.
type Round struct {
	Number  int     `json:"number"`
	Matches []Match `json:"matches"`
	// Pairing optionally records what the round's pairing was computed
	// from and its optimality certificate (record.go); files without it
	// are verified from their seed and earlier rounds alone.
	Pairing *RoundRecord `json:"pairing,omitempty"`
}

// Match is a pairing and (once reported) its result. P2 is nil for a bye.
// Games optionally lists game-by-game winners ("p1", "p2", "draw"), used by
// the mtg game-win tiebreakers.
type Match struct {
	Table  int      `json:"table,omitempty"`
	P1     string   `json:"p1"`
	P2     *string  `json:"p2"`
	Result string   `json:"result,omitempty"`
	Games  []string `json:"games,omitempty"`
}

// AwardedBye is a bye given before pairing (invited players, for example).
type AwardedBye struct {
	Player string `json:"player"`
	Round  int    `json:"round"`
}

// InputError is a problem in the event file. Round and Match (1-based
// position in the round) locate it when it concerns a match.
type InputError struct {
	Round int
	Match int
	Table int
	Msg   string
	// Key is the InputMessages entry Msg was built from and Args its
	// values, so a page can say the problem in its language; empty for a
	// problem only an event file can have.
	Key  string
	Args []any
}

// InputMessages holds, by key, the English of the problems a tournament
// organiser can meet while pairing or starting a top cut (rather than only
// in a hand-written event file): one format string each with indexed verbs.
var InputMessages = map[string]string{
	"no-result":        "no result yet; report every result before pairing the next round",
	"no-active-player": "no active player to pair",
	"too-large":        "too many players or points to pair with 64-bit weights",
	"cut-no-size":      "no top cut is recommended for %[1]d players; give a size",
	"cut-too-small":    "a top cut needs at least 2 players",
	"cut-too-few-left": "top %[1]d needs %[1]d players who have not dropped; there are %[2]d",
	"day2-too-few":     "a cut into day 2 needs at least 2 players; this one lets %[1]d through",
}

// EventFileMessages holds, by key, the English of the problems only an
// event file written or edited by hand can have (the server's pages never
// produce them): one format string each with indexed verbs. A JSON
// problem (not JSON, a field the file may not have, a value of the wrong
// kind) is the *jsonproblem.Problem in "not-valid".
var EventFileMessages = map[string]string{
	"not-valid":           "event file is not valid: %[1]v",
	"players-missing":     `"players" is missing`,
	"rounds-missing":      `"rounds" is missing`,
	"points-negative":     "points must not be negative",
	"points-too-large":    "points above 1000 are not supported",
	"unknown-profile":     "unknown tiebreaker profile %[1]q (use bandai, pokemon or mtg)",
	"player-no-id":        "player %[1]d has no id",
	"player-twice":        "player id %[1]q is listed twice",
	"entered-round":       "player %[1]q: entered_round must be 1 or more",
	"round-order":         "rounds must be numbered 1, 2, 3… in order; expected round %[1]d here",
	"table-negative":      "table number must be positive",
	"table-twice":         "table %[1]d is also used by match %[2]d",
	"player-empty":        "a player id is empty",
	"unknown-player":      "unknown player %[1]q",
	"paired-self":         "player %[1]q is paired against themselves",
	"paired-twice":        "player %[1]q is also in match %[2]d of this round",
	"not-entered":         "player %[1]q entered in round %[2]d but plays in round %[3]d",
	"bye-result":          `a bye has no opponent, so its result must be "bye", not %[1]q`,
	"bye-with-opponent":   `result "bye" given for a match between %[1]q and %[2]q`,
	"unknown-result":      "result %[1]q is not one of p1, p2, draw, double-loss, bye",
	"bye-games":           "a bye has no games",
	"unknown-game-result": "game %[1]d: %[2]q is not one of p1, p2, draw",
	"games-disagree":      "result %[1]q does not match the games (p1 won %[2]d, p2 won %[3]d)",
	"forbidden-unknown":   "forbidden pair %[1]d: unknown player %[2]q",
	"forbidden-same":      "forbidden pair %[1]d names %[2]q twice",
	"bye-unknown":         "awarded bye %[1]d: unknown player %[2]q",
	"bye-round":           "awarded bye %[1]d: round must be 1 or more",
	"bye-twice":           "awarded bye %[1]d: %[2]q already has a bye in round %[3]d",
	"bye-paired":          "player %[1]q has an awarded bye this round but is paired",
	"cut-size-negative":   "top_cut size must not be negative",
	"cut-round-order":     "top cut round %[1]d: rounds must be numbered 1, 2, 3… in order",
	"cut-unknown-player":  "top cut round %[1]d, match %[2]d: unknown player %[3]q",
	"cut-paired-self":     "top cut round %[1]d, match %[2]d: player %[3]q is paired against themselves",
	"cut-game-winner":     "top cut round %[1]d, match %[2]d: game %[3]d: winner %[4]q is not one of p1, p2, draw",
	"cut-game-first":      "top cut round %[1]d, match %[2]d: game %[3]d: first %[4]q is not p1 or p2",
	"two-day-invalid":     `two_day needs day1_rounds of 1 or more, a cut of "record" or "size", no negative numbers, and a size of 2 or more for a cut by size`,
	"two-day-advanced":    "two_day.advanced: %[1]q is not a player of the event or is listed twice",
}

// inputError is the problem key of InputMessages (or EventFileMessages)
// with its values, at round, match and table (0 where they do not apply).
func inputError(round, match, table int, key string, args ...any) *InputError {
	format, ok := InputMessages[key]
	if !ok {
		format = EventFileMessages[key]
	}
	return &InputError{Round: round, Match: match, Table: table, Msg: fmt.Sprintf(format, args...), Key: key, Args: args}
}

// fileError is an event file's problem key of EventFileMessages with its
// values, in no round.
func fileError(key string, args ...any) *InputError { return inputError(0, 0, 0, key, args...) }

func (e *InputError) Error() string {
	switch {
	case e.Round > 0 && e.Match > 0 && e.Table > 0:
		return fmt.Sprintf("round %d, match %d (table %d): %s", e.Round, e.Match, e.Table, e.Msg)
	case e.Round > 0 && e.Match > 0:
		return fmt.Sprintf("round %d, match %d: %s", e.Round, e.Match, e.Msg)
	case e.Round > 0:
		return fmt.Sprintf("round %d: %s", e.Round, e.Msg)
	}
	return e.Msg
}

// ReadEventFile decodes and validates an event file.
func ReadEventFile(r io.Reader) (*Event, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return ParseEvent(data)
}

// ParseEvent decodes and validates an event file held in memory.
func ParseEvent(data []byte) (*Event, error) {
	var ev Event
	if err := jsonproblem.Decode(data, &ev, true); err != nil {
		var p *jsonproblem.Problem
		if errors.As(err, &p) {
			return nil, fileError("not-valid", p)
		}
		return nil, fmt.Errorf("event file is not valid: %w", err)
	}
	if err := ev.Validate(); err != nil {
		return nil, err
	}
	return &ev, nil
}

// WriteEventFile encodes the event as indented JSON.
func WriteEventFile(w io.Writer, ev *Event) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(ev)
}

// gamesAgree reports whether game wins w1 (p1) and w2 (p2) fit the match
// result: the match winner won more games; after a draw or a double loss
// neither did. Unreported matches may already list games.
func gamesAgree(result string, w1, w2 int) bool {
	switch result {
	case ResultP1:
		return w1 > w2
	case ResultP2:
		return w2 > w1
	case ResultDraw, ResultDoubleLoss:
		return w1 == w2
	}
	return true
}

// Scoring returns the points in force (the defaults when none are given).
func (ev *Event) Scoring() Points {
	if ev.Points == nil {
		return DefaultPoints
	}
	return *ev.Points
}

// Validate checks the event for the mistakes that would make pairing or
// standings wrong, naming the round and match.
func (ev *Event) Validate() error {
	if ev.Players == nil {
		return fileError("players-missing")
	}
	if ev.Rounds == nil {
		return fileError("rounds-missing")
	}
	if err := ev.validateScoring(); err != nil {
		return err
	}
	enteredIn, err := ev.validatePlayers()
	if err != nil {
		return err
	}
	for ri := range ev.Rounds {
		if err := ev.Rounds[ri].validate(ri, enteredIn); err != nil {
			return err
		}
	}
	if err := ev.validateForbiddenPairs(enteredIn); err != nil {
		return err
	}
	if err := ev.validateByes(enteredIn); err != nil {
		return err
	}
	if ev.TwoDay != nil {
		if err := ev.TwoDay.validate(enteredIn); err != nil {
			return err
		}
	}
	if ev.TopCut != nil {
		ids := make(map[string]bool, len(enteredIn))
		for id := range enteredIn {
			ids[id] = true
		}
		return ev.TopCut.validate(ids)
	}
	return nil
}

// validateScoring checks the points and the tiebreaker profile.
func (ev *Event) validateScoring() error {
	if p := ev.Points; p != nil {
		if p.Win < 0 || p.Draw < 0 || p.Loss < 0 || p.Bye < 0 {
			return fileError("points-negative")
		}
		if p.Win > 1000 || p.Draw > 1000 || p.Loss > 1000 || p.Bye > 1000 {
			return fileError("points-too-large")
		}
	}
	if ev.Tiebreakers != "" {
		if _, err := ProfileByName(ev.Tiebreakers); err != nil {
			return err
		}
	}
	return nil
}

// validatePlayers checks the players and returns the round each entered
// in, by id.
func (ev *Event) validatePlayers() (map[string]int, error) {
	enteredIn := make(map[string]int, len(ev.Players))
	for i, p := range ev.Players {
		if strings.TrimSpace(p.ID) == "" {
			return nil, fileError("player-no-id", i+1)
		}
		if _, dup := enteredIn[p.ID]; dup {
			return nil, fileError("player-twice", p.ID)
		}
		if p.EnteredRound < 0 {
			return nil, fileError("entered-round", p.ID)
		}
		enteredIn[p.ID] = max(1, p.EnteredRound)
	}
	return enteredIn, nil
}

// validate checks round r, the ri-th (0-based) of the event, whose players
// entered in the rounds of enteredIn.
func (r *Round) validate(ri int, enteredIn map[string]int) error {
	if r.Number != ri+1 {
		return inputError(r.Number, 0, 0, "round-order", ri+1)
	}
	seen := make(map[string]int)
	tables := make(map[int]int)
	for mi := range r.Matches {
		m := &r.Matches[mi]
		at := func(key string, a ...any) error {
			return inputError(r.Number, mi+1, m.Table, key, a...)
		}
		if m.Table < 0 {
			return at("table-negative")
		}
		if m.Table > 0 {
			if prev, dup := tables[m.Table]; dup {
				return at("table-twice", m.Table, prev)
			}
			tables[m.Table] = mi + 1
		}
		if err := m.validatePlayers(r.Number, mi, enteredIn, seen, at); err != nil {
			return err
		}
		if err := m.validateResult(at); err != nil {
			return err
		}
	}
	return nil
}

// validatePlayers checks match m, the mi-th (0-based) of round number: its
// players are known, entered by then and in no other match of the round
// (seen: player -> 1-based match).
func (m *Match) validatePlayers(number, mi int, enteredIn map[string]int, seen map[string]int, at func(string, ...any) error) error {
	players := []string{m.P1}
	if m.P2 != nil {
		players = append(players, *m.P2)
	}
	for _, id := range players {
		if id == "" {
			return at("player-empty")
		}
		e, known := enteredIn[id]
		if !known {
			return at("unknown-player", id)
		}
		if prev, dup := seen[id]; dup {
			if prev == mi+1 {
				return at("paired-self", id)
			}
			return at("paired-twice", id, prev)
		}
		seen[id] = mi + 1
		if number < e {
			return at("not-entered", id, e, number)
		}
	}
	return nil
}

// validateResult checks a match's result and games against each other.
func (m *Match) validateResult(at func(string, ...any) error) error {
	switch m.Result {
	case "":
		// Not reported yet.
	case ResultP1, ResultP2, ResultDraw, ResultDoubleLoss:
		if m.P2 == nil {
			return at("bye-result", m.Result)
		}
	case ResultBye:
		if m.P2 != nil {
			return at("bye-with-opponent", m.P1, *m.P2)
		}
	default:
		return at("unknown-result", m.Result)
	}
	if len(m.Games) > 0 && m.P2 == nil {
		return at("bye-games")
	}
	w1, w2 := 0, 0
	for gi, g := range m.Games {
		switch g {
		case ResultP1:
			w1++
		case ResultP2:
			w2++
		case ResultDraw:
		default:
			return at("unknown-game-result", gi+1, g)
		}
	}
	if len(m.Games) > 0 && !gamesAgree(m.Result, w1, w2) {
		return at("games-disagree", m.Result, w1, w2)
	}
	return nil
}

// validateForbiddenPairs checks the pairs never to be paired.
func (ev *Event) validateForbiddenPairs(enteredIn map[string]int) error {
	for i, fp := range ev.ForbiddenPairs {
		for _, id := range fp {
			if _, ok := enteredIn[id]; !ok {
				return fileError("forbidden-unknown", i+1, id)
			}
		}
		if fp[0] == fp[1] {
			return fileError("forbidden-same", i+1, fp[0])
		}
	}
	return nil
}

// validateByes checks the awarded byes: known players, once a round, and
// not paired in that round.
func (ev *Event) validateByes(enteredIn map[string]int) error {
	seenBye := make(map[[2]any]bool)
	for i, b := range ev.Byes {
		if _, ok := enteredIn[b.Player]; !ok {
			return fileError("bye-unknown", i+1, b.Player)
		}
		if b.Round < 1 {
			return fileError("bye-round", i+1)
		}
		key := [2]any{b.Player, b.Round}
		if seenBye[key] {
			return fileError("bye-twice", i+1, b.Player, b.Round)
		}
		seenBye[key] = true
		if b.Round > len(ev.Rounds) {
			continue
		}
		for mi, m := range ev.Rounds[b.Round-1].Matches {
			if m.P2 != nil && (m.P1 == b.Player || *m.P2 == b.Player) {
				return inputError(b.Round, mi+1, m.Table, "bye-paired", b.Player)
			}
		}
	}
	return nil
}
