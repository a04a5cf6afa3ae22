package staff

import (
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// Announcements: staff (organisers and the event's judges) post a message
// that every player page and the projector of the event show at once (live
// updates) and keep showing until it is removed.

// ShowAnnouncements is the event's announcements with the form to post one.
func (h *Handler) ShowAnnouncements(c echo.Context) error {
	e, err := h.StaffEvent(c)
	if err != nil {
		return err
	}
	return h.renderAnnouncements(c, e, views.AnnouncementForm{}, http.StatusOK)
}

func (h *Handler) renderAnnouncements(c echo.Context, e *storage.Event, f views.AnnouncementForm, status int) error {
	list, err := h.announcementViews(c, e, true)
	if err != nil {
		return err
	}
	m := views.AnnouncementsPage{Nav: web.Nav(e, "announcements"), List: list, Form: f, MaxLen: storage.MaxAnnouncementLen}
	return web.Render(c, status, views.AnnouncementsView(h.PageTitled(c, i18n.M("StaffAnnouncementsTitle", i18n.Args{"Event": e.Name})), m))
}

// announcementViews are an event's announcements as pages show them; the
// author is for staff only.
func (h *Handler) announcementViews(c echo.Context, e *storage.Event, staff bool) ([]views.Announcement, error) {
	ctx := c.Request().Context()
	list, err := h.Store.Announcements(ctx, e.ID)
	if err != nil {
		return nil, err
	}
	return web.AnnouncementList(ctx, e.Location(), list, staff), nil
}

// PostAnnouncement posts an announcement to every player page and the projector.
func (h *Handler) PostAnnouncement(c echo.Context) error {
	e, err := h.StaffEvent(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	text := strings.Join(strings.Fields(c.FormValue("text")), " ")
	f := views.AnnouncementForm{Text: c.FormValue("text")}
	switch n := utf8.RuneCountInString(text); {
	case n == 0:
		f.Errors = views.FieldProblems{"text": i18n.M("AnnouncementEmpty", nil)}
	case n > storage.MaxAnnouncementLen:
		f.Errors = views.FieldProblems{"text": i18n.M("AnnouncementTooLong", i18n.Args{"Max": storage.MaxAnnouncementLen, "Length": n})}
	}
	if f.Errors != nil {
		return h.renderAnnouncements(c, e, f, http.StatusUnprocessableEntity)
	}
	if _, err := h.Store.PostAnnouncement(ctx, web.ActorOf(c), e.ID, text); err != nil {
		return err
	}
	web.SetFlash(c, msgAnnounced)
	return web.Redirect(c, web.EventURL(e.ID, "/announcements"))
}

// RemoveAnnouncement takes an announcement off the pages.
func (h *Handler) RemoveAnnouncement(c echo.Context) error {
	e, err := h.StaffEvent(c)
	if err != nil {
		return err
	}
	id, err := strconv.ParseInt(c.Param("ann"), 10, 64)
	if err != nil {
		return web.NotFound()
	}
	if err := h.Store.RemoveAnnouncement(c.Request().Context(), web.ActorOf(c), e.ID, id); err != nil {
		return err
	}
	web.SetFlash(c, msgAnnouncementRemoved)
	return web.Redirect(c, web.EventURL(e.ID, "/announcements"))
}
