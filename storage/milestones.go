package storage

import "context"

// Why a snapshot was taken.
const (
	SnapshotPublish = "publish" // a round was published (RoundNo)
	SnapshotFinish  = "finish"  // the event finished
	SnapshotRestore = "restore" // the state a restore replaced, so the restore can be undone
	SnapshotManual  = "manual"  // the organiser asked
)

// Milestone is a moment worth a snapshot: a round was published or the
// event finished. It is delivered once the change is committed, on the
// instance that made it (OnMilestone).
type Milestone struct {
	EventID int64
	Reason  string // SnapshotPublish or SnapshotFinish
	Round   int    // the round published
	Actor   Actor
}

// OnMilestone sets the function called after a transaction that published
// a round or finished an event has committed.
func (s *Store) OnMilestone(fn func(context.Context, Milestone)) { s.hooks.onMilestone = fn }

// milestone queues m; it is delivered only if the transaction commits.
func (s *Store) milestone(ctx context.Context, m Milestone) {
	if s.milestones != nil {
		*s.milestones = append(*s.milestones, m)
		return
	}
	if s.hooks.onMilestone != nil {
		s.hooks.onMilestone(ctx, m)
	}
}
