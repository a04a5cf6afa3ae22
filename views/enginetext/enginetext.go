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
	"github.com/tenkaichi-org/tenkaichi/views/deckproblem"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// Text says a sentence of the rules engine in ctx's language.
// The engine keeps each sentence as a format and its arguments (Violation,
// Event, Sentence); the format is the key of its message (messageIDs,
// messages/engine.*.json), whose placeholders A1, A2 … are the arguments in
// order, formatted as the format's verb says (%d, %+d, %q). Arguments that
// are words of ours are said in the language too: a zone, a card type, a
// colour (engineWords), and a sentence inside the sentence. Card numbers,
// names, P1/P2 and notation stay as they are. A format without a message
// stays English (the API and the CLI's --json always are).
func Text(ctx context.Context, format string, args []any) string {
	id, ok := messageIDs[format]
	if !ok {
		return fmt.Sprintf(format, args...)
	}
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
		default:
			text = fmt.Sprintf(verb, v)
			if w, ok := words[i]; ok {
				text = w(ctx, text)
			}
		}
		a["A"+strconv.Itoa(i+1)] = text
	}
	return i18n.T(ctx, id, a)
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
	return Text(ctx, v.Format, v.Args)
}

// Event is a replay step's line in ctx's language.
func Event(ctx context.Context, ev engine.Event) string {
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
