package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/storage/carddata"
	"github.com/tenkaichi-org/tenkaichi/views/deckproblem"
	"github.com/tenkaichi-org/tenkaichi/views/fileproblem"
	"github.com/tenkaichi-org/tenkaichi/views/gamewords"
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
		return nil, nil, sayError(i18n.T(ctx, "CliNoCardPool", i18n.Args{"Path": none.path}), err)
	}
	if err != nil {
		return nil, nil, err
	}
	defer st.Close()
	n, err := carddata.New(st).CountCards(ctx, game)
	if err != nil {
		return nil, nil, err
	}
	if n == 0 {
		return nil, nil, sayError(i18n.T(ctx, "CliNoCardsStored", i18n.Args{"Game": gamewords.ShortName(ctx, game), "Database": describeStore(env, db)}), nil)
	}
	pool, err := carddata.New(st).CardPool(ctx, game)
	if err != nil {
		return nil, nil, err
	}
	versions, err := carddata.New(st).BanListVersions(ctx)
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
		i18n.T(ctx, "CliDeckCheckHelp", i18n.Args{"Formats": strings.Join(rules.FormatIDs(), ", ")}))
	formatID := fs.String("format", "", i18n.T(ctx, "CliFormatFlag", nil))
	dateStr := fs.String("date", "", i18n.T(ctx, "CliDeckDateFlag", nil))
	cardsPath := fs.String("cards", "", i18n.T(ctx, "CliCardsFlag", nil))
	banPath := fs.String("banlist", "", i18n.T(ctx, "CliBanlistFlag", nil))
	asJSON := fs.Bool("json", false, i18n.T(ctx, "CliDeckJSONFlag", nil))
	var db dbFlags
	db.register(ctx, fs, env)
	if code, done := parseFlags(ctx, fs, args); done {
		return code
	}
	pos := fs.Args()
	fail := func(problem string) int {
		complain(ctx, env.stderr, "deck check", problem)
		return 2
	}
	if len(pos) != 1 {
		fs.Usage()
		return fail(i18n.N(ctx, "CliDeckOneFile", len(pos), nil))
	}
	if err := oneStdin(ctx, []string{"DECKFILE", "--cards", "--banlist"}, pos[0], *cardsPath, *banPath); err != nil {
		return fail(errText(ctx, err))
	}
	format, ok := rules.LookupFormat(*formatID)
	if !ok {
		return fail(i18n.T(ctx, "CliUnknownFormat", i18n.Args{"Value": strconv.Quote(*formatID), "Formats": strings.Join(rules.FormatIDs(), ", ")}))
	}
	if *dateStr == "" {
		return fail(i18n.T(ctx, "CliDateRequired", nil))
	}
	date, err := time.Parse(rules.DateLayout, *dateStr)
	if err != nil {
		return fail(i18n.T(ctx, "CliBadDate", i18n.Args{"Value": strconv.Quote(*dateStr)}))
	}

	pool, bans, problem := deckCheckCards(ctx, env, db, format.Game, *cardsPath, *banPath)
	if problem != "" {
		return fail(problem)
	}

	deck, err := readDeck(env, pos[0], pool)
	if err != nil {
		var de *rules.DecklistError
		if errors.As(err, &de) {
			return fail(i18n.T(ctx, "CliInputError", i18n.Args{"Input": inputName(ctx, pos[0]), "Err": deckproblem.ReadError(ctx, de)}))
		}
		return fail(errText(ctx, err))
	}

	res := format.Validate(deck, pool, bans, date)
	if *asJSON {
		if err := writeDeckCheckJSON(env, res); err != nil {
			return fail(i18n.T(ctx, "CliWritingJSON", i18n.Args{"Err": err}))
		}
	} else {
		printDeckResult(ctx, env, format, res)
	}
	if !res.Legal {
		return 1
	}
	return 0
}

// deckCheckCards is the card pool (the --cards file, else the stored
// cards of the game) and the ban lists (the --banlist file, else the
// stored ones) a deck check uses; problem says why it has none.
func deckCheckCards(ctx context.Context, env *cliEnv, db dbFlags, game rules.Game, cardsPath, banPath string) (rules.CardPool, *rules.BanLists, string) {
	var (
		pool   rules.CardPool
		stored []rules.BanListVersion
		err    error
	)
	switch {
	case cardsPath != "":
		cards, err := readCardsInput(ctx, env, cardsPath)
		if err != nil {
			return nil, nil, i18n.T(ctx, "CliReadingCards", i18n.Args{"Err": errText(ctx, err)})
		}
		pool = rules.NewMapPool(cards)
	default:
		if pool, stored, err = storedPool(ctx, env, db, game); err != nil {
			return nil, nil, errText(ctx, err)
		}
	}
	bans, err := banLists(ctx, env, stored, banPath)
	if err != nil {
		return nil, nil, errText(ctx, err)
	}
	return pool, bans, ""
}

// writeDeckCheckJSON writes a deck check's result as --json gives it.
func writeDeckCheckJSON(env *cliEnv, res rules.Result) error {
	out := deckCheckJSON{Legal: res.Legal, Format: res.Format, BanList: res.BanList,
		Problems: res.Problems, Main: res.Main, Side: res.Side, Leader: res.Leader}
	enc := json.NewEncoder(env.stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
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
	return readCapped(r, func(r io.Reader) (*rules.Decklist, error) { return rules.ParseDecklistNamed(r, names) })
}

func printDeckResult(ctx context.Context, env *cliEnv, format *rules.Format, res rules.Result) {
	w := env.stdout
	if res.Legal {
		fmt.Fprintln(w, i18n.T(ctx, "CliDeckLegal", i18n.Args{"Format": gamewords.Format(ctx, format)}))
	} else {
		fmt.Fprintln(w, i18n.T(ctx, "CliDeckNotLegal", i18n.Args{"Format": gamewords.Format(ctx, format)}))
	}
	var banList string
	switch {
	case !format.AppliesBanList():
		banList = i18n.T(ctx, "CliDeckNoBanListApplies", nil)
	case res.BanList == "":
		banList = i18n.T(ctx, "CliDeckNoBanListInForce", i18n.Args{"Date": i18n.DateOf(ctx, res.Date)})
	default:
		banList = i18n.T(ctx, "CliDeckBanList", i18n.Args{"Date": i18n.DateOf(ctx, res.Date), "Name": res.BanList})
	}
	fmt.Fprintln(w, i18n.T(ctx, "CliDeckSummary", i18n.Args{"Leader": orDash(res.Leader), "Main": res.Main, "Side": res.Side, "BanList": banList}))
	// The problems in ctx's language, worded as the web pages word them;
	// the rule cited stays as rules names it, as on the pages.
	for _, p := range res.Problems {
		text, rule := deckproblem.Text(ctx, p), deckproblem.RuleLabel(ctx, p.Rule)
		// One line each, however long, so a problem can be found with grep.
		if p.Line > 0 {
			fmt.Fprintln(w, "  "+i18n.T(ctx, "CliDeckProblemAtLine", i18n.Args{"Line": p.Line, "Problem": text, "Rule": rule}))
		} else {
			fmt.Fprintln(w, "  "+i18n.T(ctx, "CliDeckProblem", i18n.Args{"Problem": text, "Rule": rule}))
		}
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
func banLists(ctx context.Context, env *cliEnv, stored []rules.BanListVersion, path string) (*rules.BanLists, error) {
	bans := rules.BuiltinBanLists()
	for _, v := range stored {
		if err := bans.Add(v); err != nil {
			return nil, sayError(i18n.T(ctx, "CliStoredBanListError", i18n.Args{"Err": fileproblem.Text(ctx, err)}), err)
		}
	}
	if path == "" {
		return bans, nil
	}
	versions, err := readBanListsInput(ctx, env, path)
	if err != nil {
		return nil, sayError(i18n.T(ctx, "CliReadingBanList", i18n.Args{"Err": errText(ctx, err)}), err)
	}
	for _, v := range versions {
		if err := bans.Add(v); err != nil {
			return nil, sayError(i18n.T(ctx, "CliBanListFileError", i18n.Args{"Input": inputName(ctx, path), "Err": fileproblem.Text(ctx, err)}), err)
		}
	}
	return bans, nil
}
