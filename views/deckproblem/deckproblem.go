// Package deckproblem says a deck problem (rules.Problem) in a language:
// the web pages and the command line both use it, so a deck problem is
// worded once per language.
package deckproblem

import (
	"context"
	"strconv"
	"strings"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/views/gamewords"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// Text is a deck problem in ctx's language: its message is found by the
// problem's Key and rebuilt from its Args (A1, A2 … in rules.Messages
// order), so the API's English message and a page's or the command line's
// text come from the same values. A key without a message here keeps English.
func Text(ctx context.Context, p rules.Problem) string {
	return TextOf(ctx, p.Key, p.Args, p.Message)
}

// CardNamer names a card by its number for the reader: english is the
// name the problems were made with, local the one to say; ok is false for
// a card it does not know.
type CardNamer func(number string) (english, local string, ok bool)

type cardNamesKey struct{}

// WithCardNames makes the problems said with the returned context name each
// card as names does: a card's English name right after its number
// ("FB01-056 Pilaf is banned") becomes its local name. Pages in Japanese
// give the Japanese names of the card data; problems keep (and store)
// the English ones.
func WithCardNames(ctx context.Context, names CardNamer) context.Context {
	return context.WithValue(ctx, cardNamesKey{}, names)
}

// TextOf is Text for a problem kept as its Key, Args and English message
// (a saved list's problems, read back from JSON: a number may come back as
// a float64, which reads the same).
func TextOf(ctx context.Context, key string, args []any, message string) string {
	a := make(i18n.Args, len(args))
	words := problemWords[key]
	names, _ := ctx.Value(cardNamesKey{}).(CardNamer)
	for i, v := range args {
		s, isText := v.(string)
		switch {
		case isText && i < len(words) && words[i] != nil:
			v = words[i](ctx, s)
		case isText && names != nil && i > 0:
			if number, ok := args[i-1].(string); ok {
				if english, local, known := names(number); known && s == english {
					v = local
				}
			}
		}
		a["A"+strconv.Itoa(i+1)] = v
	}
	if id, ok := problemMessages[key]; ok {
		return i18n.T(ctx, id, a)
	}
	return message
}

// problemMessages are the message of each problem key of rules.Messages.
var problemMessages = map[string]string{
	"unknown-card":               "JudgeDeckUnknownCard",
	"unknown-card-unnamed":       "JudgeDeckUnknownCardUnnamed",
	"wrong-game":                 "JudgeDeckWrongGame",
	"wrong-game-number":          "JudgeDeckWrongGameNumber",
	"wrong-game-number-unnamed":  "JudgeDeckWrongGameNumberUnnamed",
	"energy-marker":              "JudgeDeckEnergyMarker",
	"no-leader":                  "JudgeDeckNoLeader",
	"too-many-leaders":           "JudgeDeckTooManyLeaders",
	"not-a-leader":               "JudgeDeckNotALeader",
	"leader-in-deck":             "JudgeDeckLeaderInDeck",
	"deck-too-small":             "JudgeDeckDeckTooSmall",
	"deck-too-large":             "JudgeDeckDeckTooLarge",
	"deck-size":                  "JudgeDeckDeckSize",
	"too-many-copies":            "JudgeDeckTooManyCopies",
	"colour":                     "JudgeDeckColour",
	"too-many-keyword":           "JudgeDeckTooManyKeyword",
	"side-too-large":             "JudgeDeckSideTooLarge",
	"side-not-allowed":           "JudgeDeckSideNotAllowed",
	"zdeck-too-large":            "JudgeDeckZdeckTooLarge",
	"zdeck-not-allowed":          "JudgeDeckZdeckNotAllowed",
	"zdeck-not-z-card":           "JudgeDeckZdeckNotZCard",
	"z-card-in-deck":             "JudgeDeckZCardInDeck",
	"specified-events":           "JudgeDeckSpecifiedEvents",
	"leader-restriction":         "JudgeDeckLeaderRestriction",
	"leader-restriction-limit":   "JudgeDeckLeaderRestrictionLimit",
	"sensei-not-allowed":         "JudgeDeckSenseiNotAllowed",
	"banned":                     "JudgeDeckBanned",
	"over-ban-limit":             "JudgeDeckOverBanLimit",
	"dbz-deck-too-small":         "JudgeDeckDbzDeckTooSmall",
	"dbz-deck-too-large":         "JudgeDeckDbzDeckTooLarge",
	"dbz-deck-size":              "JudgeDeckDbzDeckSize",
	"no-main-personality":        "JudgeDeckNoMainPersonality",
	"mp-not-personality":         "JudgeDeckMpNotPersonality",
	"mp-mixed":                   "JudgeDeckMpMixed",
	"mp-level-missing":           "JudgeDeckMpLevelMissing",
	"mp-level-twice":             "JudgeDeckMpLevelTwice",
	"mp-too-high":                "JudgeDeckMpTooHigh",
	"mp-too-few-levels":          "JudgeDeckMpTooFewLevels",
	"mp-level-count":             "JudgeDeckMpLevelCount",
	"named-card":                 "JudgeDeckNamedCard",
	"alignment":                  "JudgeDeckAlignment",
	"alignment-mixed":            "JudgeDeckAlignmentMixed",
	"ally-same-personality":      "JudgeDeckAllySamePersonality",
	"ally-level":                 "JudgeDeckAllyLevel",
	"dragon-ball-sets":           "JudgeDeckDragonBallSets",
	"dragon-ball-incomplete":     "JudgeDeckDragonBallIncomplete",
	"mastery-missing":            "JudgeDeckMasteryMissing",
	"too-many-of-kind":           "JudgeDeckTooManyOfKind",
	"sensei-only":                "JudgeDeckSenseiOnly",
	"sensei-deck-no-card":        "JudgeDeckSenseiDeckNoCard",
	"sensei-card-in-sensei-deck": "JudgeDeckSenseiCardInSenseiDeck",
	"not-sensei-deck-card":       "JudgeDeckNotSenseiDeckCard",
	"sensei-deck-size":           "JudgeDeckSenseiDeckSize",
	"ally-set":                   "JudgeDeckAllySet",
	"dbz-leader-header":          "JudgeDeckDbzLeaderHeader",
	"unknown-attribute":          "JudgeDeckUnknownAttribute",
	"team-unique":                "JudgeDeckTeamUnique",
}

// problemWords say which values of a problem (by key, at their index in
// Args) are words of ours rather than of the decklist or the card pool: a
// card type, colours, a game or format name, an alignment, a kind of card,
// what a deck's size counts. A page says them in its language, inside the
// translated sentence; card numbers and names, counts, dates and card text
// are shown as they are.
var problemWords = map[string][]func(context.Context, string) string{
	"wrong-game":                {2: gameOrFormatWord, 3: gameOrFormatWord},
	"wrong-game-number":         {2: gameOrFormatWord, 3: gameOrFormatWord},
	"wrong-game-number-unnamed": {1: gameOrFormatWord, 2: gameOrFormatWord},
	"not-a-leader":              {2: cardTypeWord},
	"zdeck-not-z-card":          {2: cardTypeWord},
	"z-card-in-deck":            {2: cardTypeWord},
	"colour":                    {2: coloursWord, 5: coloursWord},
	"specified-events":          {2: gameOrFormatWord},
	"dbz-leader-header":         {0: gameOrFormatWord},
	"dbz-deck-too-small":        {2: deckCountsWord},
	"dbz-deck-too-large":        {2: deckCountsWord},
	"dbz-deck-size":             {2: deckCountsWord},
	"alignment":                 {2: alignmentWord, 4: alignmentWord},
	"alignment-mixed":           {2: alignmentWord, 5: alignmentWord},
	"too-many-of-kind":          {1: cardKindWord},
	"unknown-attribute":         {2: cardAttributeWord},
	"banned":                    {2: i18n.DateOf},
	"over-ban-limit":            {3: i18n.DateOf},
}

// CardType is a card type (rules.CardType) in the page's language; the
// engine's sentences on the judge's pages name card types too.
func CardType(ctx context.Context, t rules.CardType) string { return cardTypeWord(ctx, string(t)) }

// cardTypeWord is a card type (rules.CardType) in the page's language.
func cardTypeWord(ctx context.Context, t string) string {
	switch rules.CardType(t) {
	case rules.TypeLeader:
		return i18n.T(ctx, "JudgeDeckTypeLeader", nil)
	case rules.TypeBattle:
		return i18n.T(ctx, "JudgeDeckTypeBattle", nil)
	case rules.TypeExtra:
		return i18n.T(ctx, "JudgeDeckTypeExtra", nil)
	case rules.TypeUnison:
		return i18n.T(ctx, "JudgeDeckTypeUnison", nil)
	case rules.TypeZLeader:
		return i18n.T(ctx, "JudgeDeckTypeZLeader", nil)
	case rules.TypeZBattle:
		return i18n.T(ctx, "JudgeDeckTypeZBattle", nil)
	case rules.TypeZExtra:
		return i18n.T(ctx, "JudgeDeckTypeZExtra", nil)
	case rules.TypeZUnison:
		return i18n.T(ctx, "JudgeDeckTypeZUnison", nil)
	}
	return t
}

// coloursWord is a card's colours as rules joins them ("Red/Blue"), each
// in the page's language.
func coloursWord(ctx context.Context, colours string) string {
	parts := strings.Split(colours, "/")
	for i, c := range parts {
		parts[i] = Colour(ctx, c)
	}
	return strings.Join(parts, "/")
}

// Colour is one card colour ("Red", as rules.Card.Colours has it) in the
// page's language, for the engine's sentences as for the deck's problems.
func Colour(ctx context.Context, c string) string {
	switch c {
	case "Red":
		return i18n.T(ctx, "JudgeDeckColourRed", nil)
	case "Blue":
		return i18n.T(ctx, "JudgeDeckColourBlue", nil)
	case "Green":
		return i18n.T(ctx, "JudgeDeckColourGreen", nil)
	case "Yellow":
		return i18n.T(ctx, "JudgeDeckColourYellow", nil)
	case "Black":
		return i18n.T(ctx, "JudgeDeckColourBlack", nil)
	}
	return c
}

// gameOrFormatWord is a format's name (rules.Format.Name) or a game's
// short name as rules words it, in the page's language.
func gameOrFormatWord(ctx context.Context, name string) string {
	for _, f := range rules.Formats() {
		if f.Name == name {
			return gamewords.Format(ctx, f)
		}
	}
	for _, g := range []rules.Game{rules.GameFusionWorld, rules.GameMasters, rules.GameScoreDBZ, rules.GamePaniniDBZ} {
		if rules.GameName(g) == name {
			return gamewords.ShortName(ctx, g)
		}
	}
	return name
}

// alignmentWord is a DBZ card's alignment (rules.ExtraAlignment) in the
// page's language.
func alignmentWord(ctx context.Context, a string) string {
	switch a {
	case "hero":
		return i18n.T(ctx, "JudgeDeckAlignmentHero", nil)
	case "villain":
		return i18n.T(ctx, "JudgeDeckAlignmentVillain", nil)
	}
	return a
}

// cardKindWord is a kind of DBZ card limited per deck.
func cardKindWord(ctx context.Context, k string) string {
	switch k {
	case "Mastery":
		return i18n.T(ctx, "JudgeDeckKindMastery", nil)
	case "Sensei":
		return i18n.T(ctx, "JudgeDeckKindSensei", nil)
	}
	return k
}

// deckCountsWord is what a DBZ format counts toward the deck's size.
func deckCountsWord(ctx context.Context, what string) string {
	switch what {
	case "life deck, main personality levels and Mastery":
		return i18n.T(ctx, "JudgeDeckCountsScore", nil)
	case "life deck only, without main personality and Mastery":
		return i18n.T(ctx, "JudgeDeckCountsPanini", nil)
	}
	return what
}

// cardAttributeWord is a card attribute the card pool may lack.
func cardAttributeWord(ctx context.Context, attr string) string {
	if attr == "Sensei deck size" {
		return i18n.T(ctx, "JudgeDeckAttributeSenseiSize", nil)
	}
	return attr
}
