package server

import (
	"context"
	"strconv"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// deckProblemText is a deck problem in the page's language: its message is
// found by the problem's Key and rebuilt from its Args (A1, A2 … in
// rules.Messages order), so the API's English message and a page's text
// come from the same values. A key without a message here keeps English.
func deckProblemText(ctx context.Context, p rules.Problem) string {
	a := make(i18n.Args, len(p.Args))
	for i, v := range p.Args {
		a["A"+strconv.Itoa(i+1)] = v
	}
	switch p.Key {
	case "unknown-card":
		return i18n.T(ctx, "JudgeDeckUnknownCard", a)
	case "unknown-card-unnamed":
		return i18n.T(ctx, "JudgeDeckUnknownCardUnnamed", a)
	case "wrong-game":
		return i18n.T(ctx, "JudgeDeckWrongGame", a)
	case "wrong-game-number":
		return i18n.T(ctx, "JudgeDeckWrongGameNumber", a)
	case "wrong-game-number-unnamed":
		return i18n.T(ctx, "JudgeDeckWrongGameNumberUnnamed", a)
	case "energy-marker":
		return i18n.T(ctx, "JudgeDeckEnergyMarker", a)
	case "no-leader":
		return i18n.T(ctx, "JudgeDeckNoLeader", a)
	case "too-many-leaders":
		return i18n.T(ctx, "JudgeDeckTooManyLeaders", a)
	case "not-a-leader":
		return i18n.T(ctx, "JudgeDeckNotALeader", a)
	case "leader-in-deck":
		return i18n.T(ctx, "JudgeDeckLeaderInDeck", a)
	case "deck-too-small":
		return i18n.T(ctx, "JudgeDeckDeckTooSmall", a)
	case "deck-too-large":
		return i18n.T(ctx, "JudgeDeckDeckTooLarge", a)
	case "deck-size":
		return i18n.T(ctx, "JudgeDeckDeckSize", a)
	case "too-many-copies":
		return i18n.T(ctx, "JudgeDeckTooManyCopies", a)
	case "colour":
		return i18n.T(ctx, "JudgeDeckColour", a)
	case "too-many-keyword":
		return i18n.T(ctx, "JudgeDeckTooManyKeyword", a)
	case "side-too-large":
		return i18n.T(ctx, "JudgeDeckSideTooLarge", a)
	case "side-not-allowed":
		return i18n.T(ctx, "JudgeDeckSideNotAllowed", a)
	case "zdeck-too-large":
		return i18n.T(ctx, "JudgeDeckZdeckTooLarge", a)
	case "zdeck-not-allowed":
		return i18n.T(ctx, "JudgeDeckZdeckNotAllowed", a)
	case "zdeck-not-z-card":
		return i18n.T(ctx, "JudgeDeckZdeckNotZCard", a)
	case "z-card-in-deck":
		return i18n.T(ctx, "JudgeDeckZCardInDeck", a)
	case "specified-events":
		return i18n.T(ctx, "JudgeDeckSpecifiedEvents", a)
	case "leader-restriction":
		return i18n.T(ctx, "JudgeDeckLeaderRestriction", a)
	case "leader-restriction-limit":
		return i18n.T(ctx, "JudgeDeckLeaderRestrictionLimit", a)
	case "sensei-not-allowed":
		return i18n.T(ctx, "JudgeDeckSenseiNotAllowed", a)
	case "banned":
		return i18n.T(ctx, "JudgeDeckBanned", a)
	case "over-ban-limit":
		return i18n.T(ctx, "JudgeDeckOverBanLimit", a)
	case "dbz-deck-too-small":
		return i18n.T(ctx, "JudgeDeckDbzDeckTooSmall", a)
	case "dbz-deck-too-large":
		return i18n.T(ctx, "JudgeDeckDbzDeckTooLarge", a)
	case "dbz-deck-size":
		return i18n.T(ctx, "JudgeDeckDbzDeckSize", a)
	case "no-main-personality":
		return i18n.T(ctx, "JudgeDeckNoMainPersonality", a)
	case "mp-not-personality":
		return i18n.T(ctx, "JudgeDeckMpNotPersonality", a)
	case "mp-mixed":
		return i18n.T(ctx, "JudgeDeckMpMixed", a)
	case "mp-level-missing":
		return i18n.T(ctx, "JudgeDeckMpLevelMissing", a)
	case "mp-level-twice":
		return i18n.T(ctx, "JudgeDeckMpLevelTwice", a)
	case "mp-too-high":
		return i18n.T(ctx, "JudgeDeckMpTooHigh", a)
	case "mp-too-few-levels":
		return i18n.T(ctx, "JudgeDeckMpTooFewLevels", a)
	case "mp-level-count":
		return i18n.T(ctx, "JudgeDeckMpLevelCount", a)
	case "named-card":
		return i18n.T(ctx, "JudgeDeckNamedCard", a)
	case "alignment":
		return i18n.T(ctx, "JudgeDeckAlignment", a)
	case "alignment-mixed":
		return i18n.T(ctx, "JudgeDeckAlignmentMixed", a)
	case "ally-same-personality":
		return i18n.T(ctx, "JudgeDeckAllySamePersonality", a)
	case "ally-level":
		return i18n.T(ctx, "JudgeDeckAllyLevel", a)
	case "dragon-ball-sets":
		return i18n.T(ctx, "JudgeDeckDragonBallSets", a)
	case "dragon-ball-incomplete":
		return i18n.T(ctx, "JudgeDeckDragonBallIncomplete", a)
	case "mastery-missing":
		return i18n.T(ctx, "JudgeDeckMasteryMissing", a)
	case "too-many-of-kind":
		return i18n.T(ctx, "JudgeDeckTooManyOfKind", a)
	case "sensei-only":
		return i18n.T(ctx, "JudgeDeckSenseiOnly", a)
	case "sensei-deck-no-card":
		return i18n.T(ctx, "JudgeDeckSenseiDeckNoCard", a)
	case "sensei-card-in-sensei-deck":
		return i18n.T(ctx, "JudgeDeckSenseiCardInSenseiDeck", a)
	case "not-sensei-deck-card":
		return i18n.T(ctx, "JudgeDeckNotSenseiDeckCard", a)
	case "sensei-deck-size":
		return i18n.T(ctx, "JudgeDeckSenseiDeckSize", a)
	case "ally-set":
		return i18n.T(ctx, "JudgeDeckAllySet", a)
	case "dbz-leader-header":
		return i18n.T(ctx, "JudgeDeckDbzLeaderHeader", a)
	case "unknown-attribute":
		return i18n.T(ctx, "JudgeDeckUnknownAttribute", a)
	}
	return p.Message
}
