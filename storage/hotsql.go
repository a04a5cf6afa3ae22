package storage

import (
	"strconv"
	"strings"
	"sync"

	"gorm.io/gorm"
)

// A hot query is one run thousands of times in a round's last minutes: a
// player's report and its confirmation. GORM builds a Raw query's text
// afresh on every run, a byte at a time into a growing buffer, and these
// callers built their column lists afresh too: a fifth of a report's
// allocation, and so more garbage collections in a burst of reports, each
// of which held the report lanes up (docs/performance.md). A hot query's
// text is built once for each dialect and sent to the connection as it is.
type hotSQL struct {
	texts map[Dialect]func() string
}

// newHotSQL is the query that build writes for a dialect, with ?
// placeholders (numbered $1, $2 … for PostgreSQL here).
func newHotSQL(build func(Dialect) string) *hotSQL {
	h := &hotSQL{texts: map[Dialect]func() string{}}
	for _, d := range []Dialect{DialectSQLite, DialectPostgres} {
		h.texts[d] = sync.OnceValue(func() string {
			if d == DialectPostgres {
				return dollarPlaceholders(build(d))
			}
			return build(d)
		})
	}
	return h
}

// dollarPlaceholders numbers a query's ? placeholders as PostgreSQL's $1,
// $2 …; a hot query has no ? inside a literal.
func dollarPlaceholders(q string) string {
	var b strings.Builder
	b.Grow(len(q) + 16)
	n := 0
	for i := 0; i < len(q); i++ {
		if q[i] != '?' {
			b.WriteByte(q[i])
			continue
		}
		n++
		b.WriteByte('$')
		b.WriteString(strconv.Itoa(n))
	}
	return b.String()
}

// findHot runs a hot query on db (the store's pool or its transaction) and
// scans the rows into dest as Find does: a pointer to a slice, made with
// room for the rows (GORM's own room is for twenty).
func (s *Store) findHot(db *gorm.DB, q *hotSQL, dest any, args ...any) error {
	ctx := db.Statement.Context
	countQuery(ctx)
	rows, err := db.Statement.ConnPool.QueryContext(ctx, q.texts[s.dialect](), args...)
	if err != nil {
		return translateError(db, err)
	}
	defer rows.Close()
	if rows.Next() {
		if err := db.ScanRows(rows, dest); err != nil {
			return translateError(db, err)
		}
	}
	return translateError(db, rows.Err())
}

// scanOneHot runs a hot query on db and scans its one row into dests by
// hand (no reflection); no row is ErrNotFound.
func (s *Store) scanOneHot(db *gorm.DB, q *hotSQL, dests []any, args ...any) error {
	ctx := db.Statement.Context
	countQuery(ctx)
	rows, err := db.Statement.ConnPool.QueryContext(ctx, q.texts[s.dialect](), args...)
	if err != nil {
		return translateError(db, err)
	}
	defer rows.Close()
	if !rows.Next() {
		if err := rows.Err(); err != nil {
			return translateError(db, err)
		}
		return ErrNotFound
	}
	if err := rows.Scan(dests...); err != nil {
		return err
	}
	return translateError(db, rows.Close())
}

// execHot runs a hot statement on db.
func (s *Store) execHot(db *gorm.DB, q *hotSQL, args ...any) error {
	ctx := db.Statement.Context
	countQuery(ctx)
	_, err := db.Statement.ConnPool.ExecContext(ctx, q.texts[s.dialect](), args...)
	return translateError(db, err)
}

// translateError turns a driver's error into GORM's (a duplicate key, a
// missing foreign row), as GORM does for the queries it runs, so that wrap
// says ErrConflict for them.
func translateError(db *gorm.DB, err error) error {
	if err == nil {
		return nil
	}
	if t, ok := db.Dialector.(gorm.ErrorTranslator); ok {
		return t.Translate(err)
	}
	return err
}
