package backup_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gofrs/flock"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/backup"
	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
)

// Backups are of the SQLite file: these tests use SQLite whatever the run's
// backend (TestBackupRefusesPostgres covers the other).

func openSQLite(t *testing.T, path string) *storage.Store {
	t.Helper()
	st, err := storage.Open(ctx, storage.Config{SQLitePath: path})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	if _, err := st.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	return st
}

// playerNames lists the names of an event's entries in id order.
func playerNames(t *testing.T, st *storage.Store, eventID int64) []string {
	t.Helper()
	es, err := st.Entries(ctx, eventID)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.PlayerName)
	}
	return names
}

// A backup taken while another connection keeps registering players (as the
// server does while a backup runs) opens, passes SQLite's integrity check and
// holds every registration committed before it started, and only whole ones.
func TestBackupWhileWriting(t *testing.T) {
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "tenkaichi.db")
	server := openSQLite(t, dbPath)
	e := newEvent("Backup under load")
	if err := server.CreateEvent(ctx, org, e); err != nil {
		t.Fatal(err)
	}

	var committed atomic.Int64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 1; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			en := storage.Entry{EventID: e.ID, PlayerName: fmt.Sprintf("w%05d", i), TokenHash: fmt.Sprintf("tok%d", i)}
			if err := server.RegisterEntry(ctx, org, &en); err != nil {
				t.Error(err)
				return
			}
			committed.Store(int64(i))
		}
	}()
	for committed.Load() < 30 && !t.Failed() {
		time.Sleep(time.Millisecond) // let some registrations land first
	}

	// The backup uses a store of its own, as the backup command does.
	cli := openSQLite(t, dbPath)
	before := committed.Load()
	dest := filepath.Join(dir, "backup.db")
	version, err := backup.Backup(ctx, cli, dest)
	after := committed.Load()
	close(stop)
	wg.Wait()
	if err != nil {
		t.Fatal(err)
	}
	if version < 1 {
		t.Errorf("schema version %d", version)
	}
	if fi, err := os.Stat(dest); err != nil || fi.Mode().Perm()&0o007 != 0 {
		t.Errorf("backup file: %v, mode %v (others must not read it)", err, fi.Mode())
	}

	copied := openSQLite(t, dest)
	var check string
	if err := copied.SQL().QueryRowContext(ctx, "PRAGMA integrity_check").Scan(&check); err != nil || check != "ok" {
		t.Fatalf("integrity check of the backup: %q, %v", check, err)
	}
	names := playerNames(t, copied, e.ID)
	if int64(len(names)) < before || int64(len(names)) > after {
		t.Fatalf("the backup holds %d registrations; %d were committed before it started and %d when it ended", len(names), before, after)
	}
	for i, n := range names {
		if want := fmt.Sprintf("w%05d", i+1); n != want {
			t.Fatalf("registration %d in the backup is %q, want %q (a gap: not one snapshot)", i+1, n, want)
		}
	}
	t.Logf("%d registrations committed before the backup, %d in it, %d by its end", before, len(names), after)

	// A second backup to the same name is refused and leaves the first alone.
	if _, err := backup.Backup(ctx, cli, dest); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Errorf("backup over an existing file: %v", err)
	}
	if n := len(playerNames(t, copied, e.ID)); n != len(names) {
		t.Errorf("the first backup changed: %d registrations, was %d", n, len(names))
	}
}

// Backup, change, restore: the database is back as it was at the backup, the
// replaced one is kept beside it, and the restored one is migrated.
func TestRestoreRoundTrip(t *testing.T) {
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "tenkaichi.db")
	st := openSQLite(t, dbPath)
	e, _ := eventWithPlayers(t, st, 4)
	backupFile := filepath.Join(t.TempDir(), "before.db")
	if _, err := backup.Backup(ctx, st, backupFile); err != nil {
		t.Fatal(err)
	}
	late := storage.Entry{EventID: e.ID, PlayerName: "Late player", TokenHash: "late"}
	if err := st.RegisterEntry(ctx, org, &late); err != nil {
		t.Fatal(err)
	}

	// Refused while a store has the database open; nothing changes.
	f, err := os.Open(backupFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := backup.RestoreSQLite(ctx, dbPath, f); !errors.Is(err, backup.ErrDatabaseInUse) {
		t.Fatalf("restore while the database is open: %v, want ErrDatabaseInUse", err)
	}
	if n := len(playerNames(t, st, e.ID)); n != 5 {
		t.Fatalf("after a refused restore: %d players, want 5", n)
	}
	st.Close()

	if _, err := f.Seek(0, 0); err != nil {
		t.Fatal(err)
	}
	res, err := backup.RestoreSQLite(ctx, dbPath, f)
	if err != nil {
		t.Fatal(err)
	}
	restored := openSQLite(t, dbPath)
	if got := playerNames(t, restored, e.ID); len(got) != 4 || got[3] != "Player D" {
		t.Errorf("restored players: %v, want the four of the backup", got)
	}
	cur, latest, err := restored.SchemaVersions(ctx)
	if err != nil || cur != latest || res.Version != latest {
		t.Errorf("restored schema at %d (reported %d), latest %d: %v", cur, res.Version, latest, err)
	}
	if !strings.HasPrefix(res.Kept, dbPath+".before-restore-") {
		t.Fatalf("kept as %q", res.Kept)
	}
	kept := openSQLite(t, res.Kept)
	if got := playerNames(t, kept, e.ID); len(got) != 5 || got[4] != "Late player" {
		t.Errorf("the replaced database kept: %v, want five players with the late one", got)
	}
	// No file of the restore is left behind.
	files, _ := filepath.Glob(filepath.Join(dir, "*restore-*"))
	for _, f := range files {
		if !strings.HasPrefix(f, res.Kept) {
			t.Errorf("left behind: %s", f)
		}
	}
}

// Two restores within one second each keep the database they replaced: the
// second never overwrites the first one's kept copy (issue 30, point 1).
func TestRestoresInOneSecondKeepEveryDatabase(t *testing.T) {
	defer backup.StopRestoreClock(time.Date(2026, 12, 12, 15, 0, 5, 0, time.UTC))()
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "tenkaichi.db")
	st := openSQLite(t, dbPath)
	e, _ := eventWithPlayers(t, st, 4)
	backupFile := filepath.Join(t.TempDir(), "four.db")
	if _, err := backup.Backup(ctx, st, backupFile); err != nil {
		t.Fatal(err)
	}
	late := storage.Entry{EventID: e.ID, PlayerName: "Late player", TokenHash: "late"}
	if err := st.RegisterEntry(ctx, org, &late); err != nil {
		t.Fatal(err)
	}
	st.Close()

	restore := func() string {
		t.Helper()
		f, err := os.Open(backupFile)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		res, err := backup.RestoreSQLite(ctx, dbPath, f)
		if err != nil {
			t.Fatal(err)
		}
		return res.Kept
	}
	first, second := restore(), restore()
	want := dbPath + ".before-restore-20261212T150005Z"
	if first != want || second != want+"-2" {
		t.Fatalf("kept as %q and %q, want %q and %q", first, second, want, want+"-2")
	}
	// The first keeps the database as it was before any restore (with the
	// late player), the second the one the first restore put in place.
	if got := playerNames(t, openSQLite(t, first), e.ID); len(got) != 5 {
		t.Errorf("first kept database: %v, want the five players of before the restores", got)
	}
	if got := playerNames(t, openSQLite(t, second), e.ID); len(got) != 4 {
		t.Errorf("second kept database: %v, want the four players of the backup", got)
	}
}

// What is not a whole Tenkaichi database is refused before anything changes.
func TestRestoreRefusesBadFiles(t *testing.T) {
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "tenkaichi.db")
	st := openSQLite(t, dbPath)
	e, _ := eventWithPlayers(t, st, 2)
	good := filepath.Join(t.TempDir(), "good.db")
	if _, err := backup.Backup(ctx, st, good); err != nil {
		t.Fatal(err)
	}
	st.Close()
	whole, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}

	other := filepath.Join(t.TempDir(), "other.db")
	o, err := storage.Open(ctx, storage.Config{SQLitePath: other}) // a SQLite file with no migrations
	if err != nil {
		t.Fatal(err)
	}
	if _, err := o.SQL().ExecContext(ctx, "CREATE TABLE notes (x TEXT)"); err != nil {
		t.Fatal(err)
	}
	o.Close()
	otherBytes, _ := os.ReadFile(other)

	damaged := bytes.Clone(whole)
	for i := 4096; i < len(damaged); i++ { // keep the header page, wreck the rest
		damaged[i] = 0xA5
	}

	for name, data := range map[string][]byte{
		"zeros":          make([]byte, 1<<16),
		"an event file":  []byte(`{"players": [], "rounds": []}`),
		"empty":          nil,
		"another SQLite": otherBytes,
		"damaged":        damaged,
		"truncated":      whole[:len(whole)/2],
	} {
		_, err := backup.RestoreSQLite(ctx, dbPath, bytes.NewReader(data))
		if !errors.Is(err, backup.ErrBadBackup) {
			t.Errorf("%s: %v, want ErrBadBackup", name, err)
		}
	}
	again := openSQLite(t, dbPath)
	if n := len(playerNames(t, again, e.ID)); n != 2 {
		t.Errorf("after refused restores: %d players, want 2", n)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "*restore*")); len(files) != 0 {
		t.Errorf("refused restores left %v", files)
	}
}

// While a restore holds the database, nothing else opens it: it says why.
func TestOpenWaitsForNoRestore(t *testing.T) {
	dbPath := filepath.Join(t.TempDir(), "tenkaichi.db")
	l := flock.New(dbPath + "-lock")
	if ok, err := l.TryLock(); !ok || err != nil {
		t.Fatal(ok, err)
	}
	_, err := storage.Open(ctx, storage.Config{SQLitePath: dbPath})
	if err == nil || !strings.Contains(err.Error(), "is being restored") {
		t.Fatalf("open during a restore: %v", err)
	}
	l.Unlock()
	st, err := storage.Open(ctx, storage.Config{SQLitePath: dbPath})
	if err != nil {
		t.Fatal(err)
	}
	// Two stores (the server and a command) share the database.
	st2, err := storage.Open(ctx, storage.Config{SQLitePath: dbPath})
	if err != nil {
		t.Fatalf("a second store: %v", err)
	}
	st2.Close()
	st.Close()
}

func TestBackupRefusesPostgres(t *testing.T) {
	if storagetest.Backend() != "postgres" {
		t.Skip("PostgreSQL backups are pg_dump's; this checks the refusal on the PostgreSQL run")
	}
	st := storagetest.New(t)
	if _, err := backup.Backup(ctx, st, filepath.Join(t.TempDir(), "x.db")); !errors.Is(err, backup.ErrNotSQLite) {
		t.Fatalf("backup on PostgreSQL: %v, want ErrNotSQLite", err)
	}
}
