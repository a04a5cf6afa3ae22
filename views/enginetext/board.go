package enginetext

import (
	"context"

	"github.com/tenkaichi-org/tenkaichi/rules/engine"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// Phase is a phase of the turn ("charge", "main", "end" as the engine
// names them) in ctx's language.
func Phase(ctx context.Context, phase string) string {
	switch phase {
	case "charge":
		return i18n.T(ctx, "EnginePhaseCharge", nil)
	case "main":
		return i18n.T(ctx, "EnginePhaseMain", nil)
	case "end":
		return i18n.T(ctx, "EnginePhaseEnd", nil)
	}
	return phase
}

// BattleStep is a step of a battle ("attack", "offense" …) in ctx's language.
func BattleStep(ctx context.Context, step string) string {
	switch step {
	case "attack":
		return i18n.T(ctx, "EngineBattleStepAttack", nil)
	case "offense":
		return i18n.T(ctx, "EngineBattleStepOffense", nil)
	case "defense":
		return i18n.T(ctx, "EngineBattleStepDefense", nil)
	case "damage":
		return i18n.T(ctx, "EngineBattleStepDamage", nil)
	}
	return step
}

// GameOver is how a game ended, in ctx's language.
func GameOver(ctx context.Context, r engine.Result) string {
	reason := r.Reason
	switch r.Reason {
	case "concession":
		reason = i18n.T(ctx, "EngineEndConcession", nil)
	case "both players lost at once":
		reason = i18n.T(ctx, "EngineEndBothLost", nil)
	case "defeat check":
		reason = i18n.T(ctx, "EngineEndDefeatCheck", nil)
	}
	if r.Winner == engine.NoSide {
		return i18n.T(ctx, "EngineGameOverDraw", i18n.Args{"Reason": reason})
	}
	return i18n.T(ctx, "EngineGameOverWin", i18n.Args{"Side": r.Winner.String(), "Reason": reason})
}
