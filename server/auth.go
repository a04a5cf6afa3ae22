package server

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
	"golang.org/x/crypto/bcrypt"
)

const (
	sessionCookie   = "tenkaichi_session"
	sessionLifetime = 14 * 24 * time.Hour
	// A session's expiry is pushed back at most this often, to spare writes.
	sessionTouchEvery = time.Hour

	// Login rate limit: failures in the window lock out further tries until
	// it passes. Five for one username from one address stops guessing; a
	// venue's phones share an address, so that address alone takes many
	// more before it is locked out, and so does a username tried from
	// everywhere (guessing spread over many addresses).
	loginWindow           = 15 * time.Minute
	maxFailuresUserFromIP = 5
	maxFailuresPerUser    = 50
	maxFailuresPerIP      = 100
	minPasswordLength     = views.MinPassword
	maxPasswordLength     = 72 // bcrypt ignores bytes past 72
	ctxUser               = "user"
	ctxSession            = "session"
	ctxSessionTokenHash   = "session_token_hash"
)

// newToken returns a random URL-safe secret of 32 bytes.
func newToken() string {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		panic("crypto/rand failed: " + err.Error())
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// hashToken is what the database keeps of a secret token.
func hashToken(tok string) string {
	sum := sha256.Sum256([]byte(tok))
	return hex.EncodeToString(sum[:])
}

func currentUser(c echo.Context) *storage.User {
	u, _ := c.Get(ctxUser).(*storage.User)
	return u
}

func actorOf(c echo.Context) storage.Actor {
	if u := currentUser(c); u != nil {
		return storage.Actor{UserID: u.ID, Name: u.Username}
	}
	return storage.ActorAnonymous
}

func (s *Server) secure(c echo.Context) bool {
	return s.cfg.SecureCookies || c.IsTLS() || c.Scheme() == "https"
}

// loadSession puts the signed-in user, if any, into the context.
func (s *Server) loadSession(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		ck, err := c.Cookie(sessionCookie)
		if err != nil || ck.Value == "" {
			return next(c)
		}
		th := hashToken(ck.Value)
		sess, u, err := s.store.SessionUser(c.Request().Context(), th)
		switch {
		case errors.Is(err, storage.ErrNotFound):
			s.clearSessionCookie(c)
			return next(c)
		case err != nil:
			return err
		}
		c.Set(ctxUser, u)
		c.Set(ctxSession, sess)
		c.Set(ctxSessionTokenHash, th)
		if s.now().Sub(sess.LastSeenAt) > sessionTouchEvery {
			if err := s.store.TouchSession(c.Request().Context(), th, s.now().Add(sessionLifetime)); err != nil {
				s.log.Warn("touch session", "err", err)
			}
		}
		return next(c)
	}
}

// requireUser sends anonymous visitors to the sign-in page.
func requireUser(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if currentUser(c) == nil {
			return redirect(c, "/login?next="+url.QueryEscape(c.Request().URL.RequestURI()))
		}
		return next(c)
	}
}

// setupGate sends every visitor to /setup until the first account exists.
func (s *Server) setupGate(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if s.setupDone.Load() {
			return next(c)
		}
		n, err := s.store.CountUsers(c.Request().Context())
		if err != nil {
			return err
		}
		if n > 0 {
			s.setupDone.Store(true)
			return next(c)
		}
		p := c.Path()
		if p == "/setup" || strings.HasPrefix(p, "/static/") || p == "/healthz" {
			return next(c)
		}
		return redirect(c, "/setup")
	}
}

func (s *Server) hashPassword(pw string) (string, error) {
	h, err := bcrypt.GenerateFromPassword([]byte(pw), s.cfg.BcryptCost)
	return string(h), err
}

// checkPasswordRules returns what is wrong with a new password, or "".
func checkPasswordRules(ctx context.Context, pw string) string {
	switch {
	case len([]rune(pw)) < minPasswordLength:
		return i18n.N(ctx, "AdminPasswordTooShort", minPasswordLength, nil)
	case len(pw) > maxPasswordLength:
		return i18n.T(ctx, "AdminPasswordTooLong", i18n.Args{"Max": maxPasswordLength})
	}
	return ""
}

// startSession signs the user in on this browser, and puts the browser in
// the account's language when the account has one (a store's shared
// tablet: the language the last player chose there would win otherwise).
func (s *Server) startSession(c echo.Context, u *storage.User) error {
	tok := newToken()
	sess := &storage.Session{
		TokenHash: hashToken(tok), UserID: u.ID, CSRFToken: newToken(),
		ExpiresAt: s.now().Add(sessionLifetime),
		UserAgent: truncate(c.Request().UserAgent(), 200), IP: c.RealIP(),
	}
	if err := s.store.CreateSession(c.Request().Context(), sess); err != nil {
		return err
	}
	c.SetCookie(&http.Cookie{
		Name: sessionCookie, Value: tok, Path: "/", HttpOnly: true, Secure: s.secure(c),
		SameSite: http.SameSiteLaxMode, MaxAge: int(sessionLifetime.Seconds()),
	})
	if code := i18n.Supported(u.Language); code != "" {
		s.setLanguageCookie(c, code)
	}
	return nil
}

func (s *Server) clearSessionCookie(c echo.Context) {
	c.SetCookie(&http.Cookie{Name: sessionCookie, Value: "", Path: "/", HttpOnly: true, Secure: s.secure(c), SameSite: http.SameSiteLaxMode, MaxAge: -1})
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}

// safeNext keeps post-login redirects on this site: a path of ours, with no
// scheme or host however a browser might read it. Browsers drop tabs and
// newlines from URLs and read a backslash as a slash, so "/\t/evil.example"
// would become "//evil.example", another site.
func safeNext(next string) string {
	if next == "" || next[0] != '/' || strings.ContainsAny(next, "\\") {
		return "/"
	}
	for _, r := range next {
		if r < 0x20 || r == 0x7f {
			return "/"
		}
	}
	u, err := url.Parse(next)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil || strings.HasPrefix(next, "//") {
		return "/"
	}
	return next
}
