package readmodel_test

import (
	"context"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/server/readmodel"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/eventfile"
	"github.com/tenkaichi-org/tenkaichi/storage/leagues"
	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
)

var org = storage.Actor{Name: "org"}

// finishedEvent imports a finished event of five players, two Swiss rounds
// and a final: A and E (6 points each) play the final, A wins it.
//
//	round 1: A beats B, C beats D, E has a bye
//	round 2: A beats C, E beats B, D has a bye
func finishedEvent(t *testing.T, st *storage.Store) (*storage.Event, map[string]int64) {
	t.Helper()
	ev := storage.Event{Name: "Weekly", Game: "fusion-world", Format: "fw-standard", Status: storage.StatusFinished,
		StartsOn: time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC), RoundMinutes: 35, TopCutSize: 2, TopCutBestOf: 3, Seed: 7,
		PointsWin: 3, PointsDraw: 1, PointsBye: 3}
	in := &eventfile.EventImport{Event: ev}
	for _, k := range []string{"A", "B", "C", "D", "E"} {
		in.Entries = append(in.Entries, eventfile.ImportedEntry{Key: k, Entry: storage.Entry{PlayerName: "Player " + k}})
	}
	match := func(p1, p2, result, games string) eventfile.ImportedMatch {
		return eventfile.ImportedMatch{P1: p1, P2: p2, Match: storage.Match{Result: result, Status: storage.MatchConfirmed, Games: games}}
	}
	round := func(n int, kind string, ms ...eventfile.ImportedMatch) eventfile.ImportedRound {
		return eventfile.ImportedRound{Round: storage.Round{Number: n, Kind: kind, Status: storage.RoundFinished, LengthSeconds: 2100}, Matches: ms}
	}
	in.Rounds = []eventfile.ImportedRound{
		round(1, storage.KindSwiss, match("A", "B", storage.ResultP1, ""), match("C", "D", storage.ResultP1, ""), match("E", "", storage.ResultBye, "")),
		round(2, storage.KindSwiss, match("A", "C", storage.ResultP1, ""), match("E", "B", storage.ResultP1, ""), match("D", "", storage.ResultBye, "")),
		round(3, storage.KindTopCut, match("A", "E", storage.ResultP1, `[{"winner":"p1"},{"winner":"p1"}]`)),
	}
	n := 0
	res, err := eventfile.New(st).ImportEvent(context.Background(), org, in, func(id int64, gen int) string {
		n++
		return "tok-" + string(rune('a'+n))
	})
	if err != nil {
		t.Fatal(err)
	}
	es, err := st.Entries(context.Background(), res.Event.ID)
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]int64{}
	for _, e := range es {
		ids[e.PlayerName[len("Player "):]] = e.ID
	}
	return res.Event, ids
}

func TestFreshEventResultsComputesAndRefreshes(t *testing.T) {
	ctx := context.Background()
	st := storagetest.New(t)
	lgs := leagues.New(st)
	ev, ids := finishedEvent(t, st)
	if err := readmodel.FreshEventResults(ctx, st, []int64{ev.ID}); err != nil {
		t.Fatal(err)
	}
	got := resultsByKey(t, lgs, ev.ID, ids)
	want := map[string]leagues.EventResult{
		"A": {Place: 1, MatchPoints: 6, Wins: 3},
		"E": {Place: 2, MatchPoints: 6, Wins: 1, Losses: 1, Byes: 1},
		"C": {MatchPoints: 3, Wins: 1, Losses: 1},
		"D": {MatchPoints: 3, Losses: 1, Byes: 1},
		"B": {Place: 5, SwissRank: 5, MatchPoints: 0, Losses: 2},
	}
	checkResults(t, got, want)
	if a, e := got["A"].SwissRank, got["E"].SwissRank; a+e != 3 {
		t.Errorf("Swiss ranks of A and E = %d, %d, want 1 and 2", a, e)
	}
	for _, k := range []string{"C", "D"} { // after the cut, places follow the Swiss ranks
		if r := got[k]; r.Place != r.SwissRank || (r.Place != 3 && r.Place != 4) {
			t.Errorf("%s: place %d, Swiss rank %d, want the same, 3 or 4", k, r.Place, r.SwissRank)
		}
	}
	if stale, err := lgs.StaleEventResults(ctx, []int64{ev.ID}); err != nil || len(stale) != 0 {
		t.Fatalf("after the refresh, stale = %v, %v; want none", stale, err)
	}

	// The final's result is corrected: E won it. The results are stale, then fresh again.
	final := finalMatch(t, st, ev.ID)
	in := storage.ResultInput{Result: storage.ResultP2, P2Wins: 2, Games: `[{"winner":"p2"},{"winner":"p2"}]`}
	if _, err := st.SetMatchResult(ctx, org, ev.ID, final, in, true, "wrong slip"); err != nil {
		t.Fatal(err)
	}
	if stale, err := lgs.StaleEventResults(ctx, []int64{ev.ID}); err != nil || len(stale) != 1 {
		t.Fatalf("after a correction, stale = %v, %v; want the event", stale, err)
	}
	if err := readmodel.FreshEventResults(ctx, st, []int64{ev.ID}); err != nil {
		t.Fatal(err)
	}
	got = resultsByKey(t, lgs, ev.ID, ids)
	want["A"] = leagues.EventResult{Place: 2, MatchPoints: 6, Wins: 2, Losses: 1}
	want["E"] = leagues.EventResult{Place: 1, MatchPoints: 6, Wins: 2, Byes: 1}
	checkResults(t, got, want)
}

func TestFreshEventResultsSkipsRunningEvents(t *testing.T) {
	ctx := context.Background()
	st := storagetest.New(t)
	e, _ := storagetest.EventWithPlayers(t, st, org, 4)
	if err := readmodel.FreshEventResults(ctx, st, []int64{e.ID, 999999}); err != nil {
		t.Fatal(err)
	}
	rs, err := leagues.New(st).EventResults(ctx, e.ID)
	if err != nil || len(rs) != 0 {
		t.Fatalf("results of a running event = %v, %v; want none", rs, err)
	}
}

func resultsByKey(t *testing.T, lgs *leagues.Store, eventID int64, ids map[string]int64) map[string]leagues.EventResult {
	t.Helper()
	rs, err := lgs.EventResults(context.Background(), eventID)
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != len(ids) {
		t.Fatalf("%d rows of results, want %d: %+v", len(rs), len(ids), rs)
	}
	out := map[string]leagues.EventResult{}
	for k, id := range ids {
		for _, r := range rs {
			if r.EntryID == id {
				if r.PlayerID == 0 {
					t.Errorf("%s: row without a player", k)
				}
				out[k] = r
			}
		}
	}
	return out
}

// checkResults compares places, points and records; a SwissRank of 0 in
// want is checked by the caller.
func checkResults(t *testing.T, got, want map[string]leagues.EventResult) {
	t.Helper()
	for k, w := range want {
		g := got[k]
		if w.Place != 0 && g.Place != w.Place {
			t.Errorf("%s: place %d, want %d", k, g.Place, w.Place)
		}
		if w.SwissRank != 0 && g.SwissRank != w.SwissRank {
			t.Errorf("%s: Swiss rank %d, want %d", k, g.SwissRank, w.SwissRank)
		}
		if g.MatchPoints != w.MatchPoints || g.Wins != w.Wins || g.Losses != w.Losses || g.Draws != w.Draws || g.Byes != w.Byes {
			t.Errorf("%s: %d points, %d-%d-%d and %d byes; want %d points, %d-%d-%d and %d byes", k,
				g.MatchPoints, g.Wins, g.Losses, g.Draws, g.Byes, w.MatchPoints, w.Wins, w.Losses, w.Draws, w.Byes)
		}
	}
}

// finalMatch is the id of the event's only top-cut match.
func finalMatch(t *testing.T, st *storage.Store, eventID int64) int64 {
	t.Helper()
	rounds, err := st.Rounds(context.Background(), eventID)
	if err != nil {
		t.Fatal(err)
	}
	ms, err := st.EventMatches(context.Background(), eventID, rounds)
	if err != nil {
		t.Fatal(err)
	}
	if len(ms[3]) != 1 {
		t.Fatalf("round 3 has %d matches, want the final", len(ms[3]))
	}
	return ms[3][0].ID
}
