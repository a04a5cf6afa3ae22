package main

import (
	"context"
	"fmt"
	"runtime"
)

func init() {
	register(command{name: "version", summary: "print the version", run: runVersion})
}

func runVersion(_ context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(env, "version", "", "Prints the version of this binary.")
	if code, done := parseFlags(fs, args); done {
		return code
	}
	fmt.Fprintf(env.stdout, "tenkaichi %s (%s)\n", version, runtime.Version())
	return 0
}
