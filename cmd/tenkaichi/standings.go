package main

import (
	"context"
	"strings"

	"github.com/tenkaichi-org/tenkaichi/pairing"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

func init() {
	register(command{name: "standings", summary: func(ctx context.Context) string { return i18n.T(ctx, "CliSummaryStandings", nil) }, run: runStandings})
}

func runStandings(ctx context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(ctx, env, "standings", "--in FILE [--tiebreakers PROFILE]", i18n.T(ctx, "CliStandingsHelp", i18n.Args{
		// Broken by hand so it fits 80 columns unwrapped.
		"Example": `[{"rank": 1, "id": "…", "points": 9, "record": "3-0-0",` + "\n" +
			`  "tiebreakers": {"omw": 0.6667, "oomw": 0.5432}}, …]`,
		"Profiles": strings.Join(pairing.Profiles, ", ")}))
	in := fs.String("in", "", i18n.T(ctx, "CliEventFileFlag", nil))
	profile := fs.String("tiebreakers", "", i18n.T(ctx, "CliTiebreakersFlag", i18n.Args{"Profiles": strings.Join(pairing.Profiles, ", ")}))
	if code, done := parseFlags(ctx, fs, args); done {
		return code
	}
	if *profile != "" {
		if _, err := pairing.ProfileByName(*profile); err != nil {
			complain(ctx, env.stderr, "standings", errText(ctx, err))
			return 2
		}
	}
	ev, code := loadEventFile(ctx, env, "standings", *in, fs.Args())
	if ev == nil {
		return code
	}
	st, err := pairing.Standings(ev, *profile)
	if err != nil {
		complain(ctx, env.stderr, "standings", errText(ctx, err))
		return 2
	}
	if st == nil {
		st = []pairing.Standing{}
	}
	return printJSON(ctx, env, "standings", st)
}
