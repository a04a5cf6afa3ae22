package staff

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/pairing"
	"github.com/tenkaichi-org/tenkaichi/server/readmodel"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/twoday"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// Two-day events (docs/event-day.md, "Two-day events"): the rounds page's
// two-day step and the close-day-1 step with its preview of the cut.

// twoDayRounds adds the two-day step to the rounds page: the day-1
// close once day 1's rounds are all in, and no pairing before it.
func twoDayRounds(m *views.RoundsPage, d *readmodel.EventData, allIn bool) {
	e := d.Event
	if !e.TwoDay() {
		return
	}
	for i := range m.Rounds {
		if m.Rounds[i].Kind == storage.KindSwiss {
			m.Rounds[i].Day, m.Rounds[i].DayRound = d.RoundDay(m.Rounds[i].Number)
		}
	}
	swiss := len(d.SwissRounds())
	m.NextDay, m.NextDayRound = d.RoundDay(swiss + 1)
	if swiss == e.Day1Rounds && !d.Day1Closed() {
		m.CanPair, m.CanStartCut = false, false
		m.CloseDay1 = allIn && len(d.TopCutRounds()) == 0
	}
}

// day1Waits says whether pairing the next round must wait for day 1 to
// be closed.
func day1Waits(d *readmodel.EventData) bool {
	return d.Event.TwoDay() && len(d.SwissRounds()) >= d.Event.Day1Rounds && !d.Day1Closed()
}

// ShowDay1Close previews the cut into day 2.
func (h *Handler) ShowDay1Close(c echo.Context) error {
	e, err := h.OrganiserEvent(c)
	if err != nil {
		return err
	}
	return h.day1ClosePage(c, e, i18n.Message{}, http.StatusOK)
}

func (h *Handler) day1ClosePage(c echo.Context, e *storage.Event, problem i18n.Message, status int) error {
	ctx := c.Request().Context()
	d, err := readmodel.Load(ctx, h.Store, e)
	if err != nil {
		return err
	}
	if !e.TwoDay() {
		// A one-day event has no day 1 to close: its rounds are the place.
		return web.Redirect(c, "/events/"+strconv.FormatInt(e.ID, 10)+"/rounds")
	}
	m := views.Day1ClosePage{Nav: web.Nav(e, "rounds"), EventID: e.ID, Problem: problem, Closed: d.Day1Closed()}
	if why := day1NotReady(d); !why.IsZero() && !m.Closed {
		if m.Problem.IsZero() {
			m.Problem = why
		}
	} else if !m.Closed {
		cut, err := pairing.CutDay1(d.PairingEvent(false))
		if err != nil {
			if m.Problem.IsZero() {
				m.Problem = i18n.M("TwoDayCannotCut", i18n.Args{"Reason": pairingProblem(ctx, err)})
			}
		} else {
			fillCutPreview(&m, d, cut)
			m.CanClose = true
		}
	}
	title := i18n.M("TwoDayCloseTitle", i18n.Args{"Event": e.Name})
	return web.Render(c, status, views.Day1ClosePageView(h.PageTitled(c, title), m))
}

// day1NotReady says why day 1 cannot be closed yet; zero when it can.
func day1NotReady(d *readmodel.EventData) i18n.Message {
	swiss := d.SwissRounds()
	if len(swiss) < d.Event.Day1Rounds || len(swiss) > d.Event.Day1Rounds {
		return i18n.M("TwoDayNotAfterDay1", i18n.Args{"Rounds": d.Event.Day1Rounds})
	}
	if d.LastCompleteSwissRound() != d.Event.Day1Rounds {
		return i18n.M("TwoDayResultsMissing", nil)
	}
	return i18n.Message{}
}

// fillCutPreview explains the cut and marks the day-1 standings.
func fillCutPreview(m *views.Day1ClosePage, d *readmodel.EventData, cut *pairing.Day2Cut) {
	e := d.Event
	if e.Day2Cut == pairing.CutBySize {
		m.Rule = i18n.M("TwoDayRuleSize", i18n.Args{"Size": e.Day2CutValue})
	} else {
		m.Rule = i18n.M("TwoDayRuleRecord", i18n.Args{"Points": e.Day2CutValue})
	}
	advances := map[string]bool{}
	for _, id := range cut.Advanced {
		advances[id] = true
	}
	atLine := map[string]bool{}
	for _, id := range append(append([]string(nil), cut.TiedIn...), cut.TiedOut...) {
		atLine[id] = true
	}
	pe := d.PairingEvent(false)
	dropped := map[string]bool{}
	for _, p := range pe.Players {
		after, known := p.DroppedAfterRound()
		dropped[p.ID] = p.Dropped && (!known || after <= e.Day1Rounds)
	}
	for _, st := range cut.Standings {
		m.Rows = append(m.Rows, views.Day1CutRow{Rank: st.Rank, Name: st.Name, Points: st.Points, Record: st.Record(),
			Advances: advances[st.ID], Dropped: dropped[st.ID], AtLine: atLine[st.ID]})
	}
	m.Counts = i18n.M("TwoDayCutCounts", i18n.Args{"Advance": len(cut.Advanced), "Out": len(cut.Standings) - len(cut.Advanced)})
	switch {
	case len(cut.TiedOut) > 0:
		m.Line = i18n.M("TwoDayTiesAtLine", i18n.Args{"Points": cut.LinePoints,
			"In": namesOf(d, cut.TiedIn), "Out": namesOf(d, cut.TiedOut)})
	case e.Day2Cut == pairing.CutBySize:
		m.Line = i18n.M("TwoDayLineBetweenPoints", i18n.Args{"Points": cut.LinePoints})
	default:
		m.Line = i18n.M("TwoDayLineRecord", i18n.Args{"Points": cut.LinePoints})
	}
	m.Advanced = strings.Join(cut.Advanced, ",")
}

// namesOf joins the players' names.
func namesOf(d *readmodel.EventData, ids []string) string {
	names := make([]string, 0, len(ids))
	for _, id := range ids {
		if en, ok := d.ByID[readmodel.EntryIDOf(id)]; ok {
			names = append(names, en.PlayerName)
		}
	}
	return strings.Join(names, ", ")
}

// CloseDay1 stores the cut the organiser confirmed: the same cut the
// standings give now, or the preview again when they changed meanwhile.
func (h *Handler) CloseDay1(c echo.Context) error {
	e, err := h.OrganiserEvent(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	d, err := readmodel.Load(ctx, h.Store, e)
	if err != nil {
		return err
	}
	if !e.TwoDay() {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	if why := day1NotReady(d); !why.IsZero() {
		return h.day1ClosePage(c, e, why, http.StatusConflict)
	}
	cut, err := pairing.CutDay1(d.PairingEvent(false))
	if err != nil {
		return h.day1ClosePage(c, e, i18n.M("TwoDayCannotCut", i18n.Args{"Reason": pairingProblem(ctx, err)}), http.StatusConflict)
	}
	if strings.Join(cut.Advanced, ",") != c.FormValue("advanced") {
		return h.day1ClosePage(c, e, i18n.M("TwoDayCutChanged", nil), http.StatusConflict)
	}
	ids := make([]int64, len(cut.Advanced))
	for i, id := range cut.Advanced {
		ids[i] = readmodel.EntryIDOf(id)
	}
	if err := twoday.New(h.Store).CloseDay1(ctx, web.ActorOf(c), e.ID, ids); err != nil {
		if errors.Is(err, twoday.ErrDay1Closed) {
			return h.day1ClosePage(c, e, i18n.M("TwoDayClosedAlready", nil), http.StatusConflict)
		}
		return err
	}
	web.SetFlash(c, msgDay1Closed)
	return web.Redirect(c, "/events/"+strconv.FormatInt(e.ID, 10)+"/rounds")
}

const msgDay1Closed = "TwoDayFlashClosed"

func init() { web.RegisterFlashes(map[string]string{msgDay1Closed: "day1-closed"}) }
