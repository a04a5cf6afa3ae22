package server

import (
	"context"
	"sync"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
)

// A readModel is what the public pages of one event show (the player
// pages, the standings and the projector), read once per play version of
// the event (storage.PlayVersion) and shared by every request of this
// instance. The play version counts every committed change to the event,
// so a request that read version v and gets a read model of version v or
// later shows everything committed before it asked, whichever instance
// wrote it: a result, a re-pair, a drop, a clock change, an announcement.
//
// A read model is never changed once built: handlers read it and copy what
// they change.
type readModel struct {
	version int64
	data    *eventData
	// latest is the latest published (or finished) round, nil before one.
	latest *storage.Round
	// matchOf is each entry's match in the latest round.
	matchOf map[int64]*storage.Match
	// reports are the latest round's reports, by match id.
	reports map[int64][]storage.Report
	// callOpen says which entries have a judge call not yet closed.
	callOpen      map[int64]bool
	announcements []storage.Announcement

	// The standings are computed on first use, once per read model.
	resultsOnce sync.Once
	results     *eventResults
	resultsErr  error
	ranks       map[string]rankInfo

	// Views computed once per read model (memo).
	memoMu sync.Mutex
	memos  map[string]*memoEntry
}

type memoEntry struct {
	once sync.Once
	val  any
	err  error
}

// memo returns the value fn computes from the read model, computing it once
// per key: a page model that is the same for every request of the read model.
// The value is shared and must not be changed by its users (copy a struct
// before setting its fields).
func (rm *readModel) memo(key string, fn func() (any, error)) (any, error) {
	rm.memoMu.Lock()
	if rm.memos == nil {
		rm.memos = map[string]*memoEntry{}
	}
	m := rm.memos[key]
	if m == nil {
		m = &memoEntry{}
		rm.memos[key] = m
	}
	rm.memoMu.Unlock()
	m.once.Do(func() { m.val, m.err = fn() })
	return m.val, m.err
}

// rankInfo is one player's place, as the phone page shows it.
type rankInfo struct {
	Rank   int
	Points int
	Record string
	Place  int    // final placing, 0 while not decided (see eventResults)
	LostIn string // the top-cut round the player was knocked out in
}

// eventResults returns the read model's standings, placings and bracket,
// computing them on first use.
func (rm *readModel) eventResults() (*eventResults, error) {
	rm.resultsOnce.Do(func() {
		rm.results, rm.resultsErr = rm.data.results()
		if rm.resultsErr != nil {
			return
		}
		res := rm.results
		rm.ranks = make(map[string]rankInfo, len(res.Standings))
		for i, row := range res.Standings {
			rm.ranks[row.ID] = rankInfo{Rank: i + 1, Points: row.Points, Record: row.Record()}
		}
		for _, p := range res.Placings {
			r := rm.ranks[p.ID]
			r.Place, r.LostIn = p.Place, p.LostIn
			rm.ranks[p.ID] = r
		}
	})
	return rm.results, rm.resultsErr
}

// playerRanks returns the standings by player id.
func (rm *readModel) playerRanks() (map[string]rankInfo, error) {
	if _, err := rm.eventResults(); err != nil {
		return nil, err
	}
	return rm.ranks, nil
}

// readModels keeps the latest read model of each event this instance showed
// (at most maxReadModels events), and builds at most one per event at a time:
// the requests that need a newer one meanwhile wait for the next build and
// share it.
type readModels struct {
	mu     sync.Mutex
	events map[int64]*readModelSlot
}

const maxReadModels = 64

type readModelSlot struct {
	cur      *readModel
	building *readModelBuild
	used     time.Time
}

type readModelBuild struct {
	done  chan struct{}
	model *readModel
	err   error
}

// readModelOf returns a read model of the event at the given play version or
// later (read the version first, then ask). A version of 0 or less reads the
// current version itself.
func (s *Server) readModelOf(ctx context.Context, eventID, version int64) (*readModel, error) {
	if version <= 0 {
		v, err := s.Store.PlayVersion(ctx, eventID)
		if err != nil {
			return nil, err
		}
		version = v
	}
	c := &s.models
	for {
		c.mu.Lock()
		if c.events == nil {
			c.events = map[int64]*readModelSlot{}
		}
		slot := c.events[eventID]
		if slot == nil {
			c.evictLocked()
			slot = &readModelSlot{}
			c.events[eventID] = slot
		}
		slot.used = time.Now()
		if slot.cur != nil && slot.cur.version >= version {
			rm := slot.cur
			c.mu.Unlock()
			return rm, nil
		}
		if b := slot.building; b != nil {
			// A build is under way; it may have read an older version than
			// ours. Wait for it, then look again (and build if it is too old).
			c.mu.Unlock()
			select {
			case <-b.done:
			case <-ctx.Done():
				return nil, ctx.Err()
			}
			if b.err != nil {
				return nil, b.err
			}
			if b.model.version >= version {
				return b.model, nil
			}
			continue
		}
		b := &readModelBuild{done: make(chan struct{})}
		slot.building = b
		c.mu.Unlock()
		// The build serves every waiting request: it must not end when this
		// one's client goes away.
		bctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
		b.model, b.err = s.buildReadModel(bctx, eventID)
		cancel()
		c.mu.Lock()
		slot.building = nil
		if b.err == nil && (slot.cur == nil || b.model.version > slot.cur.version) {
			slot.cur = b.model
		}
		c.mu.Unlock()
		close(b.done)
		if b.err != nil {
			return nil, b.err
		}
		// The build read the version after ours, so it is at least as new.
		return b.model, nil
	}
}

// evictLocked forgets the least recently used event when there are too many.
func (c *readModels) evictLocked() {
	if len(c.events) < maxReadModels {
		return
	}
	var oldest int64
	var when time.Time
	for id, slot := range c.events {
		if slot.building == nil && (when.IsZero() || slot.used.Before(when)) {
			oldest, when = id, slot.used
		}
	}
	delete(c.events, oldest)
}

// buildReadModel reads the play version, then everything the public pages
// show: what it reads is at least as new as the version.
func (s *Server) buildReadModel(ctx context.Context, eventID int64) (*readModel, error) {
	version, err := s.Store.PlayVersion(ctx, eventID)
	if err != nil {
		return nil, err
	}
	ev, err := s.Store.EventByID(ctx, eventID)
	if err != nil {
		return nil, err
	}
	d, err := s.loadEventData(ctx, ev)
	if err != nil {
		return nil, err
	}
	rm := &readModel{version: version, data: d, matchOf: map[int64]*storage.Match{}, callOpen: map[int64]bool{}}
	for i := range d.Rounds {
		if d.Rounds[i].Status != storage.RoundPreview {
			rm.latest = &d.Rounds[i]
		}
	}
	if rm.latest != nil {
		ms := d.Matches[rm.latest.Number]
		for i := range ms {
			rm.matchOf[ms[i].P1EntryID] = &ms[i]
			if ms[i].P2EntryID != nil {
				rm.matchOf[*ms[i].P2EntryID] = &ms[i]
			}
		}
		if rm.reports, err = s.Store.RoundReports(ctx, rm.latest.ID); err != nil {
			return nil, err
		}
	}
	calls, err := s.Store.JudgeCalls(ctx, eventID)
	if err != nil {
		return nil, err
	}
	for _, call := range calls {
		if call.EntryID != nil {
			rm.callOpen[*call.EntryID] = true
		}
	}
	if rm.announcements, err = s.Store.Announcements(ctx, eventID); err != nil {
		return nil, err
	}
	return rm, nil
}
