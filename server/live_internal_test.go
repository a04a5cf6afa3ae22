package server

import (
	"bufio"
	"context"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
	"golang.org/x/crypto/bcrypt"
)

// A subscriber that never reads must not block publishers, and repeats of a
// topic merge into one pending bit.
func TestLiveHubNeverBlocks(t *testing.T) {
	s := New(Config{Store: storagetest.New(t), BcryptCost: bcrypt.MinCost})
	sub, _ := s.live.subscribe(7)
	defer s.live.unsubscribe(sub)
	done := make(chan struct{})
	go func() {
		for i := 0; i < 10000; i++ {
			s.live.publish(storage.Notice{EventID: 7, Topic: "results"})
			s.live.publish(storage.Notice{EventID: 7, Topic: "clock"})
			s.live.publish(storage.Notice{EventID: 8, Topic: "pairings"})
			s.live.publish(storage.Notice{EventID: 7, Topic: "no-such-topic"})
		}
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("publishing blocked on a subscriber that does not read")
	}
	if got, want := sub.pending.Load(), topicBit("results")|topicBit("clock"); got != want {
		t.Fatalf("pending bits %b, want %b", got, want)
	}
}

// Streams that end (client gone) leave no subscriber, goroutine or (on
// PostgreSQL) LISTEN connection behind; heartbeats flow while they are open.
func TestLiveStreamsLeaveNothingBehind(t *testing.T) {
	old := liveHeartbeat
	liveHeartbeat = 50 * time.Millisecond
	t.Cleanup(func() { liveHeartbeat = old })

	st := storagetest.New(t)
	ctx := context.Background()
	if err := st.CreateUser(ctx, &storage.User{Username: "org", PasswordHash: "-", Role: storage.RoleOrganiser}); err != nil {
		t.Fatal(err)
	}
	e := &storage.Event{Name: "Leak", Game: "fusion-world", Format: "fw-standard", Status: storage.StatusRunning,
		StartsOn: time.Date(2026, 12, 12, 0, 0, 0, 0, time.UTC), RoundMinutes: 35, TopCutBestOf: 3}
	if err := st.CreateEvent(ctx, storage.Actor{Name: "org"}, e); err != nil {
		t.Fatal(err)
	}
	s := New(Config{Store: st, BcryptCost: bcrypt.MinCost})
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(hs.Close)
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: -1}}
	url := hs.URL + "/events/" + strconv.FormatInt(e.ID, 10) + "/live"

	base := runtime.NumGoroutine()
	const n = 100
	cancels := make([]context.CancelFunc, 0, n)
	for i := 0; i < n; i++ {
		cctx, cancel := context.WithCancel(ctx)
		cancels = append(cancels, cancel)
		req, _ := http.NewRequestWithContext(cctx, http.MethodGet, url, nil)
		res, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			// Hello, then heartbeats.
			r := bufio.NewReader(res.Body)
			beats := 0
			for beats < 2 {
				line, err := r.ReadString('\n')
				if err != nil {
					t.Fatal(err)
				}
				if strings.HasPrefix(line, "event: heartbeat") {
					beats++
				}
			}
		}
		go func() { defer res.Body.Close(); _, _ = bufio.NewReader(res.Body).WriteTo(discard{}) }()
	}
	waitFor(t, "all streams subscribed", func() bool { return s.live.subscribers() == n })
	if s.live.pg {
		s.live.mu.Lock()
		running := s.live.cancel != nil
		s.live.mu.Unlock()
		if !running {
			t.Fatal("no LISTEN connection while streams are open")
		}
	}
	for _, cancel := range cancels {
		cancel()
	}
	waitFor(t, "streams unsubscribed", func() bool { return s.live.subscribers() == 0 })
	s.live.mu.Lock()
	if s.live.cancel != nil {
		t.Error("the LISTEN connection outlived its last stream")
	}
	s.live.mu.Unlock()
	client.CloseIdleConnections()
	waitFor(t, "goroutines back to where they were", func() bool { return runtime.NumGoroutine() <= base+5 })
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

func waitFor(t *testing.T, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within 10 s (goroutines %d)", what, runtime.NumGoroutine())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestClockText(t *testing.T) {
	for _, c := range []struct {
		d    time.Duration
		want string
	}{
		{35 * time.Minute, "35:00"}, {34*time.Minute + 12*time.Second, "34:12"}, {61 * time.Second, "1:01"},
		{1500 * time.Millisecond, "0:02"}, {time.Millisecond, "0:01"}, {0, "0:00"}, {-5 * time.Second, "0:00"},
		{75 * time.Minute, "75:00"},
	} {
		if got := clockText(c.d); got != c.want {
			t.Errorf("clockText(%v) = %q, want %q", c.d, got, c.want)
		}
	}
}
