package engine

import (
	"fmt"

	"github.com/tenkaichi-org/tenkaichi/rules/engine/gamestate"
	"github.com/tenkaichi-org/tenkaichi/rules/engine/stateview"
)

// ReplayOptions says how far to replay and what to keep.
type ReplayOptions struct {
	// RunOn keeps going after a violation, skipping the illegal action;
	// otherwise the replay stops at the first violation.
	RunOn bool
	// Until stops after this many actions (0: all of them).
	Until int
	// SnapshotEvery keeps a copy of the state every N actions so StateAt is
	// quick anywhere in a long game (0: every 32 actions).
	SnapshotEvery int
}

// Step is one applied action of a replay. Violation is set, and Events
// empty, when the action was illegal.
type Step struct {
	Index     int        `json:"step"` // 1-based
	Action    Action     `json:"action"`
	Events    []Event    `json:"events,omitempty"`
	Violation *Violation `json:"violation,omitempty"`
}

// Replay is a replayed game.
type Replay struct {
	Log *Log
	// DeckProblems are the deck-building violations found at setup (step 0).
	DeckProblems []*Violation
	Steps        []Step
	// Final is the state after the last replayed step.
	Final State
	// Err is set when the engine itself failed on an action (a recovered
	// panic: a bug, not a ruling). That step carries a violation saying so
	// (EngineFailure) and is skipped like an illegal one; Err names it.
	Err       *EngineError
	initial   State
	snapshots []State // snapshots[k] is the state after k*every actions
	every     int
}

// EngineError is a failure of the engine on one step of a replay.
type EngineError struct {
	Step  int
	Line  int
	Cause string
}

func (e *EngineError) Error() string {
	if e.Step == 0 {
		return fmt.Sprintf("setup: the engine failed on the deck checks (%s); this is a bug in the engine, not a ruling", e.Cause)
	}
	return fmt.Sprintf("step %d (line %d): the engine failed on this action (%s); this is a bug in the engine, not a ruling", e.Step, e.Line, e.Cause)
}

// applyRecovered applies one action in place, recovering a panic into ok == false.
func applyRecovered(w *State, a Action, buf []Event) (all []Event, v *Violation, cause string, ok bool) {
	defer func() {
		if p := recover(); p != nil {
			all, v, cause, ok = nil, engineFailure(p), fmt.Sprint(p), false
		}
	}()
	all, v = applyInto(w, a, buf)
	return all, v, "", true
}

// Run replays a log from its setup with the given card data. It does not
// panic: an action the engine fails on is recorded in Err and its step.
func Run(l *Log, cards Cards, opt ReplayOptions) *Replay {
	r := &Replay{Log: l, every: opt.SnapshotEvery}
	if r.every <= 0 {
		r.every = 32
	}
	r.initial = NewState(l.Setup, cards)
	r.checkDecks(cards)
	w := r.initial.Clone()
	r.snapshots = append(r.snapshots, w.Clone())
	n := len(l.Actions)
	if opt.Until > 0 && opt.Until < n {
		n = opt.Until
	}
	if len(r.DeckProblems) > 0 && !opt.RunOn {
		n = 0
	}
	r.Steps = make([]Step, 0, n)
	evbuf := make([]Event, 0, 3*n)
	for i := 0; i < n; i++ {
		a := l.Actions[i]
		start := len(evbuf)
		all, v, cause, ok := applyRecovered(&w, a, evbuf)
		if !ok {
			// The failed action may have changed w half-way: rebuild it from
			// the steps before, which all went through.
			w = r.StateAt(i)
			if r.Err == nil {
				r.Err = &EngineError{Step: i + 1, Line: a.Line, Cause: cause}
			}
		}
		var ev []Event
		if v == nil {
			evbuf = all
			ev = all[start:len(all):len(all)]
		}
		st := Step{Index: i + 1, Action: a, Events: ev}
		if v != nil {
			v.Step, v.Line = i+1, a.Line
			st.Violation = v
			// The illegal action is skipped but still counts as a step, so
			// step numbers always match the log's actions.
			w.Step++
		}
		r.Steps = append(r.Steps, st)
		if (i+1)%r.every == 0 {
			r.snapshots = append(r.snapshots, w.Clone())
		}
		if v != nil && !opt.RunOn {
			break
		}
	}
	r.Final = w
	return r
}

// checkDecks runs the deck checks of both players (step 0), recovering a
// failure of the engine (or of the card lookup) into Err.
func (r *Replay) checkDecks(cards Cards) {
	defer func() {
		if p := recover(); p != nil {
			v := engineFailure(p)
			r.DeckProblems = append(r.DeckProblems, v)
			r.Err = &EngineError{Step: 0, Cause: fmt.Sprint(p)}
		}
	}()
	for i, p := range r.Log.Setup.Players {
		deck := p.Deck
		if len(p.Decklist) > 0 {
			deck = p.Decklist
		}
		for _, v := range CheckDeck(p.Leader, deck, cards) {
			v.Player = Side(i).String()
			r.DeckProblems = append(r.DeckProblems, v)
		}
	}
}

// FirstViolation is the first illegal step (deck problems first), or nil.
func (r *Replay) FirstViolation() *Violation {
	if len(r.DeckProblems) > 0 {
		return r.DeckProblems[0]
	}
	for _, s := range r.Steps {
		if s.Violation != nil {
			return s.Violation
		}
	}
	return nil
}

// StateAt is the state after the first n replayed actions (0: the initial
// state). It starts from the nearest snapshot, so any step is cheap.
func (r *Replay) StateAt(n int) State {
	n = max(0, min(n, len(r.Steps)))
	k := min(n/r.every, len(r.snapshots)-1)
	s := r.snapshots[k].Clone()
	for i := k * r.every; i < n; i++ {
		if r.Steps[i].Violation != nil {
			s.Step++
			continue
		}
		apply(&s, r.Steps[i].Action)
	}
	return s
}

// Summary describes a state in a few English lines, for tests and logs
// (stateview.Summary of its View).
func Summary(s *State) string { return stateview.Summary(View(s)) }

// View is a state as plain data for the views.
var View = gamestate.View

// Walk calls fn with each replayed step and the state after it (unchanged
// after an illegal step), in order.
func (r *Replay) Walk(fn func(st *Step, s *State)) {
	s := r.snapshots[0].Clone()
	for i := range r.Steps {
		st := &r.Steps[i]
		if st.Violation != nil {
			s.Step++
		} else {
			apply(&s, st.Action)
		}
		fn(st, &s)
	}
}
