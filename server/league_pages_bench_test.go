package server

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
	"github.com/tenkaichi-org/tenkaichi/storage/leagues"
	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
)

// BenchmarkLeaguePages measures the league's public pages at issue 27's
// scale (storagetest.SeedLeagueScale: 20,000 players, 2,000 events,
// 200,000 matches) through HTTP, gzip asked for, two visitors at a time,
// beside a bare Echo handler in the same run: a store season's
// leaderboard, a regional league's, and a public profile. Pages per second
// is b.N over the time taken (the "pages/s" metric).
//
//	go test ./server/ -run '^$' -bench LeaguePages -benchtime 2000x
//	TENKAICHI_TEST_DB=postgres go test ./server/ -run '^$' -bench LeaguePages -benchtime 2000x
func BenchmarkLeaguePages(b *testing.B) {
	ctx := context.Background()
	st := storagetest.New(b)
	start := time.Now()
	storagetest.SeedLeagueScale(b, st)
	b.Logf("%s: seeded in %s", storagetest.Backend(), time.Since(start).Round(time.Millisecond))
	// An installation past its first run (else every page is the set-up).
	if err := accounts.New(st).CreateFirstUser(ctx, &storage.User{Username: "league", PasswordHash: "-", Role: storage.RoleOrganiser}); err != nil {
		b.Fatal(err)
	}
	lgs := leagues.New(st)
	store := int64(1)
	actor := storage.Actor{Name: "bench"}
	season := &leagues.Season{Name: "2025", Game: "fusion-world", StartsOn: benchDay("2025-01-01"), EndsOn: benchDay("2025-12-31"),
		StoreID: &store, PointsByPlacing: []int{10, 8, 6, 6, 4, 4, 4, 4}, PointsAttendance: 1, PointsWin: 1, BestN: 10, FinalCut: 8, Public: true}
	regional := *season
	regional.Name, regional.StoreID = "Regional 2025", nil
	for s := int64(1); s <= 10; s++ {
		regional.StoreIDs = append(regional.StoreIDs, s)
	}
	for _, se := range []*leagues.Season{season, &regional} {
		if err := lgs.CreateSeason(ctx, actor, se); err != nil {
			b.Fatal(err)
		}
	}
	// Store 1's players (1 to 200) show their profiles to everyone.
	if _, err := st.SQL().ExecContext(ctx, "UPDATE players SET public = $1 WHERE id <= 200", true); err != nil {
		b.Fatal(err)
	}
	srv := httptest.NewServer(New(Config{Store: st}).Handler())
	b.Cleanup(srv.Close)
	bare := startBareEcho(b)
	client := &http.Client{Transport: &http.Transport{DisableCompression: true, MaxIdleConnsPerHost: 8}}
	pages := []struct{ name, path, shows string }{
		{"season-leaderboard", "/seasons/" + strconv.FormatInt(season.ID, 10), "2025"},
		{"league-leaderboard", "/seasons/" + strconv.FormatInt(regional.ID, 10), "Regional 2025"},
		{"profile", "/players/2", "Player 2"},
	}
	for _, p := range pages {
		if body := getBody(b, client, srv.URL+p.path); !strings.Contains(body, p.shows) || !strings.Contains(body, "Player ") {
			b.Fatalf("%s is not the page: %.300s", p.path, body)
		}
	}
	b.Run("bare", func(b *testing.B) { benchPageRate(b, client, bare) })
	for _, p := range pages {
		b.Run(p.name, func(b *testing.B) { benchPageRate(b, client, srv.URL+p.path) })
	}
}

// benchPageRate is benchPage with the rate: pages answered a second.
func benchPageRate(b *testing.B, client *http.Client, url string) {
	start := time.Now()
	benchPage(b, client, url, "")
	if s := time.Since(start).Seconds(); s > 0 {
		b.ReportMetric(float64(b.N)/s, "pages/s")
	}
}

// getBody is a page's body as a visitor without a session gets it.
func getBody(b *testing.B, client *http.Client, url string) string {
	res, err := client.Get(url)
	if err != nil {
		b.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK {
		b.Fatalf("%s: %d", url, res.StatusCode)
	}
	return string(body)
}

func benchDay(s string) time.Time {
	t, _ := time.Parse(time.DateOnly, s)
	return t
}
