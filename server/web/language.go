package web

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views/deckproblem"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// languageCookie keeps the language a visitor chose with the selector.
const languageCookie = "tenkaichi_lang"

// ChooseLanguage is the one place a request's language is decided (and put
// in its context, where i18n finds it): the language of this device (a
// cookie: chosen with the selector, or set to the account's language when
// an account that has one signs in or saves it), else a signed-in
// account's language, else the browser's Accept-Language, else English.
// Print sheets and the projector are in their event's language instead
// (InEventLanguage).
func (k *Kit) ChooseLanguage(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		code := requestLanguage(c)
		r := c.Request()
		c.SetRequest(r.WithContext(i18n.WithLanguage(r.Context(), code)))
		h := c.Response().Header()
		h.Set("Content-Language", code)
		h.Add("Vary", "Accept-Language, Cookie")
		return next(c)
	}
}

func requestLanguage(c echo.Context) string {
	if ck, err := c.Cookie(languageCookie); err == nil {
		if code := i18n.Supported(ck.Value); code != "" {
			return code
		}
	}
	if u := CurrentUser(c); u != nil {
		if code := i18n.Supported(u.Language); code != "" {
			return code
		}
	}
	return i18n.Negotiate(c.Request().Header.Get("Accept-Language"))
}

// InEventLanguage is for the pages that are the event's rather than the
// reader's: print sheets (printed once for everybody) and the projector are
// in the event's language, whoever opens them. An unknown event is left to
// the handler (its 404).
func (k *Kit) InEventLanguage(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if ev, err := k.EventParam(c); err == nil {
			eventLanguage(c, ev)
		}
		return next(c)
	}
}

// eventLanguage puts the event's language in the request's context.
func eventLanguage(c echo.Context, ev *storage.Event) {
	code := i18n.Supported(ev.Language)
	if code == "" {
		code = "en"
	}
	r := c.Request()
	c.SetRequest(r.WithContext(i18n.WithLanguage(r.Context(), code)))
	c.Response().Header().Set("Content-Language", code)
}

// SetLanguageCookie keeps code as this browser's language for a year ("":
// forget it).
func (k *Kit) SetLanguageCookie(c echo.Context, code string) {
	ck := &http.Cookie{Name: languageCookie, Value: code, Path: "/", HttpOnly: true, Secure: k.Secure(c),
		SameSite: http.SameSiteLaxMode, MaxAge: 365 * 24 * 3600}
	if code == "" {
		ck.MaxAge = -1
	}
	c.SetCookie(ck)
}

// LocalPath is back if it is a path on this site ("/p/abc?x=1"), else "/":
// the selector's return address must not send anyone elsewhere.
func LocalPath(back string) string {
	if back == "" || !strings.HasPrefix(back, "/") || strings.HasPrefix(back, "//") || strings.HasPrefix(back, "/\\") {
		return "/"
	}
	u, err := url.Parse(back)
	if err != nil || u.Host != "" || u.Scheme != "" {
		return "/"
	}
	return u.RequestURI()
}

// pageAddress is the address the language selector returns to: the page's
// own for a GET, else (a form shown again after a POST) the page the form
// was on, when the browser says so.
func pageAddress(c echo.Context) string {
	r := c.Request()
	if r.Method == http.MethodGet {
		return r.URL.RequestURI()
	}
	if ref, err := url.Parse(r.Referer()); err == nil && ref.Host == r.Host {
		return LocalPath(ref.RequestURI())
	}
	return "/"
}

// ZoneLabel names the event's time zone as pages show it: its IANA name
// and, where that differs, the short name in force at now
// ("Europe/Berlin (CET)", "UTC").
func ZoneLabel(e *storage.Event, now time.Time) string {
	loc := e.Location()
	name := loc.String()
	if name == "Local" {
		name = storage.ServerZoneName()
	}
	if short := i18n.ZoneName(now.In(loc)); short != name {
		return name + " (" + short + ")"
	}
	return name
}

// CardName is a card's name in the page's language: its Japanese name on
// Japanese pages where the card data has one, else its English name.
func CardName(ctx context.Context, c *rules.Card) string { return CardNameIn(i18n.Lang(ctx), c) }

// CardNameIn is CardName for a language code ("ja").
func CardNameIn(lang string, c *rules.Card) string {
	if c.NameJP != "" && lang == "ja" {
		return c.NameJP
	}
	return c.Name
}

// WithCardNames makes the deck problems a Japanese page shows name their
// cards in Japanese where pool's card data has it
// (deckproblem.WithCardNames); other pages, and the problems as stored,
// keep the English names.
func WithCardNames(c echo.Context, pool rules.CardPool) {
	ctx := c.Request().Context()
	if i18n.Lang(ctx) != "ja" || pool == nil {
		return
	}
	names := func(number string) (string, string, bool) {
		card, ok := pool.Card(number)
		if !ok {
			return "", "", false
		}
		return card.Name, CardName(ctx, card), true
	}
	c.SetRequest(c.Request().WithContext(deckproblem.WithCardNames(ctx, names)))
}

// LoadZone loads an IANA zone by name. "Local" (the Go name of whatever
// the server is set to) is not a zone name and is refused.
func LoadZone(name string) (*time.Location, error) {
	if name == "Local" || len(name) > 64 {
		return nil, errors.New("not a zone name")
	}
	return time.LoadLocation(name)
}
