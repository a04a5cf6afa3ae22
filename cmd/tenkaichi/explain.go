package main

import (
	"context"
	"fmt"
	"io"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/views/cardexplain"
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
		err = cardexplain.WriteJSON(env.stdout, card)
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
// reads: timing, conditions, cost, each effect, and what it does not read
// (views/cardexplain, which the card page shows too).
func writeExplainText(ctx context.Context, w io.Writer, c *rules.Card) error {
	fmt.Fprintln(w, i18n.T(ctx, "CliExplainCard", i18n.Args{"Number": c.Number, "Name": c.Name}))
	ex := cardexplain.Explain(ctx, c)
	if ex.NoSkills != "" {
		writeWrapped(w, ex.NoSkills, 2)
		return nil
	}
	for _, side := range ex.Sides {
		if side.Title != "" {
			fmt.Fprintln(w, side.Title)
		}
		for _, sk := range side.Skills {
			fmt.Fprintln(w, "  "+sk.Heading)
			for _, l := range sk.Lines {
				writeWrapped(w, l.Text, 2+2*l.Level)
			}
		}
	}
	return nil
}
