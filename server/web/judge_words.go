package web

import (
	"context"
	"strconv"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/judging"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// The judges' words and addresses that the staff pages use too (the
// penalties page, deck checks, judge calls), so that staff and judge
// depend on web and not on each other.

// PenaltyKinds are the penalty choices, named in the page's language, for
// a page that still takes worded options (the staff's penalties page).
func PenaltyKinds(ctx context.Context) []views.Option {
	opts := make([]views.Option, len(judging.RulingPenaltyKinds))
	for i, k := range judging.RulingPenaltyKinds {
		opts[i] = views.Option{Value: k, Label: PenaltyLabel(ctx, k)}
	}
	return opts
}

// PenaltyChoices are the penalty choices, named by the page.
func PenaltyChoices() []views.Choice {
	opts := make([]views.Choice, len(judging.RulingPenaltyKinds))
	for i, k := range judging.RulingPenaltyKinds {
		opts[i] = views.Choice{Value: k, Label: PenaltyName(k)}
	}
	return opts
}

// PenaltyLabel is PenaltyName in the page's language.
func PenaltyLabel(ctx context.Context, kind string) string { return PenaltyName(kind).In(ctx) }

// PenaltyName names a penalty kind (the staff's penalties page and the
// judge's rulings say it the same way).
func PenaltyName(kind string) i18n.Message {
	switch kind {
	case "caution":
		return i18n.M("JudgePenaltyCaution", nil)
	case "warning":
		return i18n.M("JudgePenaltyWarning", nil)
	case "game-loss":
		return i18n.M("JudgePenaltyGameLoss", nil)
	case "match-loss":
		return i18n.M("JudgePenaltyMatchLoss", nil)
	case "disqualification":
		return i18n.M("JudgePenaltyDisqualification", nil)
	}
	return i18n.Verbatim(kind)
}

// JudgeConsoleURL is an event's judge console.
func JudgeConsoleURL(e *storage.Event) string {
	return "/events/" + strconv.FormatInt(e.ID, 10) + "/judge"
}

// JudgeLogURL is the judge's page of a game log.
func JudgeLogURL(e *storage.Event, logID int64) string {
	return JudgeConsoleURL(e) + "/logs/" + strconv.FormatInt(logID, 10)
}

// JudgeStepURL is the judge's page of a log at one step.
func JudgeStepURL(e *storage.Event, logID int64, step int) string {
	return JudgeLogURL(e, logID) + "?step=" + strconv.Itoa(step)
}
