package storage_test

import (
	"errors"
	"io/fs"
	"sync"
	"testing"
	"time"

	"github.com/pressly/goose/v3"
	"github.com/tenkaichi-org/tenkaichi/migrations"
	"github.com/tenkaichi-org/tenkaichi/storage"
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

	shops, err := st.Shops(ctx)
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
		u, err := st.UserByUsername(ctx, c.name)
		if err != nil {
			t.Fatal(err)
		}
		if u.IsAdmin != c.admin {
			t.Errorf("%s: admin %v, want %v", c.name, u.IsAdmin, c.admin)
		}
		if ok, _ := st.IsShopMember(ctx, main, u.ID); !ok {
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

func TestFirstAccountRunsTheFirstStore(t *testing.T) {
	st := storagetest.New(t)
	u := &storage.User{Username: "org", PasswordHash: "h", Role: storage.RoleOrganiser}
	if err := st.CreateFirstUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	first, err := st.FirstShop(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !u.IsAdmin {
		t.Error("the first account is not the instance admin")
	}
	if ok, _ := st.IsShopMember(ctx, first.ID, u.ID); !ok {
		t.Error("the first account is not in the first store")
	}
	// Events made without naming a store belong to the first.
	e := &storage.Event{Name: "Cup", Game: "fusion-world", Format: "fw-standard", StartsOn: time.Now(), RoundMinutes: 35, TopCutBestOf: 3}
	if err := st.CreateEvent(ctx, storage.Actor{Name: "t"}, e); err != nil {
		t.Fatal(err)
	}
	if e.StoreID != first.ID {
		t.Errorf("event in store %d, want %d", e.StoreID, first.ID)
	}
}

func TestStoresAndMembers(t *testing.T) {
	st := storagetest.New(t)
	actor := storage.Actor{Name: "admin"}
	a := &storage.Shop{Name: "Kame House Games"}
	if err := st.CreateShop(ctx, actor, a); err != nil {
		t.Fatal(err)
	}
	if err := st.CreateShop(ctx, actor, &storage.Shop{Name: "kame house GAMES"}); !errors.Is(err, storage.ErrConflict) {
		t.Fatalf("same name in another case: %v", err)
	}
	if err := st.RenameShop(ctx, actor, a.ID, "main store"); !errors.Is(err, storage.ErrConflict) {
		t.Fatalf("rename to a taken name: %v", err)
	}
	if err := st.RenameShop(ctx, actor, a.ID, "Kame House"); err != nil {
		t.Fatal(err)
	}
	if sh, err := st.ShopByName(ctx, "KAME HOUSE"); err != nil || sh.ID != a.ID {
		t.Fatalf("store by name: %+v %v", sh, err)
	}
	first, _ := st.FirstShop(ctx)

	org := &storage.User{Username: "amy", PasswordHash: "h", Role: storage.RoleOrganiser}
	judge := &storage.User{Username: "jay", PasswordHash: "h", Role: storage.RoleJudge}
	if err := st.CreateUserInShop(ctx, actor, org, a.ID); err != nil {
		t.Fatal(err)
	}
	if err := st.CreateUserInShop(ctx, actor, judge, a.ID); err != nil {
		t.Fatal(err)
	}
	if err := st.CreateUserInShop(ctx, actor, &storage.User{Username: "nobody", PasswordHash: "h", Role: storage.RoleJudge}, 9999); !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("account in a store that does not exist: %v", err)
	}
	if _, err := st.UserByUsername(ctx, "nobody"); !errors.Is(err, storage.ErrNotFound) {
		t.Fatal("the account of a refused store was kept")
	}
	if err := st.CreateUserInShop(ctx, actor, &storage.User{Username: "jo", PasswordHash: "h", Role: storage.RoleJudge, IsAdmin: true}, a.ID); !errors.Is(err, storage.ErrConflict) {
		t.Fatalf("a judge made instance admin: %v", err)
	}
	// Adding again is fine; the judge joins a second store.
	for range 2 {
		if err := st.AddShopMember(ctx, actor, first.ID, judge.ID); err != nil {
			t.Fatal(err)
		}
	}
	of, _ := st.ShopsOf(ctx, judge.ID)
	if len(of) != 2 {
		t.Fatalf("judge's stores: %+v", of)
	}
	byUser, _ := st.ShopsOfUsers(ctx, []int64{org.ID, judge.ID})
	if len(byUser[org.ID]) != 1 || len(byUser[judge.ID]) != 2 {
		t.Fatalf("stores of accounts: %+v", byUser)
	}
	in, _ := st.UsersInShops(ctx, []int64{a.ID})
	if len(in) != 2 || in[0].Username != "amy" || in[1].Username != "jay" {
		t.Fatalf("accounts of store A: %+v", in)
	}
	judges, _ := st.ShopMembersWithRole(ctx, a.ID, storage.RoleJudge)
	if len(judges) != 1 || judges[0].ID != judge.ID {
		t.Fatalf("judges of A: %+v", judges)
	}
	e := &storage.Event{Name: "Cup", Game: "fusion-world", Format: "fw-standard", StartsOn: time.Now(), RoundMinutes: 35, TopCutBestOf: 3, StoreID: a.ID}
	if err := st.CreateEvent(ctx, actor, e); err != nil {
		t.Fatal(err)
	}
	if es, _ := st.EventsOfShops(ctx, []int64{first.ID}); len(es) != 0 {
		t.Fatalf("store A's event listed for the first store: %+v", es)
	}
	if es, _ := st.EventsOfShops(ctx, []int64{a.ID, first.ID}); len(es) != 1 {
		t.Fatalf("events of both stores: %+v", es)
	}
	stats, _ := st.ShopStatsAll(ctx)
	var got *storage.ShopStats
	for i := range stats {
		if stats[i].ID == a.ID {
			got = &stats[i]
		}
	}
	if got == nil || got.Organisers != 1 || got.Judges != 1 || got.Events != 1 {
		t.Fatalf("store A's counts: %+v", got)
	}
	if err := st.RemoveShopMember(ctx, actor, a.ID, judge.ID); err != nil {
		t.Fatal(err)
	}
	if err := st.RemoveShopMember(ctx, actor, a.ID, judge.ID); !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("removing twice: %v", err)
	}
	if ok, _ := st.IsShopMember(ctx, a.ID, judge.ID); ok {
		t.Fatal("still a member")
	}
	var audited int64
	if err := st.SQL().QueryRowContext(ctx, `SELECT COUNT(*) FROM audit_log WHERE entity IN ('store', 'store-member')`).Scan(&audited); err != nil {
		t.Fatal(err)
	}
	// Store made and renamed; amy, jay, jay (second store) added; jay removed.
	if audited != 6 {
		t.Fatalf("%d store audit rows, want 6", audited)
	}
}

func TestSetAdminKeepsOneAdmin(t *testing.T) {
	st := storagetest.New(t)
	actor := storage.Actor{Name: "admin"}
	org := &storage.User{Username: "org", PasswordHash: "h", Role: storage.RoleOrganiser}
	if err := st.CreateFirstUser(ctx, org); err != nil {
		t.Fatal(err)
	}
	first, _ := st.FirstShop(ctx)
	amy := &storage.User{Username: "amy", PasswordHash: "h", Role: storage.RoleOrganiser}
	jay := &storage.User{Username: "jay", PasswordHash: "h", Role: storage.RoleJudge}
	for _, u := range []*storage.User{amy, jay} {
		if err := st.CreateUserInShop(ctx, actor, u, first.ID); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.SetAdmin(ctx, actor, org.ID, false); !errors.Is(err, storage.ErrConflict) {
		t.Fatalf("the last admin stepped down: %v", err)
	}
	if err := st.SetAdmin(ctx, actor, jay.ID, true); !errors.Is(err, storage.ErrConflict) {
		t.Fatalf("a judge made admin: %v", err)
	}
	if err := st.SetAdmin(ctx, actor, amy.ID, true); err != nil {
		t.Fatal(err)
	}
	if err := st.SetAdmin(ctx, actor, org.ID, false); err != nil {
		t.Fatalf("one of two admins steps down: %v", err)
	}
	for name, want := range map[string]bool{"org": false, "amy": true, "jay": false} {
		if u, _ := st.UserByUsername(ctx, name); u.IsAdmin != want {
			t.Errorf("%s admin %v, want %v", name, u.IsAdmin, want)
		}
	}
	var audited int64
	if err := st.SQL().QueryRowContext(ctx, `SELECT COUNT(*) FROM audit_log WHERE action = 'set-admin'`).Scan(&audited); err != nil {
		t.Fatal(err)
	}
	if audited != 2 {
		t.Fatalf("%d set-admin audit rows, want 2", audited)
	}
}

// Two admins taking admin from each other at once: one of them stays.
func TestRacingAdminsKeepOne(t *testing.T) {
	st := storagetest.New(t)
	actor := storage.Actor{Name: "t"}
	a := &storage.User{Username: "ana", PasswordHash: "h", Role: storage.RoleOrganiser}
	if err := st.CreateFirstUser(ctx, a); err != nil {
		t.Fatal(err)
	}
	first, _ := st.FirstShop(ctx)
	b := &storage.User{Username: "ben", PasswordHash: "h", Role: storage.RoleOrganiser, IsAdmin: true}
	if err := st.CreateUserInShop(ctx, actor, b, first.ID); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i, id := range []int64{a.ID, b.ID} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = st.SetAdmin(ctx, actor, id, false)
		}()
	}
	wg.Wait()
	var admins int
	for _, name := range []string{"ana", "ben"} {
		if u, _ := st.UserByUsername(ctx, name); u.IsAdmin {
			admins++
		}
	}
	if admins != 1 || (errs[0] == nil) == (errs[1] == nil) {
		t.Fatalf("%d admins left; errors %v", admins, errs)
	}
}
