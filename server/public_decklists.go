package server

import (
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/carddata"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// showDecklists shows every list to anyone once the organiser publishes
// them; before that only the event's staff see it.
func (s *Server) showDecklists(c echo.Context) error {
	e, err := s.EventParam(c)
	if err != nil {
		return err
	}
	if !e.DecksPublic || e.Status == storage.StatusDraft {
		if staff, err := s.IsStaff(c, e); err != nil {
			return err
		} else if !staff {
			return web.NotFound()
		}
	}
	entries, err := s.Store.Entries(c.Request().Context(), e.ID)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	pool, err := carddata.New(s.Store).CardPool(ctx, rules.Game(e.Game))
	if err != nil {
		return err
	}
	m := views.PublicDecklistsPage{EventID: e.ID, EventName: e.Name}
	g := web.GameOf(e.Game)
	for _, en := range entries {
		if en.Waitlisted || en.DeckText == "" {
			continue
		}
		m.Lists = append(m.Lists, views.PublicDecklist{Player: en.PlayerName, Leader: web.DeckHeadline(ctx, g, pool, &en), Text: en.DeckText})
	}
	return web.Render(c, http.StatusOK, views.PublicDecklistsView(s.PageTitled(c, i18n.M("PhonePublicDecklistsTitle", i18n.Args{"Event": e.Name})), m))
}
