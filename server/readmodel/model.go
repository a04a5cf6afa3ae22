// Package readmodel is an event's play as the pages and the API read it:
// its entries, rounds and matches (EventData), the standings, bracket and
// placings computed from them (Results), the metagame, the words of a
// pairing's reason, and the read models the public pages of an event share
// (Model, kept per event by a Cache). It knows storage and pairing, never
// HTTP.
package readmodel

import (
	"context"
	"sync"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/judging"
)

// A Model is what the public pages of one event show (the player
// pages, the standings and the projector), read once per play version of
// the event (storage.PlayVersion) and shared by every request of this
// instance. The play version counts every committed change to the event,
// so a request that read version v and gets a read model of version v or
// later shows everything committed before it asked, whichever instance
// wrote it: a result, a re-pair, a drop, a clock change, an announcement.
//
// A read model is never changed once built: handlers read it and copy what
// they change.
type Model struct {
	Version int64
	Data    *EventData
	// Latest is the latest published (or finished) round, nil before one.
	Latest *storage.Round
	// MatchOf is each entry's match in the latest round.
	MatchOf map[int64]*storage.Match
	// Reports are the latest round's reports, by match id.
	Reports map[int64][]storage.Report
	// CallOpen says which entries have a judge call not yet closed.
	CallOpen      map[int64]bool
	Announcements []storage.Announcement

	// The standings are computed on first use, once per read model.
	resultsOnce sync.Once
	results     *Results
	resultsErr  error
	ranks       map[string]Rank

	// Views computed once per read model (Memo).
	memoMu sync.Mutex
	memos  map[string]*memoEntry
}

type memoEntry struct {
	once sync.Once
	val  any
	err  error
}

// Memo returns the value fn computes from the read model, computing it once
// per key: a page model that is the same for every request of the read model.
// The value is shared and must not be changed by its users (copy a struct
// before setting its fields).
func (rm *Model) Memo(key string, fn func() (any, error)) (any, error) {
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

// Rank is one player's place, as the phone page shows it.
type Rank struct {
	Rank   int
	Points int
	Record string
	Place  int    // final placing, 0 while not decided (see Results)
	LostIn string // the top-cut round the player was knocked out in
}

// Results returns the read model's standings, placings and bracket,
// computing them on first use.
func (rm *Model) Results() (*Results, error) {
	rm.resultsOnce.Do(func() {
		rm.results, rm.resultsErr = rm.Data.Results()
		if rm.resultsErr != nil {
			return
		}
		res := rm.results
		rm.ranks = make(map[string]Rank, len(res.Standings))
		for i, row := range res.Standings {
			rm.ranks[row.ID] = Rank{Rank: i + 1, Points: row.Points, Record: row.Record()}
		}
		for _, p := range res.Placings {
			r := rm.ranks[p.ID]
			r.Place, r.LostIn = p.Place, p.LostIn
			rm.ranks[p.ID] = r
		}
	})
	return rm.results, rm.resultsErr
}

// PlayerRanks returns the standings by player id.
func (rm *Model) PlayerRanks() (map[string]Rank, error) {
	if _, err := rm.Results(); err != nil {
		return nil, err
	}
	return rm.ranks, nil
}

// Cache keeps the latest read model of each event this instance showed
// (at most maxReadModels events), and builds at most one per event at a time:
// the requests that need a newer one meanwhile wait for the next build and
// share it.
type Cache struct {
	store  *storage.Store
	mu     sync.Mutex
	events map[int64]*readModelSlot
}

const maxReadModels = 64

// NewCache is an empty cache of read models read from st.
func NewCache(st *storage.Store) *Cache { return &Cache{store: st} }

type readModelSlot struct {
	cur      *Model
	building *readModelBuild
	used     time.Time
}

type readModelBuild struct {
	done  chan struct{}
	model *Model
	err   error
}

// Of returns a read model of the event at the given play version or
// later (read the version first, then ask). A version of 0 or less reads the
// current version itself.
func (c *Cache) Of(ctx context.Context, eventID, version int64) (*Model, error) {
	if version <= 0 {
		v, err := c.store.PlayVersion(ctx, eventID)
		if err != nil {
			return nil, err
		}
		version = v
	}
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
		if slot.cur != nil && slot.cur.Version >= version {
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
			if b.model.Version >= version {
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
		b.model, b.err = c.build(bctx, eventID)
		cancel()
		c.mu.Lock()
		slot.building = nil
		if b.err == nil && (slot.cur == nil || b.model.Version > slot.cur.Version) {
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
func (c *Cache) evictLocked() {
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

// build reads the play version, then everything the public pages show:
// what it reads is at least as new as the version.
func (c *Cache) build(ctx context.Context, eventID int64) (*Model, error) {
	version, err := c.store.PlayVersion(ctx, eventID)
	if err != nil {
		return nil, err
	}
	ev, err := c.store.EventByID(ctx, eventID)
	if err != nil {
		return nil, err
	}
	d, err := Load(ctx, c.store, ev)
	if err != nil {
		return nil, err
	}
	rm := &Model{Version: version, Data: d, MatchOf: map[int64]*storage.Match{}, CallOpen: map[int64]bool{}}
	for i := range d.Rounds {
		if d.Rounds[i].Status != storage.RoundPreview {
			rm.Latest = &d.Rounds[i]
		}
	}
	if rm.Latest != nil {
		ms := d.Matches[rm.Latest.Number]
		for i := range ms {
			rm.MatchOf[ms[i].P1EntryID] = &ms[i]
			if ms[i].P2EntryID != nil {
				rm.MatchOf[*ms[i].P2EntryID] = &ms[i]
			}
		}
		if rm.Reports, err = c.store.RoundReports(ctx, rm.Latest.ID); err != nil {
			return nil, err
		}
	}
	calls, err := judging.New(c.store).JudgeCalls(ctx, eventID)
	if err != nil {
		return nil, err
	}
	for _, call := range calls {
		if call.EntryID != nil {
			rm.CallOpen[*call.EntryID] = true
		}
	}
	if rm.Announcements, err = c.store.Announcements(ctx, eventID); err != nil {
		return nil, err
	}
	return rm, nil
}
