package storage_test

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
)

var ctx = context.Background()

func TestMigrateIsIdempotentAndComplete(t *testing.T) {
	st := storagetest.New(t)
	cur, latest, err := st.SchemaVersions(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if cur != latest || latest < 1 {
		t.Fatalf("after migrate: current %d, latest %d", cur, latest)
	}
	applied, err := st.Migrate(ctx)
	if err != nil || len(applied) != 0 {
		t.Fatalf("second migrate applied %v, err %v", applied, err)
	}
	status, err := st.MigrationStatus(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range status {
		if !m.Applied {
			t.Errorf("migration %d not applied", m.Version)
		}
	}
}

func TestRefusesSchemaNewerThanBinary(t *testing.T) {
	st := storagetest.New(t)
	_, latest, _ := st.SchemaVersions(ctx)
	// Pretend a newer binary migrated this database.
	if _, err := st.SQL().ExecContext(ctx, "INSERT INTO goose_db_version (version_id, is_applied) VALUES ($1, true)", latest+1); err != nil {
		t.Fatal(err)
	}
	_, err := st.Migrate(ctx)
	if !errors.Is(err, storage.ErrSchemaNewer) {
		t.Fatalf("Migrate on a newer schema: got %v, want ErrSchemaNewer", err)
	}
}

func TestFirstUserOnlyOnce(t *testing.T) {
	st := storagetest.New(t)
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = accounts.New(st).CreateFirstUser(ctx, &storage.User{Username: "org" + string(rune('a'+i)), PasswordHash: "x", Role: storage.RoleOrganiser})
		}()
	}
	wg.Wait()
	ok := 0
	for _, err := range errs {
		switch {
		case err == nil:
			ok++
		case errors.Is(err, accounts.ErrSetupDone):
		default:
			t.Errorf("unexpected error: %v", err)
		}
	}
	n, _ := accounts.New(st).CountUsers(ctx)
	if ok != 1 || n != 1 {
		t.Fatalf("%d setups succeeded, %d users; want exactly 1", ok, n)
	}
}

func TestDuplicateUsernameIsConflict(t *testing.T) {
	st := storagetest.New(t)
	if err := accounts.New(st).CreateUser(ctx, &storage.User{Username: "ann", PasswordHash: "x", Role: storage.RoleJudge}); err != nil {
		t.Fatal(err)
	}
	err := accounts.New(st).CreateUser(ctx, &storage.User{Username: "ann", PasswordHash: "y", Role: storage.RoleJudge})
	if !errors.Is(err, storage.ErrConflict) {
		t.Fatalf("duplicate username: got %v, want ErrConflict", err)
	}
}

func TestSessionExpiry(t *testing.T) {
	st := storagetest.New(t)
	u := &storage.User{Username: "ann", PasswordHash: "x", Role: storage.RoleOrganiser}
	if err := accounts.New(st).CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC()
	st.SetClock(func() time.Time { return now })
	if err := accounts.New(st).CreateSession(ctx, &accounts.Session{TokenHash: "h1", UserID: u.ID, CSRFToken: "c", ExpiresAt: now.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	if _, got, err := accounts.New(st).SessionUser(ctx, "h1"); err != nil || got.ID != u.ID {
		t.Fatalf("live session: %v %v", got, err)
	}
	now = now.Add(2 * time.Hour)
	if _, _, err := accounts.New(st).SessionUser(ctx, "h1"); !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("expired session: got %v, want ErrNotFound", err)
	}
	if n, err := accounts.New(st).DeleteExpiredSessions(ctx); err != nil || n != 1 {
		t.Fatalf("DeleteExpiredSessions = %d, %v", n, err)
	}
}

func TestLinkMissesCountPerAddressInTheirWindow(t *testing.T) {
	st := storagetest.New(t)
	now := time.Now().UTC()
	st.SetClock(func() time.Time { return now })
	for i := 0; i < 3; i++ {
		if err := accounts.New(st).RecordLinkMiss(ctx, "192.0.2.1"); err != nil {
			t.Fatal(err)
		}
	}
	if err := accounts.New(st).RecordLinkMiss(ctx, "192.0.2.2"); err != nil {
		t.Fatal(err)
	}
	now = now.Add(10 * time.Minute)
	if err := accounts.New(st).RecordLinkMiss(ctx, "192.0.2.1"); err != nil {
		t.Fatal(err)
	}
	if n, err := accounts.New(st).LinkMisses(ctx, "192.0.2.1", now.Add(-time.Hour)); err != nil || n != 4 {
		t.Fatalf("misses in the last hour = %d, %v; want 4", n, err)
	}
	if n, err := accounts.New(st).LinkMisses(ctx, "192.0.2.1", now.Add(-5*time.Minute)); err != nil || n != 1 {
		t.Fatalf("misses in the last 5 minutes = %d, %v; want 1", n, err)
	}
	if err := accounts.New(st).PruneLinkMisses(ctx, now.Add(-time.Minute)); err != nil {
		t.Fatal(err)
	}
	if n, err := accounts.New(st).LinkMisses(ctx, "192.0.2.1", now.Add(-time.Hour)); err != nil || n != 1 {
		t.Fatalf("after pruning = %d, %v; want 1", n, err)
	}
	if n, err := accounts.New(st).LinkMisses(ctx, "192.0.2.2", now.Add(-time.Hour)); err != nil || n != 0 {
		t.Fatalf("other address after pruning = %d, %v; want 0", n, err)
	}
}

// day is a date as events and seasons keep it.
func day(s string) time.Time {
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return d
}

func newEvent(name string) *storage.Event { return storagetest.Event(name) }

func TestEventLifecycleIsAudited(t *testing.T) {
	st := storagetest.New(t)
	actor := storage.Actor{Name: "tester"}
	e := newEvent("Store Championship")
	if err := st.CreateEvent(ctx, actor, e); err != nil {
		t.Fatal(err)
	}
	got, err := st.EventByID(ctx, e.ID)
	if err != nil || got.Name != e.Name || got.Date() != "2026-12-12" || got.Status != storage.StatusDraft || got.Version != 1 {
		t.Fatalf("read back: %+v, %v", got, err)
	}
	got.Name = "Store Championship (moved)"
	if err := st.UpdateEvent(ctx, actor, got); err != nil {
		t.Fatal(err)
	}
	if got.Version != 2 {
		t.Fatalf("version after update = %d, want 2", got.Version)
	}
	if err := st.DeleteEvent(ctx, actor, e.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := st.EventByID(ctx, e.ID); !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("deleted event: %v", err)
	}
	log, err := st.AuditLogFor(ctx, "event", e.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(log) != 3 || log[0].Action != "delete" || log[1].Action != "update" || log[2].Action != "create" {
		t.Fatalf("audit log: %+v", log)
	}
	var before, after storage.Event
	if json.Unmarshal([]byte(log[1].BeforeJSON), &before) != nil || json.Unmarshal([]byte(log[1].AfterJSON), &after) != nil {
		t.Fatalf("audit JSON unreadable: %q / %q", log[1].BeforeJSON, log[1].AfterJSON)
	}
	if before.Name != "Store Championship" || after.Name != "Store Championship (moved)" || log[1].Actor != "tester" {
		t.Fatalf("audit before/after: %+v -> %+v", before, after)
	}
}

func TestStaleEventEditIsRefused(t *testing.T) {
	st := storagetest.New(t)
	e := newEvent("Regional")
	if err := st.CreateEvent(ctx, storage.Actor{Name: "a"}, e); err != nil {
		t.Fatal(err)
	}
	first, _ := st.EventByID(ctx, e.ID)
	second, _ := st.EventByID(ctx, e.ID)
	first.Venue = "Hall A"
	if err := st.UpdateEvent(ctx, storage.Actor{Name: "a"}, first); err != nil {
		t.Fatal(err)
	}
	second.Venue = "Hall B"
	if err := st.UpdateEvent(ctx, storage.Actor{Name: "b"}, second); !errors.Is(err, storage.ErrStale) {
		t.Fatalf("stale update: got %v, want ErrStale", err)
	}
	now, _ := st.EventByID(ctx, e.ID)
	if now.Venue != "Hall A" {
		t.Fatalf("stale update overwrote: venue %q", now.Venue)
	}
}

func TestUpcomingEventsLeaveOutDraftsAndPast(t *testing.T) {
	st := storagetest.New(t)
	a := storage.Actor{Name: "a"}
	today := time.Date(2026, 12, 2, 0, 0, 0, 0, time.UTC)
	mk := func(name, status string, day int) {
		e := newEvent(name)
		e.Status, e.StartsOn = status, today.AddDate(0, 0, day)
		if err := st.CreateEvent(ctx, a, e); err != nil {
			t.Fatal(err)
		}
	}
	mk("draft", storage.StatusDraft, 3)
	mk("past", storage.StatusRegistration, -3)
	mk("soon", storage.StatusRegistration, 3)
	mk("today", storage.StatusRegistration, 0)
	mk("live", storage.StatusRunning, -1)
	mk("done", storage.StatusFinished, -10)
	es, err := st.UpcomingAndRunning(ctx, today)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name)
	}
	want := []string{"live", "today", "soon"}
	if len(names) != len(want) || names[0] != want[0] || names[1] != want[1] || names[2] != want[2] {
		t.Fatalf("upcoming = %v, want %v", names, want)
	}
}

func TestJudgesAttachOnlyJudgeAccounts(t *testing.T) {
	st := storagetest.New(t)
	a := storage.Actor{Name: "a"}
	org := &storage.User{Username: "org", PasswordHash: "x", Role: storage.RoleOrganiser}
	judge := &storage.User{Username: "jud", PasswordHash: "x", Role: storage.RoleJudge}
	for _, u := range []*storage.User{org, judge} {
		if err := accounts.New(st).CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
	}
	e := newEvent("E")
	if err := st.CreateEvent(ctx, a, e); err != nil {
		t.Fatal(err)
	}
	if err := st.AddEventJudge(ctx, a, e.ID, org.ID); !errors.Is(err, storage.ErrConflict) {
		t.Fatalf("organiser as judge: %v", err)
	}
	if err := st.AddEventJudge(ctx, a, e.ID, judge.ID); err != nil {
		t.Fatal(err)
	}
	if err := st.AddEventJudge(ctx, a, e.ID, judge.ID); err != nil {
		t.Fatalf("adding twice: %v", err)
	}
	js, _ := st.EventJudges(ctx, e.ID)
	if len(js) != 1 || js[0].ID != judge.ID {
		t.Fatalf("judges = %+v", js)
	}
	if ok, _ := st.IsEventJudge(ctx, e.ID, judge.ID); !ok {
		t.Fatal("IsEventJudge false")
	}
	if err := st.RemoveEventJudge(ctx, a, e.ID, judge.ID); err != nil {
		t.Fatal(err)
	}
	if ok, _ := st.IsEventJudge(ctx, e.ID, judge.ID); ok {
		t.Fatal("still judge after removal")
	}
}
