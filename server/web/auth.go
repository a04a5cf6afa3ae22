package web

import (
	"errors"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
	"golang.org/x/crypto/bcrypt"
)

const (
	sessionCookie   = "tenkaichi_session"
	sessionLifetime = 14 * 24 * time.Hour
	// A session's expiry is pushed back at most this often, to spare writes.
	sessionTouchEvery = time.Hour

	minPasswordLength   = views.MinPassword
	maxPasswordLength   = 72 // bcrypt ignores bytes past 72
	ctxUser             = "user"
	ctxSession          = "session"
	ctxSessionTokenHash = "session_token_hash"
)

// SessionTokenHash is the hash of the signed-in browser's session token
// (LoadSession), to end or keep this session; false when signed out.
func SessionTokenHash(c echo.Context) (string, bool) {
	th, ok := c.Get(ctxSessionTokenHash).(string)
	return th, ok
}

// CurrentUser is the signed-in user (LoadSession), or nil.
func CurrentUser(c echo.Context) *storage.User {
	u, _ := c.Get(ctxUser).(*storage.User)
	return u
}

// ActorOf is who the audit log names for a request: the signed-in
// account, else an anonymous visitor.
func ActorOf(c echo.Context) storage.Actor {
	if u := CurrentUser(c); u != nil {
		return storage.Actor{UserID: u.ID, Name: u.Username}
	}
	return storage.ActorAnonymous
}

// Secure says whether cookies get the Secure flag: always with
// --secure-cookies, else over TLS or behind a proxy that says https.
func (k *Kit) Secure(c echo.Context) bool {
	return k.SecureCookies || c.IsTLS() || c.Scheme() == "https"
}

// LoadSession puts the signed-in user, if any, into the context.
func (k *Kit) LoadSession(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		ck, err := c.Cookie(sessionCookie)
		if err != nil || ck.Value == "" {
			return next(c)
		}
		th := HashToken(ck.Value)
		sess, u, err := accounts.New(k.Store).SessionUser(c.Request().Context(), th)
		switch {
		case errors.Is(err, storage.ErrNotFound):
			k.ClearSessionCookie(c)
			return next(c)
		case err != nil:
			return err
		}
		c.Set(ctxUser, u)
		c.Set(ctxSession, sess)
		c.Set(ctxSessionTokenHash, th)
		if k.Now().Sub(sess.LastSeenAt) > sessionTouchEvery {
			if err := accounts.New(k.Store).TouchSession(c.Request().Context(), th, k.Now().Add(sessionLifetime)); err != nil {
				k.Log.Warn("touch session", "err", err)
			}
		}
		return next(c)
	}
}

// RequireUser sends anonymous visitors to the sign-in page.
func RequireUser(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if CurrentUser(c) == nil {
			return Redirect(c, "/login?next="+url.QueryEscape(c.Request().URL.RequestURI()))
		}
		return next(c)
	}
}

// SetupGate sends every visitor to /setup until the first account exists.
func (k *Kit) SetupGate(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if k.setupDone.Load() {
			return next(c)
		}
		n, err := accounts.New(k.Store).CountUsers(c.Request().Context())
		if err != nil {
			return err
		}
		if n > 0 {
			k.setupDone.Store(true)
			return next(c)
		}
		p := c.Path()
		if p == "/setup" || strings.HasPrefix(p, "/static/") || p == "/healthz" {
			return next(c)
		}
		return Redirect(c, "/setup")
	}
}

// HashPassword hashes a new password at the configured bcrypt cost.
func (k *Kit) HashPassword(pw string) (string, error) {
	h, err := bcrypt.GenerateFromPassword([]byte(pw), k.BcryptCost)
	return string(h), err
}

// PasswordProblem is what is wrong with a new password (zero: nothing).
func PasswordProblem(pw string) i18n.Message {
	switch {
	case len([]rune(pw)) < minPasswordLength:
		return i18n.MN("AdminPasswordTooShort", minPasswordLength, nil)
	case len(pw) > maxPasswordLength:
		return i18n.M("AdminPasswordTooLong", i18n.Args{"Max": maxPasswordLength})
	}
	return i18n.Message{}
}

// StartSession signs the user in on this browser, and puts the browser in
// the account's language when the account has one (a store's shared
// tablet: the language the last player chose there would win otherwise).
func (k *Kit) StartSession(c echo.Context, u *storage.User) error {
	tok := NewToken()
	sess := &accounts.Session{
		TokenHash: HashToken(tok), UserID: u.ID, CSRFToken: NewToken(),
		ExpiresAt: k.Now().Add(sessionLifetime),
		UserAgent: Truncate(c.Request().UserAgent(), 200), IP: c.RealIP(),
	}
	if err := accounts.New(k.Store).CreateSession(c.Request().Context(), sess); err != nil {
		return err
	}
	c.SetCookie(&http.Cookie{
		Name: sessionCookie, Value: tok, Path: "/", HttpOnly: true, Secure: k.Secure(c),
		SameSite: http.SameSiteLaxMode, MaxAge: int(sessionLifetime.Seconds()),
	})
	if code := i18n.Supported(u.Language); code != "" {
		k.SetLanguageCookie(c, code)
	}
	return nil
}

// ClearSessionCookie signs this browser out (its session row is the
// caller's to delete).
func (k *Kit) ClearSessionCookie(c echo.Context) {
	c.SetCookie(&http.Cookie{Name: sessionCookie, Value: "", Path: "/", HttpOnly: true, Secure: k.Secure(c), SameSite: http.SameSiteLaxMode, MaxAge: -1})
}

// Truncate cuts s to at most n bytes (for logs and stored user agents;
// Clip cuts text a person typed at a character boundary).
func Truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}

// SafeNext keeps post-login redirects on this site: a path of ours, with no
// scheme or host however a browser might read it. Browsers drop tabs and
// newlines from URLs and read a backslash as a slash, so "/\t/evil.example"
// would become "//evil.example", another site.
func SafeNext(next string) string {
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
