package storage

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"
)

// What storage's sub-packages (storage/leagues, storage/eventfile, ...) build
// on: the database handle, the clock, the audit log and the few shared
// steps. They import storage; storage never imports them. Nothing outside
// storage's own tree should need these.

// DB is the handle for reads and writes of this store (inside a
// transaction: the transaction's).
func (s *Store) DB(ctx context.Context) *gorm.DB { return s.with(ctx) }

// ReadDB is the handle for queries that only read (see read).
func (s *Store) ReadDB(ctx context.Context) *gorm.DB { return s.read(ctx) }

// LockingDB is a query that takes row locks on PostgreSQL (see locking).
func (s *Store) LockingDB(ctx context.Context) *gorm.DB { return s.locking(ctx) }

// Now is the store's clock.
func (s *Store) Now() time.Time { return s.now() }

// WriteAudit records a change inside the transaction that makes it.
func (s *Store) WriteAudit(ctx context.Context, actor Actor, eventID *int64, action, entity string, entityID int64, before, after any) error {
	return s.writeAudit(ctx, actor, eventID, action, entity, entityID, before, after)
}

// NotifyChange queues a notice, delivered only if the transaction commits.
func (s *Store) NotifyChange(ctx context.Context, n Notice) error { return s.notify(ctx, n) }

// LockEvent reads an event and locks its row until the transaction ends.
func (s *Store) LockEvent(ctx context.Context, id int64) (*Event, error) { return s.lockEvent(ctx, id) }

// LockLivePlayer reads a player that is neither merged nor removed and
// locks its row until the transaction ends.
func (s *Store) LockLivePlayer(ctx context.Context, id int64) (*Player, error) {
	return s.lockLivePlayer(ctx, id)
}

// LinkEntry links an entry to its player record (see linkEntry).
func (s *Store) LinkEntry(ctx context.Context, e *Entry) error { return s.linkEntry(ctx, e) }

// Wrap maps GORM's errors to storage's (ErrNotFound, ErrConflict) and adds
// what was being done.
func Wrap(op string, err error) error { return wrap(op, err) }

// IsNotFound reports whether err says the record does not exist.
func IsNotFound(err error) bool { return errors.Is(err, ErrNotFound) }

// OpenCall queues a judge call in the caller's transaction, or returns the
// one still open for the same match or player (see OpenJudgeCall in
// storage/judging).
func (s *Store) OpenCall(ctx context.Context, eventID int64, entryID, matchID *int64, reason string) (*JudgeCall, error) {
	return s.openJudgeCall(ctx, eventID, entryID, matchID, reason)
}

// NotifyGame tells the players of a log's match that its game changed.
func (s *Store) NotifyGame(ctx context.Context, gl *GameLog) error { return s.notifyGame(ctx, gl) }

// NotifyCallGame tells the players of the game a call was made from that
// the call changed.
func (s *Store) NotifyCallGame(ctx context.Context, c *JudgeCall) error {
	return s.notifyCallGame(ctx, c)
}

// LockMatch reads a match and its round, locking the match's row until the
// transaction ends (a penalty changing its result; see lockMatch).
func (s *Store) LockMatch(ctx context.Context, eventID, matchID int64) (*Match, *Round, error) {
	return s.lockMatch(ctx, eventID, matchID)
}

// SaveMatch writes a changed match (see saveMatch).
func (s *Store) SaveMatch(ctx context.Context, m *Match) error { return s.saveMatch(ctx, m) }

// MatchAudit is a match as the audit log records it.
func MatchAudit(m *Match) map[string]any { return matchAudit(m) }

// AfterMatchSettled runs what a final result sets off (see afterMatchSettled).
func (s *Store) AfterMatchSettled(ctx context.Context, actor Actor, m *Match, r *Round) error {
	return s.afterMatchSettled(ctx, actor, m, r)
}

// Players are the match's entries (one for a bye).
func (m *Match) Players() []int64 { return m.players() }
