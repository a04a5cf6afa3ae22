package main

import (
	"context"
	"fmt"
	"io"
	"slices"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/rules/engine"
	"github.com/tenkaichi-org/tenkaichi/rules/skill"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

func init() {
	register(command{name: "cards coverage", summary: func(ctx context.Context) string { return i18n.T(ctx, "CliSummaryCardsCoverage", nil) }, run: runCardsCoverage})
}

func runCardsCoverage(ctx context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(ctx, env, "cards coverage", "[--top N] [--data DIR] [FILE]",
		"Reads the skill text of every Fusion World card, from FILE or else from the stored card pool,\n"+
			"and prints the share of cards whose every skill the rules engine understands, then the\n"+
			"phrases it does not understand yet, most frequent first. Cards the list knows only by number,\n"+
			"name, colour and type (no text: FB07 to FB09 in the public lists) are counted apart: their\n"+
			"text is not known, so they are left out of the percentage.")
	top := fs.Int("top", 30, "how many phrases not understood to list (0: all)")
	var db dbFlags
	db.register(ctx, fs, env)
	if code, done := parseFlags(fs, args); done {
		return code
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(env.stderr, "tenkaichi cards coverage: "+format+"\n", a...)
		return 2
	}
	if fs.NArg() > 1 {
		fs.Usage()
		return fail("expected at most one FILE, got %d", fs.NArg())
	}
	if *top < 0 {
		return fail("--top %d: give 0 or more", *top)
	}
	var cards []rules.Card
	if fs.NArg() == 1 {
		list, err := rules.ReadCardsFile(fs.Arg(0))
		if err != nil {
			return fail("%v", err)
		}
		cards = list
	} else {
		pool, _, err := storedPool(ctx, env, db, rules.GameFusionWorld)
		if err != nil {
			return fail("%v", err)
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
	if err := writeCoverage(env.stdout, skill.Measure(cards), applied(cards), *top); err != nil {
		return fail("%v", err)
	}
	return 0
}

// applied counts the cards with skills whose every skill the engine both
// reads and carries out (engine.Applies).
func applied(cards []rules.Card) int {
	n := 0
	for i := range cards {
		c := &cards[i]
		if c.Game != "" && c.Game != rules.GameFusionWorld || c.Text == "" && c.BackText == "" {
			continue
		}
		pc := skill.ParseCard(c.Text, c.BackText)
		all := true
		for _, side := range [][]skill.Skill{pc.Front, pc.Back} {
			for k := range side {
				if !engine.Applies(&side[k]) {
					all = false
				}
			}
		}
		if all {
			n++
		}
	}
	return n
}

func writeCoverage(w io.Writer, c skill.Coverage, applied, top int) error {
	if c.Cards == 0 {
		_, err := fmt.Fprintln(w, "no Fusion World cards in the list")
		return err
	}
	fmt.Fprintf(w, "Fusion World cards: %d\n", c.Cards)
	fmt.Fprintf(w, "  text known: %d (of which %d have no skills)\n", c.WithText, c.Vanilla)
	fmt.Fprintf(w, "  text not known: %d (number, name, colour and type only; not counted below)\n", c.NoText)
	fmt.Fprintf(w, "understood: %d of %d cards whose text is known (%.1f%%)\n", c.Understood, c.WithText, c.Percent())
	if withSkills := c.WithText - c.Vanilla; withSkills > 0 {
		fmt.Fprintf(w, "  cards with skills: %d of %d understood (%.1f%%)\n", c.Understood-c.Vanilla, withSkills,
			100*float64(c.Understood-c.Vanilla)/float64(withSkills))
		fmt.Fprintf(w, "  of those, the engine carries out every skill of %d (%.1f%% of cards with skills); the others\n"+
			"  have an effect it reads but leaves to the players, which a replay flags\n", applied, 100*float64(applied)/float64(withSkills))
	}
	if len(c.Phrases) == 0 {
		_, err := fmt.Fprintln(w, "every skill line is understood")
		return err
	}
	total := 0
	for _, p := range c.Phrases {
		total += p.Lines
	}
	fmt.Fprintf(w, "phrases not understood: %d distinct, on %d skill lines; most frequent first:\n", len(c.Phrases), total)
	for i, p := range c.Phrases {
		if top > 0 && i >= top {
			fmt.Fprintf(w, "  … %d more (--top 0 lists all)\n", len(c.Phrases)-top)
			break
		}
		fmt.Fprintf(w, "%5d  %s\n", p.Lines, p.Phrase)
	}
	return nil
}
