package enginetext

import (
	"context"
	"strconv"
	"strings"

	"github.com/tenkaichi-org/tenkaichi/rules/engine"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// Summary is a state of the game in a few lines in ctx's language, as the
// command line's replay prints it after each step: how far the game is
// (the turn, its phase and battle, or how it ended), then for each player
// the counts of their zones (each a plural message: "1 life card", "2 life
// cards") and their cards in play, then the skills waiting for choices.
// Card numbers stay as the log writes them. It says the facts of
// engine.View, the same the --json output gives.
func Summary(ctx context.Context, v engine.StateView) string {
	var b strings.Builder
	line := func(indent int, s string) {
		b.WriteString(strings.Repeat(" ", indent))
		b.WriteString(s)
		b.WriteByte('\n')
	}
	line(0, status(ctx, v))
	for _, p := range v.Players {
		zones := i18n.Args{
			"Side":   p.Player,
			"Life":   i18n.N(ctx, "EngineSummaryLife", p.Life, nil),
			"Hand":   i18n.N(ctx, "EngineSummaryHand", p.Hand, nil),
			"Deck":   i18n.N(ctx, "EngineSummaryDeck", p.Deck, nil),
			"Energy": i18n.N(ctx, "EngineSummaryEnergy", p.Energy, i18n.Args{"Active": p.EnergyActive}),
			"Drop":   i18n.N(ctx, "EngineSummaryDrop", len(p.Drop), nil),
		}
		if p.Markers > 0 {
			zones["Markers"] = i18n.N(ctx, "EngineSummaryMarkers", p.Markers, nil)
			line(2, i18n.T(ctx, "EngineSummaryPlayerMarkers", zones))
		} else {
			line(2, i18n.T(ctx, "EngineSummaryPlayer", zones))
		}
		line(6, i18n.T(ctx, "EngineSummaryLeader", i18n.Args{"Card": cardInPlay(ctx, p.Leader, true)}))
		if len(p.Battle) > 0 {
			var in []string
			for _, c := range p.Battle {
				in = append(in, cardInPlay(ctx, c, false))
			}
			line(6, i18n.T(ctx, "EngineSummaryBattleArea", i18n.Args{"Cards": list(ctx, in)}))
		}
		if p.Field != nil {
			line(6, i18n.T(ctx, "EngineSummaryField", i18n.Args{"Card": cardInPlay(ctx, *p.Field, false)}))
		}
		if len(p.Combo) > 0 {
			line(6, i18n.T(ctx, "EngineSummaryCombo", i18n.Args{"Cards": list(ctx, p.Combo)}))
		}
	}
	for _, w := range v.Waiting {
		line(2, i18n.T(ctx, "EngineSummaryWaiting", i18n.Args{"Skill": w.Skill, "Side": w.Player}))
	}
	return b.String()
}

// status is how far the game is: setup, the turn with its phase and
// battle, or how it ended.
func status(ctx context.Context, v engine.StateView) string {
	switch {
	case v.Outcome.Over:
		return GameOver(ctx, v.Outcome)
	case v.Phase == "setup":
		return i18n.T(ctx, "EngineSummarySetup", nil)
	}
	a := i18n.Args{"Turn": v.Turn, "Side": v.TurnPlayer, "Phase": Phase(ctx, v.Phase)}
	if v.Battle == nil {
		return i18n.T(ctx, "EngineSummaryTurn", a)
	}
	a["Battle"] = Battle(ctx, *v.Battle, func(card string) string { return card })
	return i18n.T(ctx, "EngineSummaryTurnBattle", a)
}

// Battle is the battle in progress: its step, who attacks whom and, when
// both are known, the powers; label names a card (its number, or the
// number with the card's name on a page).
func Battle(ctx context.Context, bv engine.BattleView, label func(number string) string) string {
	a := i18n.Args{"Step": BattleStep(ctx, bv.Step), "Attacker": label(bv.Attacker), "Target": label(bv.Target)}
	if bv.AttackerPower != nil && bv.TargetPower != nil {
		a["AttackerPower"], a["TargetPower"] = *bv.AttackerPower, *bv.TargetPower
		return i18n.T(ctx, "EngineBattlePowers", a)
	}
	return i18n.T(ctx, "EngineBattle", a)
}

// cardInPlay is a card in play with its state: "FS01-07#2 (Rest, 20000
// power, 1 [Ki])"; a Leader says which side is up.
func cardInPlay(ctx context.Context, c engine.CardView, leader bool) string {
	var state []string
	if leader {
		if c.Awakened {
			state = append(state, i18n.T(ctx, "EngineSummaryBackSide", nil))
		} else {
			state = append(state, i18n.T(ctx, "EngineSummaryFrontSide", nil))
		}
	}
	if c.Rest {
		state = append(state, i18n.T(ctx, "EngineSummaryRest", nil))
	} else {
		state = append(state, i18n.T(ctx, "EngineSummaryActive", nil))
	}
	if c.Power != nil {
		state = append(state, i18n.T(ctx, "EngineSummaryPower", i18n.Args{"Power": strconv.Itoa(*c.Power)}))
	}
	if c.Ki > 0 {
		state = append(state, i18n.T(ctx, "EngineSummaryKi", i18n.Args{"Ki": c.Ki}))
	}
	if c.Under > 0 {
		state = append(state, i18n.N(ctx, "EngineSummaryUnder", c.Under, nil))
	}
	return i18n.T(ctx, "EngineSummaryCard", i18n.Args{"Card": c.Name(), "State": list(ctx, state)})
}

// list is items one after the other, as the language lists them ("a, b").
func list(ctx context.Context, items []string) string {
	out := items[0]
	for _, it := range items[1:] {
		out = i18n.T(ctx, "EngineWordsList", i18n.Args{"First": out, "Next": it})
	}
	return out
}
