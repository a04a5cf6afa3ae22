package storage

import (
	"context"
	"sync"
	"testing"
	"time"
)

// Reads of one event that arrive while one is under way share the next
// query, which starts after they arrived: none of them gets the answer of
// the query that was already under way.
func TestVersionReadsShareTheNextQuery(t *testing.T) {
	r := &versionReads{under: map[int64]*versionRead{}}
	release := make(chan struct{})
	var mu sync.Mutex
	queries := 0
	query := func(ctx context.Context, event int64) (int64, error) {
		mu.Lock()
		queries++
		n := int64(queries)
		mu.Unlock()
		if n == 1 {
			<-release // the first query is under way while the others arrive
		}
		return n * 10, nil
	}
	first := make(chan int64)
	go func() {
		v, _ := r.read(context.Background(), 7, query)
		first <- v
	}()
	waitFor(t, func() bool { mu.Lock(); defer mu.Unlock(); return queries == 1 })

	const joiners = 20
	answers := make(chan int64, joiners)
	for range joiners {
		go func() {
			v, err := r.read(context.Background(), 7, query)
			if err != nil {
				t.Error(err)
			}
			answers <- v
		}()
	}
	waitFor(t, func() bool {
		r.mu.Lock()
		defer r.mu.Unlock()
		return r.under[7].next != nil && r.under[7].next.sharedBy == joiners
	})
	// Another event is not held up by event 7's read.
	if v, err := r.read(context.Background(), 8, query); err != nil || v != 20 {
		t.Errorf("event 8: %d, %v; want its own query (20)", v, err)
	}
	close(release)
	if v := <-first; v != 10 {
		t.Errorf("the first read: %d, want 10", v)
	}
	for range joiners {
		if v := <-answers; v != 30 {
			t.Errorf("a read that arrived during the first query got %d, want 30 (the query after it)", v)
		}
	}
	if queries != 3 {
		t.Errorf("%d queries, want 3 (the first, the shared one, event 8's)", queries)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.under) != 0 {
		t.Errorf("reads left under way: %v", r.under)
	}
}

// A waiting read stops at its own deadline; the shared query goes on for
// the others.
func TestVersionReadWaitEndsWithItsContext(t *testing.T) {
	r := &versionReads{under: map[int64]*versionRead{}}
	release := make(chan struct{})
	query := func(ctx context.Context, event int64) (int64, error) {
		<-release
		return 1, nil
	}
	go func() { _, _ = r.read(context.Background(), 1, query) }()
	waitFor(t, func() bool { r.mu.Lock(); defer r.mu.Unlock(); return r.under[1] != nil })
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if _, err := r.read(ctx, 1, query); err == nil {
		t.Error("a read past its deadline answered without error")
	}
	close(release)
	if v, err := r.read(context.Background(), 1, query); err != nil || v != 1 {
		t.Errorf("after the release: %d, %v", v, err)
	}
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("timed out")
		}
		time.Sleep(time.Millisecond)
	}
}
