// Package judge is the judge's side of an event and the game tracker: the
// rulings lookup and the game-log help (public); the judge console with the
// event's game logs, their replay step by step, the scorekeeper's recording
// and the rulings (for the event's organisers and judges); and the tracker
// both players of a match record a game with from their phones
// (phone_tracker*.go). What the console and the tracker share of a game log
// is package gamelog's.
package judge

import (
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/rules/engine"
	"github.com/tenkaichi-org/tenkaichi/server/gamelog"
	"github.com/tenkaichi-org/tenkaichi/server/readmodel"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// Handler serves the rulings lookup (public), the judge console,
// game log replay, rulings and scorekeeping of an event (its organisers
// and judges), and the game tracker players record a game with.
type Handler struct {
	*web.Kit
	models *readmodel.Cache   // the tracker finds the player's match in it
	cards  *gamelog.CardCache // the cards games are replayed with
}

// New is the judge pages and the tracker of kit's store.
func New(kit *web.Kit, models *readmodel.Cache, cards *gamelog.CardCache) *Handler {
	return &Handler{Kit: kit, models: models, cards: cards}
}

// GameLogHelp is the in-app help on the game-log notation (public, like the
// rulings lookup), so no message needs to point at a file in docs/.
func (h *Handler) GameLogHelp(c echo.Context) error {
	var verbs []views.VerbHelp
	for _, v := range engine.VerbUsages() {
		verbs = append(verbs, views.VerbHelp{Verb: v.Verb, Usage: v.Usage})
	}
	return web.Render(c, http.StatusOK, views.GameLogHelpView(h.PageTitled(c, i18n.M("JudgeHelpHeading", nil)), verbs))
}

const ctxEvent = "judge_event"

// RequireEventJudge lets organisers and the judges attached to the event in
// the URL through (after RequireUser), and keeps the event for the handler.
// A judge of another event is refused (404 for a draft, which is private).
func (h *Handler) RequireEventJudge(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		e, err := h.StaffEvent(c)
		if err != nil {
			return err
		}
		c.Set(ctxEvent, e)
		return next(c)
	}
}

// RequireEngine (after RequireEventJudge) refuses game-log recording on an
// event of a game the rules engine does not know, saying so.
func RequireEngine(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		e := eventOf(c)
		if g := web.GameOf(e.Game); !g.Engine {
			return web.Failed(http.StatusConflict, i18n.M("JudgeNoEngineRefused", i18n.Args{"Game": web.GameNameMessage(g.ID)}))
		}
		return next(c)
	}
}

func eventOf(c echo.Context) *storage.Event {
	e, _ := c.Get(ctxEvent).(*storage.Event)
	return e
}

func consoleURL(e *storage.Event) string { return web.JudgeConsoleURL(e) }

func eventView(e *storage.Event) views.JudgeEvent {
	return views.JudgeEvent{ID: e.ID, Name: e.Name, BaseURL: consoleURL(e)}
}

func logURL(e *storage.Event, logID int64) string { return web.JudgeLogURL(e, logID) }

// Flash messages of the judge pages, registered with the others so the
// cookie carries a key, not the text.
const (
	msgGameLogSaved  = "JudgeFlashGameLogSaved"
	msgRulingSaved   = "JudgeFlashRulingSaved"
	msgActionAdded   = "JudgeFlashActionAdded"
	msgRecordStarted = "JudgeFlashRecordStarted"
)

func init() {
	web.RegisterFlashes(map[string]string{
		msgGameLogSaved:  "game-log-saved",
		msgRulingSaved:   "ruling-saved",
		msgActionAdded:   "action-added",
		msgRecordStarted: "record-started",
	})
}
