package storage

import "testing"

// A hot query's ? placeholders are numbered for PostgreSQL in order; the
// SQLite text keeps them.
func TestHotSQLPlaceholders(t *testing.T) {
	q := newHotSQL(func(d Dialect) string {
		lock := ""
		if d == DialectPostgres {
			lock = " FOR UPDATE"
		}
		return "SELECT a FROM t WHERE b = ? AND c IN (?, ?)" + lock
	})
	if got, want := q.texts[DialectPostgres](), "SELECT a FROM t WHERE b = $1 AND c IN ($2, $3) FOR UPDATE"; got != want {
		t.Errorf("PostgreSQL: %q, want %q", got, want)
	}
	if got, want := q.texts[DialectSQLite](), "SELECT a FROM t WHERE b = ? AND c IN (?, ?)"; got != want {
		t.Errorf("SQLite: %q, want %q", got, want)
	}
	if got, want := dollarPlaceholders(saveMatchSQL.texts[DialectSQLite]()), saveMatchSQL.texts[DialectPostgres](); got != want || got == saveMatchSQL.texts[DialectSQLite]() {
		t.Errorf("saveMatch on PostgreSQL: %q", got)
	}
}
