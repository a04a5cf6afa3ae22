package server

import (
	"context"
	"errors"
	"io/fs"
	"log/slog"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views"
)

// routes is the whole URL surface of the application, in one place.
func (s *Server) routes(e *echo.Echo) {
	e.Pre(middleware.RemoveTrailingSlashWithConfig(middleware.TrailingSlashConfig{RedirectCode: http.StatusMovedPermanently}))
	e.Use(middleware.Recover())
	e.Use(s.requestLog)
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

	// The public read API (api.go): JSON, no session, only what the public
	// pages show.
	s.apiRoutes(e)

	// Everything else is a page: it may need a CSRF token and a session.
	// eventScope works out the signed-in user's standing in the event of any
	// /events/:id route, which requireOrganiser and the staff helpers check
	// (access.go): organisers see and manage only their stores' events.
	app := e.Group("", plainInput, s.csrf(), s.loadSession, s.chooseLanguage, s.setupGate, s.eventScope)

	app.GET("/", s.home)
	app.GET("/setup", s.setupForm)
	app.POST("/setup", s.setup)
	app.GET("/login", s.loginForm)
	app.POST("/login", s.login)
	app.POST("/logout", s.logout)
	app.GET("/language", s.selectLanguage) // the selector on every page (language.go)

	// Account pages.
	app.GET("/account", s.showAccount, requireUser)
	app.POST("/account", s.saveAccount, requireUser)
	app.POST("/account/language", s.saveAccountLanguage, requireUser)
	app.POST("/accounts", s.addAccount, requireOrganiser)
	app.POST("/accounts/:user/admin", s.setAdmin, requireAdmin)
	// Installation settings are the instance admin's (they serve every store).
	app.GET("/settings", s.showSettings, requireAdmin)
	app.POST("/settings", s.saveSettings, requireAdmin)
	s.storeRoutes(app)

	// Events: anyone may see a public event page; organisers of its store
	// change an event (requireOrganiser checks the store, access.go).
	app.GET("/events", s.listEvents, requireOrganiser)
	app.GET("/events/new", s.newEvent, requireOrganiser)
	app.POST("/events", s.createEvent, requireOrganiser)
	app.GET("/events/:id", s.showEvent)
	app.GET("/events/:id/edit", s.editEvent, requireOrganiser)
	app.POST("/events/:id", s.updateEvent, requireOrganiser)
	app.GET("/events/:id/delete", s.confirmDeleteEvent, requireOrganiser)
	app.POST("/events/:id/delete", s.deleteEvent, requireOrganiser)
	app.POST("/events/:id/judges", s.addJudge, requireOrganiser)
	app.POST("/events/:id/judges/:user/remove", s.removeJudge, requireOrganiser)

	// Card pool, ban lists and the deck checking tool. The pool and ban lists
	// serve every store: organisers read them, the instance admin changes them.
	app.GET("/cards", s.showCards, requireOrganiser)
	app.POST("/cards/import", s.importCards, requireAdmin, middleware.BodyLimit("33M"))
	app.POST("/banlists", s.saveBanList, requireAdmin)
	app.GET("/banlists/:game/:effective", s.showBanList, requireUser)
	app.GET("/decks/check", s.deckCheckForm, requireUser)
	app.POST("/decks/check", s.deckCheck, requireUser)
	s.judgeRoutes(app)
	s.liveRoutes(app)
	s.printRoutes(app)
	s.snapshotRoutes(app)

	// Event day: players and registration.
	app.GET("/events/:id/players", s.showPlayers, requireOrganiser)
	app.POST("/events/:id/players", s.addPlayer, requireOrganiser)
	app.POST("/events/:id/players/drop-not-checked-in", s.dropNotCheckedIn, requireOrganiser)
	app.GET("/events/:id/players/:entry", s.showPlayer, requireOrganiser)
	app.POST("/events/:id/players/:entry", s.updatePlayer, requireUser)
	app.POST("/events/:id/players/:entry/delete", s.deletePlayer, requireOrganiser)
	app.GET("/events/:id/register", s.registerForm)
	app.POST("/events/:id/register", s.register)

	// Decklists.
	app.GET("/events/:id/decks", s.showDecks, requireUser)
	app.POST("/events/:id/decks/settings", s.deckSettings, requireOrganiser)
	app.GET("/events/:id/decklists", s.showDecklists)

	// Rounds, the clock, results and the top cut (organisers; judges of the
	// event may run the clock and enter results).
	app.GET("/events/:id/rounds", s.showRounds, requireUser)
	app.POST("/events/:id/rounds", s.pairRound, requireOrganiser)
	app.GET("/events/:id/rounds/:n", s.showRound, requireUser)
	app.POST("/events/:id/rounds/:n/publish", s.publishRound, requireOrganiser)
	app.POST("/events/:id/rounds/:n/clock", s.changeClock, requireUser)
	app.POST("/events/:id/rounds/:n/delete", s.deleteRound, requireOrganiser)
	app.GET("/events/:id/matches/:match", s.showMatch)
	app.POST("/events/:id/matches/:match/result", s.setResult, requireUser)
	app.POST("/events/:id/matches/:match/extend", s.extendMatch, requireUser)
	app.POST("/events/:id/matches/:match/pairing", s.editPairing, requireOrganiser)
	app.POST("/events/:id/topcut", s.startTopCut, requireOrganiser)
	app.GET("/events/:id/standings", s.showStandings)

	// Penalties and the judge queue.
	app.GET("/events/:id/penalties", s.showPenalties, requireUser)
	app.POST("/events/:id/penalties", s.givePenalty, requireUser)
	app.GET("/events/:id/calls", s.showCalls, requireUser)
	app.GET("/events/:id/announcements", s.showAnnouncements, requireUser)
	app.POST("/events/:id/announcements", s.postAnnouncement, requireUser)
	app.POST("/events/:id/announcements/:ann/remove", s.removeAnnouncement, requireUser)
	app.POST("/events/:id/calls/:call", s.updateCall, requireUser)

	// The player's phone: a secret link per entry, no account.
	app.GET("/p/:token", s.playerHome)
	app.POST("/p/:token/report", s.playerReport)
	app.POST("/p/:token/deck", s.playerDeck)
	app.POST("/p/:token/judge", s.playerCallJudge)
	app.POST("/p/:token/drop", s.playerDrop)
	s.trackerRoutes(app) // the game tracker: /p/:token/game, /p/:token/games/:log
	// GET /p/:token/live (the player's own live stream) is in liveRoutes.
}

// csrf checks a token on every state-changing request: the double-submit
// cookie of Echo's middleware, plus its Sec-Fetch-Site check.
func (s *Server) csrf() echo.MiddlewareFunc {
	return middleware.CSRFWithConfig(middleware.CSRFConfig{
		TokenLookup:    "form:_csrf,header:X-CSRF-Token",
		CookieName:     "tenkaichi_csrf",
		CookiePath:     "/",
		CookieHTTPOnly: true,
		CookieSameSite: http.SameSiteStrictMode,
		CookieMaxAge:   12 * 3600,
		CookieSecure:   s.cfg.SecureCookies,
		// A missing token is as forbidden as a wrong one.
		ErrorHandler: func(err error, c echo.Context) error { return csrfRefused(err) },
		// A browser that says the form came from another origin of the same
		// site (a sibling subdomain, another port) is refused outright: such
		// a site can set our token cookie, so the double-submit check cannot
		// tell it from us.
		AllowSecFetchSiteFunc: func(c echo.Context) (bool, error) {
			return false, csrfRefused(errors.New("state-changing request from another origin (Sec-Fetch-Site: " + c.Request().Header.Get(echo.HeaderSecFetchSite) + ")"))
		},
	})
}

func csrfRefused(err error) error {
	return &appError{Code: http.StatusForbidden, Err: err, ID: "AdminFormExpired",
		Safe: "The form had expired or did not come from this site. Go back, reload the page and try again."}
}

// static serves embedded assets; the hash in the URL changes with the
// content, so they can be cached for a year.
func (s *Server) static(c echo.Context) error {
	name := c.Param("*")
	if c.Param("hash") != views.AssetHash || !fs.ValidPath(name) {
		return notFound()
	}
	return sendAsset(c, name, "public, max-age=31536000, immutable")
}

// favicon is the icon browsers ask for at /favicon.ico by themselves. Its
// address has no hash, so browsers revalidate it daily (ETag).
func (s *Server) favicon(c echo.Context) error {
	return sendAsset(c, "favicon.ico", "public, max-age=86400")
}

func (s *Server) requestLog(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		start := time.Now()
		ctx, queries := storage.WithQueryCounter(c.Request().Context())
		c.SetRequest(c.Request().WithContext(ctx))
		err := next(c)
		if err != nil {
			c.Error(err)
		}
		status := c.Response().Status
		level := slog.LevelInfo
		if status >= 500 {
			level = slog.LevelError
		}
		s.log.Log(c.Request().Context(), level, "request",
			"method", c.Request().Method, "path", c.Request().URL.Path, "status", status,
			"duration_ms", time.Since(start).Milliseconds(), "queries", queries.Count(), "ip", c.RealIP())
		return nil
	}
}

func contextWithTimeout(c echo.Context, d time.Duration) (context.Context, context.CancelFunc) {
	return context.WithTimeout(c.Request().Context(), d)
}
