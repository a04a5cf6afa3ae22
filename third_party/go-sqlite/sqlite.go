// Package sqlite stands in for github.com/glebarez/go-sqlite, the driver
// that GORM's SQLite dialector (github.com/glebarez/sqlite) imports. That
// fork compiles a statement's SQL again on every run, prepared or not: a
// third of a result report's CPU at the end of a round went to SQLite's
// parser (docs/performance.md). modernc.org/sqlite, which the fork came
// from and whose SQLite it runs, now keeps a prepared statement compiled.
// This package registers modernc.org/sqlite as the "sqlite" driver and
// gives the dialector the one name it uses, Error.
package sqlite

import msqlite "modernc.org/sqlite"

// Error is the driver's error, with its SQLite result code.
type Error = msqlite.Error
