package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/tenkaichi-org/tenkaichi/pairing"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

func init() {
	register(command{name: "standings", summary: func(ctx context.Context) string { return i18n.T(ctx, "CliSummaryStandings", nil) }, run: runStandings})
}

func runStandings(ctx context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(ctx, env, "standings", "--in FILE [--tiebreakers PROFILE]",
		"Prints the standings of the event file (- for standard input) as JSON:\n"+
			`[{"rank": 1, "id": "…", "points": 9, "record": "3-0-0", "tiebreakers": {"omw": 0.6667, "oomw": 0.5432}}, …]`+"\n"+
			"Record is wins-losses-draws. Profiles: "+strings.Join(pairing.Profiles, ", ")+
			" (default: the file's \"tiebreakers\", else bandai).\nFormulas: docs/tiebreakers.md.")
	in := fs.String("in", "", "event `FILE` (JSON; - for standard input)")
	profile := fs.String("tiebreakers", "", "tiebreaker `PROFILE`: bandai, pokemon or mtg")
	if code, done := parseFlags(fs, args); done {
		return code
	}
	if *profile != "" {
		if _, err := pairing.ProfileByName(*profile); err != nil {
			fmt.Fprintf(env.stderr, "tenkaichi standings: %v\n", err)
			return 2
		}
	}
	ev, code := loadEventFile(env, "standings", *in, fs.Args())
	if ev == nil {
		return code
	}
	st, err := pairing.Standings(ev, *profile)
	if err != nil {
		fmt.Fprintf(env.stderr, "tenkaichi standings: %v\n", err)
		return 2
	}
	if st == nil {
		st = []pairing.Standing{}
	}
	return printJSON(env, "standings", st)
}
