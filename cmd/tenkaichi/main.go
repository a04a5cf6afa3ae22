// Command tenkaichi is the Tenkaichi tournament organiser: the web server and
// the command-line tools (deck checking, pairing, standings, replays) in one binary.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"
	// Event time zones are IANA names: the binary carries the zone
	// database, so a container or a laptop without one still knows them.
	_ "time/tzdata"

	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

// command is one sub-command of the binary. Each lives in its own file and
// registers itself in init, so adding a command never touches this file.
type command struct {
	name    string                           // as typed, e.g. "deck check"
	summary func(ctx context.Context) string // one line, in ctx's language
	// run gets the arguments after the command name. It returns the process exit
	// code: 0 success, 1 a finding (illegal deck, violation), 2 bad input or usage.
	// ctx is cancelled on Ctrl-C or SIGTERM; the command should stop soon after.
	run func(ctx context.Context, env *cliEnv, args []string) int
	// stopsItself marks a command that handles Ctrl-C and SIGTERM as its normal
	// end (serve finishes the requests in progress, then exits 0): it gets no
	// time limit and its exit code stands.
	stopsItself bool
}

// Exit codes after Ctrl-C (SIGINT) and SIGTERM, as shells report a process
// killed by them (128 + the signal number). Documented in README.md.
const (
	exitInterrupted = 130
	exitTerminated  = 143
)

// stopGrace is how long a command has to stop after Ctrl-C or SIGTERM (to
// roll back, remove a half-written file) before the process exits anyway.
// Commands check their context, so they normally stop well within it.
const stopGrace = 500 * time.Millisecond

// signalCause is the cancellation cause of a command's context after a signal.
type signalCause struct{ sig os.Signal }

func (c *signalCause) Error() string { return "stopped by " + signalName(c.sig) }

func signalName(sig os.Signal) string {
	switch sig {
	case os.Interrupt:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	}
	return sig.String()
}

func signalExitCode(sig os.Signal) int {
	if sig == syscall.SIGTERM {
		return exitTerminated
	}
	return exitInterrupted
}

// interruptedCode is the exit code of a command that stopped because its
// context was cancelled: that of the signal, or 130 when no signal says.
func interruptedCode(ctx context.Context) int {
	var sc *signalCause
	if errors.As(context.Cause(ctx), &sc) {
		return signalExitCode(sc.sig)
	}
	return exitInterrupted
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
	env := &cliEnv{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, getenv: os.Getenv}
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	os.Exit(runUntilSignal(env, os.Args[1:], sigs))
}

// runUntilSignal runs the command and stops it on the first signal: its
// context is cancelled, and unless the command stops itself (serve) the
// process ends with 130 (SIGINT) or 143 (SIGTERM) once the command returns,
// or after stopGrace if it has not by then (a read of a terminal cannot be
// cancelled). A second signal ends it at once.
func runUntilSignal(env *cliEnv, args []string, sigs <-chan os.Signal) int {
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	say, _, _ := speak(context.Background(), &cliEnv{stderr: io.Discard, getenv: env.getenv}, args) // run says what is wrong
	done := make(chan int, 1)
	go func() { done <- run(ctx, env, args) }()
	var sig os.Signal
	select {
	case code := <-done:
		return code
	case sig = <-sigs:
	}
	cancel(&signalCause{sig: sig})
	_, plain, _ := takeLangFlag(args)
	c, _, _ := findCommand(plain)
	var grace <-chan time.Time
	if !c.stopsItself {
		grace = time.After(stopGrace)
	}
	select {
	case code := <-done:
		if c.stopsItself {
			return code
		}
		fmt.Fprintln(env.stderr, i18n.T(say, "CliStoppedBy", i18n.Args{"Signal": signalName(sig)}))
	case <-grace:
		fmt.Fprintln(env.stderr, i18n.T(say, "CliStoppedWithoutWaiting", i18n.Args{"Signal": signalName(sig)}))
	case second := <-sigs:
		fmt.Fprintln(env.stderr, i18n.T(say, "CliStoppedBySecond", i18n.Args{"Signal": signalName(second)}))
	}
	return signalExitCode(sig)
}

// run runs the command args name (see findCommand).
func run(ctx context.Context, env *cliEnv, args []string) int {
	ctx, args, ok := speak(ctx, env, args)
	if !ok {
		return 2
	}
	// Help asked for goes to standard output with exit 0; usage printed
	// because the command line was wrong goes to standard error with exit 2.
	if len(args) == 0 {
		usage(ctx, env.stderr)
		return 2
	}
	if isHelp(args[0]) {
		usage(ctx, env.stdout)
		return 0
	}
	if c, rest, ok := findCommand(args); ok {
		return c.run(ctx, env, rest)
	}
	// A group name alone ("deck", "cards") lists its sub-commands.
	if group := groupUsage(ctx, args[0]); group != "" {
		if len(args) == 2 && isHelp(args[1]) {
			fmt.Fprint(env.stdout, group) // "tenkaichi deck --help"
			return 0
		}
		fmt.Fprint(env.stderr, group)
		return 2
	}
	fmt.Fprintln(env.stderr, i18n.T(ctx, "CliUnknownCommand", i18n.Args{"Command": strconv.Quote(args[0])}))
	fmt.Fprintln(env.stderr)
	usage(ctx, env.stderr)
	return 2
}

// findCommand finds the longest registered command name that prefixes args
// ("deck check" before "deck") and returns it with the arguments after it.
func findCommand(args []string) (command, []string, bool) {
	for n := min(len(args), 3); n >= 1; n-- {
		if c, ok := commands[joinWords(args[:n])]; ok {
			return c, args[n:], true
		}
	}
	return command{}, nil, false
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

func usage(ctx context.Context, w io.Writer) {
	fmt.Fprintln(w, i18n.T(ctx, "CliUsage", nil))
	fmt.Fprintln(w, "\n"+i18n.T(ctx, "CliCommands", nil))
	for _, n := range sortedNames() {
		writeItem(w, fmt.Sprintf("  %-18s ", n), commands[n].summary(ctx))
	}
	fmt.Fprintln(w)
	writeWrapped(w, i18n.T(ctx, "CliCommandHelp", nil), 0)
	writeWrapped(w, i18n.T(ctx, "CliLangHelp", i18n.Args{"Languages": offeredLanguages()}), 0)
}

func groupUsage(ctx context.Context, group string) string {
	var out strings.Builder
	for _, n := range sortedNames() {
		if len(n) > len(group) && n[:len(group)+1] == group+" " {
			writeItem(&out, fmt.Sprintf("  tenkaichi %-18s ", n), commands[n].summary(ctx))
		}
	}
	if out.Len() == 0 {
		return ""
	}
	return i18n.T(ctx, "CliUsageHeading", nil) + "\n" + out.String()
}
