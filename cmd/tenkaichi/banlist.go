package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

func init() {
	register(command{name: "banlist show", summary: func(ctx context.Context) string { return i18n.T(ctx, "CliSummaryBanlistShow", nil) }, run: runBanlistShow})
}

func runBanlistShow(ctx context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(ctx, env, "banlist show", "--game GAME --date YYYY-MM-DD [--banlist FILE] [--json]",
		"Shows the ban-list version in force for a game on a date: the built-in lists, plus\n"+
			"the versions in --banlist FILE. Games: fusion-world, masters, score-dbz, panini-dbz.")
	game := fs.String("game", "", "`game`, e.g. fusion-world")
	dateStr := fs.String("date", "", "`date` (YYYY-MM-DD)")
	banPath := fs.String("banlist", "", "ban list `FILE` to add to the built-in lists (- for standard input)")
	asJSON := fs.Bool("json", false, "print the version as JSON (the ban-list file format)")
	storedFlag := fs.Bool("stored", false, "also use the versions stored by 'banlist import' (DATABASE_URL or --data)")
	var db dbFlags
	db.register(ctx, fs, env)
	if code, done := parseFlags(fs, args); done {
		return code
	}
	pos := fs.Args()
	fail := func(format string, a ...any) int {
		fmt.Fprintf(env.stderr, "tenkaichi banlist show: "+format+"\n", a...)
		return 2
	}
	if len(pos) != 0 {
		return fail("unexpected argument %q", pos[0])
	}
	g := rules.Game(*game)
	switch g {
	case rules.GameFusionWorld, rules.GameMasters, rules.GameScoreDBZ, rules.GamePaniniDBZ:
	default:
		return fail("--game %q: expected fusion-world, masters, score-dbz or panini-dbz", *game)
	}
	date, err := time.Parse(rules.DateLayout, *dateStr)
	if err != nil {
		return fail("--date %q: expected YYYY-MM-DD", *dateStr)
	}
	var stored []rules.BanListVersion
	if *storedFlag {
		st, err := openExistingStore(ctx, env, db)
		var none *errNoDatabase
		if errors.As(err, &none) {
			return fail("--stored: %v; run 'tenkaichi banlist import FILE' first, or leave out --stored", err)
		}
		if err != nil {
			return fail("%v", err)
		}
		stored, err = st.BanListVersions(ctx)
		st.Close()
		if err != nil {
			return fail("loading stored ban lists: %v", err)
		}
	}
	bans, err := banLists(env, stored, *banPath)
	if err != nil {
		return fail("%v", err)
	}
	v := bans.InForce(g, date)
	if v == nil {
		fmt.Fprintf(env.stdout, "No %s ban list is in force on %s.\n", g, *dateStr)
		return 0
	}
	if *asJSON {
		enc := json.NewEncoder(env.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(v); err != nil {
			return fail("writing JSON: %v", err)
		}
		return 0
	}
	fmt.Fprintf(env.stdout, "%s ban list in force on %s: %s (from %s)\n", g, *dateStr, v.Name, v.Effective)
	for _, e := range v.Entries {
		if _, applies := v.Entry(e.Number, date); !applies {
			fmt.Fprintf(env.stdout, "  %-10s %-28s from %s: %s\n", e.Number, e.Name, e.Since, statusText(e))
			continue
		}
		fmt.Fprintf(env.stdout, "  %-10s %-28s %s\n", e.Number, e.Name, statusText(e))
	}
	return 0
}

func statusText(e rules.BanEntry) string {
	if e.Status == rules.StatusBanned {
		return "banned"
	}
	return fmt.Sprintf("limited to %d", e.Limit)
}
