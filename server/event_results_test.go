package server_test

import (
	"context"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/leagues"
)

// The moment the final's result is final, the event's results are stored
// for seasons and profiles: one row per player, the final's winner first,
// nothing stale left.
func TestFinishedEventStoresItsResults(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "2", "Ann", "Bo", "Cy", "Di")
	d.pairAndPublish(1)
	d.reportByPhones(1, false, firstNamed)
	d.startCut(2)
	d.reportByPhones(2, true, firstNamed)
	if s := eventStatus(t, a, d.id); s != storage.StatusFinished {
		t.Fatalf("status after the final: %s", s)
	}
	ctx := context.Background()
	lgs := leagues.New(a.store)
	rows, err := lgs.EventResults(ctx, d.id)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 4 {
		t.Fatalf("%d rows of results, want 4: %+v", len(rows), rows)
	}
	final := d.roundMatches(2)[0]
	winner := firstNamed(d.nameOf(final.P1EntryID), d.nameOf(*final.P2EntryID))
	if rows[0].Place != 1 || d.nameOf(rows[0].EntryID) != winner || rows[0].Wins != 2 || rows[0].PlayerID == 0 {
		t.Fatalf("first row %+v (%s), want %s 1st with 2 wins", rows[0], d.nameOf(rows[0].EntryID), winner)
	}
	for i, r := range rows {
		if r.Place != i+1 || r.SwissRank < 1 || r.Wins+r.Losses+r.Draws+r.Byes == 0 {
			t.Errorf("row %d: %+v", i, r)
		}
	}
	if stale, err := lgs.StaleEventResults(ctx, []int64{d.id}); err != nil || len(stale) != 0 {
		t.Fatalf("stale after the finish: %v, %v", stale, err)
	}
}
