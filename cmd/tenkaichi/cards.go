package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/carddata"
	"github.com/tenkaichi-org/tenkaichi/views/gamewords"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
	"golang.org/x/term"
)

func init() {
	register(command{name: "cards import", summary: func(ctx context.Context) string { return i18n.T(ctx, "CliSummaryCardsImport", nil) }, run: runCardsImport})
	register(command{name: "banlist import", summary: func(ctx context.Context) string { return i18n.T(ctx, "CliSummaryBanlistImport", nil) }, run: runBanlistImport})
}

func runCardsImport(ctx context.Context, env *cliEnv, args []string) int {
	file, db, code, done := parseFileCommand(ctx, env, args, "cards import", i18n.T(ctx, "CliCardsImportHelp", i18n.Args{"MB": maxInputBytes >> 20}), i18n.T(ctx, "CliCardsImportOneFile", nil))
	if done {
		return code
	}
	cards, err := readCardsInput(ctx, env, file)
	if err != nil {
		complain(ctx, env.stderr, "cards import", errText(ctx, err))
		return 2
	}
	st, err := openMigratedStore(ctx, env, db)
	if err != nil {
		complainOf(ctx, env.stderr, err)
		return 1
	}
	defer st.Close()
	bar := newProgressBar(env.stderr, len(cards), i18n.T(ctx, "CliImportingCards", nil))
	if err := carddata.New(st).ImportCards(ctx, storage.ActorCommandLine, cards, bar.set); err != nil {
		bar.done()
		complain(ctx, env.stderr, "cards import", i18n.T(ctx, "CliNothingStored", i18n.Args{"Err": errText(ctx, err)}))
		return 1
	}
	bar.done()
	games := map[rules.Game]int{}
	for _, c := range cards {
		games[c.Game]++
	}
	for g, n := range games {
		fmt.Fprintln(env.stdout, i18n.N(ctx, "CliCardsStored", n, i18n.Args{"Game": gamewords.ShortName(ctx, g)}))
	}
	return 0
}

func runBanlistImport(ctx context.Context, env *cliEnv, args []string) int {
	file, db, code, done := parseFileCommand(ctx, env, args, "banlist import", i18n.T(ctx, "CliBanlistImportHelp", nil), i18n.T(ctx, "CliBanlistImportOneFile", nil))
	if done {
		return code
	}
	versions, err := readBanListsInput(ctx, env, file)
	if err != nil {
		complain(ctx, env.stderr, "banlist import", errText(ctx, err))
		return 2
	}
	st, err := openMigratedStore(ctx, env, db)
	if err != nil {
		complainOf(ctx, env.stderr, err)
		return 1
	}
	defer st.Close()
	err = st.Tx(ctx, func(tx *storage.Store) error {
		for _, v := range versions {
			if err := carddata.New(tx).SaveBanListVersion(ctx, storage.ActorCommandLine, v); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		complain(ctx, env.stderr, "banlist import", i18n.T(ctx, "CliNothingStored", i18n.Args{"Err": errText(ctx, err)}))
		return 1
	}
	for _, v := range versions {
		fmt.Fprintln(env.stdout, i18n.N(ctx, "CliBanListStored", len(v.Entries), i18n.Args{"Game": gamewords.ShortName(ctx, v.Game), "Name": strconv.Quote(v.Name), "Effective": i18n.DateOf(ctx, v.Effective)}))
	}
	return 0
}

// openMigratedStore opens the database and brings its schema up to date.
func openMigratedStore(ctx context.Context, env *cliEnv, db dbFlags) (*storage.Store, error) {
	st, err := openStore(ctx, env, db, nil)
	if err != nil {
		return nil, err
	}
	if _, err := st.Migrate(ctx); err != nil {
		st.Close()
		return nil, err
	}
	return st, nil
}

// progressBar draws on a terminal only; piped output stays clean.
type progressBar struct {
	w     io.Writer
	total int
	label string
	on    bool
}

func newProgressBar(w io.Writer, total int, label string) *progressBar {
	f, ok := w.(*os.File)
	return &progressBar{w: w, total: total, label: label, on: ok && term.IsTerminal(int(f.Fd())) && total > 0}
}

func (p *progressBar) set(done int) {
	if !p.on {
		return
	}
	const width = 30
	filled := done * width / p.total
	fmt.Fprintf(p.w, "\r%s [%s%s] %d/%d", p.label, strings.Repeat("#", filled), strings.Repeat(" ", width-filled), done, p.total)
}

func (p *progressBar) done() {
	if p.on {
		fmt.Fprintln(p.w)
	}
}
