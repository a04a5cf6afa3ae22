// Command tenkaichi is the Tenkaichi tournament organiser: the web server and
// the command-line tools (deck checking, pairing, standings, replays) in one binary.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"syscall"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

// command is one sub-command of the binary. Each lives in its own file and
// registers itself in init, so adding a command never touches this file.
type command struct {
	name    string // as typed, e.g. "deck check"
	summary string
	// run gets the arguments after the command name. It returns the process exit
	// code: 0 success, 1 a finding (illegal deck, violation), 2 bad input or usage.
	run func(ctx context.Context, env *cliEnv, args []string) int
}

// cliEnv carries the process environment so commands stay testable.
type cliEnv struct {
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	getenv func(string) string
}

var commands = map[string]command{}

func register(c command) {
	if _, dup := commands[c.name]; dup {
		panic("duplicate command " + c.name)
	}
	commands[c.name] = c
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	env := &cliEnv{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, getenv: os.Getenv}
	code := run(ctx, env, os.Args[1:])
	stop()
	os.Exit(code)
}

// run finds the longest registered command name that prefixes args
// ("deck check" before "deck") and runs it.
func run(ctx context.Context, env *cliEnv, args []string) int {
	// Help asked for goes to standard output with exit 0; usage printed
	// because the command line was wrong goes to standard error with exit 2.
	if len(args) == 0 {
		usage(env.stderr)
		return 2
	}
	if isHelp(args[0]) {
		usage(env.stdout)
		return 0
	}
	for n := min(len(args), 3); n >= 1; n-- {
		name := joinWords(args[:n])
		if c, ok := commands[name]; ok {
			return c.run(ctx, env, args[n:])
		}
	}
	// A group name alone ("deck", "cards") lists its sub-commands.
	if group := groupUsage(args[0]); group != "" {
		if len(args) == 2 && isHelp(args[1]) {
			fmt.Fprint(env.stdout, group) // "tenkaichi deck --help"
			return 0
		}
		fmt.Fprint(env.stderr, group)
		return 2
	}
	fmt.Fprintf(env.stderr, "tenkaichi: unknown command %q\n\n", args[0])
	usage(env.stderr)
	return 2
}

func isHelp(arg string) bool {
	return arg == "-h" || arg == "-help" || arg == "--help" || arg == "help"
}

func joinWords(words []string) string {
	s := words[0]
	for _, w := range words[1:] {
		s += " " + w
	}
	return s
}

func sortedNames() []string {
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "Usage: tenkaichi COMMAND [options]")
	fmt.Fprintln(w, "\nCommands:")
	for _, n := range sortedNames() {
		fmt.Fprintf(w, "  %-18s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "\nRun 'tenkaichi COMMAND --help' for the options of a command.")
}

func groupUsage(group string) string {
	out := ""
	for _, n := range sortedNames() {
		if len(n) > len(group) && n[:len(group)+1] == group+" " {
			out += fmt.Sprintf("  tenkaichi %-18s %s\n", n, commands[n].summary)
		}
	}
	if out == "" {
		return ""
	}
	return "Usage:\n" + out
}
