package storage_test

import (
	"sync"
	"sync/atomic"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
)

// Many reads at once while changes commit: every read shows at least every
// change committed before it began, whether it ran its own query or shared
// one.
func TestPlayVersionReadsAtOnceAreNeverStale(t *testing.T) {
	st := storagetest.New(t)
	e, _ := eventWithPlayers(t, st, 2)
	start, err := st.PlayVersion(ctx, e.ID)
	if err != nil {
		t.Fatal(err)
	}
	var committed atomic.Int64 // changes whose commit has returned
	const changes, readers = 40, 16
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for range readers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				before := committed.Load()
				v, err := st.PlayVersion(ctx, e.ID)
				if err != nil {
					t.Error(err)
					return
				}
				if v < start+before {
					t.Errorf("read %d after %d changes had committed (version %d before them)", v, before, start)
					return
				}
			}
		}()
	}
	for i := range changes {
		if _, err := st.PostAnnouncement(ctx, org, e.ID, "Announcement "+string(rune('A'+i%26))); err != nil {
			t.Fatal(err)
		}
		committed.Add(1)
	}
	close(stop)
	wg.Wait()
}

// Two stores on one database, as two instances: a change one commits shows
// in the other's very next read of the play version. On SQLite a read while
// nothing has been committed to the file since the last costs no query (the
// WAL index tells); on PostgreSQL it is one.
func TestPlayVersionOfAnotherInstancesChange(t *testing.T) {
	cfg := storagetest.Config(t)
	a, err := storage.Open(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	if _, err := a.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	b, err := storage.Open(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	e, _ := eventWithPlayers(t, b, 2)

	read := func() (v, queries int64) {
		t.Helper()
		qctx, counter := storage.WithQueryCounter(ctx)
		v, err := a.PlayVersion(qctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		return v, counter.Count()
	}
	v, _ := read()
	wantQueries := int64(1)
	if storagetest.Backend() == "sqlite" {
		wantQueries = 0
	}
	for i := range 3 {
		again, n := read()
		if again != v || n != wantQueries {
			t.Errorf("read %d with no change: version %d (was %d), %d queries (want %d)", i, again, v, n, wantQueries)
		}
	}
	for i := range 3 {
		if _, err := b.PostAnnouncement(ctx, org, e.ID, "Round 2 soon."); err != nil {
			t.Fatal(err)
		}
		now, n := read()
		if now <= v || n != 1 {
			t.Fatalf("after the other store's change %d: version %d (was %d), %d queries; want a newer one from one query", i, now, v, n)
		}
		v = now
	}
	// A change to another event is a commit too: one query, same version.
	other := newEvent("other")
	if err := b.CreateEvent(ctx, org, other); err != nil {
		t.Fatal(err)
	}
	if now, n := read(); now != v || n != 1 {
		t.Errorf("after a change to event %d: version %d (was %d), %d queries; want the same from one query", other.ID, now, v, n)
	}
}

// Another process's commit (another instance on the same SQLite file, or
// on the same PostgreSQL database) shows in this store's next read.
func TestPlayVersionOfAnotherProcessChange(t *testing.T) {
	cfg := storagetest.Config(t)
	st, err := storage.Open(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	if _, err := st.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	e, _ := eventWithPlayers(t, st, 2)
	before, err := st.PlayVersion(ctx, e.ID)
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := st.PlayVersion(ctx, e.ID); again != before {
		t.Fatalf("version %d, then %d with no change", before, again)
	}
	runWriterProcess(t, cfg, e.ID)
	after, err := st.PlayVersion(ctx, e.ID)
	if err != nil {
		t.Fatal(err)
	}
	if after <= before {
		t.Errorf("after another process's announcement the version is %d (was %d)", after, before)
	}
	as, err := st.Announcements(ctx, e.ID)
	if err != nil || len(as) != 1 {
		t.Fatalf("announcements: %v, %v", as, err)
	}
}
