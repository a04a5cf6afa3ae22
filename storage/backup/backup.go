// Package backup copies the SQLite database while the server runs and puts a
// copy back in its place (PostgreSQL has pg_dump). See storage for the lock
// every process holds on the file while it has the database open.
package backup

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/gofrs/flock"
	"github.com/tenkaichi-org/tenkaichi/storage"
)

// ErrDatabaseInUse means another process has the SQLite database open.
var ErrDatabaseInUse = errors.New("the database is in use")

// ErrBadBackup means a file given to restore is not a whole Tenkaichi
// database: not SQLite, damaged, or another program's.
var ErrBadBackup = errors.New("not a usable Tenkaichi backup")

// ErrNotSQLite is returned by the SQLite backup on a PostgreSQL store.
var ErrNotSQLite = errors.New("not a SQLite database")

// Backup writes a consistent copy of the SQLite database to dest, which must
// not exist, while the server goes on writing: VACUUM INTO reads one snapshot
// (WAL lets writers go on meanwhile), so the copy holds every transaction
// committed before it started and none half. The copy is written beside dest
// and moved there once it passes an integrity check, so dest is either a
// whole, checked database or absent. It returns the copy's schema version.
func Backup(ctx context.Context, st *storage.Store, dest string) (int64, error) {
	if st.Dialect() != storage.DialectSQLite {
		return 0, ErrNotSQLite
	}
	if _, err := os.Lstat(dest); err == nil {
		return 0, fmt.Errorf("%s already exists: give a new file name", dest)
	}
	tmp, err := tempPath(dest, "partial")
	if err != nil {
		return 0, err
	}
	defer removeSQLiteFiles(tmp)
	if _, err := st.SQL().ExecContext(ctx, "VACUUM INTO ?", tmp); err != nil {
		return 0, fmt.Errorf("copy the database: %w", err)
	}
	// The copy holds password hashes and player links: readable by the owner
	// (and group) only, like the data directory.
	if err := os.Chmod(tmp, 0o640); err != nil {
		return 0, err
	}
	version, err := checkSQLiteFile(ctx, tmp, false)
	if err != nil {
		return 0, fmt.Errorf("the copy does not pass its check, nothing was written: %w", err)
	}
	if err := syncFile(tmp); err != nil {
		return 0, err
	}
	if _, err := os.Lstat(dest); err == nil {
		return 0, fmt.Errorf("%s already exists: give a new file name", dest)
	}
	if err := os.Rename(tmp, dest); err != nil {
		return 0, err
	}
	return version, syncDir(filepath.Dir(dest))
}

// RestoreResult says what Restore did.
type RestoreResult struct {
	Version int64  // schema version of the restored database, after migrating
	Kept    string // where the database it replaced was kept ("" if there was none)
}

// sqliteHeader starts every SQLite database file.
var sqliteHeader = []byte("SQLite format 3\x00")

// RestoreSQLite puts the SQLite database read from src in place of the one
// at dbPath. It refuses while any process has that database open
// (ErrDatabaseInUse) and holds the lock until it is done, so nothing opens
// the database meanwhile. The copy is written beside dbPath, checked (SQLite's
// integrity check, a Tenkaichi schema no newer than this binary) and migrated
// before it replaces anything; the database it replaces is kept as
// dbPath.before-restore-TIME (see keepReplaced). Any failure leaves dbPath as
// it was.
func RestoreSQLite(ctx context.Context, dbPath string, src io.Reader) (*RestoreResult, error) {
	if err := os.MkdirAll(filepath.Dir(dbPath), 0o750); err != nil {
		return nil, fmt.Errorf("create data directory: %w", err)
	}
	l := flock.New(storage.SQLiteLockPath(dbPath), flock.SetPermissions(0o640))
	ok, err := l.TryLock()
	if err != nil {
		return nil, fmt.Errorf("lock %s: %w", l.Path(), err)
	}
	if !ok {
		return nil, ErrDatabaseInUse
	}
	defer l.Unlock()

	tmp, err := tempPath(dbPath, "restore")
	if err != nil {
		return nil, err
	}
	defer removeSQLiteFiles(tmp)
	if err := copyDatabase(tmp, src); err != nil {
		return nil, err
	}
	version, err := checkSQLiteFile(ctx, tmp, true)
	if err != nil {
		return nil, err
	}
	if err := syncFile(tmp); err != nil {
		return nil, err
	}
	res := &RestoreResult{Version: version}
	if res.Kept, err = setAside(ctx, dbPath); err != nil {
		return nil, err
	}
	if err := os.Rename(tmp, dbPath); err != nil {
		if res.Kept != "" {
			_ = os.Rename(res.Kept, dbPath)
		}
		return nil, err
	}
	return res, syncDir(filepath.Dir(dbPath))
}

// setAside moves the database at dbPath, if there is one, to a name of its
// own (keepReplaced) and returns that name ("" when there was none).
func setAside(ctx context.Context, dbPath string) (string, error) {
	if _, err := os.Stat(dbPath); errors.Is(err, os.ErrNotExist) {
		return "", nil
	} else if err != nil {
		return "", err
	}
	// Fold the old database's write-ahead log into it first, so the kept
	// file is whole on its own and no stale log meets the new file.
	if err := checkpoint(ctx, dbPath); err != nil {
		return "", fmt.Errorf("the database in place cannot be read, nothing was changed: %w", err)
	}
	kept, err := keepReplaced(dbPath, restoreNow())
	if err != nil {
		return "", err
	}
	removeSQLiteFiles(dbPath) // a checkpointed log is empty; drop it with the index
	return kept, nil
}

// restoreNow is the clock that names a kept database (a test stops it).
var restoreNow = time.Now

// maxKeptPerSecond bounds the names keepReplaced tries for one second.
const maxKeptPerSecond = 10000

// keepReplaced moves the database at dbPath to a name of its own beside it:
// dbPath.before-restore-TIME, or TIME-2, TIME-3... when an earlier restore in
// the same second kept one, because a kept database is never overwritten.
// The name is taken with O_EXCL before the rename onto it, so no other
// process can take the same one meanwhile.
func keepReplaced(dbPath string, at time.Time) (string, error) {
	base := dbPath + ".before-restore-" + at.UTC().Format("20060102T150405Z")
	for n := 1; n <= maxKeptPerSecond; n++ {
		name := base
		if n > 1 {
			name = fmt.Sprintf("%s-%d", base, n)
		}
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o640)
		if errors.Is(err, os.ErrExist) {
			continue
		}
		if err != nil {
			return "", err
		}
		f.Close()
		if err := os.Rename(dbPath, name); err != nil {
			_ = os.Remove(name)
			return "", err
		}
		return name, nil
	}
	return "", fmt.Errorf("%s and %d more names beside it are taken: delete kept databases you no longer need", base, maxKeptPerSecond-1)
}

// copyDatabase writes src to path, refusing at the first bytes anything that
// is not a SQLite database (an event export, /dev/zero).
func copyDatabase(path string, src io.Reader) error {
	head := make([]byte, len(sqliteHeader))
	if _, err := io.ReadFull(src, head); err != nil || !bytes.Equal(head, sqliteHeader) {
		return fmt.Errorf("%w: the file is not a SQLite database (a backup made by 'tenkaichi backup')", ErrBadBackup)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o640)
	if err != nil {
		return err
	}
	_, err = io.Copy(f, io.MultiReader(bytes.NewReader(head), src))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// checkSQLiteFile opens a copy of a Tenkaichi database, runs SQLite's
// integrity check and reads its schema version, which must be one this
// binary knows. With migrate it brings the schema up to date.
func checkSQLiteFile(ctx context.Context, path string, migrate bool) (int64, error) {
	st, err := storage.OpenSQLiteCopy(path)
	if err != nil {
		return 0, fmt.Errorf("%w: the file is not a readable SQLite database (%v)", ErrBadBackup, err)
	}
	defer st.Close()
	db := st.SQL()
	var result string
	if err := db.QueryRowContext(ctx, "PRAGMA integrity_check(1)").Scan(&result); err != nil {
		return 0, fmt.Errorf("%w: the file is not a readable SQLite database (%v)", ErrBadBackup, err)
	}
	if result != "ok" {
		return 0, fmt.Errorf("%w: the database is damaged (SQLite's integrity check: %s)", ErrBadBackup, result)
	}
	var tables int
	if err := db.QueryRowContext(ctx, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'goose_db_version'").Scan(&tables); err != nil {
		return 0, err
	}
	if tables == 0 {
		return 0, fmt.Errorf("%w: the file is a SQLite database but not one of Tenkaichi's (it has no migration table)", ErrBadBackup)
	}
	if migrate {
		if _, err := st.Migrate(ctx); err != nil {
			return 0, err
		}
	}
	current, latest, err := st.SchemaVersions(ctx)
	if err != nil {
		return 0, err
	}
	if current > latest {
		return 0, fmt.Errorf("%w (the copy is at version %d, this binary knows up to %d): upgrade Tenkaichi", storage.ErrSchemaNewer, current, latest)
	}
	return current, nil
}

// checkpoint writes the write-ahead log of the database at path into it.
func checkpoint(ctx context.Context, path string) error {
	st, err := storage.OpenSQLiteCopy(path)
	if err != nil {
		return err
	}
	defer st.Close()
	var busy, logFrames, done int
	if err := st.SQL().QueryRowContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)").Scan(&busy, &logFrames, &done); err != nil {
		return err
	}
	if busy != 0 {
		return ErrDatabaseInUse
	}
	return nil
}

// tempPath names a file beside path that does not exist yet.
func tempPath(path, what string) (string, error) {
	f, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+"."+what+"-*")
	if err != nil {
		return "", err
	}
	name := f.Name()
	f.Close()
	// VACUUM INTO and the copy create the file themselves.
	return name, os.Remove(name)
}

// removeSQLiteFiles removes a database file and the files SQLite keeps
// beside it (log, index). Never the lock file: another process may hold it.
func removeSQLiteFiles(path string) {
	for _, suffix := range []string{"", "-wal", "-shm", "-journal"} {
		_ = os.Remove(path + suffix)
	}
}

func syncFile(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	return f.Sync()
}

// syncDir makes a rename in dir survive a power cut (where the system allows
// syncing a directory; elsewhere it does nothing).
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return nil
	}
	defer d.Close()
	_ = d.Sync()
	return nil
}
