package live

import (
	"bufio"
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
)

// A subscriber that never reads must not block publishers, and repeats of a
// topic merge into one pending bit.
func TestLiveHubNeverBlocks(t *testing.T) {
	s := newTestServer(storagetest.New(t))
	sub, _ := s.live.subscribe(7, 0)
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

// A notice reaches the streams it is news to: a result the event's pages
// and its two players' phones (as "mine"), the pairings every stream, a
// tracked game its players alone; a stream that leaves is told nothing more.
func TestLiveHubTellsTheStreamsANoticeConcerns(t *testing.T) {
	s := newTestServer(storagetest.New(t))
	h := s.live
	viewer, _ := h.subscribe(7, 0)
	p1, _ := h.subscribe(7, 1)
	p1again, _ := h.subscribe(7, 1) // a second tab of the same player
	p2, _ := h.subscribe(7, 2)
	other, _ := h.subscribe(7, 3)
	elsewhere, _ := h.subscribe(8, 1) // entry IDs are per event only in tests
	all := []*subscriber{viewer, p1, p1again, p2, other, elsewhere}
	defer func() {
		for _, sub := range all {
			h.unsubscribe(sub)
		}
	}()
	take := func() []uint32 {
		bits := make([]uint32, len(all))
		for i, sub := range all {
			bits[i] = sub.pending.Swap(0)
		}
		return bits
	}
	check := func(what string, want ...uint32) {
		t.Helper()
		got := take()
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("%s: stream %d has %b, want %b", what, i, got[i], want[i])
			}
		}
	}
	results, pairings, game, mine := topicBit("results"), topicBit("pairings"), topicBit(storage.TopicGame), topicBit(TopicMine)

	h.publish(storage.Notice{EventID: 7, Topic: "results", Entries: []int64{1, 2}})
	check("a result", results, mine, mine, mine, 0, 0)
	h.publish(storage.Notice{EventID: 7, Topic: "pairings", Entries: []int64{2}})
	check("pairings", pairings, pairings, pairings, pairings|mine, pairings, 0)
	h.publish(storage.Notice{EventID: 7, Topic: storage.TopicGame, Entries: []int64{3}})
	check("a tracked game", 0, 0, 0, 0, game, 0)
	h.unsubscribe(p1)
	h.publish(storage.Notice{EventID: 7, Topic: "results", Entries: []int64{1}})
	check("a result after one tab closed", results, 0, mine, 0, 0, 0)
	if n := h.subscribers(); n != len(all)-1 {
		t.Errorf("%d subscribers, want %d", n, len(all)-1)
	}
}

// Streams that end (client gone) leave no subscriber, goroutine or (on
// PostgreSQL) LISTEN connection behind; heartbeats flow while they are open.
func TestLiveStreamsLeaveNothingBehind(t *testing.T) {
	old := heartbeatEvery
	heartbeatEvery = 50 * time.Millisecond
	t.Cleanup(func() { heartbeatEvery = old })

	st := storagetest.New(t)
	ctx := context.Background()
	if err := accounts.New(st).CreateUser(ctx, &storage.User{Username: "org", PasswordHash: "-", Role: storage.RoleOrganiser}); err != nil {
		t.Fatal(err)
	}
	e := &storage.Event{Name: "Leak", Game: "fusion-world", Format: "fw-standard", Status: storage.StatusRunning,
		StartsOn: time.Date(2026, 12, 12, 0, 0, 0, 0, time.UTC), RoundMinutes: 35, TopCutBestOf: 3}
	if err := st.CreateEvent(ctx, storage.Actor{Name: "org"}, e); err != nil {
		t.Fatal(err)
	}
	s := newTestServer(st)
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

// A burst of notices reaches a stream as a few paced writes, not one write
// per notice, and a different topic in the burst is not lost.
func TestLiveStreamPacesBursts(t *testing.T) {
	old := minGap
	minGap = 400 * time.Millisecond
	t.Cleanup(func() { minGap = old })

	s, e, events := eventStream(t, "Burst")
	// 200 results over about a second, and one clock change in the middle.
	began := time.Now()
	for i := range 200 {
		s.live.publish(storage.Notice{EventID: e.ID, Topic: "results"})
		if i == 100 {
			s.live.publish(storage.Notice{EventID: e.ID, Topic: "clock"})
		}
		time.Sleep(5 * time.Millisecond)
	}
	// On a busy machine the second can stretch: the bound follows it.
	most := max(8, int(time.Since(began)/minGap)+3)
	var results, clocks int
	quiet := time.After(3 * time.Second)
	for done := false; !done; {
		select {
		case name := <-events:
			switch name {
			case "results":
				results++
			case "clock":
				clocks++
			}
		case <-quiet:
			done = true
		}
	}
	// About one write per 400 ms over 1+ s: a handful, never 200.
	if results < 1 || results > most || clocks != 1 {
		t.Fatalf("got %d results (%d at most) and %d clock events for 200 results and 1 clock notice", results, most, clocks)
	}
}

// When the LISTEN connection dies, the hub reconnects by itself, tells the
// open streams to resynchronise, and notices flow again.
func TestLiveListenerReconnects(t *testing.T) {
	if storagetest.Backend() != "postgres" {
		t.Skip("LISTEN is PostgreSQL's")
	}
	st := storagetest.New(t)
	ctx := context.Background()
	if err := accounts.New(st).CreateUser(ctx, &storage.User{Username: "org", PasswordHash: "-", Role: storage.RoleOrganiser}); err != nil {
		t.Fatal(err)
	}
	org := storage.Actor{Name: "org"}
	e := &storage.Event{Name: "Flaky", Game: "fusion-world", Format: "fw-standard", Status: storage.StatusRunning,
		StartsOn: time.Date(2026, 12, 12, 0, 0, 0, 0, time.UTC), RoundMinutes: 35, TopCutBestOf: 3}
	if err := st.CreateEvent(ctx, org, e); err != nil {
		t.Fatal(err)
	}
	s := newTestServer(st)
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(hs.Close)
	cctx, cancel := context.WithCancel(ctx)
	defer cancel()
	req, _ := http.NewRequestWithContext(cctx, http.MethodGet, hs.URL+"/events/"+strconv.FormatInt(e.ID, 10)+"/live", nil)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	events := make(chan string, 100)
	go func() {
		sc := bufio.NewScanner(res.Body)
		for sc.Scan() {
			if name, ok := strings.CutPrefix(sc.Text(), "event: "); ok {
				events <- name
			}
		}
		close(events)
	}()
	// next waits for an event, passing over others (entries, heartbeats).
	next := func(want string) {
		t.Helper()
		timeout := time.After(10 * time.Second)
		for {
			select {
			case got := <-events:
				if got == want {
					return
				}
			case <-timeout:
				t.Fatalf("no %q within 10 s", want)
			}
		}
	}
	next("hello")

	var killed int
	err = st.SQL().QueryRowContext(ctx, `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
		WHERE datname = current_database() AND pid <> pg_backend_pid() AND query ILIKE 'LISTEN%'`).Scan(&killed)
	if err != nil || killed != 1 {
		t.Fatalf("terminate the LISTEN connection: killed %d, %v", killed, err)
	}
	next(topicResync)
	one := 1
	en1 := storage.Entry{EventID: e.ID, PlayerName: "A", TokenHash: "flaky-a"}
	en2 := storage.Entry{EventID: e.ID, PlayerName: "B", TokenHash: "flaky-b"}
	for _, en := range []*storage.Entry{&en1, &en2} {
		if err := st.CreateEntry(ctx, org, en); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := st.CreateRound(ctx, org, e.ID, 1, storage.KindSwiss, 35*time.Minute, []storage.NewMatch{{TableNo: &one, P1: en1.ID, P2: &en2.ID}}); err != nil {
		t.Fatal(err)
	}
	if err := st.PublishRound(ctx, org, e.ID, 1); err != nil {
		t.Fatal(err)
	}
	next("pairings")
}

// News for everyone waits a random while (spreadWait), but an urgent notice
// arriving meanwhile (here the clock) goes at once, with it.
func TestLiveUrgentNoticeCutsTheSpreadShort(t *testing.T) {
	oldGap, oldSpread := minGap, spreadWait
	minGap, spreadWait = 10*time.Millisecond, 10*time.Second
	t.Cleanup(func() { minGap, spreadWait = oldGap, oldSpread })

	s, e, events := eventStream(t, "Urgent")
	s.live.publish(storage.Notice{EventID: e.ID, Topic: "results"})
	time.Sleep(50 * time.Millisecond)
	sent := time.Now()
	s.live.publish(storage.Notice{EventID: e.ID, Topic: "clock"})
	got := map[string]bool{}
	deadline := time.After(2 * time.Second)
	for !got["clock"] {
		select {
		case name := <-events:
			got[name] = true
		case <-deadline:
			t.Fatalf("no clock event 2 s after it was sent, with a spread of %v pending (got %v)", spreadWait, got)
		}
	}
	t.Logf("clock after %v, with the results: %v", time.Since(sent), got["results"])
}

// eventStream opens a running event's public stream on a new server
// and reads its events' names (after the hello) into events.
func eventStream(t *testing.T, name string) (*testServer, *storage.Event, <-chan string) {
	t.Helper()
	st := storagetest.New(t)
	ctx := context.Background()
	if err := accounts.New(st).CreateUser(ctx, &storage.User{Username: "org", PasswordHash: "-", Role: storage.RoleOrganiser}); err != nil {
		t.Fatal(err)
	}
	e := &storage.Event{Name: name, Game: "fusion-world", Format: "fw-standard", Status: storage.StatusRunning,
		StartsOn: time.Date(2026, 12, 12, 0, 0, 0, 0, time.UTC), RoundMinutes: 35, TopCutBestOf: 3}
	if err := st.CreateEvent(ctx, storage.Actor{Name: "org"}, e); err != nil {
		t.Fatal(err)
	}
	s := newTestServer(st)
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(hs.Close)
	cctx, cancel := context.WithCancel(ctx)
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(cctx, http.MethodGet, hs.URL+"/events/"+strconv.FormatInt(e.ID, 10)+"/live", nil)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { res.Body.Close() })
	events := make(chan string, 1000)
	go func() {
		sc := bufio.NewScanner(res.Body)
		for sc.Scan() {
			if name, ok := strings.CutPrefix(sc.Text(), "event: "); ok {
				events <- name
			}
		}
		close(events)
	}()
	if got := <-events; got != "hello" {
		t.Fatalf("first event %q", got)
	}
	return s, e, events
}

// testServer is the event stream's route on a bare Echo, as the server
// mounts it, with the hub it subscribes to.
type testServer struct {
	live *hub
	e    *echo.Echo
}

func newTestServer(st *storage.Store) *testServer {
	kit := &web.Kit{Store: st, Log: slog.New(slog.DiscardHandler), Now: time.Now}
	h := New(kit)
	e := echo.New()
	e.HTTPErrorHandler = kit.HandleError
	e.GET("/events/:id/live", h.EventStream)
	return &testServer{live: h.hub, e: e}
}

func (s *testServer) Handler() http.Handler { return s.e }
