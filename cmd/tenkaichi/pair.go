package main

import (
	"context"
	"encoding/json"
	"strconv"

	"github.com/tenkaichi-org/tenkaichi/pairing"
	"github.com/tenkaichi-org/tenkaichi/views/fileproblem"
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
	// Result is a team event's vacant seat's lost game, known at pairing.
	Result string `json:"result,omitempty"`
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
	// Pairing is the round's record (--record), kept with the round in the
	// file so tenkaichi verify checks its certificate.
	Pairing *pairing.RoundRecord `json:"pairing,omitempty"`
}

func runPair(ctx context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(ctx, env, "pair", "--in FILE [--explain] [--exact] [--record]", i18n.T(ctx, "CliPairHelp", i18n.Args{
		// Broken by hand so it fits 80 columns unwrapped.
		"Example": `{"number": N, "matches": [{"table": 1, "p1": "…", "p2": "…"},` + "\n" +
			`                         {"p1": "…", "p2": null}]}`}))
	in := fs.String("in", "", i18n.T(ctx, "CliEventFileFlag", nil))
	explain := fs.Bool("explain", false, i18n.T(ctx, "CliPairExplainFlag", nil))
	exact := fs.Bool("exact", false, i18n.T(ctx, "CliPairExactFlag", nil))
	record := fs.Bool("record", false, i18n.T(ctx, "CliPairRecordFlag", nil))
	if code, done := parseFlags(ctx, fs, args); done {
		return code
	}
	ev, code := loadEventFile(ctx, env, "pair", *in, fs.Args())
	if ev == nil {
		return code
	}
	pairNext := pairing.PairNextRoundContext
	if pairing.SeatsOf(ev) != nil {
		pairNext = pairing.PairTeamRound // a team event pairs teams, seat against seat
	}
	pr, err := pairNext(ctx, ev, pairing.PairOptions{Exact: *exact})
	if ctx.Err() != nil {
		return interruptedCode(ctx) // main reports the signal
	}
	if err != nil {
		complain(ctx, env.stderr, "pair", errText(ctx, err))
		return 2
	}
	out := pairRoundJSON{Number: pr.Number, Matches: []pairMatchJSON{}}
	if *record {
		out.Pairing = pr.Record
	}
	for _, m := range pr.Matches {
		line := pairMatchJSON{Table: m.Table, P1: m.P1, P2: m.P2, Result: m.Result}
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
	return printJSON(ctx, env, "pair", out)
}

// loadEventFile reads and validates --in; on failure it reports and returns
// nil with exit code 2.
func loadEventFile(ctx context.Context, env *cliEnv, cmd, path string, extra []string) (*pairing.Event, int) {
	if len(extra) > 0 {
		complain(ctx, env.stderr, cmd, i18n.T(ctx, "CliEventFileUnexpectedArg", i18n.Args{"Arg": strconv.Quote(extra[0])}))
		return nil, 2
	}
	if path == "" {
		complain(ctx, env.stderr, cmd, i18n.T(ctx, "CliEventFileRequired", nil))
		return nil, 2
	}
	data, err := readInput(env, path)
	if err != nil {
		complain(ctx, env.stderr, cmd, errText(ctx, err))
		return nil, 2
	}
	ev, err := pairing.ParseEvent(data)
	if err != nil {
		complain(ctx, env.stderr, cmd, i18n.T(ctx, "CliInputError", i18n.Args{"Input": inputName(ctx, path), "Err": fileproblem.Text(ctx, err)}))
		return nil, 2
	}
	return ev, 0
}

func printJSON(ctx context.Context, env *cliEnv, cmd string, v any) int {
	enc := json.NewEncoder(env.stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		complain(ctx, env.stderr, cmd, i18n.T(ctx, "CliWritingJSON", i18n.Args{"Err": err}))
		return 2
	}
	return 0
}
