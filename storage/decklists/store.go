// Package decklists keeps the players' decklists: a list submitted (with
// its checker's verdict and problems) under the event's lock, deadline and
// finish, and the organiser's settings that lock and publish an event's
// lists. The lists are columns of storage's entries; storage never imports
// this package.
package decklists

import (
	"context"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"gorm.io/gorm"
)

// Store reads and writes decklists in a storage.Store's database. Its
// methods are safe for concurrent use.
type Store struct{ st *storage.Store }

// New is the decklists' view of st.
func New(st *storage.Store) *Store { return &Store{st: st} }

// tx runs fn in one transaction of the underlying store (joining an open one).
func (s *Store) tx(ctx context.Context, fn func(tx *Store) error) error {
	return s.st.Tx(ctx, func(tx *storage.Store) error { return fn(&Store{st: tx}) })
}

func (s *Store) with(ctx context.Context) *gorm.DB { return s.st.DB(ctx) }
func (s *Store) now() time.Time                    { return s.st.Now() }

func (s *Store) writeAudit(ctx context.Context, actor storage.Actor, eventID *int64, action, entity string, entityID int64, before, after any) error {
	return s.st.WriteAudit(ctx, actor, eventID, action, entity, entityID, before, after)
}

func (s *Store) notify(ctx context.Context, n storage.Notice) error { return s.st.NotifyChange(ctx, n) }

func wrap(op string, err error) error { return storage.Wrap(op, err) }
