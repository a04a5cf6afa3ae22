package server

import (
	"context"
	"net/http"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// render writes a templ component as the response.
func render(c echo.Context, status int, comp templ.Component) error {
	buf := templ.GetBuffer()
	defer templ.ReleaseBuffer(buf)
	if err := comp.Render(c.Request().Context(), buf); err != nil {
		return err
	}
	return sendPage(c, status, buf.Bytes())
}

// page fills what every page needs.
func (s *Server) page(c echo.Context, title string) views.Page {
	p := views.Page{Title: title, CSSURL: views.AssetURL("app.css")}
	if tok, ok := c.Get(middleware.DefaultCSRFConfig.ContextKey).(string); ok {
		p.CSRF = tok
	}
	if u := currentUser(c); u != nil {
		organiser := u.Role == storage.RoleOrganiser
		p.User = &views.User{Name: u.Name(), Role: u.Role, IsOrganiser: organiser, IsAdmin: organiser && u.IsAdmin}
	}
	withLanguageSelector(c, &p)
	p.Flash = takeFlash(c)
	p.Posted = c.Request().Method == http.MethodPost
	return p
}

// publicPage is what a page that every anonymous visitor sees alike needs
// (rendered once and shared: no CSRF token, no account, no message).
func publicPage(c echo.Context, title string) views.Page {
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

// redirect sends the browser to a page after a successful POST (PRG).
func redirect(c echo.Context, to string) error { return c.Redirect(http.StatusSeeOther, to) }

const flashCookie = "tenkaichi_flash"

// setFlash leaves a one-off message for the next page.
func setFlash(c echo.Context, msg string) {
	c.SetCookie(&http.Cookie{Name: flashCookie, Value: flashCodes[msg], Path: "/", HttpOnly: true, SameSite: http.SameSiteLaxMode, MaxAge: 60})
}

// flashCodes keep message text out of cookies: the cookie carries a short
// code and takeFlash says the notice in the page's language. Every msg…
// constant is the message id of its notice (TestFlashNoticesAreMessages).
var flashCodes = map[string]string{
	msgEventCreated: "event-created", msgEventSaved: "event-saved", msgEventDeleted: "event-deleted",
	msgAccountSaved: "account-saved", msgAccountAdded: "account-added", msgSignedOut: "signed-out",
	msgJudgeAdded: "judge-added", msgJudgeRemoved: "judge-removed", msgWelcome: "welcome",
	msgCardsImported: "cards-imported", msgBanListSaved: "banlist-saved",
	msgPlayerSaved: "player-saved", msgRegistered: "registered",
	msgDeckSaved: "deck-saved", msgReported: "reported", msgJudgeCalled: "judge-called", msgDropped: "dropped",
	msgRoundPaired: "round-paired", msgRoundPublished: "round-published", msgRoundDeleted: "round-deleted",
	msgResultSaved: "result-saved", msgClockChanged: "clock-changed", msgPenaltySaved: "penalty-saved",
	msgDecksChanged: "decks-changed", msgCallUpdated: "call-updated", msgAbsentDropped: "absent-dropped",
	msgSettingsSaved: "settings-saved", msgPlayerDeleted: "player-deleted", msgAnnounced: "announced", msgAnnouncementRemoved: "announcement-removed",
	msgSnapshotTaken: "snapshot-taken", msgRestored: "restored",
}

// The flash notices: each constant is its message id.
const (
	msgEventCreated   = "StaffFlashEventCreated"
	msgEventSaved     = "StaffFlashEventSaved"
	msgEventDeleted   = "StaffFlashEventDeleted"
	msgAccountSaved   = "AdminAccountSaved"
	msgAccountAdded   = "AdminAccountAdded"
	msgSignedOut      = "AdminSignedOut"
	msgJudgeAdded     = "StaffFlashJudgeAdded"
	msgJudgeRemoved   = "StaffFlashJudgeRemoved"
	msgWelcome        = "AdminWelcome"
	msgCardsImported  = "JudgeFlashCardsImported"
	msgBanListSaved   = "JudgeFlashBanListSaved"
	msgPlayerDeleted  = "StaffFlashPlayerDeleted"
	msgPlayerSaved    = "StaffFlashPlayerSaved"
	msgRegistered     = "PhoneRegistered"
	msgDeckSaved      = "PhoneDeckSaved"
	msgReported       = "PhoneReported"
	msgJudgeCalled    = "PhoneJudgeCalled"
	msgDropped        = "PhoneDropped"
	msgRoundPaired    = "StaffFlashRoundPaired"
	msgRoundPublished = "StaffFlashRoundPublished"
	msgRoundDeleted   = "StaffFlashRoundDeleted"
	msgResultSaved    = "StaffFlashResultSaved"
	msgClockChanged   = "StaffFlashClockChanged"
	msgPenaltySaved   = "StaffFlashPenaltySaved"
	msgDecksChanged   = "StaffFlashDecksChanged"
	msgCallUpdated    = "StaffFlashCallUpdated"
	msgAbsentDropped  = "StaffFlashAbsentDropped"
	msgSettingsSaved  = "AdminSettingsSaved"
	// Announcements.
	msgAnnounced           = "StaffFlashAnnounced"
	msgAnnouncementRemoved = "StaffFlashAnnouncementRemoved"
	// Snapshots.
	msgSnapshotTaken = "StaffFlashSnapshotTaken"
	msgRestored      = "StaffFlashRestored"
)

// takeFlashID reads and clears the one-off notice, giving its message id
// ("" when there is none or the cookie's code is unknown).
func takeFlashID(c echo.Context) string {
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

// takeFlash is the one-off notice in the page's language, whichever page
// shows it.
func takeFlash(c echo.Context) string {
	return flashText(c.Request().Context(), takeFlashID(c))
}

// flashText is a notice's message id said in the context's language.
func flashText(ctx context.Context, id string) string {
	if id == "" {
		return ""
	}
	return i18n.T(ctx, id, nil)
}
