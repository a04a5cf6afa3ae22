package storage

import (
	"context"
	"database/sql"
	"sync"
)

// readStmts are the read queries prepared by QueryRowPrepared, by pool and
// text. SQLite's driver parses a query's text on every run unless it is a
// prepared statement (a quarter of a millisecond for a query of three
// subqueries, every request of a kept page); database/sql keeps a
// statement prepared on each connection that runs it.
var readStmts sync.Map // readStmtKey → *sql.Stmt

type readStmtKey struct {
	db    *sql.DB
	query string
}

// QueryRowPrepared runs a read-only query of one row, written with ?
// placeholders, prepared once for the store's pool of readers (the one
// pool on PostgreSQL). It is for the small checks pages make on every
// request (a version), outside a transaction.
func (s *Store) QueryRowPrepared(ctx context.Context, query string, args ...any) (*sql.Row, error) {
	db := s.sqlDB
	if s.rsqlDB != nil {
		db = s.rsqlDB
	}
	if s.dialect == DialectPostgres {
		query = dollarPlaceholders(query)
	}
	countQuery(ctx)
	key := readStmtKey{db, query}
	if st, ok := readStmts.Load(key); ok {
		return st.(*sql.Stmt).QueryRowContext(ctx, args...), nil
	}
	st, err := db.PrepareContext(ctx, query)
	if err != nil {
		return nil, wrap("prepare", err)
	}
	if prev, loaded := readStmts.LoadOrStore(key, st); loaded {
		_ = st.Close()
		st = prev.(*sql.Stmt)
	}
	return st.QueryRowContext(ctx, args...), nil
}
