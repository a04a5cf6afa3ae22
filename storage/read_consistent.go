package storage

import (
	"context"
	"database/sql"
	"errors"

	"gorm.io/gorm"
)

// ReadConsistent runs fn in a read-only transaction that sees one state of
// the database: an export read in pieces never mixes a result with a report
// that came in between two of its queries. (SQLite's single connection
// already serialises; PostgreSQL needs repeatable read for it.)
func (s *Store) ReadConsistent(ctx context.Context, fn func(tx *Store) error) error {
	if s.pending != nil {
		return fn(s)
	}
	var opts []*sql.TxOptions
	if s.dialect == DialectPostgres {
		opts = append(opts, &sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true})
	}
	var pending []Notice
	return s.db.WithContext(ctx).Transaction(func(gtx *gorm.DB) error {
		return fn(s.inTx(gtx, &pending, nil))
	}, opts...)
}

func isNotFound(err error) bool { return errors.Is(err, ErrNotFound) }
