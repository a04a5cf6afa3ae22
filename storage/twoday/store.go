// Package twoday keeps the cut between the days of a two-day event:
// closing day 1 (the entries that advance to day 2) and whether it is
// closed. The mark is storage's Entry.Day2; storage never imports this
// package.
package twoday

import (
	"context"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"gorm.io/gorm"
)

// Store reads and writes the day-1 cut in a storage.Store's database. Its
// methods are safe for concurrent use.
type Store struct{ st *storage.Store }

// New is the two-day view of st.
func New(st *storage.Store) *Store { return &Store{st: st} }

// tx runs fn in one transaction of the underlying store (joining an open one).
func (s *Store) tx(ctx context.Context, fn func(tx *Store) error) error {
	return s.st.Tx(ctx, func(tx *storage.Store) error { return fn(&Store{st: tx}) })
}

func (s *Store) with(ctx context.Context) *gorm.DB { return s.st.DB(ctx) }

func (s *Store) writeAudit(ctx context.Context, actor storage.Actor, eventID *int64, action, entity string, entityID int64, before, after any) error {
	return s.st.WriteAudit(ctx, actor, eventID, action, entity, entityID, before, after)
}

func (s *Store) notify(ctx context.Context, n storage.Notice) error { return s.st.NotifyChange(ctx, n) }

func wrap(op string, err error) error { return storage.Wrap(op, err) }
