package judge

import (
	"errors"
	"net/http"
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

// recordVerbs are the helper's choices: the verbs a scorekeeper uses most.
var recordVerbs = []string{"draw", "charge", "play", "use", "attack", "block", "combo", "pass", "damage", "ko", "miss",
	"end", "first", "keep", "redraw", "evolve", "awaken", "move", "power", "rest", "ready", "ki", "shuffle", "concede"}

// recentSteps is how many of the last actions the scorekeeper sees.
const recentSteps = 8

// RecordForm is the scorekeeper's page of a log: the board after its
// last action and the form for the next one.
func (h *Handler) RecordForm(c echo.Context) error {
	e := eventOf(c)
	gl, err := h.logParam(c, e)
	if err != nil {
		return err
	}
	return h.renderRecord(c, e, gl, views.JudgeRecordPage{}, http.StatusOK)
}

// renderRecord shows the board after the last recorded action, the last few
// actions, and the form for the next one (keeping a refused line in m).
func (h *Handler) renderRecord(c echo.Context, e *storage.Event, gl *storage.GameLog, m views.JudgeRecordPage, status int) error {
	m.Event, m.LogID, m.LogURL = eventView(e), gl.ID, logURL(e, gl.ID)
	ctx := c.Request().Context()
	m.Title, _ = logMeta(gl)
	_, l, err := gamelog.TextBody(gl.Body)
	if err != nil {
		// Uploaded logs are checked and recorded lines too, so this is a log
		// changed behind our back; say where, and record nothing.
		m.Problem, m.Over = gamelog.ParseProblem(err), true
		return web.Render(c, http.StatusUnprocessableEntity, views.JudgeRecordPageView(h.PageTitled(c, m.Title), m))
	}
	jc, err := h.cards.ForLog(ctx, l)
	if err != nil {
		return err
	}
	r := engine.Run(l, jc.Engine, engine.ReplayOptions{RunOn: true})
	m.Steps = len(r.Steps)
	m.Board = boardView(&r.Final, l, jc)
	m.Over = r.Final.Result.Over
	for _, st := range r.Steps[max(0, len(r.Steps)-recentSteps):] {
		m.Recent = append(m.Recent, views.JudgeStepRow{N: st.Index, Line: st.Action.Line, Text: engine.FormatAction(st.Action), Illegal: st.Violation != nil})
	}
	m.Quick = quickActions(&r.Final)
	m.Players = []views.Choice{{Value: "P1", Label: i18n.Verbatim("P1 " + l.Setup.Players[0].Name)}, {Value: "P2", Label: i18n.Verbatim("P2 " + l.Setup.Players[1].Name)}, {Value: "", Label: i18n.M("JudgeNoPlayerOutcome", nil)}}
	for _, v := range recordVerbs {
		m.Verbs = append(m.Verbs, views.Option{Value: v, Label: v})
	}
	if m.Player == "" && r.Final.TurnPlayer != engine.NoSide {
		m.Player = r.Final.TurnPlayer.String()
	}
	return web.Render(c, status, views.JudgeRecordPageView(h.PageTitled(c, i18n.M("JudgeRecordTitle", i18n.Args{"Title": m.Title})), m))
}

// quickActions are one-tap lines for what usually comes next; the engine
// still checks them like any typed line.
func quickActions(st *engine.State) []string {
	if st.Result.Over {
		return nil
	}
	if st.Phase == engine.PhaseSetup {
		if st.First == engine.NoSide {
			return []string{"P1 first", "P2 first"}
		}
		f, o := st.First.String(), st.First.Other().String()
		return []string{f + " keep", f + " redraw", o + " keep", o + " redraw"}
	}
	tp := st.TurnPlayer
	// A skill waiting for choices: using it as the engine would without any
	// card chosen ("up to" counts taken) is one tap; choices are typed.
	var quick []string
	for _, w := range engine.View(st).Waiting {
		quick = append(quick, w.Player+" use "+w.Card)
	}
	switch st.Battle.Step {
	case engine.StepAttack, engine.StepOffense:
		return append(quick, tp.String()+" pass")
	case engine.StepDefense:
		return append(quick, tp.Other().String()+" pass")
	case engine.StepDamage:
		return append(quick, "damage", "ko", "miss")
	}
	if tp != engine.P1 && tp != engine.P2 {
		return quick
	}
	if !st.Players[tp].Drew {
		return append(quick, tp.String()+" draw")
	}
	return append(quick, tp.String()+" end")
}

// RecordAction appends one line to the log if it reads as one action and the
// rules allow it; otherwise the log is unchanged and the page says why (422).
func (h *Handler) RecordAction(c echo.Context) error {
	ctx := c.Request().Context()
	e := eventOf(c)
	gl, err := h.logParam(c, e)
	if err != nil {
		return err
	}
	m := views.JudgeRecordPage{Line: strings.TrimSpace(c.FormValue("line")), Player: c.FormValue("player"),
		Verb: c.FormValue("verb"), Args: strings.TrimSpace(c.FormValue("args"))}
	line := m.Line
	switch q := strings.TrimSpace(c.FormValue("quick")); {
	case q != "":
		line = q
	case line == "" && m.Verb != "":
		line = strings.TrimSpace(strings.Join([]string{m.Player, m.Verb, m.Args}, " "))
	}
	refuse := func(status int, msg i18n.Message) error {
		m.Problem, m.Line = msg, line
		return h.renderRecord(c, e, gl, m, status)
	}
	if line == "" {
		return refuse(http.StatusUnprocessableEntity, i18n.M("JudgeWriteNextAction", nil))
	}
	if strings.ContainsAny(line, "\r\n") || len(line) > 300 || !web.PlainText(line) {
		return refuse(http.StatusUnprocessableEntity, i18n.M("JudgeOneActionOneLine", nil))
	}
	base, before, err := gamelog.TextBody(gl.Body)
	if err != nil {
		return refuse(http.StatusUnprocessableEntity, gamelog.ParseProblem(err))
	}
	body, after, problem := gamelog.AppendLine(base, before, line)
	if !problem.IsZero() {
		return refuse(http.StatusUnprocessableEntity, problem)
	}
	jc, err := h.cards.ForLog(ctx, after)
	if err != nil {
		return err
	}
	r := engine.Run(after, jc.Engine, engine.ReplayOptions{RunOn: true})
	if v := r.Steps[len(r.Steps)-1].Violation; v != nil {
		problem := violationWords(v)
		msg := i18n.M("JudgeNotAllowed", i18n.Args{"Problem": problem})
		if v.Rule != "" {
			msg = i18n.M("JudgeNotAllowedRule", i18n.Args{"Rule": v.Rule, "Problem": problem})
		}
		return refuse(http.StatusUnprocessableEntity, msg)
	}
	err = judging.New(h.Store).ReplaceGameLogBody(ctx, web.ActorOf(c), e.ID, gl.ID, gl.Body, body, gamelog.Totals(&r.Final), map[string]any{"append": line, "step": len(r.Steps)})
	if errors.Is(err, storage.ErrStale) {
		fresh, ferr := judging.New(h.Store).GameLogByID(ctx, e.ID, gl.ID)
		if ferr != nil {
			return ferr
		}
		gl = fresh
		return refuse(http.StatusConflict, i18n.M("JudgeActionRace", nil))
	}
	if err != nil {
		return err
	}
	web.SetFlash(c, msgActionAdded)
	return web.Redirect(c, logURL(e, gl.ID)+"/record")
}
