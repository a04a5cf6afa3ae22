package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/rules/engine"
	"github.com/tenkaichi-org/tenkaichi/rules/skill"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

func init() {
	register(command{name: "cards explain", summary: func(ctx context.Context) string { return i18n.T(ctx, "CliSummaryCardsExplain", nil) }, run: runCardsExplain})
}

// runCardsExplain shows what the rules engine reads from one card's skill
// text, as `cards coverage` reads it (rules/skill): exit 0 for a card found,
// 1 for a number the card list lacks, 2 for a card list that cannot be read.
func runCardsExplain(ctx context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(ctx, env, "cards explain", "[--cards FILE] [--data DIR] [--json] NUMBER", i18n.T(ctx, "CliCardsExplainHelp", nil))
	cardsFile := fs.String("cards", "", i18n.T(ctx, "CliExplainCardsFlag", nil))
	asJSON := fs.Bool("json", false, i18n.T(ctx, "CliExplainJSONFlag", nil))
	var db dbFlags
	db.register(ctx, fs, env)
	if code, done := parseFlags(ctx, fs, args); done {
		return code
	}
	fail := func(problem string) int {
		complain(ctx, env.stderr, "cards explain", problem)
		return 2
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return fail(i18n.N(ctx, "CliExplainOneNumber", fs.NArg(), nil))
	}
	pool, err := explainPool(ctx, env, db, *cardsFile)
	if err != nil {
		return fail(errText(ctx, err))
	}
	number := fs.Arg(0)
	card, ok := pool.Card(number)
	if !ok || card.Game != "" && card.Game != rules.GameFusionWorld {
		complain(ctx, env.stderr, "cards explain", i18n.T(ctx, "CliExplainUnknownCard", i18n.Args{"Number": number}))
		return 1
	}
	if *asJSON {
		err = writeExplainJSON(env.stdout, card)
	} else {
		err = writeExplainText(ctx, env.stdout, card)
	}
	if err != nil {
		return fail(errText(ctx, err))
	}
	return 0
}

// explainPool is the card list a card is looked up in: FILE, or else the
// stored Fusion World card pool (as `cards coverage`).
func explainPool(ctx context.Context, env *cliEnv, db dbFlags, file string) (rules.CardPool, error) {
	if file != "" {
		list, err := readCardsInput(ctx, env, file)
		if err != nil {
			return nil, err
		}
		return rules.NewMapPool(list), nil
	}
	pool, _, err := storedPool(ctx, env, db, rules.GameFusionWorld)
	return pool, err
}

// writeExplainText says, side by side and skill by skill, what the engine
// reads: timing, conditions, cost, each effect, and what it does not read.
func writeExplainText(ctx context.Context, w io.Writer, c *rules.Card) error {
	fmt.Fprintln(w, i18n.T(ctx, "CliExplainCard", i18n.Args{"Number": c.Number, "Name": c.Name}))
	if c.Text == "" && c.BackText == "" {
		// As `cards coverage` counts: a card with stats but no text has no
		// skills; one with neither is known only by name.
		if c.Cost == nil && c.Power == nil && c.ComboPower == nil {
			writeWrapped(w, i18n.T(ctx, "CliExplainNoText", nil), 2)
		} else {
			writeWrapped(w, i18n.T(ctx, "CliExplainNoSkills", nil), 2)
		}
		return nil
	}
	pc := skill.ParseCard(c.Text, c.BackText)
	for _, side := range []struct {
		title  string
		skills []skill.Skill
	}{{i18n.T(ctx, "CliExplainFront", nil), pc.Front}, {i18n.T(ctx, "CliExplainBack", nil), pc.Back}} {
		if len(side.skills) == 0 {
			continue
		}
		if c.BackText != "" {
			fmt.Fprintln(w, side.title)
		}
		for i := range side.skills {
			writeExplainSkill(ctx, w, i+1, &side.skills[i])
		}
	}
	return nil
}

// writeExplainSkill says one skill line as the engine reads it.
func writeExplainSkill(ctx context.Context, w io.Writer, n int, sk *skill.Skill) {
	fmt.Fprintln(w, "  "+i18n.T(ctx, "CliExplainSkill", i18n.Args{"N": n, "Text": sk.Text}))
	if !sk.Understood {
		writeWrapped(w, i18n.T(ctx, "CliExplainUnread", i18n.Args{"Phrase": sk.Phrase}), 4)
		return
	}
	if t := timingText(sk); t != "" {
		fmt.Fprintln(w, "    "+i18n.T(ctx, "CliExplainTiming", i18n.Args{"Timing": t}))
	}
	if tr := triggerText(ctx, sk.Trigger); tr != "" {
		writeWrapped(w, i18n.T(ctx, "CliExplainTrigger", i18n.Args{"Trigger": tr}), 4)
	}
	if len(sk.Keywords) > 0 {
		fmt.Fprintln(w, "    "+i18n.T(ctx, "CliExplainKeywords", i18n.Args{"Keywords": "[" + strings.Join(sk.Keywords, "] [") + "]"}))
	}
	if len(sk.If) > 0 {
		fmt.Fprintln(w, "    "+i18n.T(ctx, "CliExplainCondition", i18n.Args{"Condition": condsText(ctx, sk.If)}))
	}
	if cost := costText(ctx, sk); cost != "" {
		writeWrapped(w, i18n.T(ctx, "CliExplainCost", i18n.Args{"Cost": cost}), 4)
	}
	for i := range sk.Effects {
		ef := &sk.Effects[i]
		a := i18n.Args{"N": i + 1, "Effect": effectText(ctx, ef)}
		if ef.Then {
			writeWrapped(w, i18n.T(ctx, "CliExplainEffectThen", a), 4)
		} else {
			writeWrapped(w, i18n.T(ctx, "CliExplainEffect", a), 4)
		}
		if !effectApplied(sk.Timing, ef) {
			writeWrapped(w, i18n.T(ctx, "CliExplainNotApplied", nil), 6)
		}
	}
	if len(sk.Effects) == 0 && sk.Timing != 0 {
		fmt.Fprintln(w, "    "+i18n.T(ctx, "CliExplainNoEffects", nil))
	}
}

// timingText is the skill's timing and limits as printed ("[Activate
// Main][Once per turn]"); card text keeps its brackets in every language.
func timingText(sk *skill.Skill) string {
	t := sk.Timing.String()
	if sk.YourTurn {
		t += "[Your Turn]"
	}
	if sk.OpponentsTurn {
		t += "[Opponent's Turn]"
	}
	if sk.OncePerTurn {
		t += "[Once per turn]"
	}
	return t
}

// costText is what using the skill costs: energy, then the other parts as
// effects; "" for none.
func costText(ctx context.Context, sk *skill.Skill) string {
	var parts []string
	if e := sk.Cost.Energy; e > 0 {
		if sk.Cost.Colours != "" {
			parts = append(parts, i18n.N(ctx, "CliExplainEnergyColours", e, i18n.Args{"Colours": sk.Cost.Colours}))
		} else {
			parts = append(parts, i18n.N(ctx, "CliExplainEnergy", e, nil))
		}
	}
	for i := range sk.Cost.Parts {
		part := effectText(ctx, &sk.Cost.Parts[i])
		if !effectApplied(sk.Timing, &sk.Cost.Parts[i]) {
			part = i18n.T(ctx, "CliExplainCostNotPaid", i18n.Args{"Part": part})
		}
		parts = append(parts, part)
	}
	return strings.Join(parts, "; ")
}

// effectApplied reports whether the engine carries out ef in a skill of
// timing t (engine.Applies, asked of a skill of that one effect).
func effectApplied(t skill.Timing, ef *skill.Effect) bool {
	return engine.Applies(&skill.Skill{Understood: true, Timing: t, Effects: []skill.Effect{*ef}})
}
