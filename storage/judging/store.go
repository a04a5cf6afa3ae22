// Package judging keeps the judges' records of an event:
// judge calls, rulings, penalties, deck checks and game logs, with the game
// tracker's logs, and what a penalty does to its match. The types of judge
// calls and game logs and the steps core storage takes on them (a dispute
// opens a call, a result entered by staff closes it) stay in storage;
// storage never imports this package.
package judging

import (
	"context"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"gorm.io/gorm"
)

// Store reads and writes the judges' records in a storage.Store's database.
// Its methods are safe for concurrent use.
type Store struct{ st *storage.Store }

// New is the judges' view of st.
func New(st *storage.Store) *Store { return &Store{st: st} }

// tx runs fn in one transaction of the underlying store (joining an open one).
func (s *Store) tx(ctx context.Context, fn func(tx *Store) error) error {
	return s.st.Tx(ctx, func(tx *storage.Store) error { return fn(&Store{st: tx}) })
}

func (s *Store) with(ctx context.Context) *gorm.DB    { return s.st.DB(ctx) }
func (s *Store) read(ctx context.Context) *gorm.DB    { return s.st.ReadDB(ctx) }
func (s *Store) locking(ctx context.Context) *gorm.DB { return s.st.LockingDB(ctx) }
func (s *Store) now() time.Time                       { return s.st.Now() }

func (s *Store) writeAudit(ctx context.Context, actor storage.Actor, eventID *int64, action, entity string, entityID int64, before, after any) error {
	return s.st.WriteAudit(ctx, actor, eventID, action, entity, entityID, before, after)
}

func (s *Store) notify(ctx context.Context, n storage.Notice) error { return s.st.NotifyChange(ctx, n) }

func wrap(op string, err error) error { return storage.Wrap(op, err) }

func optional(id *int64) []int64 {
	if id == nil {
		return nil
	}
	return []int64{*id}
}
