package engine

import (
	"fmt"
	"strings"
)

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

// sentence is the Sentence of a violation, to put inside another.
func (v *Violation) sentence() Sentence { return Sentence{Format: v.Format, Args: v.Args} }

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
