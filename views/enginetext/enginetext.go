// Package enginetext says the rules engine's words in a language: its
// sentences (a violation, a log error, a replay step's line, an error of
// the notation), the words inside them and the state of a game. The judge
// console, the game tracker and "tenkaichi replay" all say them from here,
// so rules/engine stays free of languages and each sentence is worded once
// per language.
package enginetext

import (
	"context"
	"fmt"
	"strconv"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/rules/engine"
	"github.com/tenkaichi-org/tenkaichi/rules/engine/gamelog"
	"github.com/tenkaichi-org/tenkaichi/rules/skill"
	"github.com/tenkaichi-org/tenkaichi/views/deckproblem"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// Text says a sentence of the rules engine in ctx's language.
// The engine keeps each sentence as a format and its arguments (Violation,
// Event, Sentence). An effect's sentence carries its message id (a Msg:
// Event.ID, Violation.ID); the others' key is their format (messageIDs).
// The message (messages/engine.*.json) has placeholders A1, A2 … for the
// arguments in order, formatted as the format's verb says (%d, %+d, %q). Arguments that
// are words of ours are said in the language too: a zone, a card type, a
// colour (engineWords), a skill's target, an effect's kind, what a JSON
// value must be, and a sentence inside the sentence. Card numbers, names, P1/P2
// and notation stay as they are. A sentence with a count (counts) takes
// the plural form of its language for it, where the engine's English
// writes "card(s)". A format without a message stays English (the API and
// the CLI's --json always are).
func Text(ctx context.Context, format string, args []any) string {
	id, ok := idOf(format)
	if !ok {
		return fmt.Sprintf(format, args...)
	}
	return say(ctx, id, format, args)
}

// idOf is the message of a sentence of the engine by its format: one of
// messageIDs, or of the engine's Msgs (a sentence with its own id, met
// without it inside another sentence).
func idOf(format string) (string, bool) {
	if id, ok := messageIDs[format]; ok {
		return id, true
	}
	id, ok := msgIDs[format]
	return id, ok
}

// msgIDs are the engine's Msgs by format.
var msgIDs = func() map[string]string {
	m := map[string]string{}
	for _, msg := range engine.Messages() {
		m[msg.Format] = msg.ID
	}
	return m
}()

// say is Text for a sentence whose message id is known: an Event or
// Violation made from a Msg carries it.
func say(ctx context.Context, id, format string, args []any) string {
	verbs := formatVerbs(format)
	a := make(i18n.Args, len(args))
	words := engineWords[format]
	for i, v := range args {
		verb := "%v"
		if i < len(verbs) {
			verb = verbs[i]
		}
		var text string
		switch v := v.(type) {
		case engine.Sentence:
			text = Text(ctx, v.Format, v.Args)
		case engine.Zone:
			text = Zone(ctx, v)
		case rules.CardType:
			text = deckproblem.CardType(ctx, v)
		case skill.TargetPhrase:
			text = Target(ctx, skill.Target(v))
		case skill.Kind:
			text = EffectKind(ctx, v)
		case gamelog.JSONKind:
			text = jsonKind(ctx, v)
		default:
			text = fmt.Sprintf(verb, v)
			if w, ok := words[i]; ok {
				text = w(ctx, text)
			}
		}
		a["A"+strconv.Itoa(i+1)] = text
	}
	if i, ok := counts[format]; ok && i < len(args) {
		return i18n.N(ctx, id, countOf(args[i]), a)
	}
	return i18n.T(ctx, id, a)
}

// counts are the sentences with a count, by format: the argument that
// counts. Their messages have plural forms (the engine's English writes
// "card(s)", the message "1 card" and "2 cards").
var counts = map[string]int{
	"%s has %d Active energy and %d energy marker(s), too little for a cost of %d":                       2,
	"%s has too little Active %s energy for the cost's %d %s orb(s)":                                     2,
	"%s removes %d energy marker(s) from the game to pay":                                                1,
	"%d life card(s) named for %d damage":                                                                0,
	"battle end: %d combo card(s) go to the Drop; effects for the battle end":                            0,
	"%s: %s adds %d card(s) from their life to their hand (not damage)":                                  2,
	"%s: %s places %d card(s) from their life in the Drop":                                               2,
	"%s: %s adds %d card(s) from their life to their energy":                                             2,
	"%s: %s adds the top %d card(s) of their deck to their life":                                         2,
	"%s: %s adds the top %d card(s) of their deck to their energy":                                       2,
	"%s: %s places the top %d card(s) of their deck in the Drop":                                         2,
	"%s: %s places %d energy marker(s)":                                                                  2,
	"%s: %s has %d energy marker(s), not %d":                                                             2,
	"%s: %s removes %d energy marker(s)":                                                                 2,
	"%s needs %s: name the card(s) after -> in the use line":                                             1, // the target's count
	"%s: %s looks at %d card(s) of their deck":                                                           2,
	"%s: %s looks at %d card(s) and adds %s to their hand; the rest go to the Drop":                      2,
	"%s: %s looks at %d card(s) and adds none to their hand; the rest go to the bottom of the deck":      2,
	"%s: %s looks at %d card(s) and adds none to their hand; the rest go to the top of the deck":         2,
	"%s: %s looks at %d card(s) and adds %s to their hand; the rest go to the bottom of the deck":        2,
	"%s: %s looks at %d card(s) and adds %s to their hand; the rest go to the top of the deck":           2,
	"%s costs %d life card(s); %s has %d":                                                                1,
	"%s has %d energy marker(s), not %d":                                                                 1,
	"%d of %s's Battle Cards stay in Rest Mode: a skill said they can't switch to Active Mode this turn": 0,
	"the deck has %d cards; it must have 50 to 60":                                                       0,
	"%s's decklist has %d %s, and all of them are already known elsewhere":                               1,
	"%s deals %d damage":                 1,
	"%s declares %d damage":              1,
	"%s: %s takes %d damage":             2,
	"%s costs %d damage; %s has %d life": 1,
}

// countOf is the count an argument stands for: a number, or how many cards
// a skill's target takes (several for "all").
func countOf(v any) int {
	switch v := v.(type) {
	case int:
		return v
	case skill.TargetPhrase:
		if v.All || v.N == 0 {
			return 2
		}
		return v.N
	}
	return 2
}

// jsonKind is a kind of JSON value ("a whole number", "text in double
// quotes") in ctx's language, as the JSON notation's problems name what a
// value must be.
func jsonKind(ctx context.Context, k gamelog.JSONKind) string {
	switch k {
	case gamelog.JSONObject:
		return i18n.T(ctx, "EngineJSONObject", nil)
	case gamelog.JSONList:
		return i18n.T(ctx, "EngineJSONList", nil)
	case gamelog.JSONText:
		return i18n.T(ctx, "EngineJSONText", nil)
	case gamelog.JSONTexts:
		return i18n.T(ctx, "EngineJSONTexts", nil)
	case gamelog.JSONWhole:
		return i18n.T(ctx, "EngineJSONWhole", nil)
	case gamelog.JSONWholeFrom0:
		return i18n.T(ctx, "EngineJSONWholeFrom0", nil)
	case gamelog.JSONBool:
		return i18n.T(ctx, "EngineJSONBool", nil)
	}
	return string(k)
}

// engineWords are the arguments, by format and index, that are words to
// translate though their Go type does not say so.
var engineWords = map[string]map[int]func(context.Context, string) string{
	"%s has too little Active %s energy for the cost's %d %s orb(s)": {1: deckproblem.Colour, 3: deckproblem.Colour},
}

// formatVerbs are the verbs of a format in order ("%s", "%+d", "%q").
func formatVerbs(format string) []string {
	var out []string
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		j := i + 1
		for j < len(format) && (format[j] == '+' || format[j] == '-' || format[j] == '#' || format[j] == ' ' || format[j] == '0') {
			j++
		}
		if j < len(format) && format[j] == '%' {
			i = j
			continue
		}
		if j < len(format) {
			out = append(out, format[i:j+1])
		}
		i = j
	}
	return out
}

// Zone is a zone of the notation (hand, deck, life …) in ctx's language.
func Zone(ctx context.Context, z engine.Zone) string {
	switch z {
	case engine.ZoneHand:
		return i18n.T(ctx, "EngineZoneHand", nil)
	case engine.ZoneDeck:
		return i18n.T(ctx, "EngineZoneDeck", nil)
	case engine.ZoneLife:
		return i18n.T(ctx, "EngineZoneLife", nil)
	case engine.ZoneDrop:
		return i18n.T(ctx, "EngineZoneDrop", nil)
	case engine.ZoneBattle:
		return i18n.T(ctx, "EngineZoneBattle", nil)
	case engine.ZoneEnergy:
		return i18n.T(ctx, "EngineZoneEnergy", nil)
	case engine.ZoneCombo:
		return i18n.T(ctx, "EngineZoneCombo", nil)
	}
	return string(z)
}

// Violation is a violation's sentence in ctx's language.
func Violation(ctx context.Context, v *engine.Violation) string {
	if v.ID != "" {
		return say(ctx, v.ID, v.Format, v.Args)
	}
	return Text(ctx, v.Format, v.Args)
}

// Event is a replay step's line in ctx's language.
func Event(ctx context.Context, ev engine.Event) string {
	if ev.ID != "" {
		return say(ctx, ev.ID, ev.Format, ev.Args)
	}
	return Text(ctx, ev.Format, ev.Args)
}

// ParseError is the problem of a log that does not read, in ctx's
// language (without its line, which the caller names as it likes).
func ParseError(ctx context.Context, pe *engine.ParseError) string {
	if pe.Sentence.Format == "" {
		return pe.Msg
	}
	return Text(ctx, pe.Sentence.Format, pe.Sentence.Args)
}
