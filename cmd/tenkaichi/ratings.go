package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/tenkaichi-org/tenkaichi/pairing/rating"
	"github.com/tenkaichi-org/tenkaichi/views/fileproblem"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

func init() {
	register(command{name: "ratings", summary: func(ctx context.Context) string { return i18n.T(ctx, "CliSummaryRatings", nil) }, run: runRatings})
}

// ratingJSON is one player of `ratings --json` (docs/ratings.md).
type ratingJSON struct {
	Name       string  `json:"name"`
	MemberID   string  `json:"member_id,omitempty"`
	Rating     float64 `json:"rating"`
	Deviation  float64 `json:"deviation"`
	Volatility float64 `json:"volatility"`
	Matches    int     `json:"matches"`
}

// runRatings rates the players of the event files given, in order, one
// rating period per file (pairing/rating, docs/ratings.md).
func runRatings(ctx context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(ctx, env, "ratings", "[--json] FILE...", i18n.T(ctx, "CliRatingsHelp", nil))
	asJSON := fs.Bool("json", false, i18n.T(ctx, "CliRatingsJSONFlag", nil))
	if code, done := parseFlags(ctx, fs, args); done {
		return code
	}
	fail := func(problem string) int {
		complain(ctx, env.stderr, "ratings", problem)
		return 2
	}
	files := fs.Args()
	if len(files) == 0 {
		fs.Usage()
		return fail(i18n.T(ctx, "CliRatingsNoFiles", nil))
	}
	names := make([]string, len(files))
	for i := range names {
		names[i] = "FILE"
	}
	if err := oneStdin(ctx, names, files...); err != nil {
		return fail(errText(ctx, err))
	}
	ledger := rating.NewLedger(rating.Tau)
	for _, path := range files {
		if ctx.Err() != nil {
			return interruptedCode(ctx) // main reports the signal
		}
		data, err := readInput(env, path)
		if err != nil {
			return fail(errText(ctx, err))
		}
		ev, err := rating.ReadEvent(data)
		if err == nil {
			err = ledger.AddEvent(ev)
		}
		if err != nil {
			return fail(i18n.T(ctx, "CliInputError", i18n.Args{"Input": inputName(ctx, path), "Err": ratingProblem(ctx, err)}))
		}
	}
	players := ledger.Players()
	if *asJSON {
		out := make([]ratingJSON, len(players))
		for i, p := range players {
			out[i] = ratingJSON{Name: p.Name, MemberID: p.MemberID, Rating: roundTo(p.Rating.Rating, 2),
				Deviation: roundTo(p.Deviation, 2), Volatility: roundTo(p.Volatility, 6), Matches: p.Matches}
		}
		return printJSON(ctx, env, "ratings", out)
	}
	printRatings(ctx, env, players, len(files))
	return 0
}

// printRatings writes the ratings as a table, and what they were computed
// from. Ratings and deviations are whole numbers written without grouping,
// as ratings are (1720, not 1,720).
func printRatings(ctx context.Context, env *cliEnv, players []rating.Player, periods int) {
	rows := [][]string{strings.Split(i18n.T(ctx, "CliRatingsHeader", nil), "\t")}
	for i, p := range players {
		name := p.Name
		if p.MemberID != "" {
			name = i18n.T(ctx, "CliRatingsMember", i18n.Args{"Name": p.Name, "Member": p.MemberID})
		}
		rows = append(rows, strings.Split(i18n.T(ctx, "CliRatingsRow", i18n.Args{"Rank": i + 1, "Name": name,
			"Rating": fmt.Sprintf("%.0f", p.Rating.Rating), "Deviation": fmt.Sprintf("%.0f", p.Deviation),
			"Volatility": i18n.Decimal(ctx, p.Volatility, 4), "Matches": p.Matches}), "\t"))
	}
	writeTable(env.stdout, rows)
	fmt.Fprintln(env.stdout, i18n.T(ctx, "CliRatingsSummary", i18n.Args{"Players": len(players), "Periods": periods,
		"Tau": i18n.Decimal(ctx, rating.Tau, 1)}))
}

// writeTable writes rows with their columns aligned in terminal columns,
// so that Japanese lines up too (text/tabwriter counts runes).
func writeTable(w io.Writer, rows [][]string) {
	var widths []int
	for _, row := range rows {
		for i, cell := range row {
			if i == len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], textWidth(cell))
		}
	}
	for _, row := range rows {
		for i, cell := range row {
			if i < len(row)-1 {
				cell = padRight(cell, widths[i]+2)
			}
			fmt.Fprint(w, cell)
		}
		fmt.Fprintln(w)
	}
}

// roundTo is x to the given number of decimals.
func roundTo(x float64, decimals int) float64 {
	p := math.Pow(10, float64(decimals))
	return math.Round(x*p) / p
}

// ratingProblem is what is wrong with an event file for the ratings, in
// ctx's language: the ratings' own problems, else the event file's.
func ratingProblem(ctx context.Context, err error) string {
	var p *rating.Problem
	if !errors.As(err, &p) {
		return fileproblem.Text(ctx, err)
	}
	quoted := func(i int) string { return strconv.Quote(fmt.Sprint(p.Args[i])) }
	switch p.Key {
	case "same-name":
		return i18n.T(ctx, "CliRatingsSameName", i18n.Args{"Name": quoted(0), "First": quoted(1), "Second": quoted(2)})
	case "same-member":
		return i18n.T(ctx, "CliRatingsSameMember", i18n.Args{"Member": quoted(0), "First": quoted(1), "Second": quoted(2)})
	case "unknown-player":
		return i18n.T(ctx, "CliRatingsUnknownPlayer", i18n.Args{"Round": p.Args[0], "Match": p.Args[1], "Player": quoted(2)})
	}
	return err.Error()
}
