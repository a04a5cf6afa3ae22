package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

func init() {
	register(command{name: "backup", summary: func(ctx context.Context) string { return i18n.T(ctx, "CliSummaryBackup", nil) }, run: runBackup})
	register(command{name: "restore", summary: func(ctx context.Context) string { return i18n.T(ctx, "CliSummaryRestore", nil) }, run: runRestore})
}

// postgresBackupHelp is what backup and restore say when DATABASE_URL is set:
// PostgreSQL has its own tools, which do this better than we could.
const postgresBackupHelp = `DATABASE_URL is set, so Tenkaichi uses PostgreSQL: back it up and restore it with PostgreSQL's tools:
  pg_dump --format=custom --file=tenkaichi.dump "$DATABASE_URL"
  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" tenkaichi.dump
(see "Backups" in README.md). backup and restore copy the SQLite database only.`

func runBackup(ctx context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(ctx, env, "backup", "[--data DIR] FILE",
		"Writes a consistent copy of the SQLite database to FILE (a new file; - for standard\n"+
			"output). It is safe while the server runs: the copy holds every result saved before it\n"+
			"started, it is checked (SQLite's integrity check) before it is written, and a failed\n"+
			"backup leaves no file. For PostgreSQL use pg_dump (README.md, Backups).")
	var db dbFlags
	db.register(ctx, fs, env)
	if code, done := parseFlags(fs, args); done {
		return code
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(env.stderr, "tenkaichi backup: give exactly one FILE to write the copy to")
		return 2
	}
	if env.getenv("DATABASE_URL") != "" {
		fmt.Fprintf(env.stderr, "tenkaichi backup: %s\n", postgresBackupHelp)
		return 2
	}
	dest := fs.Arg(0)
	dbPath := filepath.Join(db.dataDir, "tenkaichi.db")
	if _, err := os.Stat(dbPath); err != nil {
		fmt.Fprintf(env.stderr, "tenkaichi backup: there is no database at %s (wrong --data?): %v\n", dbPath, err)
		return 1
	}
	st, err := openStore(ctx, env, db, nil)
	if err != nil {
		fmt.Fprintf(env.stderr, "tenkaichi backup: %v\n", err)
		return 1
	}
	defer st.Close()
	if dest == stdinName {
		return backupToStdout(ctx, env, st, dbPath)
	}
	version, err := st.Backup(ctx, dest)
	if err != nil {
		fmt.Fprintf(env.stderr, "tenkaichi backup: %v\n", err)
		return 1
	}
	fmt.Fprintf(env.stdout, "backed up %s to %s (%s, schema version %d)\n", dbPath, dest, fileSize(dest), version)
	return 0
}

// backupToStdout writes the backup to a temporary file beside the database,
// then copies it to standard output (e.g. to compress it on the way).
func backupToStdout(ctx context.Context, env *cliEnv, st *storage.Store, dbPath string) int {
	dir, err := os.MkdirTemp(filepath.Dir(dbPath), "backup-")
	if err != nil {
		fmt.Fprintf(env.stderr, "tenkaichi backup: %v\n", err)
		return 1
	}
	defer os.RemoveAll(dir)
	tmp := filepath.Join(dir, "tenkaichi.db")
	if _, err := st.Backup(ctx, tmp); err != nil {
		fmt.Fprintf(env.stderr, "tenkaichi backup: %v\n", err)
		return 1
	}
	f, err := os.Open(tmp)
	if err != nil {
		fmt.Fprintf(env.stderr, "tenkaichi backup: %v\n", err)
		return 1
	}
	defer f.Close()
	if _, err := io.Copy(env.stdout, f); err != nil {
		fmt.Fprintf(env.stderr, "tenkaichi backup: writing standard output: %v\n", err)
		return 1
	}
	return 0
}

func runRestore(ctx context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(ctx, env, "restore", "[--data DIR] FILE",
		"Puts a backup made by 'tenkaichi backup' (FILE, or - for standard input) in place of the\n"+
			"SQLite database. Stop the server first: restore refuses while any Tenkaichi process has the\n"+
			"database open. The backup is checked (SQLite's integrity check, a Tenkaichi schema this\n"+
			"version knows) and migrated before it replaces anything; the database it replaces is kept\n"+
			"beside it as tenkaichi.db.before-restore-TIME. For PostgreSQL use pg_restore (README.md).")
	var db dbFlags
	db.register(ctx, fs, env)
	if code, done := parseFlags(fs, args); done {
		return code
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(env.stderr, "tenkaichi restore: give exactly one backup FILE")
		return 2
	}
	if env.getenv("DATABASE_URL") != "" {
		fmt.Fprintf(env.stderr, "tenkaichi restore: %s\n", postgresBackupHelp)
		return 2
	}
	src := fs.Arg(0)
	var in io.Reader = env.stdin
	if src != stdinName {
		f, err := os.Open(src)
		if err != nil {
			fmt.Fprintf(env.stderr, "tenkaichi restore: %v\n", err)
			return 2
		}
		defer f.Close()
		in = f
	}
	dbPath := filepath.Join(db.dataDir, "tenkaichi.db")
	res, err := storage.RestoreSQLite(ctx, dbPath, in)
	switch {
	case errors.Is(err, storage.ErrDatabaseInUse):
		fmt.Fprintf(env.stderr, "tenkaichi restore: %s is in use by another Tenkaichi process (the server, or a command such as cards import). Stop it, then run restore again. Nothing was changed.\n", dbPath)
		return 1
	case err != nil:
		fmt.Fprintf(env.stderr, "tenkaichi restore: %s: %v. Nothing was changed.\n", inputName(src), err)
		if errors.Is(err, storage.ErrBadBackup) {
			return 2
		}
		return 1
	}
	fmt.Fprintf(env.stdout, "restored %s into %s (schema version %d)\n", inputName(src), dbPath, res.Version)
	if res.Kept != "" {
		fmt.Fprintf(env.stdout, "the database it replaced is kept as %s\n", res.Kept)
	}
	return 0
}

// fileSize is a file's size for people ("1.2 MB"), or "" if unknown.
func fileSize(path string) string {
	fi, err := os.Stat(path)
	if err != nil {
		return "size unknown"
	}
	return fmt.Sprintf("%.1f MB", float64(fi.Size())/(1<<20))
}
