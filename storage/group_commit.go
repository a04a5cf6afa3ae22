package storage

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"gorm.io/gorm"
)

// Group commit: the players' result reports that arrive while one group is
// being written are written together in one transaction, so they share its
// commit. SQLite has one writer, and with synchronous=FULL every commit
// waits for the disk to sync its log: at 500 reports a second one sync each
// is the limit of what a busy disk allows (1 to 5 ms a sync measured here,
// docs/performance.md), and the reports queue. One sync for all the reports
// that waited keeps the wait to about one sync whatever the rate. On
// PostgreSQL the group is one commit and one play-version count instead of
// one each, on one warm connection (see reports.go). Each report still
// lands whole or not at all: a report refused before it wrote is left out,
// a report that failed otherwise undoes the group, which is written again
// without it (commitGroup); a failed commit fails them all and stores none.

// postgresLanes is how many groups PostgreSQL writes side by side: on this
// 2-core machine two did better than one (which falls behind when the
// machine is busy) and three (more connections to warm, more commits) at
// 500 reports a second (docs/performance.md).
const postgresLanes = 2

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
	// lanes: one queue and one loop each. A write goes to the lane of its
	// key (a report's match), so the two reports of a match are never in
	// two groups at once, which would lock matches crosswise (a deadlock
	// PostgreSQL takes a second to break).
	lanes    []chan *groupJob
	stop     chan struct{}
	stopOnce sync.Once
	done     chan struct{}
	// held, when set (tests), runs inside each group's transaction after its
	// first write, so a test can make writes queue behind it.
	held func()
}

// startGroupCommits starts the loops that write grouped transactions, one
// a lane. SQLite has one (one writer). On PostgreSQL a group waits on round
// trips to the server rather than on the disk, so one loop alone falls
// behind when the machine is busy; each loop keeps a connection of its own
// for its groups, so the reports run on the same few connections, which
// stay warm: a connection's first report costs ten times a warm one's (it
// plans every statement and compiles the play-version triggers for itself),
// and a burst spread over every connection of the pool held every report
// for a third of a second (docs/performance.md).
func (s *Store) startGroupCommits(lanes int, pinned bool) {
	g := &groupCommitter{stop: make(chan struct{}), done: make(chan struct{})}
	s.group = g
	var running sync.WaitGroup
	for range lanes {
		lane := make(chan *groupJob, maxGroup)
		g.lanes = append(g.lanes, lane)
		running.Go(func() { s.runLane(lane, pinned) })
	}
	go func() {
		running.Wait()
		close(g.done)
	}()
}

// errLaneStopped ends a lane's loop when the store closes.
var errLaneStopped = errors.New("storage: group commits stopped")

// runLane writes the lane's groups until the store closes, on a connection
// of its own when pinned (taking another after a group's transaction failed:
// the server restarted or the network broke). While no connection can be
// had, the reports waiting are written on the pool, which tells them why
// they failed, rather than waiting for the database to come back. A
// replacement connection is warmed here; the first ones are warmed by the
// server once the schema is migrated (WarmConnections), which a store opened
// for a command or a test does not need.
func (s *Store) runLane(lane chan *groupJob, pinned bool) {
	wait := 100 * time.Millisecond
	for replacing := false; ; replacing = true {
		var err error
		if pinned {
			took := false
			err = s.db.WithContext(context.Background()).Connection(func(conn *gorm.DB) error {
				took = true
				if replacing {
					s.inTx(conn, nil, nil).warmForReports(context.Background())
				}
				return s.serveLane(conn, lane, true)
			})
			if !took {
				select {
				case first := <-lane:
					_ = s.commitGroup(s.db, lane, first)
				default:
				}
			}
		} else {
			err = s.serveLane(s.db, lane, false)
		}
		if errors.Is(err, errLaneStopped) {
			return
		}
		if err != nil {
			s.log.Warn("grouped writes: taking a new connection", "err", err, "retry_in", wait)
		}
		select {
		case <-s.group.stop:
			return
		case <-time.After(wait):
		}
		wait = min(2*wait, 2*time.Second)
	}
}

// serveLane writes the groups of a lane on db; with stopOnError it returns
// the first group's failure, so that its connection can be replaced.
func (s *Store) serveLane(db *gorm.DB, lane chan *groupJob, stopOnError bool) error {
	for {
		select {
		case <-s.group.stop:
			return errLaneStopped
		case first := <-lane:
			if err := s.commitGroup(db, lane, first); err != nil && stopOnError {
				return err
			}
		}
	}
}

func (s *Store) stopGroupCommits() {
	if s.group != nil {
		s.group.stopOnce.Do(func() { close(s.group.stop) })
		<-s.group.done
	}
}

// GroupedTx is Tx for the writes that come many at once from players (a
// result report): they share commits with the others waiting in the lane of
// key (see above), and on PostgreSQL their notices go to the instance's
// sender (notifier.go); inside a transaction it joins it. fn runs to its end
// even if ctx is cancelled once it has started (a write half-done inside a
// shared transaction cannot be stopped alone), so fn must be short.
func (s *Store) GroupedTx(ctx context.Context, key int64, fn func(tx *Store) error) error {
	if s.group == nil || s.pending != nil {
		return s.tx(ctx, fn, true)
	}
	job := &groupJob{ctx: ctx, fn: fn, done: make(chan struct{})}
	select {
	case s.group.lanes[uint64(key)%uint64(len(s.group.lanes))] <- job:
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

// commitGroup writes first and every job of the lane that queues while it
// runs, in one transaction on db, and tells each job how it ended.
//
// The jobs run one after the other without savepoints: a savepoint is one
// more round trip to PostgreSQL per report, on the lane's one connection,
// and most reports either succeed or are refused before they write
// (refused). A job that fails any other way may have written something or
// left PostgreSQL's transaction unusable: the whole transaction is undone
// and the group written again without it, each job in a savepoint then
// (rewriteGroup).
func (s *Store) commitGroup(db *gorm.DB, lane chan *groupJob, first *groupJob) error {
	group := []*groupJob{first}
	var failed *groupJob
	err := db.WithContext(context.Background()).Transaction(func(gtx *gorm.DB) error {
		for i := 0; i < len(group); i++ {
			if !s.runGrouped(gtx, group[i]) {
				failed = group[i]
				return errGroupUndone
			}
			if i == 0 && s.group.held != nil {
				s.group.held()
			}
			if len(group) < maxGroup {
				select {
				case j := <-lane:
					group = append(group, j)
				default:
				}
			}
		}
		return nil
	})
	if failed != nil {
		err = s.rewriteGroup(db, group, failed)
	}
	for _, j := range group {
		if err != nil && j.err == nil {
			j.err = err
		}
		close(j.done)
	}
	return err
}

// errGroupUndone undoes a group's transaction after a job's failure.
var errGroupUndone = errors.New("storage: group undone for a failed write")

// runGrouped runs one job in the group's transaction. Its refusal (refused)
// is kept in the job, and the transaction goes on; false means the job
// failed otherwise, and the transaction has to be undone.
func (s *Store) runGrouped(gtx *gorm.DB, j *groupJob) bool {
	if err := j.ctx.Err(); err != nil {
		j.err = err // not started: nothing written
		return true
	}
	tx := s.inTx(gtx, &j.pending, &j.milestones)
	tx.detached = true
	j.err = runCaught(j.fn, tx)
	if j.err == nil {
		return true
	}
	if errors.Is(j.err, errGroupedPanic) {
		s.log.Error("grouped write", "err", j.err)
	}
	j.pending, j.milestones = nil, nil
	var refused refusal
	return errors.As(j.err, &refused)
}

// rewriteGroup writes a group again after failed undid its transaction:
// every other job runs afresh (it reads what it decides on again), each in
// a savepoint, so a second failure is undone alone. failed keeps its error.
func (s *Store) rewriteGroup(db *gorm.DB, group []*groupJob, failed *groupJob) error {
	return db.WithContext(context.Background()).Transaction(func(gtx *gorm.DB) error {
		for i, j := range group {
			if j == failed {
				continue
			}
			j.err, j.pending, j.milestones = nil, nil, nil
			sp := fmt.Sprintf("write%d", i)
			if err := gtx.SavePoint(sp).Error; err != nil {
				return wrap("savepoint", err)
			}
			if !s.runGrouped(gtx, j) {
				if err := gtx.RollbackTo(sp).Error; err != nil {
					return wrap("roll back to savepoint", err)
				}
			}
		}
		return nil
	})
}

// refusal is a grouped write's error from before it sent anything that
// could fail or write: its group's transaction is unharmed.
type refusal struct{ error }

func (r refusal) Unwrap() error { return r.error }

// refused marks err (when not nil) as a grouped write's refusal: returned
// before the write sent a statement that wrote or failed, so that the
// others of its group go on without undoing anything.
func refused(err error) error {
	if err == nil {
		return nil
	}
	return refusal{err}
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
