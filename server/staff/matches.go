package staff

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/server/gamelog"
	"github.com/tenkaichi-org/tenkaichi/server/readmodel"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/judging"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// A round's page: its matches with their results, the clock, each
// table's extension and pairing corrections (the organiser's and the
// event's judges').

func (h *Handler) roundParam(c echo.Context, e *storage.Event) (*storage.Round, error) {
	n, err := strconv.Atoi(c.Param("n"))
	if err != nil {
		return nil, web.NotFound()
	}
	return h.Store.RoundByNumber(c.Request().Context(), e.ID, n)
}

// ShowRound is a round's page: its tables, results and clock.
func (h *Handler) ShowRound(c echo.Context) error {
	e, err := h.StaffEvent(c)
	if err != nil {
		return err
	}
	r, err := h.roundParam(c, e)
	if err != nil {
		return err
	}
	return h.renderRound(c, e, r, i18n.Message{}, http.StatusOK)
}

func (h *Handler) renderRound(c echo.Context, e *storage.Event, r *storage.Round, problem i18n.Message, status int) error {
	ctx := c.Request().Context()
	d, err := h.staffData(ctx, e)
	if err != nil {
		return err
	}
	// The round page reloads on every result: take points from the cached
	// standings rather than recomputing them.
	rm, err := h.models.Of(ctx, e.ID, 0)
	if err != nil {
		return err
	}
	ranks, err := rm.PlayerRanks()
	if err != nil {
		return err
	}
	points := func(id int64) int { return ranks[readmodel.PlayerID(id)].Points }
	m := views.RoundPage{Nav: web.Nav(e, "rounds"), EventID: e.ID, Number: r.Number, Kind: r.Kind, Status: r.Status,
		Clock: web.ClockView(e.ID, r, 0, h.Now()), EndOfRound: web.EndOfRound(e), ExtraTurns: e.ExtraTurns, BestOf: 1, Problem: problem}
	m.ClockTimes = roundClockTimes(ctx, e, r)
	if r.Kind == storage.KindSwiss {
		m.Day, m.DayRound = d.RoundDay(r.Number)
	}
	if r.Kind == storage.KindTopCut {
		m.BestOf = e.TopCutBestOf
	} else if e.FeatureTables != "" {
		m.FeatureTables = strings.ReplaceAll(e.FeatureTables, ",", ", ")
	}
	m.IsLatest = len(d.Rounds) > 0 && d.Rounds[len(d.Rounds)-1].Number == r.Number
	for _, other := range d.Rounds {
		if other.Number >= r.Number+2 {
			m.Frozen = true
		}
	}
	featureTables := e.FeatureTableNumbers()
	for _, mt := range d.Matches[r.Number] {
		row := seatedRow(&mt, d, featureTables)
		row.ResultKey, row.Status, row.Extension = mt.Result, mt.Status, mt.ExtensionSeconds/60
		row.Note, row.Version = readmodel.MatchReason(mt, d), mt.Version
		row.P1Points = points(mt.P1EntryID)
		if mt.P2EntryID != nil {
			row.P2Points = points(*mt.P2EntryID)
		}
		row.Result = matchResultText(row, mt, m.BestOf)
		if mt.Status != storage.MatchConfirmed {
			m.Outstanding++
		}
		m.Matches = append(m.Matches, row)
	}
	if e.TeamEvent { // the top cut's team matches too
		m.TeamMatches = teamMatchRows(d, r.Number)
	}
	if err := h.trackerCounts(ctx, e, r, d.Matches[r.Number], m.Matches); err != nil {
		return err
	}
	m.Matches, m.Filters = filterMatches(c.QueryParam("show"), web.EventURL(e.ID, fmt.Sprintf("/rounds/%d", r.Number)), m.Matches)
	m.Show = c.QueryParam("show")
	if next := c.QueryParam("next"); next == "none" {
		m.AllEntered = true
	} else {
		m.Next, _ = strconv.ParseInt(next, 10, 64)
	}
	m.Matches, m.List = roundTables(m.Matches, c.QueryParam("q"), c.QueryParam("page"), m.Next)
	m.List.Path = fmt.Sprintf("/rounds/%d", r.Number)
	if m.Show != "" {
		m.List.Keep = url.Values{"show": {m.Show}}
	}
	p := h.PageTitled(c, i18n.M("StaffRoundTitle", i18n.Args{"Event": e.Name, "Round": r.Number}))
	p.JSURL = web.LiveScriptURL()
	return web.Render(c, status, views.RoundPageView(p, m))
}

// roundTables is the part of a big round's tables shown: those the search
// finds (by table number or a player's name), on the page that holds the
// table whose result box takes the focus, or else the page asked for.
func roundTables(rows []views.MatchRow, query, page string, next int64) ([]views.MatchRow, views.PlayerListPart) {
	found, l := web.FindRows(rows, query, func(r views.MatchRow, needle string) bool {
		return r.Table == needle || web.NameMatches(r.P1, needle) || (!r.Bye && web.NameMatches(r.P2, needle))
	})
	n, _ := strconv.Atoi(page)
	for i, r := range found {
		if next != 0 && r.ID == next {
			n = i/web.RowsPerPage + 1
		}
	}
	l.FindLabel, l.ShowAll, l.PagesLabel = i18n.M("RoundFindLabel", nil), i18n.M("RoundShowAllTables", nil), i18n.M("RoundPages", nil)
	l.FoundText = i18n.MN("TablesFound", l.Found, i18n.Args{"Query": l.Query})
	return web.PageRows(found, n, &l), l
}

// matchFilters are the ways to narrow a round's tables, by their ?show=
// value: every table, the ones nobody has reported, the disputed ones, the
// ones with a judge's extension.
var matchFilters = []struct {
	key, label string
	keep       func(views.MatchRow) bool
}{
	{"", "RoundFilterAll", func(views.MatchRow) bool { return true }},
	{"unreported", "RoundFilterUnreported", func(r views.MatchRow) bool { return r.Status == storage.MatchPending }},
	{"disputed", "RoundFilterDisputed", func(r views.MatchRow) bool { return r.Status == storage.MatchDisputed }},
	{"extended", "RoundFilterExtended", func(r views.MatchRow) bool { return r.Extension > 0 }},
}

// filterMatches keeps the rows the filter named by show wants (an unknown
// name shows every table) and words each filter with its count.
func filterMatches(show, base string, rows []views.MatchRow) ([]views.MatchRow, []views.MatchFilter) {
	current := 0
	for i, f := range matchFilters {
		if f.key == show {
			current = i
		}
	}
	var filters []views.MatchFilter
	var kept []views.MatchRow
	for i, f := range matchFilters {
		n := 0
		for _, r := range rows {
			if f.keep(r) {
				n++
				if i == current {
					kept = append(kept, r)
				}
			}
		}
		u := base
		if f.key != "" {
			u += "?show=" + f.key
		}
		filters = append(filters, views.MatchFilter{Label: i18n.MN(f.label, n, nil), URL: u, Current: i == current})
	}
	return kept, filters
}

// matchResultText says a result for organisers: "Ann won 2–1".
func matchResultText(row views.MatchRow, mt storage.Match, bestOf int) i18n.Message {
	winner := ""
	switch mt.Result {
	case storage.ResultP1:
		winner = row.P1
	case storage.ResultP2:
		winner = row.P2
	case storage.ResultDraw:
		if mt.Intentional {
			return i18n.M("StaffIntentionalDraw", nil)
		}
		return i18n.M("StaffDraw", nil)
	case storage.ResultDoubleLoss:
		return i18n.M("StaffLossForBoth", nil)
	case storage.ResultBye:
		return i18n.M("StaffBye", nil)
	default:
		return i18n.Message{}
	}
	if bestOf > 1 {
		return i18n.M("StaffPlayerWonScore", i18n.Args{"Name": winner, "Won": max(mt.P1Wins, mt.P2Wins), "Lost": min(mt.P1Wins, mt.P2Wins)})
	}
	return i18n.M("StaffPlayerWon", i18n.Args{"Name": winner})
}

// ChangeClock starts, pauses, resumes or moves the round's clock.
func (h *Handler) ChangeClock(c echo.Context) error {
	e, err := h.StaffEvent(c)
	if err != nil {
		return err
	}
	r, err := h.roundParam(c, e)
	if err != nil {
		return err
	}
	action := storage.ClockAction(c.FormValue("action"))
	var amount time.Duration
	switch action {
	case storage.ClockStart, storage.ClockPause, storage.ClockResume:
	case storage.ClockAdd:
		mins, err := strconv.Atoi(c.FormValue("minutes"))
		if err != nil || mins < -60 || mins > 60 || mins == 0 {
			return h.renderRound(c, e, r, i18n.M("StaffErrClockMinutes", nil), http.StatusUnprocessableEntity)
		}
		amount = time.Duration(mins) * time.Minute
	default:
		return h.renderRound(c, e, r, i18n.M("StaffErrClockAction", nil), http.StatusUnprocessableEntity)
	}
	if r.Status == storage.RoundPreview {
		return h.renderRound(c, e, r, i18n.M("StaffErrPublishBeforeClock", nil), http.StatusConflict)
	}
	_, err = h.Store.ChangeClock(c.Request().Context(), web.ActorOf(c), e.ID, r.Number, action, amount)
	if errors.Is(err, storage.ErrClock) {
		return h.renderRound(c, e, r, i18n.M("StaffErrClockState", nil), http.StatusConflict)
	}
	if err != nil {
		return err
	}
	web.SetFlash(c, msgClockChanged)
	return web.Redirect(c, fmt.Sprintf("/events/%d/rounds/%d", e.ID, r.Number))
}

// matchAndRound loads the match in the URL and its round.
func (h *Handler) matchAndRound(c echo.Context, e *storage.Event) (*storage.Match, *storage.Round, error) {
	mt, err := h.MatchParam(c, e)
	if err != nil {
		return nil, nil, err
	}
	r, err := h.RoundOfMatch(c, e, mt)
	return mt, r, err
}

// SetResult is an organiser or judge entering or fixing a result.
func (h *Handler) SetResult(c echo.Context) error {
	e, err := h.StaffEvent(c)
	if err != nil {
		return err
	}
	mt, r, err := h.matchAndRound(c, e)
	if err != nil {
		return err
	}
	in := storage.ResultInput{Result: c.FormValue("result")}
	switch {
	case r.Kind == storage.KindTopCut && e.TopCutBestOf > 1:
		games, problem := web.ReadGames(c, e.TopCutBestOf, web.MatchNames)
		if !problem.IsZero() {
			return h.renderRound(c, e, r, problem, http.StatusUnprocessableEntity)
		}
		if in.Result != games.Result {
			return h.renderRound(c, e, r, i18n.M("StaffErrGamesWon", nil), http.StatusUnprocessableEntity)
		}
		in = games
	case in.Result == storage.ResultP1:
		in.P1Wins = 1
	case in.Result == storage.ResultP2:
		in.P2Wins = 1
	case in.Result == storage.ResultDraw:
		in.Draws = 1
	}
	if r.Kind == storage.KindTopCut && (in.Result == storage.ResultDraw || in.Result == storage.ResultDoubleLoss) {
		return h.renderRound(c, e, r, i18n.M("StaffErrCutWinner", nil), http.StatusUnprocessableEntity)
	}
	override := c.FormValue("override") == "on"
	reason := strings.TrimSpace(c.FormValue("reason"))
	_, err = h.Store.SetMatchResult(c.Request().Context(), web.ActorOf(c), e.ID, mt.ID, in, override, reason)
	switch {
	case errors.Is(err, storage.ErrBadResult):
		return h.renderRound(c, e, r, i18n.M("StaffErrChooseResult", nil), http.StatusUnprocessableEntity)
	case errors.Is(err, storage.ErrFrozen):
		return h.renderRound(c, e, r, i18n.M("StaffErrFrozen", nil), http.StatusConflict)
	case errors.Is(err, storage.ErrNotOpen):
		return h.renderRound(c, e, r, i18n.M("StaffErrByeResult", nil), http.StatusConflict)
	case errors.Is(err, storage.ErrNotPublished):
		return h.renderRound(c, e, r, i18n.M("StaffErrPreviewResult", nil), http.StatusConflict)
	case err != nil:
		return err
	}
	web.SetFlash(c, msgResultSaved)
	// Back to the same list, with the focus on the next table that still
	// needs a result: entering a round's results is one table after another.
	ms, err := h.Store.Matches(c.Request().Context(), r.ID)
	if err != nil {
		return err
	}
	show := c.FormValue("show")
	q := url.Values{"next": {"none"}}
	if next := nextToEnter(ms, mt.ID, show); next != 0 {
		q.Set("next", strconv.FormatInt(next, 10))
	}
	if show != "" {
		q.Set("show", show)
	}
	// Back to the search and page the form was on.
	for _, k := range []string{"q", "page"} {
		if v := c.FormValue(k); v != "" {
			q.Set(k, v)
		}
	}
	return web.Redirect(c, fmt.Sprintf("/events/%d/rounds/%d?%s", e.ID, r.Number, q.Encode()))
}

// nextToEnter is the first table after the one just entered (wrapping round
// to the first) that has no final result and that the list filtered by show
// holds, or 0 when there is none.
func nextToEnter(ms []storage.Match, after int64, show string) int64 {
	keep := matchFilters[0].keep
	for _, f := range matchFilters {
		if f.key == show {
			keep = f.keep
		}
	}
	start := 0
	for i, m := range ms {
		if m.ID == after {
			start = i + 1
		}
	}
	for k := range ms {
		m := ms[(start+k)%len(ms)]
		row := views.MatchRow{Status: m.Status, Extension: m.ExtensionSeconds / 60}
		if m.ID != after && m.P2EntryID != nil && m.Status != storage.MatchConfirmed && keep(row) {
			return m.ID
		}
	}
	return 0
}

// ExtendMatch gives one table extra minutes.
func (h *Handler) ExtendMatch(c echo.Context) error {
	e, err := h.StaffEvent(c)
	if err != nil {
		return err
	}
	mt, r, err := h.matchAndRound(c, e)
	if err != nil {
		return err
	}
	mins, err := strconv.Atoi(c.FormValue("minutes"))
	if err != nil || mins < 1 || mins > 30 {
		return h.renderRound(c, e, r, i18n.M("StaffErrExtension", nil), http.StatusUnprocessableEntity)
	}
	if err := h.Store.ExtendMatch(c.Request().Context(), web.ActorOf(c), e.ID, mt.ID, time.Duration(mins)*time.Minute); err != nil {
		return err
	}
	web.SetFlash(c, msgClockChanged)
	return web.Redirect(c, fmt.Sprintf("/events/%d/rounds/%d", e.ID, r.Number))
}

// EditPairing swaps who plays at a table (before any result), with a reason.
func (h *Handler) EditPairing(c echo.Context) error {
	e, err := h.OrganiserEvent(c)
	if err != nil {
		return err
	}
	mt, r, err := h.matchAndRound(c, e)
	if err != nil {
		return err
	}
	reason := strings.TrimSpace(c.FormValue("reason"))
	p1, err1 := strconv.ParseInt(c.FormValue("p1"), 10, 64)
	if err1 != nil || reason == "" {
		return h.renderRound(c, e, r, i18n.M("StaffErrPairingReason", nil), http.StatusUnprocessableEntity)
	}
	var p2 *int64
	if raw := c.FormValue("p2"); raw != "" && raw != "bye" {
		id, err := strconv.ParseInt(raw, 10, 64)
		if err != nil {
			return h.renderRound(c, e, r, i18n.M("StaffErrPairingPlayers", nil), http.StatusUnprocessableEntity)
		}
		p2 = &id
	}
	for _, id := range append([]int64{p1}, derefAll(p2)...) {
		if _, err := h.Store.EntryByID(c.Request().Context(), e.ID, id); err != nil {
			return h.renderRound(c, e, r, i18n.M("StaffErrPairingOtherEvent", nil), http.StatusUnprocessableEntity)
		}
	}
	err = h.Store.EditPairing(c.Request().Context(), web.ActorOf(c), e.ID, mt.ID, p1, p2, reason)
	var pp *storage.PairingProblem
	if errors.As(err, &pp) {
		msg, err := h.pairingProblemText(c, e, pp)
		if err != nil {
			return err
		}
		return h.renderRound(c, e, r, msg, http.StatusConflict)
	}
	if errors.Is(err, storage.ErrConflict) {
		return h.renderRound(c, e, r, i18n.M("StaffErrPairingReported", nil), http.StatusConflict)
	}
	if err != nil {
		return err
	}
	web.SetFlash(c, msgResultSaved)
	return web.Redirect(c, fmt.Sprintf("/events/%d/rounds/%d", e.ID, r.Number))
}

// pairingProblemText words why a pairing change was refused.
func (h *Handler) pairingProblemText(c echo.Context, e *storage.Event, pp *storage.PairingProblem) (i18n.Message, error) {
	en, err := h.Store.EntryByID(c.Request().Context(), e.ID, pp.EntryID)
	if err != nil {
		return i18n.Message{}, err
	}
	switch {
	case pp.Kind == storage.PairingSamePlayer:
		return i18n.M("StaffPairingSamePlayer", i18n.Args{"Name": en.PlayerName}), nil
	case pp.Kind == storage.PairingReported && pp.TableNo != nil:
		return i18n.M("StaffPairingReportedAt", i18n.Args{"Name": en.PlayerName, "Table": *pp.TableNo}), nil
	case pp.Kind == storage.PairingReported:
		return i18n.M("StaffPairingReportedOther", i18n.Args{"Name": en.PlayerName}), nil
	case pp.TableNo != nil:
		return i18n.M("StaffPairingPlaysAt", i18n.Args{"Name": en.PlayerName, "Table": *pp.TableNo}), nil
	}
	return i18n.M("StaffPairingLeftOut", i18n.Args{"Name": en.PlayerName}), nil
}

func derefAll(p *int64) []int64 {
	if p == nil {
		return nil
	}
	return []int64{*p}
}

// trackerCounts adds the game tracker's life counts to the rows of the
// matches that have a tracked game and, once a table's time is up, the
// end-of-round procedure on them, with the result it gives preselected in
// the staff's result form. rows are in the order of ms.
func (h *Handler) trackerCounts(ctx context.Context, e *storage.Event, r *storage.Round, ms []storage.Match, rows []views.MatchRow) error {
	ids := make([]int64, 0, len(ms))
	for _, mt := range ms {
		if mt.P2EntryID != nil {
			ids = append(ids, mt.ID)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	games, err := judging.New(h.Store).TrackerGames(ctx, e.ID, ids)
	if err != nil || len(games) == 0 {
		return err
	}
	now := h.Now()
	for i := range rows {
		row := &rows[i]
		gl, ok := games[row.ID]
		t := gl.Totals()
		if !ok || t == nil {
			continue
		}
		names := [2]string{row.P1, row.P2}
		row.Tracker = i18n.M("TrackerRoundTotals", i18n.Args{"Game": gl.GameNo, "P1": names[0], "P1Life": t.Life[0], "P2": names[1], "P2Life": t.Life[1]})
		clock := web.ClockView(e.ID, r, time.Duration(ms[i].ExtensionSeconds)*time.Second, now)
		if row.Status == storage.MatchConfirmed || !clock.TimeUp() {
			continue
		}
		row.AtTime = gamelog.AtTime(e.EndOfRound, t, names)
		if e.EndOfRound == "count" && row.ResultKey == "" {
			row.Suggested = gamelog.CountWinner(t)
		}
	}
	return nil
}

// roundClockTimes says when the round's clock started and, while it runs,
// when time is up, in the event's time zone ("" before the start).
func roundClockTimes(ctx context.Context, e *storage.Event, r *storage.Round) i18n.Message {
	if r.StartedAt == nil {
		return i18n.Message{}
	}
	start := i18n.Clock(ctx, *r.StartedAt, e.Location())
	if r.Deadline != nil && r.FinishedAt == nil {
		return i18n.M("RoundClockRunning", i18n.Args{"Start": start, "End": i18n.Clock(ctx, *r.Deadline, e.Location())})
	}
	return i18n.M("RoundClockStarted", i18n.Args{"Start": start})
}
