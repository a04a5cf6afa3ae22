package judging_test

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/judging"
)

// trackerMatch makes a round with one match, Ana v Ben, for tracker tests.
func trackerMatch(t *testing.T) (*storage.Store, *storage.Event, *storage.Match, [2]*storage.Entry, storage.Actor) {
	t.Helper()
	st, e, ana, judge := judgeSetup(t)
	ben := &storage.Entry{EventID: e.ID, PlayerName: "Ben", TokenHash: "tok-ben"}
	if err := st.CreateEntry(ctx, judge, ben); err != nil {
		t.Fatal(err)
	}
	table := 4
	r, err := st.CreateRound(ctx, judge, e.ID, 1, "swiss", 35*time.Minute, []storage.NewMatch{{TableNo: &table, P1: ana.ID, P2: &ben.ID}})
	if err != nil {
		t.Fatal(err)
	}
	ms, err := st.Matches(ctx, r.ID)
	if err != nil || len(ms) != 1 {
		t.Fatalf("matches: %v, %v", ms, err)
	}
	return st, e, &ms[0], [2]*storage.Entry{ana, ben}, judge
}

// Two phones starting the tracker for the same game at once get one log;
// another game of the match gets its own.
func TestTrackerLogIsOnePerGame(t *testing.T) {
	st, e, m, _, _ := trackerMatch(t)
	var wg sync.WaitGroup
	ids := make([]int64, 8)
	errs := make([]error, 8)
	for i := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			gl, _, err := judging.New(st).CreateTrackerLog(ctx, storage.Actor{Name: fmt.Sprint("phone ", i)}, &storage.GameLog{EventID: e.ID, MatchID: &m.ID, Body: "[Seed \"1\"]\n"})
			errs[i] = err
			if err == nil {
				ids[i] = gl.ID
			}
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("start %d: %v", i, err)
		}
		if ids[i] != ids[0] {
			t.Fatalf("two logs for one game: %v", ids)
		}
	}
	game2, created, err := judging.New(st).CreateTrackerLog(ctx, storage.Actor{Name: "phone"}, &storage.GameLog{EventID: e.ID, MatchID: &m.ID, GameNo: 2, Body: "x"})
	if err != nil || !created || game2.ID == ids[0] || !game2.Tracker {
		t.Fatalf("game 2: %+v, created %v, %v", game2, created, err)
	}
	// A judge's own log of the same game is not the tracker's.
	if err := judging.New(st).CreateGameLog(ctx, storage.Actor{Name: "judge"}, &storage.GameLog{EventID: e.ID, MatchID: &m.ID, Body: "x"}); err != nil {
		t.Fatalf("a judge's log of a tracked game: %v", err)
	}
	games, err := judging.New(st).TrackerGames(ctx, e.ID, []int64{m.ID, 999})
	if err != nil || len(games) != 1 || games[m.ID].ID != game2.ID || games[m.ID].Totals() != nil {
		t.Fatalf("latest tracked game of the match: %+v, %v", games, err)
	}
	if _, _, err := judging.New(st).CreateTrackerLog(ctx, storage.Actor{Name: "phone"}, &storage.GameLog{EventID: e.ID, Body: "x"}); !errors.Is(err, storage.ErrConflict) {
		t.Fatalf("a tracker log without a match: %v", err)
	}
}

// Changes to one log from many writers at once are applied one after the
// other, each seeing the ones before: none is lost.
func TestChangeGameLogSerialisesWriters(t *testing.T) {
	st, e, m, players, _ := trackerMatch(t)
	gl, _, err := judging.New(st).CreateTrackerLog(ctx, storage.Actor{Name: "phone"}, &storage.GameLog{EventID: e.ID, MatchID: &m.ID, Body: "start\n"})
	if err != nil {
		t.Fatal(err)
	}
	var notices []storage.Notice
	var mu sync.Mutex
	st.OnNotice(func(n storage.Notice) { mu.Lock(); notices = append(notices, n); mu.Unlock() })
	const writers = 12
	var wg sync.WaitGroup
	for i := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := judging.New(st).ChangeGameLog(ctx, storage.Actor{Name: "phone"}, e.ID, gl.ID, func(cur *storage.GameLog) (*judging.GameLogChange, error) {
				n := strings.Count(cur.Body, "\n")
				return &judging.GameLogChange{Body: cur.Body + fmt.Sprintf("line %d by %d\n", n, i),
					Totals: &storage.GameTotals{Life: [2]int{8 - n, 8}, Deck: [2]int{40, 41}}}, nil
			})
			if err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	got, err := judging.New(st).GameLogByID(ctx, e.ID, gl.ID)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(got.Body), "\n")
	if len(lines) != writers+1 {
		t.Fatalf("%d lines after %d writers, want %d:\n%s", len(lines), writers, writers+1, got.Body)
	}
	for i, l := range lines[1:] {
		if !strings.HasPrefix(l, fmt.Sprintf("line %d by ", i+1)) {
			t.Fatalf("line %d was written without seeing the one before: %q", i+1, l)
		}
	}
	if tot := got.Totals(); tot == nil || tot.Life != [2]int{8 - writers, 8} || tot.Deck != [2]int{40, 41} {
		t.Fatalf("totals after the last write: %+v", tot)
	}
	// A change that returns nothing changes nothing (a repeated submission),
	// and an error leaves the log as it was.
	same, err := judging.New(st).ChangeGameLog(ctx, storage.Actor{Name: "phone"}, e.ID, gl.ID, func(*storage.GameLog) (*judging.GameLogChange, error) { return nil, nil })
	if err != nil || same.Body != got.Body {
		t.Fatalf("no change: %v", err)
	}
	boom := errors.New("refused")
	if _, err := judging.New(st).ChangeGameLog(ctx, storage.Actor{Name: "phone"}, e.ID, gl.ID, func(*storage.GameLog) (*judging.GameLogChange, error) { return nil, boom }); !errors.Is(err, boom) {
		t.Fatalf("refused change: %v", err)
	}
	audit, err := st.AuditLogFor(ctx, "game_log", gl.ID)
	if err != nil || len(audit) != writers+1 {
		t.Fatalf("audit rows: %d, %v (want one per change and the creation)", len(audit), err)
	}
	if storage.DialectSQLite == st.Dialect() {
		// SQLite delivers notices in-process: one per change, to the match's
		// two players on topic "game".
		mu.Lock()
		defer mu.Unlock()
		games := 0
		for _, n := range notices {
			if n.Topic == storage.TopicGame {
				games++
				if len(n.Entries) != 2 || n.Entries[0] != players[0].ID || n.Entries[1] != players[1].ID {
					t.Errorf("game notice for %v, want the match's players", n.Entries)
				}
			}
		}
		if games != writers {
			t.Errorf("%d game notices for %d changes", games, writers)
		}
	}
}

// A call from a game links the game at its step; a ruling on the game
// closes the call it answers, in one transaction.
func TestGameJudgeCallAndRuling(t *testing.T) {
	st, e, m, players, judge := trackerMatch(t)
	gl, _, err := judging.New(st).CreateTrackerLog(ctx, storage.Actor{Name: "phone"}, &storage.GameLog{EventID: e.ID, MatchID: &m.ID, Body: "x"})
	if err != nil {
		t.Fatal(err)
	}
	c, err := judging.New(st).OpenGameJudgeCall(ctx, e.ID, players[1].ID, gl, 14, "Called from the game.")
	if err != nil || c.GameLogID == nil || *c.GameLogID != gl.ID || c.Step == nil || *c.Step != 14 || c.MatchID == nil || *c.MatchID != m.ID {
		t.Fatalf("call: %+v, %v", c, err)
	}
	again, err := judging.New(st).OpenGameJudgeCall(ctx, e.ID, players[0].ID, gl, 15, "Called again.")
	if err != nil || again.ID != c.ID || *again.Step != 14 {
		t.Fatalf("second call while the first is open: %+v, %v", again, err)
	}
	open, err := judging.New(st).OpenGameCalls(ctx, e.ID, gl.ID)
	if err != nil || len(open) != 1 {
		t.Fatalf("open calls of the game: %v, %v", open, err)
	}
	step := 14
	r := &judging.Ruling{EventID: e.ID, MatchID: &m.ID, GameLogID: &gl.ID, Step: &step, Rule: "CR 8-1-1", Note: "Rewind the attack.", CloseCall: &c.ID}
	if err := judging.New(st).CreateRuling(ctx, judge, r, nil); err != nil {
		t.Fatal(err)
	}
	if open, err := judging.New(st).OpenGameCalls(ctx, e.ID, gl.ID); err != nil || len(open) != 0 {
		t.Fatalf("call still open after the ruling: %v, %v", open, err)
	}
	rs, err := judging.New(st).RulingsForLog(ctx, e.ID, gl.ID)
	if err != nil || len(rs) != 1 || *rs[0].Step != 14 {
		t.Fatalf("rulings of the game: %+v, %v", rs, err)
	}
	// A call of another event cannot be closed through a ruling.
	other := newEvent("Other Cup")
	if err := st.CreateEvent(ctx, judge, other); err != nil {
		t.Fatal(err)
	}
	c2, err := judging.New(st).OpenGameJudgeCall(ctx, e.ID, players[0].ID, gl, 20, "Again.")
	if err != nil {
		t.Fatal(err)
	}
	bad := &judging.Ruling{EventID: other.ID, Note: "x", CloseCall: &c2.ID}
	if err := judging.New(st).CreateRuling(ctx, judge, bad, nil); !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("closing another event's call: %v", err)
	}
	if open, _ := judging.New(st).OpenGameCalls(ctx, e.ID, gl.ID); len(open) != 1 {
		t.Fatalf("the refused ruling closed the call: %v", open)
	}
}
