package storage

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"reflect"

	"github.com/glebarez/sqlite"
	"gorm.io/gorm"
)

// SQLite compiles a statement's SQL before it runs it, and that was a third
// of a result report's CPU at a round's end (docs/performance.md): GORM and
// database/sql hand the driver the same few texts again and again, outside
// any prepared statement (a statement prepared in a transaction is prepared
// again in the next). keptSQLite is modernc.org/sqlite's driver with every
// connection keeping its statements compiled, by their text: a statement
// runs again from its compiled form, reset between runs.
const keptSQLiteDriver = "sqlite-kept"

// keptStatements bounds the statements a connection keeps compiled: a
// list's IN (?, ?, …) is a statement of its own for every length.
const keptStatements = 256

func init() {
	// The driver that github.com/glebarez/sqlite's import registered as
	// "sqlite" (modernc.org/sqlite, see third_party/go-sqlite).
	base, err := sql.Open("sqlite", "")
	if err != nil {
		panic(err)
	}
	sql.Register(keptSQLiteDriver, keptDriver{base: base.Driver()})
	_ = base.Close()
}

// openKeptSQLite is GORM's SQLite dialector on the kept driver.
func openKeptSQLite(dsn string) gorm.Dialector {
	return &sqlite.Dialector{DriverName: keptSQLiteDriver, DSN: dsn}
}

type keptDriver struct{ base driver.Driver }

func (d keptDriver) Open(dsn string) (driver.Conn, error) {
	c, err := d.base.Open(dsn)
	if err != nil {
		return nil, err
	}
	return &keptConn{Conn: c, stmts: map[string]*keptStmt{}}, nil
}

// keptConn is a connection with its compiled statements. database/sql uses
// a connection from one goroutine at a time, so the map needs no lock.
type keptConn struct {
	driver.Conn
	stmts map[string]*keptStmt
}

// keptStmt is a compiled statement; busy while rows read from it are open
// (a second run of the same text meanwhile is compiled afresh, as before).
type keptStmt struct {
	st   driver.Stmt
	busy bool
}

// kept is query's compiled statement, nil when it is busy or does not
// compile (the caller then runs the query as it is, which says why).
func (c *keptConn) kept(ctx context.Context, query string) *keptStmt {
	if ks, ok := c.stmts[query]; ok {
		if ks.busy {
			return nil
		}
		return ks
	}
	st, err := c.Conn.(driver.ConnPrepareContext).PrepareContext(ctx, query)
	if err != nil {
		return nil
	}
	if len(c.stmts) >= keptStatements {
		c.forgetIdle()
	}
	ks := &keptStmt{st: st}
	c.stmts[query] = ks
	return ks
}

// forgetIdle closes the statements no rows are reading from.
func (c *keptConn) forgetIdle() {
	for q, ks := range c.stmts {
		if !ks.busy {
			_ = ks.st.Close()
			delete(c.stmts, q)
		}
	}
}

func (c *keptConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	ks := c.kept(ctx, query)
	if ks == nil {
		return c.Conn.(driver.QueryerContext).QueryContext(ctx, query, args)
	}
	rows, err := ks.st.(driver.StmtQueryContext).QueryContext(ctx, args)
	if err != nil {
		return nil, err
	}
	ks.busy = true
	return &keptRows{Rows: rows, ks: ks}, nil
}

func (c *keptConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	ks := c.kept(ctx, query)
	if ks == nil {
		return c.Conn.(driver.ExecerContext).ExecContext(ctx, query, args)
	}
	return ks.st.(driver.StmtExecContext).ExecContext(ctx, args)
}

func (c *keptConn) Close() error {
	for q, ks := range c.stmts {
		_ = ks.st.Close()
		delete(c.stmts, q)
	}
	return c.Conn.Close()
}

func (c *keptConn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	return c.Conn.(driver.ConnPrepareContext).PrepareContext(ctx, query)
}

func (c *keptConn) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	return c.Conn.(driver.ConnBeginTx).BeginTx(ctx, opts)
}

func (c *keptConn) Ping(ctx context.Context) error { return c.Conn.(driver.Pinger).Ping(ctx) }

func (c *keptConn) ResetSession(ctx context.Context) error {
	return c.Conn.(driver.SessionResetter).ResetSession(ctx)
}

func (c *keptConn) IsValid() bool { return c.Conn.(driver.Validator).IsValid() }

// keptRows are rows read from a kept statement, which is free again once
// they are closed. The column types are the driver's (GORM scans by them).
type keptRows struct {
	driver.Rows
	ks *keptStmt
}

func (r *keptRows) Close() error {
	err := r.Rows.Close()
	r.ks.busy = false
	return err
}

func (r *keptRows) ColumnTypeDatabaseTypeName(i int) string {
	return r.Rows.(driver.RowsColumnTypeDatabaseTypeName).ColumnTypeDatabaseTypeName(i)
}

func (r *keptRows) ColumnTypeLength(i int) (int64, bool) {
	return r.Rows.(driver.RowsColumnTypeLength).ColumnTypeLength(i)
}

func (r *keptRows) ColumnTypeNullable(i int) (bool, bool) {
	return r.Rows.(driver.RowsColumnTypeNullable).ColumnTypeNullable(i)
}

func (r *keptRows) ColumnTypePrecisionScale(i int) (int64, int64, bool) {
	return r.Rows.(driver.RowsColumnTypePrecisionScale).ColumnTypePrecisionScale(i)
}

func (r *keptRows) ColumnTypeScanType(i int) reflect.Type {
	return r.Rows.(driver.RowsColumnTypeScanType).ColumnTypeScanType(i)
}
