package server

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/rules/engine"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// judgeRoutes is the rulings lookup (public) and the judge console, game log
// replay, rulings and scorekeeping of an event (its organisers and judges).
func (s *Server) judgeRoutes(app *echo.Group) {
	app.GET("/rules", s.rulesLookup)
	app.GET("/rules/:rule", s.showRule)
	app.GET("/help/game-log", s.gameLogHelp)

	judge := []echo.MiddlewareFunc{web.RequireUser, s.requireEventJudge}
	// Adding to game logs needs the rules engine, which knows Fusion World only.
	engine := append(judge, requireEngine)
	app.GET("/events/:id/judge", s.judgeConsole, judge...)
	app.POST("/events/:id/judge/logs", s.uploadGameLog, engine...)
	app.POST("/events/:id/judge/logs/new", s.newGameLog, engine...)
	app.GET("/events/:id/judge/logs/:log", s.showGameLog, judge...)
	app.GET("/events/:id/judge/logs/:log/record", s.recordForm, engine...)
	app.POST("/events/:id/judge/logs/:log/record", s.recordAction, engine...)
	app.POST("/events/:id/judge/rulings", s.saveRuling, judge...)
}

// gameLogHelp is the in-app help on the game-log notation (public, like the
// rulings lookup), so no message needs to point at a file in docs/.
func (s *Server) gameLogHelp(c echo.Context) error {
	var verbs []views.VerbHelp
	for _, v := range engine.VerbUsages() {
		verbs = append(verbs, views.VerbHelp{Verb: v.Verb, Usage: v.Usage})
	}
	return web.Render(c, http.StatusOK, views.GameLogHelpView(s.Page(c, i18n.T(c.Request().Context(), "JudgeHelpHeading", nil)), verbs))
}

const ctxJudgeEvent = "judge_event"

// requireEventJudge lets organisers and the judges attached to the event in
// the URL through (after RequireUser), and keeps the event for the handler.
// A judge of another event is refused (404 for a draft, which is private).
func (s *Server) requireEventJudge(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		e, err := s.StaffEvent(c)
		if err != nil {
			return err
		}
		c.Set(ctxJudgeEvent, e)
		return next(c)
	}
}

// requireEngine (after requireEventJudge) refuses game-log recording on an
// event of a game the rules engine does not know, saying so.
func requireEngine(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		e := judgeEventOf(c)
		if g := web.GameOf(e.Game); !g.Engine {
			ctx := c.Request().Context()
			return &web.Error{Code: http.StatusConflict, Safe: i18n.T(ctx, "JudgeNoEngineRefused", i18n.Args{"Game": web.GameName(ctx, g.ID)})}
		}
		return next(c)
	}
}

func judgeEventOf(c echo.Context) *storage.Event {
	e, _ := c.Get(ctxJudgeEvent).(*storage.Event)
	return e
}

func judgeBase(e *storage.Event) string {
	return "/events/" + strconv.FormatInt(e.ID, 10) + "/judge"
}

func judgeEventView(e *storage.Event) views.JudgeEvent {
	return views.JudgeEvent{ID: e.ID, Name: e.Name, BaseURL: judgeBase(e)}
}

func logURL(e *storage.Event, logID int64) string {
	return judgeBase(e) + "/logs/" + strconv.FormatInt(logID, 10)
}

func stepURL(e *storage.Event, logID int64, step int) string {
	return logURL(e, logID) + "?step=" + strconv.Itoa(step)
}

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
