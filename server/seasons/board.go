package seasons

import (
	"bytes"
	"encoding/csv"
	"math"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/pairing/league"
	"github.com/tenkaichi-org/tenkaichi/server/readmodel"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage/leagues"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// visibleBoard is the leaderboard of the URL's season (as kept) for
// whoever may see it: anyone when the season is public, else those who may
// change it (a private season is not found for everyone else). It says
// whether the viewer may change the season, and the league version the
// board was computed at.
func (h *Handler) visibleBoard(c echo.Context) (*readmodel.SeasonBoard, bool, string, error) {
	b, version, err := h.keptBoard(c)
	if err != nil {
		return nil, false, "", err
	}
	mine, err := h.organises(c, b.Season)
	if err != nil {
		return nil, false, "", err
	}
	if !b.Season.Public && !mine {
		return nil, false, "", web.NotFound()
	}
	return b, mine, version, nil
}

// boardPage is the view model of a leaderboard.
func (h *Handler) boardPage(c echo.Context, b *readmodel.SeasonBoard, mine bool) (views.LeaderboardPage, error) {
	ctx := c.Request().Context()
	se := b.Season
	where, err := h.where(ctx, se)
	if err != nil {
		return views.LeaderboardPage{}, err
	}
	base := boardPath(se.ID)
	m := views.LeaderboardPage{SeasonID: se.ID, Name: se.Name, Where: where, GameFormat: gameFormat(se),
		From: i18n.Date(ctx, se.StartsOn), To: i18n.Date(ctx, se.EndsOn), Rules: ruleSentences(se),
		TieOrder: tieOrder(se), FinalCut: se.FinalCut, CutShared: b.Board.CutShared, Private: !se.Public,
		ProjectorURL: base + "/projector", PrintURL: base + "/print", CSVURL: base + "/leaderboard.csv"}
	if mine {
		m.EditURL, m.EventsURL, m.DeleteURL = editPath(se)+"/edit", editPath(se)+"/events", editPath(se)+"/delete"
	}
	m.Rows = leaderRows(b)
	for _, e := range b.Events {
		m.Events = append(m.Events, views.LeaderEvent{ID: e.Event.ID, Name: e.Event.Name, Date: i18n.Date(ctx, e.Event.StartsOn),
			Players: e.Players, Counts: e.Counts})
	}
	latestEvents(&m)
	return m, nil
}

// leaderRows are the board's rows with names, ratings and ties.
func leaderRows(b *readmodel.SeasonBoard) []views.LeaderRow {
	rows := make([]views.LeaderRow, len(b.Board.Rows))
	cut := b.Season.FinalCut
	for i, r := range b.Board.Rows {
		row := views.LeaderRow{Place: r.Place, PlayerID: r.Player, Name: b.Names[r.Player], Points: r.Points,
			Counted: r.Counted, Attended: r.Attended, EventsWon: r.EventsWon, BestPlacing: r.BestPlacing,
			MatchWins: r.MatchWins, InFinal: r.InFinal, CutAfter: cut > 0 && i == cut-1 && i < len(b.Board.Rows)-1}
		row.Shared = r.Tie != nil && r.Tie.Key == league.TieShared
		if r.Tie != nil {
			row.Tie = &views.LeaderTie{Above: r.Tie.Above, Below: r.Tie.Below}
			if r.Tie.Key == league.TieDecided {
				row.Tie.Tiebreaker = r.Tie.Tiebreaker
			}
		}
		if rt, ok := b.Ratings[r.Player]; ok {
			row.Rated, row.Rating, row.Deviation = true, int(math.Round(rt.Rating)), int(math.Round(rt.Deviation))
		}
		rows[i] = row
	}
	return rows
}

// ruleSentences say how the season scores, one sentence a rule.
func ruleSentences(se *leagues.Season) []i18n.Message {
	var out []i18n.Message
	if len(se.PointsByPlacing) > 0 {
		out = append(out, i18n.M("LeagueRulePlacing", i18n.Args{"Points": views.PlacingPoints(se.PointsByPlacing)}))
	} else {
		out = append(out, i18n.M("LeagueRuleNoPlacing", nil))
	}
	out = append(out, i18n.M("LeagueRulePoints", i18n.Args{"Attendance": se.PointsAttendance, "Win": se.PointsWin, "Draw": se.PointsDraw}))
	if se.BestN > 0 {
		out = append(out, i18n.MN("LeagueRuleBestN", se.BestN, nil))
	} else {
		out = append(out, i18n.M("LeagueRuleEveryEvent", nil))
	}
	if se.MinPlayers > 0 {
		out = append(out, i18n.MN("LeagueRuleMinPlayers", se.MinPlayers, nil))
	}
	if se.FinalCut > 0 {
		out = append(out, i18n.MN("LeagueRuleFinalCut", se.FinalCut, nil))
	}
	return out
}

// tieOrder says how players level on points are ordered.
func tieOrder(se *leagues.Season) i18n.Message {
	if len(se.Tiebreakers) == 0 {
		return i18n.M("LeagueTieOrderNone", nil)
	}
	return i18n.M("LeagueTieOrder", i18n.Args{"Order": views.TiebreakerOrder(se.Tiebreakers)})
}

// Projector is the leaderboard for the venue's screen.
func (h *Handler) Projector(c echo.Context) error {
	b, mine, _, err := h.visibleBoard(c)
	if err != nil {
		return err
	}
	m, err := h.boardPage(c, b, mine)
	if err != nil {
		return err
	}
	return web.Render(c, http.StatusOK, views.SeasonProjectorPage(views.SeasonProjector{Board: m, CSSURL: views.AssetURL("app.css")}))
}

// Print is the leaderboard as a sheet to print.
func (h *Handler) Print(c echo.Context) error {
	b, mine, _, err := h.visibleBoard(c)
	if err != nil {
		return err
	}
	m, err := h.boardPage(c, b, mine)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	head := views.PrintHead{Title: i18n.M("LeagueLeaderboardHeading", nil), Sheet: "standings", EventName: b.Season.Name,
		Format: m.GameFormat.In(ctx), Date: m.From + " – " + m.To, Printed: i18n.DateTime(ctx, h.Now(), nil),
		CSSURL: views.AssetURL("app.css"), BackURL: boardPath(b.Season.ID), BackLabel: i18n.M("LeagueBackToBoard", nil)}
	return web.Render(c, http.StatusOK, views.SeasonPrint(views.SeasonSheet{Head: head, Board: m}))
}

// CSV answers the leaderboard as CSV: place, player, points, events
// counted and played, events won, best place, match wins, rating and
// deviation (empty when not rated), invited to the final.
func (h *Handler) CSV(c echo.Context) error {
	b, _, _, err := h.visibleBoard(c)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	_ = w.Write([]string{"place", "player_id", "name", "points", "events_counted", "events_played", "events_won",
		"best_placing", "match_wins", "rating", "deviation", "in_final"})
	itoa := strconv.Itoa
	for _, r := range leaderRows(b) {
		rating, dev := "", ""
		if r.Rated {
			rating, dev = itoa(r.Rating), itoa(r.Deviation)
		}
		_ = w.Write([]string{itoa(r.Place), strconv.FormatInt(r.PlayerID, 10), csvSafe(r.Name), itoa(r.Points), itoa(r.Counted),
			itoa(r.Attended), itoa(r.EventsWon), itoa(r.BestPlacing), itoa(r.MatchWins), rating, dev, strconv.FormatBool(r.InFinal)})
	}
	w.Flush()
	if err := w.Error(); err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderContentDisposition, `attachment; filename="season-`+strconv.FormatInt(b.Season.ID, 10)+`-leaderboard.csv"`)
	return c.Blob(http.StatusOK, "text/csv; charset=utf-8", buf.Bytes())
}

// csvSafe keeps a spreadsheet from running a cell as a formula.
func csvSafe(v string) string {
	if v != "" && strings.ContainsRune("=+-@\t\r", rune(v[0])) {
		return "'" + v
	}
	return v
}
