package storage

import (
	"database/sql/driver"
	"fmt"
	"time"
)

// DBTime reads a time that a query computes (MAX of a date, say):
// PostgreSQL returns a time, but SQLite returns the text it stored, as an
// aggregate loses the column's type there.
type DBTime struct{ time.Time }

// sqliteTimeLayouts are the ways SQLite's driver writes a time, and the
// plain date and timestamp of SQL's own functions.
var sqliteTimeLayouts = []string{
	"2006-01-02 15:04:05.999999999-07:00",
	"2006-01-02T15:04:05.999999999-07:00",
	"2006-01-02 15:04:05.999999999",
	"2006-01-02T15:04:05.999999999",
	"2006-01-02 15:04:05",
	"2006-01-02",
}

// Scan implements sql.Scanner.
func (t *DBTime) Scan(v any) error {
	var s string
	switch x := v.(type) {
	case nil:
		t.Time = time.Time{}
		return nil
	case time.Time:
		t.Time = x
		return nil
	case string:
		s = x
	case []byte:
		s = string(x)
	default:
		return fmt.Errorf("storage: a time read as %T", v)
	}
	for _, layout := range sqliteTimeLayouts {
		if tm, err := time.Parse(layout, s); err == nil {
			t.Time = tm.UTC()
			return nil
		}
	}
	return fmt.Errorf("storage: %q is not a time", s)
}

// Value implements driver.Valuer (GORM reads only types that have both).
func (t DBTime) Value() (driver.Value, error) { return t.Time, nil }
