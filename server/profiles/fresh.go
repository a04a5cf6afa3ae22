package profiles

import (
	"context"

	"github.com/tenkaichi-org/tenkaichi/server/readmodel"
	"github.com/tenkaichi-org/tenkaichi/storage"
)

// freshResults computes the stored results of those finished events among
// eventIDs that are stale; a field of the handler so that a test can see
// what a page asks for.
type freshResults func(ctx context.Context, st *storage.Store, eventIDs []int64) error

// freshEventResults is the results' refresh the seasons' pages use too.
var freshEventResults freshResults = readmodel.FreshEventResults
