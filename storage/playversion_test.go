package storage_test

import (
	"sync"
	"sync/atomic"
	"testing"

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
