// Package eventfile keeps an event as one file (docs/event-file.md): it
// reads a whole event for the export, writes an imported one in one go,
// restores an event from a snapshot and keeps the snapshots. It builds on
// storage (the database handle and the event's records); storage never
// imports it.
package eventfile

import (
	"context"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
	"gorm.io/gorm"
)

// Store reads and writes event files in a storage.Store's database. Its
// methods are safe for concurrent use.
type Store struct{ st *storage.Store }

// New is the event files' view of st.
func New(st *storage.Store) *Store { return &Store{st: st} }

// tx runs fn in one transaction of the underlying store (joining an open one).
func (s *Store) tx(ctx context.Context, fn func(tx *Store) error) error {
	return s.st.Tx(ctx, func(tx *storage.Store) error { return fn(&Store{st: tx}) })
}

func (s *Store) with(ctx context.Context) *gorm.DB { return s.st.DB(ctx) }
func (s *Store) read(ctx context.Context) *gorm.DB { return s.st.ReadDB(ctx) }
func (s *Store) now() time.Time                    { return s.st.Now() }

func (s *Store) writeAudit(ctx context.Context, actor storage.Actor, eventID *int64, action, entity string, entityID int64, before, after any) error {
	return s.st.WriteAudit(ctx, actor, eventID, action, entity, entityID, before, after)
}

// fillStore puts the first store in *id when it is 0 (a file from before
// stores).
func (s *Store) fillStore(ctx context.Context, id *int64) error {
	if *id != 0 {
		return nil
	}
	first, err := accounts.New(s.st).FirstShop(ctx)
	if err != nil {
		return err
	}
	*id = first.ID
	return nil
}

func wrap(op string, err error) error { return storage.Wrap(op, err) }
