package server

import (
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

// Two-day events (docs/event-day.md, "Two-day events"): the event form's
// part and the player's note once day 1 is closed. The close-day-1 step is
// package staff's, a round's name by its day readmodel's (RoundTitle).

// twoDayCuts are the cut choices of the event form.
func twoDayCuts() []views.Choice {
	return []views.Choice{
		{Value: pairing.CutByRecord, Label: i18n.M("TwoDayCutByRecord", nil)},
		{Value: pairing.CutBySize, Label: i18n.M("TwoDayCutBySize", nil)},
	}
}

// twoDayFormFrom is the form's two-day part of a saved event.
func twoDayFormFrom(e *storage.Event) views.TwoDayForm {
	f := views.TwoDayForm{On: e.TwoDay(), Cut: e.Day2Cut, Cuts: twoDayCuts()}
	if e.TwoDay() {
		f.Day1Rounds, f.Day2Rounds = strconv.Itoa(e.Day1Rounds), strconv.Itoa(e.Day2Rounds)
		f.CutValue = strconv.Itoa(e.Day2CutValue)
	}
	return f
}

// twoDayFormValues is the form's two-day part as posted.
func twoDayFormValues(c echo.Context) views.TwoDayForm {
	return views.TwoDayForm{
		On:         c.FormValue("two_day") == "on",
		Day1Rounds: strings.TrimSpace(c.FormValue("day1_rounds")),
		Day2Rounds: strings.TrimSpace(c.FormValue("day2_rounds")),
		Cut:        c.FormValue("day2_cut"),
		CutValue:   strings.TrimSpace(c.FormValue("day2_cut_value")),
		Cuts:       twoDayCuts(),
	}
}

// readTwoDay checks the two-day part and puts it in ev; an event not
// played over two days keeps none of it.
func readTwoDay(f *views.EventForm, ev *storage.Event) {
	td := &f.TwoDay
	if !td.On {
		return
	}
	errs := f.Errors
	if f.TeamEvent {
		// Team pairing knows no cut into day 2.
		errs["two_day"] = i18n.M("TwoDayErrTeamEvent", nil)
	}
	ev.Day1Rounds = web.IntField(errs, "day1_rounds", td.Day1Rounds, 0, 1, 20, i18n.M("TwoDayErrRounds", nil))
	ev.Day2Rounds = web.IntField(errs, "day2_rounds", td.Day2Rounds, 0, 1, 20, i18n.M("TwoDayErrRounds", nil))
	if ev.Day1Rounds == 0 {
		errs["day1_rounds"] = i18n.M("TwoDayErrRounds", nil)
	}
	if ev.Day2Rounds == 0 {
		errs["day2_rounds"] = i18n.M("TwoDayErrRounds", nil)
	}
	if td.Cut == "" {
		td.Cut = pairing.CutByRecord
	}
	if !optionKnown(td.Cuts, td.Cut) {
		errs["day2_cut"] = i18n.M("TwoDayErrCut", nil)
	}
	ev.Day2Cut = td.Cut
	if td.Cut == pairing.CutBySize {
		ev.Day2CutValue = web.IntField(errs, "day2_cut_value", td.CutValue, 0, 2, 10000, i18n.M("TwoDayErrSize", nil))
		if ev.Day2CutValue == 0 {
			errs["day2_cut_value"] = i18n.M("TwoDayErrSize", nil)
		}
		return
	}
	ev.Day2CutValue = web.IntField(errs, "day2_cut_value", td.CutValue, 0, 0, 1000, i18n.M("TwoDayErrPoints", nil))
}

// twoDayUnchangedOnceClosed refuses (in errs, false) a change to the two
// days or the cut of saved once its day 1 is closed: who advanced was
// decided by them.
func (s *Server) twoDayUnchangedOnceClosed(c echo.Context, saved, ev *storage.Event, errs views.FieldProblems) (bool, error) {
	same := saved.Day1Rounds == ev.Day1Rounds && saved.Day2Rounds == ev.Day2Rounds &&
		saved.Day2Cut == ev.Day2Cut && saved.Day2CutValue == ev.Day2CutValue
	if !saved.TwoDay() || same {
		return true, nil
	}
	closed, err := twoday.New(s.Store).Day1Closed(c.Request().Context(), saved.ID)
	if err != nil || !closed {
		return err == nil, err
	}
	errs["two_day"] = i18n.M("TwoDayErrClosed", nil)
	return false, nil
}

// dayNote tells a player of a two-day event, once day 1 is closed,
// whether they advanced; finished is true for one who did not.
func dayNote(d *readmodel.EventData, en *storage.Entry) (note i18n.Message, finished bool) {
	if !d.Event.TwoDay() || en.Waitlisted || !d.Day1Closed() {
		return i18n.Message{}, false
	}
	if en.Day2 {
		return i18n.M("TwoDayPhoneAdvanced", nil), false
	}
	return i18n.M("TwoDayPhoneFinished", nil), true
}
