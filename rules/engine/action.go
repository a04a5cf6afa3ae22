package engine

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

// declared reports whether the verb only records an effect the players state.
func (v Verb) declared() bool {
	switch v {
	case VerbMove, VerbPower, VerbRest, VerbReady, VerbKi, VerbShuffle:
		return true
	}
	return false
}

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

func validZone(z Zone) bool {
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
}

// Marker is the word for an energy marker in a pay list.
const Marker = "marker"

// NoChoice is the word for "no card" in a use line's choices.
const NoChoice = "none"

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

// sentence is the Sentence of a violation, to put inside another.
func (v *Violation) sentence() Sentence { return Sentence{Format: v.Format, Args: v.Args} }

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

// Event is something that happened when an action was applied. Auto events
// are rule processing the engine did itself (ready all, battle end clean-up,
// defeat checks, power 0 to Drop); Declared events rest on what the players
// stated rather than on a rule the engine checks.
type Event struct {
	Rule string `json:"rule,omitempty"`
	// ID is the sentence's message id in the catalogue, where the event
	// was made from a Msg; otherwise Format is the key (views/enginetext).
	ID       string `json:"id,omitempty"`
	Format   string `json:"format"`
	Args     []any  `json:"args,omitempty"`
	Auto     bool   `json:"auto,omitempty"`
	Declared bool   `json:"declared,omitempty"`
	// Unread flags a skill (or an effect of one) the engine does not read or
	// apply: what it does is declared in the log, not checked.
	Unread bool `json:"unread,omitempty"`
}

// Text is the event as a plain sentence.
func (e Event) Text() string { return fmt.Sprintf(e.Format, e.Args...) }

// Violation is an illegal action: the rule it breaks, a plain sentence (one
// format string with its arguments, so it can be translated) and where.
type Violation struct {
	Rule   string `json:"rule,omitempty"` // an ID of the rule index, e.g. "CR 8-1-1"; "" for a log error
	ID     string `json:"id,omitempty"`   // the message id, where it was made from a Msg (see Event.ID)
	Format string `json:"format"`
	Args   []any  `json:"args,omitempty"`
	Step   int    `json:"step"` // 1-based index of the action in the log; 0 at setup
	Line   int    `json:"line,omitempty"`
	// Player is whose deck a setup (step 0) violation is about.
	Player string `json:"player,omitempty"`
	// LogError says the line does not fit the game rather than breaking a
	// rule: it names a card that is not where it says, misses a player or
	// an amount, or is a step of a battle that is not going on. It has no
	// Rule.
	LogError bool `json:"log_error,omitempty"`
}

// Message is the violation as a plain sentence.
func (v *Violation) Message() string { return fmt.Sprintf(v.Format, v.Args...) }

func (v *Violation) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "step %d", v.Step)
	if v.Player != "" {
		fmt.Fprintf(&b, " (%s's deck)", v.Player)
	}
	if v.Line > 0 {
		fmt.Fprintf(&b, " (line %d)", v.Line)
	}
	if v.Rule != "" {
		fmt.Fprintf(&b, ": %s", v.Rule)
	} else if v.LogError {
		b.WriteString(": log error")
	}
	b.WriteString(": ")
	b.WriteString(v.Message())
	return b.String()
}

// Msg is a sentence of the engine with a stable message id: ID is its
// message in the catalogue (views/i18n/messages/engine.*.json, whose
// placeholders A1, A2 … are the arguments in order) and Format its English,
// a format of the arguments an Event or Violation gives. The effect kinds
// say their sentences so (effects.go); the engine's other sentences are
// keyed by their Format (views/enginetext messageIDs).
type Msg struct {
	ID     string
	Format string
}

// messages are the engine's Msgs, as msg made them.
var messages []Msg

// msg is the Msg of message id with English format, kept in Messages.
func msg(id, format string) Msg {
	m := Msg{ID: id, Format: format}
	messages = append(messages, m)
	return m
}

// Messages are the engine's sentences that have their message id, for the
// pages that say them (views/enginetext) and their tests.
func Messages() []Msg { return append([]Msg(nil), messages...) }

// violationMsg is violation with a sentence that has its message id.
func violationMsg(rule string, m Msg, args ...any) *Violation {
	return &Violation{Rule: rule, ID: m.ID, Format: m.Format, Args: args}
}

// violation is an action that breaks rule, an ID of the rule index.
func violation(rule, format string, args ...any) *Violation {
	return &Violation{Rule: rule, Format: format, Args: args}
}

// logError is a line the game state cannot take, which no rule covers: the
// log is wrong, not the play (see Violation.LogError).
func logError(format string, args ...any) *Violation {
	return &Violation{Format: format, Args: args, LogError: true}
}
