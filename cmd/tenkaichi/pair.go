package main

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/tenkaichi-org/tenkaichi/pairing"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

func init() {
	register(command{name: "pair", summary: func(ctx context.Context) string { return i18n.T(ctx, "CliSummaryPair", nil) }, run: runPair})
}

// pairMatchJSON is one line of `pair` output; other tools script against it.
type pairMatchJSON struct {
	Table  int         `json:"table,omitempty"`
	P1     string      `json:"p1"`
	P2     *string     `json:"p2"`
	Reason *reasonJSON `json:"reason,omitempty"`
}

// reasonJSON always has all five keys (docs/event-file.md): from_points is
// the player's points; to_points is the opponent's points for a pair-down and
// null for a bye (there is no opponent).
type reasonJSON struct {
	Kind       string `json:"kind"`
	Player     string `json:"player"`
	FromPoints int    `json:"from_points"`
	ToPoints   *int   `json:"to_points"`
	Text       string `json:"text"`
}

type pairRoundJSON struct {
	Number  int             `json:"number"`
	Matches []pairMatchJSON `json:"matches"`
}

func runPair(ctx context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(ctx, env, "pair", "--in FILE [--explain] [--exact]",
		"Pairs the next Swiss round of the event file (- for standard input) and prints it as JSON:\n"+
			`{"number": N, "matches": [{"table": 1, "p1": "…", "p2": "…"}, {"p1": "…", "p2": null}]}`+"\n"+
			"Tables run from the best standings down; p2 null is a bye. Exit status 2 on bad input,\n"+
			"with the round and match of the problem. The file format is in docs/event-file.md.")
	in := fs.String("in", "", "event `FILE` (JSON; - for standard input)")
	explain := fs.Bool("explain", false, "add a reason to each pair-down and bye")
	exact := fs.Bool("exact", false, "solve on the complete graph (slower; same quality, for checking)")
	if code, done := parseFlags(fs, args); done {
		return code
	}
	ev, code := loadEventFile(env, "pair", *in, fs.Args())
	if ev == nil {
		return code
	}
	pr, err := pairing.PairNextRoundContext(ctx, ev, pairing.PairOptions{Exact: *exact})
	if ctx.Err() != nil {
		return interruptedCode(ctx) // main reports the signal
	}
	if err != nil {
		fmt.Fprintf(env.stderr, "tenkaichi pair: %v\n", err)
		return 2
	}
	out := pairRoundJSON{Number: pr.Number, Matches: []pairMatchJSON{}}
	for _, m := range pr.Matches {
		line := pairMatchJSON{Table: m.Table, P1: m.P1, P2: m.P2}
		if *explain && m.Reason != nil {
			r := m.Reason
			line.Reason = &reasonJSON{Kind: r.Kind, Player: r.Player, FromPoints: r.FromPoints, Text: r.Text}
			if r.Kind == "pair-down" {
				to := r.ToPoints
				line.Reason.ToPoints = &to
			}
		}
		out.Matches = append(out.Matches, line)
	}
	return printJSON(env, "pair", out)
}

// loadEventFile reads and validates --in; on failure it reports and returns
// nil with exit code 2.
func loadEventFile(env *cliEnv, cmd, path string, extra []string) (*pairing.Event, int) {
	if len(extra) > 0 {
		fmt.Fprintf(env.stderr, "tenkaichi %s: unexpected argument %q (the event file goes in --in)\n", cmd, extra[0])
		return nil, 2
	}
	if path == "" {
		fmt.Fprintf(env.stderr, "tenkaichi %s: --in FILE is required\n", cmd)
		return nil, 2
	}
	data, err := readInput(env, path)
	if err != nil {
		fmt.Fprintf(env.stderr, "tenkaichi %s: %v\n", cmd, err)
		return nil, 2
	}
	ev, err := pairing.ParseEvent(data)
	if err != nil {
		fmt.Fprintf(env.stderr, "tenkaichi %s: %s: %v\n", cmd, inputName(path), err)
		return nil, 2
	}
	return ev, 0
}

func printJSON(env *cliEnv, cmd string, v any) int {
	enc := json.NewEncoder(env.stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		fmt.Fprintf(env.stderr, "tenkaichi %s: %v\n", cmd, err)
		return 2
	}
	return 0
}
