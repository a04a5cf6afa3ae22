package storage

import (
	"context"
	"encoding/json"
)

// Notice tells live pages that something of an event changed: a round was
// published, a result confirmed, the clock paused.
type Notice struct {
	EventID int64  `json:"event"`
	Topic   string `json:"topic"` // "pairings", "results", "clock", "standings", "judge", "entries", "event", "announcements"
	// Entries are the players the change concerns most (the two of a match
	// whose report came in): their phones are told at once, besides every
	// page that follows the topic.
	Entries []int64 `json:"entries,omitempty"`
}

// NoticeChannel is the PostgreSQL channel notices travel on between instances.
const NoticeChannel = "tenkaichi_live"

// OnNotice sets the function that receives notices of committed changes on
// this instance. On PostgreSQL notices are sent with pg_notify in the
// changing transaction instead, so every instance (this one too) receives
// them through LISTEN, and only once the change is committed.
func (s *Store) OnNotice(fn func(Notice)) { s.hooks.onNotice = fn }

// notify queues a notice; it is delivered only if the transaction commits.
func (s *Store) notify(ctx context.Context, n Notice) error {
	if s.dialect == DialectPostgres {
		payload, _ := json.Marshal(n)
		return wrap("notify", s.with(ctx).Exec("SELECT pg_notify(?, ?)", NoticeChannel, string(payload)).Error)
	}
	if s.pending != nil {
		*s.pending = append(*s.pending, n)
		return nil
	}
	if s.hooks.onNotice != nil {
		s.hooks.onNotice(n)
	}
	return nil
}
