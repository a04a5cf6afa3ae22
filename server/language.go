package server

import (
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// selectLanguage is GET /language, the selector's form (on every page, no
// script needed): it keeps the choice on this device in a cookie for a year
// and goes back to the page the form was on. It is a GET so that pages
// shared by every visitor (public standings) can carry it without a CSRF
// token; it changes only the asking browser's cookie, never an account.
func (s *Server) selectLanguage(c echo.Context) error {
	code, err := chosenLanguage(c)
	if err != nil {
		return err
	}
	s.SetLanguageCookie(c, code)
	return web.Redirect(c, web.LocalPath(c.QueryParam("back")))
}

// saveAccountLanguage is the account page's Language form: the account's
// language ("" to follow the browser), on every device the account signs
// in on, and this device's cookie with it (the cookie would win otherwise).
func (s *Server) saveAccountLanguage(c echo.Context) error {
	code, err := chosenLanguage(c)
	if err != nil {
		return err
	}
	if err := accounts.New(s.Store).SetUserLanguage(c.Request().Context(), web.ActorOf(c), web.CurrentUser(c).ID, code); err != nil {
		return err
	}
	s.SetLanguageCookie(c, code)
	web.SetFlash(c, msgAccountSaved)
	return web.Redirect(c, "/account")
}

// chosenLanguage is the form's lang: an offered language, or "" for the
// browser's; anything else is refused.
func chosenLanguage(c echo.Context) (string, error) {
	raw := c.FormValue("lang")
	code := i18n.Supported(raw)
	if raw != "" && code == "" {
		return "", echo.NewHTTPError(http.StatusBadRequest, "lang: "+web.Truncate(raw, 20)+" is not a language this server offers")
	}
	return code, nil
}
