package server

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
)

// BenchmarkStaffPages measures every organiser's and judge's page of a big
// event through HTTP (gzip asked for, signed in as the organiser), beside
// a bare Echo handler in the same run: its size (as sent and unpacked) and
// the time to answer it, one organiser and one judge asking at once.
//
//	go test ./server/ -run '^$' -bench StaffPages -benchtime 20x
//	TENKAICHI_BENCH_PLAYERS=5000 go test ./server/ -run '^$' -bench StaffPages -benchtime 10x
//
// The event is the load benchmark's: round 1 published and on the clock,
// nothing reported yet.
func BenchmarkStaffPages(b *testing.B) {
	players := envInt("TENKAICHI_BENCH_PLAYERS", 1000)
	st := storagetest.New(b)
	ev, _, matchOf, _ := seedLoadEvent(b, st, players)
	srv := httptest.NewServer(New(Config{Store: st}).Handler())
	b.Cleanup(srv.Close)
	bare := startBareEcho(b)
	cookie := staffCookie(b, st)
	client := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	b.Logf("backend %s, %d players", storagetest.Backend(), players)
	b.Run("bare", func(b *testing.B) { benchPage(b, client, bare, "") })
	for _, p := range staffPages(ev.ID, matchOf[0]) {
		b.Run(p.name, func(b *testing.B) { benchPage(b, client, srv.URL+p.path, cookie) })
	}
}

// staffPage is an organiser's or judge's page, by name.
type staffPage struct{ name, path string }

// staffPages are the organiser's and the judge's pages of an event, with
// one match's pages (match).
func staffPages(eventID, match int64) []staffPage {
	ev := "/events/" + strconv.FormatInt(eventID, 10)
	m := ev + "/matches/" + strconv.FormatInt(match, 10)
	return []staffPage{
		{"event", ev}, {"players", ev + "/players"}, {"players-search", ev + "/players?q=player+01"},
		{"decks", ev + "/decks"}, {"rounds", ev + "/rounds"}, {"round", ev + "/rounds/1"},
		{"pairing", m + "/pairing"}, {"standings", ev + "/standings"},
		{"penalties", ev + "/penalties"}, {"calls", ev + "/calls"}, {"announcements", ev + "/announcements"},
		{"judge", ev + "/judge"}, {"judge-find", ev + "/judge?player=player+01"}, {"judge-table", ev + "/judge?player=1"},
		{"print-pairings", ev + "/print/pairings"}, {"print-slips", ev + "/print/slips"},
		{"print-standings", ev + "/print/standings"}, {"print-registration", ev + "/print/registration"},
	}
}

// staffCookie signs the load event's organiser (the instance's first
// account) in: a session made in the database, as signing in would.
func staffCookie(b testing.TB, st *storage.Store) string {
	ctx := context.Background()
	u, err := accounts.New(st).UserByUsername(ctx, "load")
	if err != nil {
		b.Fatal(err)
	}
	tok := web.NewToken()
	if err := accounts.New(st).CreateSession(ctx, &accounts.Session{TokenHash: web.HashToken(tok), UserID: u.ID, CSRFToken: web.NewToken(),
		ExpiresAt: time.Now().Add(24 * time.Hour)}); err != nil {
		b.Fatal(err)
	}
	return "tenkaichi_session=" + tok
}

// benchPage asks for a page b.N times from two clients at once and reports
// its size (as sent, and unpacked) and the milliseconds per answer.
func benchPage(b *testing.B, client *http.Client, url, cookie string) {
	get := func() (status int, sent, plain int) {
		req, _ := http.NewRequest(http.MethodGet, url, nil)
		req.Header.Set("Accept-Encoding", "gzip")
		if cookie != "" {
			req.Header.Set("Cookie", cookie)
		}
		res, err := client.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		sent, plain = len(body), len(body)
		if res.Header.Get("Content-Encoding") == "gzip" {
			if zr, err := gzip.NewReader(bytes.NewReader(body)); err == nil {
				n, _ := io.Copy(io.Discard, zr)
				plain = int(n)
			}
		}
		return res.StatusCode, sent, plain
	}
	status, sent, plain := get()
	if status != http.StatusOK {
		b.Fatalf("%s: %d", url, status)
	}
	b.SetParallelism(1) // times GOMAXPROCS: an organiser and a judge at once, here
	start := time.Now()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if s, _, _ := get(); s != http.StatusOK {
				b.Error(fmt.Sprintf("%s: %d", url, s))
			}
		}
	})
	elapsed := time.Since(start)
	b.ReportMetric(float64(elapsed.Milliseconds())/float64(b.N)*float64(min(b.N, 2)), "ms/page")
	b.ReportMetric(float64(sent)/1024, "KB-sent")
	b.ReportMetric(float64(plain)/1024, "KB-page")
	b.ReportMetric(load1(), "load1")
}
