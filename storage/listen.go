package storage

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"gorm.io/driver/postgres"
)

// TopicListening is delivered by Listen (with EventID 0) each time LISTEN is
// in place, first and after every reconnect: notices sent while it was not
// may have been missed, so receivers can resynchronise.
const TopicListening = "listening"

// ErrNotPostgres: LISTEN needs PostgreSQL (SQLite delivers notices through
// OnNotice instead).
var ErrNotPostgres = errors.New("storage: LISTEN needs PostgreSQL")

// Listen receives the notices every instance sends with pg_notify, on a
// connection of its own (a pooled one cannot stay in LISTEN), and passes
// them to fn one at a time. It reconnects with backoff when the connection
// drops and returns only when ctx ends.
func (s *Store) Listen(ctx context.Context, fn func(Notice)) error {
	if s.dialect != DialectPostgres {
		return ErrNotPostgres
	}
	// The URL Open was given: the gorm dialector keeps it.
	d, ok := s.db.Dialector.(*postgres.Dialector)
	if !ok || d.Config == nil || d.DSN == "" {
		return ErrNotPostgres
	}
	dsn := d.DSN
	backoff := 100 * time.Millisecond
	for {
		listened, err := s.listenOnce(ctx, dsn, fn)
		if ctx.Err() != nil {
			return nil
		}
		if listened {
			backoff = 100 * time.Millisecond
		}
		s.log.Warn("live updates: LISTEN connection lost, reconnecting", "err", err, "in", backoff)
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(backoff):
		}
		backoff = min(backoff*2, 10*time.Second)
	}
}

// listenOnce holds one LISTEN connection until it fails or ctx ends;
// listened says LISTEN had been in place (so backoff starts over).
func (s *Store) listenOnce(ctx context.Context, dsn string, fn func(Notice)) (listened bool, err error) {
	connectCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	conn, err := pgx.Connect(connectCtx, dsn)
	cancel()
	if err != nil {
		return false, fmt.Errorf("connect: %w", err)
	}
	defer func() {
		closeCtx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = conn.Close(closeCtx)
	}()
	if _, err := conn.Exec(ctx, "LISTEN "+NoticeChannel); err != nil {
		return false, fmt.Errorf("listen: %w", err)
	}
	fn(Notice{Topic: TopicListening})
	for {
		// Wake up now and then to check the connection is alive: a server
		// that vanished without closing the socket would leave us waiting.
		waitCtx, cancel := context.WithTimeout(ctx, 30*time.Second)
		n, err := conn.WaitForNotification(waitCtx)
		cancel()
		switch {
		case ctx.Err() != nil:
			return true, nil
		case errors.Is(err, context.DeadlineExceeded):
			pingCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
			err = conn.Ping(pingCtx)
			cancel()
			if err != nil {
				return true, fmt.Errorf("ping: %w", err)
			}
			continue
		case err != nil:
			return true, fmt.Errorf("wait: %w", err)
		}
		notices, err := decodeNotices(n.Payload)
		if err != nil {
			s.log.Warn("live updates: ignoring a malformed notice", "payload", n.Payload)
			continue
		}
		for _, notice := range notices {
			if notice.EventID == 0 {
				s.log.Warn("live updates: ignoring a notice without its event", "payload", n.Payload)
				continue
			}
			fn(notice)
		}
	}
}
