package profiles

import (
	"context"

	"github.com/tenkaichi-org/tenkaichi/storage"
)

// freshResults computes the stored results of those finished events among
// eventIDs that are stale.
type freshResults func(ctx context.Context, st *storage.Store, eventIDs []int64) error

// freshEventResults waits for readmodel.FreshEventResults (the seasons
// pages' refresh); until then stored results are shown as they are.
func freshEventResults(ctx context.Context, st *storage.Store, eventIDs []int64) error { return nil }
