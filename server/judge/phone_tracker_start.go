package judge

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/rules/engine"
	"github.com/tenkaichi-org/tenkaichi/server/gamelog"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/judging"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// trackerMatch is the match a player can track: their match of the latest
// round shown to players, with an opponent (nil when there is none).
func (h *Handler) trackerMatch(c echo.Context, ev *storage.Event, en *storage.Entry) (*storage.Match, *storage.Round, error) {
	rm, err := h.models.Of(c.Request().Context(), ev.ID, 0)
	if err != nil {
		return nil, nil, err
	}
	m := rm.MatchOf[en.ID]
	if rm.Latest == nil || m == nil || m.P2EntryID == nil {
		return nil, nil, nil
	}
	return m, rm.Latest, nil
}

// TrackerEntry is GET /p/:token/game, the player page's link: the latest
// tracked game of the player's match, or the form that starts one.
func (h *Handler) TrackerEntry(c echo.Context) error {
	en, ev, err := h.trackerPlayer(c)
	if err != nil {
		return err
	}
	m, _, err := h.trackerMatch(c, ev, en)
	if err != nil {
		return err
	}
	if m != nil {
		games, err := judging.New(h.Store).TrackerGames(c.Request().Context(), ev.ID, []int64{m.ID})
		if err != nil {
			return err
		}
		if gl, ok := games[m.ID]; ok {
			return web.Redirect(c, "/p/"+c.Param("token")+"/games/"+strconv.FormatInt(gl.ID, 10))
		}
	}
	return h.renderTrackerStart(c, en, ev, m, views.TrackerStartPage{Game: 1}, http.StatusOK)
}

// renderTrackerStart shows the form that starts the tracker, asking for
// the Leaders the registered decklists do not give.
func (h *Handler) renderTrackerStart(c echo.Context, en *storage.Entry, ev *storage.Event, m *storage.Match, f views.TrackerStartPage, status int) error {
	f.EventID, f.Token = ev.ID, "/p/"+c.Param("token")
	f.Action = f.Token + "/game"
	f.Heading = i18n.M("TrackerStartHeading", nil)
	if m == nil {
		if f.Problem.IsZero() {
			f.Problem = i18n.M("TrackerNoMatch", nil)
		}
	} else {
		opp, err := h.opponentOf(c, ev, en, m)
		if err != nil {
			return err
		}
		f.Opponent = opp.PlayerName
		f.MyLeader, f.TheirLead = en.DeckLeader == "", opp.DeckLeader == ""
	}
	p := h.PageTitled(c, f.Heading)
	p.Flash = i18n.Message{}
	p.ForPlayer = true
	p.JSURL = web.LiveScriptURL()
	return web.Render(c, status, views.TrackerStartView(p, f))
}

func (h *Handler) opponentOf(c echo.Context, ev *storage.Event, en *storage.Entry, m *storage.Match) (*storage.Entry, error) {
	id := *m.P2EntryID
	if m.Side(en.ID) == storage.ResultP2 {
		id = m.P1EntryID
	}
	return h.Store.EntryByID(c.Request().Context(), ev.ID, id)
}

// TrackerStart is POST /p/:token/game: it starts the tracker's log of a
// game of the player's match (game 1, or the next of a best of three), or
// opens the one already started, from either phone.
func (h *Handler) TrackerStart(c echo.Context) error {
	en, ev, err := h.trackerPlayer(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	m, round, err := h.trackerMatch(c, ev, en)
	if err != nil {
		return err
	}
	f := views.TrackerStartPage{Game: 1, Values: map[string]string{}, Errors: views.FieldProblems{}}
	if m == nil {
		return h.renderTrackerStart(c, en, ev, nil, f, http.StatusConflict)
	}
	if m.Status == storage.MatchConfirmed {
		f.Problem = i18n.M("TrackerMatchFinal", nil)
		return h.renderTrackerStart(c, en, ev, m, f, http.StatusConflict)
	}
	bestOf := 1
	if round.Kind == storage.KindTopCut {
		bestOf = ev.TopCutBestOf
	}
	if g := strings.TrimSpace(c.FormValue("game")); g != "" {
		n, err := strconv.Atoi(g)
		if err != nil || n < 1 || n > bestOf {
			f.Problem = i18n.MN("TrackerGameNumber", bestOf, nil)
			return h.renderTrackerStart(c, en, ev, m, f, http.StatusUnprocessableEntity)
		}
		f.Game = n
	}
	base := "/p/" + c.Param("token")
	if gl, err := judging.New(h.Store).TrackerLog(ctx, ev.ID, m.ID, f.Game); err == nil {
		return web.Redirect(c, base+"/games/"+strconv.FormatInt(gl.ID, 10))
	} else if !errors.Is(err, storage.ErrNotFound) {
		return err
	}
	opp, err := h.opponentOf(c, ev, en, m)
	if err != nil {
		return err
	}
	// The Leaders: from the registered decklists, else as typed.
	leader := func(e *storage.Entry, field string) string {
		if e.DeckLeader != "" {
			return e.DeckLeader
		}
		v := strings.ToUpper(web.FormText(c, field, 30))
		f.Values[field] = v
		if _, err := engine.ParseText([]byte("[P1Leader " + strconv.Quote(v) + "]")); v == "" || err != nil {
			f.Errors[field] = i18n.M("TrackerLeaderNeeded", nil)
		}
		return v
	}
	mine, theirs := leader(en, "leader_me"), leader(opp, "leader_them")
	if len(f.Errors) > 0 {
		return h.renderTrackerStart(c, en, ev, m, f, http.StatusUnprocessableEntity)
	}
	p1, p2 := en, opp
	l1, l2 := mine, theirs
	if m.Side(en.ID) == storage.ResultP2 {
		p1, p2, l1, l2 = opp, en, theirs, mine
	}
	var players [2]gamelog.Player
	for i, p := range []struct {
		e      *storage.Entry
		leader string
	}{{p1, l1}, {p2, l2}} {
		deck, err := gamelog.RegisteredDeck(ctx, h.Store, ev.ID, &p.e.ID)
		if err != nil {
			return err
		}
		players[i] = gamelog.Player{Name: p.e.PlayerName, Leader: p.leader, Decklist: deck}
	}
	label, err := gamelog.NewMatchLabels(ctx, h.Store, ev.ID).Label(&m.ID)
	if err != nil {
		return err
	}
	title := storedText(ctx, i18n.M("TrackerLogTitle", i18n.Args{"Match": label, "Game": f.Game}))
	tags := [][2]string{{"Event", ev.Name}, {"Round", strconv.Itoa(round.Number)}}
	if m.TableNo != nil {
		tags = append(tags, [2]string{"Table", strconv.Itoa(*m.TableNo)})
	}
	body, err := gamelog.NewBody(title, tags, players)
	if err != nil {
		return err
	}
	gl, _, err := judging.New(h.Store).CreateTrackerLog(ctx, storage.PlayerActor(en.PlayerName),
		&storage.GameLog{EventID: ev.ID, MatchID: &m.ID, GameNo: f.Game, Title: title, Body: body})
	if err != nil {
		return err
	}
	return web.Redirect(c, base+"/games/"+strconv.FormatInt(gl.ID, 10))
}
