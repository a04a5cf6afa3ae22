package web

import (
	"errors"
	"sync"
	"sync/atomic"
	"testing"
)

// A kept value is used again at the same version only; concurrent misses
// compute once; an error is not kept; the Keep stays within its bound.
func TestKeepByVersion(t *testing.T) {
	k := NewKeep[int](2)
	var calls atomic.Int32
	compute := func(v int) func() (int, error) {
		return func() (int, error) { calls.Add(1); return v, nil }
	}
	if v, _ := k.Get("a", "1", compute(10)); v != 10 {
		t.Fatalf("first: %d", v)
	}
	if v, _ := k.Get("a", "1", compute(11)); v != 10 || calls.Load() != 1 {
		t.Fatalf("same version: %d after %d computations", v, calls.Load())
	}
	if v, _ := k.Get("a", "2", compute(12)); v != 12 {
		t.Fatalf("new version: %d", v)
	}
	if _, err := k.Get("b", "1", func() (int, error) { return 0, errors.New("down") }); err == nil {
		t.Fatal("the error is lost")
	}
	if v, _ := k.Get("b", "1", compute(13)); v != 13 {
		t.Fatalf("after an error: %d", v)
	}
	k.Get("c", "1", compute(14))
	if len(k.values) > 2 {
		t.Fatalf("%d values kept, at most 2", len(k.values))
	}

	calls.Store(0)
	release := make(chan struct{})
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			v, _ := k.Get("d", "1", func() (int, error) { <-release; calls.Add(1); return 7, nil })
			if v != 7 {
				t.Errorf("waiting: %d", v)
			}
		}()
	}
	close(release)
	wg.Wait()
	if calls.Load() != 1 {
		// Late goroutines may find the value kept; none computes twice.
		t.Errorf("%d computations for one key and version", calls.Load())
	}
}
