package server

import (
	"errors"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
	"golang.org/x/crypto/bcrypt"
)

// Login rate limit: failures in the window lock out further tries until it
// passes. Five for one username from one address stops guessing; a venue's
// phones share an address, so that address alone takes many more before it
// is locked out, and so does a username tried from everywhere (guessing
// spread over many addresses).
const (
	loginWindow           = 15 * time.Minute
	maxFailuresUserFromIP = 5
	maxFailuresPerUser    = 50
	maxFailuresPerIP      = 100
)

func (s *Server) loginForm(c echo.Context) error {
	if web.CurrentUser(c) != nil {
		return web.Redirect(c, web.SafeNext(c.QueryParam("next")))
	}
	return web.Render(c, http.StatusOK, views.LoginPage(s.PageTitled(c, i18n.M("AdminSignIn", nil)), views.LoginForm{Next: c.QueryParam("next")}))
}

func (s *Server) login(c echo.Context) error {
	ctx := c.Request().Context()
	f := views.LoginForm{Username: strings.TrimSpace(c.FormValue("username")), Next: c.FormValue("next")}
	password := c.FormValue("password")
	ip := c.RealIP()
	fails, err := accounts.New(s.Store).LoginFailures(ctx, f.Username, ip, s.Now().Add(-loginWindow))
	if err != nil {
		return err
	}
	if fails.UserFromIP >= maxFailuresUserFromIP || fails.User >= maxFailuresPerUser || fails.IP >= maxFailuresPerIP {
		f.Problem = i18n.M("AdminTooManySignIns", nil)
		c.Response().Header().Set("Retry-After", "900")
		return web.Render(c, http.StatusTooManyRequests, views.LoginPage(s.PageTitled(c, i18n.M("AdminSignIn", nil)), f))
	}
	u, err := accounts.New(s.Store).UserByUsername(ctx, f.Username)
	if err != nil && !errors.Is(err, storage.ErrNotFound) {
		return err
	}
	ok := false
	if u != nil {
		ok = bcrypt.CompareHashAndPassword([]byte(u.PasswordHash), []byte(password)) == nil
	} else {
		// Spend the same time as a real check, so timing does not reveal usernames.
		_ = bcrypt.CompareHashAndPassword(dummyHash(), []byte(password))
	}
	if !ok {
		if err := accounts.New(s.Store).RecordLoginFailure(ctx, f.Username, ip); err != nil {
			return err
		}
		f.Problem = i18n.M("AdminBadSignIn", nil)
		return web.Render(c, http.StatusUnauthorized, views.LoginPage(s.PageTitled(c, i18n.M("AdminSignIn", nil)), f))
	}
	if err := accounts.New(s.Store).ClearLoginFailures(ctx, u.Username); err != nil {
		return err
	}
	if err := s.StartSession(c, u); err != nil {
		return err
	}
	return web.Redirect(c, web.SafeNext(f.Next))
}

// dummyHash is made on first use, not at start-up, to keep start-up fast.
var dummyHash = sync.OnceValue(func() []byte {
	h, _ := bcrypt.GenerateFromPassword([]byte("not a real password"), bcrypt.DefaultCost+2)
	return h
})

func (s *Server) logout(c echo.Context) error {
	if th, ok := web.SessionTokenHash(c); ok {
		if err := accounts.New(s.Store).DeleteSession(c.Request().Context(), th); err != nil {
			return err
		}
	}
	s.ClearSessionCookie(c)
	web.SetFlash(c, msgSignedOut)
	return web.Redirect(c, "/")
}

func (s *Server) setupForm(c echo.Context) error {
	if s.SetupDone() {
		return web.Redirect(c, "/login")
	}
	return web.Render(c, http.StatusOK, views.SetupPage(s.PageTitled(c, i18n.M("AdminSetupPageTitle", nil)), views.SetupForm{}))
}

func (s *Server) setup(c echo.Context) error {
	if s.SetupDone() {
		return web.Redirect(c, "/login")
	}
	f := views.SetupForm{
		Username:    strings.TrimSpace(c.FormValue("username")),
		DisplayName: strings.TrimSpace(c.FormValue("display_name")),
		Errors:      views.FieldProblems{},
	}
	ctx := c.Request().Context()
	pw, pw2 := c.FormValue("password"), c.FormValue("password2")
	if msg := checkUsername(f.Username); !msg.IsZero() {
		f.Errors["username"] = msg
	}
	if len(f.DisplayName) > 80 {
		f.Errors["display_name"] = i18n.M("StoreNameTooLong", i18n.Args{"Max": 80})
	}
	// Both are said at once: a short password typed differently twice
	// would otherwise need two tries to learn the second.
	if msg := web.PasswordProblem(pw); !msg.IsZero() {
		f.Errors["password"] = msg
	}
	if pw != pw2 {
		f.Errors["password2"] = i18n.M("AdminPasswordsDiffer", nil)
	}
	if len(f.Errors) > 0 {
		return web.Render(c, http.StatusUnprocessableEntity, views.SetupPage(s.PageTitled(c, i18n.M("AdminSetupPageTitle", nil)), f))
	}
	hash, err := s.HashPassword(pw)
	if err != nil {
		return err
	}
	u := &storage.User{Username: f.Username, DisplayName: f.DisplayName, PasswordHash: hash, Role: storage.RoleOrganiser}
	if err := accounts.New(s.Store).CreateFirstUser(ctx, u); err != nil {
		if errors.Is(err, accounts.ErrSetupDone) {
			s.MarkSetupDone()
			return web.Redirect(c, "/login")
		}
		return err
	}
	s.MarkSetupDone()
	if err := s.StartSession(c, u); err != nil {
		return err
	}
	web.SetFlash(c, msgWelcome)
	return web.Redirect(c, "/events")
}

// checkUsername returns what is wrong with a username, or nothing.
func checkUsername(name string) i18n.Message {
	if len(name) < 2 || len(name) > 40 {
		return i18n.M("AdminUsernameLength", i18n.Args{"Min": 2, "Max": 40})
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '-') {
			return i18n.M("AdminUsernameCharacters", nil)
		}
	}
	return i18n.Message{}
}
