package main

import (
	"context"

	"github.com/tenkaichi-org/tenkaichi/pairing"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

func init() {
	register(command{name: "topcut", summary: func(ctx context.Context) string { return i18n.T(ctx, "CliSummaryTopcut", nil) }, run: runTopCut})
}

func runTopCut(ctx context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(ctx, env, "topcut", "--in FILE [--size N]", i18n.T(ctx, "CliTopcutHelp", nil))
	in := fs.String("in", "", i18n.T(ctx, "CliEventFileFlag", nil))
	size := fs.Int("size", 0, i18n.T(ctx, "CliTopcutSizeFlag", nil))
	if code, done := parseFlags(ctx, fs, args); done {
		return code
	}
	if *size < 0 || *size == 1 {
		complain(ctx, env.stderr, "topcut", i18n.T(ctx, "CliTopcutBadSize", nil))
		return 2
	}
	ev, code := loadEventFile(ctx, env, "topcut", *in, fs.Args())
	if ev == nil {
		return code
	}
	build := func() (*pairing.Bracket, error) { return pairing.BuildTopCut(ev, *size) }
	if seats := pairing.SeatsOf(ev); seats != nil {
		// A team event's cut is of teams, seeded from the team standings.
		build = func() (*pairing.Bracket, error) { return pairing.BuildTeamTopCut(ev, seats, *size) }
	}
	b, err := build()
	if err != nil {
		complain(ctx, env.stderr, "topcut", errText(ctx, err))
		return 2
	}
	return printJSON(ctx, env, "topcut", b)
}
