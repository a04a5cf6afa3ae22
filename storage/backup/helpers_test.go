package backup_test

import (
	"context"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
)

var ctx = context.Background()

var org = storage.Actor{Name: "org"}

func newEvent(name string) *storage.Event {
	return &storage.Event{Name: name, Game: "fusion-world", Format: "fw-standard",
		StartsOn: time.Date(2026, 12, 12, 0, 0, 0, 0, time.UTC), RoundMinutes: 35, TopCutBestOf: 3, Seed: 42}
}

// eventWithPlayers makes an event with n players (token hashes "t1".."tn").
func eventWithPlayers(t *testing.T, st *storage.Store, n int) (*storage.Event, []storage.Entry) {
	t.Helper()
	e := newEvent("Day")
	e.Status = storage.StatusRunning
	if err := st.CreateEvent(ctx, org, e); err != nil {
		t.Fatal(err)
	}
	var es []storage.Entry
	for i := 1; i <= n; i++ {
		en := storage.Entry{EventID: e.ID, PlayerName: "Player " + string(rune('A'-1+i)), TokenHash: "t" + string(rune('0'+i))}
		if err := st.RegisterEntry(ctx, org, &en); err != nil {
			t.Fatal(err)
		}
		es = append(es, en)
	}
	return e, es
}
