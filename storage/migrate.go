package storage

import (
	"context"
	"errors"
	"fmt"
	"io/fs"

	"github.com/pressly/goose/v3"
	"github.com/tenkaichi-org/tenkaichi/migrations"
)

// ErrSchemaNewer means the database was migrated by a newer Tenkaichi; running
// an older binary on it could lose data, so we refuse.
var ErrSchemaNewer = errors.New("database schema is newer than this binary")

// MigrationStatus is one migration and whether it has been applied.
type MigrationStatus struct {
	Version int64
	Name    string
	Applied bool
}

func (s *Store) migrator() (*goose.Provider, error) {
	sub, err := fs.Sub(migrations.FS, string(s.dialect))
	if err != nil {
		return nil, err
	}
	dialect := goose.DialectSQLite3
	if s.dialect == DialectPostgres {
		dialect = goose.DialectPostgres
	}
	return goose.NewProvider(dialect, s.sqlDB, sub, goose.WithDisableGlobalRegistry(true))
}

// SchemaVersions returns the database's version and the newest this binary knows.
func (s *Store) SchemaVersions(ctx context.Context) (current, latest int64, err error) {
	p, err := s.migrator()
	if err != nil {
		return 0, 0, err
	}
	for _, src := range p.ListSources() {
		latest = max(latest, src.Version)
	}
	current, err = p.GetDBVersion(ctx)
	if err != nil {
		return 0, latest, fmt.Errorf("read schema version: %w", err)
	}
	return current, latest, nil
}

// Migrate applies every pending migration, each in its own transaction. It
// returns the versions applied.
func (s *Store) Migrate(ctx context.Context) ([]int64, error) {
	p, err := s.migrator()
	if err != nil {
		return nil, err
	}
	current, latest, err := s.SchemaVersions(ctx)
	if err != nil {
		return nil, err
	}
	if current > latest {
		return nil, fmt.Errorf("%w (database at version %d, this binary knows up to %d): upgrade Tenkaichi", ErrSchemaNewer, current, latest)
	}
	results, err := p.Up(ctx)
	if err != nil {
		return nil, fmt.Errorf("migrate: %w", err)
	}
	// Players made by a migration (00016) get their name keys here.
	if err := s.fillNameKeys(ctx); err != nil {
		return nil, fmt.Errorf("migrate: %w", err)
	}
	applied := make([]int64, 0, len(results))
	for _, r := range results {
		applied = append(applied, r.Source.Version)
	}
	return applied, nil
}

// MigrationStatus lists every migration the binary knows and whether it ran.
func (s *Store) MigrationStatus(ctx context.Context) ([]MigrationStatus, error) {
	p, err := s.migrator()
	if err != nil {
		return nil, err
	}
	st, err := p.Status(ctx)
	if err != nil {
		return nil, fmt.Errorf("migration status: %w", err)
	}
	out := make([]MigrationStatus, 0, len(st))
	for _, m := range st {
		out = append(out, MigrationStatus{Version: m.Source.Version, Name: m.Source.Path, Applied: m.State == goose.StateApplied})
	}
	return out, nil
}
