package server

import (
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"github.com/tenkaichi-org/tenkaichi/server/api"
	"github.com/tenkaichi-org/tenkaichi/server/judge"
	"github.com/tenkaichi-org/tenkaichi/server/web"
)

// routes is the whole URL surface of the application, in one place.
func (s *Server) routes(e *echo.Echo) {
	e.Pre(middleware.RemoveTrailingSlashWithConfig(middleware.TrailingSlashConfig{RedirectCode: http.StatusMovedPermanently}))
	e.Use(middleware.Recover())
	e.Use(s.RequestLog)
	// Forms are small; the card list upload has its own, larger limit.
	e.Use(middleware.BodyLimitWithConfig(middleware.BodyLimitConfig{Limit: "2M",
		Skipper: func(c echo.Context) bool { return c.Path() == "/cards/import" || c.Path() == "/events/import" }}))
	e.Use(middleware.SecureWithConfig(middleware.SecureConfig{
		XSSProtection: "0", ContentTypeNosniff: "nosniff", XFrameOptions: "DENY",
		ReferrerPolicy:        "same-origin",
		ContentSecurityPolicy: "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; form-action 'self'; frame-ancestors 'none'",
	}))

	// Health and assets need no session, CSRF token or setup.
	e.GET("/healthz", s.healthz)
	e.GET("/static/:hash/*", s.static)
	e.GET("/favicon.ico", s.favicon)

	// The public read API (server/api): JSON, no session, only what the public
	// pages show.
	v1 := e.Group("/api/v1", api.Headers, s.api.RateLimit())
	v1.GET("/openapi.json", s.api.OpenAPI)
	v1.GET("/events", s.api.Events)
	v1.GET("/events/:id", s.api.Event)
	v1.GET("/events/:id/rounds", s.api.Rounds)
	v1.GET("/events/:id/pairings", s.api.Pairings)
	v1.GET("/events/:id/standings", s.api.Standings)
	v1.GET("/events/:id/decklists", s.api.Decklists)
	v1.GET("/events/:id/metagame", s.api.Metagame)
	v1.Any("/*", s.api.NotFound)

	// Everything else is a page: it may need a CSRF token and a session.
	// EventScope works out the signed-in user's standing in the event of any
	// /events/:id route, which RequireOrganiser and the staff helpers check
	// (web/access.go): organisers see and manage only their stores' events.
	app := e.Group("", web.PlainInput, s.CSRF(), s.LoadSession, s.ChooseLanguage, s.SetupGate, s.EventScope)

	app.GET("/", s.home)
	app.GET("/setup", s.setupForm)
	app.POST("/setup", s.setup)
	app.GET("/login", s.loginForm)
	app.POST("/login", s.login)
	app.POST("/logout", s.logout)
	app.GET("/language", s.selectLanguage) // the selector on every page (language.go)

	// Account pages.
	app.GET("/account", s.showAccount, web.RequireUser)
	app.POST("/account", s.saveAccount, web.RequireUser)
	app.POST("/account/language", s.saveAccountLanguage, web.RequireUser)
	app.POST("/accounts", s.addAccount, web.RequireOrganiser)
	app.POST("/accounts/:user/admin", s.setAdmin, web.RequireAdmin)
	// Installation settings are the instance admin's (they serve every store).
	app.GET("/settings", s.showSettings, web.RequireAdmin)
	app.POST("/settings", s.saveSettings, web.RequireAdmin)
	s.storeRoutes(app)

	// Events: anyone may see a public event page; organisers of its store
	// change an event (RequireOrganiser checks the store, web/access.go).
	app.GET("/events", s.listEvents, web.RequireOrganiser)
	app.GET("/events/new", s.newEvent, web.RequireOrganiser)
	app.POST("/events", s.createEvent, web.RequireOrganiser)
	app.GET("/events/:id", s.showEvent)
	app.GET("/events/:id/edit", s.editEvent, web.RequireOrganiser)
	app.POST("/events/:id", s.updateEvent, web.RequireOrganiser)
	app.GET("/events/:id/delete", s.confirmDeleteEvent, web.RequireOrganiser)
	app.POST("/events/:id/delete", s.deleteEvent, web.RequireOrganiser)
	app.POST("/events/:id/judges", s.addJudge, web.RequireOrganiser)
	app.POST("/events/:id/judges/:user/remove", s.removeJudge, web.RequireOrganiser)

	// Card pool, ban lists and the deck checking tool. The pool and ban lists
	// serve every store: organisers read them, the instance admin changes them.
	app.GET("/cards", s.showCards, web.RequireOrganiser)
	app.POST("/cards/import", s.importCards, web.RequireAdmin, middleware.BodyLimit("33M"))
	app.POST("/banlists", s.saveBanList, web.RequireAdmin)
	app.GET("/banlists/:game/:effective", s.showBanList, web.RequireUser)
	app.GET("/decks/check", s.deckCheckForm, web.RequireUser)
	app.POST("/decks/check", s.deckCheck, web.RequireUser)
	// The rulings lookup (public) and the judge console, game log replay,
	// rulings and scorekeeping of an event (its organisers and judges).
	// Adding to game logs needs the rules engine, which knows Fusion World
	// only.
	app.GET("/rules", s.judge.RulesLookup)
	app.GET("/rules/:rule", s.judge.ShowRule)
	app.GET("/help/game-log", s.judge.GameLogHelp)
	judging := []echo.MiddlewareFunc{web.RequireUser, s.judge.RequireEventJudge}
	recording := append(judging, judge.RequireEngine)
	app.GET("/events/:id/judge", s.judge.Console, judging...)
	app.POST("/events/:id/judge/logs", s.judge.UploadGameLog, recording...)
	app.POST("/events/:id/judge/logs/new", s.judge.NewGameLog, recording...)
	app.GET("/events/:id/judge/logs/:log", s.judge.ShowGameLog, judging...)
	app.GET("/events/:id/judge/logs/:log/record", s.judge.RecordForm, recording...)
	app.POST("/events/:id/judge/logs/:log/record", s.judge.RecordAction, recording...)
	app.POST("/events/:id/judge/rulings", s.judge.SaveRuling, judging...)
	app.GET("/events/:id/live", s.live.EventStream)
	app.GET("/p/:token/live", s.live.PlayerStream)
	app.GET("/events/:id/clock", s.live.Clock)
	app.GET("/events/:id/projector", s.projector, s.InEventLanguage)
	s.printRoutes(app)
	// The event file: export, import, the standings as CSV and the
	// snapshots an organiser can restore (organisers only).
	app.GET("/events/:id/export", s.transfer.ExportEventFile, web.RequireOrganiser)
	app.GET("/events/:id/standings.csv", s.transfer.StandingsCSV, web.RequireOrganiser)
	app.GET("/events/import", s.transfer.ImportForm, web.RequireOrganiser)
	app.POST("/events/import", s.transfer.ImportEventFile, web.RequireOrganiser, middleware.BodyLimit("17M"))
	app.GET("/events/:id/snapshots", s.transfer.Snapshots, web.RequireOrganiser)
	app.POST("/events/:id/snapshots", s.transfer.TakeSnapshot, web.RequireOrganiser)
	app.GET("/events/:id/snapshots/:snap", s.transfer.DownloadSnapshot, web.RequireOrganiser)
	app.GET("/events/:id/snapshots/:snap/restore", s.transfer.ConfirmRestore, web.RequireOrganiser)
	app.POST("/events/:id/snapshots/:snap/restore", s.transfer.RestoreSnapshot, web.RequireOrganiser)

	// Event day: players and registration.
	app.GET("/events/:id/players", s.showPlayers, web.RequireOrganiser)
	app.POST("/events/:id/players", s.addPlayer, web.RequireOrganiser)
	app.POST("/events/:id/players/drop-not-checked-in", s.dropNotCheckedIn, web.RequireOrganiser)
	app.GET("/events/:id/players/:entry", s.showPlayer, web.RequireOrganiser)
	app.POST("/events/:id/players/:entry", s.updatePlayer, web.RequireUser)
	app.POST("/events/:id/players/:entry/delete", s.deletePlayer, web.RequireOrganiser)
	app.GET("/events/:id/register", s.registerForm)
	app.POST("/events/:id/register", s.register)

	// Decklists.
	app.GET("/events/:id/decks", s.showDecks, web.RequireUser)
	app.POST("/events/:id/decks/settings", s.deckSettings, web.RequireOrganiser)
	app.GET("/events/:id/decklists", s.showDecklists)

	// Rounds, the clock, results and the top cut (organisers; judges of the
	// event may run the clock and enter results).
	app.GET("/events/:id/rounds", s.showRounds, web.RequireUser)
	app.POST("/events/:id/rounds", s.pairRound, web.RequireOrganiser)
	app.GET("/events/:id/rounds/:n", s.showRound, web.RequireUser)
	app.POST("/events/:id/rounds/:n/publish", s.publishRound, web.RequireOrganiser)
	app.POST("/events/:id/rounds/:n/clock", s.changeClock, web.RequireUser)
	app.POST("/events/:id/rounds/:n/delete", s.deleteRound, web.RequireOrganiser)
	app.GET("/events/:id/matches/:match", s.showMatch)
	app.POST("/events/:id/matches/:match/result", s.setResult, web.RequireUser)
	app.POST("/events/:id/matches/:match/extend", s.extendMatch, web.RequireUser)
	app.POST("/events/:id/matches/:match/pairing", s.editPairing, web.RequireOrganiser)
	app.POST("/events/:id/topcut", s.startTopCut, web.RequireOrganiser)
	app.GET("/events/:id/standings", s.showStandings)

	// Penalties and the judge queue.
	app.GET("/events/:id/penalties", s.showPenalties, web.RequireUser)
	app.POST("/events/:id/penalties", s.givePenalty, web.RequireUser)
	app.GET("/events/:id/calls", s.showCalls, web.RequireUser)
	app.GET("/events/:id/announcements", s.showAnnouncements, web.RequireUser)
	app.POST("/events/:id/announcements", s.postAnnouncement, web.RequireUser)
	app.POST("/events/:id/announcements/:ann/remove", s.removeAnnouncement, web.RequireUser)
	app.POST("/events/:id/calls/:call", s.updateCall, web.RequireUser)

	// The player's phone: a secret link per entry, no account.
	app.GET("/p/:token", s.playerHome)
	app.POST("/p/:token/report", s.playerReport)
	app.POST("/p/:token/deck", s.playerDeck)
	app.POST("/p/:token/judge", s.playerCallJudge)
	app.POST("/p/:token/drop", s.playerDrop)
	// The game tracker.
	app.GET("/p/:token/game", s.judge.TrackerEntry)
	app.POST("/p/:token/game", s.judge.TrackerStart)
	app.GET("/p/:token/games/:log", s.judge.TrackerShow)
	app.POST("/p/:token/games/:log", s.judge.TrackerAct)
	app.POST("/p/:token/games/:log/undo", s.judge.TrackerUndo)
	app.POST("/p/:token/games/:log/judge", s.judge.TrackerCallJudge)
	// GET /p/:token/live (the player's own live stream) is in liveRoutes.
}
