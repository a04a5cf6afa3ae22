// Package live is the live updates: every committed change sends a
// storage.Notice; the hub hands it to the Server-Sent Events streams open
// for that event. On SQLite the store calls the hub in-process after
// commit; on PostgreSQL the hub holds a LISTEN connection, so a change made
// through any instance reaches the streams of every instance. Pages follow
// an event's stream (GET /events/:id/live), a player's phone its own
// (GET /p/:token/live), and countdowns resynchronise from the clock
// (GET /events/:id/clock).
package live

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
)

// Handler serves the live updates: an event's Server-Sent Events
// stream and a player's, and the clock countdowns resynchronise from.
type Handler struct {
	*web.Kit
	hub *hub
}

// New is the live updates of the server kit serves.
func New(kit *web.Kit) *Handler {
	return &Handler{Kit: kit, hub: newHub(kit.Store, kit.Log)}
}

// Start listens for notices until ctx ends, then ends every open stream
// so the HTTP server can shut down.
func (h *Handler) Start(ctx context.Context) { h.hub.start(ctx) }

type message struct {
	Event       int64  `json:"event"`
	Topic       string `json:"topic"`
	ServerNowMS int64  `json:"server_now_ms"`
}

// EventStream is GET /events/:id/live, a Server-Sent Events stream: "hello"
// on connect, one event per topic that changed, and a heartbeat every 15 s
// so proxies keep the connection and clients notice a dead one.
func (h *Handler) EventStream(c echo.Context) error {
	e, err := h.VisibleEvent(c)
	if err != nil {
		return err
	}
	staff, err := h.IsStaff(c, e)
	if err != nil {
		return err
	}
	return h.stream(c, e, staff, 0)
}

// PlayerStream is GET /p/:token/live: the event's stream as a player's
// phone follows it, with "mine" whenever a change concerns that player.
func (h *Handler) PlayerStream(c echo.Context) error {
	en, ev, err := h.PlayerFromLink(c)
	if err != nil {
		return err
	}
	if ev.Status == storage.StatusDraft {
		return web.NotFound()
	}
	return h.stream(c, ev, false, en.ID)
}

// stream serves one Server-Sent Events stream for an event; entryID is the
// player whose phone it is (0 for anyone else).
func (h *Handler) stream(c echo.Context, e *storage.Event, staff bool, entryID int64) error {
	req, w := c.Request(), c.Response()
	// The server's read and write timeouts are for ordinary requests; a
	// stream stays open (an expired read deadline would cancel it).
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Time{})
	_ = rc.SetWriteDeadline(time.Time{})

	sub, ready := h.hub.subscribe(e.ID, entryID)
	wait := time.NewTimer(readyWait)
	select {
	case <-ready:
	case <-wait.C:
		h.Log.Warn("live updates: not listening yet; stream starts anyway", "event", e.ID)
	case <-req.Context().Done():
		wait.Stop()
		h.hub.unsubscribe(sub)
		return nil
	}
	wait.Stop()

	hdr := w.Header()
	hdr.Set(echo.HeaderContentType, "text/event-stream")
	hdr.Set(echo.HeaderCacheControl, "no-store")
	hdr.Set("X-Accel-Buffering", "no") // nginx: do not buffer the stream
	if conn, ok := hijackStream(c); ok {
		if conn != nil {
			go h.serveHijacked(req.Context(), conn, sub, e, staff)
		} else {
			h.hub.unsubscribe(sub)
		}
		return nil
	}
	defer h.hub.unsubscribe(sub)
	w.WriteHeader(http.StatusOK)
	// retry: how long EventSource waits before reconnecting after a drop.
	if _, err := w.Write([]byte(retryLine)); err != nil {
		return nil
	}
	send := func(topics ...string) error {
		if _, err := w.Write(h.events(e.ID, topics...)); err != nil {
			return err
		}
		w.Flush()
		return nil
	}
	h.follow(req.Context(), sub, e, staff, send)
	return nil
}

// retryLine tells EventSource how long to wait before reconnecting after a
// drop.
const retryLine = "retry: 3000\n\n"

// follow sends "hello", then a heartbeat every heartbeatEvery and the
// topics that changed as the hub wakes sub, until ctx ends, the hub closes
// or a send fails.
func (h *Handler) follow(ctx context.Context, sub *subscriber, e *storage.Event, staff bool, send func(topics ...string) error) {
	if send("hello") != nil {
		return
	}
	beat := time.NewTicker(heartbeatEvery)
	defer beat.Stop()
	var lastSent time.Time
	for {
		select {
		case <-ctx.Done():
			return
		case <-h.hub.closed:
			return
		case <-beat.C:
			if send("heartbeat") != nil {
				return
			}
		case <-sub.wake:
			if !h.pace(ctx, sub, lastSent) {
				return
			}
			bits := sub.pending.Swap(0)
			var topics []string
			for i, topic := range streamTopics {
				if bits&(1<<i) != 0 {
					topics = append(topics, topic)
				}
			}
			if !staff && slices.Contains(topics, topicEvent) {
				now, err := h.Store.EventByID(ctx, e.ID)
				if err != nil || now.Status == storage.StatusDraft {
					return // gone or private now: the next connection gets 404
				}
			}
			if len(topics) > 0 && send(topics...) != nil {
				return
			}
			lastSent = time.Now()
		}
	}
}

// pace waits before a wake's send: at least minGap after the last, and a
// random spread so that a change does not make every phone ask at once
// (an urgent topic ends the spread early). False: the stream ends.
func (h *Handler) pace(ctx context.Context, sub *subscriber, lastSent time.Time) bool {
	gap := minGap - time.Since(lastSent)
	// urgent ends a spread wait early (nil: never, for the pacing).
	var urgent <-chan struct{}
	if gap <= 0 && sub.pending.Load()&urgentTopics == 0 && spreadWait > 0 {
		gap, urgent = rand.N(spreadWait), sub.wake
	}
	if gap <= 0 {
		return true
	}
	pace := time.NewTimer(gap)
	defer pace.Stop()
	select {
	case <-pace.C:
	case <-urgent:
	case <-ctx.Done():
		return false
	case <-h.hub.closed:
		return false
	}
	return true
}

// events are one event per topic, to be sent in one write.
func (h *Handler) events(eventID int64, topics ...string) []byte {
	now := h.Now().UnixMilli()
	buf := make([]byte, 0, 128*len(topics))
	for _, topic := range topics {
		data, _ := json.Marshal(message{Event: eventID, Topic: topic, ServerNowMS: now})
		buf = append(buf, "event: "...)
		buf = append(buf, topic...)
		buf = append(buf, "\ndata: "...)
		buf = append(buf, data...)
		buf = append(buf, "\n\n"...)
	}
	return buf
}

// clockJSON is what countdowns resynchronise from.
type clockJSON struct {
	ServerNowMS int64  `json:"server_now_ms"`
	Round       int    `json:"round"` // 0: no round published yet
	State       string `json:"state"` // running, paused, not-started, finished (complete), or none
	RemainingMS int64  `json:"remaining_ms"`
	LengthMS    int64  `json:"length_ms"`
}

// Clock is GET /events/:id/clock: the clock of the latest published
// round (or of ?round=n), with the server's time to compute the offset.
func (h *Handler) Clock(c echo.Context) error {
	e, err := h.VisibleEvent(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	r, err := h.clockRound(ctx, e.ID, c.QueryParam("round"))
	if err != nil {
		return err
	}
	now := h.Now()
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
func (h *Handler) clockRound(ctx context.Context, eventID int64, n string) (*storage.Round, error) {
	if n != "" {
		num, err := strconv.Atoi(n)
		if err != nil || num <= 0 {
			return nil, web.NotFound()
		}
		r, err := h.Store.RoundByNumber(ctx, eventID, num)
		if err != nil {
			return nil, err
		}
		if r.Status == storage.RoundPreview {
			return nil, web.NotFound()
		}
		return r, nil
	}
	rounds, err := h.Store.Rounds(ctx, eventID)
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
