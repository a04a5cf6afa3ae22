package main

import (
	"errors"
	"flag"
	"fmt"
)

// newFlagSet makes a flag set whose --help prints the command's synopsis and
// description before its options. Both -flag and --flag are accepted.
func newFlagSet(env *cliEnv, name, synopsis, description string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(env.stderr)
	fs.Usage = func() {
		out := fs.Output()
		fmt.Fprintf(out, "Usage: tenkaichi %s %s\n\n%s\n", name, synopsis, description)
		hasFlags := false
		fs.VisitAll(func(*flag.Flag) { hasFlags = true })
		if hasFlags {
			fmt.Fprintln(out, "\nOptions:")
			fs.PrintDefaults()
		}
	}
	return fs
}

// parseFlags parses args. done reports that the command should stop with code:
// 0 after --help, 2 after a usage error.
func parseFlags(fs *flag.FlagSet, args []string) (code int, done bool) {
	err := fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		return 0, true
	}
	if err != nil {
		return 2, true
	}
	return 0, false
}
