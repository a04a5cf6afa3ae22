package storage

import (
	"fmt"
	"reflect"
	"strings"
	"sync"

	"gorm.io/gorm/schema"
)

// A hot path (a player's result report) reads rows of several tables in one
// query rather than one query a table: every query is a round trip to
// PostgreSQL, and at the end of a round every table reports at once. The
// rows land in a struct whose fields are the models, each embedded with a
// prefix (`gorm:"embedded;embeddedPrefix:en_"`), and the query names each
// model's columns with that prefix (columnsAs), so the list follows the
// models without being written out by hand.
//
// These raw queries are read with Find, not Scan: GORM's Scan writes out
// every statement with its values for a logger of its own, whatever the
// configured one (8% of the server's time per report, measured).

var joinedColumns sync.Map // "type alias prefix" -> select list

// columnsAs is the select list of model's columns from the table aliased as
// alias, each read as prefix+column: "en.id AS en_id, en.event_id AS
// en_event_id, …".
func columnsAs(model any, alias, prefix string) string {
	key := fmt.Sprintf("%s %s %s", reflect.TypeOf(model), alias, prefix)
	if cols, ok := joinedColumns.Load(key); ok {
		return cols.(string)
	}
	sch, err := schema.Parse(model, &sync.Map{}, schema.NamingStrategy{})
	if err != nil {
		panic(fmt.Sprintf("storage: columns of %T: %v", model, err)) // a model that does not parse is a programming error
	}
	parts := make([]string, 0, len(sch.DBNames))
	for _, col := range sch.DBNames {
		parts = append(parts, alias+"."+col+" AS "+prefix+col)
	}
	cols := strings.Join(parts, ", ")
	joinedColumns.Store(key, cols)
	return cols
}
