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

func applies(ef *skill.Effect, t skill.Timing) bool {
	switch ef.Kind {
	case skill.AddToHand:
		return ef.From == skill.Drop
	case skill.Draw, skill.Power, skill.ComboPower, skill.KO, skill.Rest, skill.Activate, skill.ToHand,
		skill.ToDeckBottom, skill.ToDrop, skill.ToEnergy, skill.Search, skill.LifeToHand,
		skill.LifeToDrop, skill.LifeToEnergy, skill.AddLife, skill.Charge, skill.Mill, skill.Discard,
		skill.OpponentDiscards, skill.EnergyActive, skill.EnergyRest, skill.EnergyToDrop, skill.PlaceMarker,
		skill.RemoveMarker, skill.Damage, skill.NextCost:
		return ef.Kind != skill.Power || ef.For != skill.WhileHolds || t.Has(skill.Permanent)
	case skill.ToDeckTop:
		return ef.Place == ""
	case skill.Play:
		return ef.From == skill.Hand || ef.From == skill.Drop
	case skill.Flip:
		return t.Has(skill.Awaken)
	case skill.Gain:
		return ef.Detail == "" && (ef.For == skill.WhileHolds && t.Has(skill.Permanent) || keywordBits[ef.Keyword] != 0 && ef.For != skill.WhileHolds)
	case skill.CantAttack:
		return ef.Detail == ""
	case skill.CantActivate:
		return ef.Detail == "" && ef.For == skill.UntilNextTurn
	case skill.CostChange:
		return ef.Target.Who == skill.ThisCard && ef.Detail == "" && t.Has(skill.Permanent)
	}
	return false
}
