// Package api is the public read API: JSON under /api/v1 in shapes close
// to Limitless's (pairings as round, table, player1, player2, winner),
// described by the OpenAPI document it serves at /api/v1/openapi.json
// (openapi.json).
//
// It shows what the public pages show to a visitor who is not signed in, and
// nothing more: it reads no session, so an organiser's cookie opens nothing.
// Drafts do not exist for it; rounds appear once published; results once
// final; decklists and the metagame once the organiser publishes the lists.
// Player links, member numbers, teams, deck problems and judges never appear.
// A player is named by the entry's number in the event (the id of the event
// file), with the name the public standings show.
package api

import (
	"context"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"github.com/tenkaichi-org/tenkaichi/pairing"
	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/server/readmodel"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/carddata"
	"github.com/tenkaichi-org/tenkaichi/views"
	"golang.org/x/time/rate"
)

//go:embed openapi.json
var apiOpenAPI []byte

// API rate limit per client address (the connection's peer, or the address a
// trusted proxy names), per instance: a burst of apiBurst requests, then
// apiRate a second.
const (
	apiRate  = 5
	apiBurst = 60
)

// Handler serves the public read API; rate and burst are its limit
// per client address (see apiRate and apiBurst).
type Handler struct {
	*web.Kit
	rate  float64
	burst int
	// boards are the season boards computed, by league version (as the
	// leaderboard page keeps them).
	boards *web.Keep[*readmodel.SeasonBoard]
}

// New is the API of kit's store, limited to burst requests at
// once and then rate a second per client; zero means the defaults.
func New(kit *web.Kit, rate float64, burst int) *Handler {
	return &Handler{Kit: kit, rate: rate, burst: burst, boards: web.NewKeep[*readmodel.SeasonBoard](32)}
}

// RateLimit limits each client address (the connection's peer, or the
// address a trusted proxy names) to the handler's rate, on this instance;
// a client over it gets 429 with Retry-After.
func (h *Handler) RateLimit() echo.MiddlewareFunc {
	limit := middleware.RateLimiterMemoryStoreConfig{Rate: apiRate, Burst: apiBurst, ExpiresIn: 3 * time.Minute}
	if h.rate > 0 && h.burst > 0 {
		limit.Rate, limit.Burst = rate.Limit(h.rate), h.burst
	}
	return middleware.RateLimiterWithConfig(middleware.RateLimiterConfig{
		Store: middleware.NewRateLimiterMemoryStoreWithConfig(limit),
		IdentifierExtractor: func(c echo.Context) (string, error) {
			return c.RealIP(), nil
		},
		DenyHandler: func(c echo.Context, _ string, _ error) error {
			c.Response().Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(1/float64(limit.Rate)))))
			return apiError(c, http.StatusTooManyRequests, "too many requests: slow down and retry after the number of seconds in Retry-After")
		},
	})
}

// NotFound answers every other path under /api/v1.
func (h *Handler) NotFound(c echo.Context) error {
	return apiError(c, http.StatusNotFound, "no such API path; the paths are in /api/v1/openapi.json")
}

// Headers: any site may read the API (it holds nothing private and uses
// no cookies); answers are revalidated with their ETag every time.
func Headers(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		h := c.Response().Header()
		h.Set("Access-Control-Allow-Origin", "*")
		h.Set("Access-Control-Expose-Headers", "ETag, Retry-After")
		h.Set("Cache-Control", "no-cache")
		return next(c)
	}
}

type apiErrorBody struct {
	Error string `json:"error"`
}

func apiError(c echo.Context, status int, msg string) error {
	return c.JSON(status, apiErrorBody{Error: msg})
}

// apiJSON writes v with a strong ETag (a hash of the body): a client that
// sends it back in If-None-Match gets 304 Not Modified and no body.
func apiJSON(c echo.Context, v any) error {
	body, err := json.Marshal(v)
	if err != nil {
		return err
	}
	sum := sha256.Sum256(body)
	etag := `"` + hex.EncodeToString(sum[:16]) + `"`
	c.Response().Header().Set("ETag", etag)
	if web.ETagMatches(c.Request().Header.Get("If-None-Match"), etag) {
		return c.NoContent(http.StatusNotModified)
	}
	return c.JSONBlob(http.StatusOK, body)
}

// errNotPublished: the decklists (and so the metagame) are not public yet.
var errNotPublished = errors.New("the decklists of this event are not published")

// apiFail turns a handler's error into JSON: storage's not-found is 404,
// anything else a 500 whose details go to the log only.
func (h *Handler) apiFail(c echo.Context, err error) error {
	switch {
	case errors.Is(err, storage.ErrNotFound):
		return apiError(c, http.StatusNotFound, "no such event")
	case errors.Is(err, errNotPublished):
		return apiError(c, http.StatusNotFound, err.Error())
	}
	h.Log.Error("api", "path", c.Request().URL.Path, "err", err)
	return apiError(c, http.StatusInternalServerError, "internal error")
}

// apiEventParam is the event of the URL if the public may see it: drafts
// answer 404 like an id that does not exist.
func (h *Handler) apiEventParam(c echo.Context) (*storage.Event, error) {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil || id <= 0 {
		return nil, storage.ErrNotFound
	}
	e, err := h.Store.EventByID(c.Request().Context(), id)
	if err != nil {
		return nil, err
	}
	if e.Status == storage.StatusDraft {
		return nil, storage.ErrNotFound
	}
	return e, nil
}

// OpenAPI is GET /api/v1/openapi.json, the document describing the API.
func (h *Handler) OpenAPI(c echo.Context) error {
	return c.Blob(http.StatusOK, "application/json", apiOpenAPI)
}

// apiEventSummary is an event in the list.
type apiEventSummary struct {
	ID      int64  `json:"id"`
	Name    string `json:"name"`
	Game    string `json:"game"`
	Format  string `json:"format"`
	Date    string `json:"date"`
	Venue   string `json:"venue"`
	Status  string `json:"status"`
	Players int64  `json:"players"`
}

func eventSummary(e *storage.Event, players int64) apiEventSummary {
	return apiEventSummary{ID: e.ID, Name: e.Name, Game: e.Game, Format: e.Format, Date: e.StartsOn.Format(time.DateOnly),
		Venue: e.Venue, Status: e.Status, Players: players}
}

// Events lists the events that are not drafts, newest first, a page at a
// time (?limit=, at most 500, and ?page= from 1).
func (h *Handler) Events(c echo.Context) error {
	limit, err := apiQueryInt(c, "limit", 50, 500)
	if err != nil {
		return apiError(c, http.StatusBadRequest, err.Error())
	}
	page, err := apiQueryInt(c, "page", 1, math.MaxInt32)
	if err != nil {
		return apiError(c, http.StatusBadRequest, err.Error())
	}
	all, err := h.Store.Events(c.Request().Context())
	if err != nil {
		return h.apiFail(c, err)
	}
	public := make([]storage.Event, 0, len(all))
	for _, e := range all {
		if e.Status != storage.StatusDraft {
			public = append(public, e)
		}
	}
	from := min((page-1)*limit, len(public))
	public = public[from:min(from+limit, len(public))]
	ids := make([]int64, len(public))
	for i := range public {
		ids[i] = public[i].ID
	}
	counts, err := h.Store.EntryCounts(c.Request().Context(), ids)
	if err != nil {
		return h.apiFail(c, err)
	}
	out := make([]apiEventSummary, 0, len(public))
	for i := range public {
		out = append(out, eventSummary(&public[i], counts[public[i].ID]))
	}
	return apiJSON(c, out)
}

// apiQueryInt reads a whole-number query parameter from 1 to most, or def
// when it is absent.
func apiQueryInt(c echo.Context, name string, def, most int) (int, error) {
	v := c.QueryParam(name)
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > most {
		return 0, fmt.Errorf("%s must be a whole number from 1 to %d, not %q", name, most, v)
	}
	return n, nil
}

type apiPoints struct {
	Win  int `json:"win"`
	Draw int `json:"draw"`
	Loss int `json:"loss"`
	Bye  int `json:"bye"`
}

// apiPhase is Swiss (phase 1) or the single-elimination top cut (phase 2).
type apiPhase struct {
	Phase  int    `json:"phase"`
	Type   string `json:"type"`   // "swiss" or "single-elimination"
	Rounds *int   `json:"rounds"` // planned rounds; null when set by attendance
	Mode   string `json:"mode"`   // "BO1" or "BO3"
}

type apiEventDetails struct {
	apiEventSummary
	RoundMinutes int        `json:"round_minutes"`
	Tiebreakers  string     `json:"tiebreakers"`
	Points       apiPoints  `json:"points"`
	Decklists    bool       `json:"decklists"` // published
	Phases       []apiPhase `json:"phases"`
	// PairingFile is the public pairing file (tenkaichi verify).
	PairingFile string `json:"pairing_file"`
}

// Event is GET /api/v1/events/:id: the event's settings and phases.
func (h *Handler) Event(c echo.Context) error {
	e, err := h.apiEventParam(c)
	if err != nil {
		return h.apiFail(c, err)
	}
	n, err := h.Store.CountEntries(c.Request().Context(), e.ID)
	if err != nil {
		return h.apiFail(c, err)
	}
	out := apiEventDetails{apiEventSummary: eventSummary(e, n), RoundMinutes: e.RoundMinutes, Tiebreakers: e.Tiebreakers,
		Points:      apiPoints{Win: e.PointsWin, Draw: e.PointsDraw, Loss: e.PointsLoss, Bye: e.PointsBye},
		Decklists:   e.DecksPublic,
		Phases:      []apiPhase{{Phase: 1, Type: "swiss", Rounds: e.SwissRounds, Mode: "BO1"}},
		PairingFile: "/events/" + strconv.FormatInt(e.ID, 10) + "/pairings.json"}
	if e.TopCutSize > 0 {
		rounds := int(math.Ceil(math.Log2(float64(e.TopCutSize))))
		out.Phases = append(out.Phases, apiPhase{Phase: 2, Type: "single-elimination", Rounds: &rounds, Mode: "BO" + strconv.Itoa(e.TopCutBestOf)})
	}
	return apiJSON(c, out)
}

// apiEventData loads an event's play for the public: rounds still in preview
// are dropped (their matches too), as the public pages do not show them.
func (h *Handler) apiEventData(c echo.Context) (*readmodel.EventData, error) {
	e, err := h.apiEventParam(c)
	if err != nil {
		return nil, err
	}
	d, err := readmodel.Load(c.Request().Context(), h.Store, e)
	if err != nil {
		return nil, err
	}
	return d.Published(), nil
}

// apiPhaseOf numbers a round within the event (as pairings do) and names its phase.
func apiPhaseOf(r storage.Round) int {
	if r.Kind == storage.KindTopCut {
		return 2
	}
	return 1
}

type apiRound struct {
	Round  int    `json:"round"`
	Phase  int    `json:"phase"`
	Name   string `json:"name"`
	Status string `json:"status"` // "in-play" or "complete"
	Tables int    `json:"tables"`
	Day    int    `json:"day,omitempty"` // a two-day event's Swiss round: its day (1 or 2)
}

// Rounds is GET /api/v1/events/:id/rounds: every published round.
func (h *Handler) Rounds(c echo.Context) error {
	d, err := h.apiEventData(c)
	if err != nil {
		return h.apiFail(c, err)
	}
	out := []apiRound{}
	for i := range d.Rounds {
		r := &d.Rounds[i]
		status := "in-play"
		if r.Status == storage.RoundFinished {
			status = "complete"
		}
		ar := apiRound{Round: r.Number, Phase: apiPhaseOf(*r), Name: readmodel.RoundName(d, r), Status: status, Tables: len(d.Matches[r.Number])}
		if r.Kind == storage.KindSwiss {
			ar.Day, _ = d.RoundDay(r.Number)
		}
		out = append(out, ar)
	}
	return apiJSON(c, out)
}

// apiPairing is one match as Limitless writes it. Winner is the winning
// player's id, 0 for a tie, -1 for a double loss, and null until the result
// is final; a bye has player2 null and player1 as the winner.
type apiPairing struct {
	Round   int     `json:"round"`
	Phase   int     `json:"phase"`
	Table   *int    `json:"table"`
	Player1 string  `json:"player1"`
	Player2 *string `json:"player2"`
	Winner  any     `json:"winner"`
	// Games won by each player in a best of three, once final.
	Games *[2]int `json:"games,omitempty"`
	// Intentional: a final draw both players agreed to (issue 28).
	Intentional bool `json:"intentional,omitempty"`
}

func apiWinner(m storage.Match) any {
	switch {
	case m.P2EntryID == nil:
		return readmodel.PlayerID(m.P1EntryID)
	case m.Status != storage.MatchConfirmed:
		return nil
	}
	switch m.Result {
	case storage.ResultP1:
		return readmodel.PlayerID(m.P1EntryID)
	case storage.ResultP2:
		return readmodel.PlayerID(*m.P2EntryID)
	case storage.ResultDraw:
		return 0
	case storage.ResultDoubleLoss:
		return -1
	}
	return nil
}

// Pairings lists the matches of every published round, or of ?round=N.
func (h *Handler) Pairings(c echo.Context) error {
	only, err := apiQueryInt(c, "round", 0, math.MaxInt32)
	if err != nil {
		return apiError(c, http.StatusBadRequest, err.Error())
	}
	d, err := h.apiEventData(c)
	if err != nil {
		return h.apiFail(c, err)
	}
	out := []apiPairing{}
	for _, r := range d.Rounds {
		if only != 0 && r.Number != only {
			continue
		}
		for _, m := range d.Matches[r.Number] {
			p := apiPairing{Round: r.Number, Phase: apiPhaseOf(r), Table: m.TableNo, Player1: readmodel.PlayerID(m.P1EntryID), Winner: apiWinner(m),
				Intentional: m.Intentional && m.Status == storage.MatchConfirmed}
			if m.P2EntryID != nil {
				id := readmodel.PlayerID(*m.P2EntryID)
				p.Player2 = &id
				if r.Kind == storage.KindTopCut && m.Status == storage.MatchConfirmed {
					p.Games = &[2]int{m.P1Wins, m.P2Wins}
				}
			}
			out = append(out, p)
		}
	}
	return apiJSON(c, out)
}

type apiRecord struct {
	Wins   int `json:"wins"`
	Losses int `json:"losses"`
	Ties   int `json:"ties"`
}

// apiStanding is one player's line. Rank is the Swiss standing; placing the
// final place (top cut first), null until decided.
type apiStanding struct {
	Placing     *int               `json:"placing"`
	Rank        int                `json:"rank"`
	Player      string             `json:"player"`
	Name        string             `json:"name"`
	Points      int                `json:"points"`
	Record      apiRecord          `json:"record"`
	Tiebreakers map[string]float64 `json:"tiebreakers"`
	Dropped     bool               `json:"dropped"`
	Drop        *int               `json:"drop"`          // the last round played, for a player who dropped
	Day         int                `json:"day,omitempty"` // a two-day event's: 2 advanced, 1 finished on day 1
}

// Standings is GET /api/v1/events/:id/standings: the Swiss standings
// with each player's final placing once decided.
func (h *Handler) Standings(c echo.Context) error {
	d, err := h.apiEventData(c)
	if err != nil {
		return h.apiFail(c, err)
	}
	pe := d.PairingEvent(false)
	st, err := pairing.Standings(pe, "")
	if err != nil {
		return h.apiFail(c, err)
	}
	places := map[string]int{}
	// A team event's cut is the teams': its placings are on the teams endpoint.
	teamCut := d.Event.TeamEvent && len(d.TopCutRounds()) > 0
	if e := d.Event; !teamCut && (e.Status == storage.StatusFinished || len(d.TopCutRounds()) > 0) {
		var b *pairing.Bracket
		if len(d.TopCutRounds()) > 0 {
			if b, err = pairing.BuildTopCut(pe, e.TopCutSize); err != nil {
				return h.apiFail(c, err)
			}
		}
		for _, p := range pairing.Placings(st, b) {
			if p.Place > 0 {
				places[p.ID] = p.Place
			}
		}
	}
	out := make([]apiStanding, 0, len(st))
	for _, row := range st {
		line := apiStanding{Rank: row.Rank, Player: row.ID, Name: row.Name, Points: row.Points,
			Record: apiRecord{Wins: row.Wins, Losses: row.Losses, Ties: row.Draws}, Tiebreakers: map[string]float64{}, Dropped: row.Dropped, Day: row.Day}
		if p, ok := places[row.ID]; ok {
			line.Placing = &p
		}
		for _, tb := range row.Tiebreakers {
			line.Tiebreakers[tb.Key] = math.Round(tb.Value*1e4) / 1e4
		}
		if en := d.ByID[readmodel.EntryIDOf(row.ID)]; en != nil && en.DroppedRound != nil {
			line.Drop = en.DroppedRound
		}
		out = append(out, line)
	}
	return apiJSON(c, out)
}

// apiDecksPublic is the event when its decklists are published (the public
// decklists page shows them then), else a 404.
func (h *Handler) apiDecksPublic(c echo.Context) (*readmodel.EventData, error) {
	d, err := h.apiEventData(c)
	if err != nil {
		return nil, err
	}
	if !d.Event.DecksPublic {
		return nil, errNotPublished
	}
	return d, nil
}

type apiDeckCard struct {
	Count   int    `json:"count"`
	Number  string `json:"number"`
	Name    string `json:"name,omitempty"`
	Section string `json:"section"`
}

type apiDecklist struct {
	Player string        `json:"player"`
	Name   string        `json:"name"`
	Leader string        `json:"leader"`
	Text   string        `json:"text"`
	Cards  []apiDeckCard `json:"cards"` // the text read as card lines; empty if it cannot be read
}

// Decklists is GET /api/v1/events/:id/decklists, once published: each
// list as pasted and read as card lines.
func (h *Handler) Decklists(c echo.Context) error {
	d, err := h.apiDecksPublic(c)
	if err != nil {
		return h.apiFail(c, err)
	}
	pool, err := carddata.New(h.Store).CardPool(c.Request().Context(), rules.Game(d.Event.Game))
	if err != nil {
		return h.apiFail(c, err)
	}
	out := []apiDecklist{}
	for _, en := range d.Entries {
		if en.Waitlisted || en.DeckText == "" {
			continue
		}
		dl := apiDecklist{Player: readmodel.PlayerID(en.ID), Name: en.PlayerName, Leader: en.DeckLeader, Text: en.DeckText, Cards: []apiDeckCard{}}
		if parsed, err := web.ParseDeckText(en.DeckText, pool); err == nil {
			for _, ce := range parsed.Entries {
				dl.Cards = append(dl.Cards, apiDeckCard{Count: ce.Count, Number: ce.Number, Name: ce.Name, Section: string(ce.Section)})
			}
		}
		out = append(out, dl)
	}
	return apiJSON(c, out)
}

type apiMetaRow struct {
	Name    string   `json:"name"`
	Players int      `json:"players"`
	Share   float64  `json:"share"` // of the players, 0 to 1
	Wins    int      `json:"wins"`
	Losses  int      `json:"losses"`
	Ties    int      `json:"ties"`
	WinRate *float64 `json:"win_rate"` // (wins + ties/2) / matches, mirrors left out; null without matches
}

type apiMetagame struct {
	Players int          `json:"players"`
	Leaders []apiMetaRow `json:"leaders"`
	Colours []apiMetaRow `json:"colours"`
}

// Metagame is GET /api/v1/events/:id/metagame, once the decklists are
// published: leaders and colours with their win rates.
func (h *Handler) Metagame(c echo.Context) error {
	d, err := h.apiDecksPublic(c)
	if err != nil {
		return h.apiFail(c, err)
	}
	pool, err := carddata.New(h.Store).CardPool(c.Request().Context(), rules.Game(d.Event.Game))
	if err != nil {
		return h.apiFail(c, err)
	}
	english := context.Background() // like all of the API
	players, leaders, colours := readmodel.Metagame(d, pool, func(n string) string { return web.LeaderLabel(english, pool, n) })
	rows := func(in []views.MetaRow) []apiMetaRow {
		out := make([]apiMetaRow, 0, len(in))
		for _, r := range in {
			row := apiMetaRow{Name: r.Label, Players: r.Players, Share: math.Round(r.SharePct*100) / 1e4, Wins: r.Wins, Losses: r.Losses, Ties: r.Draws}
			if r.Matches > 0 {
				w := math.Round(r.WinRatePct*100) / 1e4
				row.WinRate = &w
			}
			out = append(out, row)
		}
		return out
	}
	return apiJSON(c, apiMetagame{Players: players, Leaders: rows(leaders), Colours: rows(colours)})
}
