package judging_test

import (
	"context"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
)

var ctx = context.Background()

func newEvent(name string) *storage.Event { return storagetest.Event(name) }
