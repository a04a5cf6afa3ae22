package server

import (
	"context"
	"encoding/json"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
)

// Live updates: every committed change sends a storage.Notice; the hub hands
// it to the Server-Sent Events streams open for that event. On SQLite the
// store calls the hub in-process after commit; on PostgreSQL the hub holds a
// LISTEN connection, so a change made through any instance reaches the
// streams of every instance.

// liveTopics are the topics a stream forwards; a subscriber keeps the ones it
// has not written yet as bits, so a slow client never blocks a publisher and
// never loses a topic (repeats of one topic merge into one event).
var liveTopics = []string{"pairings", "results", "clock", "standings", "judge", "entries", liveEventChanged, liveResync, liveMine, "announcements", storage.TopicGame}

// liveMine goes to a player's own stream (GET /p/:token/live) when a notice
// names that player: the opponent reported, confirmed or disputed, staff
// entered the result, a judge took the call.
const liveMine = "mine"

// liveEventChanged: the event's settings changed. A visitor's stream checks
// that the event is still public, and ends when it became a draft.
const liveEventChanged = "event"

// liveResync tells pages that notices may have been missed (the LISTEN
// connection was re-established): countdowns resynchronise.
const liveResync = "resync"

// liveHeartbeat is how often an idle stream sends a heartbeat (a variable
// so a test need not wait 15 s).
var liveHeartbeat = 15 * time.Second

// liveMinGap paces each stream: notices arriving within this time of the
// last write are sent together in one write. At the end of a big round a
// result lands every few milliseconds; without pacing every one of them
// would be a separate write to every open stream.
var liveMinGap = time.Second

// liveSpread: news for everyone (a result at another table, the standings)
// reaches an idle stream after a random wait up to this long, so that at the
// end of a big round the first result does not wake a thousand phones in
// the same instant (each writes, and the phones reload what changed). A
// player's own match, a tracked game, the clock and the event's own changes
// go at once (liveUrgent).
var liveSpread = 500 * time.Millisecond

var liveUrgent = topicBit(liveMine) | topicBit(storage.TopicGame) | topicBit("clock") | topicBit(liveEventChanged) | topicBit(liveResync)

// livePhoneTopics are what a player's own stream (GET /p/:token/live)
// forwards: what the phone's pages follow (data-live-topics of the player
// page and the game tracker, and the clock and resync every page follows).
// The rest, above all a result at every other table, would wake every phone
// in the room for nothing at the end of a round.
var livePhoneTopics = topicBit("pairings") | topicBit("clock") | topicBit("standings") | topicBit("announcements") |
	topicBit(storage.TopicGame) | topicBit(liveEventChanged) | topicBit(liveResync) | topicBit(liveMine)

const (
	// liveReadyWait bounds how long a new stream waits for LISTEN to be in
	// place before saying hello anyway.
	liveReadyWait = 10 * time.Second
)

func topicBit(topic string) uint32 {
	for i, t := range liveTopics {
		if t == topic {
			return 1 << i
		}
	}
	return 0
}

type liveSub struct {
	eventID int64
	entryID int64 // the player whose phone this is; 0 for anyone else
	pending atomic.Uint32
	wake    chan struct{} // capacity 1: "pending has something"
}

func (sub *liveSub) post(bit uint32) {
	// Bits already pending mean a wake-up is already on its way (or the
	// stream has it and swaps the bits after): at 500 results a second to a
	// thousand streams, most posts end here. The first urgent bit wakes the
	// stream again, to cut short a spread wait (liveSpread).
	if old := sub.pending.Or(bit); old != 0 && (bit&liveUrgent == 0 || old&liveUrgent != 0) {
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
	viewers map[*liveSub]struct{}
	phones  map[int64]map[*liveSub]struct{}
}

func newEventSubs() *eventSubs {
	return &eventSubs{viewers: map[*liveSub]struct{}{}, phones: map[int64]map[*liveSub]struct{}{}}
}

func (ev *eventSubs) add(sub *liveSub) {
	if sub.entryID == 0 {
		ev.viewers[sub] = struct{}{}
		return
	}
	m := ev.phones[sub.entryID]
	if m == nil {
		m = map[*liveSub]struct{}{}
		ev.phones[sub.entryID] = m
	}
	m[sub] = struct{}{}
}

// remove takes sub out, reporting whether it was in.
func (ev *eventSubs) remove(sub *liveSub) bool {
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
			b = (bit | mine) & livePhoneTopics
		}
		for sub := range subs {
			sub.post(b)
		}
	}
}

type liveHub struct {
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

func newLiveHub(s *Server) *liveHub {
	h := &liveHub{store: s.Store, log: s.Log, subs: map[int64]*eventSubs{},
		closed: make(chan struct{}), ready: make(chan struct{})}
	if s.Store.Dialect() == storage.DialectPostgres {
		h.pg = true
	} else {
		// SQLite: one process, notices arrive in-process after commit.
		h.isReady = true
		close(h.ready)
		s.Store.OnNotice(h.publish)
	}
	return h
}

// start runs the listener until ctx ends, then ends every open stream so
// the HTTP server can shut down.
func (h *liveHub) start(ctx context.Context) {
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

func (h *liveHub) startListenerLocked(parent context.Context) {
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
func (h *liveHub) fromListener(gen int, n storage.Notice) {
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
		h.broadcast(topicBit(liveResync))
	}
}

// publish hands a notice to the streams of its event. It never blocks: the
// SQLite store calls it from the goroutine that committed.
func (h *liveHub) publish(n storage.Notice) {
	bit := topicBit(n.Topic)
	if bit == 0 {
		return
	}
	mine := topicBit(liveMine)
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
	case bit&livePhoneTopics != 0:
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
				sub.post((bit | mine) & livePhoneTopics)
			}
		}
	}
}

func (h *liveHub) broadcast(bit uint32) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, ev := range h.subs {
		ev.postAll(bit, nil, 0)
	}
}

// subscribe registers a stream for an event and returns the channel that
// closes once notices are being received.
func (h *liveHub) subscribe(eventID, entryID int64) (*liveSub, <-chan struct{}) {
	sub := &liveSub{eventID: eventID, entryID: entryID, wake: make(chan struct{}, 1)}
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

func (h *liveHub) unsubscribe(sub *liveSub) {
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
func (h *liveHub) subscribers() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.count
}

func (s *Server) liveRoutes(app *echo.Group) {
	s.live = newLiveHub(s)
	app.GET("/events/:id/live", s.liveStream)
	app.GET("/p/:token/live", s.playerStream)
	app.GET("/events/:id/clock", s.liveClock)
	app.GET("/events/:id/projector", s.projector, s.InEventLanguage)
}

type liveMessage struct {
	Event       int64  `json:"event"`
	Topic       string `json:"topic"`
	ServerNowMS int64  `json:"server_now_ms"`
}

// liveStream is GET /events/:id/live, a Server-Sent Events stream: "hello"
// on connect, one event per topic that changed, and a heartbeat every 15 s
// so proxies keep the connection and clients notice a dead one.
func (s *Server) liveStream(c echo.Context) error {
	e, err := s.VisibleEvent(c)
	if err != nil {
		return err
	}
	staff, err := s.IsStaff(c, e)
	if err != nil {
		return err
	}
	return s.stream(c, e, staff, 0)
}

// playerStream is GET /p/:token/live: the event's stream as a player's
// phone follows it, with "mine" whenever a change concerns that player.
func (s *Server) playerStream(c echo.Context) error {
	en, ev, err := s.PlayerFromLink(c)
	if err != nil {
		return err
	}
	if ev.Status == storage.StatusDraft {
		return web.NotFound()
	}
	return s.stream(c, ev, false, en.ID)
}

// stream serves one Server-Sent Events stream for an event; entryID is the
// player whose phone it is (0 for anyone else).
func (s *Server) stream(c echo.Context, e *storage.Event, staff bool, entryID int64) error {
	req, w := c.Request(), c.Response()
	// The server's read and write timeouts are for ordinary requests; a
	// stream stays open (an expired read deadline would cancel it).
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Time{})
	_ = rc.SetWriteDeadline(time.Time{})

	sub, ready := s.live.subscribe(e.ID, entryID)
	defer s.live.unsubscribe(sub)
	wait := time.NewTimer(liveReadyWait)
	select {
	case <-ready:
	case <-wait.C:
		s.Log.Warn("live updates: not listening yet; stream starts anyway", "event", e.ID)
	case <-req.Context().Done():
		wait.Stop()
		return nil
	}
	wait.Stop()

	h := w.Header()
	h.Set(echo.HeaderContentType, "text/event-stream")
	h.Set(echo.HeaderCacheControl, "no-store")
	h.Set("X-Accel-Buffering", "no") // nginx: do not buffer the stream
	w.WriteHeader(http.StatusOK)
	// retry: how long EventSource waits before reconnecting after a drop.
	if _, err := w.Write([]byte("retry: 3000\n\n")); err != nil {
		return nil
	}
	if s.writeLive(w, e.ID, "hello") != nil {
		return nil
	}
	beat := time.NewTicker(liveHeartbeat)
	defer beat.Stop()
	var lastSent time.Time
	for {
		select {
		case <-req.Context().Done():
			return nil
		case <-s.live.closed:
			return nil
		case <-beat.C:
			if s.writeLive(w, e.ID, "heartbeat") != nil {
				return nil
			}
		case <-sub.wake:
			gap := liveMinGap - time.Since(lastSent)
			// urgent ends a spread wait early (nil: never, for the pacing).
			var urgent <-chan struct{}
			if gap <= 0 && sub.pending.Load()&liveUrgent == 0 && liveSpread > 0 {
				gap, urgent = rand.N(liveSpread), sub.wake
			}
			if gap > 0 {
				pace := time.NewTimer(gap)
				select {
				case <-pace.C:
				case <-urgent:
					pace.Stop()
				case <-req.Context().Done():
					pace.Stop()
					return nil
				case <-s.live.closed:
					pace.Stop()
					return nil
				}
			}
			bits := sub.pending.Swap(0)
			var topics []string
			for i, topic := range liveTopics {
				if bits&(1<<i) != 0 {
					topics = append(topics, topic)
				}
			}
			if !staff && slices.Contains(topics, liveEventChanged) {
				now, err := s.Store.EventByID(req.Context(), e.ID)
				if err != nil || now.Status == storage.StatusDraft {
					return nil // gone or private now: the next connection gets 404
				}
			}
			if s.writeLive(w, e.ID, topics...) != nil {
				return nil
			}
			lastSent = time.Now()
		}
	}
}

// writeLive writes one event per topic and flushes them in one go.
func (s *Server) writeLive(w *echo.Response, eventID int64, topics ...string) error {
	if len(topics) == 0 {
		return nil
	}
	now := s.Now().UnixMilli()
	buf := make([]byte, 0, 128*len(topics))
	for _, topic := range topics {
		data, _ := json.Marshal(liveMessage{Event: eventID, Topic: topic, ServerNowMS: now})
		buf = append(buf, "event: "...)
		buf = append(buf, topic...)
		buf = append(buf, "\ndata: "...)
		buf = append(buf, data...)
		buf = append(buf, "\n\n"...)
	}
	if _, err := w.Write(buf); err != nil {
		return err
	}
	w.Flush()
	return nil
}

// clockJSON is what countdowns resynchronise from.
type clockJSON struct {
	ServerNowMS int64  `json:"server_now_ms"`
	Round       int    `json:"round"` // 0: no round published yet
	State       string `json:"state"` // running, paused, not-started, finished (complete), or none
	RemainingMS int64  `json:"remaining_ms"`
	LengthMS    int64  `json:"length_ms"`
}

// liveClock is GET /events/:id/clock: the clock of the latest published
// round (or of ?round=n), with the server's time to compute the offset.
func (s *Server) liveClock(c echo.Context) error {
	e, err := s.VisibleEvent(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	r, err := s.clockRound(ctx, e.ID, c.QueryParam("round"))
	if err != nil {
		return err
	}
	now := s.Now()
	out := clockJSON{ServerNowMS: now.UnixMilli(), State: "none"}
	if r != nil {
		out.Round, out.State = r.Number, r.ClockState()
		out.RemainingMS = r.Remaining(now).Milliseconds()
		out.LengthMS = int64(r.LengthSeconds) * 1000
	}
	c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
	return c.JSON(http.StatusOK, out)
}

// clockRound is round n if given and published, else the latest round
// players can see; nil when there is none.
func (s *Server) clockRound(ctx context.Context, eventID int64, n string) (*storage.Round, error) {
	if n != "" {
		num, err := strconv.Atoi(n)
		if err != nil || num <= 0 {
			return nil, web.NotFound()
		}
		r, err := s.Store.RoundByNumber(ctx, eventID, num)
		if err != nil {
			return nil, err
		}
		if r.Status == storage.RoundPreview {
			return nil, web.NotFound()
		}
		return r, nil
	}
	rounds, err := s.Store.Rounds(ctx, eventID)
	if err != nil {
		return nil, err
	}
	for i := len(rounds) - 1; i >= 0; i-- {
		if rounds[i].Status != storage.RoundPreview {
			return &rounds[i], nil
		}
	}
	return nil, nil
}
