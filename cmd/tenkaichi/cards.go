package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
	"golang.org/x/term"
)

func init() {
	register(command{name: "cards import", summary: func(ctx context.Context) string { return i18n.T(ctx, "CliSummaryCardsImport", nil) }, run: runCardsImport})
	register(command{name: "banlist import", summary: func(ctx context.Context) string { return i18n.T(ctx, "CliSummaryBanlistImport", nil) }, run: runBanlistImport})
}

func runCardsImport(ctx context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(ctx, env, "cards import", "[--data DIR] FILE",
		"Reads a card list (a file, or - for standard input; at most 64 MB) and stores it in the\n"+
			"database, replacing cards with the same number, in one transaction: a file with a bad\n"+
			"record changes nothing, and the error names the record.\n"+
			"Formats: the Fusion World JSON card list, the Masters JSON card list, and the CSV of docs/card-csv.md.")
	var db dbFlags
	db.register(ctx, fs, env)
	if code, done := parseFlags(fs, args); done {
		return code
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(env.stderr, "cards import: give exactly one card file")
		return 2
	}
	cards, err := readCardsInput(env, fs.Arg(0))
	if err != nil {
		fmt.Fprintf(env.stderr, "cards import: %v\n", err)
		return 2
	}
	st, err := openMigratedStore(ctx, env, db)
	if err != nil {
		fmt.Fprintf(env.stderr, "tenkaichi: %v\n", err)
		return 1
	}
	defer st.Close()
	bar := newProgressBar(env.stderr, len(cards), "Importing cards")
	if err := st.ImportCards(ctx, storage.Actor{Name: "command line"}, cards, bar.set); err != nil {
		bar.done()
		fmt.Fprintf(env.stderr, "cards import: nothing was stored: %v\n", err)
		return 1
	}
	bar.done()
	games := map[rules.Game]int{}
	for _, c := range cards {
		games[c.Game]++
	}
	for g, n := range games {
		fmt.Fprintf(env.stdout, "stored %d %s cards\n", n, g)
	}
	return 0
}

func runBanlistImport(ctx context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(ctx, env, "banlist import", "[--data DIR] FILE",
		"Reads ban list versions (docs/banlist-format.md, or the Masters list's own JSON; a file, or -\n"+
			"for standard input) and stores them.\n"+
			"A version with the same game and effective date as a stored one replaces it.")
	var db dbFlags
	db.register(ctx, fs, env)
	if code, done := parseFlags(fs, args); done {
		return code
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(env.stderr, "banlist import: give exactly one ban list file")
		return 2
	}
	versions, err := readBanListsInput(env, fs.Arg(0))
	if err != nil {
		fmt.Fprintf(env.stderr, "banlist import: %v\n", err)
		return 2
	}
	st, err := openMigratedStore(ctx, env, db)
	if err != nil {
		fmt.Fprintf(env.stderr, "tenkaichi: %v\n", err)
		return 1
	}
	defer st.Close()
	err = st.Tx(ctx, func(tx *storage.Store) error {
		for _, v := range versions {
			if err := tx.SaveBanListVersion(ctx, storage.Actor{Name: "command line"}, v); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		fmt.Fprintf(env.stderr, "banlist import: nothing was stored: %v\n", err)
		return 1
	}
	for _, v := range versions {
		fmt.Fprintf(env.stdout, "stored %s ban list %q in force from %s (%d entries)\n", v.Game, v.Name, v.Effective, len(v.Entries))
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
