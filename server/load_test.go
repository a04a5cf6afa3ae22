package server

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/server/live"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
	"github.com/tenkaichi-org/tenkaichi/storage/instance"
	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
	vegeta "github.com/tsenart/vegeta/v12/lib"
)

// TestLoadEndOfRound is the load benchmark of docs/performance.md. It runs
// only when asked, on the backend of the test run (SQLite by default):
//
//	TENKAICHI_LOAD=1 go test ./server/ -run TestLoadEndOfRound -v -timeout 20m
//	TENKAICHI_LOAD=1 TENKAICHI_TEST_DB=postgres TEST_DATABASE_URL=postgres://... \
//	  go test ./server/ -run TestLoadEndOfRound -v -timeout 20m
//
// It builds the real binary and runs `tenkaichi serve` as its own process
// (so its memory is the server's alone), seeds a running event of
// TENKAICHI_LOAD_PLAYERS players (1,000) with round 1 published and its
// clock running, opens each player's live-update stream (GET /p/{token}/live,
// as the player's page does on a phone), and then, with
// vegeta, each step lasting TENKAICHI_LOAD_SECONDS (3):
//
//   - the player page (GET /p/{token}, every player in turn), the public
//     standings page and the projector: as many requests as
//     TENKAICHI_LOAD_WORKERS (50) clients can get answered (the capacity),
//     then at fixed offered rates (1,000/s for the player page, 500/s for
//     the others) for the latencies, with at most one request in flight per
//     player (a phone waits for its page); each beside a bare Echo handler
//     that returns a 6 KB page, measured the same way in the same run;
//   - every organiser's and judge's page (staffPages), signed in as the
//     organiser, two clients at a time, each beside the bare handler asked
//     the same way: rate, latencies, size and the server's peak RSS;
//   - reports: every player reports (POST /p/{token}/report) at
//     TENKAICHI_LOAD_REPORT_RATE a second (500), in random order, so half of
//     them confirm the opponent's report;
//   - the player page again, now with a standing to show.
//
// It prints throughput, latency percentiles, errors, the server's memory,
// the CPU time the server and PostgreSQL used per request in the capacity
// steps and the reports (steadier than latencies on a shared machine) and
// the load average, and checks what must hold whatever the speed: no errors,
// every match confirmed, every stream still open and told about its own match.
func TestLoadEndOfRound(t *testing.T) {
	if os.Getenv("TENKAICHI_LOAD") != "1" {
		t.Skip("load benchmark: set TENKAICHI_LOAD=1")
	}
	players := envInt("TENKAICHI_LOAD_PLAYERS", 1000)
	step := time.Duration(envInt("TENKAICHI_LOAD_SECONDS", 3)) * time.Second
	workers := envInt("TENKAICHI_LOAD_WORKERS", 50)
	ctx := context.Background()
	t.Logf("backend %s, %d players, load average at start: %s", storagetest.Backend(), players, loadAverage())

	bin := filepath.Join(t.TempDir(), "tenkaichi")
	build := exec.Command("go", "build", "-o", bin, "../cmd/tenkaichi")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}

	cfg := storagetest.Config(t)
	st := storagetest.Open(t, cfg)
	seedStart := time.Now()
	ev, tokens, matchOf, sideOf := seedLoadEvent(t, st, players)
	t.Logf("seeded %d players, %d matches in %v", players, len(matchOf)/2, time.Since(seedStart).Round(time.Millisecond))

	// The server, as operators run it.
	addr := freeAddr(t)
	var serverLog bytes.Buffer
	level := "warn"
	// TENKAICHI_LOAD_SERVER_LOG=FILE keeps the server's request log (with
	// each request's duration as the server saw it) in FILE.
	var logFile *os.File
	if path := os.Getenv("TENKAICHI_LOAD_SERVER_LOG"); path != "" {
		var err error
		if logFile, err = os.Create(path); err != nil {
			t.Fatal(err)
		}
		defer logFile.Close()
		level = "info"
	}
	args := []string{"serve", "--addr", addr, "--log-level", level}
	// TENKAICHI_LOAD_PPROF=DIR takes a CPU profile of the server during each
	// capacity step of its pages, into DIR/<step>.pprof.
	profDir, profAddr := os.Getenv("TENKAICHI_LOAD_PPROF"), ""
	if profDir != "" {
		if err := os.MkdirAll(profDir, 0o755); err != nil {
			t.Fatal(err)
		}
		profAddr = freeAddr(t)
		args = append(args, "--pprof", profAddr)
	}
	env := withoutEnv(os.Environ(), "DATABASE_URL", "TENKAICHI_DATA")
	if cfg.DatabaseURL != "" {
		env = append(env, "DATABASE_URL="+cfg.DatabaseURL)
	} else {
		args = append(args, "--data", filepath.Dir(cfg.SQLitePath))
	}
	// TENKAICHI_LOAD_SERVER_GOGC=N runs the server (only) with GOGC=N, to
	// see what its garbage collections cost the answers.
	if v := os.Getenv("TENKAICHI_LOAD_SERVER_GOGC"); v != "" {
		env = append(withoutEnv(env, "GOGC"), "GOGC="+v)
	}
	// TENKAICHI_LOAD_SERVER_GOMEMLIMIT=N runs it with Go's soft memory
	// limit (GOMEMLIMIT, e.g. 120MiB), to see what a bounded heap costs.
	if v := os.Getenv("TENKAICHI_LOAD_SERVER_GOMEMLIMIT"); v != "" {
		env = append(withoutEnv(env, "GOMEMLIMIT"), "GOMEMLIMIT="+v)
	}
	cmd := exec.Command(bin, args...)
	cmd.Env = env
	cmd.Stdout, cmd.Stderr = &serverLog, &serverLog
	if logFile != nil {
		cmd.Stdout, cmd.Stderr = logFile, logFile
	}
	// If this test process dies (a pipe closed, a timeout), the server dies too.
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		_ = cmd.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			_ = cmd.Process.Kill()
			t.Error("server did not stop within 20 s of SIGINT")
		}
		if t.Failed() {
			t.Logf("server log:\n%s", serverLog.String())
		}
	}()
	base := "http://" + addr
	waitUp(t, base+"/healthz")
	rssStart := rss(t, cmd.Process.Pid)
	var peak atomic.Int64
	stopSampling := sampleRSS(t, cmd.Process.Pid, &peak)
	defer stopSampling()

	// The reference: a bare Echo handler returning a 6 KB page, in this
	// process, on the same machine at the same time.
	bare := startBareEcho(t)

	// Each player's own live-update stream, as their phone's page opens it.
	// TENKAICHI_LOAD_STREAMS=0 runs without them, to compare; with
	// TENKAICHI_LOAD_PUBLIC_STREAMS=1 they are the event's public stream
	// (/events/{id}/live, a projector's), woken by every result.
	nStreams := players
	if v, err := strconv.Atoi(os.Getenv("TENKAICHI_LOAD_STREAMS")); err == nil && v >= 0 {
		nStreams = v
	}
	eventURL := base + "/events/" + strconv.FormatInt(ev.ID, 10)
	streamURLs, streamTopic := make([]string, nStreams), live.TopicMine
	for i := range streamURLs {
		streamURLs[i] = base + "/p/" + tokens[i%players] + "/live"
		if os.Getenv("TENKAICHI_LOAD_PUBLIC_STREAMS") == "1" {
			streamURLs[i], streamTopic = eventURL+"/live", "results"
		}
	}
	streams := openStreams(t, streamURLs, streamTopic)
	defer streams.close()
	rssStreams := rss(t, cmd.Process.Pid)
	heapProfile(t, profAddr, filepath.Join(profDir, "heap-streams.pprof"))
	t.Logf("%d live streams open in %v; server RSS %s before, %s with them open",
		nStreams, streams.openedIn.Round(time.Millisecond), mib(rssStart), mib(rssStreams))

	var failed []string // steps with errors
	check := func(name string, m *vegeta.Metrics) {
		if m == nil || m.Success < 1 {
			failed = append(failed, name)
		}
	}
	getAll := func(urls ...string) []vegeta.Target {
		out := make([]vegeta.Target, len(urls))
		for i, u := range urls {
			out[i] = vegeta.Target{Method: http.MethodGet, URL: u}
		}
		return out
	}
	// Each phone has its CSRF cookie from its first visit, as a phone does.
	// It asks for gzip itself, as a browser does, so Go's client leaves the
	// page compressed: inflating it is the phone's work, and here it would
	// take the server's cores (the bare page is not compressed). It says
	// its languages as a phone's browser does (phoneLanguages).
	var pages []vegeta.Target
	for _, i := range rand.Perm(players) {
		pages = append(pages, vegeta.Target{Method: http.MethodGet, URL: base + "/p/" + tokens[i],
			Header: http.Header{"Cookie": {"tenkaichi_csrf=load-page-" + strconv.Itoa(i)}, "Accept-Encoding": {"gzip"},
				"Accept-Language": {phoneLanguages[i%len(phoneLanguages)]}}})
	}
	bareTargets := getAll(bare)
	// measure runs one page beside the bare handler: first the capacity
	// (workers clients, no pacing), then at each offered rate.
	measure := func(name string, targets []vegeta.Target, rates ...int) {
		t.Logf("-- %s (load average %s)", name, loadAverage())
		m := attackFor(t, name, bareTargets, vegeta.Rate{}, step, workers, players)
		report(t, "bare Echo, capacity", m)
		stopProfile := record(t, profAddr, "profile", filepath.Join(profDir, strings.ReplaceAll(name, " ", "-")+".pprof"), step)
		cpuBefore := cpuNow(cmd.Process.Pid)
		m = attackFor(t, name, targets, vegeta.Rate{}, step, workers, players)
		stopProfile()
		report(t, name+", capacity", m)
		t.Logf("%s, capacity: server RSS %s, peak so far %s", name, mib(rss(t, cmd.Process.Pid)), mib(procField(t, cmd.Process.Pid, "VmHWM:")))
		t.Logf("%s, capacity: %s", name, cpuNow(cmd.Process.Pid).perRequest(cpuBefore, m.Requests))
		check(name+", capacity", m)
		for _, r := range rates {
			m = attackFor(t, name, bareTargets, vegeta.Rate{Freq: r, Per: time.Second}, step, 0, players)
			report(t, fmt.Sprintf("bare Echo at %d/s", r), m)
			m = attackFor(t, name, targets, vegeta.Rate{Freq: r, Per: time.Second}, step, 0, players)
			report(t, fmt.Sprintf("%s at %d/s", name, r), m)
			check(fmt.Sprintf("%s at %d/s", name, r), m)
		}
	}

	// TENKAICHI_LOAD_ONLY_REPORTS=1 skips the page steps: the round's end
	// alone, for the many runs its p99 needs (about 15 seconds a run).
	onlyReports := os.Getenv("TENKAICHI_LOAD_ONLY_REPORTS") == "1"
	if onlyReports {
		measure = func(string, []vegeta.Target, ...int) {}
	}
	// Round 1 published, nothing reported yet: every phone loads its page.
	measure("player page", pages, 1000)
	measure("standings", getAll(eventURL+"/standings"), 500)
	measure("projector", getAll(eventURL+"/projector"), 500)
	// The organiser and a judge work the round meanwhile: each of their
	// pages, two at a time, beside the bare handler two at a time.
	staff := http.Header{"Cookie": {staffCookie(t, st)}}
	var staffSteps []staffPage
	if !onlyReports {
		staffSteps = staffPages(ev.ID, matchOf[0])
	}
	for _, p := range staffSteps {
		name := "staff " + p.name
		m := attackFor(t, name, bareTargets, vegeta.Rate{}, step, 2, 2)
		bareRate := m.Throughput
		m = attackFor(t, name, []vegeta.Target{{Method: http.MethodGet, URL: base + p.path, Header: staff}}, vegeta.Rate{}, step, 2, 2)
		t.Logf("%-34s %7.1f/s (bare Echo %7.1f/s, %.3f of it)  p50 %8v  p99 %8v  %6.0f KB  codes %v  peak RSS %s  load %s",
			name+":", m.Throughput, bareRate, m.Throughput/max(bareRate, 1), m.Latencies.P50.Round(100*time.Microsecond),
			m.Latencies.P99.Round(100*time.Microsecond), m.BytesIn.Mean/1024, m.StatusCodes,
			mib(procField(t, cmd.Process.Pid, "VmHWM:")), loadAverage())
		check(name, m)
	}

	// Reports: every player reports, in random order, so about half of the
	// reports confirm the opponent's.
	// TENKAICHI_LOAD_CONFIRM_LAST=1 sends every P1's report first and the
	// confirmations after them, as issue 31's driver did.
	var reports []vegeta.Target
	order := rand.Perm(players)
	if os.Getenv("TENKAICHI_LOAD_CONFIRM_LAST") == "1" {
		sort.SliceStable(order, func(a, b int) bool {
			return sideOf[order[a]] == storage.ResultP1 && sideOf[order[b]] != storage.ResultP1
		})
	}
	for _, i := range order {
		tok := tokens[i]
		result := "won"
		if sideOf[i] == storage.ResultP2 {
			result = "lost" // P1 wins every match: both players agree
		}
		csrf := "load-" + strconv.Itoa(i) + "-" + strconv.FormatUint(rand.Uint64(), 36)
		form := url.Values{"_csrf": {csrf}, "match": {strconv.FormatInt(matchOf[i], 10)}, "result": {result}}
		reports = append(reports, vegeta.Target{Method: http.MethodPost, URL: base + "/p/" + tok + "/report",
			Body: []byte(form.Encode()), Header: http.Header{
				"Content-Type": {"application/x-www-form-urlencoded"},
				"Cookie":       {"tenkaichi_csrf=" + csrf},
			}})
	}
	reportRate := envInt("TENKAICHI_LOAD_REPORT_RATE", 500)
	// The reference for the reports: as many requests to bare Echo at the
	// same rate, just before.
	bareReports := make([]vegeta.Target, len(reports))
	for i := range bareReports {
		bareReports[i] = bareTargets[0]
	}
	report(t, fmt.Sprintf("bare Echo at %d/s, before the reports", reportRate),
		attackOnce(t, "bare reports", bareReports, vegeta.Rate{Freq: reportRate, Per: time.Second}, players))
	t.Logf("-- reports at %s UTC (load average %s)", time.Now().UTC().Format("15:04:05.000"), loadAverage())
	heapProfile(t, profAddr, filepath.Join(profDir, "heap-before-reports.pprof"))
	reportsFor := time.Duration(len(reports)/reportRate+1) * time.Second
	stopProfile := record(t, profAddr, "profile", filepath.Join(profDir, "reports.pprof"), reportsFor)
	// TENKAICHI_LOAD_TRACE=1 also keeps the server's execution trace of the
	// step (DIR/reports.trace): what a slow report waited on, be it the
	// database, a lock or a garbage collection.
	stopTrace := func() {}
	if os.Getenv("TENKAICHI_LOAD_TRACE") == "1" {
		stopTrace = record(t, profAddr, "trace", filepath.Join(profDir, "reports.trace"), reportsFor)
	}
	cpuBefore := cpuNow(cmd.Process.Pid)
	stopWatch := watchPauses()
	m := attackOnce(t, "reports", reports, vegeta.Rate{Freq: reportRate, Per: time.Second}, players)
	t.Logf("reports: %s", stopWatch())
	stopProfile()
	stopTrace()
	report(t, fmt.Sprintf("reports at %d/s, POST", reportRate), m)
	t.Logf("reports: %s", cpuNow(cmd.Process.Pid).perRequest(cpuBefore, m.Requests))
	heapProfile(t, profAddr, filepath.Join(profDir, "heap-after-reports.pprof"))
	check("reports", m)

	// Let the last notices reach the streams, then check the outcome.
	time.Sleep(3 * time.Second)
	rounds, err := st.Rounds(ctx, ev.ID)
	if err != nil {
		t.Fatal(err)
	}
	ms, err := st.EventMatches(ctx, ev.ID, rounds)
	if err != nil {
		t.Fatal(err)
	}
	confirmed := 0
	for _, m := range ms[1] {
		if m.Status == storage.MatchConfirmed && m.Result == storage.ResultP1 {
			confirmed++
		}
	}
	open, told, events := streams.stats()
	t.Logf("matches confirmed: %d of %d; streams still open: %d of %d; streams told %q: %d; events written: %d",
		confirmed, len(ms[1]), open, nStreams, streamTopic, told, events)
	rssRound := rss(t, cmd.Process.Pid)

	// Every result is in: the page now shows each player's standing.
	measure("player page after results", pages, 1000)

	t.Logf("server RSS: %s at start, %s with %d streams, %s after the reports, peak sampled %s",
		mib(rssStart), mib(rssStreams), nStreams, mib(rssRound), mib(peak.Load()))
	if hwm := procField(t, cmd.Process.Pid, "VmHWM:"); hwm > 0 {
		t.Logf("server peak RSS (VmHWM): %s", mib(hwm))
	}
	heapProfile(t, profAddr, filepath.Join(profDir, "heap-end.pprof"))
	t.Logf("load average at the end: %s", loadAverage())

	if confirmed != len(ms[1]) {
		t.Errorf("%d matches confirmed, want %d", confirmed, len(ms[1]))
	}
	if open != int64(nStreams) {
		t.Errorf("%d streams open after the round, want %d", open, nStreams)
	}
	if told != int64(nStreams) {
		t.Errorf("%d streams got a %q event, want %d", told, streamTopic, nStreams)
	}
	if len(failed) > 0 {
		t.Errorf("steps with errors: %s", strings.Join(failed, "; "))
	}
}

// record fetches the server's profile of the given kind ("profile",
// "trace") over d into file, in the background; the returned function waits
// for it. It does nothing without a profiler address.
func record(t *testing.T, addr, kind, file string, d time.Duration) func() {
	if addr == "" {
		return func() {}
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		res, err := http.Get(fmt.Sprintf("http://%s/debug/pprof/%s?seconds=%d", addr, kind, int(d.Seconds())))
		if err != nil {
			t.Logf("%s: %v", kind, err)
			return
		}
		defer res.Body.Close()
		f, err := os.Create(file)
		if err != nil {
			t.Logf("%s: %v", kind, err)
			return
		}
		defer f.Close()
		_, _ = io.Copy(f, res.Body)
	}()
	return func() { <-done }
}

// heapProfile saves the server's heap profile into file, after a garbage
// collection so that it shows what is live at that moment (without a
// profiler address it does nothing).
func heapProfile(t *testing.T, addr, file string) {
	if addr == "" {
		return
	}
	res, err := http.Get("http://" + addr + "/debug/pprof/heap?gc=1")
	if err != nil {
		t.Logf("heap profile: %v", err)
		return
	}
	defer res.Body.Close()
	f, err := os.Create(file)
	if err != nil {
		t.Logf("heap profile: %v", err)
		return
	}
	defer f.Close()
	_, _ = io.Copy(f, res.Body)
	// The runtime's own figures beside it (stacks, heap kept, released).
	if res, err := http.Get("http://" + addr + "/debug/pprof/heap?debug=1"); err == nil {
		defer res.Body.Close()
		if txt, err := os.Create(file + ".txt"); err == nil {
			defer txt.Close()
			_, _ = io.Copy(txt, res.Body)
		}
	}
}

// startBareEcho serves a 6 KB page from a bare Echo handler, the
// reference every step is measured beside, and returns its address.
func startBareEcho(t testing.TB) string {
	t.Helper()
	e := bareEcho()
	addr := freeAddr(t)
	srv := &http.Server{Addr: addr, Handler: e}
	go func() { _ = srv.ListenAndServe() }()
	t.Cleanup(func() { _ = srv.Close() })
	waitUp(t, "http://"+addr+"/")
	return "http://" + addr + "/"
}

// bareEcho is the reference: Echo with no middleware, serving a 6 KB page
// at "/".
func bareEcho() *echo.Echo {
	page := []byte("<!doctype html><html><head><title>bare</title></head><body>" +
		strings.Repeat("<p>Table 12 · Player 0001 vs Player 0002</p>\n", 200)[:6*1024-80] + "</body></html>")
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	e.GET("/", func(c echo.Context) error { return c.HTMLBlob(http.StatusOK, page) })
	return e
}

func freeAddr(t testing.TB) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

func withoutEnv(env []string, names ...string) []string {
	var out []string
next:
	for _, kv := range env {
		for _, n := range names {
			if strings.HasPrefix(kv, n+"=") {
				continue next
			}
		}
		out = append(out, kv)
	}
	return out
}

// loadAverage is the machine's 1, 5 and 15 minute load averages.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "?"
	}
	return strings.Join(f[:3], " ")
}

func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}

// seedLoadEvent stores a running event with n players (with their phone
// links) and round 1 published and on the clock. It returns each player's
// link token, match id and side.
func seedLoadEvent(t testing.TB, st *storage.Store, n int) (*storage.Event, []string, []int64, []string) {
	t.Helper()
	ctx := context.Background()
	org := storage.Actor{Name: "load"}
	if err := accounts.New(st).CreateFirstUser(ctx, &storage.User{Username: "load", PasswordHash: "-", Role: storage.RoleOrganiser}); err != nil {
		t.Fatal(err)
	}
	e := &storage.Event{Name: "Load Championship", Game: "fusion-world", Format: "fw-standard", Status: storage.StatusRunning,
		StartsOn: time.Date(2026, 12, 12, 0, 0, 0, 0, time.UTC), RoundMinutes: 35, TopCutBestOf: 3, Seed: 7}
	if err := st.CreateEvent(ctx, org, e); err != nil {
		t.Fatal(err)
	}
	key, err := instance.New(st).Secret(ctx, web.LinkKeyName)
	if err != nil {
		t.Fatal(err)
	}
	tokens := make([]string, n)
	ids := make([]int64, n)
	for i := range n {
		en := &storage.Entry{EventID: e.ID, PlayerName: fmt.Sprintf("Player %04d", i+1), TokenHash: "pending:" + web.NewToken(), EnteredRound: 1}
		if err := st.CreateEntry(ctx, org, en); err != nil {
			t.Fatal(err)
		}
		tokens[i] = web.PlayerToken(key, en.ID, en.TokenGeneration)
		if err := st.SetEntryTokenHash(ctx, en.ID, en.TokenGeneration, web.HashToken(tokens[i])); err != nil {
			t.Fatal(err)
		}
		ids[i] = en.ID
	}
	var nm []storage.NewMatch
	for i := 0; i+1 < n; i += 2 {
		table, p2 := i/2+1, ids[i+1]
		nm = append(nm, storage.NewMatch{TableNo: &table, P1: ids[i], P2: &p2})
	}
	if n%2 == 1 {
		nm = append(nm, storage.NewMatch{P1: ids[n-1]})
	}
	r, err := st.CreateRound(ctx, org, e.ID, 1, storage.KindSwiss, 35*time.Minute, nm)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.PublishRound(ctx, org, e.ID, 1); err != nil {
		t.Fatal(err)
	}
	if _, err := st.ChangeClock(ctx, org, e.ID, 1, storage.ClockStart, 0); err != nil {
		t.Fatal(err)
	}
	ms, err := st.Matches(ctx, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	index := map[int64]int{}
	for i, id := range ids {
		index[id] = i
	}
	matchOf, sideOf := make([]int64, n), make([]string, n)
	for _, m := range ms {
		if m.P2EntryID == nil {
			t.Fatal("the load event has an odd number of players: use an even TENKAICHI_LOAD_PLAYERS")
		}
		matchOf[index[m.P1EntryID]], sideOf[index[m.P1EntryID]] = m.ID, storage.ResultP1
		matchOf[index[*m.P2EntryID]], sideOf[index[*m.P2EntryID]] = m.ID, storage.ResultP2
	}
	return e, tokens, matchOf, sideOf
}

func waitUp(t testing.TB, u string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		res, err := http.Get(u)
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("server did not answer %s within 30 s", u)
}

// attackOnce runs the targets in order at the rate, once each.
// Redirects are not followed: a report answers 303.
func attackOnce(t *testing.T, name string, targets []vegeta.Target, rate vegeta.Rate, clients int) *vegeta.Metrics {
	t.Helper()
	var next atomic.Int64
	targeter := func(tgt *vegeta.Target) error {
		i := next.Add(1) - 1
		if i >= int64(len(targets)) {
			return vegeta.ErrNoTargets
		}
		*tgt = targets[i]
		return nil
	}
	atk := vegeta.NewAttacker(vegeta.Redirects(vegeta.NoFollow), vegeta.Timeout(30*time.Second), vegeta.MaxWorkers(uint64(clients)))
	var sent []*vegeta.Result
	results := make(chan *vegeta.Result)
	go func() {
		defer close(results)
		for res := range atk.Attack(targeter, rate, 0, name) {
			if res.Error != vegeta.ErrNoTargets.Error() { // the end of the list, not a request
				sent = append(sent, res)
			}
			results <- res
		}
	}()
	m := collect(results)
	t.Logf("%s, by when sent: %s", name, timeline(sent, 250*time.Millisecond))
	return m
}

// timeline is the requests' slowest answers by when they were sent, one
// slice of the step at a time: it tells a slow start from slowness spread
// over the step.
func timeline(results []*vegeta.Result, slice time.Duration) string {
	if len(results) == 0 {
		return "no requests"
	}
	start := results[0].Timestamp
	for _, r := range results {
		if r.Timestamp.Before(start) {
			start = r.Timestamp
		}
	}
	var slowest []time.Duration
	var counts []int
	for _, r := range results {
		i := int(r.Timestamp.Sub(start) / slice)
		for len(slowest) <= i {
			slowest, counts = append(slowest, 0), append(counts, 0)
		}
		slowest[i], counts[i] = max(slowest[i], r.Latency), counts[i]+1
	}
	var b strings.Builder
	for i := range slowest {
		fmt.Fprintf(&b, "%.2fs %d max %v; ", (time.Duration(i) * slice).Seconds(), counts[i], slowest[i].Round(time.Millisecond))
	}
	return b.String()
}

// attackFor cycles through the targets for d: at the rate, or with a zero
// rate as fast as the given number of workers get answers (each waits for
// its answer before it asks again), which is the capacity. At a rate there
// are at most clients requests in flight (one per phone: a phone waits for
// its page before it asks again).
func attackFor(t *testing.T, name string, targets []vegeta.Target, rate vegeta.Rate, d time.Duration, workers, clients int) *vegeta.Metrics {
	t.Helper()
	var next atomic.Int64
	targeter := func(tgt *vegeta.Target) error {
		*tgt = targets[(next.Add(1)-1)%int64(len(targets))]
		return nil
	}
	opts := []func(*vegeta.Attacker){vegeta.Redirects(vegeta.NoFollow), vegeta.Timeout(30 * time.Second)}
	if workers > 0 {
		opts = append(opts, vegeta.Workers(uint64(workers)), vegeta.MaxWorkers(uint64(workers)))
	} else {
		opts = append(opts, vegeta.MaxWorkers(uint64(clients)))
	}
	return collect(vegeta.NewAttacker(opts...).Attack(targeter, rate, d, name))
}

func collect(results <-chan *vegeta.Result) *vegeta.Metrics {
	m := &vegeta.Metrics{}
	for res := range results {
		if res.Error == vegeta.ErrNoTargets.Error() {
			continue // the end of the list, not a request
		}
		m.Add(res)
	}
	m.Close()
	return m
}

func report(t *testing.T, name string, m *vegeta.Metrics) {
	t.Helper()
	if m == nil {
		t.Errorf("%s: no results", name)
		return
	}
	t.Logf("%-34s requests %6d  rate %7.1f/s  throughput %7.1f/s  p50 %8v  p99 %8v  max %8v  success %.2f%%  codes %v  errors %d",
		name+":", m.Requests, m.Rate, m.Throughput, m.Latencies.P50.Round(10*time.Microsecond),
		m.Latencies.P99.Round(10*time.Microsecond), m.Latencies.Max.Round(10*time.Microsecond), m.Success*100, m.StatusCodes, len(m.Errors))
	for i, e := range m.Errors {
		if i == 5 {
			t.Logf("  and %d more errors", len(m.Errors)-i)
			break
		}
		t.Logf("  error: %s", e)
	}
}

// streams are the players' open live-update connections.
type streams struct {
	cancel   context.CancelFunc
	wg       sync.WaitGroup
	open     atomic.Int64
	told     atomic.Int64 // streams that got the topic looked for
	events   atomic.Int64
	openedIn time.Duration
}

// openStreams opens a live-update stream at each address and counts the
// streams that get an event of topic.
func openStreams(t *testing.T, urls []string, topic string) *streams {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	s := &streams{cancel: cancel}
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: -1, DisableCompression: true}}
	start := time.Now()
	hello := make(chan error, len(urls))
	for _, u := range urls {
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
			res, err := client.Do(req)
			if err != nil {
				hello <- err
				return
			}
			defer res.Body.Close()
			if res.StatusCode != http.StatusOK {
				hello <- fmt.Errorf("status %d", res.StatusCode)
				return
			}
			sc := bufio.NewScanner(res.Body)
			said, told := false, false
			for sc.Scan() {
				line := sc.Text()
				if !strings.HasPrefix(line, "event: ") {
					continue
				}
				s.events.Add(1)
				switch strings.TrimPrefix(line, "event: ") {
				case "hello":
					if !said {
						said = true
						s.open.Add(1)
						hello <- nil
					}
				case topic:
					if !told {
						told = true
						s.told.Add(1)
					}
				}
			}
			if said {
				s.open.Add(-1)
			}
		}()
	}
	for range urls {
		if err := <-hello; err != nil {
			cancel()
			t.Fatalf("open live stream: %v", err)
		}
	}
	s.openedIn = time.Since(start)
	return s
}

func (s *streams) stats() (open, told, events int64) {
	return s.open.Load(), s.told.Load(), s.events.Load()
}

func (s *streams) close() { s.cancel(); s.wg.Wait() }

// rss is the process's resident memory in bytes.
func rss(t *testing.T, pid int) int64 { return procField(t, pid, "VmRSS:") }

func procField(t *testing.T, pid int, field string) int64 {
	t.Helper()
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, field) {
			f := strings.Fields(line)
			kb, _ := strconv.ParseInt(f[1], 10, 64)
			return kb * 1024
		}
	}
	return 0
}

func sampleRSS(t *testing.T, pid int, peak *atomic.Int64) func() {
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		tk := time.NewTicker(200 * time.Millisecond)
		defer tk.Stop()
		for {
			if v := rss(t, pid); v > peak.Load() {
				peak.Store(v)
			}
			select {
			case <-stop:
				return
			case <-tk.C:
			}
		}
	}()
	return func() { close(stop); <-done }
}

func mib(b int64) string { return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20)) }

// cpuUse is CPU time used by the server process and by every PostgreSQL
// process on the machine (its backends serve only this benchmark while it
// runs), read from /proc: what a step cost, steadier than its latencies on
// a shared machine.
type cpuUse struct{ server, postgres time.Duration }

// clockTicks is the unit of /proc/PID/stat's times (USER_HZ, 100 on Linux).
const clockTicks = 100

func cpuNow(serverPID int) cpuUse {
	var u cpuUse
	u.server = procCPU(serverPID)
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if comm, _ := os.ReadFile("/proc/" + e.Name() + "/comm"); strings.TrimSpace(string(comm)) == "postgres" {
			u.postgres += procCPU(pid)
		}
	}
	return u
}

// procCPU is a process's user and system time so far.
func procCPU(pid int) time.Duration {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0
	}
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+2:])
	if len(f) < 13 {
		return 0
	}
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(utime+stime) * time.Second / clockTicks
}

// perRequest says the CPU time a step used per request.
func (u cpuUse) perRequest(before cpuUse, requests uint64) string {
	if requests == 0 {
		return "no requests"
	}
	per := func(d time.Duration) string {
		return fmt.Sprintf("%.2f ms", float64(d)/float64(time.Millisecond)/float64(requests))
	}
	return fmt.Sprintf("CPU per request: server %s, PostgreSQL %s", per(u.server-before.server), per(u.postgres-before.postgres))
}

// watchPauses measures how late a 1 ms sleep in the load generator wakes
// while a step runs, until the returned function is called, which tells
// the longest lateness and when it was. The generator does little else
// between requests, so a wake-up 100 ms late means the machine (or its
// host) gave no CPU to it: a slow answer in that window is not the server's
// own doing. Slowness in the server alone does not show here.
func watchPauses() func() string {
	stop := make(chan struct{})
	done := make(chan string)
	go func() {
		start := time.Now()
		var longest time.Duration
		var at time.Duration
		for {
			select {
			case <-stop:
				done <- fmt.Sprintf("longest pause of the load generator's 1 ms sleeper: %v, %.2fs into the step",
					longest.Round(time.Millisecond), at.Seconds())
				return
			default:
			}
			before := time.Now()
			time.Sleep(time.Millisecond)
			if late := time.Since(before) - time.Millisecond; late > longest {
				longest, at = late, before.Sub(start)
			}
		}
	}()
	return func() string {
		close(stop)
		return <-done
	}
}
