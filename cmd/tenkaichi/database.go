package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"path/filepath"

	"github.com/tenkaichi-org/tenkaichi/storage"
)

const defaultDataDir = "./tenkaichi-data"

// dbFlags are the options every database command shares.
type dbFlags struct {
	dataDir string
}

func (d *dbFlags) register(fs *flag.FlagSet, env *cliEnv) {
	def := env.getenv("TENKAICHI_DATA")
	if def == "" {
		def = defaultDataDir
	}
	fs.StringVar(&d.dataDir, "data", def, "directory of the SQLite database when DATABASE_URL is unset (env TENKAICHI_DATA)")
}

// openStore opens the database: PostgreSQL when DATABASE_URL is set, else the
// SQLite file in the data directory. Errors say which one failed and why.
func openStore(ctx context.Context, env *cliEnv, d dbFlags, log *slog.Logger) (*storage.Store, error) {
	url := env.getenv("DATABASE_URL")
	cfg := storage.Config{DatabaseURL: url, SQLitePath: filepath.Join(d.dataDir, "tenkaichi.db"), Logger: log}
	st, err := storage.Open(ctx, cfg)
	if err != nil {
		if url != "" {
			return nil, fmt.Errorf("cannot use the PostgreSQL database named by DATABASE_URL (%s): %w", redactURL(url), err)
		}
		return nil, fmt.Errorf("cannot open the SQLite database %s: %w", cfg.SQLitePath, err)
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
