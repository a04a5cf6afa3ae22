package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/backup"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

func init() {
	register(command{name: "backup", summary: func(ctx context.Context) string { return i18n.T(ctx, "CliSummaryBackup", nil) }, run: runBackup})
	register(command{name: "restore", summary: func(ctx context.Context) string { return i18n.T(ctx, "CliSummaryRestore", nil) }, run: runRestore})
}

func runBackup(ctx context.Context, env *cliEnv, args []string) int {
	dest, db, code, done := parseFileCommand(ctx, env, args, "backup", i18n.T(ctx, "CliBackupHelp", nil), i18n.T(ctx, "CliBackupOneFile", nil))
	if done {
		return code
	}
	if env.getenv("DATABASE_URL") != "" {
		complain(ctx, env.stderr, "backup", i18n.T(ctx, "CliPostgresBackup", nil))
		return 2
	}
	dbPath := filepath.Join(db.dataDir, "tenkaichi.db")
	if _, err := os.Stat(dbPath); err != nil {
		complain(ctx, env.stderr, "backup", i18n.T(ctx, "CliBackupNoDatabase", i18n.Args{"Path": dbPath, "Err": err}))
		return 1
	}
	st, err := openStore(ctx, env, db, nil)
	if err != nil {
		complain(ctx, env.stderr, "backup", errText(ctx, err))
		return 1
	}
	defer st.Close()
	if dest == stdinName {
		return backupToStdout(ctx, env, st, dbPath)
	}
	version, err := backup.Backup(ctx, st, dest)
	if err != nil {
		complain(ctx, env.stderr, "backup", errText(ctx, err))
		return 1
	}
	fmt.Fprintln(env.stdout, i18n.T(ctx, "CliBackedUp", i18n.Args{"Database": dbPath, "File": dest, "Size": fileSize(ctx, dest), "Version": version}))
	return 0
}

// backupToStdout writes the backup to a temporary file beside the database,
// then copies it to standard output (e.g. to compress it on the way).
func backupToStdout(ctx context.Context, env *cliEnv, st *storage.Store, dbPath string) int {
	dir, err := os.MkdirTemp(filepath.Dir(dbPath), "backup-")
	if err != nil {
		complain(ctx, env.stderr, "backup", errText(ctx, err))
		return 1
	}
	defer os.RemoveAll(dir)
	tmp := filepath.Join(dir, "tenkaichi.db")
	if _, err := backup.Backup(ctx, st, tmp); err != nil {
		complain(ctx, env.stderr, "backup", errText(ctx, err))
		return 1
	}
	f, err := os.Open(tmp)
	if err != nil {
		complain(ctx, env.stderr, "backup", errText(ctx, err))
		return 1
	}
	defer f.Close()
	if _, err := io.Copy(env.stdout, f); err != nil {
		complain(ctx, env.stderr, "backup", i18n.T(ctx, "CliWritingStdout", i18n.Args{"Err": err}))
		return 1
	}
	return 0
}

func runRestore(ctx context.Context, env *cliEnv, args []string) int {
	src, db, code, done := parseFileCommand(ctx, env, args, "restore", i18n.T(ctx, "CliRestoreHelp", nil), i18n.T(ctx, "CliRestoreOneFile", nil))
	if done {
		return code
	}
	if env.getenv("DATABASE_URL") != "" {
		complain(ctx, env.stderr, "restore", i18n.T(ctx, "CliPostgresBackup", nil))
		return 2
	}
	var in io.Reader = env.stdin
	if src != stdinName {
		f, err := os.Open(src)
		if err != nil {
			complain(ctx, env.stderr, "restore", errText(ctx, err))
			return 2
		}
		defer f.Close()
		in = f
	}
	dbPath := filepath.Join(db.dataDir, "tenkaichi.db")
	res, err := backup.RestoreSQLite(ctx, dbPath, in)
	switch {
	case errors.Is(err, backup.ErrDatabaseInUse):
		complain(ctx, env.stderr, "restore", i18n.T(ctx, "CliRestoreInUse", i18n.Args{"Database": dbPath}))
		return 1
	case err != nil:
		complain(ctx, env.stderr, "restore", i18n.T(ctx, "CliRestoreFailed", i18n.Args{"Input": inputName(ctx, src), "Err": errText(ctx, err)}))
		if errors.Is(err, backup.ErrBadBackup) {
			return 2
		}
		return 1
	}
	fmt.Fprintln(env.stdout, i18n.T(ctx, "CliRestored", i18n.Args{"Input": inputName(ctx, src), "Database": dbPath, "Version": res.Version}))
	if res.Kept != "" {
		fmt.Fprintln(env.stdout, i18n.T(ctx, "CliRestoreKept", i18n.Args{"File": res.Kept}))
	}
	return 0
}

// fileSize is a file's size for people ("1.2 MB"), or says it is unknown.
func fileSize(ctx context.Context, path string) string {
	fi, err := os.Stat(path)
	if err != nil {
		return i18n.T(ctx, "CliSizeUnknown", nil)
	}
	return i18n.T(ctx, "CliSizeMB", i18n.Args{"MB": i18n.Decimal(ctx, float64(fi.Size())/(1<<20), 1)})
}
