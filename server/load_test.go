package server

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
	vegeta "github.com/tsenart/vegeta/v12/lib"
)

// TestLoadEndOfRound is the load benchmark of docs/performance.md. It runs
// only when asked, on PostgreSQL:
//
//	TENKAICHI_LOAD=1 TENKAICHI_TEST_DB=postgres TEST_DATABASE_URL=postgres://... \
//	  go test ./server/ -run TestLoadEndOfRound -v -timeout 20m
//
// It builds the real binary and runs `tenkaichi serve` as its own process
// (so its memory is the server's alone), seeds a running event of
// TENKAICHI_LOAD_PLAYERS players (1,000) with round 1 published and its
// clock running, opens one live-update stream per player, then, with vegeta:
//
//   - end of round: every player loads their phone page and reports within
//     TENKAICHI_LOAD_SECONDS (60), in random order;
//   - page reloads: every phone reloads its page, as live.js does when the
//     next round is published, at TENKAICHI_LOAD_BURST_RATE a second (100;
//     live.js spreads reloads over about a second, so 1,000 phones ask for
//     1,000 a second at worst).
//
// It prints throughput, latency percentiles, errors and the server's memory,
// and checks what must hold whatever the speed: no errors, every match
// confirmed, every stream still open and told about the results.
func TestLoadEndOfRound(t *testing.T) {
	if os.Getenv("TENKAICHI_LOAD") != "1" {
		t.Skip("load benchmark: set TENKAICHI_LOAD=1 (and run on PostgreSQL)")
	}
	if storagetest.Backend() != "postgres" {
		t.Skip("the load benchmark runs on PostgreSQL (TENKAICHI_TEST_DB=postgres)")
	}
	players := envInt("TENKAICHI_LOAD_PLAYERS", 1000)
	window := time.Duration(envInt("TENKAICHI_LOAD_SECONDS", 60)) * time.Second
	ctx := context.Background()

	bin := filepath.Join(t.TempDir(), "tenkaichi")
	build := exec.Command("go", "build", "-o", bin, "../cmd/tenkaichi")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}

	cfg := storagetest.Config(t)
	st, err := storage.Open(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, err := st.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	seedStart := time.Now()
	ev, tokens, matchOf, sideOf := seedLoadEvent(t, st, players)
	t.Logf("seeded %d players, %d matches in %v", players, len(matchOf)/2, time.Since(seedStart).Round(time.Millisecond))

	// The server, as operators run it.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	var serverLog bytes.Buffer
	level := "warn"
	// TENKAICHI_LOAD_SERVER_LOG=FILE keeps the server's request log (with
	// each request's duration as the server saw it) in FILE.
	var logFile *os.File
	if path := os.Getenv("TENKAICHI_LOAD_SERVER_LOG"); path != "" {
		if logFile, err = os.Create(path); err != nil {
			t.Fatal(err)
		}
		defer logFile.Close()
		level = "info"
	}
	cmd := exec.Command(bin, "serve", "--addr", addr, "--log-level", level)
	cmd.Env = append(os.Environ(), "DATABASE_URL="+cfg.DatabaseURL)
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

	// One live-update stream per player.
	// TENKAICHI_LOAD_STREAMS=0 runs without them, to compare.
	nStreams := players
	if v, err := strconv.Atoi(os.Getenv("TENKAICHI_LOAD_STREAMS")); err == nil && v >= 0 {
		nStreams = v
	}
	streams := openStreams(t, base+"/events/"+strconv.FormatInt(ev.ID, 10)+"/live", nStreams)
	defer streams.close()
	rssStreams := rss(t, cmd.Process.Pid)
	t.Logf("%d live streams open in %v; server RSS %s before, %s with them open",
		nStreams, streams.openedIn.Round(time.Millisecond), mib(rssStart), mib(rssStreams))

	// End of round: every player loads their page and reports, in random order.
	order := rand.Perm(players)
	var targets []vegeta.Target
	for _, i := range order {
		tok := tokens[i]
		targets = append(targets, vegeta.Target{Method: http.MethodGet, URL: base + "/p/" + tok})
		result := "won"
		if sideOf[i] == storage.ResultP2 {
			result = "lost" // P1 wins every match: both players agree
		}
		csrf := "load-" + strconv.Itoa(i) + "-" + strconv.FormatUint(rand.Uint64(), 36)
		form := url.Values{"_csrf": {csrf}, "match": {strconv.FormatInt(matchOf[i], 10)}, "result": {result}}
		targets = append(targets, vegeta.Target{Method: http.MethodPost, URL: base + "/p/" + tok + "/report",
			Body: []byte(form.Encode()), Header: http.Header{
				"Content-Type": {"application/x-www-form-urlencoded"},
				"Cookie":       {"tenkaichi_csrf=" + csrf},
			}})
	}
	rate := vegeta.Rate{Freq: len(targets), Per: window}
	byMethod := attack(t, "end of round", targets, rate)
	for _, m := range []string{http.MethodGet, http.MethodPost} {
		report(t, "end of round, "+m, byMethod[m])
	}
	all := byMethod["ALL"]
	report(t, "end of round, all", all)

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
	open, withResults, events := streams.stats()
	t.Logf("matches confirmed: %d of %d; streams still open: %d of %d; streams told about results: %d; events written: %d",
		confirmed, len(ms[1]), open, nStreams, withResults, events)
	rssRound := rss(t, cmd.Process.Pid)

	// Pairings burst: all phones reload their page within a second.
	var burst []vegeta.Target
	for _, i := range rand.Perm(players) {
		burst = append(burst, vegeta.Target{Method: http.MethodGet, URL: base + "/p/" + tokens[i]})
	}
	burstRate := envInt("TENKAICHI_LOAD_BURST_RATE", 100)
	burstMetrics := attack(t, "pairings burst", burst, vegeta.Rate{Freq: burstRate, Per: time.Second})
	report(t, fmt.Sprintf("page reloads at %d/s, GET", burstRate), burstMetrics[http.MethodGet])
	t.Logf("server RSS: %s at start, %s with %d streams, %s after the round, peak sampled %s",
		mib(rssStart), mib(rssStreams), nStreams, mib(rssRound), mib(peak.Load()))
	if hwm := procField(t, cmd.Process.Pid, "VmHWM:"); hwm > 0 {
		t.Logf("server peak RSS (VmHWM): %s", mib(hwm))
	}

	if confirmed != len(ms[1]) {
		t.Errorf("%d matches confirmed, want %d", confirmed, len(ms[1]))
	}
	if open != int64(nStreams) {
		t.Errorf("%d streams open after the round, want %d", open, players)
	}
	if withResults != int64(nStreams) {
		t.Errorf("%d streams got a results event, want %d", withResults, players)
	}
	for name, m := range map[string]*vegeta.Metrics{"end of round": all, "burst": burstMetrics[http.MethodGet]} {
		if m.Success < 1 {
			t.Errorf("%s: success %.4f, codes %v, errors %v", name, m.Success, m.StatusCodes, m.Errors)
		}
	}
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
	if err := st.CreateUser(ctx, &storage.User{Username: "load", PasswordHash: "-", Role: storage.RoleOrganiser}); err != nil {
		t.Fatal(err)
	}
	e := &storage.Event{Name: "Load Championship", Game: "fusion-world", Format: "fw-standard", Status: storage.StatusRunning,
		StartsOn: time.Date(2026, 12, 12, 0, 0, 0, 0, time.UTC), RoundMinutes: 35, TopCutBestOf: 3, Seed: 7}
	if err := st.CreateEvent(ctx, org, e); err != nil {
		t.Fatal(err)
	}
	key, err := st.Secret(ctx, linkKeyName)
	if err != nil {
		t.Fatal(err)
	}
	tokens := make([]string, n)
	ids := make([]int64, n)
	for i := range n {
		en := &storage.Entry{EventID: e.ID, PlayerName: fmt.Sprintf("Player %04d", i+1), TokenHash: "pending:" + newToken(), EnteredRound: 1}
		if err := st.CreateEntry(ctx, org, en); err != nil {
			t.Fatal(err)
		}
		tokens[i] = playerToken(key, en.ID, en.TokenGeneration)
		if err := st.SetEntryTokenHash(ctx, en.ID, en.TokenGeneration, hashToken(tokens[i])); err != nil {
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

// attack runs the targets in order at the rate, once each, and returns
// metrics per HTTP method and for "ALL". Redirects are not followed: a report answers 303.
func attack(t *testing.T, name string, targets []vegeta.Target, rate vegeta.Rate) map[string]*vegeta.Metrics {
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
	atk := vegeta.NewAttacker(vegeta.Redirects(vegeta.NoFollow), vegeta.Timeout(30*time.Second), vegeta.MaxWorkers(2000))
	out := map[string]*vegeta.Metrics{}
	for res := range atk.Attack(targeter, rate, 0, name) {
		if res.Error == vegeta.ErrNoTargets.Error() {
			continue // the end of the list, not a request
		}
		for _, k := range []string{res.Method, "ALL"} {
			m := out[k]
			if m == nil {
				m = &vegeta.Metrics{}
				out[k] = m
			}
			m.Add(res)
		}
	}
	for _, m := range out {
		m.Close()
	}
	return out
}

func report(t *testing.T, name string, m *vegeta.Metrics) {
	t.Helper()
	if m == nil {
		t.Errorf("%s: no results", name)
		return
	}
	t.Logf("%-24s requests %5d  rate %7.1f/s  throughput %7.1f/s  p50 %8v  p99 %8v  max %8v  success %.2f%%  codes %v  errors %d",
		name+":", m.Requests, m.Rate, m.Throughput, m.Latencies.P50.Round(10*time.Microsecond),
		m.Latencies.P99.Round(10*time.Microsecond), m.Latencies.Max.Round(10*time.Microsecond), m.Success*100, m.StatusCodes, len(m.Errors))
	for _, e := range m.Errors {
		t.Logf("  error: %s", e)
	}
}

// streams are the players' open live-update connections.
type streams struct {
	cancel      context.CancelFunc
	wg          sync.WaitGroup
	open        atomic.Int64
	withResults atomic.Int64
	events      atomic.Int64
	openedIn    time.Duration
}

func openStreams(t *testing.T, u string, n int) *streams {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	s := &streams{cancel: cancel}
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: -1, DisableCompression: true}}
	start := time.Now()
	hello := make(chan error, n)
	for range n {
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
			said, results := false, false
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
				case "results":
					if !results {
						results = true
						s.withResults.Add(1)
					}
				}
			}
			if said {
				s.open.Add(-1)
			}
		}()
	}
	for range n {
		if err := <-hello; err != nil {
			cancel()
			t.Fatalf("open live stream: %v", err)
		}
	}
	s.openedIn = time.Since(start)
	return s
}

func (s *streams) stats() (open, withResults, events int64) {
	return s.open.Load(), s.withResults.Load(), s.events.Load()
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
