package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strconv"
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
// description before its options, in ctx's language, wrapped to the
// terminal's 80 columns. Flags' usage texts are messages given when the
// flags are defined (the language is known by then). Both -flag and --flag
// are accepted. fs.Usage() writes to standard error, for commands that call
// it on wrong usage.
func newFlagSet(ctx context.Context, env *cliEnv, name, synopsis, description string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(&flagOutput{stdout: env.stdout, stderr: env.stderr})
	fs.Usage = func() {
		out := fs.Output()
		writeHanging(out, i18n.T(ctx, "CliCommandUsage", i18n.Args{"Command": name, "Synopsis": keepOptionsWhole(synopsis)}), 4)
		fmt.Fprintln(out)
		writeWrapped(out, description, 0)
		hasFlags := false
		fs.VisitAll(func(*flag.Flag) { hasFlags = true })
		if hasFlags {
			fmt.Fprintln(out, "\n"+i18n.T(ctx, "CliOptions", nil))
			printFlags(ctx, out, fs, synopsis)
		}
	}
	return fs
}

// keepOptionsWhole joins the words of each "[--flag VALUE]" of a synopsis
// with no-break spaces, so wrapping never splits an option from its value;
// writeHanging prints them as plain spaces again.
func keepOptionsWhole(synopsis string) string {
	var b strings.Builder
	depth := 0
	for _, r := range synopsis {
		switch {
		case r == '[':
			depth++
		case r == ']' && depth > 0:
			depth--
		case r == ' ' && depth > 0:
			r = noBreakSpace
		}
		b.WriteRune(r)
	}
	return b.String()
}

// synopsisValueRE finds "--flag VALUE" in a synopsis.
var synopsisValueRE = regexp.MustCompile(`--([a-z-]+) ([^-\s\[\]][^\s\[\]]*)`)

// valueNames are the words --help shows for a flag's value ("--date
// YYYY-MM-DD") where the command's synopsis does not show one; they stay
// the same in every language, like the flags' names.
var valueNames = map[string]string{
	"addr": "HOST:PORT", "banlist": "FILE", "base-url": "URL", "cards": "FILE", "data": "DIR",
	"date": "YYYY-MM-DD", "format": "ID", "game": "GAME", "in": "FILE", "log-level": "LEVEL",
	"name": "NAME", "pprof": "HOST:PORT", "role": "ROLE", "size": "N", "store": "STORE",
	"tiebreakers": "PROFILE", "top": "N", "trusted-proxies": "LIST", "until": "STEP", "username": "NAME",
}

// printFlags lists the flags as "  --name VALUE" with the usage below,
// indented, and the default where it is not the zero value. VALUE is the
// synopsis's word for it, else valueNames'. The flag package's
// PrintDefaults would add an English "(default …)".
func printFlags(ctx context.Context, w io.Writer, fs *flag.FlagSet, synopsis string) {
	inSynopsis := map[string]string{}
	for _, m := range synopsisValueRE.FindAllStringSubmatch(synopsis, -1) {
		inSynopsis[m[1]] = m[2]
	}
	var all []*flag.Flag
	fs.VisitAll(func(f *flag.Flag) { all = append(all, f) })
	sort.Slice(all, func(i, j int) bool { return all[i].Name < all[j].Name })
	for _, f := range all {
		kind, usage := flag.UnquoteUsage(f)
		line := "  --" + f.Name
		if kind != "" {
			name := inSynopsis[f.Name]
			if name == "" {
				name = valueNames[f.Name]
			}
			if name == "" {
				name = strings.ToUpper(kind)
			}
			line += " " + name
		}
		fmt.Fprintln(w, line)
		if def := f.DefValue; def != "" && def != "0" && def != "false" {
			if kind == "string" {
				def = strconv.Quote(def)
			}
			usage = joinText(usage, i18n.T(ctx, "CliFlagDefault", i18n.Args{"Value": def}))
		}
		writeWrapped(w, usage, 6)
	}
}

// parseFlags parses args. done reports that the command should stop with code:
// 0 after --help, which prints the usage to standard output; 2 after a usage
// error, which prints the error (in ctx's language) and the usage to
// standard error.
//
// Flags may come after positional arguments ("migrate status --data DIR"), as
// people type them; "--" ends the flags.
func parseFlags(ctx context.Context, fs *flag.FlagSet, args []string) (code int, done bool) {
	ordered, problem := flagsFirst(ctx, fs, args)
	var err error
	if problem == "" {
		var bad badValue
		restore := watchValues(fs, &bad)
		out := fs.Output()
		usage := fs.Usage
		// The flag package's own error line is English: it is said below.
		fs.SetOutput(io.Discard)
		fs.Usage = func() {}
		err = fs.Parse(ordered)
		fs.SetOutput(out)
		fs.Usage = usage
		restore()
		switch {
		case errors.Is(err, flag.ErrHelp):
			if out, ok := fs.Output().(*flagOutput); ok {
				fs.SetOutput(out.stdout)
				defer fs.SetOutput(out)
			}
			fs.Usage()
			return 0, true
		case err != nil && bad.flag != "":
			problem = i18n.T(ctx, "CliFlagBadValue", i18n.Args{"Flag": "--" + bad.flag, "Value": strconv.Quote(bad.value)})
		case err != nil:
			problem = err.Error() // a syntax the flag package refuses, such as "-=x"
		}
	}
	if problem == "" {
		return 0, false
	}
	complain(ctx, fs.Output(), fs.Name(), problem)
	fs.Usage() // after the error line, on standard error
	return 2, true
}

// badValue is the first flag whose value its type refused (--top abc).
type badValue struct{ flag, value string }

// watchValues makes each flag note in bad the first value it refuses, so
// parseFlags can say which in the command line's language; restore puts
// the flags' own values back.
func watchValues(fs *flag.FlagSet, bad *badValue) (restore func()) {
	var all []*flag.Flag
	fs.VisitAll(func(f *flag.Flag) {
		all = append(all, f)
		f.Value = watchedValue{Value: f.Value, name: f.Name, bad: bad}
	})
	return func() {
		for _, f := range all {
			f.Value = f.Value.(watchedValue).Value
		}
	}
}

type watchedValue struct {
	flag.Value
	name string
	bad  *badValue
}

func (w watchedValue) Set(s string) error {
	err := w.Value.Set(s)
	if err != nil && w.bad.flag == "" {
		*w.bad = badValue{flag: w.name, value: s}
	}
	return err
}

// IsBoolFlag keeps a boolean flag one that takes no value.
func (w watchedValue) IsBoolFlag() bool { return isBoolFlag(w.Value) }

func isBoolFlag(v flag.Value) bool {
	b, ok := v.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// flagsFirst moves flags (with their values) ahead of positional arguments,
// because the flag package stops at the first positional one. problem says,
// in ctx's language, an option the command does not have or one missing its
// value.
func flagsFirst(ctx context.Context, fs *flag.FlagSet, args []string) (ordered []string, problem string) {
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
		name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		f := fs.Lookup(name)
		if f == nil {
			if name == "h" || name == "help" {
				continue // the flag package's --help
			}
			if problem == "" {
				problem = i18n.T(ctx, "CliFlagUnknown", i18n.Args{"Flag": strings.SplitN(a, "=", 2)[0]})
			}
			continue
		}
		if hasValue || isBoolFlag(f.Value) {
			continue
		}
		if i+1 >= len(args) {
			if problem == "" {
				problem = i18n.T(ctx, "CliFlagNeedsValue", i18n.Args{"Flag": a})
			}
			continue
		}
		flags = append(flags, args[i+1])
		i++
	}
	if len(positional) > 0 {
		flags = append(flags, "--")
	}
	return append(flags, positional...), problem
}

// parseFileCommand parses the arguments of a command that takes the
// database flags and one FILE (an import, a backup, a restore): the file
// and the database flags, or done with the exit code (help asked for, a
// bad flag, not exactly one file: oneFile says so).
func parseFileCommand(ctx context.Context, env *cliEnv, args []string, name, help, oneFile string) (file string, db dbFlags, code int, done bool) {
	fs := newFlagSet(ctx, env, name, "[--data DIR] FILE", help)
	db.register(ctx, fs, env)
	if code, done := parseFlags(ctx, fs, args); done {
		return "", db, code, true
	}
	if fs.NArg() != 1 {
		complain(ctx, env.stderr, name, oneFile)
		return "", db, 2, true
	}
	return fs.Arg(0), db, 0, false
}
