package storage

import (
	"context"
	"sync/atomic"

	"gorm.io/gorm"
)

// QueryCounter counts the database queries made with a context, so the
// request log can say how many queries each request took.
type QueryCounter struct{ n atomic.Int64 }

// Count is the number of queries so far.
func (q *QueryCounter) Count() int64 { return q.n.Load() }

type queryCounterKey struct{}

// WithQueryCounter returns a context whose queries are counted by the
// returned counter.
func WithQueryCounter(ctx context.Context) (context.Context, *QueryCounter) {
	q := &QueryCounter{}
	return context.WithValue(ctx, queryCounterKey{}, q), q
}

// countQueries registers a callback after every kind of statement GORM runs
// that adds one to the context's counter, if it has one.
func countQueries(db *gorm.DB) error {
	count := func(tx *gorm.DB) {
		if tx.Statement != nil {
			countQuery(tx.Statement.Context)
		}
	}
	cb := db.Callback()
	for _, err := range []error{
		cb.Query().After("gorm:query").Register("tenkaichi:count", count),
		cb.Create().After("gorm:create").Register("tenkaichi:count", count),
		cb.Update().After("gorm:update").Register("tenkaichi:count", count),
		cb.Delete().After("gorm:delete").Register("tenkaichi:count", count),
		cb.Row().After("gorm:row").Register("tenkaichi:count", count),
		cb.Raw().After("gorm:raw").Register("tenkaichi:count", count),
	} {
		if err != nil {
			return err
		}
	}
	return nil
}

// countQuery adds one to the context's counter, if it has one (for the
// queries GORM's callbacks do not see: hotsql.go).
func countQuery(ctx context.Context) {
	if ctx == nil {
		return
	}
	if q, ok := ctx.Value(queryCounterKey{}).(*QueryCounter); ok {
		q.n.Add(1)
	}
}
