package main

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

func init() {
	register(command{name: "store add", summary: func(ctx context.Context) string { return i18n.T(ctx, "CliSummaryStoreAdd", nil) }, run: runStoreAdd})
	register(command{name: "store list", summary: func(ctx context.Context) string { return i18n.T(ctx, "CliSummaryStoreList", nil) }, run: runStoreList})
}

func runStoreAdd(ctx context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(ctx, env, "store add", "--name NAME [--data DIR]",
		i18n.T(ctx, "CliStoreAddHelp", nil))
	name := fs.String("name", "", i18n.T(ctx, "CliStoreAddNameFlag", nil))
	var db dbFlags
	db.register(ctx, fs, env)
	if code, done := parseFlags(ctx, fs, args); done {
		return code
	}
	*name = strings.TrimSpace(*name)
	if *name == "" || fs.NArg() > 0 {
		fmt.Fprintln(env.stderr, i18n.T(ctx, "CliStoreAddUsage", nil))
		return 2
	}
	if utf8.RuneCountInString(*name) > 80 {
		fmt.Fprintln(env.stderr, i18n.T(ctx, "CliStoreAddTooLong", i18n.Args{"Max": 80}))
		return 2
	}
	st, err := openMigratedStore(ctx, env, db)
	if err != nil {
		complainOf(ctx, env.stderr, err)
		return 1
	}
	defer st.Close()
	sh := &accounts.Shop{Name: *name}
	err = accounts.New(st).CreateShop(ctx, storage.ActorCommandLine, sh)
	if errors.Is(err, storage.ErrConflict) {
		fmt.Fprintln(env.stderr, i18n.T(ctx, "CliStoreAddTaken", i18n.Args{"Store": strconv.Quote(*name)}))
		return 1
	}
	if err != nil {
		complainOf(ctx, env.stderr, err)
		return 1
	}
	fmt.Fprintln(env.stdout, i18n.T(ctx, "CliStoreCreated", i18n.Args{"Store": strconv.Quote(sh.Name)}))
	return 0
}

func runStoreList(ctx context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(ctx, env, "store list", "[--data DIR]", i18n.T(ctx, "CliStoreListHelp", nil))
	var db dbFlags
	db.register(ctx, fs, env)
	if code, done := parseFlags(ctx, fs, args); done {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintln(env.stderr, i18n.T(ctx, "CliStoreListUsage", nil))
		return 2
	}
	st, err := openMigratedStore(ctx, env, db)
	if err != nil {
		complainOf(ctx, env.stderr, err)
		return 1
	}
	defer st.Close()
	stats, err := accounts.New(st).ShopStatsAll(ctx)
	if err != nil {
		complainOf(ctx, env.stderr, err)
		return 1
	}
	for _, s := range stats {
		fmt.Fprintln(env.stdout, i18n.T(ctx, "CliStoreListLine", i18n.Args{"Store": s.Name,
			"Organisers": i18n.N(ctx, "OrganiserCount", int(s.Organisers), nil),
			"Judges":     i18n.N(ctx, "JudgeCount", int(s.Judges), nil),
			"Events":     i18n.N(ctx, "EventCount", int(s.Events), nil)}))
	}
	return 0
}
