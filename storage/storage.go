// Package storage is the only package that talks to the database, with its
// sub-packages. It opens SQLite (the embedded default) or PostgreSQL, runs
// the migrations and offers one method per query, named after what it
// returns, for events, entries, rounds, matches, reports and the judges'
// records. Its sub-packages build on it, each with one job: leagues
// (players across events, seasons, ratings, store tokens), eventfile (an
// event as one file: export, import, snapshots, restore) and backup (the
// SQLite file's backup and restore). They import storage, never the reverse
// (subpackages.go is what they use of it).
package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
)

// Dialect names the database behind a Store.
type Dialect string

const (
	DialectSQLite   Dialect = "sqlite"
	DialectPostgres Dialect = "postgres"
)

// Config says which database to open.
type Config struct {
	// DatabaseURL is a postgres:// or postgresql:// URL. Empty means SQLite.
	DatabaseURL string
	// SQLitePath is the SQLite file used when DatabaseURL is empty.
	SQLitePath string
	// SQLiteSynchronous is SQLite's synchronous setting: empty means FULL,
	// which syncs every commit to disk so a power cut loses no reported
	// result. NORMAL is there for the benchmark that measures what FULL
	// costs (docs/performance.md).
	SQLiteSynchronous string
	Logger            *slog.Logger
}

// Store wraps the database handle. Its methods are safe for concurrent use.
type Store struct {
	db    *gorm.DB
	sqlDB *sql.DB
	// rdb is SQLite's pool of read-only connections beside the one writer
	// (WAL lets them read while it writes); nil for PostgreSQL and inside a
	// transaction. See read.
	rdb    *gorm.DB
	rsqlDB *sql.DB
	// stopCheckpoints ends SQLite's checkpoint loop (see checkpoints).
	stopCheckpoints func()
	dialect         Dialect
	log             *slog.Logger
	now             func() time.Time
	hooks           *hooks
	pending         *[]Notice // notices of the open transaction, nil outside one
	// milestones of the open transaction (snapshots to take), nil outside one
	milestones *[]Milestone
	unlock     func() // releases the SQLite file's shared lock (see lockSQLite); nil for PostgreSQL
	// group writes players' reports in shared commits (SQLite; see
	// GroupedTx); nil for PostgreSQL.
	group *groupCommitter
	// analysed is when PostgreSQL last analysed a table, as the server's
	// connections were last warmed for it (PostgreSQL; see
	// RewarmAfterAnalysis); nil for SQLite and inside a transaction.
	analysed *atomic.Int64
	// notices sends notices with NOTIFY after commit (PostgreSQL; see
	// notifier.go); nil for SQLite.
	notices *notifier
	// detached: this transaction is shared with other writes (GroupedTx), so
	// its statements run to their end even if the caller's context is
	// cancelled: SQLite rolls back the whole transaction when a write is
	// interrupted, and would take the others' writes with it.
	detached bool
	// versions shares concurrent play-version reads (playversion.go); nil
	// inside a transaction.
	versions *versionReads
	// wal tells when anything commits to the SQLite file and keeps the
	// play versions read since (sqlite_changes.go); nil for PostgreSQL and
	// inside a transaction.
	wal *walWatch
}

// hooks are shared by a Store and the transaction Stores made from it.
type hooks struct {
	onNotice    func(Notice)
	onMilestone func(context.Context, Milestone)
}

// IsPostgresURL reports whether s names a PostgreSQL database.
func IsPostgresURL(s string) bool {
	return strings.HasPrefix(s, "postgres://") || strings.HasPrefix(s, "postgresql://")
}

// Open connects to the database the config names and checks it answers. It
// does not migrate: call Migrate (serve does, on start).
func Open(ctx context.Context, cfg Config) (*Store, error) {
	log := cfg.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	db, dialect, unlock, err := openGorm(cfg)
	if err != nil {
		return nil, err
	}
	// release undoes what Open did so far when a later step fails.
	release := func(sqlDB *sql.DB) {
		if sqlDB != nil {
			_ = sqlDB.Close()
		}
		if unlock != nil {
			unlock()
		}
	}
	sqlDB, err := db.DB()
	if err != nil {
		release(nil)
		return nil, fmt.Errorf("open %s database: %w", dialect, err)
	}
	tunePool(sqlDB, dialect)
	pingCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := sqlDB.PingContext(pingCtx); err != nil {
		release(sqlDB)
		return nil, fmt.Errorf("connect to %s database: %w", dialect, err)
	}
	if err := countQueries(db); err != nil {
		release(sqlDB)
		return nil, fmt.Errorf("open %s database: %w", dialect, err)
	}
	st := &Store{db: db, sqlDB: sqlDB, dialect: dialect, log: log, now: func() time.Time { return time.Now().UTC() }, hooks: &hooks{}, unlock: unlock,
		versions: &versionReads{under: map[int64]*versionRead{}}}
	if dialect == DialectPostgres {
		st.startNotifier()
		st.analysed = new(atomic.Int64)
		// Players' reports share transactions on both databases (GroupedTx).
		st.startGroupCommits(postgresLanes, true)
		return st, nil
	}
	if err := st.startReaders(cfg.SQLitePath); err != nil {
		release(sqlDB)
		return nil, fmt.Errorf("open %s database: %w", dialect, err)
	}
	st.startGroupCommits(1, false)
	return st, nil
}

// openGorm opens the database of cfg: PostgreSQL for a postgres:// URL,
// else the SQLite file, locked for this process (unlock frees it).
func openGorm(cfg Config) (db *gorm.DB, dialect Dialect, unlock func(), err error) {
	gcfg := gormConfig()
	switch {
	case cfg.DatabaseURL != "" && IsPostgresURL(cfg.DatabaseURL):
		dialect = DialectPostgres
		// The pool is opened here, not by GORM's driver from the URL: the
		// driver puts a hook of its own in place of keepBackendMemory when
		// the URL names a time zone.
		var pgcfg *pgx.ConnConfig
		if pgcfg, err = pgx.ParseConfig(cfg.DatabaseURL); err == nil {
			pool := stdlib.OpenDB(*pgcfg, stdlib.OptionAfterConnect(keepBackendMemory))
			// The DSN stays with the dialector: Listen connects with it.
			if db, err = gorm.Open(postgres.New(postgres.Config{DSN: cfg.DatabaseURL, Conn: pool}), gcfg); err != nil {
				_ = pool.Close()
			}
		}
	case cfg.DatabaseURL != "":
		return nil, "", nil, fmt.Errorf("DATABASE_URL must start with postgres:// or postgresql:// (leave it unset for the built-in SQLite database)")
	default:
		dialect = DialectSQLite
		if cfg.SQLitePath == "" {
			return nil, "", nil, errors.New("no SQLite file given")
		}
		switch cfg.SQLiteSynchronous {
		case "", "FULL", "NORMAL":
		default:
			return nil, "", nil, fmt.Errorf("SQLite synchronous setting %q: want FULL or NORMAL", cfg.SQLiteSynchronous)
		}
		if err := os.MkdirAll(filepath.Dir(cfg.SQLitePath), 0o750); err != nil {
			return nil, "", nil, fmt.Errorf("create data directory: %w", err)
		}
		if unlock, err = lockSQLite(cfg.SQLitePath); err != nil {
			return nil, "", nil, err
		}
		db, err = gorm.Open(openKeptSQLite(sqliteDSN(cfg.SQLitePath, cfg.SQLiteSynchronous)), gcfg)
	}
	if err != nil {
		if unlock != nil {
			unlock()
		}
		return nil, "", nil, fmt.Errorf("open %s database: %w", dialect, err)
	}
	return db, dialect, unlock, nil
}

// tunePool sizes the connection pool for the dialect.
func tunePool(sqlDB *sql.DB, dialect Dialect) {
	if dialect == DialectSQLite {
		// SQLite allows one writer; one connection avoids "database is locked"
		// between our own goroutines.
		sqlDB.SetMaxOpenConns(1)
		return
	}
	sqlDB.SetMaxOpenConns(postgresPool)
	// Every connection stays open between the bursts of a round's end
	// (up to the idle time), so a burst does not open new ones.
	sqlDB.SetMaxIdleConns(postgresPool)
	// An hour, longer than a round: a connection that has served the
	// last round's end is warm for the next (a new one plans every
	// statement afresh and is several times slower at first).
	sqlDB.SetConnMaxIdleTime(time.Hour)
}

// startReaders opens the SQLite file's readers, after the writer,
// which has put the file in WAL mode, and starts the checkpoints.
func (st *Store) startReaders(path string) error {
	var err error
	if st.rdb, st.rsqlDB, err = openSQLiteReaders(path); err != nil {
		return err
	}
	if st.stopCheckpoints, err = st.checkpoints(path); err != nil {
		_ = st.rsqlDB.Close()
		return err
	}
	if st.wal, err = watchWAL(path); err != nil {
		// Pages stay fresh without it, one query each.
		st.log.Warn("SQLite: play versions are read on every request", "err", err)
		st.wal = nil
	}
	return nil
}

// checkpointEvery is how often SQLite's write-ahead log is copied into the
// database file; restartAfterPages is how long the log may grow before it is
// started afresh (4 MiB of 4 KiB pages).
const (
	checkpointEvery   = 200 * time.Millisecond
	restartAfterPages = 1000
)

// checkpoints copies the write-ahead log into the database file and starts
// it afresh, in two steps so that results being written never wait for the
// copy:
//
//   - every checkpointEvery, a PASSIVE checkpoint on a connection of its own
//     copies what the log holds into the database file and syncs it. It takes
//     no writer lock, so commits go on beside it.
//   - once the log is longer than restartAfterPages, a RESTART on the
//     writer's connection starts it afresh. Right after the copy it has only
//     the last few commits left to copy, then waits for the readers of the
//     moment (well under a millisecond each).
//
// SQLite would checkpoint by itself in the commit that takes the log past
// 1,000 pages, but with readers always busy beside the writer the log can
// never start afresh that way: every commit then tries to checkpoint, with a
// sync of the database file each time, and reports slow to a crawl. A
// RESTART every second on the writer's connection, which did the copy too,
// held every report behind it for up to 200 ms (docs/performance.md), hence
// the split. wal_autocheckpoint of 10,000 pages is only a backstop.
func (s *Store) checkpoints(path string) (stop func(), err error) {
	csql, err := openSQLiteConn("file:" + path + "?_pragma=busy_timeout(10000)" + sqliteTimes)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer csql.Close()
		t := time.NewTicker(checkpointEvery)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
			var busy, logPages, copied int
			err := csql.QueryRowContext(ctx, "PRAGMA wal_checkpoint(PASSIVE)").Scan(&busy, &logPages, &copied)
			if err == nil && logPages >= restartAfterPages {
				_, err = s.sqlDB.ExecContext(ctx, "PRAGMA wal_checkpoint(RESTART)")
			}
			if err != nil && ctx.Err() == nil {
				s.log.Warn("SQLite checkpoint", "err", err)
			}
		}
	}()
	return func() { cancel(); <-done }, nil
}

// gormConfig is the GORM setup of every connection pool.
func gormConfig() *gorm.Config {
	return &gorm.Config{
		TranslateError: true,
		Logger:         logger.Discard,
		NowFunc:        func() time.Time { return time.Now().UTC() },
	}
}

// sqliteReaders is how many read-only connections SQLite gets beside the
// writer: the pages most asked for (a player's page, the standings) read
// there, so a thousand phones do not queue behind results being written.
const sqliteReaders = 4

func openSQLiteReaders(path string) (*gorm.DB, *sql.DB, error) {
	dsn := "file:" + path + "?_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)&_pragma=query_only(1)" + sqliteTimes
	// The readers run the same few queries all day: each connection keeps
	// them prepared.
	rcfg := gormConfig()
	rcfg.PrepareStmt = true
	rdb, err := gorm.Open(openKeptSQLite(dsn), rcfg)
	if err != nil {
		return nil, nil, err
	}
	rsql, err := rdb.DB()
	if err != nil {
		return nil, nil, err
	}
	if err := countQueries(rdb); err != nil {
		_ = rsql.Close()
		return nil, nil, err
	}
	rsql.SetMaxOpenConns(sqliteReaders)
	rsql.SetMaxIdleConns(sqliteReaders)
	return rdb, rsql, nil
}

// sqliteDSN is how every connection to a SQLite file is opened. WAL lets
// readers work while one writer writes; the busy timeout makes a second
// writer wait instead of failing at once; synchronous FULL (the default)
// syncs the log on every commit, so a power cut cannot lose a result that a
// player was told is saved; checkpoints are left to a loop (see checkpoints).
func sqliteDSN(path, synchronous string) string {
	if synchronous == "" {
		synchronous = "FULL"
	}
	return "file:" + path + "?_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)&_pragma=synchronous(" + synchronous + ")&_pragma=wal_autocheckpoint(10000)&_txlock=immediate" + sqliteTimes
}

// sqliteTimes writes times as the driver this store was first built on
// did (modernc.org/sqlite's default is Go's time.String()), so databases
// written before and after read the same.
const sqliteTimes = "&_time_format=sqlite"

// Dialect tells which database this store uses.
func (s *Store) Dialect() Dialect { return s.dialect }

// Close releases the connections (and, for SQLite, the file's lock).
func (s *Store) Close() error {
	s.stopGroupCommits()
	if s.notices != nil {
		s.notices.close()
	}
	if s.stopCheckpoints != nil {
		s.stopCheckpoints()
	}
	if s.wal != nil {
		s.wal.close()
	}
	if s.rsqlDB != nil {
		_ = s.rsqlDB.Close()
	}
	err := s.sqlDB.Close()
	if s.unlock != nil {
		s.unlock()
	}
	return err
}

// Ping checks the database answers within the context's deadline.
func (s *Store) Ping(ctx context.Context) error { return s.sqlDB.PingContext(ctx) }

// SQL exposes the underlying handle for tools that need plain SQL (goose, tests).
func (s *Store) SQL() *sql.DB { return s.sqlDB }

// SetClock replaces the time source; tests use it to move time forward.
func (s *Store) SetClock(now func() time.Time) { s.now = now }

// Tx runs fn in one transaction: everything fn writes lands, or nothing does.
// Notices queued inside it are delivered after it commits.
func (s *Store) Tx(ctx context.Context, fn func(tx *Store) error) error {
	return s.tx(ctx, fn, false)
}

// tx is Tx; queued hands PostgreSQL's notices to the instance's sender
// instead of sending them before returning (see notifier.go).
func (s *Store) tx(ctx context.Context, fn func(tx *Store) error, queued bool) error {
	if s.pending != nil {
		// Already in a transaction: join it.
		return fn(s)
	}
	var pending []Notice
	var milestones []Milestone
	err := s.db.WithContext(ctx).Transaction(func(gtx *gorm.DB) error {
		return fn(s.inTx(gtx, &pending, &milestones))
	})
	if err == nil {
		s.deliver(ctx, pending, milestones, queued)
	}
	return err
}

// inTx is the Store of an open transaction gtx, collecting its notices and
// milestones in pending and milestones until it commits.
func (s *Store) inTx(gtx *gorm.DB, pending *[]Notice, milestones *[]Milestone) *Store {
	return &Store{db: gtx, sqlDB: s.sqlDB, dialect: s.dialect, log: s.log, now: s.now, hooks: s.hooks,
		pending: pending, milestones: milestones}
}

// deliver hands a committed transaction's notices and milestones on.
func (s *Store) deliver(ctx context.Context, pending []Notice, milestones []Milestone, queued bool) {
	switch {
	case s.notices != nil && queued:
		s.notices.send(pending)
	case s.notices != nil:
		s.notifyNow(ctx, pending)
	case s.hooks.onNotice != nil:
		for _, n := range pending {
			s.hooks.onNotice(n)
		}
	}
	if s.hooks.onMilestone != nil {
		for _, m := range milestones {
			s.hooks.onMilestone(ctx, m)
		}
	}
}

func (s *Store) with(ctx context.Context) *gorm.DB {
	if s.detached {
		ctx = context.WithoutCancel(ctx)
	}
	return s.db.WithContext(ctx)
}

// read is for queries that only read, outside a transaction: on SQLite they
// go to the pool of read-only connections, which see every committed write
// (each query reads the latest commit) and never wait for the writer. Inside
// a transaction, and on PostgreSQL, it is the same as with.
func (s *Store) read(ctx context.Context) *gorm.DB {
	if s.rdb != nil && s.pending == nil {
		return s.rdb.WithContext(ctx)
	}
	return s.with(ctx)
}
