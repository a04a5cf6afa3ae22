package web

import (
	"context"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// maxDeckText bounds a pasted decklist.
const maxDeckText = 20000

// DeckTextTrouble says why a pasted list cannot be stored or read, naming
// the line (zero: nothing). A list can hold only text: no zero bytes (which
// PostgreSQL refuses), no bytes that are not UTF-8, no control characters
// other than tabs and line ends (a binary file pasted or uploaded by mistake).
// An empty list is told how a list of game g is written.
func DeckTextTrouble(text string, g rules.Game) i18n.Message {
	if strings.TrimSpace(text) == "" {
		switch {
		case g == rules.GameMasters:
			return i18n.M("DeckEmptyMasters", nil)
		case GameOf(string(g)).MainPersonality:
			return i18n.M("DeckEmptyDBZ", nil)
		}
		return i18n.M("DeckEmpty", nil)
	}
	if len(text) > maxDeckText {
		return i18n.M("DeckTooLong", i18n.Args{"Max": maxDeckText, "Length": len(text)})
	}
	for i, line := range strings.Split(text, "\n") {
		if !utf8.ValidString(line) {
			return i18n.M("DeckLineNotText", i18n.Args{"Line": i + 1})
		}
		for _, r := range line {
			if unicode.IsControl(r) && r != '\t' && r != '\r' {
				return i18n.M("DeckLineControl", i18n.Args{"Line": i + 1, "Code": fmt.Sprintf("U+%04X", r)})
			}
		}
	}
	return i18n.Message{}
}

// DeckPasteHint says how a list of game g is written, above the text box.
func DeckPasteHint(ctx context.Context, g rules.Game) string { return DeckPasteHintMessage(g).In(ctx) }

// DeckPasteHintMessage is DeckPasteHint as a fact.
func DeckPasteHintMessage(g rules.Game) i18n.Message {
	eg, ok := LookupGame(string(g))
	if !ok {
		eg = EventGames[0]
	}
	return i18n.M(eg.deckHintID, nil)
}

// ShowableText is a refused paste as it can go back into the text box: each
// byte that is not text and each control character becomes U+FFFD, so the
// player sees where it was and the rest of the list is kept.
func ShowableText(text string) string {
	text = strings.ToValidUTF8(text, "\uFFFD")
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) && r != '\t' && r != '\r' && r != '\n' {
			return '\uFFFD'
		}
		return r
	}, text)
}

// ParseDeckText reads a pasted or stored decklist. Its lines may name cards
// instead of numbering them, in English or Japanese, as the pool names them
// (rules.ParseDecklistNamed); every place that reads a list reads it so.
func ParseDeckText(text string, pool rules.MapPool) (*rules.Decklist, error) {
	return rules.ParseDecklistNamed(strings.NewReader(text), rules.NewNameIndex(pool))
}
