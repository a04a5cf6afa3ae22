// Package instance keeps what belongs to the whole installation rather
// than to an event or an account: the settings the instance admin changes
// and the secrets the server signs with. Core storage never imports it.
package instance

import (
	"context"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"gorm.io/gorm"
)

// Store reads and writes instance-wide data in a storage.Store's database.
// Its methods are safe for concurrent use.
type Store struct{ st *storage.Store }

// New is the instance's view of st.
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

func wrap(op string, err error) error { return storage.Wrap(op, err) }
