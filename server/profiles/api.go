package profiles

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"math"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/leagues"
)

// The public API's profile (GET /api/v1/players/:id): what the public
// profile page shows, as JSON, for public profiles only; anything else is
// 404, as for no player. Decklists and leaders only where the event
// publishes its lists; no member number.

type apiProfile struct {
	ID      int64       `json:"id"`
	Name    string      `json:"name"`
	Events  []apiEvent  `json:"events"`
	Ratings []apiRating `json:"ratings"`
}

type apiEvent struct {
	EventID  int64   `json:"event_id"`
	Name     string  `json:"name"`
	Date     string  `json:"date"`
	Store    string  `json:"store"`
	Game     string  `json:"game"`
	Format   string  `json:"format"`
	Status   string  `json:"status"`
	Place    *int    `json:"place"`
	Wins     int     `json:"wins"`
	Losses   int     `json:"losses"`
	Draws    int     `json:"draws"`
	Byes     int     `json:"byes"`
	Dropped  bool    `json:"dropped"`
	Leader   *string `json:"leader"`
	Decklist *string `json:"decklist"`
}

type apiRating struct {
	Game      string  `json:"game"`
	Rating    float64 `json:"rating"`
	Deviation float64 `json:"deviation"`
	Matches   int     `json:"matches"`
}

type apiProblem struct {
	Error string `json:"error"`
}

// APIProfile answers a public profile as JSON.
func (h *Handler) APIProfile(c echo.Context) error {
	ctx := c.Request().Context()
	notFound := func() error { return c.JSON(http.StatusNotFound, apiProblem{Error: "no public profile with this id"}) }
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil || id <= 0 {
		return notFound()
	}
	p, err := h.Store.LivePlayer(ctx, id)
	if errors.Is(err, storage.ErrNotFound) || err == nil && (!p.Public || p.AnonymisedAt != nil) {
		return notFound()
	}
	if err != nil {
		return err
	}
	prof, err := h.freshProfile(ctx, p.ID)
	if err != nil {
		return err
	}
	out := apiProfile{ID: p.ID, Name: p.Name, Events: []apiEvent{}, Ratings: []apiRating{}}
	for i := range prof.Entries {
		if e := &prof.Entries[i]; !e.Waitlisted && e.EventStatus != storage.StatusDraft {
			out.Events = append(out.Events, apiEventOf(e))
		}
	}
	for _, r := range prof.Ratings {
		out.Ratings = append(out.Ratings, apiRating{Game: r.Game, Rating: round1(r.Rating), Deviation: round1(r.Deviation), Matches: r.Matches})
	}
	return jsonWithETag(c, out)
}

// jsonWithETag writes v with a strong ETag, as the rest of the API does: a
// client that sends it back in If-None-Match gets 304 and no body.
func jsonWithETag(c echo.Context, v any) error {
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

func apiEventOf(e *leagues.PlayerEntry) apiEvent {
	v := apiEvent{EventID: e.EventID, Name: e.EventName, Date: e.EventDate.Format("2006-01-02"), Store: e.StoreName,
		Game: e.Game, Format: e.Format, Status: e.EventStatus, Dropped: e.DroppedRound != nil}
	if r := e.Result; r != nil {
		place := r.Place
		v.Place, v.Wins, v.Losses, v.Draws, v.Byes = &place, r.Wins, r.Losses, r.Draws, r.Byes
	}
	if e.DeckPublished && e.DeckText != "" {
		leader, text := e.DeckLeader, e.DeckText
		v.Leader, v.Decklist = &leader, &text
	}
	return v
}

func round1(x float64) float64 { return math.Round(x*10) / 10 }
