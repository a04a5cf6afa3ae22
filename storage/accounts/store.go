// Package accounts keeps the organiser and judge accounts: their logins
// and sessions, the failed logins and player-link misses that slow
// guessing, the stores (shops) with their members and invitations. The
// User type, looking one up by id and the events' judges stay in storage,
// which never imports this package.
package accounts

import (
	"context"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"gorm.io/gorm"
)

// Store reads and writes accounts in a storage.Store's database. Its
// methods are safe for concurrent use.
type Store struct{ st *storage.Store }

// New is the accounts' view of st.
func New(st *storage.Store) *Store { return &Store{st: st} }

// tx runs fn in one transaction of the underlying store (joining an open one).
func (s *Store) tx(ctx context.Context, fn func(tx *Store) error) error {
	return s.st.Tx(ctx, func(tx *storage.Store) error { return fn(&Store{st: tx}) })
}

func (s *Store) with(ctx context.Context) *gorm.DB { return s.st.DB(ctx) }
func (s *Store) read(ctx context.Context) *gorm.DB { return s.st.ReadDB(ctx) }
func (s *Store) now() time.Time                    { return s.st.Now() }
func (s *Store) postgres() bool                    { return s.st.Dialect() == storage.DialectPostgres }

func (s *Store) writeAudit(ctx context.Context, actor storage.Actor, eventID *int64, action, entity string, entityID int64, before, after any) error {
	return s.st.WriteAudit(ctx, actor, eventID, action, entity, entityID, before, after)
}

// UserByID returns an account or ErrNotFound (see storage.Store.UserByID).
func (s *Store) UserByID(ctx context.Context, id int64) (*storage.User, error) {
	return s.st.UserByID(ctx, id)
}

func wrap(op string, err error) error { return storage.Wrap(op, err) }
