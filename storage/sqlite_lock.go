package storage

import (
	"database/sql"
	"fmt"

	"github.com/gofrs/flock"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
)

// Backups and restores of the SQLite database (PostgreSQL has pg_dump).
//
// Every Tenkaichi process that opens a SQLite file holds a shared lock on a
// file beside it (tenkaichi.db-lock) for as long as the store is open: the
// server, and commands such as cards import. A restore takes that lock
// exclusively, so it never swaps the file under a process that is writing to
// it, and a process that starts during a restore is told to wait.

// SQLiteLockPath is the lock file beside the SQLite file at dbPath: every
// process that opens the database holds it shared, a restore exclusively.
func SQLiteLockPath(dbPath string) string { return dbPath + "-lock" }

// lockSQLite takes the shared lock on the SQLite file at path. It fails at
// once, with a message saying why, while a restore holds the lock.
func lockSQLite(path string) (unlock func(), err error) {
	l := flock.New(SQLiteLockPath(path), flock.SetPermissions(0o640))
	ok, err := l.TryRLock()
	if err != nil {
		return nil, fmt.Errorf("lock %s: %w", l.Path(), err)
	}
	if !ok {
		return nil, fmt.Errorf("%s is being restored ('tenkaichi restore'): try again when it is done", path)
	}
	return func() { _ = l.Unlock() }, nil
}

// openSQLiteFile opens a SQLite file with the usual settings and no lock:
// for the copies that backups and restores check, which no other process uses.
func openSQLiteFile(path string) (*sql.DB, error) {
	return openSQLiteConn(sqliteDSN(path, ""))
}

// openSQLiteConn opens one connection to a SQLite file (dsn as sqliteDSN
// writes it), for work of its own beside the pools.
func openSQLiteConn(dsn string) (*sql.DB, error) {
	db, err := gorm.Open(openKeptSQLite(dsn), &gorm.Config{Logger: logger.Discard})
	if err != nil {
		return nil, err
	}
	sqlDB, err := db.DB()
	if err != nil {
		return nil, err
	}
	sqlDB.SetMaxOpenConns(1)
	return sqlDB, nil
}

// OpenSQLiteCopy opens one connection to a copy of a Tenkaichi database that
// no other process uses (a backup being checked), without the lock, for
// Migrate and SchemaVersions. Close it when done.
func OpenSQLiteCopy(path string) (*Store, error) {
	db, err := openSQLiteFile(path)
	if err != nil {
		return nil, err
	}
	return &Store{sqlDB: db, dialect: DialectSQLite, hooks: &hooks{}}, nil
}
