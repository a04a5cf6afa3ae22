package storage

import (
	"context"
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
// this instance. On PostgreSQL notices are sent with NOTIFY once the change
// has committed instead (see notifier.go), so every instance (this one too)
// receives them through LISTEN.
func (s *Store) OnNotice(fn func(Notice)) { s.hooks.onNotice = fn }

// notify queues a notice; it is delivered only if the transaction commits.
func (s *Store) notify(ctx context.Context, n Notice) error {
	if s.pending != nil {
		*s.pending = append(*s.pending, n)
		return nil
	}
	s.deliver(ctx, []Notice{n}, nil, false)
	return nil
}
