package live

import (
	"context"
	"log/slog"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
)

// streamTopics are the topics a stream forwards; a subscriber keeps the ones it
// has not written yet as bits, so a slow client never blocks a publisher and
// never loses a topic (repeats of one topic merge into one event).
var streamTopics = []string{"pairings", "results", "clock", "standings", "judge", "entries", topicEvent, topicResync, TopicMine, "announcements", storage.TopicGame}

// TopicMine goes to a player's own stream (GET /p/:token/live) when a notice
// names that player: the opponent reported, confirmed or disputed, staff
// entered the result, a judge took the call.
const TopicMine = "mine"

// topicEvent: the event's settings changed. A visitor's stream checks
// that the event is still public, and ends when it became a draft.
const topicEvent = "event"

// topicResync tells pages that notices may have been missed (the LISTEN
// connection was re-established): countdowns resynchronise.
const topicResync = "resync"

// heartbeatEvery is how often an idle stream sends a heartbeat (a variable
// so a test need not wait 15 s).
var heartbeatEvery = 15 * time.Second

// minGap paces each stream: notices arriving within this time of the
// last write are sent together in one write. At the end of a big round a
// result lands every few milliseconds; without pacing every one of them
// would be a separate write to every open stream.
var minGap = time.Second

// spreadWait: news for everyone (a result at another table, the standings)
// reaches an idle stream after a random wait up to this long, so that at the
// end of a big round the first result does not wake a thousand phones in
// the same instant (each writes, and the phones reload what changed). A
// player's own match, a tracked game, the clock and the event's own changes
// go at once (urgentTopics).
var spreadWait = 500 * time.Millisecond

// urgentTopics go to a stream at once, cutting a spread wait short.
var urgentTopics = topicBit(TopicMine) | topicBit(storage.TopicGame) | topicBit("clock") | topicBit(topicEvent) | topicBit(topicResync)

// phoneTopics are what a player's own stream (GET /p/:token/live)
// forwards: what the phone's pages follow (data-live-topics of the player
// page and the game tracker, and the clock and resync every page follows).
// The rest, above all a result at every other table, would wake every phone
// in the room for nothing at the end of a round.
var phoneTopics = topicBit("pairings") | topicBit("clock") | topicBit("standings") | topicBit("announcements") |
	topicBit(storage.TopicGame) | topicBit(topicEvent) | topicBit(topicResync) | topicBit(TopicMine)

const (
	// readyWait bounds how long a new stream waits for LISTEN to be in
	// place before saying hello anyway.
	readyWait = 10 * time.Second
)

func topicBit(topic string) uint32 {
	for i, t := range streamTopics {
		if t == topic {
			return 1 << i
		}
	}
	return 0
}

type subscriber struct {
	eventID int64
	entryID int64 // the player whose phone this is; 0 for anyone else
	pending atomic.Uint32
	wake    chan struct{} // capacity 1: "pending has something"
}

func (sub *subscriber) post(bit uint32) {
	// Bits already pending mean a wake-up is already on its way (or the
	// stream has it and swaps the bits after): at 500 results a second to a
	// thousand streams, most posts end here. The first urgent bit wakes the
	// stream again, to cut short a spread wait (spreadWait).
	if old := sub.pending.Or(bit); old != 0 && (bit&urgentTopics == 0 || old&urgentTopics != 0) {
		return
	}
	select {
	case sub.wake <- struct{}{}:
	default:
	}
}

// eventSubs are an event's open streams: the phones' by their player, and
// the others (projector, standings, staff pages).
type eventSubs struct {
	viewers map[*subscriber]struct{}
	phones  map[int64]map[*subscriber]struct{}
}

func newEventSubs() *eventSubs {
	return &eventSubs{viewers: map[*subscriber]struct{}{}, phones: map[int64]map[*subscriber]struct{}{}}
}

func (ev *eventSubs) add(sub *subscriber) {
	if sub.entryID == 0 {
		ev.viewers[sub] = struct{}{}
		return
	}
	m := ev.phones[sub.entryID]
	if m == nil {
		m = map[*subscriber]struct{}{}
		ev.phones[sub.entryID] = m
	}
	m[sub] = struct{}{}
}

// remove takes sub out, reporting whether it was in.
func (ev *eventSubs) remove(sub *subscriber) bool {
	if _, ok := ev.viewers[sub]; ok {
		delete(ev.viewers, sub)
		return true
	}
	m := ev.phones[sub.entryID]
	if _, ok := m[sub]; !ok {
		return false
	}
	delete(m, sub)
	if len(m) == 0 {
		delete(ev.phones, sub.entryID)
	}
	return true
}

func (ev *eventSubs) empty() bool { return len(ev.viewers) == 0 && len(ev.phones) == 0 }

// postAll posts bit to every stream, and to the phones of entries mine as
// well.
func (ev *eventSubs) postAll(bit uint32, entries []int64, mine uint32) {
	for sub := range ev.viewers {
		sub.post(bit)
	}
	for entryID, subs := range ev.phones {
		b := bit
		if slices.Contains(entries, entryID) {
			b = (bit | mine) & phoneTopics
		}
		for sub := range subs {
			sub.post(b)
		}
	}
}

type hub struct {
	store *storage.Store
	log   *slog.Logger

	mu     sync.Mutex
	subs   map[int64]*eventSubs // by event
	count  int
	closed chan struct{} // closed when Serve ends: streams finish
	once   sync.Once

	// PostgreSQL listener. It runs for the life of Serve when started there,
	// and otherwise (a bare Handler, as in tests) while anyone subscribes.
	pg       bool
	serving  bool
	gen      int
	cancel   context.CancelFunc
	ready    chan struct{} // closed once LISTEN is in place
	isReady  bool
	listened bool // LISTEN was in place before in this listener's life
}

func newHub(st *storage.Store, log *slog.Logger) *hub {
	h := &hub{store: st, log: log, subs: map[int64]*eventSubs{},
		closed: make(chan struct{}), ready: make(chan struct{})}
	if st.Dialect() == storage.DialectPostgres {
		h.pg = true
	} else {
		// SQLite: one process, notices arrive in-process after commit.
		h.isReady = true
		close(h.ready)
		st.OnNotice(h.publish)
	}
	return h
}

// start runs the listener until ctx ends, then ends every open stream so
// the HTTP server can shut down.
func (h *hub) start(ctx context.Context) {
	go func() {
		<-ctx.Done()
		h.once.Do(func() { close(h.closed) })
		h.mu.Lock()
		if h.cancel != nil {
			h.cancel()
			h.cancel = nil
		}
		h.mu.Unlock()
	}()
	if !h.pg {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	h.serving = true
	if h.cancel == nil {
		h.startListenerLocked(ctx)
	}
}

func (h *hub) startListenerLocked(parent context.Context) {
	ctx, cancel := context.WithCancel(parent)
	h.gen++
	gen := h.gen
	h.cancel = cancel
	if h.isReady {
		h.ready, h.isReady = make(chan struct{}), false
	}
	h.listened = false
	go func() {
		err := h.store.Listen(ctx, func(n storage.Notice) { h.fromListener(gen, n) })
		if err != nil {
			h.log.Warn("live updates: cannot listen", "err", err)
		}
	}()
}

// fromListener takes a notice from the listener of generation gen; notices
// of a listener already replaced are dropped.
func (h *hub) fromListener(gen int, n storage.Notice) {
	if n.Topic != storage.TopicListening {
		h.mu.Lock()
		current := gen == h.gen
		h.mu.Unlock()
		if current {
			h.publish(n)
		}
		return
	}
	h.mu.Lock()
	if gen != h.gen {
		h.mu.Unlock()
		return
	}
	again := h.listened
	h.listened = true
	if !h.isReady {
		h.isReady = true
		close(h.ready)
	}
	h.mu.Unlock()
	if again {
		h.broadcast(topicBit(topicResync))
	}
}

// publish hands a notice to the streams of its event. It never blocks: the
// SQLite store calls it from the goroutine that committed.
func (h *hub) publish(n storage.Notice) {
	bit := topicBit(n.Topic)
	if bit == 0 {
		return
	}
	mine := topicBit(TopicMine)
	h.mu.Lock()
	defer h.mu.Unlock()
	ev := h.subs[n.EventID]
	if ev == nil {
		return
	}
	switch {
	case n.Topic == storage.TopicGame:
		// A tracked game is news to its two players only: every tap of
		// every table must not wake every phone in the room.
		for _, entryID := range n.Entries {
			for sub := range ev.phones[entryID] {
				sub.post(bit)
			}
		}
	case bit&phoneTopics != 0:
		ev.postAll(bit, n.Entries, mine)
	default:
		// News for the event's pages and the players it names (a result):
		// the other phones are not told, so only those streams are looked
		// at, not every phone in the room for every result.
		for sub := range ev.viewers {
			sub.post(bit)
		}
		for _, entryID := range n.Entries {
			for sub := range ev.phones[entryID] {
				sub.post((bit | mine) & phoneTopics)
			}
		}
	}
}

func (h *hub) broadcast(bit uint32) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, ev := range h.subs {
		ev.postAll(bit, nil, 0)
	}
}

// subscribe registers a stream for an event and returns the channel that
// closes once notices are being received.
func (h *hub) subscribe(eventID, entryID int64) (*subscriber, <-chan struct{}) {
	sub := &subscriber{eventID: eventID, entryID: entryID, wake: make(chan struct{}, 1)}
	h.mu.Lock()
	defer h.mu.Unlock()
	ev := h.subs[eventID]
	if ev == nil {
		ev = newEventSubs()
		h.subs[eventID] = ev
	}
	ev.add(sub)
	h.count++
	if h.pg && h.cancel == nil {
		select {
		case <-h.closed:
		default:
			h.startListenerLocked(context.Background())
		}
	}
	return sub, h.ready
}

func (h *hub) unsubscribe(sub *subscriber) {
	h.mu.Lock()
	defer h.mu.Unlock()
	ev := h.subs[sub.eventID]
	if ev == nil || !ev.remove(sub) {
		return
	}
	if ev.empty() {
		delete(h.subs, sub.eventID)
	}
	h.count--
	// A listener started for subscribers alone stops with the last one, so a
	// bare Handler (tests) leaves no connection behind.
	if h.count == 0 && h.pg && !h.serving && h.cancel != nil {
		h.cancel()
		h.cancel = nil
	}
}

// subscribers counts open streams (for tests and the load benchmark).
func (h *hub) subscribers() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.count
}
