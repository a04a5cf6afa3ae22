package rules

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"
)

// Problem is one way a deck breaks a format's rules.
type Problem struct {
	Code string `json:"code"` // stable identifier, e.g. "banned"
	Rule string `json:"rule"` // the rule broken, with its number where one exists ("CR 6-1-4-2")
	Card string `json:"card"` // canonical card number, empty for whole-deck problems
	Line int    `json:"line"` // decklist line, 0 for whole-deck problems
	// Cards lists the card numbers at fault in a whole-deck problem (five
	// [Super Combo] cards, two Masteries); the message names them too.
	Cards   []string `json:"cards,omitempty"`
	Message string   `json:"message"` // plain English, built from Messages[Key]
	// Key is the Messages entry the message was built from: the Code, or a
	// variant of it for a different sentence ("unknown-card-unnamed" when the
	// line gives no name). Args are the values, in Messages[Key] order, so a
	// translation can rebuild the message.
	Key  string `json:"-"`
	Args []any  `json:"-"`
}

// Result is what validating a deck found.
type Result struct {
	Legal  bool   `json:"legal"`
	Format string `json:"format"`
	Date   string `json:"date"`
	// BanList is the name of the ban-list version applied: "" when none was
	// in force on the date, or the format applies no ban list (AppliesBanList).
	BanList string `json:"banlist"`
	// Problems is never nil, so JSON shows [] for a legal deck.
	Problems []Problem `json:"problems"`
	Main     int       `json:"main"`   // cards in the main (life) deck; Leader cards misplaced in it are not counted
	Side     int       `json:"side"`   // cards in the side deck
	Leader   string    `json:"leader"` // Leader number; DBZ: main personality name
	// Applied lists the codes of the rules the format checked (Format.Rules).
	Applied []string `json:"applied"`
}

// Rule is one rule a format checks.
type Rule struct {
	Code    string `json:"code"`
	Ref     string `json:"ref"` // rule number or source
	Summary string `json:"summary"`
}

// Format is a way to build a deck for a game. It validates decks and says
// which rules it applied.
type Format struct {
	ID    string
	Game  Game
	Name  string
	Rules []Rule
	// NotApplied lists constructed rules this format leaves out, with why.
	NotApplied []Rule
	// TeamRules are the rules a team event of this format checks across a
	// team's decks (CheckTeam, format_team.go); none for most formats.
	TeamRules []Rule
	check     func(c *checker)
}

// AppliesBanList reports whether the format checks a ban list (it has a
// "ban-list" rule). fw-draft and fw-sealed do not: their results never name one.
func (f *Format) AppliesBanList() bool {
	return slices.ContainsFunc(f.Rules, func(r Rule) bool { return r.Code == "ban-list" })
}

// Validate checks deck against the format. pool supplies the cards; bans
// may be nil (no ban list). date picks the ban-list version in force.
// Validate never fails: unknown cards and the like are problems in the result.
func (f *Format) Validate(deck *Decklist, pool CardPool, bans *BanLists, date time.Time) Result {
	if deck == nil {
		deck = &Decklist{}
	}
	c := checker{
		f:    f,
		deck: deck,
		pool: pool,
		date: date,
		res: Result{
			Format:   f.ID,
			Date:     date.Format(DateLayout),
			Problems: []Problem{},
			Applied:  make([]string, len(f.Rules)),
		},
	}
	for i, r := range f.Rules {
		c.res.Applied[i] = r.Code
	}
	if f.AppliesBanList() {
		if v := bans.InForce(f.Game, date); v != nil {
			c.bans = v
			c.res.BanList = v.Name
		}
	}
	c.resolve()
	f.check(&c)
	sort.SliceStable(c.res.Problems, func(i, j int) bool {
		a, b := c.res.Problems[i], c.res.Problems[j]
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return false
	})
	c.res.Legal = len(c.res.Problems) == 0
	return c.res
}

var formats = map[string]*Format{}
var formatOrder []string

func init() {
	registerLeaderFormats()
	registerDBZFormats()
}

func registerFormat(f *Format) {
	if _, dup := formats[f.ID]; dup {
		panic("duplicate format " + f.ID)
	}
	formats[f.ID] = f
	formatOrder = append(formatOrder, f.ID)
}

// LookupFormat finds a format by its ID ("fw-standard").
func LookupFormat(id string) (*Format, bool) {
	f, ok := formats[strings.ToLower(strings.TrimSpace(id))]
	return f, ok
}

// Formats returns every format, in a stable order.
func Formats() []*Format {
	out := make([]*Format, 0, len(formatOrder))
	for _, id := range formatOrder {
		out = append(out, formats[id])
	}
	return out
}

// FormatIDs returns the IDs of every format.
func FormatIDs() []string { return append([]string(nil), formatOrder...) }

// Messages holds the English message of each problem code, one format string
// each with indexed verbs, so a translation can reorder the values.
var Messages = map[string]string{
	"unknown-card":         "%[1]s %[2]s is not in the card pool",
	"unknown-card-unnamed": "%[1]s is not in the card pool",
	"wrong-game":           "%[1]s %[2]s is a %[3]s card and cannot be played in %[4]s",
	// A card missing from the pool whose number belongs to another game.
	"wrong-game-number":         "%[1]s %[2]s is a %[3]s card, not %[4]s",
	"wrong-game-number-unnamed": "%[1]s is a %[2]s card, not %[3]s",
	"energy-marker":             "%[1]s is an energy marker; energy markers are not deck cards",
	"no-leader":                 "The deck has no Leader; it needs exactly 1",
	"too-many-leaders":          "The deck needs exactly 1 Leader; it has %[1]d: %[2]s",
	"not-a-leader":              "%[1]s %[2]s is not a Leader card (its type is %[3]s) and cannot be the Leader",
	"leader-in-deck":            "%[1]s %[2]s is a Leader and cannot be in the deck",
	"deck-too-small":            "The main deck's size is %[1]d; it must be at least %[2]d",
	"deck-too-large":            "The main deck's size is %[1]d; it may be at most %[2]d",
	"deck-size":                 "The main deck's size is %[1]d; it must be exactly %[2]d",
	"too-many-copies":           "%[1]s %[2]s is limited to %[4]d per deck; the deck has %[3]d",
	"colour":                    "%[1]s %[2]s is %[3]s and shares no colour with the Leader %[4]s %[5]s (%[6]s)",
	"too-many-keyword":          "Cards with [%[2]s] are limited to %[3]d per deck; the deck has %[1]d: %[4]s",
	"side-too-large":            "The side deck's size is %[1]d; it may be at most %[2]d",
	"side-not-allowed":          "This format has no side deck, but the decklist has one (side deck total: %[1]d)",
	"zdeck-too-large":           "The Z-Deck's size is %[1]d; it may be at most %[2]d",
	"zdeck-not-allowed":         "This format has no Z-Deck, but the decklist has one (Z-Deck total: %[1]d)",
	"zdeck-not-z-card":          "%[1]s %[2]s is a %[3]s card; the Z-Deck holds only Z-cards",
	"z-card-in-deck":            "%[1]s %[2]s is a %[3]s card; Z-cards go in the Z-Deck, not the main deck",
	"specified-events":          "%[1]s %[2]s can only be used in specified events, so it is not legal in %[3]s",
	// A Leader's own deck-building text (Card.DeckRestrictions).
	"leader-restriction":       "%[1]s %[2]s cannot be in this deck: its Leader %[3]s %[4]s says \"%[5]s\"",
	"leader-restriction-limit": "The Leader %[1]s %[2]s says \"%[3]s\"; the deck has %[4]d of those cards: %[5]s",
	"sensei-not-allowed":       "This format has no Sensei deck, but the decklist has one (Sensei deck total: %[1]d)",
	"banned":                   "%[1]s %[2]s is banned (ban list in force on %[3]s: %[4]s)",
	"over-ban-limit":           "%[1]s %[2]s is limited to %[3]d (ban list in force on %[4]s: %[5]s); the deck has %[6]d",
	// DBZ CCG
	"dbz-deck-too-small":         "The deck's size, counting the %[3]s, is %[1]d; it must be at least %[2]d",
	"dbz-deck-too-large":         "The deck's size, counting the %[3]s, is %[1]d; it may be at most %[2]d",
	"dbz-deck-size":              "The deck's size, counting the %[3]s, is %[1]d; it must be exactly %[2]d",
	"no-main-personality":        "The deck has no main personality; list its levels under a \"Main personality:\" header",
	"mp-not-personality":         "%[1]s %[2]s is not a personality card and cannot be a main personality level",
	"mp-mixed":                   "%[1]s %[2]s belongs to %[3]s, but the main personality is %[4]s",
	"mp-level-missing":           "The main personality %[1]s has no level %[2]d card",
	"mp-level-twice":             "The main personality %[1]s needs exactly 1 card of level %[3]d; it has %[2]d: %[4]s",
	"mp-too-high":                "%[1]s %[2]s is level %[3]d; main personalities go up to level %[4]d",
	"mp-too-few-levels":          "The main personality %[1]s goes up to level %[2]d; it must reach at least level %[3]d",
	"mp-level-count":             "The main personality %[1]s goes up to level %[2]d; it must have exactly the levels 1 to %[3]d",
	"named-card":                 "%[1]s %[2]s is named for %[3]s, and the main personality is %[4]s",
	"alignment":                  "%[1]s %[2]s is a %[3]s card and the main personality %[4]s is %[5]s",
	"alignment-mixed":            "The deck mixes Hero and Villain cards; %[1]s %[2]s is %[3]s and %[4]s %[5]s is %[6]s",
	"ally-same-personality":      "%[1]s %[2]s is the main personality %[3]s and cannot also be an ally",
	"ally-level":                 "%[1]s %[2]s is a level %[3]d ally; allies may be at most level %[4]d (2 below the main personality's highest level)",
	"dragon-ball-sets":           "The deck's Dragon Balls come from more than one set (%[1]s and %[2]s)",
	"dragon-ball-incomplete":     "A deck with Dragon Balls needs exactly one set of 7 different ones; the number of different Dragon Balls in this deck is %[1]d",
	"mastery-missing":            "The deck has no Mastery; this format needs exactly 1",
	"too-many-of-kind":           "%[2]s cards are limited to %[3]d per deck; the deck has %[1]d: %[4]s",
	"sensei-only":                "%[1]s %[2]s may only be in the Sensei deck",
	"sensei-deck-no-card":        "The deck has a Sensei deck but no Sensei card",
	"sensei-card-in-sensei-deck": "%[1]s %[2]s is a Sensei card; it goes in the life deck, not in the Sensei deck",
	"not-sensei-deck-card":       "%[1]s %[2]s is not marked \"Sensei Deck\" or \"Sensei Deck only\", so it cannot be in the Sensei deck",
	"sensei-deck-size":           "The Sensei deck's size is %[1]d; the Sensei card %[2]s %[3]s sets it at exactly %[4]d",
	"ally-set":                   "The ally %[1]s is not a whole set: it has no level %[2]d card (an ally comes as levels 1 up to its highest, with no gap)",
	"dbz-leader-header":          "A %[1]s deck has a main personality, not a Leader: list its levels under \"Main Personality:\" instead of \"Leader:\"",
	"unknown-attribute":          "%[1]s %[2]s has no %[3]s in the card pool, so this rule cannot be checked for it",
	// Team events (format_team.go).
	"team-unique": "%[1]s %[2]s is also in the deck of seat %[3]s (%[4]s); a card may be in only one deck of the team",
}

// checker carries one validation.
type checker struct {
	f     *Format
	deck  *Decklist
	pool  CardPool
	bans  *BanListVersion
	date  time.Time
	res   Result
	cards []*Card // per deck entry; nil when unknown
}

func (c *checker) add(code, rule, card string, line int, args ...any) {
	c.addKey(code, code, rule, card, line, args...)
}

// addKey adds a problem whose message is the Messages variant key of code.
func (c *checker) addKey(code, key, rule, card string, line int, args ...any) {
	c.res.Problems = append(c.res.Problems, Problem{
		Code: code, Rule: rule, Card: card, Line: line,
		Message: fmt.Sprintf(Messages[key], args...), Key: key, Args: args,
	})
}

// addCards adds a whole-deck problem caused by the cards of entries idxs:
// they become Problem.Cards, the problem's line is the first of theirs, and
// the list ("FB01-007 Cabba, FB04-002 Vegeta") is the message's last value.
func (c *checker) addCards(code, rule string, idxs []int, args ...any) {
	var numbers, named []string
	line := 0
	for _, i := range idxs {
		e := c.deck.Entries[i]
		if line == 0 || e.Line < line {
			line = e.Line
		}
		if slices.Contains(numbers, e.Number) {
			continue
		}
		numbers = append(numbers, e.Number)
		named = append(named, strings.TrimSpace(e.Number+" "+c.name(i)))
	}
	c.add(code, rule, "", line, append(args, strings.Join(named, ", "))...)
	c.res.Problems[len(c.res.Problems)-1].Cards = numbers
}

// unknownCard reports entry i's card as not in the pool, by the name written
// on its line when there is one. A number of another game's shape (a Fusion
// World FB01-001 in a Masters list) says so instead.
func (c *checker) unknownCard(i int) {
	e := c.deck.Entries[i]
	if g := gameOfNumber(e.Number); g != "" && g != c.f.Game {
		if e.Name != "" {
			c.addKey("wrong-game", "wrong-game-number", "Card pool", e.Number, e.Line, e.Number, e.Name, GameName(g), GameName(c.f.Game))
		} else {
			c.addKey("wrong-game", "wrong-game-number-unnamed", "Card pool", e.Number, e.Line, e.Number, GameName(g), GameName(c.f.Game))
		}
		return
	}
	if e.Name != "" {
		c.add("unknown-card", "Card pool", e.Number, e.Line, e.Number, e.Name)
		return
	}
	c.addKey("unknown-card", "unknown-card-unnamed", "Card pool", e.Number, e.Line, e.Number)
}

// resolve looks every entry up in the pool.
func (c *checker) resolve() {
	c.cards = make([]*Card, len(c.deck.Entries))
	for i, e := range c.deck.Entries {
		if c.pool == nil {
			continue
		}
		if card, ok := c.pool.Card(e.Number); ok {
			c.cards[i] = card
		}
	}
}

// name is what a message calls an entry's card: the pool's name, else the name written.
func (c *checker) name(i int) string {
	if card := c.cards[i]; card != nil {
		return card.Name
	}
	return c.deck.Entries[i].Name
}

// tally is the copies of one card number across a deck's lines.
type tally struct {
	number    string
	total     int
	firstLine int
	firstIdx  int // entry index of the first line
}

// tallies keeps per-number totals in first-appearance order. Decks have a
// few dozen numbers, so a linear search beats a map and keeps results stable.
type tallies []tally

func (t *tallies) add(number string, count, line, idx int) {
	for i := range *t {
		if (*t)[i].number == number {
			(*t)[i].total += count
			return
		}
	}
	*t = append(*t, tally{number: number, total: count, firstLine: line, firstIdx: idx})
}

func (t tallies) find(number string) (int, bool) {
	for i := range t {
		if t[i].number == number {
			return i, true
		}
	}
	return -1, false
}

// checkBans applies the ban list in force to the totals per number.
func (c *checker) checkBans(totals tallies) {
	if c.bans == nil {
		return
	}
	for _, t := range totals {
		e, ok := c.bans.entry(t.number, c.date)
		if !ok {
			continue
		}
		name := c.name(t.firstIdx)
		if name == "" {
			name = e.Name
		}
		date := c.date.Format(DateLayout)
		switch {
		case e.Status == StatusBanned:
			c.add("banned", "Ban list", t.number, t.firstLine, t.number, name, date, c.bans.Name)
		case t.total > e.Limit:
			c.add("over-ban-limit", "Ban list", t.number, t.firstLine, t.number, name, e.Limit, date, c.bans.Name, t.total)
		}
	}
}
