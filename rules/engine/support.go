package engine

import "github.com/tenkaichi-org/tenkaichi/rules/skill"

// Applies reports whether the engine carries out everything a skill it
// reads does: each effect is applied or checked. A skill with an effect the
// engine reads but does not apply (a cost change of other cards, "can't be
// KO'd", "choose one", rearranging the deck ...) is flagged in a replay
// when it happens, and its effect is declared in the log.
func Applies(sk *skill.Skill) bool {
	if !sk.Understood {
		return false
	}
	for i := range sk.Cost.Parts {
		if !applies(&sk.Cost.Parts[i], sk.Timing) {
			return false
		}
	}
	for i := range sk.Effects {
		if !applies(&sk.Effects[i], sk.Timing) {
			return false
		}
	}
	return true
}

// applies reports whether the engine carries out effect ef of a skill with
// timing t: its kind's row in effectKinds says.
func applies(ef *skill.Effect, t skill.Timing) bool {
	if int(ef.Kind) >= len(effectKinds) || effectKinds[ef.Kind] == nil {
		return false
	}
	return effectKinds[ef.Kind].carries(ef, t)
}
