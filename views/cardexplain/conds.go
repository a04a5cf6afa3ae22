package cardexplain

import (
	"context"

	"github.com/tenkaichi-org/tenkaichi/rules/skill"
	"github.com/tenkaichi-org/tenkaichi/views/enginetext"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// condsText says the conditions of a skill or an effect in ctx's
// language, joined by the engine's "and".
func condsText(ctx context.Context, cs []skill.Cond) string {
	out := ""
	for i := range cs {
		c := condText(ctx, &cs[i])
		if out == "" {
			out = c
		} else {
			out = i18n.T(ctx, "EngineWordsAnd", i18n.Args{"First": out, "Next": c})
		}
	}
	return out
}

// condText says one condition; one the command cannot word keeps the
// compact form of rules/skill.
func condText(ctx context.Context, c *skill.Cond) string {
	s := condWords(ctx, c)
	if s == "" {
		return skill.CondsString([]skill.Cond{*c})
	}
	if c.Not {
		return i18n.T(ctx, "CliCondNot", i18n.Args{"Condition": s})
	}
	return s
}

// condWords words a condition's kind, "" for one without words.
func condWords(ctx context.Context, c *skill.Cond) string {
	n := i18n.Args{"N": c.N}
	cards := i18n.Args{"Cards": enginetext.Target(ctx, skill.Target{N: max(c.N, 1), Filter: c.Card})}
	switch c.Kind {
	case skill.LeaderAwakened:
		return i18n.T(ctx, "CliCondLeaderAwakened", nil)
	case skill.LeaderIs:
		return i18n.T(ctx, "CliCondLeaderIs", cards)
	case skill.HandAtMost:
		return i18n.T(ctx, "CliCondHandAtMost", n)
	case skill.HandAtLeast:
		return i18n.T(ctx, "CliCondHandAtLeast", n)
	case skill.OppHandAtLeast:
		return i18n.T(ctx, "CliCondOppHandAtLeast", n)
	case skill.OppHandAtMost:
		return i18n.T(ctx, "CliCondOppHandAtMost", n)
	case skill.LifeAtMost:
		return i18n.T(ctx, "CliCondLifeAtMost", n)
	case skill.LifeAtLeast:
		return i18n.T(ctx, "CliCondLifeAtLeast", n)
	case skill.LifeIs:
		return i18n.T(ctx, "CliCondLifeIs", n)
	case skill.OppLifeAtMost:
		return i18n.T(ctx, "CliCondOppLifeAtMost", n)
	case skill.OppLifeAtLeast:
		return i18n.T(ctx, "CliCondOppLifeAtLeast", n)
	case skill.DropAtLeast:
		return i18n.T(ctx, "CliCondDropAtLeast", n)
	case skill.ComboAtLeast:
		return i18n.T(ctx, "CliCondComboAtLeast", n)
	case skill.ThisPowerAtLeast:
		return i18n.T(ctx, "CliCondThisPowerAtLeast", n)
	// zone, play and combo conditions (issue 29)
	case skill.ComboFromDropUsed:
		return i18n.T(ctx, "CliCondComboFromDropUsed", nil)
	case skill.MarkerRemoved:
		return i18n.T(ctx, "CliCondMarkerRemoved", nil)
	case skill.ReturnedAtLeast:
		return i18n.T(ctx, "CliCondReturnedAtLeast", n)
	case skill.DeckIs:
		return i18n.T(ctx, "CliCondDeckIs", n)
	case skill.HaveInAreaOrDrop:
		return i18n.T(ctx, "CliCondHaveInAreaOrDrop", cards)
	case skill.ThatCostAtMostEnergy:
		return i18n.T(ctx, "CliCondThatCostAtMostEnergy", nil)
	case skill.PlayedBySkill:
		return i18n.T(ctx, "CliCondPlayedBySkill", nil)
	}
	if s := energyCondWords(ctx, c, n); s != "" {
		return s
	}
	return cardCondWords(ctx, c, cards)
}

// energyCondWords words the conditions on energy and energy markers.
func energyCondWords(ctx context.Context, c *skill.Cond, n i18n.Args) string {
	switch c.Kind {
	case skill.EnergyAtLeast:
		return i18n.T(ctx, "CliCondEnergyAtLeast", n)
	case skill.EnergyAtMost:
		return i18n.T(ctx, "CliCondEnergyAtMost", n)
	case skill.EnergyIs:
		return i18n.T(ctx, "CliCondEnergyIs", n)
	case skill.ActiveEnergyAtLeast:
		return i18n.T(ctx, "CliCondActiveEnergyAtLeast", n)
	case skill.EnergyLess:
		return i18n.T(ctx, "CliCondEnergyLess", nil)
	case skill.HasMarker:
		return i18n.T(ctx, "CliCondHasMarker", nil)
	case skill.OppHasMarker:
		return i18n.T(ctx, "CliCondOppHasMarker", nil)
	case skill.AnyMarker:
		return i18n.T(ctx, "CliCondAnyMarker", nil)
	case skill.PaidWithMarker:
		return i18n.T(ctx, "CliCondPaidWithMarker", nil)
	}
	return ""
}

// cardCondWords words the conditions on cards in play and this card.
func cardCondWords(ctx context.Context, c *skill.Cond, cards i18n.Args) string {
	switch c.Kind {
	case skill.Have:
		if c.WithLeader {
			return i18n.T(ctx, "CliCondHaveWithLeader", cards)
		}
		return i18n.T(ctx, "CliCondHave", cards)
	case skill.HaveInEnergy:
		return i18n.T(ctx, "CliCondHaveInEnergy", cards)
	case skill.HaveInDrop:
		return i18n.T(ctx, "CliCondHaveInDrop", cards)
	case skill.OppHave:
		return i18n.T(ctx, "CliCondOppHave", cards)
	case skill.InPlayAnywhere:
		return i18n.T(ctx, "CliCondInPlayAnywhere", cards)
	case skill.InBattle:
		return i18n.T(ctx, "CliCondInBattle", nil)
	case skill.ThisRest:
		return i18n.T(ctx, "CliCondThisRest", nil)
	case skill.AttackingBattle:
		return i18n.T(ctx, "CliCondAttackingBattle", nil)
	case skill.InBattleWithBattle:
		return i18n.T(ctx, "CliCondInBattleWithBattle", nil)
	case skill.BattleOfBattle: // battle phrases (issue 29)
		return i18n.T(ctx, "CliCondBattleOfBattle", nil)
	case skill.OppKOdInBattle:
		return i18n.T(ctx, "CliCondOppKOdInBattle", nil)
	case skill.AttackerIs:
		return i18n.T(ctx, "CliCondAttackerIs", i18n.Args{"Cards": enginetext.Target(ctx, skill.Target{N: 1, Filter: c.Card})})
	}
	return ""
}

// triggerText says what an [Auto] skill waits for; "" for none.
func triggerText(ctx context.Context, t skill.Trigger) string {
	switch t {
	case skill.ComboFromHand:
		return i18n.T(ctx, "CliTriggerComboFromHand", nil)
	case skill.ComboFromBattle:
		return i18n.T(ctx, "CliTriggerComboFromBattle", nil)
	case skill.ComboFromDrop:
		return i18n.T(ctx, "CliTriggerComboFromDrop", nil)
	case skill.ComboWhileInBattle:
		return i18n.T(ctx, "CliTriggerComboWhileInBattle", nil)
	case skill.KOsInBattle:
		return i18n.T(ctx, "CliTriggerKOsInBattle", nil)
	case skill.TakeDamage:
		return i18n.T(ctx, "CliTriggerTakeDamage", nil)
	case skill.OpponentPlays:
		return i18n.T(ctx, "CliTriggerOpponentPlays", nil)
	case skill.ThisAttacks:
		return i18n.T(ctx, "CliTriggerThisAttacks", nil)
	case skill.OtherTrigger:
		return i18n.T(ctx, "CliTriggerOther", nil)
	case skill.AttackDealsDamage:
		return i18n.T(ctx, "CliTriggerAttackDealsDamage", nil)
	case skill.LeaderAttacks:
		return i18n.T(ctx, "CliTriggerLeaderAttacks", nil)
	case skill.ThisKOd:
		return i18n.T(ctx, "CliTriggerThisKOd", nil)
	case skill.ThisPlayed:
		return i18n.T(ctx, "CliTriggerThisPlayed", nil)
	case skill.ComboFromBattleInBattle:
		return i18n.T(ctx, "CliTriggerComboFromBattleInBattle", nil)
	case skill.YourBattleCardAttacks: // battle phrases (issue 29)
		return i18n.T(ctx, "CliTriggerYourBattleCardAttacks", nil)
	case skill.OppBattleCardAttacks:
		return i18n.T(ctx, "CliTriggerOppBattleCardAttacks", nil)
	// zone, play and combo triggers (issue 29)
	case skill.OppReturnedToHand:
		return i18n.T(ctx, "CliTriggerOppReturnedToHand", nil)
	case skill.ActivatedBySkill:
		return i18n.T(ctx, "CliTriggerActivatedBySkill", nil)
	case skill.PlayedFromDrop:
		return i18n.T(ctx, "CliTriggerPlayedFromDrop", nil)
	}
	return ""
}

// skillTriggerText says what sk waits for, with the cards of a trigger on
// one of the player's cards ("your <Babidi> ... is played").
func skillTriggerText(ctx context.Context, sk *skill.Skill) string {
	if sk.Trigger == skill.YourCardPlayed {
		t := sk.TriggerCards
		t.Who, t.N = skill.AnyPlayers, 1 // "your" is in the sentence
		return i18n.T(ctx, "CliTriggerYourCardPlayed", i18n.Args{"Cards": enginetext.Target(ctx, t)})
	}
	return triggerText(ctx, sk.Trigger)
}
