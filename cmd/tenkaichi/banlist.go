package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/storage/carddata"
	"github.com/tenkaichi-org/tenkaichi/views/gamewords"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

func init() {
	register(command{name: "banlist show", summary: func(ctx context.Context) string { return i18n.T(ctx, "CliSummaryBanlistShow", nil) }, run: runBanlistShow})
}

func runBanlistShow(ctx context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(ctx, env, "banlist show", "--game GAME --date YYYY-MM-DD [--banlist FILE] [--json]",
		i18n.T(ctx, "CliBanlistShowHelp", nil))
	game := fs.String("game", "", i18n.T(ctx, "CliGameFlag", nil))
	dateStr := fs.String("date", "", i18n.T(ctx, "CliBanlistShowDateFlag", nil))
	banPath := fs.String("banlist", "", i18n.T(ctx, "CliBanlistFlag", nil))
	asJSON := fs.Bool("json", false, i18n.T(ctx, "CliBanlistShowJSONFlag", nil))
	storedFlag := fs.Bool("stored", false, i18n.T(ctx, "CliBanlistStoredFlag", nil))
	var db dbFlags
	db.register(ctx, fs, env)
	if code, done := parseFlags(ctx, fs, args); done {
		return code
	}
	pos := fs.Args()
	fail := func(problem string) int {
		complain(ctx, env.stderr, "banlist show", problem)
		return 2
	}
	if len(pos) != 0 {
		return fail(i18n.T(ctx, "CliUnexpectedArg", i18n.Args{"Arg": strconv.Quote(pos[0])}))
	}
	g := rules.Game(*game)
	switch g {
	case rules.GameFusionWorld, rules.GameMasters, rules.GameScoreDBZ, rules.GamePaniniDBZ:
	default:
		return fail(i18n.T(ctx, "CliBadGame", i18n.Args{"Value": strconv.Quote(*game)}))
	}
	date, err := time.Parse(rules.DateLayout, *dateStr)
	if err != nil {
		return fail(i18n.T(ctx, "CliBadDate", i18n.Args{"Value": strconv.Quote(*dateStr)}))
	}
	var stored []rules.BanListVersion
	if *storedFlag {
		var problem string
		if stored, problem = storedBanLists(ctx, env, db); problem != "" {
			return fail(problem)
		}
	}
	bans, err := banLists(ctx, env, stored, *banPath)
	if err != nil {
		return fail(errText(ctx, err))
	}
	v := bans.InForce(g, date)
	if v == nil {
		fmt.Fprintln(env.stdout, i18n.T(ctx, "CliNoBanListInForce", i18n.Args{"Game": gamewords.ShortName(ctx, g), "Date": i18n.DateOf(ctx, *dateStr)}))
		return 0
	}
	if *asJSON {
		enc := json.NewEncoder(env.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(v); err != nil {
			return fail(i18n.T(ctx, "CliWritingJSON", i18n.Args{"Err": err}))
		}
		return 0
	}
	fmt.Fprintln(env.stdout, i18n.T(ctx, "CliBanListInForce", i18n.Args{"Game": gamewords.ShortName(ctx, g), "Date": i18n.DateOf(ctx, *dateStr), "Name": v.Name, "Effective": i18n.DateOf(ctx, v.Effective)}))
	for _, e := range v.Entries {
		_, applies := v.Entry(e.Number, date)
		fmt.Fprintf(env.stdout, "  %s %s %s\n", padRight(e.Number, 10), padRight(e.Name, 28), banStatusText(ctx, e, !applies))
	}
	return 0
}

// storedBanLists are the ban lists stored in the database; problem says
// why there are none to read.
func storedBanLists(ctx context.Context, env *cliEnv, db dbFlags) ([]rules.BanListVersion, string) {
	st, err := openExistingStore(ctx, env, db)
	var none *errNoDatabase
	if errors.As(err, &none) {
		return nil, i18n.T(ctx, "CliBanlistNoStored", i18n.Args{"Path": none.path})
	}
	if err != nil {
		return nil, errText(ctx, err)
	}
	defer st.Close()
	stored, err := carddata.New(st).BanListVersions(ctx)
	if err != nil {
		return nil, i18n.T(ctx, "CliLoadingStoredBanLists", i18n.Args{"Err": err})
	}
	return stored, ""
}

// banStatusText is "banned" or "limited to 2", with the date it starts
// from when that is after the date asked about (later says so).
func banStatusText(ctx context.Context, e rules.BanEntry, later bool) string {
	switch {
	case e.Status == rules.StatusBanned && later:
		return i18n.T(ctx, "CliBanBannedFrom", i18n.Args{"Since": i18n.DateOf(ctx, e.Since)})
	case e.Status == rules.StatusBanned:
		return i18n.T(ctx, "CliBanBanned", nil)
	case later:
		return i18n.N(ctx, "CliBanLimitedFrom", e.Limit, i18n.Args{"Since": i18n.DateOf(ctx, e.Since)})
	}
	return i18n.N(ctx, "CliBanLimited", e.Limit, nil)
}
