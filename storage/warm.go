package storage

import (
	"context"
	"database/sql"
	"sync"
	"time"

	"gorm.io/gorm"
)

// postgresPool is how many connections a server keeps to PostgreSQL.
const postgresPool = 20

// planRuns is how often a warm-up runs each statement: PostgreSQL plans a
// prepared statement afresh on each of its first five runs on a connection
// and only then keeps one plan. Planning the report's widest query took
// 0.3 ms on an idle machine and up to 24 ms in a burst (pg_stat_statements).
const planRuns = 6

// WarmConnections prepares the server's PostgreSQL connections for the
// burst at a round's end, when every table reports within a few seconds. A
// backend runs a statement it has not run before several times slower
// (it parses and plans it, and loads what it needs of the catalogue), so a
// round's first reports, spread over every connection of the pool, took up
// to ten times as long as the rest (docs/performance.md). This opens all of
// the pool's connections and runs on each the reads a report starts with
// (its link, event and match; the round's completion check), for nothing,
// and on each report lane's own connection a report it undoes
// (warmForReports). Nothing is written. Run it once the schema is migrated;
// it does nothing on SQLite, whose statements are prepared in the process.
func (s *Store) WarmConnections(ctx context.Context) {
	if s.dialect != DialectPostgres {
		return
	}
	// What PostgreSQL's statistics are as of now: a later analysis warms
	// again (RewarmAfterAnalysis).
	if at, err := s.lastAnalysis(ctx); err == nil && s.analysed != nil {
		s.analysed.Store(at)
	}
	// The report lanes keep their connections; a connection someone else
	// holds is given up on after a while rather than waited for.
	n := postgresPool
	if s.group != nil {
		n -= len(s.group.lanes)
	}
	s.warm(ctx, n, 5*time.Second)
	if s.group != nil {
		for lane := range s.group.lanes {
			_ = s.GroupedTx(ctx, int64(lane), func(tx *Store) error {
				tx.warmForReports(ctx)
				return nil
			})
		}
	}
}

// RewarmAfterAnalysis warms the connections again (see WarmConnections)
// when PostgreSQL has analysed one of the tables since it last looked, and
// reports whether it did. New statistics of a table undo every plan that
// uses it, on every connection: the next run of each statement on each
// connection is planned afresh. Autovacuum analyses the matches a minute
// after a round is paired, so without this the round's first reports were
// planned again on a dozen connections at once, 40-60 ms each on this
// 2-core machine (docs/performance.md). Only connections that are idle
// are warmed, and none is waited for long: it runs while players use the
// server. The report lanes are left alone (their warm-up writes a report
// it undoes, which is for a server with no reports coming yet): each plans
// its statements again with its next group, two connections rather than
// twenty. It does nothing on SQLite.
func (s *Store) RewarmAfterAnalysis(ctx context.Context) (bool, error) {
	if s.analysed == nil { // SQLite, or a transaction's Store
		return false, nil
	}
	at, err := s.lastAnalysis(ctx)
	if err != nil {
		return false, err
	}
	if s.analysed.Swap(at) == at {
		return false, nil
	}
	s.warm(ctx, s.sqlDB.Stats().Idle, 100*time.Millisecond)
	return true, nil
}

// lastAnalysis is when PostgreSQL last analysed one of the database's
// tables (by hand or by autovacuum), as Unix nanoseconds; 0 if never.
func (s *Store) lastAnalysis(ctx context.Context) (int64, error) {
	var at sql.NullTime
	err := s.sqlDB.QueryRowContext(ctx, `SELECT max(greatest(last_analyze, last_autoanalyze)) FROM pg_stat_user_tables`).Scan(&at)
	if err != nil || !at.Valid {
		return 0, err
	}
	return at.Time.UnixNano(), nil
}

// warm runs the reads a report starts with on n connections of the pool at
// once, each taken within takeWithin or given up.
func (s *Store) warm(ctx context.Context, n int, takeWithin time.Duration) {
	// Each warm-up keeps its connection until all have one, so that n
	// connections of the pool are warmed, not the same one n times.
	takeCtx, cancel := context.WithTimeout(ctx, takeWithin)
	defer cancel()
	var taken, done sync.WaitGroup
	taken.Add(n)
	for range n {
		done.Go(func() {
			held := false
			_ = s.db.WithContext(takeCtx).Connection(func(conn *gorm.DB) error {
				held = true
				c := s.inTx(conn, nil, nil)
				for range planRuns {
					_, _, _, _ = c.PlayerMatch(ctx, "", 0)
					_ = c.completeIfDone(ctx, ActorSystem, 0)
				}
				taken.Done()
				taken.Wait()
				return nil
			})
			if !held {
				taken.Done()
			}
		})
	}
	done.Wait()
}
