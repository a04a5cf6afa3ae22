package judging_test

import (
	"context"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
)

var ctx = context.Background()

func newEvent(name string) *storage.Event {
	return &storage.Event{Name: name, Game: "fusion-world", Format: "fw-standard",
		StartsOn: time.Date(2026, 12, 12, 0, 0, 0, 0, time.UTC), RoundMinutes: 35, TopCutBestOf: 3, Seed: 42}
}
