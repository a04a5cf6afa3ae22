package main

import (
	"context"
	"fmt"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

func init() {
	register(command{name: "migrate", summary: func(ctx context.Context) string { return i18n.T(ctx, "CliSummaryMigrate", nil) }, run: runMigrate})
}

func runMigrate(ctx context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(ctx, env, "migrate", "[--data DIR] [up|status]",
		"up (the default) applies every pending migration; status lists them and whether they ran.\n"+
			"Uses DATABASE_URL when set, else the SQLite file in the data directory.")
	var db dbFlags
	db.register(fs, env)
	if code, done := parseFlags(fs, args); done {
		return code
	}
	action := "up"
	if fs.NArg() > 0 {
		action = fs.Arg(0)
	}
	if fs.NArg() > 1 || (action != "up" && action != "status") {
		fmt.Fprintf(env.stderr, "migrate: expected 'up' or 'status', got %q\n", fs.Args())
		return 2
	}
	st, err := openStore(ctx, env, db, nil)
	if err != nil {
		fmt.Fprintf(env.stderr, "tenkaichi: %v\n", err)
		return 1
	}
	defer st.Close()
	if action == "status" {
		list, err := st.MigrationStatus(ctx)
		if err != nil {
			fmt.Fprintf(env.stderr, "tenkaichi: %v\n", err)
			return 1
		}
		for _, m := range list {
			state := "pending"
			if m.Applied {
				state = "applied"
			}
			fmt.Fprintf(env.stdout, "%05d  %-8s %s\n", m.Version, state, m.Name)
		}
		cur, latest, err := st.SchemaVersions(ctx)
		if err == nil {
			fmt.Fprintf(env.stdout, "database at version %d; this binary knows up to %d\n", cur, latest)
			if cur > latest {
				fmt.Fprintln(env.stdout, "the database is newer than this binary: upgrade Tenkaichi before serving")
			}
		}
		return 0
	}
	applied, err := st.Migrate(ctx)
	if err != nil {
		fmt.Fprintf(env.stderr, "tenkaichi: %v\n", err)
		return 1
	}
	if len(applied) == 0 {
		fmt.Fprintln(env.stdout, "database is up to date")
	}
	for _, v := range applied {
		fmt.Fprintf(env.stdout, "applied %05d\n", v)
	}
	return 0
}
