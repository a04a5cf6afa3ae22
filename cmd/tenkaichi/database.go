package main

import (
	"context"
	"errors"
	"flag"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

const defaultDataDir = "./tenkaichi-data"

// dbFlags are the options every database command shares.
type dbFlags struct {
	dataDir string
}

func (d *dbFlags) register(ctx context.Context, fs *flag.FlagSet, env *cliEnv) {
	def := env.getenv("TENKAICHI_DATA")
	if def == "" {
		def = defaultDataDir
	}
	fs.StringVar(&d.dataDir, "data", def, i18n.T(ctx, "CliDataFlag", nil))
}

// openStore opens the database: PostgreSQL when DATABASE_URL is set, else the
// SQLite file in the data directory. Errors say which one failed and why.
func openStore(ctx context.Context, env *cliEnv, d dbFlags, log *slog.Logger) (*storage.Store, error) {
	url := env.getenv("DATABASE_URL")
	cfg := storage.Config{DatabaseURL: url, SQLitePath: filepath.Join(d.dataDir, "tenkaichi.db"), Logger: log}
	st, err := storage.Open(ctx, cfg)
	if err != nil {
		if url != "" {
			return nil, sayError(i18n.T(ctx, "CliCannotUsePostgres", i18n.Args{"URL": redactURL(url), "Err": err}), err)
		}
		return nil, sayError(i18n.T(ctx, "CliCannotOpenSQLite", i18n.Args{"Path": cfg.SQLitePath, "Err": err}), err)
	}
	return st, nil
}

// describeStore names the database for logs, without its password.
func describeStore(env *cliEnv, d dbFlags) string {
	if u := env.getenv("DATABASE_URL"); u != "" {
		return "postgres " + redactURL(u)
	}
	return "sqlite " + filepath.Join(d.dataDir, "tenkaichi.db")
}

// errNoDatabase is returned by openExistingStore when the SQLite file does
// not exist yet. Read-only commands say what to do instead (import first, or
// give a file), with the path; they never create a data directory or an
// empty database.
type errNoDatabase struct{ path string }

func (e *errNoDatabase) Error() string { return "there is no database at " + e.path }

// openExistingStore opens the database for a command that only reads it
// (deck check without --cards, banlist show --stored). With DATABASE_URL set
// it behaves like openMigratedStore. Without it, a missing SQLite file is an
// *errNoDatabase and nothing is created: storage.Open would make the data
// directory and an empty database file, in the current directory by default.
func openExistingStore(ctx context.Context, env *cliEnv, d dbFlags) (*storage.Store, error) {
	if env.getenv("DATABASE_URL") == "" {
		path := filepath.Join(d.dataDir, "tenkaichi.db")
		if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
			return nil, &errNoDatabase{path: path}
		} else if err != nil {
			return nil, sayError(i18n.T(ctx, "CliCannotOpenSQLite", i18n.Args{"Path": path, "Err": err}), err)
		}
	}
	return openMigratedStore(ctx, env, d)
}
