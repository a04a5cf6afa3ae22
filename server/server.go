// Package server turns HTTP requests into calls of storage, rules and
// pairing, and hands view models to views. All routes are in routes.go, in
// one table.
//
// The event, phone and account handlers are this package's: phone_*.go is
// what a player's phone reaches, public_*.go the pages every visitor sees,
// and the rest is named by area. The other handlers are in sub-packages,
// each with a handler type that embeds the web.Kit: staff (what an event's
// organisers and judges work with on the day: players, rounds, results,
// penalties, deck checks, calls, announcements, print sheets), judge (the
// judge console and the game tracker), live (live updates), transfer
// (export, import, snapshots), seasons, profiles and api (the public read
// API). Below them are readmodel (an event's play as pages read it),
// gamelog (a game log as the console, the tracker and the phone share it)
// and web (the plumbing every handler shares, and what the staff pages
// share with the phone and public pages), which imports no other package
// of the server.
package server

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/server/api"
	"github.com/tenkaichi-org/tenkaichi/server/gamelog"
	"github.com/tenkaichi-org/tenkaichi/server/judge"
	"github.com/tenkaichi-org/tenkaichi/server/live"
	"github.com/tenkaichi-org/tenkaichi/server/profiles"
	"github.com/tenkaichi-org/tenkaichi/server/readmodel"
	"github.com/tenkaichi-org/tenkaichi/server/seasons"
	"github.com/tenkaichi-org/tenkaichi/server/staff"
	"github.com/tenkaichi-org/tenkaichi/server/transfer"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
	"golang.org/x/crypto/bcrypt"
)

// Config is everything the server needs; cmd fills it from flags and env.
type Config struct {
	Store  *storage.Store
	Logger *slog.Logger
	// SecureCookies forces the Secure flag on cookies even over plain HTTP
	// (behind a TLS-terminating proxy that does not say so). Requests that
	// arrive over TLS or with X-Forwarded-Proto: https get it anyway.
	SecureCookies bool
	// BcryptCost for new password hashes; 0 means bcrypt.DefaultCost+2.
	BcryptCost int
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// TrustedProxies are the reverse proxies whose X-Forwarded-For header
	// names the client. Without any, the client is the connection's peer and
	// forwarding headers are ignored, so nobody can dodge a rate limit by
	// sending one.
	TrustedProxies []*net.IPNet
	// BaseURL is the public address ("http://192.168.1.20:8080") of QR
	// codes and printed links, from --base-url; it wins over the organiser's
	// setting. Check it with ParseBaseURL.
	BaseURL string
	// APIRate and APIBurst limit the public read API per client address and
	// instance: APIBurst requests at once, then APIRate a second. Zero means
	// the defaults of server/api (a burst of 60, then 5 a second).
	APIRate  float64
	APIBurst int
}

// Server is the web application.
type Server struct {
	*web.Kit
	echo *echo.Echo
	// models are the events' shared read models.
	models *readmodel.Cache
	// phones keeps player links and pages (phone_home_kept.go).
	phones phonePages
	// cards caches the card maps games are replayed with.
	cards    *gamelog.CardCache
	live     *live.Handler     // live updates
	judge    *judge.Handler    // the judge pages and the game tracker
	transfer *transfer.Handler // the event file, its import and the snapshots
	api      *api.Handler      // the public read API
	seasons  *seasons.Handler  // seasons, regional leagues and leaderboards
	profiles *profiles.Handler // players across events: directory, profiles, own settings
	staff    *staff.Handler    // the organisers' and judges' event-day pages and sheets
}

// New builds the server and its routes.
func New(cfg Config) *Server {
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.BcryptCost == 0 {
		cfg.BcryptCost = bcrypt.DefaultCost + 2
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	kit := &web.Kit{Store: cfg.Store, Log: cfg.Logger, Now: cfg.Now, SecureCookies: cfg.SecureCookies,
		FixedBaseURL: cfg.BaseURL, BcryptCost: cfg.BcryptCost}
	models, cards := readmodel.NewCache(cfg.Store), gamelog.NewCardCache(cfg.Store)
	s := &Server{Kit: kit, models: models, cards: cards,
		live: live.New(kit), judge: judge.New(kit, models, cards), transfer: transfer.New(kit),
		api: api.New(kit, cfg.APIRate, cfg.APIBurst), seasons: seasons.New(kit), profiles: profiles.New(kit, cards),
		staff: staff.New(kit, models)}
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	e.IPExtractor = clientIP(cfg.TrustedProxies)
	e.HTTPErrorHandler = s.HandleError
	s.echo = e
	s.routes(e)
	s.Store.OnMilestone(s.onMilestone)
	return s
}

// onMilestone keeps a snapshot of each round published and each event
// finished, and stores a finished event's final results for seasons and
// profiles (they are computed again anyway if found stale later).
func (s *Server) onMilestone(ctx context.Context, m storage.Milestone) {
	s.transfer.OnMilestone(ctx, m)
	if m.Reason != storage.SnapshotFinish {
		return
	}
	if err := readmodel.FreshEventResults(context.WithoutCancel(ctx), s.Store, []int64{m.EventID}); err != nil {
		s.Log.Error("event results not stored", "event", m.EventID, "err", err)
	}
}

// clientIP says where a request comes from: the connection's peer, or with
// trusted proxies the nearest address in X-Forwarded-For that is not one of
// them. Echo would otherwise trust forwarding headers from anyone, and trust
// private networks, where a venue's phones are.
func clientIP(proxies []*net.IPNet) echo.IPExtractor {
	if len(proxies) == 0 {
		return echo.ExtractIPDirect()
	}
	opts := []echo.TrustOption{echo.TrustLoopback(false), echo.TrustLinkLocal(false), echo.TrustPrivateNet(false)}
	for _, p := range proxies {
		opts = append(opts, echo.TrustIPRange(p))
	}
	return echo.ExtractIPFromXFFHeader(opts...)
}

// Handler returns the HTTP handler, for tests and embedding.
func (s *Server) Handler() http.Handler { return s.echo }

// Route is one method and path the server answers ("/events/:id/rounds").
type Route struct{ Method, Path string }

// Routes lists every route, so a test can walk them all (the authorisation
// test checks that each organiser and judge route refuses other stores).
func (s *Server) Routes() []Route {
	var out []Route
	for _, r := range s.echo.Routes() {
		out = append(out, Route{Method: r.Method, Path: r.Path})
	}
	return out
}

// Serve answers requests on ln until ctx ends, then drains open requests for
// up to 15 seconds.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	srv := &http.Server{
		Handler:           s.echo,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		// An idle keep-alive connection keeps a goroutine and a 4 KB read
		// buffer: with a thousand phones, 120 s of them was a fifth of
		// the server's peak memory (docs/performance.md). 15 s covers a
		// page's assets and the next tap; a later request connects again.
		IdleTimeout: 15 * time.Second,
		ErrorLog:    slog.NewLogLogger(s.Log.Handler(), slog.LevelWarn),
	}
	if a, ok := ln.Addr().(*net.TCPAddr); ok {
		s.SetListenAddr(a)
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	go s.housekeeping(ctx)
	if s.Store.Dialect() == storage.DialectPostgres {
		go s.rewarmAfterAnalysis(ctx)
	}
	s.live.Start(ctx) // LISTEN for the life of Serve; ends live streams on shutdown
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	s.Log.Info("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return err
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// rewarmAfterAnalysis looks every few seconds whether PostgreSQL has
// analysed a table (autovacuum does, a minute after a round is paired) and
// then warms the connections again, so that the reports of the round's end
// do not each plan their statements afresh at once (see
// storage.RewarmAfterAnalysis).
func (s *Server) rewarmAfterAnalysis(ctx context.Context) {
	t := time.NewTicker(5 * time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if warmed, err := s.Store.RewarmAfterAnalysis(ctx); err != nil && ctx.Err() == nil {
			s.Log.Warn("warm the database connections after an analysis", "err", err)
		} else if warmed {
			s.Log.Info("warmed the database connections again after PostgreSQL analysed a table")
		}
	}
}

// housekeeping, at start and then every hour, completes rounds a crash left
// open with every result in, and removes expired sessions, old login
// failures and old wrong player links.
func (s *Server) housekeeping(ctx context.Context) {
	t := time.NewTicker(time.Hour)
	defer t.Stop()
	for {
		if n, err := s.Store.CompleteDoneRounds(ctx); err != nil && ctx.Err() == nil {
			s.Log.Warn("complete rounds whose results are all in", "err", err)
		} else if n > 0 {
			s.Log.Info("completed rounds whose results were all in", "rounds", n)
		}
		if _, err := accounts.New(s.Store).DeleteExpiredSessions(ctx); err != nil && ctx.Err() == nil {
			s.Log.Warn("delete expired sessions", "err", err)
		}
		if err := accounts.New(s.Store).PruneLoginFailures(ctx, s.Now().Add(-24*time.Hour)); err != nil && ctx.Err() == nil {
			s.Log.Warn("prune login failures", "err", err)
		}
		if err := accounts.New(s.Store).PruneLinkMisses(ctx, s.Now().Add(-24*time.Hour)); err != nil && ctx.Err() == nil {
			s.Log.Warn("prune link misses", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
