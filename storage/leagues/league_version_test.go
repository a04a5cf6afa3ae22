package leagues_test

import (
	"testing"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/carddata"
	"github.com/tenkaichi-org/tenkaichi/storage/leagues"
	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
)

// The league version changes with every change the league's pages show
// (a result in a finished event, a merge, a season, a player's name) and
// not with play in an event that is not finished.
func TestLeagueVersionCountsLeagueChanges(t *testing.T) {
	st := storagetest.New(t)
	lgs := leagues.New(st)
	version := func() int64 {
		t.Helper()
		v, err := lgs.LeagueVersion(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	ev, es := seeded(t, st, seedEvent{Name: "One", Day: "2026-01-01", Players: []seedPlayer{{"a", "Ann", ""}, {"b", "Bo", ""}},
		Swiss: [][]seedMatch{{{P1: "a", P2: "b", Result: "p1"}}}})
	running, rs := seeded(t, st, seedEvent{Name: "Two", Day: "2026-01-08", Status: storage.StatusRunning,
		Players: []seedPlayer{{"a", "Cy", ""}, {"b", "Di", ""}}})
	step := func(what string, change func() error, changes bool) {
		t.Helper()
		before := version()
		if err := change(); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if after := version(); (after != before) != changes {
			t.Errorf("%s: league version %d → %d, want a change: %v", what, before, after, changes)
		}
	}
	exec := func(q string, args ...any) func() error {
		return func() error { _, err := st.SQL().ExecContext(ctx, q, args...); return err }
	}
	step("a result corrected in a finished event", exec(`UPDATE matches SET result = 'p2' WHERE event_id = $1`, ev.ID), true)
	step("a result in a running event", exec(`UPDATE matches SET result = 'p2' WHERE event_id = $1`, running.ID), false)
	step("an entry in a running event", exec(`UPDATE entries SET player_name = 'Cyd' WHERE id = $1`, rs["a"].ID), false)
	step("an event finishing", exec(`UPDATE events SET status = 'finished' WHERE id = $1`, running.ID), true)
	step("an event reopened", exec(`UPDATE events SET status = 'running' WHERE id = $1`, running.ID), true)
	step("a player renamed", exec(`UPDATE players SET name = 'Anna' WHERE id = $1`, playerOf(t, es["a"])), true)
	step("a merge", func() error {
		_, err := lgs.MergePlayers(ctx, org, playerOf(t, es["a"]), playerOf(t, rs["a"]))
		return err
	}, true)
	se := &leagues.Season{Name: "S", Game: "fusion-world", StartsOn: ev.StartsOn, EndsOn: ev.StartsOn.AddDate(0, 3, 0), StoreID: &ev.StoreID}
	step("a season made", func() error { return lgs.CreateSeason(ctx, org, se) }, true)
	step("a season's event left out", func() error { return lgs.SetSeasonEvent(ctx, org, se.ID, ev.ID, false) }, true)

	// A profile names a registered Leader by its card's name.
	leader := rules.Card{Game: rules.GameFusionWorld, Number: "FB01-001", Name: "Son Goku", Type: rules.TypeLeader}
	importCard := func(c rules.Card) func() error {
		return func() error { return carddata.New(st).ImportCards(ctx, org, []rules.Card{c}, nil) }
	}
	step("a card imported", importCard(leader), true)
	step("the same card imported again", importCard(leader), false)
	renamed := leader
	renamed.Name = "Son Goku (errata)"
	step("a card renamed by an import", importCard(renamed), true)
}
