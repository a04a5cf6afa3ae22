package storage

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"gorm.io/gorm"
)

// Group commit (SQLite only): the players' result reports that arrive
// while one is being written are written together, each in a savepoint of
// one transaction, so they share its commit. SQLite has one writer, and
// with synchronous=FULL every commit waits for the disk to sync its log: at
// 500 reports a second one sync each is the limit of what a busy disk
// allows (1 to 5 ms a sync measured here, docs/performance.md), and the
// reports queue. One sync for all the reports that waited keeps the wait to
// about one sync whatever the rate. Each report still lands whole or not at
// all: a report that fails is rolled back to its savepoint and the others
// commit; a failed commit fails them all and stores none.

// maxGroup bounds how many writes share one commit, so the first of them
// does not wait on an endless queue.
const maxGroup = 64

type groupJob struct {
	ctx        context.Context
	fn         func(tx *Store) error
	err        error
	pending    []Notice
	milestones []Milestone
	done       chan struct{}
}

type groupCommitter struct {
	jobs     chan *groupJob
	stop     chan struct{}
	stopOnce sync.Once
	done     chan struct{}
	// held, when set (tests), runs inside each group's transaction after its
	// first write, so a test can make writes queue behind it.
	held func()
}

// startGroupCommits starts the loop that writes grouped transactions.
func (s *Store) startGroupCommits() {
	g := &groupCommitter{jobs: make(chan *groupJob, maxGroup), stop: make(chan struct{}), done: make(chan struct{})}
	s.group = g
	go func() {
		defer close(g.done)
		for {
			select {
			case <-g.stop:
				return
			case first := <-g.jobs:
				s.commitGroup(first)
			}
		}
	}()
}

func (s *Store) stopGroupCommits() {
	if s.group != nil {
		s.group.stopOnce.Do(func() { close(s.group.stop) })
		<-s.group.done
	}
}

// GroupedTx is Tx for the writes that come many at once from players (a
// result report): on SQLite they share commits with the others waiting (see
// above); on PostgreSQL it is Tx with the notices left to the instance's
// sender (notifier.go); inside a transaction it joins it. fn runs to its end
// even if ctx is cancelled once it has started (a write half-done inside a
// shared transaction cannot be stopped alone), so fn must be short.
func (s *Store) GroupedTx(ctx context.Context, fn func(tx *Store) error) error {
	if s.group == nil || s.pending != nil {
		// PostgreSQL: the reports' notices go to the instance's sender.
		return s.tx(ctx, fn, true)
	}
	job := &groupJob{ctx: ctx, fn: fn, done: make(chan struct{})}
	select {
	case s.group.jobs <- job:
	case <-ctx.Done():
		return ctx.Err()
	case <-s.group.stop:
		return errClosing
	}
	select {
	case <-job.done:
	case <-s.group.done:
		// The loop ended (Close) after its last group: a job not done by
		// then was never started.
		select {
		case <-job.done:
		default:
			return errClosing
		}
	}
	if job.err != nil {
		return job.err
	}
	s.deliver(ctx, job.pending, job.milestones, true)
	return nil
}

// commitGroup writes first and every job that queues while it runs, in one
// transaction, and tells each job how it ended.
func (s *Store) commitGroup(first *groupJob) {
	group := []*groupJob{first}
	err := s.db.WithContext(context.Background()).Transaction(func(gtx *gorm.DB) error {
		for i := 0; i < len(group); i++ {
			if err := s.runGrouped(gtx, i, group[i]); err != nil {
				return err
			}
			if i == 0 && s.group.held != nil {
				s.group.held()
			}
			if len(group) < maxGroup {
				select {
				case j := <-s.group.jobs:
					group = append(group, j)
				default:
				}
			}
		}
		return nil
	})
	for _, j := range group {
		if err != nil && j.err == nil {
			j.err = err
		}
		close(j.done)
	}
}

// runGrouped runs one job in its own savepoint. Its own failure is kept in
// the job and undone to the savepoint; an error returned means the group's
// transaction itself failed.
func (s *Store) runGrouped(gtx *gorm.DB, i int, j *groupJob) error {
	if err := j.ctx.Err(); err != nil {
		j.err = err // not started: nothing written
		return nil
	}
	sp := fmt.Sprintf("report%d", i)
	if err := gtx.SavePoint(sp).Error; err != nil {
		return wrap("savepoint", err)
	}
	tx := s.inTx(gtx, &j.pending, &j.milestones)
	tx.detached = true
	j.err = runCaught(j.fn, tx)
	if j.err != nil {
		if errors.Is(j.err, errGroupedPanic) {
			s.log.Error("grouped write", "err", j.err)
		}
		j.pending, j.milestones = nil, nil
		if err := gtx.RollbackTo(sp).Error; err != nil {
			return wrap("roll back to savepoint", err)
		}
	}
	return nil
}

var errClosing = errors.New("storage: the database is closing")

var errGroupedPanic = errors.New("storage: panic in a grouped write")

// runCaught runs fn, turning a panic into an error so that one bad write
// does not take the others of its group down with it.
func runCaught(fn func(tx *Store) error, tx *Store) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%w: %v", errGroupedPanic, r)
		}
	}()
	return fn(tx)
}
