package storage_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
)

// On PostgreSQL notices go out with NOTIFY after their change commits
// (notifier.go): every committed notice arrives, however many share a
// payload, and a rolled-back one never does.
func TestNoticesReachListenersOnlyAfterCommit(t *testing.T) {
	if storagetest.Backend() != "postgres" {
		t.Skip("NOTIFY and LISTEN are PostgreSQL's; SQLite hands notices over in the process")
	}
	st := storagetest.New(t)
	var mu sync.Mutex
	got := map[int64][]storage.Notice{}
	listening := make(chan struct{}, 1)
	lctx, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = st.Listen(lctx, func(n storage.Notice) {
			if n.Topic == storage.TopicListening {
				listening <- struct{}{}
				return
			}
			mu.Lock()
			got[n.EventID] = append(got[n.EventID], n)
			mu.Unlock()
		})
	}()
	defer func() { stop(); <-done }()
	<-listening

	// A change that does not commit tells nobody.
	refused := errors.New("refused")
	if err := st.Tx(ctx, func(tx *storage.Store) error {
		if err := storage.Notify(tx, storage.Notice{EventID: 999, Topic: "results"}); err != nil {
			return err
		}
		return refused
	}); !errors.Is(err, refused) {
		t.Fatal(err)
	}
	// 50 reports' transactions at once (GroupedTx: their notices go to the
	// instance's sender, several in one NOTIFY), each with its notice.
	var wg sync.WaitGroup
	for ev := int64(1); ev <= 50; ev++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := st.GroupedTx(ctx, ev, func(tx *storage.Store) error {
				return storage.Notify(tx, storage.Notice{EventID: ev, Topic: "results", Entries: []int64{ev * 10, ev*10 + 1}})
			}); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	// 400 notices of one transaction (Tx: sent before it returns): more
	// than one NOTIFY can carry.
	if err := st.Tx(ctx, func(tx *storage.Store) error {
		for i := int64(0); i < 400; i++ {
			if err := storage.Notify(tx, storage.Notice{EventID: 100, Topic: "results", Entries: []int64{1000 + i}}); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	// One notice the way earlier instances send it, a single object.
	if err := st.SQL().QueryRowContext(ctx, "SELECT pg_notify($1, $2)", storage.NoticeChannel, `{"event":200,"topic":"clock"}`).Err(); err != nil {
		t.Fatal(err)
	}

	deadline := time.Now().Add(10 * time.Second)
	for {
		mu.Lock()
		complete := len(got[100]) == 400 && len(got[200]) == 1
		for ev := int64(1); ev <= 50; ev++ {
			complete = complete && len(got[ev]) == 1
		}
		mu.Unlock()
		if complete || time.Now().After(deadline) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	time.Sleep(200 * time.Millisecond) // anything extra would have come by now
	mu.Lock()
	defer mu.Unlock()
	for ev := int64(1); ev <= 50; ev++ {
		if len(got[ev]) != 1 || len(got[ev][0].Entries) != 2 || got[ev][0].Entries[0] != ev*10 {
			t.Errorf("event %d: %+v, want its one notice with its two players", ev, got[ev])
		}
	}
	if len(got[100]) != 400 {
		t.Errorf("%d of the 400 notices of one transaction arrived", len(got[100]))
	}
	if len(got[200]) != 1 || got[200][0].Topic != "clock" {
		t.Errorf("a single-object payload: %+v", got[200])
	}
	if len(got[999]) != 0 {
		t.Errorf("a rolled-back change was told: %+v", got[999])
	}
}
