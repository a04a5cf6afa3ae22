package server

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
	"golang.org/x/crypto/bcrypt"
)

func (s *Server) loginForm(c echo.Context) error {
	if currentUser(c) != nil {
		return redirect(c, safeNext(c.QueryParam("next")))
	}
	return render(c, http.StatusOK, views.LoginPage(s.page(c, i18n.T(c.Request().Context(), "AdminSignIn", nil)), views.LoginForm{Next: c.QueryParam("next")}))
}

func (s *Server) login(c echo.Context) error {
	ctx := c.Request().Context()
	f := views.LoginForm{Username: strings.TrimSpace(c.FormValue("username")), Next: c.FormValue("next")}
	password := c.FormValue("password")
	ip := c.RealIP()
	fails, err := s.store.LoginFailures(ctx, f.Username, ip, s.now().Add(-loginWindow))
	if err != nil {
		return err
	}
	if fails.UserFromIP >= maxFailuresUserFromIP || fails.User >= maxFailuresPerUser || fails.IP >= maxFailuresPerIP {
		f.Problem = i18n.T(ctx, "AdminTooManySignIns", nil)
		c.Response().Header().Set("Retry-After", "900")
		return render(c, http.StatusTooManyRequests, views.LoginPage(s.page(c, i18n.T(c.Request().Context(), "AdminSignIn", nil)), f))
	}
	u, err := s.store.UserByUsername(ctx, f.Username)
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
		if err := s.store.RecordLoginFailure(ctx, f.Username, ip); err != nil {
			return err
		}
		f.Problem = i18n.T(ctx, "AdminBadSignIn", nil)
		return render(c, http.StatusUnauthorized, views.LoginPage(s.page(c, i18n.T(c.Request().Context(), "AdminSignIn", nil)), f))
	}
	if err := s.store.ClearLoginFailures(ctx, u.Username); err != nil {
		return err
	}
	if err := s.startSession(c, u); err != nil {
		return err
	}
	return redirect(c, safeNext(f.Next))
}

// dummyHash is made on first use, not at start-up, to keep start-up fast.
var dummyHash = sync.OnceValue(func() []byte {
	h, _ := bcrypt.GenerateFromPassword([]byte("not a real password"), bcrypt.DefaultCost+2)
	return h
})

func (s *Server) logout(c echo.Context) error {
	if th, ok := c.Get(ctxSessionTokenHash).(string); ok {
		if err := s.store.DeleteSession(c.Request().Context(), th); err != nil {
			return err
		}
	}
	s.clearSessionCookie(c)
	setFlash(c, msgSignedOut)
	return redirect(c, "/")
}

func (s *Server) setupForm(c echo.Context) error {
	if s.setupDone.Load() {
		return redirect(c, "/login")
	}
	return render(c, http.StatusOK, views.SetupPage(s.page(c, i18n.T(c.Request().Context(), "AdminSetupPageTitle", nil)), views.SetupForm{}))
}

func (s *Server) setup(c echo.Context) error {
	if s.setupDone.Load() {
		return redirect(c, "/login")
	}
	f := views.SetupForm{
		Username:    strings.TrimSpace(c.FormValue("username")),
		DisplayName: strings.TrimSpace(c.FormValue("display_name")),
		Errors:      views.FieldErrors{},
	}
	ctx := c.Request().Context()
	pw, pw2 := c.FormValue("password"), c.FormValue("password2")
	if msg := checkUsername(ctx, f.Username); msg != "" {
		f.Errors["username"] = msg
	}
	if len(f.DisplayName) > 80 {
		f.Errors["display_name"] = i18n.T(ctx, "StoreNameTooLong", i18n.Args{"Max": 80})
	}
	// Both are said at once: a short password typed differently twice
	// would otherwise need two tries to learn the second.
	if msg := checkPasswordRules(ctx, pw); msg != "" {
		f.Errors["password"] = msg
	}
	if pw != pw2 {
		f.Errors["password2"] = i18n.T(ctx, "AdminPasswordsDiffer", nil)
	}
	if len(f.Errors) > 0 {
		return render(c, http.StatusUnprocessableEntity, views.SetupPage(s.page(c, i18n.T(c.Request().Context(), "AdminSetupPageTitle", nil)), f))
	}
	hash, err := s.hashPassword(pw)
	if err != nil {
		return err
	}
	u := &storage.User{Username: f.Username, DisplayName: f.DisplayName, PasswordHash: hash, Role: storage.RoleOrganiser}
	if err := s.store.CreateFirstUser(ctx, u); err != nil {
		if errors.Is(err, storage.ErrSetupDone) {
			s.setupDone.Store(true)
			return redirect(c, "/login")
		}
		return err
	}
	s.setupDone.Store(true)
	if err := s.startSession(c, u); err != nil {
		return err
	}
	setFlash(c, msgWelcome)
	return redirect(c, "/events")
}

// checkUsername returns what is wrong with a username, or "".
func checkUsername(ctx context.Context, name string) string {
	if len(name) < 2 || len(name) > 40 {
		return i18n.T(ctx, "AdminUsernameLength", i18n.Args{"Min": 2, "Max": 40})
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '-') {
			return i18n.T(ctx, "AdminUsernameCharacters", nil)
		}
	}
	return ""
}
