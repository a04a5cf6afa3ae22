package main

import (
	"context"
	"fmt"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

func init() {
	register(command{name: "migrate", summary: func(ctx context.Context) string { return i18n.T(ctx, "CliSummaryMigrate", nil) }, run: runMigrate})
}

func runMigrate(ctx context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(ctx, env, "migrate", "[--data DIR] [up|status]",
		i18n.T(ctx, "CliMigrateHelp", nil))
	var db dbFlags
	db.register(ctx, fs, env)
	if code, done := parseFlags(ctx, fs, args); done {
		return code
	}
	action := "up"
	if fs.NArg() > 0 {
		action = fs.Arg(0)
	}
	if fs.NArg() > 1 || (action != "up" && action != "status") {
		fmt.Fprintln(env.stderr, i18n.T(ctx, "CliMigrateUsage", i18n.Args{"Args": fmt.Sprintf("%q", fs.Args())}))
		return 2
	}
	st, err := openStore(ctx, env, db, nil)
	if err != nil {
		complainOf(ctx, env.stderr, err)
		return 1
	}
	defer st.Close()
	if action == "status" {
		return printMigrationStatus(ctx, env, st)
	}
	applied, err := st.Migrate(ctx)
	if err != nil {
		complainOf(ctx, env.stderr, err)
		return 1
	}
	if len(applied) == 0 {
		fmt.Fprintln(env.stdout, i18n.T(ctx, "CliMigrateUpToDate", nil))
	}
	for _, v := range applied {
		fmt.Fprintln(env.stdout, i18n.T(ctx, "CliMigrateApplied", i18n.Args{"Version": fmt.Sprintf("%05d", v)}))
	}
	return 0
}

// printMigrationStatus lists the migrations, applied or pending, and the
// database's schema version against this binary's.
func printMigrationStatus(ctx context.Context, env *cliEnv, st *storage.Store) int {
	list, err := st.MigrationStatus(ctx)
	if err != nil {
		complainOf(ctx, env.stderr, err)
		return 1
	}
	for _, m := range list {
		state := i18n.T(ctx, "CliMigrationPending", nil)
		if m.Applied {
			state = i18n.T(ctx, "CliMigrationApplied", nil)
		}
		fmt.Fprintf(env.stdout, "%05d  %s %s\n", m.Version, padRight(state, 8), m.Name)
	}
	cur, latest, err := st.SchemaVersions(ctx)
	if err == nil {
		fmt.Fprintln(env.stdout, i18n.T(ctx, "CliMigrateVersions", i18n.Args{"Current": cur, "Latest": latest}))
		if cur > latest {
			fmt.Fprintln(env.stdout, i18n.T(ctx, "CliMigrateTooNew", nil))
		}
	}
	return 0
}
