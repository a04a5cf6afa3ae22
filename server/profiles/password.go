package profiles

import (
	"errors"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
	"golang.org/x/crypto/bcrypt"
)

// A player may also set a password of their own (/me/password), hashed as
// staff passwords are, and sign in with their player number or member
// number and it (/me/signin), on any browser, without their link. Failed
// tries are counted in the database like the staff's (per number and
// address, number, and address), so guessing slows down on every instance.

const (
	minPlayerPassword = 8
	maxPlayerPassword = 72 // bcrypt reads no further
	// The staff login's limits (server/sign_in.go), counted apart: a
	// player's number is kept as "player NUMBER".
	playerLoginWindow     = 15 * time.Minute
	maxPlayerFailsFromIP  = 5
	maxPlayerFailsPerUser = 50
	maxPlayerFailsPerIP   = 100
)

// SetPassword sets (or, with "clear", removes) the signed-in player's own
// password.
func (h *Handler) SetPassword(c echo.Context) error {
	p, err := h.requirePlayer(c)
	if err != nil {
		return err
	}
	hash := ""
	if c.FormValue("clear") == "" {
		pw, confirm := c.FormValue("password"), c.FormValue("password_confirm")
		errs := views.FieldProblems{}
		switch n := utf8.RuneCountInString(pw); {
		case n < minPlayerPassword:
			errs["password"] = i18n.M("ProfileErrPasswordShort", i18n.Args{"Min": minPlayerPassword})
		case len(pw) > maxPlayerPassword:
			errs["password"] = i18n.M("ProfileErrPasswordLong", i18n.Args{"Max": maxPlayerPassword})
		case confirm != pw:
			errs["password_confirm"] = i18n.M("ProfileErrPasswordMismatch", nil)
		}
		if len(errs) > 0 {
			return h.ownPage(c, p, errs, http.StatusUnprocessableEntity)
		}
		b, err := bcrypt.GenerateFromPassword([]byte(pw), h.BcryptCost)
		if err != nil {
			return err
		}
		hash = string(b)
	}
	if err := h.leagues.SetPlayerPassword(c.Request().Context(), playerActor(p), p.ID, hash); err != nil {
		return err
	}
	if hash == "" {
		web.SetFlash(c, msgPasswordCleared)
	} else {
		web.SetFlash(c, msgPasswordSet)
	}
	return web.Redirect(c, "/me")
}

// SignInForm asks for a player number or member number and a password.
func (h *Handler) SignInForm(c echo.Context) error {
	return h.signInPage(c, views.PlayerSignInForm{}, http.StatusOK)
}

func (h *Handler) signInPage(c echo.Context, f views.PlayerSignInForm, status int) error {
	return web.Render(c, status, views.PlayerSignInView(h.playerPage(c, i18n.M("ProfileSignInTitle", nil)), f))
}

// SignInPassword signs a player in with their number and password.
func (h *Handler) SignInPassword(c echo.Context) error {
	ctx := c.Request().Context()
	f := views.PlayerSignInForm{Number: strings.TrimSpace(c.FormValue("number"))}
	if f.Number == "" {
		f.Errors = views.FieldProblems{"number": i18n.M("ProfileErrNumberMissing", nil)}
		return h.signInPage(c, f, http.StatusUnprocessableEntity)
	}
	key, ip := "player "+f.Number, c.RealIP()
	fails, err := accounts.New(h.Store).LoginFailures(ctx, key, ip, h.Now().Add(-playerLoginWindow))
	if err != nil {
		return err
	}
	if fails.UserFromIP >= maxPlayerFailsFromIP || fails.User >= maxPlayerFailsPerUser || fails.IP >= maxPlayerFailsPerIP {
		f.Problem = i18n.M("ProfileErrTooManySignIns", nil)
		c.Response().Header().Set("Retry-After", "900")
		return h.signInPage(c, f, http.StatusTooManyRequests)
	}
	p, err := h.playerByPassword(c, f.Number, c.FormValue("password"))
	if err != nil {
		return err
	}
	if p == nil {
		if err := accounts.New(h.Store).RecordLoginFailure(ctx, key, ip); err != nil {
			return err
		}
		f.Problem = i18n.M("ProfileErrBadSignIn", nil)
		return h.signInPage(c, f, http.StatusUnauthorized)
	}
	if err := accounts.New(h.Store).ClearLoginFailures(ctx, key); err != nil {
		return err
	}
	if err := h.signIn(c, p); err != nil {
		return err
	}
	web.SetFlash(c, msgSignedInHere)
	return web.Redirect(c, "/me")
}

// playerByPassword is the live player whose member number, or else player
// number, is number and whose own password is password, or nil. A wrong
// number spends the time of a check, so timing does not tell numbers.
func (h *Handler) playerByPassword(c echo.Context, number, password string) (*storage.Player, error) {
	ctx := c.Request().Context()
	var candidates []*storage.Player
	p, err := h.Store.PlayerByMemberID(ctx, number)
	if err != nil && !errors.Is(err, storage.ErrNotFound) {
		return nil, err
	}
	if p != nil {
		candidates = append(candidates, p)
	}
	if id, err := strconv.ParseInt(strings.TrimPrefix(number, "#"), 10, 64); err == nil && id > 0 {
		p, err := h.Store.PlayerByID(ctx, id)
		if err != nil && !errors.Is(err, storage.ErrNotFound) {
			return nil, err
		}
		if p != nil {
			candidates = append(candidates, p)
		}
	}
	checked := false
	for _, p := range candidates {
		if !p.HasPassword() || p.MergedInto != nil || p.AnonymisedAt != nil {
			continue
		}
		checked = true
		if bcrypt.CompareHashAndPassword([]byte(*p.PasswordHash), []byte(password)) == nil {
			return p, nil
		}
	}
	if !checked {
		_ = bcrypt.CompareHashAndPassword(dummyHash(h.BcryptCost), []byte(password))
	}
	return nil, nil
}

var (
	dummyOnce sync.Once
	dummy     []byte
)

// dummyHash is a hash to spend a check's time on, made on first use.
func dummyHash(cost int) []byte {
	dummyOnce.Do(func() { dummy, _ = bcrypt.GenerateFromPassword([]byte("not a real password"), cost) })
	return dummy
}
