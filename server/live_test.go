package server_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/tenkaichi-org/tenkaichi/server"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
	"golang.org/x/crypto/bcrypt"
)

var liveOrg = storage.Actor{Name: "org"}

// liveEvent stores a running event with n players and round 1 paired
// (1v2 at table 1, 3v4 at table 2...), not yet published.
func liveEvent(t *testing.T, st *storage.Store, name string, n int) (*storage.Event, []storage.Entry) {
	t.Helper()
	ctx := context.Background()
	// An account exists, so the first-run setup page is out of the way.
	if err := accounts.New(st).CreateUser(ctx, &storage.User{Username: "org-" + strings.ToLower(name), PasswordHash: "-", Role: storage.RoleOrganiser}); err != nil {
		t.Fatal(err)
	}
	e := &storage.Event{Name: name, Game: "fusion-world", Format: "fw-standard", Status: storage.StatusRunning,
		StartsOn: time.Date(2026, 12, 12, 0, 0, 0, 0, time.UTC), RoundMinutes: 35, TopCutBestOf: 3, Seed: 42}
	if err := st.CreateEvent(ctx, liveOrg, e); err != nil {
		t.Fatal(err)
	}
	var es []storage.Entry
	for i := 0; i < n; i++ {
		en := storage.Entry{EventID: e.ID, PlayerName: string(rune('A'+i)) + "ya " + name, TokenHash: name + "-" + string(rune('a'+i))}
		if err := st.RegisterEntry(ctx, liveOrg, &en); err != nil {
			t.Fatal(err)
		}
		es = append(es, en)
	}
	var nm []storage.NewMatch
	for i := 0; i+1 < n; i += 2 {
		table, p2 := i/2+1, es[i+1].ID
		nm = append(nm, storage.NewMatch{TableNo: &table, P1: es[i].ID, P2: &p2})
	}
	if n%2 == 1 {
		nm = append(nm, storage.NewMatch{P1: es[n-1].ID})
	}
	if _, err := st.CreateRound(ctx, liveOrg, e.ID, 1, storage.KindSwiss, 35*time.Minute, nm); err != nil {
		t.Fatal(err)
	}
	return e, es
}

func publishRound(t *testing.T, st *storage.Store, eventID int64, n int) {
	t.Helper()
	if err := st.PublishRound(context.Background(), liveOrg, eventID, n); err != nil {
		t.Fatal(err)
	}
}

// roundMatches returns the matches of round n.
func roundMatches(t *testing.T, st *storage.Store, eventID int64, n int) []storage.Match {
	t.Helper()
	r, err := st.RoundByNumber(context.Background(), eventID, n)
	if err != nil {
		t.Fatal(err)
	}
	ms, err := st.Matches(context.Background(), r.ID)
	if err != nil {
		t.Fatal(err)
	}
	return ms
}

type sseEvent struct {
	Name string
	Data struct {
		Event       int64  `json:"event"`
		Topic       string `json:"topic"`
		ServerNowMS int64  `json:"server_now_ms"`
	}
}

// sse opens an event stream and returns its events as they arrive. The
// stream is closed when the test ends.
func sse(t *testing.T, url string) <-chan sseEvent {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/event-stream") {
		res.Body.Close()
		t.Fatalf("GET %s: %d %s", url, res.StatusCode, res.Header.Get("Content-Type"))
	}
	out := make(chan sseEvent, 64)
	go func() {
		defer res.Body.Close()
		defer close(out)
		sc := bufio.NewScanner(res.Body)
		var ev sseEvent
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "event: "):
				ev.Name = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: "):
				_ = json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &ev.Data)
			case line == "" && ev.Name != "":
				out <- ev
				ev = sseEvent{}
			}
		}
	}()
	return out
}

// expectSSE waits for the next event that is not a heartbeat and checks it.
func expectSSE(t *testing.T, ch <-chan sseEvent, topic string, eventID int64) sseEvent {
	t.Helper()
	timeout := time.After(10 * time.Second)
	for {
		select {
		case ev, ok := <-ch:
			if !ok {
				t.Fatalf("stream closed while waiting for %q", topic)
			}
			if ev.Name == "heartbeat" {
				continue
			}
			if ev.Name != topic || ev.Data.Topic != topic || ev.Data.Event != eventID {
				t.Fatalf("got event %q %+v, want %q for event %d", ev.Name, ev.Data, topic, eventID)
			}
			return ev
		case <-timeout:
			t.Fatalf("no %q event within 10 s", topic)
		}
	}
}

// expectQuiet checks nothing but heartbeats arrives for a moment.
func expectQuiet(t *testing.T, ch <-chan sseEvent, d time.Duration) {
	t.Helper()
	timeout := time.After(d)
	for {
		select {
		case ev := <-ch:
			if ev.Name != "heartbeat" {
				t.Fatalf("unexpected event %q %+v", ev.Name, ev.Data)
			}
		case <-timeout:
			return
		}
	}
}

func TestLiveStreamDeliversNotices(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	ctx := context.Background()
	e, es := liveEvent(t, a.store, "Cup", 4)
	other, _ := liveEvent(t, a.store, "Other", 2)

	ch := sse(t, a.srv.URL+"/events/"+itoa64(e.ID)+"/live")
	hello := expectSSE(t, ch, "hello", e.ID)
	if d := time.Since(time.UnixMilli(hello.Data.ServerNowMS)); d < -time.Minute || d > time.Minute {
		t.Fatalf("hello server time is off by %v", d)
	}

	publishRound(t, a.store, e.ID, 1)
	expectSSE(t, ch, "pairings", e.ID)

	m := roundMatches(t, a.store, e.ID, 1)[0]
	if _, _, err := a.store.ReportResult(ctx, e.ID, m.ID, es[0].ID, storage.ResultInput{Result: storage.ResultP1}); err != nil {
		t.Fatal(err)
	}
	expectSSE(t, ch, "results", e.ID)

	if _, err := a.store.ChangeClock(ctx, liveOrg, e.ID, 1, storage.ClockStart, 0); err != nil {
		t.Fatal(err)
	}
	expectSSE(t, ch, "clock", e.ID)

	// Another event's changes stay on that event's streams.
	publishRound(t, a.store, other.ID, 1)
	expectQuiet(t, ch, 500*time.Millisecond)
}

func TestLiveStreamHidesDrafts(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	e := &storage.Event{Name: "Secret", Game: "fusion-world", Format: "fw-standard",
		StartsOn: time.Date(2026, 12, 12, 0, 0, 0, 0, time.UTC), RoundMinutes: 35, TopCutBestOf: 3}
	if err := a.store.CreateEvent(context.Background(), liveOrg, e); err != nil {
		t.Fatal(err)
	}
	if e.Status != storage.StatusDraft {
		t.Fatalf("status %q", e.Status)
	}
	anon := a.browser()
	for _, p := range []string{"/live", "/clock", "/projector"} {
		expectStatus(t, "anonymous "+p, anon.get("/events/"+itoa64(e.ID)+p), http.StatusNotFound)
	}
	expectStatus(t, "organiser clock", org.get("/events/"+itoa64(e.ID)+"/clock"), http.StatusOK)
	expectStatus(t, "organiser projector", org.get("/events/"+itoa64(e.ID)+"/projector"), http.StatusOK)
	expectStatus(t, "no such event", anon.get("/events/999999/live"), http.StatusNotFound)
}

// A visitor's stream ends when the event goes back to draft; the next
// connection is refused.
func TestLiveStreamEndsWhenEventBecomesDraft(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	ctx := context.Background()
	e, _ := liveEvent(t, a.store, "Cup", 2)
	ch := sse(t, a.srv.URL+"/events/"+itoa64(e.ID)+"/live")
	expectSSE(t, ch, "hello", e.ID)
	ev, _ := a.store.EventByID(ctx, e.ID)
	ev.Venue = "Capsule Corp"
	if err := a.store.UpdateEvent(ctx, liveOrg, ev); err != nil {
		t.Fatal(err)
	}
	expectSSE(t, ch, "event", e.ID) // still public: told, not cut off
	ev.Status = storage.StatusDraft
	if err := a.store.UpdateEvent(ctx, liveOrg, ev); err != nil {
		t.Fatal(err)
	}
	timeout := time.After(10 * time.Second)
	for open := true; open; {
		select {
		case got, ok := <-ch:
			if ok && got.Name != "heartbeat" {
				t.Fatalf("the stream of a draft went on with %q", got.Name)
			}
			open = ok
		case <-timeout:
			t.Fatal("the stream stayed open after the event became a draft")
		}
	}
	expectStatus(t, "reconnecting to a draft", a.browser().get("/events/"+itoa64(e.ID)+"/live"), http.StatusNotFound)
}

// clockReply is the JSON of GET /events/:id/clock.
type clockReply struct {
	ServerNowMS int64  `json:"server_now_ms"`
	Round       int    `json:"round"`
	State       string `json:"state"`
	RemainingMS int64  `json:"remaining_ms"`
	LengthMS    int64  `json:"length_ms"`
}

func getClock(t *testing.T, b *browser, path string) clockReply {
	t.Helper()
	r := b.get(path)
	expectStatus(t, "GET "+path, r, http.StatusOK)
	var c clockReply
	if err := json.Unmarshal([]byte(r.body), &c); err != nil {
		t.Fatalf("clock JSON %q: %v", r.body, err)
	}
	return c
}

func TestLiveClockJSON(t *testing.T) {
	t.Parallel()
	st := storagetest.New(t)
	now := time.Date(2026, 12, 12, 10, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	st.SetClock(clock)
	hs := httptest.NewServer(server.New(server.Config{Store: st, BcryptCost: bcrypt.MinCost, Now: clock}).Handler())
	t.Cleanup(hs.Close)
	b := (&app{t: t, store: st, srv: hs}).browser()
	ctx := context.Background()
	e, _ := liveEvent(t, st, "Clock", 4)
	path := "/events/" + itoa64(e.ID) + "/clock"
	const length = 35 * 60 * 1000

	// Round 1 is only a preview: players see no round yet.
	if c := getClock(t, b, path); c.Round != 0 || c.State != "none" || c.ServerNowMS != now.UnixMilli() {
		t.Fatalf("before publishing: %+v", c)
	}
	expectStatus(t, "preview round by number", b.get(path+"?round=1"), http.StatusNotFound)
	publishRound(t, st, e.ID, 1)
	if c := getClock(t, b, path); c.Round != 1 || c.State != "not-started" || c.RemainingMS != length || c.LengthMS != length {
		t.Fatalf("published, not started: %+v", c)
	}

	step := func(action storage.ClockAction, after time.Duration) {
		t.Helper()
		if _, err := st.ChangeClock(ctx, liveOrg, e.ID, 1, action, 0); err != nil {
			t.Fatal(err)
		}
		now = now.Add(after)
	}
	step(storage.ClockStart, 5*time.Minute)
	if c := getClock(t, b, path); c.State != "running" || c.RemainingMS != length-5*60*1000 || c.ServerNowMS != now.UnixMilli() {
		t.Fatalf("running 5 minutes: %+v", c)
	}
	step(storage.ClockPause, 10*time.Minute) // paused time does not count
	if c := getClock(t, b, path); c.State != "paused" || c.RemainingMS != length-5*60*1000 {
		t.Fatalf("paused: %+v", c)
	}
	step(storage.ClockResume, 90*time.Second)
	if c := getClock(t, b, path+"?round=1"); c.Round != 1 || c.State != "running" || c.RemainingMS != length-5*60*1000-90*1000 {
		t.Fatalf("resumed 90 s: %+v", c)
	}
	now = now.Add(40 * time.Minute) // past time: negative, pages show 0:00
	if c := getClock(t, b, path); c.RemainingMS >= 0 {
		t.Fatalf("after time: %+v", c)
	}
	expectStatus(t, "no round 7", b.get(path+"?round=7"), http.StatusNotFound)
	expectStatus(t, "bad round", b.get(path+"?round=x"), http.StatusNotFound)
}

// TestLiveServeEndsStreams: a running server shuts down promptly with live
// streams open (they never go idle, so Shutdown alone would wait them out).
func TestLiveServeEndsStreams(t *testing.T) {
	t.Parallel()
	st := storagetest.New(t)
	s := server.New(server.Config{Store: st, BcryptCost: bcrypt.MinCost})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx, ln) }()
	e, _ := liveEvent(t, st, "Serve", 2)
	base := "http://" + ln.Addr().String()
	ch := sse(t, base+"/events/"+itoa64(e.ID)+"/live")
	expectSSE(t, ch, "hello", e.ID)
	// Serve's own listener (PostgreSQL) or hook (SQLite) delivers too.
	publishRound(t, st, e.ID, 1)
	expectSSE(t, ch, "pairings", e.ID)

	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Serve: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Serve did not return within 10 s with a live stream open")
	}
	for range ch { // the stream ends
	}
}

// TestLiveTwoInstances: two servers on one PostgreSQL database; a report made
// through instance A reaches a live stream served by instance B.
func TestLiveTwoInstances(t *testing.T) {
	t.Parallel()
	if storagetest.Backend() != "postgres" {
		t.Skip("instances share live updates through PostgreSQL LISTEN/NOTIFY; SQLite is one process")
	}
	cfg := storagetest.Config(t)
	open := func() *storage.Store {
		st, err := storage.Open(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = st.Close() })
		return st
	}
	stA, stB := open(), open()
	if _, err := stA.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	a := &app{t: t, store: stA, srv: httptest.NewServer(server.New(server.Config{Store: stA, BcryptCost: bcrypt.MinCost}).Handler())}
	b := &app{t: t, store: stB, srv: httptest.NewServer(server.New(server.Config{Store: stB, BcryptCost: bcrypt.MinCost}).Handler())}
	t.Cleanup(a.srv.Close)
	t.Cleanup(b.srv.Close)

	e, es := liveEvent(t, stA, "Twin", 4)
	onB := sse(t, b.srv.URL+"/events/"+itoa64(e.ID)+"/live")
	expectSSE(t, onB, "hello", e.ID)
	onA := sse(t, a.srv.URL+"/events/"+itoa64(e.ID)+"/live")
	expectSSE(t, onA, "hello", e.ID)

	publishRound(t, stA, e.ID, 1)
	expectSSE(t, onB, "pairings", e.ID)
	expectSSE(t, onA, "pairings", e.ID)

	// A player's report through instance A's store reaches B's stream, and B
	// serves the new state (the clock lives in the database too).
	m := roundMatches(t, stA, e.ID, 1)[0]
	if _, _, err := stA.ReportResult(context.Background(), e.ID, m.ID, es[0].ID, storage.ResultInput{Result: storage.ResultP1}); err != nil {
		t.Fatal(err)
	}
	expectSSE(t, onB, "results", e.ID)
	if _, err := stA.ChangeClock(context.Background(), liveOrg, e.ID, 1, storage.ClockStart, 0); err != nil {
		t.Fatal(err)
	}
	expectSSE(t, onB, "clock", e.ID)
	if c := getClock(t, b.browser(), "/events/"+itoa64(e.ID)+"/clock"); c.State != "running" || c.Round != 1 {
		t.Fatalf("clock on instance B: %+v", c)
	}
}

func itoa64(n int64) string { return strconv.FormatInt(n, 10) }

// TestLiveCountdownInBrowser: on a phone whose clock is five minutes fast,
// the projector's countdown ticks, agrees with the server within a second,
// follows a pause and a new round without a reload, and shows time up. The
// server and the phone share a test clock, which the test moves.
func TestLiveCountdownInBrowser(t *testing.T) {
	t.Parallel()
	a, clock := newClockedApp(t)
	st := a.store
	ctx := context.Background()
	e, _ := liveEvent(t, st, "Clockwork", 4)
	publishRound(t, st, e.ID, 1)
	if _, err := st.ChangeClock(ctx, liveOrg, e.ID, 1, storage.ClockStart, 0); err != nil {
		t.Fatal(err)
	}
	eid := itoa64(e.ID)
	b := a.browser()

	bctx := phone(t)
	clock.follow(t, bctx, 5*time.Minute)
	err := chromedp.Do(bctx,
		chromedp.Navigate(a.srv.URL+"/events/"+eid+"/projector"),
		chromedp.WaitVisible(chromedp.CSS(`time.countdown[data-synced]`)),
	)
	if err != nil {
		t.Fatal(err)
	}
	shown := func() (string, int64) {
		t.Helper()
		s, err := chromedp.Run(bctx, chromedp.Evaluate[string](`document.querySelector("time.countdown").textContent`))
		if err != nil {
			t.Fatal(err)
		}
		var m, sec int64
		if _, err := fmt.Sscanf(s, "%d:%d", &m, &sec); err != nil {
			t.Fatalf("countdown text %q", s)
		}
		return s, m*60 + sec
	}
	wait := func(what, js string) {
		t.Helper()
		wctx, cancel := context.WithTimeout(bctx, 10*time.Second)
		defer cancel()
		if _, err := chromedp.Run(wctx, chromedp.Poll[bool](js, chromedp.WithPollingInterval(100*time.Millisecond))); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	// agree reads the page and the server's clock together.
	agree := func(what string) int64 {
		t.Helper()
		before := getClock(t, b, "/events/"+eid+"/clock")
		text, secs := shown()
		after := getClock(t, b, "/events/"+eid+"/clock")
		hi, lo := (before.RemainingMS+999)/1000, (after.RemainingMS+999)/1000
		if secs > hi+1 || secs < lo-1 {
			t.Fatalf("%s: page shows %s, server has %d..%d s left", what, text, lo, hi)
		}
		return secs
	}
	first := agree("after load")
	clock.advance(t, 2500*time.Millisecond)
	wait("the next tick", `document.querySelector("time.countdown").textContent !== `+jsString(shownText(first)))
	second := agree("2.5 s later")
	if d := first - second; d < 2 || d > 3 {
		t.Fatalf("countdown went from %d to %d s in 2.5 s", first, second)
	}

	if _, err := st.ChangeClock(ctx, liveOrg, e.ID, 1, storage.ClockPause, 0); err != nil {
		t.Fatal(err)
	}
	wait("paused on the page", `document.querySelector("time.countdown").dataset.state === "paused"`)
	paused := agree("paused")
	clock.advance(t, 1500*time.Millisecond)
	time.Sleep(600 * time.Millisecond) // two of the page's ticks (every 250 ms)
	if _, again := shown(); again != paused {
		t.Fatalf("a paused countdown moved from %d to %d", paused, again)
	}

	// A new round is published: the page swaps itself to it.
	one, two := 1, 2
	es, _ := st.Entries(ctx, e.ID)
	if _, err := st.CreateRound(ctx, liveOrg, e.ID, 2, storage.KindSwiss, 35*time.Minute, []storage.NewMatch{
		{TableNo: &one, P1: es[0].ID, P2: &es[2].ID}, {TableNo: &two, P1: es[1].ID, P2: &es[3].ID},
	}); err != nil {
		t.Fatal(err)
	}
	publishRound(t, st, e.ID, 2)
	wait("round 2 shown", `document.querySelector("[data-testid=projector-round]").textContent === "Round 2" && document.querySelector("time.countdown").dataset.round === "2"`)
	if got := text(t, bctx, "time.countdown"); got != "35:00" {
		t.Fatalf("round 2 not started: %q", got)
	}

	// Time runs out: 0:00 and "Time!".
	if _, err := st.ChangeClock(ctx, liveOrg, e.ID, 2, storage.ClockStart, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := st.ChangeClock(ctx, liveOrg, e.ID, 2, storage.ClockAdd, -35*time.Minute+2*time.Second); err != nil {
		t.Fatal(err)
	}
	wait("2 s left", `document.querySelector("time.countdown").textContent === "0:02"`)
	clock.advance(t, 2*time.Second)
	wait("time up", `document.querySelector("time.countdown").textContent === "0:00" && (document.querySelector(".countdown-note") || {}).textContent === "Time!"`)
	noSideScroll(t, bctx, "projector")
}

// shownText is a countdown's text for a number of seconds (m:ss).
func shownText(secs int64) string { return fmt.Sprintf("%d:%02d", secs/60, secs%60) }
