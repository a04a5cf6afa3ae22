package deckproblem

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// readErrorText is the message of a decklist line that cannot be read, by
// rules.DecklistMessages key. Each is a whole sentence naming the line
// ({{.Line}}), what it holds ({{.Text}}) and what it should have been
// ({{.A1}} … in DecklistMessages order).
func readErrorText(ctx context.Context, key string, a i18n.Args) (string, bool) {
	switch key {
	case "too-many-lines":
		return i18n.T(ctx, "DeckReadTooManyLines", a), true
	case "not-utf8":
		return i18n.T(ctx, "DeckReadNotUTF8", a), true
	case "line-too-long":
		return i18n.T(ctx, "DeckReadLineTooLong", a), true
	case "unreadable":
		return i18n.T(ctx, "DeckReadUnreadable", a), true
	case "not-a-card-line":
		return i18n.T(ctx, "DeckReadNotACardLine", a), true
	case "not-a-card-named":
		return i18n.T(ctx, "DeckReadNotACardNamed", a), true
	case "count-once":
		return i18n.T(ctx, "DeckReadCountOnce", a), true
	case "one-count-before":
		return i18n.T(ctx, "DeckReadOneCountBefore", a), true
	case "count-before":
		return i18n.T(ctx, "DeckReadCountBefore", a), true
	case "count-or-id":
		return i18n.T(ctx, "DeckReadCountOrID", a), true
	case "count-or-name":
		return i18n.T(ctx, "DeckReadCountOrName", a), true
	case "count-inside-name":
		return i18n.T(ctx, "DeckReadCountInsideName", a), true
	case "count-too-small":
		return i18n.T(ctx, "DeckReadCountTooSmall", a), true
	case "count-too-large":
		return i18n.T(ctx, "DeckReadCountTooLarge", a), true
	case "ambiguous-name":
		return i18n.T(ctx, "DeckReadAmbiguousName", a), true
	}
	return "", false
}

// ReadError is why a decklist could not be read, in ctx's language: a
// *rules.DecklistError is said again from its Key and Args, still naming
// its line; any other error (or a key without a message here) keeps its
// English text.
func ReadError(ctx context.Context, err error) string {
	var de *rules.DecklistError
	if !errors.As(err, &de) {
		return err.Error()
	}
	a := i18n.Args{"Line": de.Line, "Text": de.Text}
	for i, v := range de.Args {
		if e, isErr := v.(error); isErr {
			v = e.Error() // a reader's own failure: a technical detail, shown as it is
		}
		a["A"+strconv.Itoa(i+1)] = v
	}
	if text, ok := readErrorText(ctx, de.Key, a); ok {
		return text
	}
	return err.Error()
}

// ruleLabelText is the words of the rule labels rules puts on a deck
// problem (rules.Problem.Rule) where the rule has no number.
func ruleLabelText(ctx context.Context, rule string) (string, bool) {
	switch rule {
	case "Card pool":
		return i18n.T(ctx, "DeckRuleCardPool", nil), true
	case "Ban list":
		return i18n.T(ctx, "DeckRuleBanList", nil), true
	case "Format":
		return i18n.T(ctx, "DeckRuleFormat", nil), true
	case "Tournament rules: side deck":
		return i18n.T(ctx, "DeckRuleSideDeck", nil), true
	case "Draft rules":
		return i18n.T(ctx, "DeckRuleDraft", nil), true
	case "Sealed rules (assumed as Draft)":
		return i18n.T(ctx, "DeckRuleSealed", nil), true
	}
	return "", false
}

// dbzRuleTopicText is a topic of the DBZ games' deck rules, which rules
// labels "<rules>: <topic>" ("Score DBZ CCG: deck size").
func dbzRuleTopicText(ctx context.Context, topic string, a i18n.Args) (string, bool) {
	switch topic {
	case "main personality":
		return i18n.T(ctx, "DeckRuleDbzMainPersonality", a), true
	case "deck":
		return i18n.T(ctx, "DeckRuleDbzDeck", a), true
	case "Sensei deck":
		return i18n.T(ctx, "DeckRuleDbzSenseiDeck", a), true
	case "allies":
		return i18n.T(ctx, "DeckRuleDbzAllies", a), true
	case "named cards":
		return i18n.T(ctx, "DeckRuleDbzNamedCards", a), true
	case "Hero/Villain":
		return i18n.T(ctx, "DeckRuleDbzHeroVillain", a), true
	case "Dragon Balls":
		return i18n.T(ctx, "DeckRuleDbzDragonBalls", a), true
	case "deck size":
		return i18n.T(ctx, "DeckRuleDbzDeckSize", a), true
	case "Mastery":
		return i18n.T(ctx, "DeckRuleDbzMastery", a), true
	case "copy limits":
		return i18n.T(ctx, "DeckRuleDbzCopyLimits", a), true
	}
	return "", false
}

// RuleLabel is the rule a deck problem cites, in ctx's language: the words
// of a label are translated ("Ban list"), a rule number ("CR 6-1-3",
// "Masters CR 6-1-4"), a card keyword ("[Super Combo]") and a game's name
// stay as they are.
func RuleLabel(ctx context.Context, rule string) string {
	if text, ok := ruleLabelText(ctx, rule); ok {
		return text
	}
	if game, topic, ok := strings.Cut(rule, ": "); ok && strings.Contains(game, "DBZ") {
		if text, ok := dbzRuleTopicText(ctx, topic, i18n.Args{"Rules": game}); ok {
			return text
		}
	}
	return rule
}
