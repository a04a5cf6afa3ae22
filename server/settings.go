package server

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/url"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage/instance"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// ParseBaseURL checks a public address and returns it as "scheme://host[:port]".
// It must be an http or https address of the site's root: the pages use
// absolute paths, so a path prefix could not work.
func ParseBaseURL(raw string) (string, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return "", nil
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || u.Opaque != "" {
		return "", badBaseURL(i18n.M("AdminBaseURLNotFull", nil))
	}
	u.Scheme = strings.ToLower(u.Scheme)
	switch {
	case u.Scheme != "http" && u.Scheme != "https":
		return "", badBaseURL(i18n.M("AdminBaseURLScheme", nil))
	case u.User != nil:
		return "", badBaseURL(i18n.M("AdminBaseURLUser", nil))
	case u.Path != "" && u.Path != "/", u.RawQuery != "", u.Fragment != "":
		return "", badBaseURL(i18n.M("AdminBaseURLPath", nil))
	case u.Hostname() == "":
		return "", badBaseURL(i18n.M("AdminBaseURLNoHost", nil))
	}
	if p := u.Port(); p != "" {
		if _, err := net.LookupPort("tcp", p); err != nil {
			return "", badBaseURL(i18n.M("AdminBaseURLPort", i18n.Args{"Port": p}))
		}
	}
	return u.Scheme + "://" + strings.ToLower(u.Host), nil
}

// BaseURLError says what is wrong with a public address: Error is English
// (the command line's flag), Message is in the language of a page.
type BaseURLError struct {
	problem i18n.Message
}

func badBaseURL(problem i18n.Message) error { return &BaseURLError{problem} }

func (e *BaseURLError) Error() string { return e.Message(context.Background()) }

// Message is the problem in ctx's language.
func (e *BaseURLError) Message(ctx context.Context) string { return e.problem.In(ctx) }

// Problem is the problem as a fact, for a page to word.
func (e *BaseURLError) Problem() i18n.Message { return e.problem }

// showSettings is the organisers' page of installation settings.
func (s *Server) showSettings(c echo.Context) error {
	stored, err := instance.New(s.Store).Setting(c.Request().Context(), instance.SettingBaseURL)
	if err != nil {
		return err
	}
	return s.settingsPage(c, views.SettingsForm{BaseURL: stored}, http.StatusOK)
}

func (s *Server) settingsPage(c echo.Context, f views.SettingsForm, status int) error {
	f.FixedBaseURL = s.FixedBaseURL
	w, err := s.AddressWarning(c)
	if err != nil {
		return err
	}
	if w != nil {
		w.OnSettings = true
	}
	f.Warning = w
	return web.Render(c, status, views.SettingsPage(s.PageTitled(c, i18n.M("AdminSettingsTitle", nil)), f))
}

func (s *Server) saveSettings(c echo.Context) error {
	raw := c.FormValue("base_url")
	base, err := ParseBaseURL(raw)
	var bad *BaseURLError
	if errors.As(err, &bad) {
		return s.settingsPage(c, views.SettingsForm{BaseURL: raw, Errors: views.FieldProblems{"base_url": bad.Problem()}},
			http.StatusUnprocessableEntity)
	}
	if err := instance.New(s.Store).SetSetting(c.Request().Context(), web.ActorOf(c), instance.SettingBaseURL, base); err != nil {
		return err
	}
	web.SetFlash(c, msgSettingsSaved)
	return web.Redirect(c, "/settings")
}
