package server_test

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/leagues"
)

// addSeasons gives the route parameters of the season pages something
// real: a season of store A (season), a regional league of both stores
// (league), and store A's event (event).
func (f *twoStores) addSeasons(t *testing.T) {
	t.Helper()
	ctx := context.Background()
	lgs := leagues.New(f.a.store)
	day := func(s string) time.Time { d, _ := time.Parse(time.DateOnly, s); return d }
	storeA := f.storeA
	se := &leagues.Season{Name: "Winter season", Game: "fusion-world", StartsOn: day("2026-12-01"), EndsOn: day("2027-02-28"),
		StoreID: &storeA, PointsByPlacing: []int{3, 2, 1}, PointsWin: 1, Public: true}
	if err := lgs.CreateSeason(ctx, storage.Actor{Name: "test"}, se); err != nil {
		t.Fatal(err)
	}
	lg := &leagues.Season{Name: "North league", Game: "fusion-world", StartsOn: day("2026-12-01"), EndsOn: day("2027-02-28"),
		StoreIDs: []int64{f.storeA, f.storeB}, PointsWin: 1, Public: true}
	if err := lgs.CreateSeason(ctx, storage.Actor{Name: "test"}, lg); err != nil {
		t.Fatal(err)
	}
	f.params["season"] = strconv.FormatInt(se.ID, 10)
	f.params["league"] = strconv.FormatInt(lg.ID, 10)
	f.params["event"] = strconv.FormatInt(f.event.id, 10)
}
