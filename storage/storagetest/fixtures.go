package storagetest

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
)

// Event is an unsaved Fusion World event named name, on a fixed day with
// a fixed seed, as the storage tests start from.
func Event(name string) *storage.Event {
	return &storage.Event{Name: name, Game: "fusion-world", Format: "fw-standard",
		StartsOn: time.Date(2026, 12, 12, 0, 0, 0, 0, time.UTC), RoundMinutes: 35, TopCutBestOf: 3, Seed: 42}
}

// EventWithPlayers stores a running event with n players, "Player A" on,
// whose link token hashes are "t1".."tn", created by actor.
func EventWithPlayers(t testing.TB, st *storage.Store, actor storage.Actor, n int) (*storage.Event, []storage.Entry) {
	t.Helper()
	ctx := context.Background()
	e := Event("Day")
	e.Status = storage.StatusRunning
	if err := st.CreateEvent(ctx, actor, e); err != nil {
		t.Fatal(err)
	}
	var es []storage.Entry
	for i := 1; i <= n; i++ {
		en := storage.Entry{EventID: e.ID, PlayerName: "Player " + string(rune('A'-1+i)), TokenHash: "t" + strconv.Itoa(i)}
		if err := st.RegisterEntry(ctx, actor, &en); err != nil {
			t.Fatal(err)
		}
		es = append(es, en)
	}
	return e, es
}
