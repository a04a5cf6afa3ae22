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

// LeftToPlayers lists the kinds of the effects (cost parts first) of an
// understood skill that the engine reads but does not carry out, and
// skill.Text for a skill it does not carry out for another reason; empty
// when Applies holds.
func LeftToPlayers(sk *skill.Skill) []skill.Kind {
	if !sk.Understood || Applies(sk) {
		return nil
	}
	var out []skill.Kind
	for _, part := range [][]skill.Effect{sk.Cost.Parts, sk.Effects} {
		for i := range part {
			if !applies(&part[i], sk.Timing) {
				out = append(out, part[i].Kind)
			}
		}
	}
	if len(out) == 0 {
		out = append(out, skill.Text)
	}
	return out
}

// applies reports whether the engine carries out effect ef of a skill with
// timing t: its kind's row in effectKinds says.
func applies(ef *skill.Effect, t skill.Timing) bool {
	if int(ef.Kind) >= len(effectKinds) || effectKinds[ef.Kind] == nil {
		return false
	}
	return effectKinds[ef.Kind].carries(ef, t)
}
