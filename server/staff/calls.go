package staff

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/server/readmodel"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/judging"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// Judge calls: the queue of calls from players' phones, the game tracker
// and disputed results, which the event's judges take and close.

// ShowCalls is the queue of the event's judge calls.
func (h *Handler) ShowCalls(c echo.Context) error {
	e, err := h.StaffEvent(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	d, err := h.staffData(ctx, e)
	if err != nil {
		return err
	}
	calls, err := judging.New(h.Store).JudgeCalls(ctx, e.ID)
	if err != nil {
		return err
	}
	type placed struct {
		match *storage.Match
		round int
	}
	matches := map[int64]placed{}
	for n, ms := range d.Matches {
		for i := range ms {
			matches[ms[i].ID] = placed{&ms[i], n}
		}
	}
	m := views.JudgeQueuePage{Nav: web.Nav(e, "judge")}
	for _, call := range calls {
		row := views.JudgeCallRow{ID: call.ID, Player: d.Name(call.EntryID), Reason: web.CallReason(call), Status: call.Status, TakenBy: call.TakenBy,
			Waiting: i18n.MN("CallWaiting", int(h.Now().Sub(call.CreatedAt)/time.Minute), nil), Table: "?"}
		if call.MatchID != nil {
			if pm, ok := matches[*call.MatchID]; ok {
				if err := h.describeCallMatch(ctx, e, d, pm.match, pm.round, &row); err != nil {
					return err
				}
			}
		}
		if call.GameLogID != nil {
			if call.Step != nil {
				row.GameStep = *call.Step
			}
			row.GameURL = web.JudgeStepURL(e, *call.GameLogID, row.GameStep) + "&call=" + strconv.FormatInt(call.ID, 10)
		}
		m.Calls = append(m.Calls, row)
	}
	p := h.PageTitled(c, i18n.M("PhoneJudgeCallsTitle", i18n.Args{"Event": e.Name}))
	p.JSURL = web.LiveScriptURL()
	return web.Render(c, http.StatusOK, views.JudgeQueueView(p, m))
}

// describeCallMatch fills a call's table, both players and what each
// reported, so a judge walks to the table knowing the dispute.
func (h *Handler) describeCallMatch(ctx context.Context, e *storage.Event, d *readmodel.EventData, mt *storage.Match, round int, row *views.JudgeCallRow) error {
	if mt.TableNo != nil {
		row.Table = strconv.Itoa(*mt.TableNo)
	}
	row.P1, row.P2 = d.Name(&mt.P1EntryID), d.Name(mt.P2EntryID)
	row.MatchStatus = mt.Status
	row.RoundURL = fmt.Sprintf("/events/%d/rounds/%d#match-%d", e.ID, round, mt.ID)
	bestOf := 1
	for _, r := range d.Rounds {
		if r.Number == round && r.Kind == storage.KindTopCut {
			bestOf = e.TopCutBestOf
		}
	}
	reports, err := h.Store.Reports(ctx, mt.ID)
	if err != nil {
		return err
	}
	names := views.MatchRow{P1: row.P1, P2: row.P2}
	for _, r := range reports {
		said := matchResultText(names, storage.Match{Result: r.Result, P1Wins: r.P1Wins, P2Wins: r.P2Wins, Intentional: r.Intentional}, bestOf)
		row.Reports = append(row.Reports, views.CallReport{Player: d.Name(&r.EntryID), Result: said})
	}
	return nil
}

// UpdateCall marks a judge call taken or closed.
func (h *Handler) UpdateCall(c echo.Context) error {
	e, err := h.StaffEvent(c)
	if err != nil {
		return err
	}
	id, err := strconv.ParseInt(c.Param("call"), 10, 64)
	if err != nil {
		return web.NotFound()
	}
	status := c.FormValue("status")
	if status != storage.CallTaken && status != storage.CallClosed {
		return &web.Error{Code: http.StatusUnprocessableEntity, Msg: i18n.M("StaffErrUnknownAction", nil)}
	}
	if err := judging.New(h.Store).UpdateJudgeCall(c.Request().Context(), web.ActorOf(c), e.ID, id, status); err != nil {
		return err
	}
	web.SetFlash(c, msgCallUpdated)
	return web.Redirect(c, fmt.Sprintf("/events/%d/calls", e.ID))
}
