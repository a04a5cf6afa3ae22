package judge

import (
	"context"
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
	"github.com/tenkaichi-org/tenkaichi/views/enginetext"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// logParam loads the event's game log named in the URL, or answers 404.
func (h *Handler) logParam(c echo.Context, e *storage.Event) (*storage.GameLog, error) {
	id, err := strconv.ParseInt(c.Param("log"), 10, 64)
	if err != nil || id <= 0 {
		return nil, web.NotFound()
	}
	return judging.New(h.Store).GameLogByID(c.Request().Context(), e.ID, id)
}

func violationView(e *storage.Event, logID int64, v *engine.Violation) *views.JudgeViolation {
	return &views.JudgeViolation{Step: v.Step, Line: v.Line, Rule: v.Rule, RuleURL: ruleURL(v.Rule),
		LogError: v.LogError, Message: violationWords(v), Player: v.Player, URL: web.JudgeStepURL(e, logID, v.Step)}
}

// violationWords is what the engine says of a broken rule.
func violationWords(v *engine.Violation) i18n.Message {
	return i18n.Of(engineWords(func(ctx context.Context) string { return enginetext.Violation(ctx, v) }))
}

// firstIllegalStep is the first step whose action broke a rule (deck
// problems are shown apart, as they belong to the setup).
func firstIllegalStep(r *engine.Replay) *engine.Violation {
	for i := range r.Steps {
		if r.Steps[i].Violation != nil {
			return r.Steps[i].Violation
		}
	}
	return nil
}

// boardView turns the engine's summary of a state into what the page shows,
// with card names from the pool.
func boardView(st *engine.State, l *engine.Log, jc *gamelog.Cards) views.JudgeBoard {
	v := engine.View(st)
	name := func(side string) string {
		i := 0
		if side == "P2" {
			i = 1
		}
		return l.Setup.Players[i].Name
	}
	b := views.JudgeBoard{}
	switch {
	case v.Result != "":
		result := st.Result
		b.Status = i18n.Of(engineWords(func(ctx context.Context) string { return enginetext.GameOver(ctx, result) }))
	case v.Phase == "setup":
		b.Status = i18n.M("JudgeBoardSetup", nil)
	default:
		b.Status = i18n.M("JudgeBoardTurn", i18n.Args{"Turn": v.Turn, "Side": v.TurnPlayer, "Name": name(v.TurnPlayer), "Phase": phaseWords(v.Phase)})
	}
	if v.Battle != nil {
		battle := *v.Battle
		b.Battle = i18n.Of(engineWords(func(ctx context.Context) string { return enginetext.Battle(ctx, battle, jc.Label) }))
	}
	card := func(cv engine.CardView) views.JudgeCard {
		out := views.JudgeCard{Label: jc.Label(cv.Card), Rest: cv.Rest, Awakened: cv.Awakened, Ki: cv.Ki, Under: cv.Under, URL: CardURL(cv.Card)}
		if cv.Copy > 0 {
			// The copy number the log uses for this card: "FS02-05#2 Son Goten".
			out.Label = strings.Replace(out.Label, cv.Card, cv.Card+"#"+strconv.Itoa(cv.Copy), 1)
		}
		if cv.Power != nil {
			out.Power = strconv.Itoa(*cv.Power)
		}
		return out
	}
	labels := func(nums []string) []string {
		out := make([]string, 0, len(nums))
		for _, n := range nums {
			out = append(out, jc.Label(n))
		}
		return out
	}
	for _, p := range v.Players {
		jp := views.JudgePlayer{Side: p.Player, Name: name(p.Player), Turn: v.Result == "" && p.Player == v.TurnPlayer,
			Life: p.Life, Hand: p.Hand, Deck: p.Deck, EnergyActive: p.EnergyActive, Energy: p.Energy, Markers: p.Markers,
			Leader: card(p.Leader), Drop: labels(p.Drop), Combo: labels(p.Combo)}
		for _, bc := range p.Battle {
			jp.Battle = append(jp.Battle, card(bc))
		}
		if p.Field != nil {
			f := card(*p.Field)
			jp.Field = &f
		}
		b.Players = append(b.Players, jp)
	}
	for _, w := range v.Waiting {
		skill := strings.Replace(w.Skill, w.Card, jc.Label(w.Card), 1)
		b.Waiting = append(b.Waiting, views.JudgeWaiting{Side: w.Player, Name: name(w.Player), Skill: skill, Text: w.Text,
			Line: w.Player + " use " + w.Card + " -> "})
	}
	return b
}

// phaseWords names a phase of the turn.
func phaseWords(phase string) engineWords {
	return func(ctx context.Context) string { return enginetext.Phase(ctx, phase) }
}

// eventWords is what the engine says happened.
func eventWords(ev engine.Event) i18n.Message {
	return i18n.Of(engineWords(func(ctx context.Context) string { return enginetext.Event(ctx, ev) }))
}

// logMeta names a log for lists and headings; the match is named by
// gamelog.MatchLabels, which needs the database.
func logMeta(gl *storage.GameLog) (title, game i18n.Message) {
	title = i18n.Verbatim(gl.Title)
	if gl.Title == "" {
		title = i18n.M("JudgeLogDefaultTitle", i18n.Args{"ID": gl.ID})
	}
	return title, i18n.M("JudgeLogGameNo", i18n.Args{"Game": gl.GameNo})
}

// ShowGameLog replays a log and shows one step: ?step=N, or by default the
// first illegal step, or the last one when the log is legal.
func (h *Handler) ShowGameLog(c echo.Context) error {
	e := eventOf(c)
	gl, err := h.logParam(c, e)
	if err != nil {
		return err
	}
	m, err := h.gameLogPage(c, e, gl, c.QueryParam("step"), nil)
	if err != nil {
		return err
	}
	status := http.StatusOK
	if !m.Problem.IsZero() {
		status = http.StatusUnprocessableEntity
	}
	return web.Render(c, status, views.JudgeLogPageView(h.PageTitled(c, m.Title), m))
}

// gameLogPage builds the step page with its ruling form: prefilled from the
// step (its violation's rule, else the rule of its first event), or, when
// refused is not nil, that form sent back with its problems. The players
// the form offers are worked out once, for the form shown.
func (h *Handler) gameLogPage(c echo.Context, e *storage.Event, gl *storage.GameLog, stepParam string, refused *views.JudgeRulingForm) (views.JudgeLogPage, error) {
	m, withForm, err := h.logPage(c, e, gl, stepParam)
	if err != nil || (!withForm && refused == nil) {
		return m, err
	}
	if refused != nil {
		m.Ruling = refusedForm(m.Ruling, *refused)
	}
	return m, h.offerPlayers(c.Request().Context(), e, &m.Ruling)
}

// refusedForm is the refused ruling form f shown instead of the page's own
// (shown): its player search comes back to the same step, and a call the
// judge unticked is still offered.
func refusedForm(shown, f views.JudgeRulingForm) views.JudgeRulingForm {
	f.FindURL, f.FindKeep = shown.FindURL, shown.FindKeep
	if f.Call == "" {
		f.Call = shown.Call
	}
	return f
}

// logPage is gameLogPage before the players are offered; withForm says
// whether it has a ruling form (a log that does not parse has none).
func (h *Handler) logPage(c echo.Context, e *storage.Event, gl *storage.GameLog, stepParam string) (m views.JudgeLogPage, withForm bool, err error) {
	ctx := c.Request().Context()
	m = views.JudgeLogPage{Event: eventView(e), LogID: gl.ID, Tracker: gl.Tracker, RecordURL: logURL(e, gl.ID) + "/record"}
	m.Title, m.Game = logMeta(gl)
	if m.Match, err = gamelog.NewMatchLabels(ctx, h.Store, e.ID).Label(gl.MatchID); err != nil {
		return m, false, err
	}
	l, perr := engine.ParseLog([]byte(gl.Body))
	if perr != nil {
		m.Problem = gamelog.ParseProblem(perr)
		return m, false, nil
	}
	jc, err := h.cards.ForLog(ctx, l)
	if err != nil {
		return m, false, err
	}
	// RunOn: the judge sees every step, and illegal ones are skipped as the
	// engine documents, so one mistake does not hide the rest of the game.
	r := engine.Run(l, jc.Engine, engine.ReplayOptions{RunOn: true})
	m.Steps = len(r.Steps)
	first := firstIllegalStep(r)
	if first != nil {
		m.FirstViolation = violationView(e, gl.ID, first)
	}
	for _, d := range r.DeckProblems {
		m.DeckProblems = append(m.DeckProblems, *violationView(e, gl.ID, d))
	}
	// A log opens at its first action, the first illegal one a click away
	// in the banner above (a judge reads the game up to it).
	step, err := strconv.Atoi(stepParam)
	if err == nil {
		step = max(0, min(step, m.Steps))
	} else {
		step = min(1, m.Steps)
	}
	m.Step = step
	if step > 0 {
		m.FirstURL, m.PrevURL = web.JudgeStepURL(e, gl.ID, 0), web.JudgeStepURL(e, gl.ID, step-1)
	}
	if step < m.Steps {
		m.NextURL, m.LastURL = web.JudgeStepURL(e, gl.ID, step+1), web.JudgeStepURL(e, gl.ID, m.Steps)
	}
	st := r.StateAt(step)
	m.Board = boardView(&st, l, jc)
	ruleHint := ""
	if step > 0 {
		m.Action, ruleHint = stepAction(e, gl, &r.Steps[step-1], step, first)
	}
	for i := range r.Steps {
		sp := &r.Steps[i]
		m.StepList = append(m.StepList, views.JudgeStepRow{N: sp.Index, Line: sp.Action.Line, Text: engine.FormatAction(sp.Action),
			URL: web.JudgeStepURL(e, gl.ID, sp.Index), Illegal: sp.Violation != nil, First: first != nil && first.Step == sp.Index, Current: sp.Index == step})
	}
	err = h.logRulings(c, e, gl, step, ruleHint, &m)
	return m, err == nil, err
}

// stepAction is the action of step number step (sp) as the step page shows it, with its
// violation and the events it caused; ruleHint is the rule a ruling on it
// most likely cites (its violation's, else its first event's).
func stepAction(e *storage.Event, gl *storage.GameLog, sp *engine.Step, step int, first *engine.Violation) (a *views.JudgeAction, ruleHint string) {
	a = &views.JudgeAction{Line: sp.Action.Line, Text: engine.FormatAction(sp.Action)}
	if sp.Violation != nil {
		a.Violation = violationView(e, gl.ID, sp.Violation)
		a.First = first != nil && first.Step == step
		ruleHint = sp.Violation.Rule
	}
	for _, ev := range sp.Events {
		a.Events = append(a.Events, views.JudgeEventLine{Text: eventWords(ev), Rule: ev.Rule, RuleURL: ruleURL(ev.Rule), Auto: ev.Auto, Declared: ev.Declared, Unread: ev.Unread})
		if ruleHint == "" {
			ruleHint = ev.Rule
		}
	}
	return a, ruleHint
}

// logRulings adds the rulings made on a log and the ruling form, prefilled
// for the step shown (ruleHint its likely rule) but without its players
// (gameLogPage offers them), and the calls from the game tracker still
// open on it.
func (h *Handler) logRulings(c echo.Context, e *storage.Event, gl *storage.GameLog, step int, ruleHint string, m *views.JudgeLogPage) error {
	ctx := c.Request().Context()
	rulings, err := judging.New(h.Store).RulingsForLog(ctx, e.ID, gl.ID)
	if err != nil {
		return err
	}
	if m.Rulings, err = h.rulingRows(c, e, rulings); err != nil {
		return err
	}
	m.Ruling = rulingForm(e)
	m.Ruling.LogID, m.Ruling.Step, m.Ruling.Rule = strconv.FormatInt(gl.ID, 10), strconv.Itoa(step), ruleHint
	if gl.MatchID != nil {
		m.Ruling.Match = strconv.FormatInt(*gl.MatchID, 10)
	}
	// The search for the penalised player comes back to this step.
	m.Ruling.Find, m.Ruling.FindURL, m.Ruling.FindKeep = findQuery(c), logURL(e, gl.ID), url.Values{"step": {strconv.Itoa(step)}}
	// A call from the game tracker: where it was made, and the ruling
	// closes it (the call named in the link first).
	calls, err := judging.New(h.Store).OpenGameCalls(ctx, e.ID, gl.ID)
	if err != nil {
		return err
	}
	for _, call := range calls {
		at := 0
		if call.Step != nil {
			at = *call.Step
		}
		name, err := gamelog.EntryName(ctx, h.Store, e.ID, call.EntryID)
		if err != nil {
			return err
		}
		m.Calls = append(m.Calls, views.JudgeGameCall{Player: name, Step: at, StepURL: web.JudgeStepURL(e, gl.ID, at)})
		if id := strconv.FormatInt(call.ID, 10); m.Ruling.Call == "" || c.QueryParam("call") == id {
			m.Ruling.Call = id
		}
	}
	if q := c.QueryParam("call"); q != "" {
		m.Ruling.FindKeep.Set("call", q)
	}
	return nil
}
