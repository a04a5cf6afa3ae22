package eventfile_test

import (
	"context"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
)

var ctx = context.Background()

var org = storage.Actor{Name: "org"}

func newEvent(name string) *storage.Event {
	return &storage.Event{Name: name, Game: "fusion-world", Format: "fw-standard",
		StartsOn: time.Date(2026, 12, 12, 0, 0, 0, 0, time.UTC), RoundMinutes: 35, TopCutBestOf: 3, Seed: 42}
}

func ptr[T any](v T) *T { return &v }
