package storage_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
)

// Reports that queue while one is being written share its commit, and each
// still lands whole or not at all: one refused, one whose phone gave up
// before its turn, and the others stored, in the order they came.
func TestReportsQueuedBehindOneShareItsCommit(t *testing.T) {
	st, e, es, ms := oneLaneRound(t, 5)
	var mu sync.Mutex
	var notices []storage.Notice
	st.OnNotice(func(n storage.Notice) { mu.Lock(); notices = append(notices, n); mu.Unlock() })

	holding, release, groups := holdFirstGroup(st)
	p1Win := storage.ResultInput{Result: storage.ResultP1, P1Wins: 1}
	p2Win := storage.ResultInput{Result: storage.ResultP2, P2Wins: 1}
	type report struct {
		ctx   context.Context
		match storage.Match
		entry int64
		in    storage.ResultInput
		err   error
	}
	var wg sync.WaitGroup
	send := func(r *report) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, _, r.err = st.ReportResult(r.ctx, e.ID, r.match.ID, r.entry, r.in)
		}()
	}
	first := &report{ctx: ctx, match: ms[0], entry: es[0].ID, in: p1Win}
	send(first)
	<-holding
	gaveUp, cancel := context.WithCancel(ctx)
	queued := []*report{
		{ctx: ctx, match: ms[0], entry: es[1].ID, in: p1Win},    // confirms table 1
		{ctx: ctx, match: ms[0], entry: es[1].ID, in: p2Win},    // too late: table 1 is final
		{ctx: gaveUp, match: ms[1], entry: es[2].ID, in: p1Win}, // cancelled before its turn
		{ctx: ctx, match: ms[1], entry: es[3].ID, in: p2Win},    // first report of table 2
	}
	for i, r := range queued {
		send(r)
		waitQueued(t, st, i+1)
	}
	// A write that fails after writing something: the group's transaction
	// is undone and the others written again without it.
	var halfDone error
	wg.Add(1)
	go func() {
		defer wg.Done()
		halfDone = st.GroupedTx(ctx, ms[0].ID, func(tx *storage.Store) error {
			late := storage.Entry{EventID: e.ID, PlayerName: "Half Written", TokenHash: "half"}
			if err := tx.RegisterEntry(ctx, org, &late); err != nil {
				return err
			}
			return errors.New("refused after writing")
		})
	}()
	waitQueued(t, st, len(queued)+1)
	cancel()
	close(release)
	wg.Wait()

	if halfDone == nil || halfDone.Error() != "refused after writing" {
		t.Errorf("the half-done write: %v", halfDone)
	}
	if n, err := st.CountEntries(ctx, e.ID); err != nil || n != 5 {
		t.Errorf("%d entries (%v): the half-done write's entry must be undone, want 5", n, err)
	}

	if n := groups.Load(); n != 1 {
		t.Errorf("%d commits for the writes queued behind one: want 1", n)
	}
	if first.err != nil || queued[0].err != nil || queued[3].err != nil {
		t.Fatalf("reports that should land: %v, %v, %v", first.err, queued[0].err, queued[3].err)
	}
	if !errors.Is(queued[1].err, storage.ErrAlreadyConfirmed) {
		t.Errorf("a different result after both agreed: %v, want ErrAlreadyConfirmed", queued[1].err)
	}
	if !errors.Is(queued[2].err, context.Canceled) {
		t.Errorf("a report whose phone gave up before its turn: %v, want context.Canceled", queued[2].err)
	}
	m1, err := st.MatchByID(ctx, e.ID, ms[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	if m1.Status != storage.MatchConfirmed || m1.Result != storage.ResultP1 {
		t.Errorf("table 1: %s %s, want confirmed P1", m1.Status, m1.Result)
	}
	m2, err := st.MatchByID(ctx, e.ID, ms[1].ID)
	if err != nil {
		t.Fatal(err)
	}
	reports, err := st.Reports(ctx, m2.ID)
	if err != nil {
		t.Fatal(err)
	}
	if m2.Status != storage.MatchReported || len(reports) != 1 || reports[0].EntryID != es[3].ID {
		t.Errorf("table 2: %s with %d reports (%+v), want reported once, by the fourth player", m2.Status, len(reports), reports)
	}
	if storagetest.Backend() != "sqlite" {
		return // PostgreSQL's notices go out by NOTIFY (TestNoticesReachListenersOnlyAfterCommit)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(notices) != 3 {
		t.Errorf("%d notices, want 3 (one per report stored): %+v", len(notices), notices)
	}
}

// A report refused on what it read (here: a player not at the table) is
// left out of its group without undoing the writes before it: the write
// queued ahead of it runs once, and both end as they should.
func TestRefusedReportLeavesItsGroupAlone(t *testing.T) {
	st, e, es, ms := oneLaneRound(t, 4)

	holding, release, groups := holdFirstGroup(st)
	win := storage.ResultInput{Result: storage.ResultP1, P1Wins: 1}
	var wg sync.WaitGroup
	var firstErr, counted, refused error
	wg.Go(func() { _, _, firstErr = st.ReportResult(ctx, e.ID, ms[0].ID, es[0].ID, win) })
	<-holding
	var runs atomic.Int32
	wg.Go(func() {
		counted = st.GroupedTx(ctx, ms[0].ID, func(tx *storage.Store) error {
			runs.Add(1)
			late := storage.Entry{EventID: e.ID, PlayerName: "Late Entry", TokenHash: "late"}
			return tx.RegisterEntry(ctx, org, &late)
		})
	})
	waitQueued(t, st, 1)
	notAtTable := ms[0].P1EntryID
	for _, en := range es {
		if en.ID != ms[0].P1EntryID && (ms[0].P2EntryID == nil || en.ID != *ms[0].P2EntryID) {
			notAtTable = en.ID
		}
	}
	wg.Go(func() { _, _, refused = st.ReportResult(ctx, e.ID, ms[0].ID, notAtTable, win) })
	waitQueued(t, st, 2)
	close(release)
	wg.Wait()

	if firstErr != nil || counted != nil {
		t.Fatalf("writes that should land: %v, %v", firstErr, counted)
	}
	if !errors.Is(refused, storage.ErrNotInMatch) {
		t.Errorf("a report from a player not at the table: %v, want ErrNotInMatch", refused)
	}
	if n := runs.Load(); n != 1 {
		t.Errorf("the write queued before a refused report ran %d times, want once", n)
	}
	if n, err := st.CountEntries(ctx, e.ID); err != nil || n != 5 {
		t.Errorf("%d entries (%v), want 5 with the late entry", n, err)
	}
	if n := groups.Load(); n != 1 {
		t.Errorf("%d groups, want 1", n)
	}
}

// oneLaneRound is a store whose grouped writes share one lane, with an
// event of the given number of players and its first round published.
func oneLaneRound(t *testing.T, players int) (*storage.Store, *storage.Event, []storage.Entry, []storage.Match) {
	t.Helper()
	st := storagetest.New(t)
	storage.OneGroupLane(st)
	e, es := eventWithPlayers(t, st, players)
	return st, e, es, roundOne(t, st, e, es)
}

// waitQueued waits until n grouped writes wait in st's lanes.
func waitQueued(t *testing.T, st *storage.Store, n int) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); storage.QueuedGroupWrites(st) < n; {
		if time.Now().After(deadline) {
			t.Fatalf("%d grouped writes queued, want %d", storage.QueuedGroupWrites(st), n)
		}
		time.Sleep(time.Millisecond)
	}
}

// holdFirstGroup makes st's first group commit wait after its first write
// until release is closed; holding closes once it waits, and groups counts
// the groups.
func holdFirstGroup(st *storage.Store) (holding, release chan struct{}, groups *atomic.Int32) {
	holding, release, groups = make(chan struct{}), make(chan struct{}), &atomic.Int32{}
	storage.HoldGroups(st, func() {
		if groups.Add(1) == 1 {
			close(holding)
			<-release
		}
	})
	return holding, release, groups
}

// A write whose statement fails in the database (here a second entry with a
// taken link, which leaves a PostgreSQL transaction unusable) undoes its
// group: the report before it in the group is written again and lands, the
// report queued after it lands, and the failed write stores nothing.
func TestReportsAroundAFailedStatementLand(t *testing.T) {
	st, e, es, ms := oneLaneRound(t, 4)
	holding, release, _ := holdFirstGroup(st)
	win := storage.ResultInput{Result: storage.ResultP1, P1Wins: 1}
	var wg sync.WaitGroup
	var first, failed, after error
	wg.Go(func() { _, _, first = st.ReportResult(ctx, e.ID, ms[0].ID, es[0].ID, win) })
	<-holding
	wg.Go(func() {
		failed = st.GroupedTx(ctx, ms[0].ID, func(tx *storage.Store) error {
			taken := storage.Entry{EventID: e.ID, PlayerName: "Same Link", TokenHash: es[0].TokenHash}
			return tx.RegisterEntry(ctx, org, &taken)
		})
	})
	waitQueued(t, st, 1)
	second := ms[1]
	wg.Go(func() { _, _, after = st.ReportResult(ctx, e.ID, second.ID, second.P1EntryID, win) })
	waitQueued(t, st, 2)
	close(release)
	wg.Wait()

	if first != nil || after != nil {
		t.Fatalf("the reports around the failed write: %v, %v", first, after)
	}
	if !errors.Is(failed, storage.ErrConflict) {
		t.Errorf("an entry with a taken link: %v, want ErrConflict", failed)
	}
	if n, err := st.CountEntries(ctx, e.ID); err != nil || n != 4 {
		t.Errorf("%d entries (%v), want 4", n, err)
	}
	for _, m := range ms[:2] {
		got, err := st.MatchByID(ctx, e.ID, m.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Status != storage.MatchReported {
			t.Errorf("match %d: %s, want reported", m.ID, got.Status)
		}
	}
}
