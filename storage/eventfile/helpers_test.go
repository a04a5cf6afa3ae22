package eventfile_test

import (
	"context"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
)

var ctx = context.Background()

var org = storage.Actor{Name: "org"}

func newEvent(name string) *storage.Event { return storagetest.Event(name) }

func ptr[T any](v T) *T { return &v }
