package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

func init() {
	register(command{name: "deck check", summary: func(ctx context.Context) string { return i18n.T(ctx, "CliSummaryDeckCheck", nil) }, run: runDeckCheck})
}

// storedPool loads the card pool of a game, and the ban-list versions, from
// the database (DATABASE_URL or the SQLite file in the data directory). A
// missing database, or one with no cards of the game, is an error that says
// how to import some; a missing database is not created.
func storedPool(ctx context.Context, env *cliEnv, db dbFlags, game rules.Game) (rules.CardPool, []rules.BanListVersion, error) {
	st, err := openExistingStore(ctx, env, db)
	var none *errNoDatabase
	if errors.As(err, &none) {
		return nil, nil, fmt.Errorf("no card pool: %v; run 'tenkaichi cards import FILE' first, or give --cards FILE", err)
	}
	if err != nil {
		return nil, nil, err
	}
	defer st.Close()
	n, err := st.CountCards(ctx, game)
	if err != nil {
		return nil, nil, err
	}
	if n == 0 {
		return nil, nil, fmt.Errorf("no %s cards are stored in %s: run 'tenkaichi cards import FILE' first, or give --cards FILE", game, describeStore(env, db))
	}
	pool, err := st.CardPool(ctx, game)
	if err != nil {
		return nil, nil, err
	}
	versions, err := st.BanListVersions(ctx)
	return pool, versions, err
}

// deckCheckJSON is the --json output; other tools script against its shape.
type deckCheckJSON struct {
	Legal    bool            `json:"legal"`
	Format   string          `json:"format"`
	BanList  string          `json:"banlist"`
	Problems []rules.Problem `json:"problems"`
	Main     int             `json:"main"`
	Side     int             `json:"side"`
	Leader   string          `json:"leader"`
}

func runDeckCheck(ctx context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(ctx, env, "deck check",
		"--format FORMAT --date YYYY-MM-DD [--cards FILE] [--banlist FILE] [--json] DECKFILE",
		"Checks a decklist (a file, or - for standard input) against a format and the ban list\n"+
			"in force on the date. Exit status: 0 legal, 1 the deck breaks a rule, 2 unreadable input.\n"+
			"Formats: "+strings.Join(rules.FormatIDs(), ", "))
	formatID := fs.String("format", "", "format `ID`, e.g. fw-standard")
	dateStr := fs.String("date", "", "event `date` (YYYY-MM-DD); picks the ban list in force")
	cardsPath := fs.String("cards", "", "card list `FILE` (Fusion World JSON, Masters JSON or CSV; - for standard input)")
	banPath := fs.String("banlist", "", "ban list `FILE` to add to the built-in lists (- for standard input)")
	asJSON := fs.Bool("json", false, "print the result as JSON")
	var db dbFlags
	db.register(ctx, fs, env)
	if code, done := parseFlags(fs, args); done {
		return code
	}
	pos := fs.Args()
	fail := func(format string, a ...any) int {
		fmt.Fprintf(env.stderr, "tenkaichi deck check: "+format+"\n", a...)
		return 2
	}
	if len(pos) != 1 {
		fs.Usage()
		return fail("expected one DECKFILE, got %d", len(pos))
	}
	if err := oneStdin([]string{"DECKFILE", "--cards", "--banlist"}, pos[0], *cardsPath, *banPath); err != nil {
		return fail("%v", err)
	}
	format, ok := rules.LookupFormat(*formatID)
	if !ok {
		return fail("unknown format %q (want one of %s)", *formatID, strings.Join(rules.FormatIDs(), ", "))
	}
	if *dateStr == "" {
		return fail("--date is required (YYYY-MM-DD)")
	}
	date, err := time.Parse(rules.DateLayout, *dateStr)
	if err != nil {
		return fail("--date %q: expected YYYY-MM-DD", *dateStr)
	}

	var (
		pool   rules.CardPool
		stored []rules.BanListVersion
	)
	switch {
	case *cardsPath != "":
		cards, err := readCardsInput(env, *cardsPath)
		if err != nil {
			return fail("reading cards: %v", err)
		}
		pool = rules.NewMapPool(cards)
	default:
		if pool, stored, err = storedPool(ctx, env, db, format.Game); err != nil {
			return fail("%v", err)
		}
	}

	bans, err := banLists(env, stored, *banPath)
	if err != nil {
		return fail("%v", err)
	}

	deck, err := readDeck(env, pos[0], pool)
	if err != nil {
		var de *rules.DecklistError
		if errors.As(err, &de) {
			return fail("%s: %v", pos[0], err)
		}
		return fail("%v", err)
	}

	res := format.Validate(deck, pool, bans, date)
	if *asJSON {
		out := deckCheckJSON{Legal: res.Legal, Format: res.Format, BanList: res.BanList,
			Problems: res.Problems, Main: res.Main, Side: res.Side, Leader: res.Leader}
		enc := json.NewEncoder(env.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			return fail("writing JSON: %v", err)
		}
	} else {
		printDeckResult(env, format, res)
	}
	if !res.Legal {
		return 1
	}
	return 0
}

// readDeck reads a decklist; its lines may name cards in English or
// Japanese instead of numbering them, as the pool names them.
func readDeck(env *cliEnv, path string, pool rules.CardPool) (*rules.Decklist, error) {
	r, err := openInput(env, path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	var names *rules.NameIndex
	if mp, ok := pool.(rules.MapPool); ok {
		names = rules.NewNameIndex(mp)
	}
	return rules.ParseDecklistNamed(r, names)
}

func printDeckResult(env *cliEnv, format *rules.Format, res rules.Result) {
	w := env.stdout
	verdict := "legal"
	if !res.Legal {
		verdict = "NOT legal"
	}
	var banList string
	switch {
	case !format.AppliesBanList():
		banList = "Ban list: none, no ban list applies to this format"
	case res.BanList == "":
		banList = fmt.Sprintf("Ban list on %s: none in force", res.Date)
	default:
		banList = fmt.Sprintf("Ban list on %s: %s", res.Date, res.BanList)
	}
	fmt.Fprintf(w, "%s: %s\n", format.Name, verdict)
	fmt.Fprintf(w, "Leader: %s  Main: %d  Side: %d  %s\n", orDash(res.Leader), res.Main, res.Side, banList)
	for _, p := range res.Problems {
		loc := ""
		if p.Line > 0 {
			loc = fmt.Sprintf("line %d: ", p.Line)
		}
		fmt.Fprintf(w, "  %s%s (%s)\n", loc, p.Message, p.Rule)
	}
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// banLists is the built-in lists plus stored versions and those of a ban list
// file (path may be empty).
func banLists(env *cliEnv, stored []rules.BanListVersion, path string) (*rules.BanLists, error) {
	bans := rules.BuiltinBanLists()
	for _, v := range stored {
		if err := bans.Add(v); err != nil {
			return nil, fmt.Errorf("stored ban list: %w", err)
		}
	}
	if path == "" {
		return bans, nil
	}
	versions, err := readBanListsInput(env, path)
	if err != nil {
		return nil, fmt.Errorf("reading ban list: %w", err)
	}
	for _, v := range versions {
		if err := bans.Add(v); err != nil {
			return nil, fmt.Errorf("ban list %s: %w", inputName(path), err)
		}
	}
	return bans, nil
}
