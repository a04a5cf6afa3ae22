package judge

import (
	"context"

	"github.com/tenkaichi-org/tenkaichi/rules/engine"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// The tracker's words for verbs, phases and steps, one message each (the
// message file's test finds every id used here).

// doLabel is the button of one of the player's own one-tap moves.
func doLabel(ctx context.Context, v engine.Verb) string {
	switch v {
	case engine.VerbFirst:
		return i18n.T(ctx, "TrackerDoFirst", nil)
	case engine.VerbKeep:
		return i18n.T(ctx, "TrackerDoKeep", nil)
	case engine.VerbRedraw:
		return i18n.T(ctx, "TrackerDoRedraw", nil)
	case engine.VerbDraw:
		return i18n.T(ctx, "TrackerDoDraw", nil)
	case engine.VerbPass:
		return i18n.T(ctx, "TrackerDoPass", nil)
	case engine.VerbEnd:
		return i18n.T(ctx, "TrackerDoEnd", nil)
	case engine.VerbDamage:
		return i18n.T(ctx, "TrackerDoDamage", nil)
	case engine.VerbKO:
		return i18n.T(ctx, "TrackerDoKO", nil)
	case engine.VerbMiss:
		return i18n.T(ctx, "TrackerDoMiss", nil)
	}
	return string(v)
}

// outcomeDetail says what a battle's outcome button records.
func outcomeDetail(ctx context.Context, v engine.Verb) string {
	switch v {
	case engine.VerbDamage:
		return i18n.T(ctx, "TrackerDamageDetail", nil)
	case engine.VerbKO:
		return i18n.T(ctx, "TrackerKODetail", nil)
	case engine.VerbMiss:
		return i18n.T(ctx, "TrackerMissDetail", nil)
	}
	return ""
}

// theyLabel is the button of a one-tap move entered for the opponent.
func theyLabel(ctx context.Context, v engine.Verb, args i18n.Args) string {
	switch v {
	case engine.VerbKeep:
		return i18n.T(ctx, "TrackerTheyKeep", args)
	case engine.VerbRedraw:
		return i18n.T(ctx, "TrackerTheyRedraw", args)
	case engine.VerbDraw:
		return i18n.T(ctx, "TrackerTheyDraw", args)
	case engine.VerbPass:
		return i18n.T(ctx, "TrackerTheyPass", args)
	case engine.VerbEnd:
		return i18n.T(ctx, "TrackerTheyEnd", args)
	case engine.VerbBlock:
		return i18n.T(ctx, "TrackerTheyBlock", args)
	}
	return string(v)
}

// groupTitle is the heading of a group of moves that name a card.
func groupTitle(ctx context.Context, key string) string {
	switch key {
	case "draw":
		return i18n.T(ctx, "TrackerGroupDraw", nil)
	case "charge":
		return i18n.T(ctx, "TrackerGroupCharge", nil)
	case "play":
		return i18n.T(ctx, "TrackerGroupPlay", nil)
	case "attack":
		return i18n.T(ctx, "TrackerGroupAttack", nil)
	case "block":
		return i18n.T(ctx, "TrackerGroupBlock", nil)
	case "combo":
		return i18n.T(ctx, "TrackerGroupCombo", nil)
	case "skill":
		return i18n.T(ctx, "TrackerGroupSkill", nil)
	}
	return key
}

func phaseWord(ctx context.Context, p engine.Phase) string {
	switch p {
	case engine.PhaseCharge:
		return i18n.T(ctx, "TrackerPhaseCharge", nil)
	case engine.PhaseMain:
		return i18n.T(ctx, "TrackerPhaseMain", nil)
	case engine.PhaseEnd:
		return i18n.T(ctx, "TrackerPhaseEnd", nil)
	}
	return p.String()
}

// battleStepWord names a battle's step by what happens in it.
func battleStepWord(ctx context.Context, step string) string {
	switch step {
	case "attack":
		return i18n.T(ctx, "TrackerStepAttack", nil)
	case "offense":
		return i18n.T(ctx, "TrackerStepOffense", nil)
	case "defense":
		return i18n.T(ctx, "TrackerStepDefense", nil)
	case "damage":
		return i18n.T(ctx, "TrackerStepDamage", nil)
	}
	return step
}
