package storage_test

import (
	"context"
	"database/sql"
	"errors"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
)

// A report makes few trips to the database: at a round's end every round
// trip of every table's report counts. On PostgreSQL it is one read that
// locks the match and one write (the report, the match and the audit row
// in one statement); on SQLite, in the process, the three writes are
// separate. A confirmation checks its round after.
func TestReportRoundTrips(t *testing.T) {
	st := storagetest.New(t)
	e, es := eventWithPlayers(t, st, 4) // two tables: one confirmation does not complete the round
	ms := roundOne(t, st, e, es)
	win := storage.ResultInput{Result: storage.ResultP1, P1Wins: 1}
	want := []int64{2, 3} // the report; the confirmation and its round check
	if storagetest.Backend() == "sqlite" {
		want = []int64{4, 5}
	}
	for i := range want {
		qctx, q := storage.WithQueryCounter(ctx)
		if _, _, err := st.ReportResult(qctx, e.ID, ms[0].ID, es[i].ID, win); err != nil {
			t.Fatal(err)
		}
		if q.Count() != want[i] {
			t.Errorf("report %d: %d queries, want %d", i+1, q.Count(), want[i])
		}
	}
}

// Two instances on one PostgreSQL database each write a group of reports
// that lock two matches in opposite orders: PostgreSQL undoes one report to
// break the deadlock, and that report is sent again once the other group
// has committed. Both tables end confirmed, each report stored once.
func TestReportsOfTwoInstancesLockingCrosswiseBothLand(t *testing.T) {
	if storagetest.Backend() != "postgres" {
		t.Skip("PostgreSQL only: SQLite has one writer, so nothing can lock crosswise")
	}
	cfg := storagetest.Config(t)
	a, b := storagetest.Open(t, cfg), storagetest.Open(t, cfg)
	// Each instance's reports in one lane, so that both of an instance's
	// reports are in one group.
	storage.OneGroupLane(a)
	storage.OneGroupLane(b)
	e, es := eventWithPlayers(t, a, 4)
	ms := roundOne(t, a, e, es)
	win := storage.ResultInput{Result: storage.ResultP1, P1Wins: 1}

	// Each instance holds its first group after that group's first report
	// (which locks its match) until the other has locked its own.
	holdFirst := func(st *storage.Store) (locked chan struct{}, release func()) {
		locked, held := make(chan struct{}), make(chan struct{})
		var once, released sync.Once
		storage.HoldGroups(st, func() {
			once.Do(func() {
				close(locked)
				<-held
			})
		})
		release = func() { released.Do(func() { close(held) }) }
		t.Cleanup(release) // a failed test still lets the held group end, so the store closes
		return locked, release
	}
	aLocked, aRelease := holdFirst(a)
	bLocked, bRelease := holdFirst(b)
	var wg sync.WaitGroup
	errs := make([]error, 4)
	report := func(i int, st *storage.Store, m storage.Match, entry int64) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, _, errs[i] = st.ReportResult(ctx, e.ID, m.ID, entry, win)
		}()
	}
	report(0, a, ms[0], es[0].ID) // a locks table 1
	<-aLocked
	report(1, a, ms[1], es[3].ID) // then wants table 2
	waitQueued(t, a, 1)
	report(2, b, ms[1], es[2].ID) // b locks table 2
	<-bLocked
	report(3, b, ms[0], es[1].ID) // then wants table 1
	waitQueued(t, b, 1)
	aRelease()
	bRelease()
	wg.Wait()

	for i, err := range errs {
		if err != nil {
			t.Errorf("report %d: %v", i+1, err)
		}
	}
	for _, m := range ms[:2] {
		got, err := a.MatchByID(ctx, e.ID, m.ID)
		if err != nil {
			t.Fatal(err)
		}
		reps, err := a.Reports(ctx, m.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Status != storage.MatchConfirmed || got.Result != storage.ResultP1 || len(reps) != 2 {
			t.Errorf("table %d: %s %s with %d reports, want confirmed P1 with 2", *got.TableNo, got.Status, got.Result, len(reps))
		}
	}
}

// An instance that starts warms its report lanes' connections with a
// report's read and write for no match: nothing of the event changes, not
// even its play version.
func TestWarmingReportLanesWritesNothing(t *testing.T) {
	if storagetest.Backend() != "postgres" {
		t.Skip("PostgreSQL only: SQLite's lane has no connection of its own to warm")
	}
	cfg := storagetest.Config(t)
	a := storagetest.Open(t, cfg)
	e, es := eventWithPlayers(t, a, 2)
	ms := roundOne(t, a, e, es)
	version, _ := a.PlayVersion(ctx, e.ID)
	log, _ := a.AuditLog(ctx, e.ID, 1000)

	b, err := storage.Open(ctx, cfg) // a second instance, as a server starts
	if err != nil {
		t.Fatal(err)
	}
	b.WarmConnections(ctx) // the pool's connections, and a report in each lane
	_ = b.Close()
	after, _ := a.AuditLog(ctx, e.ID, 1000)
	reps, _ := a.Reports(ctx, ms[0].ID)
	m, _ := a.MatchByID(ctx, e.ID, ms[0].ID)
	if v, _ := a.PlayVersion(ctx, e.ID); v != version || len(after) != len(log) || len(reps) != 0 || m.Version != ms[0].Version {
		t.Errorf("after warming: play version %d (was %d), %d audit rows (was %d), %d reports, match version %d (was %d)",
			v, version, len(after), len(log), len(reps), m.Version, ms[0].Version)
	}
	// The match the warm-up reported on is free: both players' reports land.
	for i, entry := range []int64{ms[0].P1EntryID, *ms[0].P2EntryID} {
		if _, _, err := a.ReportResult(ctx, e.ID, ms[0].ID, entry, storage.ResultInput{Result: storage.ResultP1, P1Wins: 1}); err != nil {
			t.Fatalf("report %d after warming: %v", i+1, err)
		}
	}
	if m, _ := a.MatchByID(ctx, e.ID, ms[0].ID); m.Status != storage.MatchConfirmed {
		t.Errorf("match after both reports: %s, want confirmed", m.Status)
	}
}

// Warming the pool does not wait for ever on connections held elsewhere (a
// transaction, another request): it warms the ones it can have and gives up
// on the rest after a while. It waited for ever before, each warm-up holding
// its connection until all twenty had one.
func TestWarmingConnectionsGivesUpOnHeldOnes(t *testing.T) {
	if storagetest.Backend() != "postgres" {
		t.Skip("PostgreSQL only: SQLite has no pool to warm")
	}
	st := storagetest.New(t)
	e, es := eventWithPlayers(t, st, 2)
	ms := roundOne(t, st, e, es)
	release := make(chan struct{})
	var holding, held sync.WaitGroup
	for range 5 {
		holding.Add(1)
		held.Go(func() {
			_ = st.Tx(ctx, func(tx *storage.Store) error {
				if _, err := tx.Rounds(ctx, e.ID); err != nil { // takes its connection
					t.Error(err)
				}
				holding.Done()
				<-release
				return nil
			})
		})
	}
	holding.Wait()
	st.WarmConnections(ctx) // gives up after 5 s; the test's time limit catches a hang
	close(release)
	held.Wait()
	if _, _, err := st.ReportResult(ctx, e.ID, ms[0].ID, es[0].ID, storage.ResultInput{Result: storage.ResultP1, P1Wins: 1}); err != nil {
		t.Fatalf("a report after warming: %v", err)
	}
}

// Once PostgreSQL has analysed a table (which undoes every connection's
// plans that use it), the idle connections are warmed again; with no new
// analysis, nothing is done.
func TestConnectionsWarmedAgainAfterAnAnalysis(t *testing.T) {
	if storagetest.Backend() != "postgres" {
		t.Skip("PostgreSQL only: SQLite plans in the process")
	}
	st := storagetest.New(t)
	// Only the test's ANALYZE may count: autovacuum is kept off these tables.
	if _, err := st.SQL().ExecContext(ctx, `DO $$ DECLARE r record; BEGIN
		FOR r IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' LOOP
			EXECUTE format('ALTER TABLE %I SET (autovacuum_enabled = false)', r.tablename);
		END LOOP; END $$`); err != nil {
		t.Fatal(err)
	}
	e, es := eventWithPlayers(t, st, 2)
	roundOne(t, st, e, es)
	st.WarmConnections(ctx)
	if warmed, err := st.RewarmAfterAnalysis(ctx); err != nil || warmed {
		t.Fatalf("with no analysis since the warm-up: warmed %v, %v; want false", warmed, err)
	}

	// Every idle connection runs a marked statement, so that what it runs
	// next shows in pg_stat_activity.
	const mark = `SELECT 'before the analysis'`
	var conns []*sql.Conn
	for range st.SQL().Stats().Idle {
		c, err := st.SQL().Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := c.ExecContext(ctx, mark); err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
	}
	for _, c := range conns {
		_ = c.Close()
	}
	marked := func() int {
		var n int
		if err := st.SQL().QueryRowContext(ctx, `SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND query = $1`, mark).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := marked(); n < len(conns)-1 {
		t.Fatalf("%d connections show the marked statement, want at least %d", n, len(conns)-1)
	}

	if _, err := st.SQL().ExecContext(ctx, `ANALYZE matches`); err != nil {
		t.Fatal(err)
	}
	if warmed, err := st.RewarmAfterAnalysis(ctx); err != nil || !warmed {
		t.Fatalf("after ANALYZE: warmed %v, %v; want true", warmed, err)
	}
	if n := marked(); n != 0 {
		t.Errorf("%d of %d idle connections not warmed after the analysis", n, len(conns))
	}
	if warmed, err := st.RewarmAfterAnalysis(ctx); err != nil || warmed {
		t.Errorf("asked again with no new analysis: warmed %v, %v; want false", warmed, err)
	}
}

// While the database refuses connections, a report is refused with the
// database's error rather than left waiting for its lane to get a
// connection again (its phone would wait until it gives up).
func TestReportWhileTheDatabaseRefusesConnectionsFails(t *testing.T) {
	if storagetest.Backend() != "postgres" {
		t.Skip("PostgreSQL only: SQLite's file is always there")
	}
	cfg := storagetest.Config(t)
	st := storagetest.Open(t, cfg)
	e, es := eventWithPlayers(t, st, 2)
	ms := roundOne(t, st, e, es)
	// No idle connection for a lane to fall back on: it must ask for a new one.
	st.SQL().SetMaxIdleConns(0)

	u, err := url.Parse(cfg.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	name := strings.TrimPrefix(u.Path, "/")
	admin, err := sql.Open("pgx", os.Getenv("TEST_DATABASE_URL"))
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	for _, q := range []string{
		"ALTER DATABASE " + name + " ALLOW_CONNECTIONS false",
		"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '" + name + "'",
	} {
		if _, err := admin.ExecContext(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	defer func() { _, _ = admin.ExecContext(ctx, "ALTER DATABASE "+name+" ALLOW_CONNECTIONS true") }()

	rctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	// The first report meets its lane's broken connection, the second the
	// lane that can get no other.
	for i := range 2 {
		_, _, err := st.ReportResult(rctx, e.ID, ms[0].ID, es[i].ID, storage.ResultInput{Result: storage.ResultP1, P1Wins: 1})
		if err == nil || errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("report %d while the database refuses connections: %v, want the database's error", i+1, err)
		}
	}
}
