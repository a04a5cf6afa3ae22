package main

import (
	"context"
	"fmt"
	"runtime"

	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

func init() {
	register(command{name: "version", summary: func(ctx context.Context) string { return i18n.T(ctx, "CliSummaryVersion", nil) }, run: runVersion})
}

func runVersion(ctx context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(ctx, env, "version", "", i18n.T(ctx, "CliVersionHelp", nil))
	if code, done := parseFlags(ctx, fs, args); done {
		return code
	}
	fmt.Fprintf(env.stdout, "tenkaichi %s (%s)\n", version, runtime.Version())
	return 0
}
