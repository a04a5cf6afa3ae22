package main

import (
	"context"
	"fmt"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
	"runtime"
)

func init() {
	register(command{name: "version", summary: func(ctx context.Context) string { return i18n.T(ctx, "CliSummaryVersion", nil) }, run: runVersion})
}

func runVersion(ctx context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(ctx, env, "version", "", "Prints the version of this binary.")
	if code, done := parseFlags(fs, args); done {
		return code
	}
	fmt.Fprintf(env.stdout, "tenkaichi %s (%s)\n", version, runtime.Version())
	return 0
}
