package leagues_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/pairing/league"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/leagues"
	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
)

// A season that cannot be stored says which field is wrong and why, as
// catalogue keys and values; nothing is stored.
func TestSeasonValidation(t *testing.T) {
	st := storagetest.New(t)
	lgs := leagues.New(st)
	missing := int64(9999)
	bad := &leagues.Season{Name: "  ", StartsOn: day("2026-03-01"), EndsOn: day("2026-02-01"), StoreID: &missing,
		PointsByPlacing: []int{3, -1}, BestN: -2, Tiebreakers: []string{"coin"}}
	err := lgs.CreateSeason(ctx, org, bad)
	var inv *storage.InvalidError
	if !errors.As(err, &inv) || !errors.Is(err, storage.ErrInvalid) {
		t.Fatalf("invalid season: %v", err)
	}
	got := map[string]string{}
	for _, p := range inv.Problems {
		got[p.Field] = p.Key
	}
	want := map[string]string{
		"name": "season-name-missing", "game": "season-game-missing", "ends_on": "season-ends-before-start",
		"stores": "season-store-unknown", "points_by_placing": "league-placing-points-range",
		"best_n": "league-count-range", "tiebreakers": "league-tiebreaker-unknown",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("problems %v, want %v", got, want)
	}
	if ss, _ := lgs.Leagues(ctx); len(ss) != 0 {
		t.Errorf("stored: %+v", ss)
	}
	league := &leagues.Season{Name: "Regional", Game: "fusion-world", StartsOn: day("2026-01-01"), EndsOn: day("2026-01-01")}
	if err := lgs.CreateSeason(ctx, org, league); !errors.As(err, &inv) || inv.Problems[0].Key != "season-stores-missing" {
		t.Errorf("a league without stores: %v", err)
	}
}

// Which events count: the finished events of the season's store(s), game
// (and format) within its dates, less those left out, plus those added;
// another store's event cannot be added. A league counts its stores'.
func TestSeasonEvents(t *testing.T) {
	st := storagetest.New(t)
	lgs := leagues.New(st)
	here, there, far := firstStore(t, st), storeNamed(t, st, "There"), storeNamed(t, st, "Far")
	ev := func(name, d string, store int64, mod func(*seedEvent)) int64 {
		se := seedEvent{Name: name, Day: d, Store: store, Players: []seedPlayer{{"a", "A " + name, ""}}}
		if mod != nil {
			mod(&se)
		}
		e, _ := seeded(t, st, se)
		return e.ID
	}
	first := ev("first day", "2026-01-01", here, nil)
	last := ev("last day", "2026-03-31", here, nil)
	before := ev("day before", "2025-12-31", here, nil)
	after := ev("day after", "2026-04-01", here, nil)
	masters := ev("masters", "2026-02-01", here, func(s *seedEvent) { s.Game = "masters" })
	draft := ev("draft", "2026-02-01", here, func(s *seedEvent) { s.Format = "fw-draft" })
	running := ev("running", "2026-02-01", here, func(s *seedEvent) { s.Status = storage.StatusRunning })
	left := ev("left out", "2026-02-08", here, nil)
	final := ev("final", "2026-04-20", here, nil)
	elsewhere := ev("elsewhere", "2026-02-01", there, nil)
	farther := ev("farther", "2026-02-01", far, nil)

	se := &leagues.Season{Name: "Spring", Game: "fusion-world", StartsOn: day("2026-01-01"), EndsOn: day("2026-03-31"), StoreID: &here}
	if err := lgs.CreateSeason(ctx, org, se); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		event  int64
		counts bool
	}{{left, false}, {final, true}} {
		if err := lgs.SetSeasonEvent(ctx, org, se.ID, c.event, c.counts); err != nil {
			t.Fatal(err)
		}
	}
	var inv *storage.InvalidError
	if err := lgs.SetSeasonEvent(ctx, org, se.ID, elsewhere, true); !errors.As(err, &inv) || inv.Problems[0].Field != "event" {
		t.Errorf("another store's event added: %v", err)
	}
	se, _ = lgs.SeasonByID(ctx, se.ID)
	if se.Version != 3 {
		t.Errorf("season version %d after two changes of its events, want 3", se.Version)
	}
	ids, err := lgs.SeasonEventIDs(ctx, se)
	if err != nil {
		t.Fatal(err)
	}
	if want := []int64{first, last, draft, final}; !reflect.DeepEqual(ids, want) {
		t.Errorf("counted %v, want %v (before %d after %d masters %d running %d left %d)", ids, want, before, after, masters, running, left)
	}
	se.Format = "fw-standard"
	if err := lgs.UpdateSeason(ctx, org, se); err != nil {
		t.Fatal(err)
	}
	if ids, _ = lgs.SeasonEventIDs(ctx, se); !reflect.DeepEqual(ids, []int64{first, last, final}) {
		t.Errorf("standard only: %v", ids)
	}
	if err := lgs.ClearSeasonEvent(ctx, org, se.ID, left); err != nil {
		t.Fatal(err)
	}
	se, _ = lgs.SeasonByID(ctx, se.ID)
	if ids, _ = lgs.SeasonEventIDs(ctx, se); !slices.Contains(ids, left) {
		t.Errorf("left out no more, yet not counted: %v", ids)
	}

	lg := &leagues.Season{Name: "Regional", Game: "fusion-world", StartsOn: day("2026-02-01"), EndsOn: day("2026-02-01"), StoreIDs: []int64{there, here, there}}
	if err := lgs.CreateSeason(ctx, org, lg); err != nil {
		t.Fatal(err)
	}
	if lg, _ = lgs.SeasonByID(ctx, lg.ID); !reflect.DeepEqual(lg.StoreIDs, []int64{here, there}) || !lg.IsLeague() {
		t.Errorf("league stores %v", lg.StoreIDs)
	}
	if ids, _ = lgs.SeasonEventIDs(ctx, lg); !reflect.DeepEqual(ids, []int64{draft, elsewhere}) {
		t.Errorf("league counts %v, want %v (not %d)", ids, []int64{draft, elsewhere}, farther)
	}
	ofThere, _ := lgs.SeasonsOfStore(ctx, there)
	ofFar, _ := lgs.SeasonsOfStore(ctx, far)
	if len(ofThere) != 1 || ofThere[0].ID != lg.ID || len(ofFar) != 0 {
		t.Errorf("seasons of there %+v, of far %+v", ofThere, ofFar)
	}
	// A player's seasons are those that count one of their events.
	es, _ := st.Entries(ctx, elsewhere)
	if got, _ := lgs.PlayerSeasonIDs(ctx, playerOf(t, es[0])); !reflect.DeepEqual(got, []int64{lg.ID}) {
		t.Errorf("seasons of the player of %q: %v", es[0].PlayerName, got)
	}
	es, _ = st.Entries(ctx, final)
	if got, _ := lgs.PlayerSeasonIDs(ctx, playerOf(t, es[0])); !reflect.DeepEqual(got, []int64{se.ID}) {
		t.Errorf("seasons of the player of %q: %v", es[0].PlayerName, got)
	}
}

// The leaderboard that storage adds up in SQL is the one pairing/league
// computes from the same results: for rules with and without best N and a
// minimum of players, on random seasons.
func TestSeasonLeaderboardMatchesLeague(t *testing.T) {
	st := storagetest.New(t)
	lgs := leagues.New(st)
	store := firstStore(t, st)
	rnd := rand.New(rand.NewPCG(27, 1))
	const people = 30
	var events []league.Event // as this test wrote them, by player id
	players := map[string]int64{}
	for i := range 9 {
		n := 3 + rnd.IntN(12)
		if i < 2 {
			n = 5 + i // on either side of a minimum of 6 players
		}
		se := seedEvent{Name: fmt.Sprintf("Week %d", i+1), Day: fmt.Sprintf("2026-01-%02d", 1+i*3), Store: store}
		for _, k := range rnd.Perm(people)[:n] {
			se.Players = append(se.Players, seedPlayer{Key: fmt.Sprint(k), Name: fmt.Sprintf("Player %d", k), Member: fmt.Sprintf("M%d", k)})
		}
		ev, es := seeded(t, st, se)
		var rows []leagues.EventResult
		lev := league.Event{ID: ev.ID}
		for place, p := range se.Players { // places in the order of entry
			w := rnd.IntN(5)
			d := rnd.IntN(5 - w)
			b := rnd.IntN(2)
			r := leagues.EventResult{EntryID: es[p.Key].ID, Place: place + 1, Wins: w, Draws: d, Byes: b, Losses: 5 - w - d}
			if rnd.IntN(10) == 0 {
				r.Place = 0 // not known
			}
			rows = append(rows, r)
			players[p.Key] = playerOf(t, es[p.Key])
			lev.Results = append(lev.Results, league.Result{Player: players[p.Key], Placing: r.Place, Wins: r.Wins, Losses: r.Losses, Draws: r.Draws, Byes: r.Byes})
		}
		if err := lgs.ReplaceEventResults(ctx, ev.ID, 1, rows); err != nil {
			t.Fatal(err)
		}
		events = append(events, lev)
	}
	for _, rules := range []league.Rules{
		{PointsByPlacing: []int{10, 8, 6, 5, 4, 3, 2, 1}, PointsAttendance: 1, PointsWin: 3, PointsDraw: 1, Tiebreakers: league.AllTiebreakers},
		{PointsByPlacing: []int{5, 3}, PointsAttendance: 2, BestN: 3, MinPlayers: 6, FinalCut: 8, Tiebreakers: []string{league.Attendance, league.MatchWins}},
		{PointsWin: 1, BestN: 1, Tiebreakers: []string{league.BestPlacing, league.EventsWon}},
	} {
		se := &leagues.Season{Name: "S", Game: "fusion-world", StartsOn: day("2026-01-01"), EndsOn: day("2026-01-31"), StoreID: &store,
			PointsByPlacing: rules.PointsByPlacing, PointsAttendance: rules.PointsAttendance, PointsWin: rules.PointsWin,
			PointsDraw: rules.PointsDraw, BestN: rules.BestN, MinPlayers: rules.MinPlayers, FinalCut: rules.FinalCut, Tiebreakers: rules.Tiebreakers}
		if err := lgs.CreateSeason(ctx, org, se); err != nil {
			t.Fatal(err)
		}
		got, err := lgs.SeasonStandings(ctx, se)
		if err != nil {
			t.Fatal(err)
		}
		var sql []league.Standing
		for _, s := range got {
			sql = append(sql, s.Standing)
			if s.Name != "Player "+keyOf(players, s.Player) {
				t.Errorf("player %d named %q", s.Player, s.Name)
			}
		}
		if want := league.Tally(rules, events); !reflect.DeepEqual(sql, want) {
			t.Errorf("rules %+v:\nSQL    %+v\nleague %+v", rules, sql, want)
		}
		stored, err := lgs.SeasonEventResults(ctx, se)
		if err != nil || !reflect.DeepEqual(league.Tally(rules, stored), league.Tally(rules, events)) {
			t.Errorf("stored results give another tally (%v)", err)
		}
		b, err := lgs.SeasonLeaderboard(ctx, se.ID)
		if err != nil {
			t.Fatal(err)
		}
		if want := league.Compute(rules, events); !reflect.DeepEqual(b.Board, want) || len(b.Names) != len(want.Rows) {
			t.Errorf("rules %+v: board differs", rules)
		}
	}
}

func keyOf(players map[string]int64, id int64) string {
	for k, v := range players {
		if v == id {
			return k
		}
	}
	return "?"
}

// A season's state says which events' results must be computed again and
// changes its version whenever the board may change: a result changed
// (the play version), results stored, the season edited.
func TestSeasonStateFollowsChanges(t *testing.T) {
	st := storagetest.New(t)
	lgs := leagues.New(st)
	store := firstStore(t, st)
	ev, es := seeded(t, st, seedEvent{Name: "Cup", Day: "2026-01-10", Store: store, Players: []seedPlayer{{"a", "Ann", ""}, {"b", "Bo", ""}},
		Swiss: [][]seedMatch{{{P1: "a", P2: "b", Result: "p1"}}}})
	se := &leagues.Season{Name: "S", Game: "fusion-world", StartsOn: day("2026-01-01"), EndsOn: day("2026-01-31"), StoreID: &store, PointsWin: 3}
	if err := lgs.CreateSeason(ctx, org, se); err != nil {
		t.Fatal(err)
	}
	state := func() *leagues.SeasonState {
		t.Helper()
		s, err := lgs.SeasonStateOf(ctx, se.ID)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	s0 := state()
	if !reflect.DeepEqual(s0.Stale, []int64{ev.ID}) {
		t.Fatalf("never computed, stale: %v", s0.Stale)
	}
	v, _ := st.PlayVersion(ctx, ev.ID)
	if err := lgs.ReplaceEventResults(ctx, ev.ID, v, []leagues.EventResult{{EntryID: es["a"].ID, Place: 1, Wins: 1}, {EntryID: es["b"].ID, Place: 2, Losses: 1}}); err != nil {
		t.Fatal(err)
	}
	s1 := state()
	if len(s1.Stale) != 0 || s1.Version == s0.Version {
		t.Fatalf("after computing: stale %v, version %s (was %s)", s1.Stale, s1.Version, s0.Version)
	}
	// A result corrected: the event's play version moves on.
	rs, _ := st.Rounds(ctx, ev.ID)
	ms, _ := st.Matches(ctx, rs[0].ID)
	if _, err := st.SetMatchResult(ctx, org, ev.ID, ms[0].ID, storage.ResultInput{Result: storage.ResultP2}, true, "wrong slip"); err != nil {
		t.Fatal(err)
	}
	s2 := state()
	if !reflect.DeepEqual(s2.Stale, []int64{ev.ID}) || s2.Version == s1.Version {
		t.Fatalf("after a correction: stale %v, version %s (was %s)", s2.Stale, s2.Version, s1.Version)
	}
	// Results of an older state never replace newer ones.
	if err := lgs.ReplaceEventResults(ctx, ev.ID, v-1, nil); err != nil {
		t.Fatal(err)
	}
	if rows, _ := lgs.EventResults(ctx, ev.ID); len(rows) != 2 {
		t.Errorf("older results replaced the stored ones: %+v", rows)
	}
	v2, _ := st.PlayVersion(ctx, ev.ID)
	if err := lgs.ReplaceEventResults(ctx, ev.ID, v2, []leagues.EventResult{{EntryID: es["b"].ID, Place: 1, Wins: 1}, {EntryID: es["a"].ID, Place: 2, Losses: 1}}); err != nil {
		t.Fatal(err)
	}
	s3 := state()
	b, _ := lgs.SeasonLeaderboard(ctx, se.ID)
	if len(s3.Stale) != 0 || b.Board.Rows[0].Player != playerOf(t, es["b"]) {
		t.Errorf("after recomputing: stale %v, leader %d", s3.Stale, b.Board.Rows[0].Player)
	}
	se.Name = "Renamed"
	if err := lgs.UpdateSeason(ctx, org, se); err != nil {
		t.Fatal(err)
	}
	if s4 := state(); s4.Version == s3.Version {
		t.Error("editing the season kept its version")
	}
	stale := *se
	stale.Version--
	if err := lgs.UpdateSeason(ctx, org, &stale); !errors.Is(err, storage.ErrStale) {
		t.Errorf("stale edit: %v", err)
	}
	// Results name the event's own entries only.
	other, os := seeded(t, st, seedEvent{Name: "Other", Day: "2026-01-11", Players: []seedPlayer{{"z", "Zed", ""}}})
	if err := lgs.ReplaceEventResults(ctx, ev.ID, v2+1, []leagues.EventResult{{EntryID: os["z"].ID, Place: 1}}); !errors.Is(err, storage.ErrConflict) {
		t.Errorf("results of event %d naming an entry of %d: %v", ev.ID, other.ID, err)
	}
}
