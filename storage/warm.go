package storage

import (
	"context"
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
	// Each warm-up keeps its connection until all have one, so that every
	// connection of the pool is warmed, not the same one twenty times. The
	// report lanes keep theirs; a connection someone else holds is given up
	// on after a while rather than waited for.
	n := postgresPool
	if s.group != nil {
		n -= len(s.group.lanes)
	}
	takeCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
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
	if s.group != nil {
		for lane := range s.group.lanes {
			_ = s.GroupedTx(ctx, int64(lane), func(tx *Store) error {
				tx.warmForReports(ctx)
				return nil
			})
		}
	}
}
