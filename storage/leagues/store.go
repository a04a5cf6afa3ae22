// Package leagues keeps what lasts beyond one event (issue 27): player
// records and their merges, seasons and their boards, each event's final
// results, ratings and the store tokens that push events in. It builds on
// storage (the database handle, events and entries); storage never imports
// it.
package leagues

import (
	"context"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"gorm.io/gorm"
)

// Store reads and writes leagues' data in a storage.Store's database. Its
// methods are safe for concurrent use.
type Store struct{ st *storage.Store }

// New is the leagues' view of st.
func New(st *storage.Store) *Store { return &Store{st: st} }

// tx runs fn in one transaction of the underlying store (joining an open one).
func (s *Store) tx(ctx context.Context, fn func(tx *Store) error) error {
	return s.st.Tx(ctx, func(tx *storage.Store) error { return fn(&Store{st: tx}) })
}

func (s *Store) with(ctx context.Context) *gorm.DB    { return s.st.DB(ctx) }
func (s *Store) read(ctx context.Context) *gorm.DB    { return s.st.ReadDB(ctx) }
func (s *Store) locking(ctx context.Context) *gorm.DB { return s.st.LockingDB(ctx) }
func (s *Store) now() time.Time                       { return s.st.Now() }
func (s *Store) postgres() bool                       { return s.st.Dialect() == storage.DialectPostgres }

func (s *Store) writeAudit(ctx context.Context, actor storage.Actor, eventID *int64, action, entity string, entityID int64, before, after any) error {
	return s.st.WriteAudit(ctx, actor, eventID, action, entity, entityID, before, after)
}

func wrap(op string, err error) error { return storage.Wrap(op, err) }
