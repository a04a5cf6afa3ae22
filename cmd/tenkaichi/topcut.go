package main

import (
	"context"
	"fmt"

	"github.com/tenkaichi-org/tenkaichi/pairing"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

func init() {
	register(command{name: "topcut", summary: func(ctx context.Context) string { return i18n.T(ctx, "CliSummaryTopcut", nil) }, run: runTopCut})
}

func runTopCut(ctx context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(ctx, env, "topcut", "--in FILE [--size N]",
		"Seeds a single-elimination top cut from the Swiss standings (1 v 8, 4 v 5, 2 v 7, 3 v 6 …;\n"+
			"byes to the top seeds when N is not a power of two), applies the best-of-three results\n"+
			"in the file's \"top_cut\" section and prints the bracket as JSON. Dropped players are not\n"+
			"seeded. Without --size: the file's top_cut.size, else the size recommended for the\n"+
			"attendance (docs/pairing.md).")
	in := fs.String("in", "", "event `FILE` (JSON; - for standard input)")
	size := fs.Int("size", 0, "number of players in the cut, e.g. 8")
	if code, done := parseFlags(fs, args); done {
		return code
	}
	if *size < 0 || *size == 1 {
		fmt.Fprintf(env.stderr, "tenkaichi topcut: --size must be 2 or more\n")
		return 2
	}
	ev, code := loadEventFile(env, "topcut", *in, fs.Args())
	if ev == nil {
		return code
	}
	b, err := pairing.BuildTopCut(ev, *size)
	if err != nil {
		fmt.Fprintf(env.stderr, "tenkaichi topcut: %v\n", err)
		return 2
	}
	return printJSON(env, "topcut", b)
}
