package server

import (
	"context"
	"strconv"
	"sync"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/pairing"
	"github.com/tenkaichi-org/tenkaichi/server/readmodel"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

const (
	projectorTopDefault = 16
	projectorTopMax     = 256
)

// projector is GET /events/:id/projector: public for non-draft events. It
// shows the latest published round's pairings and clock, and beside them the
// standings after the last complete round (?top=n lines, default 16), or
// once the top cut has started its bracket, and the final placings when the
// event is finished. ?view=pairings shows the pairings by name alone.
func (s *Server) projector(c echo.Context) error {
	e, err := s.VisibleEvent(c)
	if err != nil {
		return err
	}
	top := projectorTopDefault
	if v := c.QueryParam("top"); v != "" {
		if n, err := strconv.Atoi(v); err == nil && n > 0 {
			top = min(n, projectorTopMax)
		}
	}
	view := ""
	if c.QueryParam("view") == "pairings" {
		view = "pairings"
	}
	rm, err := s.models.Of(c.Request().Context(), e.ID, 0)
	if err != nil {
		return err
	}
	// Everything but the clock is the same for every request of a read model.
	// (In the event's language: InEventLanguage.)
	ctx := c.Request().Context()
	lang := i18n.Lang(ctx)
	v, err := rm.Memo("projector/"+lang+"/"+strconv.Itoa(top)+"/"+view, func() (any, error) { return s.projectorView(ctx, rm, top, view) })
	if err != nil {
		return err
	}
	model := v.(views.Projector)
	// The page is the same for everyone: render it once per read model, and
	// while the clock runs once per second (its time is then given to the
	// second the page was made in; live.js counts down from there).
	v, err = rm.Memo("projector-page/"+lang+"/"+strconv.Itoa(top)+"/"+view, func() (any, error) { return &clockedPage{}, nil })
	if err != nil {
		return err
	}
	page, err := v.(*clockedPage).get(rm, s.Now(), func(now time.Time) (*web.SharedPage, error) {
		p := model
		if current := rm.Latest; current != nil {
			rem := current.Remaining(now)
			p.Clock = views.Countdown{EventID: p.EventID, Round: current.Number, State: current.ClockState(),
				RemainingMS: rem.Milliseconds(), Text: web.ClockText(rem)}
		}
		return web.RenderShared(context.WithoutCancel(c.Request().Context()), views.ProjectorPage(p))
	})
	if err != nil {
		return err
	}
	return web.SendShared(c, page)
}

// A clockedPage is a shared page that shows the latest round's clock: made
// once while the clock stands still, once a second while it runs.
type clockedPage struct {
	mu     sync.Mutex
	second int64 // the second it was made in; 0 when the clock stands still
	page   *web.SharedPage
}

func (cp *clockedPage) get(rm *readmodel.Model, now time.Time, build func(time.Time) (*web.SharedPage, error)) (*web.SharedPage, error) {
	var second int64
	if rm.Latest != nil && rm.Latest.ClockState() == "running" {
		now = now.Truncate(time.Second)
		second = now.Unix()
	}
	cp.mu.Lock()
	defer cp.mu.Unlock()
	if cp.page != nil && cp.second == second {
		return cp.page, nil
	}
	page, err := build(now)
	if err != nil {
		return nil, err
	}
	cp.page, cp.second = page, second
	return page, nil
}

// projectorView is the projector page of a read model, without the clock.
func (s *Server) projectorView(ctx context.Context, rm *readmodel.Model, top int, view string) (views.Projector, error) {
	d := rm.Data
	e := d.Event
	p := views.Projector{Title: i18n.M("ProjectorPageTitle", i18n.Args{"Event": e.Name}), CSSURL: views.AssetURL("app.css"), JSURL: views.AssetURL("live.js"),
		EventID: e.ID, EventName: e.Name, View: view}
	p.Announcements = web.AnnouncementList(ctx, nil, rm.Announcements, false)
	current := rm.Latest
	pe := d.PairingEvent(false)
	if current != nil {
		p.Round = current.Number
		p.RoundName = s.roundTitle(d, current)
		points, err := readmodel.PointsBefore(pe, current)
		if err != nil {
			return p, err
		}
		p.Pairings = projectorPairings(d, d.Matches[current.Number], points)
	}
	if p.View == "pairings" {
		return p, nil
	}

	res, err := rm.Results()
	if err != nil {
		return p, err
	}
	if res.Teams != nil {
		return p, projectorTeams(ctx, &p, d, res, top)
	}
	switch {
	case res.Bracket != nil:
		p.Bracket = web.BracketView(res.Bracket, d.Event.TopCutBestOf, d.BracketName)
		if e.Status == storage.StatusFinished {
			p.Placings = placingLines(res.Standings, res.Placings)[:min(top, len(res.Placings))]
		}
	case e.Status == storage.StatusFinished && res.Placings != nil:
		p.Placings = placingLines(res.Standings, res.Placings)[:min(top, len(res.Placings))]
	default:
		// Standings only after complete rounds: a round with some results in
		// would rank its early finishers above everyone still playing.
		if last := d.LastCompleteSwissRound(); last > 0 {
			st, err := readmodel.StandingsThrough(pe, last)
			if err != nil {
				return p, err
			}
			p.StandingsAfter = last
			p.Standings, p.TiebreakNames = projectorStandings(ctx, st, top)
		}
	}
	return p, nil
}

// roundTitle is a round's name in the page's language, as RoundName is in
// the API's English.
func (s *Server) roundTitle(d *readmodel.EventData, r *storage.Round) i18n.Message {
	if r.Kind != storage.KindTopCut {
		if t := d.RoundTitle(r); !t.IsZero() {
			return t
		}
		return i18n.M("RoundTitle", i18n.Args{"Round": r.Number})
	}
	for i, cr := range d.TopCutRounds() {
		if cr.ID == r.ID {
			return i18n.M("TopCutRoundTitle", i18n.Args{"Round": i + 1})
		}
	}
	return i18n.M("PhoneTopCut", nil)
}

// projectorPairings lists every player of the round once, by name, a
// bye's "opponent" in the page's language.
func projectorPairings(d *readmodel.EventData, ms []storage.Match, points map[string]int) []views.ProjectorPairing {
	out := make([]views.ProjectorPairing, 0, 2*len(ms))
	for _, m := range ms {
		table := ""
		if m.TableNo != nil {
			table = strconv.Itoa(*m.TableNo)
		}
		done := m.Status == storage.MatchConfirmed
		p1 := d.Name(&m.P1EntryID)
		if m.P2EntryID == nil {
			out = append(out, views.ProjectorPairing{Table: table, Player: p1, Opponent: i18n.M("StaffBye", nil), Points: points[readmodel.PlayerID(m.P1EntryID)], Done: done})
			continue
		}
		p2 := d.Name(m.P2EntryID)
		out = append(out,
			views.ProjectorPairing{Table: table, Player: p1, Opponent: i18n.Verbatim(p2), Points: points[readmodel.PlayerID(m.P1EntryID)], Done: done},
			views.ProjectorPairing{Table: table, Player: p2, Opponent: i18n.Verbatim(p1), Points: points[readmodel.PlayerID(*m.P2EntryID)], Done: done})
	}
	web.SortByName(out, func(l views.ProjectorPairing) string { return l.Player })
	return out
}

// projectorStandings keeps the top lines and formats tiebreakers as
// percentages, named as the event form names them (OMW%, OOMW%...).
func projectorStandings(ctx context.Context, st []pairing.Standing, top int) ([]views.ProjectorStanding, []string) {
	if len(st) > top {
		st = st[:top]
	}
	var names []string
	if len(st) > 0 {
		for _, tb := range st[0].Tiebreakers {
			names = append(names, web.TiebreakerLabel(tb.Key))
		}
	}
	out := make([]views.ProjectorStanding, 0, len(st))
	for _, l := range st {
		row := views.ProjectorStanding{Rank: l.Rank, Name: l.Name, Points: l.Points, Record: l.Record(), Dropped: l.Dropped, Day: l.Day}
		for _, tb := range l.Tiebreakers {
			row.Tiebreaks = append(row.Tiebreaks, i18n.Decimal(ctx, tb.Value*100, 2)) // the heading says OMW%
		}
		out = append(out, row)
	}
	return out, names
}
