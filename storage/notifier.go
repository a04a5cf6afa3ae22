package storage

import (
	"context"
	"encoding/json"
	"slices"
	"sync"
	"time"
)

// On PostgreSQL notices reach every instance (this one too) through NOTIFY,
// sent after the change commits, not in its transaction: a transaction that
// notifies holds one database-wide lock from its NOTIFY until its commit is
// done (so notices keep commit order), and 500 result reports a second,
// each notifying in its own transaction, queued behind one another
// (docs/performance.md). Most changes send theirs before their call returns
// (notifyNow), so a page opened after a change never hears of it late. The
// players' reports (GroupedTx) hand theirs to one sender per instance,
// which puts every notice queued meanwhile into one NOTIFY. A notice sent
// after the commit can be lost if the instance stops between the two:
// pages are read fresh on every request (the play version), so only a live
// nudge is lost, not a change.

// maxNoticePayload keeps a NOTIFY under PostgreSQL's 8,000-byte limit.
const maxNoticePayload = 7000

type notifier struct {
	s       *Store
	mu      sync.Mutex
	queue   []Notice
	wake    chan struct{}
	stop    chan struct{}
	stopped sync.Once
	done    chan struct{}
}

// startNotifier starts the instance's sender of the reports' notices.
func (s *Store) startNotifier() {
	n := &notifier{s: s, wake: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{})}
	s.notices = n
	go n.run()
}

// send queues notices of a committed change.
func (n *notifier) send(ns []Notice) {
	if len(ns) == 0 {
		return
	}
	n.mu.Lock()
	n.queue = append(n.queue, ns...)
	n.mu.Unlock()
	select {
	case n.wake <- struct{}{}:
	default:
	}
}

func (n *notifier) run() {
	defer close(n.done)
	for {
		select {
		case <-n.wake:
			n.flush()
		case <-n.stop:
			n.flush() // what committed before Close still goes out
			return
		}
	}
}

// flush sends what is queued, the same notice once, in as few NOTIFYs as
// the payload limit allows.
func (n *notifier) flush() {
	n.mu.Lock()
	queued := n.queue
	n.queue = nil
	n.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	n.s.notifyNow(ctx, queued)
}

// notifyNow sends notices with NOTIFY at once, outside any transaction: the
// same notice once, in as few NOTIFYs as the payload limit allows. A failed
// NOTIFY is logged: the change is committed, and pages read it fresh.
func (s *Store) notifyNow(ctx context.Context, ns []Notice) {
	var batch []Notice
	for _, nt := range ns {
		if !slices.ContainsFunc(batch, func(b Notice) bool { return sameNotice(b, nt) }) {
			batch = append(batch, nt)
		}
	}
	for len(batch) > 0 {
		k, payload := len(batch), []byte(nil)
		for ; k > 0; k-- {
			payload, _ = json.Marshal(batch[:k])
			if len(payload) <= maxNoticePayload || k == 1 {
				break
			}
		}
		err := s.db.WithContext(context.WithoutCancel(ctx)).Exec("SELECT pg_notify(?, ?)", NoticeChannel, string(payload)).Error
		if err != nil {
			s.log.Warn("live updates: NOTIFY failed; phones see the change on their next load", "err", err, "notices", k)
		}
		batch = batch[k:]
	}
}

func (n *notifier) close() {
	n.stopped.Do(func() { close(n.stop) })
	<-n.done
}

func sameNotice(a, b Notice) bool {
	return a.EventID == b.EventID && a.Topic == b.Topic && slices.Equal(a.Entries, b.Entries)
}

// decodeNotices reads a NOTIFY payload: a list of notices, or one notice
// (as instances before the sender was added send them).
func decodeNotices(payload string) ([]Notice, error) {
	if len(payload) > 0 && payload[0] == '[' {
		var ns []Notice
		err := json.Unmarshal([]byte(payload), &ns)
		return ns, err
	}
	var one Notice
	if err := json.Unmarshal([]byte(payload), &one); err != nil {
		return nil, err
	}
	return []Notice{one}, nil
}
