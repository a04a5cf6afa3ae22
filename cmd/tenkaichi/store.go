package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/tenkaichi-org/tenkaichi/storage"
)

func init() {
	register(command{name: "store add", summary: "create a store (an organisation with its own events and staff)", run: runStoreAdd})
	register(command{name: "store list", summary: "list the stores with their organisers, judges and events", run: runStoreList})
}

func runStoreAdd(ctx context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(env, "store add", "--name NAME [--data DIR]",
		"Creates a store, as the instance admin does on the Stores page. Add accounts to it with\n"+
			"'tenkaichi user add --store NAME'.")
	name := fs.String("name", "", "the store's name (at most 80 characters, unique whatever the case)")
	var db dbFlags
	db.register(fs, env)
	if code, done := parseFlags(fs, args); done {
		return code
	}
	*name = strings.TrimSpace(*name)
	if *name == "" || fs.NArg() > 0 {
		fmt.Fprintln(env.stderr, "store add: --name is required and no other arguments are taken")
		return 2
	}
	if utf8.RuneCountInString(*name) > 80 {
		fmt.Fprintln(env.stderr, "store add: the name has more than 80 characters")
		return 2
	}
	st, err := openMigratedStore(ctx, env, db)
	if err != nil {
		fmt.Fprintf(env.stderr, "tenkaichi: %v\n", err)
		return 1
	}
	defer st.Close()
	sh := &storage.Shop{Name: *name}
	err = st.CreateShop(ctx, storage.Actor{Name: "command line"}, sh)
	if errors.Is(err, storage.ErrConflict) {
		fmt.Fprintf(env.stderr, "store add: a store is already named %q\n", *name)
		return 1
	}
	if err != nil {
		fmt.Fprintf(env.stderr, "tenkaichi: %v\n", err)
		return 1
	}
	fmt.Fprintf(env.stdout, "created store %q\n", sh.Name)
	return 0
}

func runStoreList(ctx context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(env, "store list", "[--data DIR]", "Lists the stores, each with how many organisers, judges and events it has.")
	var db dbFlags
	db.register(fs, env)
	if code, done := parseFlags(fs, args); done {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintln(env.stderr, "store list: takes no arguments")
		return 2
	}
	st, err := openMigratedStore(ctx, env, db)
	if err != nil {
		fmt.Fprintf(env.stderr, "tenkaichi: %v\n", err)
		return 1
	}
	defer st.Close()
	stats, err := st.ShopStatsAll(ctx)
	if err != nil {
		fmt.Fprintf(env.stderr, "tenkaichi: %v\n", err)
		return 1
	}
	for _, s := range stats {
		fmt.Fprintf(env.stdout, "%s\t%d organisers\t%d judges\t%d events\n", s.Name, s.Organisers, s.Judges, s.Events)
	}
	return 0
}
