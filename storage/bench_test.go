package storage_test

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
)

// BenchmarkReportResultSQLite measures what a player's result report costs on
// the SQLite file, with SQLite's synchronous setting at FULL (every commit
// synced to disk: the default) and NORMAL (the log synced at checkpoints
// only: a power cut may lose the last commits). One op is one report; every
// second one confirms its match. Figures: docs/performance.md.
//
//	go test ./storage/ -run '^$' -bench ReportResultSQLite -benchtime 2000x
func BenchmarkReportResultSQLite(b *testing.B) {
	for _, mode := range []string{"FULL", "NORMAL"} {
		b.Run("synchronous="+mode, func(b *testing.B) {
			st, e, ms := reportBench(b, mode, b.N/2+1)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if err := reportOne(st, e, ms, i); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "reports/s")
		})
	}
}

// BenchmarkReportResultSQLiteConcurrent is the end of a round: 64 phones
// report at once, so reports queue for SQLite's one writer and share
// commits (GroupedTx). One op is one report.
//
//	go test ./storage/ -run '^$' -bench ReportResultSQLiteConcurrent -benchtime 4000x
func BenchmarkReportResultSQLiteConcurrent(b *testing.B) {
	st, e, ms := reportBench(b, "FULL", b.N/2+1)
	reportInParallel(b, st, e, ms, func(i int) int { return i })
}

// BenchmarkReportResultConcurrent is BenchmarkReportResultSQLiteConcurrent
// on the test backend (TENKAICHI_TEST_DB=postgres for PostgreSQL): the
// database's side of a round's end, without HTTP.
func BenchmarkReportResultConcurrent(b *testing.B) {
	st := storagetest.New(b)
	e, ms := reportRound(b, st, b.N/2+1)
	// In random order, as at a round's end: the two reports of a match
	// seldom come at the same moment.
	order := rand.New(rand.NewPCG(1, 2)).Perm(b.N)
	reportInParallel(b, st, e, ms, func(i int) int { return order[i] })
}

// reportInParallel sends b.N reports from 64 goroutines on two cores, the
// i-th sent being report nth(i) (reportOne), and reports their rate.
func reportInParallel(b *testing.B, st *storage.Store, e *storage.Event, ms []storage.Match, nth func(i int) int) {
	var next atomic.Int64
	b.SetParallelism(32)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if err := reportOne(st, e, ms, nth(int(next.Add(1)-1))); err != nil {
				b.Error(err)
				return
			}
		}
	})
	b.StopTimer()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "reports/s")
}

// BenchmarkReportResultSerial is one report at a time on the test backend:
// what one report costs when nothing waits.
func BenchmarkReportResultSerial(b *testing.B) {
	st := storagetest.New(b)
	e, ms := reportRound(b, st, b.N/2+1)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := reportOne(st, e, ms, i); err != nil {
			b.Fatal(err)
		}
	}
}

// reportBench opens a SQLite file with a running event and a published
// round of the given number of matches.
func reportBench(b *testing.B, synchronous string, matches int) (*storage.Store, *storage.Event, []storage.Match) {
	st, err := storage.Open(ctx, storage.Config{SQLitePath: filepath.Join(b.TempDir(), "tenkaichi.db"), SQLiteSynchronous: synchronous})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = st.Close() })
	if _, err := st.Migrate(ctx); err != nil {
		b.Fatal(err)
	}
	e, ms := reportRound(b, st, matches)
	return st, e, ms
}

// reportRound makes a running event with a published round of the given
// number of matches.
func reportRound(b *testing.B, st *storage.Store, matches int) (*storage.Event, []storage.Match) {
	e := newEvent("Bench")
	e.Status = storage.StatusRunning
	var entries []storage.Entry
	var pairs []storage.NewMatch
	err := st.Tx(ctx, func(tx *storage.Store) error {
		if err := tx.CreateEvent(ctx, org, e); err != nil {
			return err
		}
		for i := 0; i < 2*matches; i++ {
			en := storage.Entry{EventID: e.ID, PlayerName: fmt.Sprintf("P%d", i), TokenHash: fmt.Sprintf("bench%d", i)}
			if err := tx.RegisterEntry(ctx, org, &en); err != nil {
				return err
			}
			entries = append(entries, en)
		}
		for i := 0; i < matches; i++ {
			pairs = append(pairs, storage.NewMatch{TableNo: ptr(i + 1), P1: entries[2*i].ID, P2: ptr(entries[2*i+1].ID)})
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	r, err := st.CreateRound(ctx, org, e.ID, 1, storage.KindSwiss, 35*time.Minute, pairs)
	if err != nil {
		b.Fatal(err)
	}
	if err := st.PublishRound(ctx, org, e.ID, 1); err != nil {
		b.Fatal(err)
	}
	ms, err := st.Matches(ctx, r.ID)
	if err != nil {
		b.Fatal(err)
	}
	return e, ms
}

// reportOne is report i: P1's report of match i/2 for even i, P2's
// confirmation for odd i. P1 wins.
func reportOne(st *storage.Store, e *storage.Event, ms []storage.Match, i int) error {
	m := ms[i/2]
	reporter := m.P1EntryID
	if i%2 == 1 {
		reporter = *m.P2EntryID
	}
	_, _, err := st.ReportResult(ctx, e.ID, m.ID, reporter, storage.ResultInput{Result: storage.ResultP1})
	return err
}
