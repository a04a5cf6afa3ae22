package server

import (
	"net/http"
	"slices"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"github.com/tenkaichi-org/tenkaichi/server/api"
	"github.com/tenkaichi-org/tenkaichi/server/judge"
	"github.com/tenkaichi-org/tenkaichi/server/web"
)

// routes is the whole URL surface of the application: the middleware every
// request passes, then the route table.
func (s *Server) routes(e *echo.Echo) {
	e.Pre(middleware.RemoveTrailingSlashWithConfig(middleware.TrailingSlashConfig{RedirectCode: http.StatusMovedPermanently}))
	e.Use(middleware.Recover())
	e.Use(s.RequestLog)
	// Forms are small; the card list upload has its own, larger limit.
	e.Use(middleware.BodyLimitWithConfig(middleware.BodyLimitConfig{Limit: "2M",
		Skipper: func(c echo.Context) bool {
			return c.Path() == "/cards/import" || c.Path() == "/events/import" || c.Path() == "/api/v1/push"
		}}))
	e.Use(middleware.SecureWithConfig(middleware.SecureConfig{
		XSSProtection: "0", ContentTypeNosniff: "nosniff", XFrameOptions: "DENY",
		ReferrerPolicy:        "same-origin",
		ContentSecurityPolicy: "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; form-action 'self'; frame-ancestors 'none'",
	}))

	// The public read API (server/api): JSON, no session, only what the
	// public pages show.
	v1 := e.Group("/api/v1", api.Headers, s.api.RateLimit())
	// Everything else is a page: it may need a CSRF token and a session.
	// EventScope works out the signed-in user's standing in the event of any
	// /events/:id route, which RequireOrganiser and the staff helpers check
	// (web/access.go): organisers see and manage only their stores' events.
	pages := e.Group("", web.PlainInput, s.CSRF(), s.LoadSession, s.ChooseLanguage, s.SetupGate, s.EventScope)

	for _, r := range s.routeTable() {
		switch {
		case r.group == bare:
			e.Add(r.method, r.path, r.handler, r.mw...)
		case r.group == apiV1 && r.method == anyMethod:
			v1.Any(r.path, r.handler, r.mw...)
		case r.group == apiV1:
			v1.Add(r.method, r.path, r.handler, r.mw...)
		default:
			pages.Add(r.method, r.path, r.handler, r.mw...)
		}
	}
}

// routeGroup is where a route hangs: on the bare server (no session, no
// CSRF token, no setup), under /api/v1 (the read API's headers and rate
// limit) or among the pages (the app group's middleware, above).
type routeGroup int

const (
	bare routeGroup = iota
	apiV1
	page
)

// routeRow is one line of the route table: its group, method and path,
// the handler, and the middleware that runs before it (after the group's).
type routeRow struct {
	group   routeGroup
	method  string
	path    string
	handler echo.HandlerFunc
	mw      []echo.MiddlewareFunc
}

const (
	get       = http.MethodGet
	post      = http.MethodPost
	anyMethod = "ANY" // every method (Echo's Any)
)

// routeTable is every route of the application: what each URL does and
// who may reach it, in four parts by area.
func (s *Server) routeTable() []routeRow {
	g := s.routeGuards()
	return slices.Concat(s.baseRoutes(g), s.eventRoutes(g), s.dayRoutes(g), s.leagueRoutes(g))
}

// guards are the middleware lists the route table puts before handlers:
// who may reach a route.
type guards struct {
	user, organiser, admin []echo.MiddlewareFunc
	// A store's pages: its organisers and the instance admin.
	store []echo.MiddlewareFunc
	// A store's seasons: the same, checked by server/seasons.
	seasonStore []echo.MiddlewareFunc
	// Print sheets are in the event's language, whoever opens them.
	sheet []echo.MiddlewareFunc
	// The judge pages: the event's organisers and judges. Adding to game
	// logs needs the rules engine, which knows Fusion World only.
	judging, recording []echo.MiddlewareFunc
}

// routeGuards are the server's guards, made once for the route table.
func (s *Server) routeGuards() guards {
	return guards{
		user:        []echo.MiddlewareFunc{web.RequireUser},
		organiser:   []echo.MiddlewareFunc{web.RequireOrganiser},
		admin:       []echo.MiddlewareFunc{web.RequireAdmin},
		store:       []echo.MiddlewareFunc{web.RequireOrganiser, s.requireStoreOrganiser},
		seasonStore: []echo.MiddlewareFunc{web.RequireOrganiser, s.seasons.RequireStore},
		sheet:       []echo.MiddlewareFunc{web.RequireOrganiser, s.InEventLanguage},
		judging:     []echo.MiddlewareFunc{web.RequireUser, s.judge.RequireEventJudge},
		recording:   []echo.MiddlewareFunc{web.RequireUser, s.judge.RequireEventJudge, judge.RequireEngine},
	}
}

// baseRoutes are the bare server, the read API, signing in, accounts and
// stores.
func (s *Server) baseRoutes(g guards) []routeRow {
	return []routeRow{
		// Health and assets need no session, CSRF token or setup.
		{bare, get, "/healthz", s.healthz, nil},
		{bare, get, "/static/:hash/*", s.static, nil},
		{bare, get, "/favicon.ico", s.favicon, nil},

		// The public read API.
		{apiV1, get, "/openapi.json", s.api.OpenAPI, nil},
		{apiV1, get, "/events", s.api.Events, nil},
		{apiV1, get, "/events/:id", s.api.Event, nil},
		{apiV1, get, "/events/:id/rounds", s.api.Rounds, nil},
		{apiV1, get, "/events/:id/pairings", s.api.Pairings, nil},
		{apiV1, get, "/events/:id/standings", s.api.Standings, nil},
		{apiV1, get, "/events/:id/teams", s.api.Teams, nil}, // team events
		{apiV1, get, "/events/:id/decklists", s.api.Decklists, nil},
		{apiV1, get, "/events/:id/metagame", s.api.Metagame, nil},
		{apiV1, get, "/seasons/:id", s.api.Season, nil},
		{apiV1, anyMethod, "/*", s.api.NotFound, nil},

		// Signing in, and the language selector on every page.
		{page, get, "/", s.home, nil},
		{page, get, "/setup", s.setupForm, nil},
		{page, post, "/setup", s.setup, nil},
		{page, get, "/login", s.loginForm, nil},
		{page, post, "/login", s.login, nil},
		{page, post, "/logout", s.logout, nil},
		{page, get, "/language", s.selectLanguage, nil},

		// Accounts. Installation settings are the instance admin's (they
		// serve every store).
		{page, get, "/account", s.showAccount, g.user},
		{page, post, "/account", s.saveAccount, g.user},
		{page, post, "/account/language", s.saveAccountLanguage, g.user},
		{page, post, "/account/stores/:store/leave", s.leaveStore, g.user},
		{page, post, "/account/invitations/:invitation/accept", s.acceptInvitation, g.user},
		{page, post, "/account/invitations/:invitation/decline", s.declineInvitation, g.user},
		{page, post, "/accounts", s.addAccount, g.organiser},
		{page, post, "/accounts/:user/admin", s.setAdmin, g.admin},
		{page, get, "/settings", s.showSettings, g.admin},
		{page, post, "/settings", s.saveSettings, g.admin},

		// Stores and their members (web/access.go says who may do what). The
		// instance admin creates and renames stores and adds or removes any
		// account; an organiser of a store sees its members and adds or
		// removes its judges. New accounts are made on the account page.
		{page, get, "/stores", s.listStores, g.organiser},
		{page, post, "/stores", s.createStore, g.admin},
		{page, get, "/stores/:store", s.showStore, g.store},
		{page, post, "/stores/:store", s.renameStore, []echo.MiddlewareFunc{web.RequireOrganiser, s.requireStoreOrganiser, web.RequireAdmin}},
		{page, post, "/stores/:store/members", s.addStoreMember, g.store},
		{page, post, "/stores/:store/members/:user/remove", s.removeStoreMember, g.store},
		{page, post, "/stores/:store/invitations/:invitation/withdraw", s.withdrawInvitation, g.store},
	}
}

// eventRoutes are events, cards, the judge's tools, live updates, sheets,
// the event file and pushes.
func (s *Server) eventRoutes(g guards) []routeRow {
	return []routeRow{
		// Events: anyone may see a public event page; organisers of its
		// store change an event (RequireOrganiser checks the store).
		{page, get, "/events", s.listEvents, g.organiser},
		{page, get, "/events/new", s.newEvent, g.organiser},
		{page, post, "/events", s.createEvent, g.organiser},
		{page, get, "/events/:id", s.showEvent, nil},
		{page, get, "/events/:id/edit", s.editEvent, g.organiser},
		{page, post, "/events/:id", s.updateEvent, g.organiser},
		{page, get, "/events/:id/delete", s.confirmDeleteEvent, g.organiser},
		{page, post, "/events/:id/delete", s.deleteEvent, g.organiser},
		{page, post, "/events/:id/judges", s.addJudge, g.organiser},
		{page, post, "/events/:id/judges/:user/remove", s.removeJudge, g.organiser},

		// Card pool, ban lists and the deck checking tool. The pool and ban
		// lists serve every store: organisers read them, the instance admin
		// changes them.
		{page, get, "/cards", s.showCards, g.organiser},
		{page, post, "/cards/import", s.importCards, []echo.MiddlewareFunc{web.RequireAdmin, middleware.BodyLimit("33M")}},
		{page, post, "/banlists", s.saveBanList, g.admin},
		{page, get, "/banlists/:game/:effective", s.showBanList, g.user},
		{page, get, "/decks/check", s.deckCheckForm, g.user},
		{page, post, "/decks/check", s.deckCheck, g.user},

		// The rulings lookup (public), and the judge console, game log
		// replay, rulings and scorekeeping of an event (server/judge).
		{page, get, "/rules", s.judge.RulesLookup, nil},
		{page, get, "/rules/:rule", s.judge.ShowRule, nil},
		// What the engine reads from a card (issue 29): public, as the lookup.
		{page, get, "/rules/cards/:number", s.judge.ShowCard, nil},
		{page, get, "/help/game-log", s.judge.GameLogHelp, nil},
		{page, get, "/events/:id/judge", s.judge.Console, g.judging},
		{page, post, "/events/:id/judge/logs", s.judge.UploadGameLog, g.recording},
		{page, post, "/events/:id/judge/logs/new", s.judge.NewGameLog, g.recording},
		{page, get, "/events/:id/judge/logs/:log", s.judge.ShowGameLog, g.judging},
		{page, get, "/events/:id/judge/logs/:log/record", s.judge.RecordForm, g.recording},
		{page, post, "/events/:id/judge/logs/:log/record", s.judge.RecordAction, g.recording},
		{page, post, "/events/:id/judge/rulings", s.judge.SaveRuling, g.judging},

		// Live updates (server/live) and the projector, which is in the
		// event's language.
		{page, get, "/events/:id/live", s.live.EventStream, nil},
		{page, get, "/p/:token/live", s.live.PlayerStream, nil},
		{page, get, "/events/:id/clock", s.live.Clock, nil},
		{page, get, "/events/:id/projector", s.projector, []echo.MiddlewareFunc{s.InEventLanguage}},

		// Sheets to print, and the metagame breakdown (public once the
		// decklists are published).
		{page, get, "/events/:id/print/pairings", s.staff.PrintPairings, g.sheet},
		{page, get, "/events/:id/print/slips", s.staff.PrintSlips, g.sheet},
		{page, get, "/events/:id/print/standings", s.staff.PrintStandings, g.sheet},
		{page, get, "/events/:id/print/bracket", s.staff.PrintBracket, g.sheet},
		{page, get, "/events/:id/print/registration", s.staff.PrintRegistration, g.sheet},
		{page, get, "/events/:id/metagame", s.showMetagame, nil},

		// The event file: export, import, the standings as CSV and the
		// snapshots an organiser can restore (server/transfer).
		{page, get, "/events/:id/export", s.transfer.ExportEventFile, g.organiser},
		{page, get, "/events/:id/standings.csv", s.transfer.StandingsCSV, g.organiser},
		{page, get, "/events/import", s.transfer.ImportForm, g.organiser},
		{page, post, "/events/import", s.transfer.ImportEventFile, []echo.MiddlewareFunc{web.RequireOrganiser, middleware.BodyLimit("17M")}},
		{page, get, "/events/:id/snapshots", s.transfer.Snapshots, g.organiser},
		{page, post, "/events/:id/snapshots", s.transfer.TakeSnapshot, g.organiser},
		{page, get, "/events/:id/snapshots/:snap", s.transfer.DownloadSnapshot, g.organiser},
		{page, get, "/events/:id/snapshots/:snap/restore", s.transfer.ConfirmRestore, g.organiser},
		{page, post, "/events/:id/snapshots/:snap/restore", s.transfer.RestoreSnapshot, g.organiser},

		// Pushes (issue 27, server/transfer): a store's organisers make and
		// revoke the tokens with which a laptop sends its events to the
		// store; a push is token-authenticated (no session, no CSRF token),
		// rate limited, and adds to the token's store only.
		{page, get, "/stores/:store/tokens", s.transfer.StoreTokens, g.store},
		{page, post, "/stores/:store/tokens", s.transfer.CreateStoreToken, g.store},
		{page, post, "/stores/:store/tokens/:token/revoke", s.transfer.RevokeStoreToken, g.store},
		{apiV1, post, "/push", s.transfer.Push, []echo.MiddlewareFunc{s.transfer.PushErrors, s.transfer.PushRateLimit(), middleware.BodyLimit("17M")}},
	}
}

// dayRoutes are the event day: players, decklists, rounds, results, the
// floor and the player's phone.
func (s *Server) dayRoutes(g guards) []routeRow {
	return []routeRow{
		// Event day: players and registration.
		{page, get, "/events/:id/players", s.staff.ShowPlayers, g.organiser},
		{page, post, "/events/:id/players", s.staff.AddPlayer, g.organiser},
		{page, post, "/events/:id/players/drop-not-checked-in", s.staff.DropNotCheckedIn, g.organiser},
		{page, get, "/events/:id/players/:entry", s.staff.ShowPlayer, g.organiser},
		{page, post, "/events/:id/players/:entry", s.staff.UpdatePlayer, g.user},
		{page, post, "/events/:id/players/:entry/delete", s.staff.DeletePlayer, g.organiser},
		{page, get, "/events/:id/register", s.registerForm, nil},
		{page, post, "/events/:id/register", s.register, nil},

		// Team events (server/staff): the desk's teams page.
		{page, get, "/events/:id/teams", s.staff.ShowTeams, g.organiser},
		{page, post, "/events/:id/teams", s.staff.AddTeam, g.organiser},
		{page, post, "/events/:id/teams/drop", s.staff.DropTeam, g.organiser}, // a dropped team is out

		// Decklists.
		{page, get, "/events/:id/decks", s.staff.ShowDecks, g.user},
		{page, post, "/events/:id/decks/settings", s.staff.DeckSettings, g.organiser},
		{page, get, "/events/:id/decklists", s.showDecklists, nil},

		// Rounds, the clock, results and the top cut (organisers; judges of
		// the event may run the clock and enter results).
		{page, get, "/events/:id/rounds", s.staff.ShowRounds, g.user},
		{page, post, "/events/:id/rounds", s.staff.PairRound, g.organiser},
		{page, get, "/events/:id/rounds/:n", s.staff.ShowRound, g.user},
		{page, post, "/events/:id/rounds/:n/publish", s.staff.PublishRound, g.organiser},
		{page, post, "/events/:id/rounds/:n/clock", s.staff.ChangeClock, g.user},
		{page, post, "/events/:id/rounds/:n/delete", s.staff.DeleteRound, g.organiser},
		// Two-day events: the close-day-1 step (preview, confirm).
		{page, get, "/events/:id/day1", s.staff.ShowDay1Close, g.organiser},
		{page, post, "/events/:id/day1", s.staff.CloseDay1, g.organiser},
		{page, get, "/events/:id/matches/:match", s.showMatch, nil},
		{page, post, "/events/:id/matches/:match/result", s.staff.SetResult, g.user},
		{page, post, "/events/:id/matches/:match/extend", s.staff.ExtendMatch, g.user},
		{page, get, "/events/:id/matches/:match/pairing", s.staff.PairingEditForm, g.organiser},
		{page, post, "/events/:id/matches/:match/pairing", s.staff.EditPairing, g.organiser},
		{page, post, "/events/:id/matches/:match/feature", s.staff.MoveToFeatureTable, g.organiser},
		{page, post, "/events/:id/topcut", s.staff.StartTopCut, g.organiser},
		{page, get, "/events/:id/standings", s.showStandings, nil},
		{page, get, "/events/:id/pairings.json", s.pairingFile, nil},

		// Penalties, deck checks, the judge queue and announcements.
		{page, get, "/events/:id/penalties", s.staff.ShowPenalties, g.user},
		{page, post, "/events/:id/penalties", s.staff.GivePenalty, g.user},
		{page, get, "/events/:id/deckchecks", s.staff.ShowDeckChecks, g.user},
		{page, post, "/events/:id/deckchecks", s.staff.StartDeckChecks, g.user},
		{page, post, "/events/:id/deckchecks/:check", s.staff.FinishDeckCheck, g.user},
		{page, get, "/events/:id/calls", s.staff.ShowCalls, g.user},
		{page, post, "/events/:id/calls/:call", s.staff.UpdateCall, g.user},
		{page, get, "/events/:id/announcements", s.staff.ShowAnnouncements, g.user},
		{page, post, "/events/:id/announcements", s.staff.PostAnnouncement, g.user},
		{page, post, "/events/:id/announcements/:ann/remove", s.staff.RemoveAnnouncement, g.user},

		// The player's phone: a secret link per entry, no account (its live
		// stream is above), and the game tracker (server/judge).
		{page, get, "/p/:token", s.playerHome, nil},
		{page, post, "/p/:token/report", s.playerReport, nil},
		{page, post, "/p/:token/draw/decline", s.playerDeclineDraw, nil},
		{page, post, "/p/:token/deck", s.playerDeck, nil},
		{page, post, "/p/:token/judge", s.playerCallJudge, nil},
		{page, post, "/p/:token/drop", s.playerDrop, nil},
		{page, get, "/p/:token/game", s.judge.TrackerEntry, nil},
		{page, post, "/p/:token/game", s.judge.TrackerStart, nil},
		{page, get, "/p/:token/games/:log", s.judge.TrackerShow, nil},
		{page, post, "/p/:token/games/:log", s.judge.TrackerAct, nil},
		{page, post, "/p/:token/games/:log/undo", s.judge.TrackerUndo, nil},
		{page, post, "/p/:token/games/:log/judge", s.judge.TrackerCallJudge, nil},
	}
}

// leagueRoutes are seasons, regional leagues and players across events.
func (s *Server) leagueRoutes(g guards) []routeRow {
	return []routeRow{
		// Seasons and regional leagues (server/seasons): a store's seasons
		// are its organisers' (and the admin's), regional leagues the
		// instance admin's; a leaderboard is public when its season is.
		{page, get, "/stores/:store/seasons", s.seasons.List, g.seasonStore},
		{page, get, "/stores/:store/seasons/new", s.seasons.New, g.seasonStore},
		{page, post, "/stores/:store/seasons", s.seasons.Create, g.seasonStore},
		{page, get, "/stores/:store/seasons/:season/edit", s.seasons.Edit, g.seasonStore},
		{page, post, "/stores/:store/seasons/:season", s.seasons.Update, g.seasonStore},
		{page, get, "/stores/:store/seasons/:season/delete", s.seasons.ConfirmDelete, g.seasonStore},
		{page, post, "/stores/:store/seasons/:season/delete", s.seasons.Delete, g.seasonStore},
		{page, get, "/stores/:store/seasons/:season/events", s.seasons.Events, g.seasonStore},
		{page, post, "/stores/:store/seasons/:season/events/:event", s.seasons.SetEvent, g.seasonStore},
		{page, get, "/leagues", s.seasons.List, g.admin},
		{page, get, "/leagues/new", s.seasons.New, g.admin},
		{page, post, "/leagues", s.seasons.Create, g.admin},
		{page, get, "/leagues/:league/edit", s.seasons.Edit, g.admin},
		{page, post, "/leagues/:league", s.seasons.Update, g.admin},
		{page, get, "/leagues/:league/delete", s.seasons.ConfirmDelete, g.admin},
		{page, post, "/leagues/:league/delete", s.seasons.Delete, g.admin},
		{page, get, "/leagues/:league/events", s.seasons.Events, g.admin},
		{page, post, "/leagues/:league/events/:event", s.seasons.SetEvent, g.admin},
		{page, get, "/seasons/:season", s.seasons.Leaderboard, nil},
		{page, get, "/seasons/:season/projector", s.seasons.Projector, nil},
		{page, get, "/seasons/:season/print", s.seasons.Print, nil},
		{page, get, "/seasons/:season/leaderboard.csv", s.seasons.CSV, nil},

		// Players across events (server/profiles): a store's players
		// directory with its merges; a player's profile (public if the player
		// says so, else only to them and their stores' organisers, else
		// 404); the player's own sign-in, from an entry's phone link or their
		// own link (a signed cookie, no account), and their settings; the
		// public API's profile.
		{page, get, "/stores/:store/players", s.profiles.Directory, g.store},
		{page, post, "/stores/:store/players/merge", s.profiles.Merge, g.store},
		{page, post, "/stores/:store/players/merges/:merge/undo", s.profiles.UndoMerge, g.store},
		{page, get, "/players/:id", s.profiles.Profile, nil},
		{page, get, "/p/:token/me", s.profiles.SignInFromEntry, nil},
		{page, get, "/me/signin/:player/:token", s.profiles.SignInOwnLink, nil},
		{page, get, "/me", s.profiles.Own, nil},
		{page, post, "/me/public", s.profiles.SetPublic, nil},
		{page, post, "/me/link", s.profiles.NewLink, nil},
		{page, get, "/me/data", s.profiles.Data, nil},
		{page, get, "/me/remove", s.profiles.RemoveForm, nil},
		{page, post, "/me/remove", s.profiles.Remove, nil},
		{page, post, "/me/signout", s.profiles.SignOut, nil},
		// A player's own password (issue 27 point 1): set on their own
		// page, signed in with by number.
		{page, post, "/me/password", s.profiles.SetPassword, nil},
		{page, get, "/me/signin", s.profiles.SignInForm, nil},
		{page, post, "/me/signin", s.profiles.SignInPassword, nil},
		{apiV1, get, "/players/:id", s.profiles.APIProfile, nil},
	}
}
