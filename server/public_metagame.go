package server

import (
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/server/readmodel"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage/carddata"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// showMetagame is for organisers always, and for everyone who may see the
// event once its decklists are published.
func (s *Server) showMetagame(c echo.Context) error {
	ev, err := s.EventParam(c)
	if err != nil {
		return err
	}
	ok, err := s.CanSee(c, ev)
	if err != nil {
		return err
	}
	if !ok {
		return web.NotFound()
	}
	organiser, err := s.IsEventOrganiser(c, ev)
	if err != nil {
		return err
	}
	if !ev.DecksPublic && !organiser {
		return web.Refused(i18n.M("JudgeMetaNotPublished", nil))
	}
	ctx := c.Request().Context()
	d, err := readmodel.Load(ctx, s.Store, ev)
	if err != nil {
		return err
	}
	pool, err := carddata.New(s.Store).CardPool(ctx, rules.Game(ev.Game))
	if err != nil {
		return err
	}
	players, leaders, colours := readmodel.Metagame(d, pool, func(n string) string { return web.LeaderLabel(ctx, pool, n) })
	// The API keeps "No decklist" and the colours' English names; the page
	// says them in its language.
	for _, t := range []struct {
		rows   []views.MetaRow
		colour bool
	}{{leaders, false}, {colours, true}} {
		for i, r := range t.rows {
			t.rows[i].NoDecklist = r.Label == readmodel.NoDecklist
			t.rows[i].Colour = t.colour && !t.rows[i].NoDecklist
		}
	}
	return web.Render(c, http.StatusOK, views.MetagamePageView(s.PageTitled(c, i18n.M("JudgeMetaHeading", i18n.Args{"Event": ev.Name})), views.MetagamePage{
		EventID: ev.ID, EventName: ev.Name, Players: players, Leaders: leaders, Colours: colours, IsPublic: ev.DecksPublic,
		MainPersonality: web.GameOf(ev.Game).MainPersonality}))
}
