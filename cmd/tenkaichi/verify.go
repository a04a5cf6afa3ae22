package main

import (
	"context"
	"fmt"
	"strconv"

	"github.com/tenkaichi-org/tenkaichi/pairing"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

func init() {
	register(command{name: "verify", summary: func(ctx context.Context) string { return i18n.T(ctx, "CliSummaryVerify", nil) }, run: runVerify})
}

// verifyJSON is the output of verify --json: English keys and texts
// whatever the language, for scripts (docs/pairing.md).
type verifyJSON struct {
	OK     bool              `json:"ok"`
	Rounds []verifyRoundJSON `json:"rounds"`
	TopCut *verifyCutJSON    `json:"top_cut"`
}

type verifyRoundJSON struct {
	Round     int                 `json:"round"`
	Holds     bool                `json:"holds"`
	Certified bool                `json:"certified"`
	Problems  []verifyProblemJSON `json:"problems"`
}

type verifyCutJSON struct {
	Rounds   int                 `json:"rounds"`
	Holds    bool                `json:"holds"`
	Problems []verifyProblemJSON `json:"problems"`
}

// verifyProblemJSON locates a problem: round (Swiss) or cut_round (top
// cut), and match and table where it is about one (0 when not).
type verifyProblemJSON struct {
	Round    int    `json:"round,omitempty"`
	CutRound int    `json:"cut_round,omitempty"`
	Match    int    `json:"match"`
	Table    int    `json:"table"`
	Key      string `json:"key"`
	Text     string `json:"text"`
}

func runVerify(ctx context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(ctx, env, "verify", "--in FILE [--round N] [--exact] [--json]", i18n.T(ctx, "CliVerifyHelp", nil))
	in := fs.String("in", "", i18n.T(ctx, "CliEventFileFlag", nil))
	round := fs.Int("round", 0, i18n.T(ctx, "CliVerifyRoundFlag", nil))
	exact := fs.Bool("exact", false, i18n.T(ctx, "CliVerifyExactFlag", nil))
	asJSON := fs.Bool("json", false, i18n.T(ctx, "CliVerifyJSONFlag", nil))
	if code, done := parseFlags(ctx, fs, args); done {
		return code
	}
	ev, code := loadEventFile(ctx, env, "verify", *in, fs.Args())
	if ev == nil {
		return code
	}
	if *round < 0 || *round > len(ev.Rounds) {
		problem := i18n.T(ctx, "CliVerifyNoSuchRound", i18n.Args{"Round": *round, "Last": len(ev.Rounds)})
		if len(ev.Rounds) == 0 {
			problem = i18n.T(ctx, "CliVerifyNoRounds", i18n.Args{"Round": *round})
		}
		complain(ctx, env.stderr, "verify", problem)
		return 2
	}
	rep, err := pairing.Verify(ctx, ev, pairing.VerifyOptions{Round: *round, Exact: *exact})
	if ctx.Err() != nil {
		return interruptedCode(ctx) // main reports the signal
	}
	if err != nil {
		complain(ctx, env.stderr, "verify", errText(ctx, err))
		return 2
	}
	if *asJSON {
		if code := printJSON(ctx, env, "verify", verifyOutput(rep)); code != 0 {
			return code
		}
	} else {
		printVerify(ctx, env, rep)
	}
	if !rep.OK() {
		return 1
	}
	return 0
}

func verifyOutput(rep *pairing.VerifyReport) verifyJSON {
	out := verifyJSON{OK: rep.OK(), Rounds: []verifyRoundJSON{}}
	for _, rc := range rep.Rounds {
		out.Rounds = append(out.Rounds, verifyRoundJSON{Round: rc.Number, Holds: len(rc.Problems) == 0,
			Certified: rc.Certified, Problems: problemsJSON(rc.Problems)})
	}
	if tc := rep.TopCut; tc != nil {
		out.TopCut = &verifyCutJSON{Rounds: tc.Rounds, Holds: len(tc.Problems) == 0, Problems: problemsJSON(tc.Problems)}
	}
	return out
}

func problemsJSON(ps []pairing.Problem) []verifyProblemJSON {
	out := []verifyProblemJSON{}
	for _, p := range ps {
		out = append(out, verifyProblemJSON{Round: p.Round, CutRound: p.CutRound, Match: p.Match, Table: p.Table, Key: p.Key, Text: p.Msg})
	}
	return out
}

// printVerify says the verdict round by round, each problem on a line of
// its own under its round (so it can be found with grep), then a summary.
func printVerify(ctx context.Context, env *cliEnv, rep *pairing.VerifyReport) {
	w := env.stdout
	var failed []string
	for _, rc := range rep.Rounds {
		a := i18n.Args{"Round": rc.Number}
		switch {
		case len(rc.Problems) > 0:
			fmt.Fprintln(w, i18n.T(ctx, "CliVerifyRoundFails", a))
			failed = append(failed, strconv.Itoa(rc.Number))
		case rc.Certified:
			fmt.Fprintln(w, i18n.T(ctx, "CliVerifyRoundCertified", a))
		default:
			fmt.Fprintln(w, i18n.T(ctx, "CliVerifyRoundHolds", a))
		}
		for _, p := range rc.Problems {
			fmt.Fprintln(w, "  "+locatedText(ctx, p))
		}
	}
	cutFails := rep.TopCut != nil && len(rep.TopCut.Problems) > 0
	if tc := rep.TopCut; tc != nil {
		if cutFails {
			fmt.Fprintln(w, i18n.T(ctx, "CliVerifyTopCutFails", nil))
		} else {
			fmt.Fprintln(w, i18n.T(ctx, "CliVerifyTopCutHolds", nil))
		}
		for _, p := range tc.Problems {
			fmt.Fprintln(w, "  "+locatedText(ctx, p))
		}
	}
	rounds := listText(ctx, failed)
	switch {
	case len(rep.Rounds) == 0 && rep.TopCut == nil:
		fmt.Fprintln(w, i18n.T(ctx, "CliVerifyNothingToCheck", nil))
	case len(failed) > 0 && cutFails:
		fmt.Fprintln(w, i18n.T(ctx, "CliVerifySomeFailAndTopCut", i18n.Args{"Rounds": rounds}))
	case len(failed) > 0:
		fmt.Fprintln(w, i18n.T(ctx, "CliVerifySomeFail", i18n.Args{"Rounds": rounds}))
	case cutFails:
		fmt.Fprintln(w, i18n.T(ctx, "CliVerifyOnlyTopCutFails", nil))
	default:
		fmt.Fprintln(w, i18n.T(ctx, "CliVerifyAllHold", nil))
	}
}

// listText says items one after the other, as ctx's language lists them.
func listText(ctx context.Context, items []string) string {
	if len(items) == 0 {
		return ""
	}
	list := items[0]
	for _, item := range items[1:] {
		list = i18n.T(ctx, "CliVerifyListItem", i18n.Args{"List": list, "Item": item})
	}
	return list
}

// locatedText is a problem in ctx's language, after the match or table
// it is about (its round heads the lines it is under).
func locatedText(ctx context.Context, p pairing.Problem) string {
	text := verifyText(ctx, p)
	a := i18n.Args{"Round": p.CutRound, "Match": p.Match, "Table": p.Table, "Problem": text}
	switch {
	case p.CutRound > 0 && p.Match > 0:
		return i18n.T(ctx, "CliVerifyAtCutMatch", a)
	case p.CutRound > 0:
		return i18n.T(ctx, "CliVerifyAtCutRound", a)
	case p.Table > 0:
		return i18n.T(ctx, "CliVerifyAtTable", a)
	case p.Match > 0:
		return i18n.T(ctx, "CliVerifyAtMatch", a)
	}
	return text
}
