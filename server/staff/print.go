package staff

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strconv"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/pairing"
	"github.com/tenkaichi-org/tenkaichi/server/readmodel"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// The sheets an organiser prints (pairings, match slips, standings, the
// bracket and the registration poster), in the event's language.

// printHead is the top of a sheet; sheet names it for the print rules. The
// time printed is in the event's time zone, with the zone's name.
func (h *Handler) printHead(ctx context.Context, ev *storage.Event, sheet string, title i18n.Message) views.PrintHead {
	return views.PrintHead{Title: title, Sheet: sheet, EventID: ev.ID, EventName: ev.Name, Date: i18n.Date(ctx, ev.StartsOn), Venue: ev.Venue,
		Printed: i18n.DateTime(ctx, h.Now(), ev.Location()), CSSURL: views.AssetURL("app.css"), Format: web.GameFormatName(ctx, ev.Format)}
}

// printRound reads ?round=N, or takes the latest round; 404 when the event
// has no such round.
func printRound(c echo.Context, d *readmodel.EventData) (*storage.Round, error) {
	if len(d.Rounds) == 0 {
		return nil, &web.Error{Code: http.StatusNotFound, Msg: i18n.M("StaffErrNoRoundsYet", nil)}
	}
	q := c.QueryParam("round")
	if q == "" {
		return &d.Rounds[len(d.Rounds)-1], nil
	}
	n, err := strconv.Atoi(q)
	if err == nil {
		for i := range d.Rounds {
			if d.Rounds[i].Number == n {
				return &d.Rounds[i], nil
			}
		}
	}
	return nil, &web.Error{Code: http.StatusNotFound, Msg: i18n.M("StaffErrNoSuchRound", nil)}
}

// printDisplayRound is the number players know a round by: Swiss rounds by
// their number, top-cut rounds counted from 1.
func printDisplayRound(d *readmodel.EventData, r *storage.Round) int {
	if r.Kind != storage.KindTopCut {
		return r.Number
	}
	n := 0
	for _, x := range d.Rounds {
		if x.Kind == storage.KindTopCut && x.Number <= r.Number {
			n++
		}
	}
	return n
}

// PrintPairings is a round's pairings sheet, by name or by table.
func (h *Handler) PrintPairings(c echo.Context) error {
	ev, err := h.EventParam(c)
	if err != nil {
		return err
	}
	d, err := h.staffData(c.Request().Context(), ev)
	if err != nil {
		return err
	}
	r, err := printRound(c, d)
	if err != nil {
		return err
	}
	byName := c.QueryParam("by") != "table"
	shown := printDisplayRound(d, r)
	at := i18n.Args{"Round": shown}
	var title i18n.Message
	switch {
	case r.Kind == storage.KindTopCut && byName:
		title = i18n.M("StaffPrintCutPairingsByName", at)
	case r.Kind == storage.KindTopCut:
		title = i18n.M("StaffPrintCutPairingsByTable", at)
	case byName:
		title = i18n.M("StaffPrintPairingsByName", at)
	default:
		title = i18n.M("StaffPrintPairingsByTable", at)
	}
	sheet := views.PairingsSheet{Head: h.printHead(c.Request().Context(), ev, "pairings", title), Round: r.Number, TopCut: r.Kind == storage.KindTopCut,
		ByName: byName, Preview: r.Status == storage.RoundPreview}
	for i := range d.Rounds {
		x := &d.Rounds[i]
		label := i18n.M("RoundTitle", i18n.Args{"Round": printDisplayRound(d, x)})
		if x.Kind == storage.KindTopCut {
			label = i18n.M("StaffTopCutRound", i18n.Args{"Round": printDisplayRound(d, x)})
		} else if t := d.RoundTitle(x); !t.IsZero() {
			label = t // a two-day event's "Day 2, round 1"
		}
		sheet.Rounds = append(sheet.Rounds, views.RoundLink{Number: x.Number, Label: label})
	}
	for _, m := range d.Matches[r.Number] {
		p1 := d.Name(&m.P1EntryID)
		if m.P2EntryID == nil {
			sheet.Tables = append(sheet.Tables, views.PairingByTable{P1: p1, Bye: true})
			sheet.Names = append(sheet.Names, views.PairingByName{Name: p1, Bye: true})
			continue
		}
		p2, t := d.Name(m.P2EntryID), web.TableLabel(m.TableNo)
		sheet.Tables = append(sheet.Tables, views.PairingByTable{Table: t, P1: p1, P2: p2})
		sheet.Names = append(sheet.Names, views.PairingByName{Name: p1, Table: t, Opponent: p2},
			views.PairingByName{Name: p2, Table: t, Opponent: p1})
	}
	web.SortByName(sheet.Names, func(l views.PairingByName) string { return l.Name })
	if ev.TeamEvent {
		sheet.TeamTables = web.TeamPairings(d.TeamRounds(), d.Matches[r.Number], r.Number, d.ByID)
		sheet.TeamNames = teamPairingNames(sheet.TeamTables)
	}
	return web.Render(c, http.StatusOK, views.PairingsPrint(sheet))
}

// matchPath is the match's report page, which the slip's QR code opens.
func matchPath(eventID, matchID int64) string {
	return "/events/" + strconv.FormatInt(eventID, 10) + "/matches/" + strconv.FormatInt(matchID, 10)
}

// PrintSlips is a round's result slips, each with its match's QR code.
func (h *Handler) PrintSlips(c echo.Context) error {
	ev, err := h.EventParam(c)
	if err != nil {
		return err
	}
	d, err := h.staffData(c.Request().Context(), ev)
	if err != nil {
		return err
	}
	r, err := printRound(c, d)
	if err != nil {
		return err
	}
	shown := printDisplayRound(d, r)
	title := i18n.M("StaffPrintSlipsTitle", i18n.Args{"Round": shown})
	if r.Kind == storage.KindTopCut {
		title = i18n.M("StaffPrintCutSlipsTitle", i18n.Args{"Round": shown})
	}
	warn, err := h.AddressWarning(c)
	if err != nil {
		return err
	}
	sheet := views.SlipsSheet{Head: h.printHead(c.Request().Context(), ev, "slips", title), Round: shown, TopCut: r.Kind == storage.KindTopCut, BestOf: ev.TopCutBestOf, Warning: warn}
	var played []storage.Match
	for _, m := range d.Matches[r.Number] {
		if m.P2EntryID != nil { // a bye has nothing to report
			played = append(played, m)
		}
	}
	played = slipsPage(c, &sheet, played)
	for _, m := range played {
		u, err := h.PublicURL(c, matchPath(ev.ID, m.ID))
		if err != nil {
			return err
		}
		qr, err := qrSVG(c.Request().Context(), u)
		if err != nil {
			return err
		}
		t := web.TableLabel(m.TableNo)
		if t == "" {
			t = "–"
		}
		sheet.Slips = append(sheet.Slips, views.MatchSlip{Table: t, P1: d.Name(&m.P1EntryID), P2: d.Name(m.P2EntryID), ReportURL: u, QR: qr})
	}
	return web.Render(c, http.StatusOK, views.SlipsPrint(sheet))
}

// slipsPerPage bounds a sheet of slips: each carries a QR code of about
// 3 KB, and a 1,000-player round's 500 slips were 2 MB.
const slipsPerPage = 120

// slipsPage is the page of the round's slips the request asks for
// (?page=N), and fills in the sheet's page and the links to the others.
func slipsPage(c echo.Context, sheet *views.SlipsSheet, all []storage.Match) []storage.Match {
	sheet.Pages = max(1, (len(all)+slipsPerPage-1)/slipsPerPage)
	sheet.Page, _ = strconv.Atoi(c.QueryParam("page"))
	sheet.Page = min(max(sheet.Page, 1), sheet.Pages)
	link := func(page int) string {
		v := url.Values{}
		if r := c.QueryParam("round"); r != "" {
			v.Set("round", r)
		}
		if page > 1 {
			v.Set("page", strconv.Itoa(page))
		}
		path := c.Request().URL.Path
		if len(v) == 0 {
			return path
		}
		return path + "?" + v.Encode()
	}
	if sheet.Page > 1 {
		sheet.Prev = link(sheet.Page - 1)
	}
	if sheet.Page < sheet.Pages {
		sheet.Next = link(sheet.Page + 1)
	}
	return all[(sheet.Page-1)*slipsPerPage : min(len(all), sheet.Page*slipsPerPage)]
}

// printTiebreakerNames says what each tiebreaker key of the pairing
// package means.
func printTiebreakerName(key string) i18n.Message {
	switch key {
	case "omw":
		return i18n.M("StaffTiebreakOMW", nil)
	case "oomw":
		return i18n.M("StaffTiebreakOOMW", nil)
	case "owp":
		return i18n.M("StaffTiebreakOWP", nil)
	case "oowp":
		return i18n.M("StaffTiebreakOOWP", nil)
	case "gw":
		return i18n.M("StaffTiebreakGW", nil)
	case "ogw":
		return i18n.M("StaffTiebreakOGW", nil)
	}
	return i18n.Verbatim(key)
}

// PrintStandings is the standings sheet with the tiebreakers explained.
func (h *Handler) PrintStandings(c echo.Context) error {
	ev, err := h.EventParam(c)
	if err != nil {
		return err
	}
	d, err := h.staffData(c.Request().Context(), ev)
	if err != nil {
		return err
	}
	pe := d.PairingEvent(false)
	rows, err := pairing.Standings(pe, "")
	if err != nil {
		return err
	}
	keys := pairing.TiebreakerKeys(ev.Tiebreakers)
	after := 0
	for _, r := range d.SwissRounds() {
		if len(d.Matches[r.Number]) > 0 {
			after = r.Number
		}
	}
	title := i18n.M("StaffNavStandings", nil)
	if after > 0 {
		title = i18n.M("StaffPrintStandingsAfter", i18n.Args{"Round": after})
	}
	sheet := views.StandingsSheet{Head: h.printHead(c.Request().Context(), ev, "standings", title), AfterRound: after, Profile: ev.Tiebreakers}
	for _, k := range keys {
		sheet.Tiebreakers = append(sheet.Tiebreakers, views.TiebreakerName{Short: web.TiebreakerLabel(k), Long: printTiebreakerName(k)})
	}
	if len(pe.Rounds) == 0 {
		return web.Render(c, http.StatusOK, views.StandingsPrint(sheet))
	}
	if ev.TeamEvent {
		if err := printTeamStandings(c.Request().Context(), &sheet, d, keys); err != nil {
			return err
		}
		return web.Render(c, http.StatusOK, views.StandingsPrint(sheet))
	}
	for _, r := range rows {
		row := views.StandingRow{Rank: r.Rank, Name: r.Name, Record: r.Record(), Points: r.Points, Dropped: r.Dropped}
		for _, k := range keys {
			row.Tiebreakers = append(row.Tiebreakers, web.TiebreakerPercent(c.Request().Context(), r.Tiebreaker(k)))
		}
		sheet.Rows = append(sheet.Rows, row)
	}
	return web.Render(c, http.StatusOK, views.StandingsPrint(sheet))
}

// PrintBracket is the top cut's bracket sheet.
func (h *Handler) PrintBracket(c echo.Context) error {
	ev, err := h.EventParam(c)
	if err != nil {
		return err
	}
	d, err := h.staffData(c.Request().Context(), ev)
	if err != nil {
		return err
	}
	sheet := views.BracketSheet{Head: h.printHead(c.Request().Context(), ev, "bracket", i18n.M("StaffTopCut", nil))}
	if ev.TopCutSize == 0 {
		sheet.Problem = i18n.M("StaffPrintNoTopCut", nil)
		return web.Render(c, http.StatusOK, views.BracketPrint(sheet))
	}
	sheet.Head.Title = i18n.M("StaffPrintTopN", i18n.Args{"Size": ev.TopCutSize})
	pe := d.PairingEvent(false)
	results := 0
	for _, r := range pe.Rounds {
		results += len(r.Matches)
	}
	if results == 0 {
		sheet.Problem = i18n.M("StaffPrintNoSwissResults", nil)
		return web.Render(c, http.StatusOK, views.BracketPrint(sheet))
	}
	b, err := d.Bracket(ev.TopCutSize) // a team event's bracket is of teams
	var ie *pairing.InputError
	if errors.As(err, &ie) {
		sheet.Problem = i18n.M("StaffPrintBracketProblem", i18n.Args{"Reason": pairingProblem(c.Request().Context(), err)})
		return web.Render(c, http.StatusOK, views.BracketPrint(sheet))
	} else if err != nil {
		return err
	}
	sheet.Bracket = web.BracketView(b, d.Event.TopCutBestOf, d.BracketName)
	return web.Render(c, http.StatusOK, views.BracketPrint(sheet))
}

// PrintRegistration is the poster with the registration link and its QR code.
func (h *Handler) PrintRegistration(c echo.Context) error {
	ev, err := h.EventParam(c)
	if err != nil {
		return err
	}
	if ev.Status == storage.StatusDraft {
		// A draft's registration page is not found: say so rather than
		// print a link that leads there.
		return web.Render(c, http.StatusConflict, views.RegistrationPosterPrint(views.RegistrationPoster{
			Head: h.printHead(c.Request().Context(), ev, "poster", i18n.M("StaffPosterTitle", i18n.Args{"Event": ev.Name})), Draft: true}))
	}
	u, err := h.PublicURL(c, "/events/"+strconv.FormatInt(ev.ID, 10)+"/register")
	if err != nil {
		return err
	}
	qr, err := qrSVG(c.Request().Context(), u)
	if err != nil {
		return err
	}
	warn, err := h.AddressWarning(c)
	if err != nil {
		return err
	}
	return web.Render(c, http.StatusOK, views.RegistrationPosterPrint(views.RegistrationPoster{
		Head: h.printHead(c.Request().Context(), ev, "poster", i18n.M("StaffPosterTitle", i18n.Args{"Event": ev.Name})), URL: u, QR: qr, Closed: !ev.SelfRegistration, Warning: warn}))
}
