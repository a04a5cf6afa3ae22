package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// flagOutput is a flag set's output: errors and the usage after wrong usage
// go to stderr; parseFlags prints the usage asked for with --help to stdout.
type flagOutput struct {
	stdout, stderr io.Writer
}

func (o *flagOutput) Write(p []byte) (int, error) { return o.stderr.Write(p) }

// newFlagSet makes a flag set whose --help prints the command's synopsis and
// description before its options. Both -flag and --flag are accepted.
// fs.Usage() writes to standard error, for commands that call it on wrong usage.
func newFlagSet(ctx context.Context, env *cliEnv, name, synopsis, description string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(&flagOutput{stdout: env.stdout, stderr: env.stderr})
	fs.Usage = func() {
		out := fs.Output()
		fmt.Fprintf(out, "%s\n\n%s\n", i18n.T(ctx, "CliCommandUsage", i18n.Args{"Command": name, "Synopsis": synopsis}), description)
		hasFlags := false
		fs.VisitAll(func(*flag.Flag) { hasFlags = true })
		if hasFlags {
			fmt.Fprintln(out, "\n"+i18n.T(ctx, "CliOptions", nil))
			fs.PrintDefaults()
		}
	}
	return fs
}

// parseFlags parses args. done reports that the command should stop with code:
// 0 after --help, which prints the usage to standard output; 2 after a usage
// error, which prints the error and the usage to standard error.
//
// Flags may come after positional arguments ("migrate status --data DIR"), as
// people type them; "--" ends the flags.
func parseFlags(fs *flag.FlagSet, args []string) (code int, done bool) {
	usage := fs.Usage
	fs.Usage = func() {} // printed below, where it belongs
	err := fs.Parse(flagsFirst(fs, args))
	fs.Usage = usage
	if errors.Is(err, flag.ErrHelp) {
		if out, ok := fs.Output().(*flagOutput); ok {
			fs.SetOutput(out.stdout)
			defer fs.SetOutput(out)
		}
		fs.Usage()
		return 0, true
	}
	if err != nil {
		fs.Usage() // after the flag package's error line, on standard error
		return 2, true
	}
	return 0, false
}

// flagsFirst moves flags (with their values) ahead of positional arguments,
// because the flag package stops at the first positional one.
func flagsFirst(fs *flag.FlagSet, args []string) []string {
	var flags, positional []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			positional = append(positional, args[i+1:]...)
			break
		}
		if len(a) < 2 || a[0] != '-' {
			positional = append(positional, a)
			continue
		}
		flags = append(flags, a)
		name := strings.TrimLeft(a, "-")
		if strings.Contains(name, "=") {
			continue
		}
		f := fs.Lookup(name)
		if f == nil {
			continue
		}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
			continue
		}
		if i+1 < len(args) {
			flags = append(flags, args[i+1])
			i++
		}
	}
	if len(positional) > 0 {
		flags = append(flags, "--")
	}
	return append(flags, positional...)
}
