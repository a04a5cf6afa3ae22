package web

import (
	"net/http"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// Render writes a templ component as the response.
func Render(c echo.Context, status int, comp templ.Component) error {
	buf := templ.GetBuffer()
	defer templ.ReleaseBuffer(buf)
	if err := comp.Render(c.Request().Context(), buf); err != nil {
		return err
	}
	return sendPage(c, status, buf.Bytes())
}

// Page fills what every page needs.
func (k *Kit) Page(c echo.Context, title string) views.Page {
	p := views.Page{Title: title, CSSURL: views.AssetURL("app.css")}
	if tok, ok := c.Get(middleware.DefaultCSRFConfig.ContextKey).(string); ok {
		p.CSRF = tok
	}
	if u := CurrentUser(c); u != nil {
		organiser := u.Role == storage.RoleOrganiser
		p.User = &views.User{Name: u.Name(), Role: u.Role, IsOrganiser: organiser, IsAdmin: organiser && u.IsAdmin}
	}
	withLanguageSelector(c, &p)
	p.Flash = FlashMessage(TakeFlashID(c))
	p.Posted = c.Request().Method == http.MethodPost
	return p
}

// PageTitled is Page with its title as a fact, worded when it renders.
func (k *Kit) PageTitled(c echo.Context, title i18n.Message) views.Page {
	p := k.Page(c, "")
	p.Heading = title
	return p
}

// PublicPage is what a page that every anonymous visitor sees alike needs
// (rendered once and shared: no CSRF token, no account, no message).
func PublicPage(c echo.Context, title string) views.Page {
	p := views.Page{Title: title, CSSURL: views.AssetURL("app.css")}
	withLanguageSelector(c, &p)
	return p
}

// withLanguageSelector fills the language selector of a page.
func withLanguageSelector(c echo.Context, p *views.Page) {
	p.Lang, p.Back = i18n.Lang(c.Request().Context()), pageAddress(c)
	for _, l := range i18n.Languages() {
		p.Languages = append(p.Languages, views.Option{Value: l.Code, Label: l.Name})
	}
}

// Redirect sends the browser to a page after a successful POST (PRG).
func Redirect(c echo.Context, to string) error { return c.Redirect(http.StatusSeeOther, to) }

const flashCookie = "tenkaichi_flash"

// SetFlash leaves a one-off message for the next page.
func SetFlash(c echo.Context, msg string) {
	c.SetCookie(&http.Cookie{Name: flashCookie, Value: flashCodes[msg], Path: "/", HttpOnly: true, SameSite: http.SameSiteLaxMode, MaxAge: 60})
}

// flashCodes keep message text out of cookies: the cookie carries a short
// code and takeFlash says the notice in the page's language. Every
// package registers its notices (RegisterFlashes); each notice's id is
// its message id (TestFlashNoticesAreMessages).
var flashCodes = map[string]string{}

// RegisterFlashes adds notices (message id → cookie code), from an init
// function: an id or a code registered twice is a programming error.
func RegisterFlashes(codes map[string]string) {
	for id, code := range codes {
		if _, dup := flashCodes[id]; dup {
			panic("flash notice registered twice: " + id)
		}
		for other, c := range flashCodes {
			if c == code {
				panic("flash code " + code + " names both " + id + " and " + other)
			}
		}
		flashCodes[id] = code
	}
}

// FlashCodes are the registered notices (message id → cookie code), for
// the test that checks them.
func FlashCodes() map[string]string {
	out := make(map[string]string, len(flashCodes))
	for id, code := range flashCodes {
		out[id] = code
	}
	return out
}

// TakeFlashID reads and clears the one-off notice, giving its message id
// ("" when there is none or the cookie's code is unknown).
func TakeFlashID(c echo.Context) string {
	ck, err := c.Cookie(flashCookie)
	if err != nil || ck.Value == "" {
		return ""
	}
	c.SetCookie(&http.Cookie{Name: flashCookie, Value: "", Path: "/", MaxAge: -1})
	for id, code := range flashCodes {
		if code == ck.Value {
			return id
		}
	}
	return ""
}

// FlashPending reports whether a one-off notice waits to be shown.
func FlashPending(c echo.Context) bool {
	ck, err := c.Cookie(flashCookie)
	return err == nil && ck.Value != ""
}

// CSRFFromCookie is the request's CSRF token when its cookie carried it
// ("" when the middleware made a new one for this answer).
func CSRFFromCookie(c echo.Context) string {
	tok, _ := c.Get(middleware.DefaultCSRFConfig.ContextKey).(string)
	if ck, err := c.Cookie(csrfCookie); err != nil || ck.Value != tok {
		return ""
	}
	return tok
}

// FlashMessage is the notice of message id id ("" for none), worded by
// the page that shows it.
func FlashMessage(id string) i18n.Message { return i18n.M(id, nil) }

// PublicView reports whether a GET shows what every anonymous visitor sees:
// no account, no one-off message waiting.
func PublicView(c echo.Context) bool {
	if CurrentUser(c) != nil || c.Request().Method != http.MethodGet {
		return false
	}
	ck, err := c.Cookie(flashCookie)
	return err != nil || ck.Value == ""
}

// LiveScriptURL is the live-update script that pages with live parts load.
func LiveScriptURL() string { return views.AssetURL("live.js") }

// Nav is the event menu of a staff page, current naming its tab.
func Nav(e *storage.Event, current string) views.EventNav {
	return views.EventNav{EventID: e.ID, Name: e.Name, Current: current, Teams: e.TeamEvent}
}
