package main

import (
	"context"
	"fmt"
	"io"
	"slices"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/rules/engine"
	"github.com/tenkaichi-org/tenkaichi/rules/skill"
	"github.com/tenkaichi-org/tenkaichi/views/enginetext"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

func init() {
	register(command{name: "cards coverage", summary: func(ctx context.Context) string { return i18n.T(ctx, "CliSummaryCardsCoverage", nil) }, run: runCardsCoverage})
}

func runCardsCoverage(ctx context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(ctx, env, "cards coverage", "[--top N] [--data DIR] [FILE]", i18n.T(ctx, "CliCardsCoverageHelp", nil))
	top := fs.Int("top", 30, i18n.T(ctx, "CliCoverageTopFlag", nil))
	var db dbFlags
	db.register(ctx, fs, env)
	if code, done := parseFlags(ctx, fs, args); done {
		return code
	}
	fail := func(problem string) int {
		complain(ctx, env.stderr, "cards coverage", problem)
		return 2
	}
	if fs.NArg() > 1 {
		fs.Usage()
		return fail(i18n.N(ctx, "CliCoverageTooManyFiles", fs.NArg(), nil))
	}
	if *top < 0 {
		return fail(i18n.T(ctx, "CliCoverageBadTop", i18n.Args{"Value": *top}))
	}
	var cards []rules.Card
	if fs.NArg() == 1 {
		list, err := readCardsInput(ctx, env, fs.Arg(0))
		if err != nil {
			return fail(errText(ctx, err))
		}
		cards = list
	} else {
		pool, _, err := storedPool(ctx, env, db, rules.GameFusionWorld)
		if err != nil {
			return fail(errText(ctx, err))
		}
		if m, ok := pool.(rules.MapPool); ok {
			for _, c := range m {
				cards = append(cards, *c)
			}
		}
		slices.SortFunc(cards, func(a, b rules.Card) int {
			if a.Number < b.Number {
				return -1
			}
			if a.Number > b.Number {
				return 1
			}
			return 0
		})
	}
	n, left := applied(cards)
	if err := writeCoverage(ctx, env.stdout, skill.Measure(cards), n, *top); err != nil {
		return fail(errText(ctx, err))
	}
	writeLeft(ctx, env.stdout, left)
	return 0
}

// writeLeft lists the kinds of effect the engine reads but leaves to the
// players, with how many cards have one, most first.
func writeLeft(ctx context.Context, w io.Writer, left map[skill.Kind]int) {
	if len(left) == 0 {
		return
	}
	kinds := make([]skill.Kind, 0, len(left))
	for k := range left {
		kinds = append(kinds, k)
	}
	slices.SortFunc(kinds, func(a, b skill.Kind) int {
		if left[a] != left[b] {
			return left[b] - left[a]
		}
		return int(a) - int(b)
	})
	fmt.Fprintln(w, i18n.N(ctx, "CliCoverageLeftKinds", len(kinds), nil))
	for _, k := range kinds {
		fmt.Fprintf(w, "%5d  %s\n", left[k], enginetext.EffectKind(ctx, k))
	}
}

// applied counts the cards with skills whose every skill the engine both
// reads and carries out (engine.Applies), and, by kind, the cards with an
// effect it reads but leaves to the players.
func applied(cards []rules.Card) (int, map[skill.Kind]int) {
	n := 0
	left := map[skill.Kind]int{}
	for i := range cards {
		c := &cards[i]
		if c.Game != "" && c.Game != rules.GameFusionWorld || c.Text == "" && c.BackText == "" {
			continue
		}
		pc := skill.ParseCard(c.Text, c.BackText)
		all := true
		kinds := map[skill.Kind]bool{}
		for _, side := range [][]skill.Skill{pc.Front, pc.Back} {
			for k := range side {
				if !engine.Applies(&side[k]) {
					all = false
				}
				for _, kind := range engine.LeftToPlayers(&side[k]) {
					kinds[kind] = true
				}
			}
		}
		if all {
			n++
		}
		for kind := range kinds {
			left[kind]++
		}
	}
	return n, left
}

func writeCoverage(ctx context.Context, w io.Writer, c skill.Coverage, applied, top int) error {
	if c.Cards == 0 {
		_, err := fmt.Fprintln(w, i18n.T(ctx, "CliCoverageNoCards", nil))
		return err
	}
	// part of whole (whole > 0), as a percentage in the language.
	share := func(part, whole int) string { return i18n.Percent(ctx, float64(part)/float64(whole), 1) }
	fmt.Fprintln(w, i18n.N(ctx, "CliCoverageCards", c.Cards, nil))
	writeWrapped(w, i18n.N(ctx, "CliCoverageTextKnown", c.Vanilla, i18n.Args{"Known": c.WithText}), 2)
	writeWrapped(w, i18n.N(ctx, "CliCoverageTextNotKnown", c.NoText, nil), 2)
	fmt.Fprintln(w, i18n.N(ctx, "CliCoverageUnderstood", c.WithText, i18n.Args{"Understood": c.Understood, "Percent": i18n.Percent(ctx, c.Percent()/100, 1)}))
	if withSkills := c.WithText - c.Vanilla; withSkills > 0 {
		writeWrapped(w, i18n.N(ctx, "CliCoverageWithSkills", withSkills, i18n.Args{"Understood": c.Understood - c.Vanilla,
			"Percent": share(c.Understood-c.Vanilla, withSkills)}), 2)
		writeWrapped(w, i18n.N(ctx, "CliCoverageApplied", applied, i18n.Args{"Percent": share(applied, withSkills)}), 2)
	}
	if len(c.Phrases) == 0 {
		_, err := fmt.Fprintln(w, i18n.T(ctx, "CliCoverageAllUnderstood", nil))
		return err
	}
	total := 0
	for _, p := range c.Phrases {
		total += p.Lines
	}
	// Two counts in one sentence: the skill lines are worded by their own
	// plural message and go in whole.
	fmt.Fprintln(w, i18n.N(ctx, "CliCoveragePhrases", len(c.Phrases), i18n.Args{"Lines": i18n.N(ctx, "CliCoverageSkillLines", total, nil)}))
	for i, p := range c.Phrases {
		if top > 0 && i >= top {
			fmt.Fprintln(w, "  "+i18n.N(ctx, "CliCoverageMore", len(c.Phrases)-top, nil))
			break
		}
		fmt.Fprintf(w, "%5d  %s\n", p.Lines, p.Phrase)
	}
	return nil
}
