package server

import (
	"context"
	"fmt"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/pairing"
	"github.com/tenkaichi-org/tenkaichi/server/readmodel"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// tiebreakerFormulas explain each profile in plain words (docs/tiebreakers.md
// has the worked examples).
func tiebreakerFormulas(profile string) []i18n.Message {
	switch profile {
	case "bandai":
		return []i18n.Message{
			i18n.M("StaffFormulaPointsBandai", nil),
			i18n.M("StaffFormulaOMWBandai", nil),
			i18n.M("StaffFormulaOOMW", nil),
			i18n.M("StaffFormulaRandom", nil),
		}
	case "pokemon":
		return []i18n.Message{
			i18n.M("StaffFormulaPoints", nil),
			i18n.M("StaffFormulaOWP", nil),
			i18n.M("StaffFormulaOOWP", nil),
			i18n.M("StaffFormulaHeadToHead", nil),
		}
	case "mtg":
		return []i18n.Message{
			i18n.M("StaffFormulaPoints", nil),
			i18n.M("StaffFormulaOMW", nil),
			i18n.M("StaffFormulaGW", nil),
			i18n.M("StaffFormulaOGW", nil),
		}
	}
	return nil
}

// standingsView computes the standings, the placings and the bracket for
// display.
func (s *Server) standingsView(ctx context.Context, rm *readmodel.Model) (views.StandingsPage, error) {
	d := rm.Data
	e := d.Event
	m := views.StandingsPage{Nav: web.Nav(e, "standings"), EventID: e.ID, Profile: e.Tiebreakers, Formula: tiebreakerFormulas(e.Tiebreakers),
		AfterRound: d.LastCompleteSwissRound(), CountsRound: d.SwissRoundWithResults(), Finished: e.Status == storage.StatusFinished}
	res, err := rm.Results()
	if err != nil {
		return m, err
	}
	for _, r := range d.Rounds {
		if r.Status != storage.RoundPreview {
			m.PairingFileURL = fmt.Sprintf("/events/%d/pairings.json", e.ID)
		}
	}
	for _, k := range pairing.TiebreakerKeys(e.Tiebreakers) {
		m.Tiebreakers = append(m.Tiebreakers, web.TiebreakerLabel(k))
	}
	notPlayed := d.SeatsNotPlayed()
	for i, row := range res.Standings {
		line := views.StandingLine{Rank: i + 1, Name: row.Name, Points: row.Points, Record: row.Record(), Dropped: row.Dropped, Day: row.Day,
			NotPlayed: notPlayed[readmodel.EntryIDOf(row.ID)]}
		for _, tb := range row.Tiebreakers {
			line.Tiebreakers = append(line.Tiebreakers, web.TiebreakerPercent(ctx, tb.Value))
		}
		m.Rows = append(m.Rows, line)
	}
	m.Placings = placingLines(res.Standings, res.Placings)
	if m.Teams, err = teamStandingsView(ctx, d); err != nil {
		return m, err
	}
	if res.Bracket != nil {
		m.Bracket = web.BracketView(res.Bracket, d.Event.TopCutBestOf, d.BracketName)
	}
	if t := res.Teams; t != nil && t.Placings != nil {
		// A team event's final placings are the teams'.
		m.Placings, m.TeamPlacings = placingLines(t.Standings, t.Placings), true
	}
	if t := res.Teams; t != nil && t.Bracket != nil {
		m.Bracket = web.BracketView(t.Bracket, d.Event.TopCutBestOf, d.BracketName)
	}
	return m, nil
}

// placingLines are the final placings as pages list them, with each
// player's (or team's) Swiss rank and record beside.
func placingLines(standings []pairing.Standing, placings []pairing.Placing) []views.PlacingLine {
	if placings == nil {
		return nil
	}
	byID := make(map[string]*pairing.Standing, len(standings))
	for i := range standings {
		byID[standings[i].ID] = &standings[i]
	}
	out := make([]views.PlacingLine, 0, len(placings))
	for _, p := range placings {
		st := byID[p.ID]
		out = append(out, views.PlacingLine{Place: p.Place, Name: st.Name, SwissRank: st.Rank, Record: st.Record(), Dropped: st.Dropped})
	}
	return out
}

// showStandings is public for events past the draft; staff see their menu.
func (s *Server) showStandings(c echo.Context) error {
	e, err := s.EventParam(c)
	if err != nil {
		return err
	}
	if ok, err := s.CanSee(c, e); err != nil {
		return err
	} else if !ok {
		return web.NotFound()
	}
	rm, err := s.models.Of(c.Request().Context(), e.ID, 0)
	if err != nil {
		return err
	}
	// Shared by every request in the same language: the percentages are
	// written the language's way.
	ctx := c.Request().Context()
	lang := i18n.Lang(ctx)
	v, err := rm.Memo("standings/"+lang, func() (any, error) { return s.standingsView(ctx, rm) })
	if err != nil {
		return err
	}
	m := v.(views.StandingsPage) // a copy: Public and the rows shown are this request's
	page, _ := strconv.Atoi(c.QueryParam("page"))
	m.Rows, m.List = web.ListPart(m.Rows, c.QueryParam("q"), page, func(r views.StandingLine, needle string) bool {
		return web.NameMatches(r.Name, needle)
	})
	m.List.Path, m.List.FindLabel, m.List.PagesLabel = "/standings", i18n.M("StandingsFindLabel", nil), i18n.M("StandingsPages", nil)
	if web.PublicView(c) && m.List.Query == "" {
		// Every visitor without an account sees the same page: render it
		// (and compress it) once per read model and page.
		v, err := rm.Memo(fmt.Sprintf("standings-public-page/%s/%d", lang, m.List.Page), func() (any, error) {
			m.Public = true
			p := web.PublicPage(c, "")
			p.Heading = i18n.M("StaffStandingsTitle", i18n.Args{"Event": e.Name})
			p.JSURL = web.LiveScriptURL()
			return web.RenderShared(context.WithoutCancel(c.Request().Context()), views.StandingsPageView(p, m))
		})
		if err != nil {
			return err
		}
		return web.SendShared(c, v.(*web.SharedPage))
	}
	staff := false
	if !web.PublicView(c) {
		if staff, err = s.IsStaff(c, e); err != nil {
			return err
		}
	}
	m.Public = !staff
	p := s.PageTitled(c, i18n.M("StaffStandingsTitle", i18n.Args{"Event": e.Name}))
	p.JSURL = web.LiveScriptURL()
	return web.Render(c, http.StatusOK, views.StandingsPageView(p, m))
}
