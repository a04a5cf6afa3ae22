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

// flashCodes keep message text out of cookies: the cookie carries a key and
// the text comes from this table (and later from a translation).
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

const (
	msgEventCreated   = "Event created."
	msgEventSaved     = "Event saved."
	msgEventDeleted   = "Event deleted."
	msgAccountSaved   = "AdminAccountSaved"
	msgAccountAdded   = "AdminAccountAdded"
	msgSignedOut      = "AdminSignedOut"
	msgJudgeAdded     = "Judge added to the event."
	msgJudgeRemoved   = "Judge removed from the event."
	msgWelcome        = "AdminWelcome"
	msgCardsImported  = "Cards imported."
	msgBanListSaved   = "Ban list saved."
	msgPlayerDeleted  = "Entry deleted (the change log keeps it)."
	msgPlayerSaved    = "Player saved."
	msgRegistered     = "You are registered. Bookmark this page: it is your link for this event."
	msgDeckSaved      = "Decklist saved."
	msgReported       = "Result sent."
	msgJudgeCalled    = "A judge has been called."
	msgDropped        = "You have dropped from the event."
	msgRoundPaired    = "Round paired. Check it, then publish it."
	msgRoundPublished = "Pairings published."
	msgRoundDeleted   = "Round deleted. Pair it again when ready."
	msgResultSaved    = "Result saved."
	msgClockChanged   = "Clock changed."
	msgPenaltySaved   = "Penalty recorded."
	msgDecksChanged   = "Decklist settings saved."
	msgCallUpdated    = "Judge call updated."
	msgAbsentDropped  = "The players who had not checked in are dropped."
	msgSettingsSaved  = "AdminSettingsSaved"
	// Announcements.
	msgAnnounced           = "Announcement posted: every player page and the projector show it now."
	msgAnnouncementRemoved = "Announcement removed."
	// Snapshots.
	msgSnapshotTaken = "Snapshot taken."
	msgRestored      = "The event is restored. The snapshot at the top of the list is how it was just before: restore that one to undo."
)

// flashText is a notice in the page's language: a notice's constant is its
// message id (one not converted yet is its English text, shown as it is).
func flashText(ctx context.Context, msg string) string {
	if i18n.Has(msg) {
		return i18n.T(ctx, msg, nil)
	}
	return msg
}

func takeFlash(c echo.Context) string {
	ck, err := c.Cookie(flashCookie)
	if err != nil || ck.Value == "" {
		return ""
	}
	c.SetCookie(&http.Cookie{Name: flashCookie, Value: "", Path: "/", MaxAge: -1})
	if text := staffFlashText(c.Request().Context(), ck.Value); text != "" {
		return text
	}
	for msg, code := range flashCodes {
		if code == ck.Value {
			return flashText(c.Request().Context(), msg)
		}
	}
	return ""
}

// staffFlashText is the notice of a flash code of the organiser's pages in
// the page's language ("" for a code of another area, whose notice is still
// the English of flashCodes).
func staffFlashText(ctx context.Context, code string) string {
	switch code {
	case "event-created":
		return i18n.T(ctx, "StaffFlashEventCreated", nil)
	case "event-saved":
		return i18n.T(ctx, "StaffFlashEventSaved", nil)
	case "event-deleted":
		return i18n.T(ctx, "StaffFlashEventDeleted", nil)
	case "judge-added":
		return i18n.T(ctx, "StaffFlashJudgeAdded", nil)
	case "judge-removed":
		return i18n.T(ctx, "StaffFlashJudgeRemoved", nil)
	case "player-deleted":
		return i18n.T(ctx, "StaffFlashPlayerDeleted", nil)
	case "player-saved":
		return i18n.T(ctx, "StaffFlashPlayerSaved", nil)
	case "round-paired":
		return i18n.T(ctx, "StaffFlashRoundPaired", nil)
	case "round-published":
		return i18n.T(ctx, "StaffFlashRoundPublished", nil)
	case "round-deleted":
		return i18n.T(ctx, "StaffFlashRoundDeleted", nil)
	case "result-saved":
		return i18n.T(ctx, "StaffFlashResultSaved", nil)
	case "clock-changed":
		return i18n.T(ctx, "StaffFlashClockChanged", nil)
	case "decks-changed":
		return i18n.T(ctx, "StaffFlashDecksChanged", nil)
	case "absent-dropped":
		return i18n.T(ctx, "StaffFlashAbsentDropped", nil)
	case "announced":
		return i18n.T(ctx, "StaffFlashAnnounced", nil)
	case "announcement-removed":
		return i18n.T(ctx, "StaffFlashAnnouncementRemoved", nil)
	case "snapshot-taken":
		return i18n.T(ctx, "StaffFlashSnapshotTaken", nil)
	case "restored":
		return i18n.T(ctx, "StaffFlashRestored", nil)
	}
	return ""
}
