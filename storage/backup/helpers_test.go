package backup_test

import (
	"context"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
)

var ctx = context.Background()

var org = storage.Actor{Name: "org"}

func newEvent(name string) *storage.Event { return storagetest.Event(name) }

// eventWithPlayers makes an event with n players (token hashes "t1".."tn").
func eventWithPlayers(t *testing.T, st *storage.Store, n int) (*storage.Event, []storage.Entry) {
	t.Helper()
	return storagetest.EventWithPlayers(t, st, org, n)
}
