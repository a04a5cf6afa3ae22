package storage_test

import (
	"io/fs"
	"testing"
	"time"

	"github.com/pressly/goose/v3"
	"github.com/tenkaichi-org/tenkaichi/migrations"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
)

// storesMigration is the version of migrations/*/000NN_stores.sql.
const storesMigration = 11

// migrateTo brings a fresh database to one schema version, as an older
// Tenkaichi left it.
func migrateTo(t *testing.T, st *storage.Store, version int64) *goose.Provider {
	t.Helper()
	dialect, dir := goose.DialectSQLite3, "sqlite"
	if st.Dialect() == storage.DialectPostgres {
		dialect, dir = goose.DialectPostgres, "postgres"
	}
	sub, err := fs.Sub(migrations.FS, dir)
	if err != nil {
		t.Fatal(err)
	}
	p, err := goose.NewProvider(dialect, st.SQL(), sub, goose.WithDisableGlobalRegistry(true))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.UpTo(ctx, version); err != nil {
		t.Fatal(err)
	}
	return p
}

// A database from before stores becomes a one-store installation: every
// event and account in one default store, the organisers it had (who could
// do everything) instance admins, nothing lost.
func TestMigrationPutsEverythingInOneStore(t *testing.T) {
	st, err := storage.Open(ctx, storagetest.Config(t))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	migrateTo(t, st, storesMigration-1)
	now := time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC)
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := st.SQL().ExecContext(ctx, q, args...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	exec(`INSERT INTO users (id, username, password_hash, role, created_at, updated_at) VALUES (1, 'org', 'h', 'organiser', $1, $1), (2, 'olga', 'h', 'organiser', $1, $1), (3, 'jules', 'h', 'judge', $1, $1)`, now)
	exec(`INSERT INTO events (id, name, game, format, starts_on, seed, created_at, updated_at) VALUES (1, 'Cup', 'fusion-world', 'fw-standard', $1, 7, $2, $2), (2, 'Later Cup', 'fusion-world', 'fw-standard', $1, 8, $2, $2)`, now, now)
	exec(`INSERT INTO event_judges (event_id, user_id) VALUES (1, 3)`)
	if _, err := st.Migrate(ctx); err != nil {
		t.Fatal(err)
	}

	shops, err := accounts.New(st).Shops(ctx)
	if err != nil || len(shops) != 1 || shops[0].Name != "Main store" {
		t.Fatalf("stores after the upgrade: %+v %v", shops, err)
	}
	main := shops[0].ID
	es, _ := st.Events(ctx)
	if len(es) != 2 {
		t.Fatalf("%d events after the upgrade", len(es))
	}
	for _, e := range es {
		if e.StoreID != main {
			t.Errorf("event %s is in store %d", e.Name, e.StoreID)
		}
	}
	for _, c := range []struct {
		name  string
		admin bool
	}{{"org", true}, {"olga", true}, {"jules", false}} {
		u, err := accounts.New(st).UserByUsername(ctx, c.name)
		if err != nil {
			t.Fatal(err)
		}
		if u.IsAdmin != c.admin {
			t.Errorf("%s: admin %v, want %v", c.name, u.IsAdmin, c.admin)
		}
		if ok, _ := accounts.New(st).IsShopMember(ctx, main, u.ID); !ok {
			t.Errorf("%s is not in the default store", c.name)
		}
	}
	if ok, _ := st.IsEventJudge(ctx, 1, 3); !ok {
		t.Error("the judge's attachment was lost")
	}
	// An event cannot be without a store, nor in one that does not exist.
	for _, q := range []string{
		`INSERT INTO events (name, game, format, starts_on, seed, created_at, updated_at, store_id) VALUES ('x', 'fusion-world', 'fw-standard', $1, 1, $2, $2, NULL)`,
		`INSERT INTO events (name, game, format, starts_on, seed, created_at, updated_at, store_id) VALUES ('x', 'fusion-world', 'fw-standard', $1, 1, $2, $2, 999)`,
	} {
		if _, err := st.SQL().ExecContext(ctx, q, now, now); err == nil {
			t.Errorf("accepted: %s", q)
		}
	}
	if _, err := st.SQL().ExecContext(ctx, `UPDATE events SET store_id = NULL WHERE id = 1`); err == nil {
		t.Error("an event's store could be cleared")
	}
	// A store with events cannot be deleted: its events are never lost with it.
	if _, err := st.SQL().ExecContext(ctx, `DELETE FROM stores WHERE id = $1`, main); err == nil {
		t.Error("a store with events was deleted")
	}
}

// The migration can be undone (and done again) on both databases.
func TestStoresMigrationDownAndUp(t *testing.T) {
	st, err := storage.Open(ctx, storagetest.Config(t))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	p := migrateTo(t, st, storesMigration)
	if _, err := st.SQL().ExecContext(ctx, `INSERT INTO events (name, game, format, starts_on, seed, created_at, updated_at, store_id) VALUES ('Cup', 'fusion-world', 'fw-standard', $1, 1, $2, $2, 1)`, time.Now().UTC(), time.Now().UTC()); err != nil {
		t.Fatal(err)
	}
	if _, err := p.DownTo(ctx, storesMigration-1); err != nil {
		t.Fatalf("down: %v", err)
	}
	if _, err := p.UpTo(ctx, storesMigration); err != nil {
		t.Fatalf("up again: %v", err)
	}
	if es, _ := st.Events(ctx); len(es) != 1 || es[0].StoreID == 0 {
		t.Fatalf("events after down and up: %+v", es)
	}
}
