package leagues_test

import (
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/leagues"
	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
)

// BenchmarkLeagues measures, on the test backend, the reads of the league
// pages and a full rating recompute at issue 27's scale: a store season's
// leaderboard (20 events, 800 results), a regional league's (10 stores,
// 200 events, 8,000 results), the check a cached board costs (SeasonState)
// for each,
// a player's profile and everything about a player, and the recompute of
// every rating from the 200,000 matches. Figures: docs/performance.md.
//
//	go test ./storage/ -run '^$' -bench Leagues -benchtime 200x
//	TENKAICHI_TEST_DB=postgres go test ./storage/ -run '^$' -bench Leagues -benchtime 200x
func BenchmarkLeagues(b *testing.B) {
	st := storagetest.New(b)
	lgs := leagues.New(st)
	start := time.Now()
	storagetest.SeedLeagueScale(b, st)
	b.Logf("%s: seeded in %s", storagetest.Backend(), time.Since(start).Round(time.Millisecond))
	store := int64(1)
	season := &leagues.Season{Name: "2025", Game: "fusion-world", StartsOn: day("2025-01-01"), EndsOn: day("2025-12-31"), StoreID: &store,
		PointsByPlacing: []int{10, 8, 6, 6, 4, 4, 4, 4}, PointsAttendance: 1, PointsWin: 1, BestN: 10, FinalCut: 8}
	leagueStores := make([]int64, 10)
	for i := range leagueStores {
		leagueStores[i] = int64(i + 1)
	}
	regional := *season
	regional.Name, regional.StoreID, regional.StoreIDs = "Regional 2025", nil, leagueStores
	for _, se := range []*leagues.Season{season, &regional} {
		if err := lgs.CreateSeason(ctx, org, se); err != nil {
			b.Fatal(err)
		}
	}
	b.Run("season-leaderboard", func(b *testing.B) { benchBoard(b, st, season.ID, 150) })
	b.Run("league-leaderboard", func(b *testing.B) { benchBoard(b, st, regional.ID, 1500) })
	b.Run("season-state", func(b *testing.B) { benchState(b, st, season.ID) })
	b.Run("league-state", func(b *testing.B) { benchState(b, st, regional.ID) })
	played := playersOfStore(b, st, store)
	b.Run("player-profile", func(b *testing.B) {
		i := 0
		for b.Loop() {
			i++
			if p, err := lgs.PlayerProfileOf(ctx, played[i%len(played)]); err != nil || len(p.Entries) == 0 {
				b.Fatalf("%+v %v", p, err)
			}
		}
	})
	b.Run("player-data", func(b *testing.B) {
		i := 0
		for b.Loop() {
			i++
			d, err := lgs.PlayerDataOf(ctx, played[i%len(played)])
			if err != nil || len(d.Matches) == 0 || len(d.Seasons) == 0 {
				b.Fatalf("%+v %v", d, err)
			}
		}
	})
	b.Run("rating-recompute", func(b *testing.B) {
		for b.Loop() {
			run, err := lgs.RecomputeRatings(ctx, "fusion-world")
			if err != nil || run.Matches < 180000 {
				b.Fatalf("%+v %v", run, err)
			}
		}
	})
}

// benchBoard reads a season's board, of at least least rows.
func benchBoard(b *testing.B, st *storage.Store, seasonID int64, least int) {
	for b.Loop() {
		board, err := leagues.New(st).SeasonLeaderboard(ctx, seasonID)
		if err != nil || len(board.Board.Rows) < least {
			b.Fatalf("%d rows, %v", len(board.Board.Rows), err)
		}
	}
}

// playersOfStore lists the players who played at the store.
func playersOfStore(b *testing.B, st *storage.Store, store int64) []int64 {
	rows, err := st.SQL().QueryContext(ctx, `SELECT DISTINCT e.player_id FROM entries e JOIN events v ON v.id = e.event_id WHERE v.store_id = $1 ORDER BY e.player_id`, store)
	if err != nil {
		b.Fatal(err)
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			b.Fatal(err)
		}
		out = append(out, id)
	}
	return out
}

// benchState reads a season's state: what a request for a cached board costs.
func benchState(b *testing.B, st *storage.Store, seasonID int64) {
	for b.Loop() {
		if _, err := leagues.New(st).SeasonStateOf(ctx, seasonID); err != nil {
			b.Fatal(err)
		}
	}
}
