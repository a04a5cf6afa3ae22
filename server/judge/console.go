package judge

import (
	"errors"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/rules/engine"
	"github.com/tenkaichi-org/tenkaichi/server/gamelog"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/judging"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// maxGameLog bounds an uploaded or pasted log; a long game is a few kB.
const maxGameLog = 1 << 20

// Console is GET /events/:id/judge: the event's game logs and rulings,
// with the forms that add them.
func (h *Handler) Console(c echo.Context) error {
	return h.renderConsole(c, views.JudgeConsole{}, http.StatusOK)
}

// renderConsole fills the lists and choices of the console around the forms
// in m (which keep what the judge typed when they are refused).
func (h *Handler) renderConsole(c echo.Context, m views.JudgeConsole, status int) error {
	ctx := c.Request().Context()
	e := eventOf(c)
	m.Event = eventView(e)
	g := web.GameOf(e.Game)
	m.Engine, m.GameName, m.GameShortName = g.Engine, web.GameNameMessage(g.ID), web.GameShortName(ctx, g.ID)
	if !g.Engine {
		m.LookupURL = "/rules?game=" + url.QueryEscape(string(g.ID))
	}
	logs, err := judging.New(h.Store).GameLogs(ctx, e.ID)
	if err != nil {
		return err
	}
	labels := gamelog.NewMatchLabels(ctx, h.Store, e.ID)
	for i := range logs {
		gl := &logs[i]
		row := views.JudgeLogRow{ID: gl.ID, Updated: i18n.DateTime(ctx, gl.UpdatedAt, e.Location()), By: web.Actor(gl.CreatedBy),
			URL: logURL(e, gl.ID), RecordURL: logURL(e, gl.ID) + "/record"}
		row.Title, row.Game = logMeta(gl)
		row.Tracker = gl.Tracker
		if row.Match, err = labels.Label(gl.MatchID); err != nil {
			return err
		}
		m.Logs = append(m.Logs, row)
	}
	rulings, err := judging.New(h.Store).Rulings(ctx, e.ID)
	if err != nil {
		return err
	}
	if m.Rulings, err = h.rulingRows(c, e, rulings); err != nil {
		return err
	}
	// Keep what was typed; only the choices and the target come from here.
	form := rulingForm(e)
	m.Ruling.Action, m.Ruling.Penalties, m.Ruling.FindURL = form.Action, form.Penalties, form.FindURL
	if m.Ruling.Errors == nil { // not a ruling sent back: the page's own search
		m.Ruling.Find = findQuery(c)
	}
	if err := h.offerPlayers(ctx, e, &m.Ruling); err != nil {
		return err
	}
	if m.Upload.GameNo == "" {
		m.Upload.GameNo = "1"
	}
	if m.NewLog.GameNo == "" {
		m.NewLog.GameNo = "1"
	}
	return web.Render(c, status, views.JudgeConsolePage(h.PageTitled(c, i18n.M("JudgeConsoleBack", i18n.Args{"Event": e.Name})), m))
}

// optionalID reads an optional positive id from a form field.
func optionalID(v string) (*int64, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return nil, true
	}
	id, err := strconv.ParseInt(v, 10, 64)
	if err != nil || id <= 0 {
		return nil, false
	}
	return &id, true
}

// gameNo reads the game's number in its match: 1 to 5, default 1.
func gameNo(v string) (int, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 1, true
	}
	n, err := strconv.Atoi(v)
	return n, err == nil && n >= 1 && n <= 5
}

// UploadGameLog stores a log from a file or pasted text once it parses. A
// log with illegal actions is stored: finding them is the console's job.
func (h *Handler) UploadGameLog(c echo.Context) error {
	e := eventOf(c)
	f := views.JudgeUploadForm{Title: web.FormText(c, "title", 200), Match: c.FormValue("match"),
		GameNo: c.FormValue("game_no"), Body: c.FormValue("body"), Errors: views.FieldProblems{}}
	if fh, err := c.FormFile("file"); err == nil {
		file, err := fh.Open()
		if err != nil {
			return err
		}
		data, err := io.ReadAll(io.LimitReader(file, maxGameLog+1))
		file.Close()
		if err != nil {
			return err
		}
		f.Body = string(data)
		if f.Title == "" {
			f.Title = fh.Filename
		}
		f.Title = web.Clip(strings.ToValidUTF8(f.Title, "\uFFFD"), 200)
	}
	matchID, ok := optionalID(f.Match)
	if !ok {
		f.Errors["match"] = i18n.M("JudgeMatchIDProblem", nil)
	}
	no, ok := gameNo(f.GameNo)
	if !ok {
		f.Errors["game_no"] = i18n.M("JudgeGameNoProblem", nil)
	}
	switch {
	case strings.TrimSpace(f.Body) == "":
		f.Errors["body"] = i18n.M("JudgeNoLogGiven", nil)
	case len(f.Body) > maxGameLog:
		f.Errors["body"] = i18n.M("JudgeLogTooLarge", nil)
		f.Body = ""
	case !web.PlainText(f.Body):
		f.Errors["body"] = i18n.M("JudgeLogNotText", nil)
		f.Body = ""
	default:
		if _, err := engine.ParseLog([]byte(f.Body)); err != nil {
			f.Errors["body"] = gamelog.ParseProblem(err)
		}
	}
	if len(f.Errors) > 0 {
		return h.renderConsole(c, views.JudgeConsole{Upload: f}, http.StatusUnprocessableEntity)
	}
	gl := &storage.GameLog{EventID: e.ID, MatchID: matchID, GameNo: no, Title: f.Title, Body: gamelog.TrimLog(f.Body) + "\n"}
	err := judging.New(h.Store).CreateGameLog(c.Request().Context(), web.ActorOf(c), gl)
	if errors.Is(err, storage.ErrNotFound) {
		f.Errors["match"] = i18n.M("JudgeNoSuchMatch", nil)
		return h.renderConsole(c, views.JudgeConsole{Upload: f}, http.StatusUnprocessableEntity)
	}
	if err != nil {
		return err
	}
	web.SetFlash(c, msgGameLogSaved)
	return web.Redirect(c, logURL(e, gl.ID))
}

// NewGameLog starts a log for a feature match: the tags the notation needs
// (seed, names, Leaders, unknown 50-card decks) and no action yet.
func (h *Handler) NewGameLog(c echo.Context) error {
	ctx := c.Request().Context()
	e := eventOf(c)
	f := views.JudgeNewLogForm{Title: web.FormText(c, "title", 200), Match: c.FormValue("match"), GameNo: c.FormValue("game_no"),
		P1: web.FormText(c, "p1", 100), P1Leader: strings.ToUpper(web.FormText(c, "p1_leader", 30)),
		P2: web.FormText(c, "p2", 100), P2Leader: strings.ToUpper(web.FormText(c, "p2_leader", 30)),
		Errors: views.FieldProblems{}}
	matchID, ok := optionalID(f.Match)
	if !ok {
		f.Errors["match"] = i18n.M("JudgeMatchIDProblem", nil)
	}
	no, ok := gameNo(f.GameNo)
	if !ok {
		f.Errors["game_no"] = i18n.M("JudgeGameNoProblem", nil)
	}
	// The notation's own tag parser decides what a card number is.
	for field, v := range map[string]string{"p1_leader": f.P1Leader, "p2_leader": f.P2Leader} {
		if _, err := engine.ParseText([]byte("[P1Leader " + strconv.Quote(v) + "]")); v == "" || err != nil {
			f.Errors[field] = i18n.M("JudgeLeaderNeeded", nil)
		}
	}
	title := i18n.Verbatim(f.Title)
	if f.Title == "" {
		title = i18n.M("JudgeFeatureMatch", nil)
	}
	// For a match, the players' registered decklists bound their decks: a
	// paper game whose deck order the engine does not simulate.
	var decklists [2][]string
	// For a match, the players' names come from the pairing unless typed.
	if matchID != nil {
		m, err := h.Store.MatchByID(ctx, e.ID, *matchID)
		switch {
		case errors.Is(err, storage.ErrNotFound):
			f.Errors["match"] = i18n.M("JudgeNoSuchMatch", nil)
		case err != nil:
			return err
		default:
			if f.P1 == "" {
				if f.P1, err = gamelog.EntryName(ctx, h.Store, e.ID, &m.P1EntryID); err != nil {
					return err
				}
			}
			if f.P2 == "" {
				if f.P2, err = gamelog.EntryName(ctx, h.Store, e.ID, m.P2EntryID); err != nil {
					return err
				}
			}
			if f.Title == "" {
				if title, err = gamelog.NewMatchLabels(ctx, h.Store, e.ID).Label(matchID); err != nil {
					return err
				}
			}
			for i, id := range []*int64{&m.P1EntryID, m.P2EntryID} {
				if decklists[i], err = gamelog.RegisteredDeck(ctx, h.Store, e.ID, id); err != nil {
					return err
				}
			}
		}
	}
	if len(f.Errors) > 0 {
		return h.renderConsole(c, views.JudgeConsole{NewLog: f}, http.StatusUnprocessableEntity)
	}
	stored := storedText(ctx, title)
	body, err := gamelog.NewBody(stored, [][2]string{{"Event", e.Name}},
		[2]gamelog.Player{{Name: f.P1, Leader: f.P1Leader, Decklist: decklists[0]}, {Name: f.P2, Leader: f.P2Leader, Decklist: decklists[1]}})
	if err != nil {
		return err
	}
	gl := &storage.GameLog{EventID: e.ID, MatchID: matchID, GameNo: no, Title: stored, Body: body}
	err = judging.New(h.Store).CreateGameLog(c.Request().Context(), web.ActorOf(c), gl)
	if errors.Is(err, storage.ErrNotFound) {
		f.Errors["match"] = i18n.M("JudgeNoSuchMatch", nil)
		return h.renderConsole(c, views.JudgeConsole{NewLog: f}, http.StatusUnprocessableEntity)
	}
	if err != nil {
		return err
	}
	web.SetFlash(c, msgRecordStarted)
	return web.Redirect(c, logURL(e, gl.ID)+"/record")
}
