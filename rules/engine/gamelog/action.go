// Package gamelog is a game of Fusion World as its log writes it: the
// setup (seed, Leaders, decks or decklists), the actions one line each,
// the players (P1, P2) and card references, and the two notations of a log
// (docs/game-log.md): the text one (ParseText, Format, FormatAction) and its
// JSON form (ParseJSON). It needs nothing of the rules engine
// (rules/engine), which replays a Log and knows these types under the same
// names. Its problems are Sentences (a format and its arguments) that a
// page says in its language (views/enginetext).
package gamelog

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tenkaichi-org/tenkaichi/rules"
)

// Verb names an action.
type Verb string

const (
	VerbFirst   Verb = "first"   // P1 first: this player goes first (setup)
	VerbKeep    Verb = "keep"    // keep the opening hand (setup)
	VerbRedraw  Verb = "redraw"  // redraw the opening hand once (setup)
	VerbDraw    Verb = "draw"    // draw 1: the Charge Phase draw, or an effect's
	VerbCharge  Verb = "charge"  // put a card from hand into the Energy Area
	VerbPlay    Verb = "play"    // play a Battle or Extra card from hand
	VerbEvolve  Verb = "evolve"  // [Evolve]/[Fusion Evolve] onto Battle Cards
	VerbAwaken  Verb = "awaken"  // flip the Leader
	VerbAttack  Verb = "attack"  // declare an attack
	VerbBlock   Verb = "block"   // [Blocker]: become the new target
	VerbCombo   Verb = "combo"   // add a combo
	VerbPass    Verb = "pass"    // end one's combo step
	VerbDamage  Verb = "damage"  // the attack on a Leader succeeds
	VerbKO      Verb = "ko"      // the attacked Battle Card is KO'd (or an effect KOs one)
	VerbMiss    Verb = "miss"    // the attack fails
	VerbEnd     Verb = "end"     // end the turn
	VerbConcede Verb = "concede" // give up
	// Declared effects: card skills the engine does not model.
	VerbMove    Verb = "move"    // move a card between zones
	VerbPower   Verb = "power"   // change a card's power
	VerbRest    Verb = "rest"    // switch a card to Rest Mode
	VerbReady   Verb = "ready"   // switch a card to Active Mode
	VerbKi      Verb = "ki"      // add or remove [Ki] markers
	VerbShuffle Verb = "shuffle" // shuffle the deck
	// VerbUse uses a skill the engine reads: an [Activate] skill of a card
	// in play, or a triggered skill waiting for its choices.
	VerbUse Verb = "use"
)

// Declared reports whether the verb only records an effect the players state.
func (v Verb) Declared() bool {
	switch v {
	case VerbMove, VerbPower, VerbRest, VerbReady, VerbKi, VerbShuffle:
		return true
	}
	return false
}

// TakesBy reports whether an action of the verb may name the card whose
// effect it is ("by CARD"): the declared effects, a draw and an effect's KO.
func (v Verb) TakesBy() bool { return v.Declared() || v == VerbDraw || v == VerbKO }

// Outcome reports whether the verb is a battle's outcome (damage, ko,
// miss), which needs no player.
func (v Verb) Outcome() bool { return v == VerbDamage || v == VerbKO || v == VerbMiss }

// Zone names an area of the play mat in effect actions.
type Zone string

const (
	ZoneHand   Zone = "hand"
	ZoneDeck   Zone = "deck"
	ZoneLife   Zone = "life"
	ZoneDrop   Zone = "drop"
	ZoneBattle Zone = "battle"
	ZoneEnergy Zone = "energy"
	ZoneCombo  Zone = "combo"
)

var zones = []Zone{ZoneHand, ZoneDeck, ZoneLife, ZoneDrop, ZoneBattle, ZoneEnergy, ZoneCombo}

// ValidZone reports whether z is a zone of the notation.
func ValidZone(z Zone) bool {
	for _, v := range zones {
		if v == z {
			return true
		}
	}
	return false
}

// Duration is how long a declared power change lasts.
type Duration string

const (
	ForBattle  Duration = "battle"
	ForTurn    Duration = "turn"
	ForLasting Duration = "lasting"
)

// Action is one line of a game log. Card references (Card, Targets) use the
// notation of docs/game-log.md: "leader", a card number such as "FS01-07",
// "top"/"bottom" of a zone, "?" for an unknown card, optionally prefixed with
// the owner ("P2:FS02-12") and suffixed with which copy ("FS01-07#2").
type Action struct {
	Line     int      `json:"line,omitempty"`
	Player   Side     `json:"player"`
	Verb     Verb     `json:"verb"`
	Card     string   `json:"card,omitempty"`
	Targets  []string `json:"targets,omitempty"`
	From     Zone     `json:"from,omitempty"`
	To       Zone     `json:"to,omitempty"`
	Bottom   bool     `json:"bottom,omitempty"` // move: to the bottom of a deck or life
	Amount   *int     `json:"amount,omitempty"` // play/evolve: declared cost; damage: count; power/ki: change
	Duration Duration `json:"duration,omitempty"`
	// Pay names what pays a cost (play, evolve, use): energy cards in the
	// Energy Area and "marker" for an energy marker. Without it the engine
	// chooses.
	Pay []string `json:"pay,omitempty"`
	// By names the card whose effect a declared line carries out ("P1 draw
	// by FS01-03"): an action only a skill can cause is accepted when a
	// skill the engine does not read is waiting to act, or when the log
	// names its card.
	By string `json:"by,omitempty"`
}

// Marker is the word for an energy marker in a pay list.
const Marker = "marker"

// NoChoice is the word for "no card" in a use line's choices.
const NoChoice = "none"

// Option reads a use line's choice of one of a "Choose one" skill's
// options: "option1", "option2" ... (1-based).
func Option(s string) (int, bool) {
	rest, ok := strings.CutPrefix(strings.ToLower(s), "option")
	if !ok || len(rest) != 1 || rest[0] < '1' || rest[0] > '9' {
		return 0, false
	}
	return int(rest[0] - '0'), true
}

// Ref is a parsed card reference.
type Ref struct {
	Owner  Side // NoSide: the acting player's (or the obvious) side
	Leader bool // the Leader
	Top    bool // the top card of the zone
	Bottom bool // the bottom card of the zone
	// Number is the card's canonical number (printing suffixes such as
	// "-p1", "_p1" or a Leader's "-F" stripped, rules.CanonicalNumber): a
	// printing names its card. "" with !Leader && !Top && !Bottom: an unknown
	// card ("?").
	Number string
	Nth    int // which copy, 1-based; 0 = the first that fits
}

// Sentence is a sentence kept as its format and arguments, so that a page
// can say it in its own language (the format is the key, as for Violation
// and Event): a sentence inside another one, or an error of the notation.
// %s prints it in English.
type Sentence struct {
	Format string `json:"format"`
	Args   []any  `json:"args,omitempty"`
}

func (s Sentence) String() string { return fmt.Sprintf(s.Format, s.Args...) }

// Error makes a Sentence an error: ParseRef's errors are Sentences.
func (s Sentence) Error() string { return s.String() }

// ParseRef parses a card reference. Its error is a Sentence.
func ParseRef(s string) (Ref, error) {
	r := Ref{Owner: NoSide}
	if len(s) > 3 && (s[:3] == "P1:" || s[:3] == "P2:" || s[:3] == "p1:" || s[:3] == "p2:") {
		r.Owner = Side(s[1] - '1')
		s = s[3:]
	}
	if i := strings.IndexByte(s, '#'); i >= 0 {
		n, err := strconv.Atoi(s[i+1:])
		if err != nil || n < 1 || n > 999 {
			return r, Sentence{"copy number %q is not a number from 1", []any{s[i+1:]}}
		}
		r.Nth = n
		s = s[:i]
	}
	switch strings.ToLower(s) {
	case "leader":
		r.Leader = true
	case "top":
		r.Top = true
	case "bottom":
		r.Bottom = true
	case "?":
	case "":
		return r, Sentence{Format: "empty card reference"}
	default:
		if !validNumber(s) {
			return r, Sentence{"%q is not a card number", []any{s}}
		}
		r.Number = rules.CanonicalNumber(s)
	}
	return r, nil
}

func (r Ref) String() string {
	var b strings.Builder
	if r.Owner != NoSide {
		b.WriteString(r.Owner.String())
		b.WriteByte(':')
	}
	switch {
	case r.Leader:
		b.WriteString("leader")
	case r.Top:
		b.WriteString("top")
	case r.Bottom:
		b.WriteString("bottom")
	case r.Number == "":
		b.WriteString("?")
	default:
		b.WriteString(r.Number)
	}
	if r.Nth > 0 {
		b.WriteByte('#')
		b.WriteString(strconv.Itoa(r.Nth))
	}
	return b.String()
}

// validNumber accepts card numbers such as FS01-07, FB01-001, SB01-011,
// FP-030, and printings such as FB01-004-p1 or FB01-004_p1.
func validNumber(s string) bool {
	if len(s) < 4 || len(s) > 24 {
		return false
	}
	dash := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9', c >= 'A' && c <= 'Z', c >= 'a' && c <= 'z':
		case c == '-' && i > 0:
			dash = true
		case c == '_' && dash:
		default:
			return false
		}
	}
	if i := strings.IndexByte(s, '_'); i >= 0 {
		return validNumber(s[:i]) // a printing of a valid number
	}
	return dash
}

// Side is one of the two players: P1 or P2.
type Side int8

const (
	P1 Side = 0
	P2 Side = 1
	// NoSide marks an action that belongs to no player (the battle's outcome)
	// or a drawn game.
	NoSide Side = -1
)

// Other is the opponent of s.
func (s Side) Other() Side { return 1 - s }

func (s Side) String() string {
	switch s {
	case P1:
		return "P1"
	case P2:
		return "P2"
	}
	return "-"
}

// PlayerSetup is what a player brings: a name, a Leader and a deck listed
// top first as it stands before the setup shuffle. "" in Deck is a card the
// log does not know. A paper game gives a Decklist instead (the registered
// list: one entry per card, in no order): the deck is then that many unknown
// cards, each named when it is seen, and no more copies of a number can be
// named than the list holds.
type PlayerSetup struct {
	Name     string   `json:"name,omitempty"`
	Leader   string   `json:"leader"`
	Deck     []string `json:"deck,omitempty"`
	Decklist []string `json:"decklist,omitempty"`
}

// Setup is the initial state of a game before any action. Effects is
// EffectsDeclared for a log whose every card effect is declared, as logs were
// written before the engine read card text; "" otherwise.
type Setup struct {
	Seed    uint64 `json:"seed"`
	Effects string `json:"effects,omitempty"`
	// Notation is the version of the notation the log is written in
	// ([Notation "2"]); 0 when the log does not say.
	Notation int            `json:"notation,omitempty"`
	Players  [2]PlayerSetup `json:"players"`
}

// EffectsDeclared is the Setup.Effects of a log that declares every effect
// ([Effects "declared"]): the engine reads no skill text for it.
const EffectsDeclared = "declared"

// The versions of the notation. NotationDeclared is the notation before
// the engine read card skills: every effect a declared line, as with
// [Effects "declared"]. NotationVersion is this one: the engine reads the
// skills, a declared line names its card (by CARD), choices are use lines.
const (
	NotationDeclared = 1
	NotationVersion  = 2
)

// DeclaresEffects reports whether the log declares every card effect: it
// says so ([Effects "declared"]) or is written in the notation before the
// engine read card skills.
func (s *Setup) DeclaresEffects() bool {
	return s.Effects == EffectsDeclared || s.Notation == NotationDeclared
}

// StartingDeck is the cards the player's deck starts with: the deck, or for
// a paper game as many unknown cards as the decklist has.
func (p *PlayerSetup) StartingDeck() []string {
	if len(p.Deck) == 0 && len(p.Decklist) > 0 {
		return make([]string, len(p.Decklist))
	}
	return p.Deck
}
