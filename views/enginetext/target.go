package enginetext

import (
	"context"

	"github.com/tenkaichi-org/tenkaichi/rules/skill"
	"github.com/tenkaichi-org/tenkaichi/views/deckproblem"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// Target says which cards a skill works on ("up to 1 of your opponent's
// Rest Mode Battle Cards with a cost of 3 or less") in ctx's language, from
// the target's fields: English word for word skill.Target.Phrase, each
// piece a message whose form follows the count, so a language orders and
// inflects them its own way. Card names, special traits and keywords stay
// as printed.
func Target(ctx context.Context, t skill.Target) string {
	switch t.Who {
	case skill.ThisCard:
		return i18n.T(ctx, "EngineTargetThisCard", nil)
	case skill.YourLeader:
		if hasFilter(t.Filter) {
			return i18n.T(ctx, "EngineTargetYourLeaderWith", cards(ctx, t.Filter, 1))
		}
		return i18n.T(ctx, "EngineTargetYourLeader", nil)
	case skill.ThisAndLeader:
		return i18n.T(ctx, "EngineTargetThisAndLeader", nil)
	case skill.YourLeaderOrThis:
		return i18n.T(ctx, "EngineTargetThisOrLeader", nil)
	case skill.InBattleYours:
		return i18n.T(ctx, "EngineTargetInBattleYours", nil)
	case skill.ThatCard:
		return i18n.T(ctx, "EngineTargetChosenBefore", nil)
	case skill.LeaderOrYours:
		return i18n.N(ctx, "EngineTargetLeaderOrYours", t.N, cards(ctx, t.Filter, pluralForm(t.N)))
	case skill.CardsInHand:
		return i18n.N(ctx, "EngineTargetFromHand", t.N, cards(ctx, t.Filter, t.N))
	}
	yours, opponents := t.Who == skill.Yours, t.Who == skill.Opponents
	// English says "1 of your Battle Cards": among a player's cards the
	// noun is plural, as it is for "all" and any count but one.
	form := t.N
	if t.All || yours || opponents {
		form = pluralForm(t.N)
	}
	a := cards(ctx, t.Filter, form)
	var out string
	switch {
	case t.All && yours:
		out = i18n.T(ctx, "EngineTargetAllYours", a)
	case t.All && opponents:
		out = i18n.T(ctx, "EngineTargetAllOpponents", a)
	case t.All:
		out = i18n.T(ctx, "EngineTargetAll", a)
	case t.UpTo && yours:
		out = i18n.N(ctx, "EngineTargetUpToYours", t.N, a)
	case t.UpTo && opponents:
		out = i18n.N(ctx, "EngineTargetUpToOpponents", t.N, a)
	case t.UpTo:
		out = i18n.N(ctx, "EngineTargetUpTo", t.N, a)
	case t.N > 0 && yours:
		out = i18n.N(ctx, "EngineTargetCountYours", t.N, a)
	case t.N > 0 && opponents:
		out = i18n.N(ctx, "EngineTargetCountOpponents", t.N, a)
	case t.N > 0:
		out = i18n.N(ctx, "EngineTargetCount", t.N, a)
	case yours:
		out = i18n.T(ctx, "EngineTargetYours", a)
	case opponents:
		out = i18n.T(ctx, "EngineTargetOpponents", a)
	default:
		out = i18n.T(ctx, "EngineTargetCards", a)
	}
	for _, alt := range t.Alts {
		out = or(ctx, out, i18n.T(ctx, "EngineTargetCards", cards(ctx, alt, 1)))
	}
	return out
}

// pluralForm is a count that takes the plural form: n itself unless it is
// one (or none), where 2 stands for "several".
func pluralForm(n int) int {
	if n > 1 {
		return n
	}
	return 2
}

// hasFilter reports whether Phrase names the filter of a Leader target: any
// more than a plain card.
func hasFilter(f skill.Filter) bool {
	return f.Type != "" || f.Rest || f.Other || f.Colour != "" || len(f.Names) > 0 || f.Cost.Set() ||
		f.Power.Set() || f.OrigPower.Set() || len(f.Traits) > 0 || len(f.Contains) > 0 || len(f.NotNames) > 0
}

// cards says the cards a filter lets through, in the form for count n
// ("Battle Card" for 1, "Battle Cards" otherwise in English), as two
// values of a message: Cards, the noun with the words before it in English
// (names, colour, other, Rest Mode), and With, the conditions after it
// (" with a cost of 3 or less", ", not <Goku>"; "" without), so that a
// language puts whose cards they are between the two, or the conditions
// first.
func cards(ctx context.Context, f skill.Filter, n int) i18n.Args {
	var s string
	switch f.Type {
	case "Battle":
		s = i18n.N(ctx, "EngineCardsBattle", n, nil)
	case "Extra":
		s = i18n.N(ctx, "EngineCardsExtra", n, nil)
	case "Field":
		s = i18n.N(ctx, "EngineCardsField", n, nil)
	case "Leader":
		s = i18n.N(ctx, "EngineCardsLeader", n, nil)
	default:
		s = i18n.N(ctx, "EngineCardsAny", n, nil)
	}
	if len(f.Names) > 0 {
		s = i18n.N(ctx, "EngineCardsNamed", n, i18n.Args{"Names": orList(ctx, f.Names, "<", ">"), "Cards": s})
	}
	if f.Colour != "" {
		s = i18n.N(ctx, "EngineCardsColour", n, i18n.Args{"Colour": deckproblem.Colour(ctx, f.Colour), "Cards": s})
	}
	if f.Other {
		s = i18n.N(ctx, "EngineCardsOther", n, i18n.Args{"Cards": s})
	}
	if f.Rest {
		s = i18n.N(ctx, "EngineCardsRest", n, i18n.Args{"Cards": s})
	}
	var conds []string
	if f.Cost.Set() {
		conds = append(conds, rangeText(ctx, "EngineCost", f.Cost))
	}
	if f.Power.Set() {
		conds = append(conds, rangeText(ctx, "EnginePower", f.Power))
	}
	if f.OrigPower.Set() {
		conds = append(conds, rangeText(ctx, "EngineOriginalPower", f.OrigPower))
	}
	if len(f.Traits) > 0 {
		conds = append(conds, i18n.T(ctx, "EngineCardsTraits", i18n.Args{"Traits": orList(ctx, f.Traits, "«", "»")}))
	}
	if len(f.Contains) > 0 {
		conds = append(conds, i18n.T(ctx, "EngineCardsNameContains", i18n.Args{"Names": orList(ctx, f.Contains, "<", ">")}))
	}
	var with string
	if len(conds) > 0 {
		all := conds[0]
		for _, c := range conds[1:] {
			all = i18n.T(ctx, "EngineWordsAnd", i18n.Args{"First": all, "Next": c})
		}
		with = i18n.N(ctx, "EngineCardsWith", n, i18n.Args{"Conditions": all})
	}
	for _, name := range f.NotNames {
		with += i18n.N(ctx, "EngineCardsNotNamed", n, i18n.Args{"Name": "<" + name + ">"})
	}
	return i18n.Args{"Cards": s, "With": with}
}

// rangeText is a cost's or power's bounds: prefix + Is, FromTo, AtLeast or
// AtMost ("a cost of 3 or less"; the ids are listed in views/i18n's
// dynamicIDs).
func rangeText(ctx context.Context, prefix string, r skill.Range) string {
	switch {
	case r.HasMin && r.HasMax && r.Min == r.Max:
		return i18n.T(ctx, prefix+"Is", i18n.Args{"N": r.Min})
	case r.HasMin && r.HasMax:
		return i18n.T(ctx, prefix+"FromTo", i18n.Args{"Min": r.Min, "Max": r.Max})
	case r.HasMin:
		return i18n.T(ctx, prefix+"AtLeast", i18n.Args{"Min": r.Min})
	}
	return i18n.T(ctx, prefix+"AtMost", i18n.Args{"Max": r.Max})
}

// orList is names, each between open and close, as alternatives ("<A> or
// <B>").
func orList(ctx context.Context, names []string, open, close string) string {
	out := open + names[0] + close
	for _, n := range names[1:] {
		out = or(ctx, out, open+n+close)
	}
	return out
}

func or(ctx context.Context, first, next string) string {
	return i18n.T(ctx, "EngineWordsOr", i18n.Args{"First": first, "Next": next})
}

// EffectKind names a kind of card effect ("return to hand", "search") in
// ctx's language, as the engine says it reads an effect it does not apply.
func EffectKind(ctx context.Context, k skill.Kind) string {
	if id, ok := effectKindIDs[k]; ok {
		return i18n.T(ctx, id, nil)
	}
	return k.String()
}

// effectKindIDs are the messages of the effect kinds, English word for
// word skill.Kind's String.
var effectKindIDs = map[skill.Kind]string{
	skill.Draw:             "EngineEffectDraw",
	skill.Power:            "EngineEffectPower",
	skill.ComboPower:       "EngineEffectComboPower",
	skill.KO:               "EngineEffectKO",
	skill.Rest:             "EngineEffectRest",
	skill.Activate:         "EngineEffectActivate",
	skill.ToHand:           "EngineEffectToHand",
	skill.ToDeckBottom:     "EngineEffectToDeckBottom",
	skill.ToDeckTop:        "EngineEffectToDeckTop",
	skill.ToDrop:           "EngineEffectToDrop",
	skill.ToEnergy:         "EngineEffectToEnergy",
	skill.Play:             "EngineEffectPlay",
	skill.AddToHand:        "EngineEffectAddToHand",
	skill.Search:           "EngineEffectSearch",
	skill.LifeToHand:       "EngineEffectLifeToHand",
	skill.LifeToDrop:       "EngineEffectLifeToDrop",
	skill.LifeToEnergy:     "EngineEffectLifeToEnergy",
	skill.AddLife:          "EngineEffectAddLife",
	skill.Charge:           "EngineEffectCharge",
	skill.Mill:             "EngineEffectMill",
	skill.Discard:          "EngineEffectDiscard",
	skill.OpponentDiscards: "EngineEffectOpponentDiscards",
	skill.EnergyActive:     "EngineEffectEnergyActive",
	skill.EnergyRest:       "EngineEffectEnergyRest",
	skill.EnergyToDrop:     "EngineEffectEnergyToDrop",
	skill.PlaceMarker:      "EngineEffectPlaceMarker",
	skill.RemoveMarker:     "EngineEffectRemoveMarker",
	skill.Damage:           "EngineEffectDamage",
	skill.Flip:             "EngineEffectFlip",
	skill.Gain:             "EngineEffectGain",
	skill.CantAttack:       "EngineEffectCantAttack",
	skill.CantBeKOd:        "EngineEffectCantBeKOd",
	skill.CantActivate:     "EngineEffectCantActivate",
	skill.CostChange:       "EngineEffectCostChange",
	skill.CantPlay:         "EngineEffectCantPlay",
	skill.Reorder:          "EngineEffectReorder",
	skill.ComboUse:         "EngineEffectComboUse",
	skill.Choose:           "EngineEffectChoose",
	skill.NextCost:         "EngineEffectNextCost",
	skill.Text:             "EngineEffectText",
	skill.Reveal:           "EngineEffectReveal",
	skill.Delayed:          "EngineEffectDelayed",
	// zone, play and combo kinds (issue 29)
	skill.DeckRule:   "EngineEffectDeckRule",
	skill.PlayedRest: "EngineEffectPlayedRest",
	skill.ToCombo:    "EngineEffectToCombo",
	skill.RevealHand: "EngineEffectRevealHand",
}
