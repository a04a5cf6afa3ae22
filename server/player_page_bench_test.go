package server

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
)

// BenchmarkPlayerPage measures the player's page through HTTP, as phones
// ask for it (gzip, each phone with its CSRF cookie from an earlier visit
// and its browser's languages), beside a bare Echo handler serving a 6 KB page in the same run:
//
//	go test ./server/ -run '^$' -bench PlayerPage -benchtime 5s
//	TENKAICHI_TEST_DB=postgres go test ./server/ -run '^$' -bench PlayerPage ...
//
// TENKAICHI_BENCH_PLAYERS sets the event's size (1,000). Each step asks
// every player's page in turn from many clients at once: "page" a fresh
// GET, "revalidate" one with the ETag the phone holds (If-None-Match),
// first with the round's clock running, then paused; every phone has
// loaded its page once before each step. req/s is the rate;
// compare it with "bare" of the same run, not with another run's.
func BenchmarkPlayerPage(b *testing.B) {
	players := envInt("TENKAICHI_BENCH_PLAYERS", 1000)
	st := storagetest.New(b)
	ev, tokens, _, _ := seedLoadEvent(b, st, players)
	srv := httptest.NewServer(New(Config{Store: st}).Handler())
	b.Cleanup(srv.Close)
	bare := startBareEcho(b)
	client := &http.Client{Transport: &http.Transport{DisableCompression: true, MaxIdleConnsPerHost: 256}}
	phones := make([]benchPhone, len(tokens))
	for i, tok := range tokens {
		phones[i].url = srv.URL + "/p/" + tok
		phones[i].lang = phoneLanguages[i%len(phoneLanguages)]
		phones[i].visit(b, client, false) // the CSRF cookie, as a phone has it
	}
	b.Logf("backend %s, %d players, load average %s", storagetest.Backend(), players, loadAverage())
	run := func(name string, ask func(i int) bool) {
		b.Run(name, func(b *testing.B) {
			asked0, queried0 := st.PlayVersionReads()
			benchRequests(b, len(phones), ask)
			// How many of the play versions asked for needed a query of
			// their own (the rest were kept or shared).
			if asked, queried := st.PlayVersionReads(); asked > asked0 {
				b.ReportMetric(float64(queried-queried0)/float64(asked-asked0), "queries/version")
			}
		})
	}
	bareAsk := func(int) bool { return benchGet(client, bare, nil) == http.StatusOK }
	for _, clock := range []string{"running", "paused"} {
		if clock == "paused" {
			if _, err := st.ChangeClock(context.Background(), storage.Actor{Name: "load"}, ev.ID, 1, storage.ClockPause, 0); err != nil {
				b.Fatal(err)
			}
		}
		// Every phone has loaded the page once since the change: what is
		// measured is the pages asked again while nothing changes (the
		// first load after a change is the render, as "page" before this
		// benchmark's commit shows).
		for i := range phones {
			phones[i].visit(b, client, false)
		}
		run("clock-"+clock+"/bare", bareAsk)
		run("clock-"+clock+"/page", func(i int) bool { return phones[i].visit(b, client, false) == http.StatusOK })
		run("clock-"+clock+"/revalidate", func(i int) bool {
			code := phones[i].visit(b, client, true)
			return code == http.StatusOK || code == http.StatusNotModified
		})
	}
}

// benchPhone is one player's phone: its link, cookies and the last ETag.
type benchPhone struct {
	mu                 sync.Mutex
	url, cookies, lang string
	etag               string
}

// phoneLanguages are Accept-Language values as phones' browsers send them,
// one per phone in turn, so each request's language is negotiated as a
// phone's is. An event day's phones speak one or two of the product's
// languages (each language's messages are read when first used): here
// English from two browsers and German.
var phoneLanguages = []string{"en-US,en;q=0.9", "de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7", "en-GB,en;q=0.9"}

// visit asks for the page (revalidating with the held ETag if asked) and
// returns the status.
func (p *benchPhone) visit(b *testing.B, client *http.Client, revalidate bool) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	h := http.Header{"Accept-Encoding": {"gzip"}, "Accept-Language": {p.lang}}
	if p.cookies != "" {
		h.Set("Cookie", p.cookies)
	}
	if revalidate && p.etag != "" {
		h.Set("If-None-Match", p.etag)
	}
	req, _ := http.NewRequest(http.MethodGet, p.url, nil)
	req.Header = h
	res, err := client.Do(req)
	if err != nil {
		b.Error(err)
		return 0
	}
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if p.cookies == "" {
		var kv []string
		for _, c := range res.Cookies() {
			kv = append(kv, c.Name+"="+c.Value)
		}
		p.cookies = strings.Join(kv, "; ")
	}
	if e := res.Header.Get("ETag"); e != "" {
		p.etag = e
	}
	return res.StatusCode
}

// processCPU is the CPU time this process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// load1 is the machine's load average over the last minute.
func load1() float64 {
	f, _ := strconv.ParseFloat(strings.Fields(loadAverage() + " 0")[0], 64)
	return f
}

func benchGet(client *http.Client, url string, h http.Header) int {
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	req.Header = h
	res, err := client.Do(req)
	if err != nil {
		return 0
	}
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res.StatusCode
}

// benchRequests runs b.N requests from 50 clients at once, each asking the
// next player's page, and reports the rate.
func benchRequests(b *testing.B, players int, ask func(i int) bool) {
	var next, failed atomic.Int64
	b.SetParallelism(25) // times GOMAXPROCS (2 here): 50 clients
	cpu0 := processCPU()
	start := time.Now()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if !ask(int(next.Add(1)) % players) {
				failed.Add(1)
			}
		}
	})
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "req/s")
	// CPU of this process (server and clients) per request: steadier than
	// the rate on a shared machine; compare it with bare's.
	b.ReportMetric(float64((processCPU()-cpu0).Microseconds())/float64(b.N), "cpu-µs/req")
	b.ReportMetric(load1(), "load1")
	if n := failed.Load(); n > 0 {
		b.Fatalf("%d of %d requests failed", n, b.N)
	}
}

// BenchmarkPlayerPageHandler is the server's own work for a player's page
// asked again (clock running, gzip, the phone's cookies), with no network
// and no client: the handler called directly, one request at a time,
// beside bare Echo's handler. It shows what the middleware and the page
// cost, apart from what BenchmarkPlayerPage adds (connections, clients):
//
//	go test ./server/ -run '^$' -bench PlayerPageHandler -benchmem
func BenchmarkPlayerPageHandler(b *testing.B) {
	st := storagetest.New(b)
	_, tokens, _, _ := seedLoadEvent(b, st, envInt("TENKAICHI_BENCH_PLAYERS", 200))
	h := New(Config{Store: st}).Handler()
	cookies := make([]string, len(tokens))
	get := func(i int) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodGet, "/p/"+tokens[i], nil)
		req.Header.Set("Accept-Encoding", "gzip")
		req.Header.Set("Accept-Language", phoneLanguages[i%len(phoneLanguages)])
		if cookies[i] != "" {
			req.Header.Set("Cookie", cookies[i])
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	// Each phone's first visit brings its cookies, the second keeps its page.
	for i := range tokens {
		var kv []string
		for _, c := range get(i).Result().Cookies() {
			kv = append(kv, c.Name+"="+c.Value)
		}
		cookies[i] = strings.Join(kv, "; ")
		get(i)
	}
	b.Run("page", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			if rec := get(i % len(tokens)); rec.Code != http.StatusOK {
				b.Fatalf("page answered %d", rec.Code)
			}
		}
	})
	bare := bareEcho()
	b.Run("bare", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			rec := httptest.NewRecorder()
			bare.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/", nil))
			if rec.Code != http.StatusOK {
				b.Fatalf("bare answered %d", rec.Code)
			}
		}
	})
}
