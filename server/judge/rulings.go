package judge

import (
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/server/gamelog"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/judging"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// rulingForm is an empty ruling form; offerPlayers adds the players to
// choose from once the form knows its match and search.
func rulingForm(e *storage.Event) views.JudgeRulingForm {
	return views.JudgeRulingForm{Action: consoleURL(e) + "/rulings", FindURL: consoleURL(e), Errors: views.FieldProblems{},
		Penalties: web.PenaltyChoices()}
}

// rulingRows shows rulings with the penalised player's name and a link to
// the log step they were made on.
func (h *Handler) rulingRows(c echo.Context, e *storage.Event, rs []judging.Ruling) ([]views.JudgeRulingRow, error) {
	if len(rs) == 0 {
		return nil, nil
	}
	ctx := c.Request().Context()
	entries, err := h.Store.EntryNames(ctx, e.ID)
	if err != nil {
		return nil, err
	}
	players := make(map[int64]string, len(entries))
	for _, en := range entries {
		players[en.ID] = en.PlayerName
	}
	logs, err := judging.New(h.Store).GameLogs(ctx, e.ID)
	if err != nil {
		return nil, err
	}
	titles := make(map[int64]i18n.Message, len(logs))
	for i := range logs {
		titles[logs[i].ID], _ = logMeta(&logs[i])
	}
	labels := gamelog.NewMatchLabels(ctx, h.Store, e.ID)
	zone := e.Location()
	out := make([]views.JudgeRulingRow, 0, len(rs))
	for _, r := range rs {
		row := views.JudgeRulingRow{When: i18n.DateTime(ctx, r.CreatedAt, zone), Judge: r.Signed, Rule: r.Rule, Note: r.Note}
		if web.GameOf(e.Game).Engine { // the rule index holds Fusion World's rules only
			row.RuleURL = ruleURL(r.Rule)
		}
		if p := r.Penalty; p != nil {
			row.Penalty = i18n.M("JudgePenaltyFor", i18n.Args{"Penalty": web.PenaltyName(p.Kind), "Player": players[p.EntryID], "Infraction": p.Infraction})
		}
		var where []i18n.Message
		if r.MatchID != nil {
			label, err := labels.Label(r.MatchID)
			if err != nil {
				return nil, err
			}
			where = append(where, label)
		}
		if r.GameLogID != nil {
			if r.Step != nil {
				where = append(where, i18n.M("JudgeLogAtStep", i18n.Args{"Log": titles[*r.GameLogID], "Step": *r.Step}))
			} else {
				where = append(where, titles[*r.GameLogID])
			}
			step := 0
			if r.Step != nil {
				step = *r.Step
			}
			row.WhereURL = web.JudgeStepURL(e, *r.GameLogID, step)
		}
		row.Where = where
		out = append(out, row)
	}
	return out, nil
}

// SaveRuling records a ruling (and a penalty, when one is chosen) for the
// event, optionally on a match and a step of a game log. The signed-in user
// is the judge.
func (h *Handler) SaveRuling(c echo.Context) error {
	ctx := c.Request().Context()
	e := eventOf(c)
	f := rulingForm(e)
	f.LogID, f.Step, f.Match = c.FormValue("log"), c.FormValue("step"), c.FormValue("match")
	f.Rule, f.Infraction = web.FormText(c, "rule", 100), web.FormText(c, "infraction", 200)
	f.Penalty, f.Entry, f.Call = c.FormValue("penalty"), c.FormValue("entry"), c.FormValue("call")
	f.Find = findQuery(c)
	// The note keeps its line breaks; only what the database refuses goes.
	f.Note = strings.TrimSpace(strings.ToValidUTF8(strings.ReplaceAll(c.FormValue("note"), "\x00", ""), "\uFFFD"))

	r := &judging.Ruling{EventID: e.ID, Rule: f.Rule, Note: f.Note}
	var gl *storage.GameLog
	var err error
	if f.LogID != "" {
		id, ok := optionalID(f.LogID)
		if !ok {
			return web.NotFound()
		}
		if gl, err = judging.New(h.Store).GameLogByID(ctx, e.ID, *id); err != nil {
			return err
		}
		r.GameLogID = &gl.ID
		if n, err := strconv.Atoi(f.Step); err == nil && n >= 0 {
			r.Step = &n
		}
	}
	matchID, ok := optionalID(f.Match)
	if !ok {
		f.Errors["match"] = i18n.M("JudgeMatchIDProblem", nil)
	}
	r.MatchID = matchID
	if r.CloseCall, ok = optionalID(f.Call); !ok {
		return web.NotFound()
	}
	switch {
	case f.Note == "":
		f.Errors["note"] = i18n.M("JudgeNoteNeeded", nil)
	case utf8.RuneCountInString(f.Note) > 4000:
		f.Errors["note"] = i18n.M("JudgeNoteTooLong", i18n.Args{"Max": 4000})
	}
	var p *judging.RulingPenalty
	if f.Penalty != "" {
		p = &judging.RulingPenalty{Kind: f.Penalty, Infraction: f.Infraction}
		if !slices.Contains(judging.RulingPenaltyKinds, f.Penalty) {
			f.Errors["penalty"] = i18n.M("JudgePenaltyKindProblem", nil)
		}
		if id, ok := optionalID(f.Entry); !ok || id == nil {
			f.Errors["entry"] = i18n.M("JudgePenaltyPlayerProblem", nil)
		} else if _, err := h.Store.EntryByID(ctx, e.ID, *id); errors.Is(err, storage.ErrNotFound) {
			f.Errors["entry"] = i18n.M("JudgePenaltyPlayerProblem", nil)
		} else if err != nil {
			return err
		} else {
			p.EntryID = *id
		}
		if f.Infraction == "" {
			f.Errors["infraction"] = i18n.M("JudgeInfractionProblem", nil)
		}
	}
	if len(f.Errors) == 0 {
		err = judging.New(h.Store).CreateRuling(ctx, web.ActorOf(c), r, p)
		if errors.Is(err, storage.ErrNotFound) {
			f.Errors["match"] = i18n.M("JudgeNoSuchMatch", nil)
		} else if err != nil {
			return err
		}
	}
	if len(f.Errors) > 0 {
		if gl == nil {
			return h.renderConsole(c, views.JudgeConsole{Ruling: f}, http.StatusUnprocessableEntity)
		}
		m, err := h.gameLogPage(c, e, gl, f.Step, &f)
		if err != nil {
			return err
		}
		return web.Render(c, http.StatusUnprocessableEntity, views.JudgeLogPageView(h.PageTitled(c, m.Title), m))
	}
	web.SetFlash(c, msgRulingSaved)
	if gl != nil {
		step := 0
		if r.Step != nil {
			step = *r.Step
		}
		return web.Redirect(c, web.JudgeStepURL(e, gl.ID, step))
	}
	return web.Redirect(c, consoleURL(e))
}
