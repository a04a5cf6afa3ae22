package staff

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/server/readmodel"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/judging"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// Deck checks (issue 28): the event's judges and organisers pick tables of
// the round in play at random (or name one), check the decks there and
// record the outcome; the time a check took goes on the match's clock.

// maxPick is the most tables one pick takes.
const maxPick = 20

// deckChecksForm is what came back with a refused form: the page's
// problem, the pick forms' values and a finish form's values.
type deckChecksForm struct {
	problem      i18n.Message
	count, table string
	finish       *views.DeckCheckOutcomeForm
	finishID     int64
}

func (h *Handler) deckChecksPage(c echo.Context, e *storage.Event, f deckChecksForm, status int) error {
	ctx := c.Request().Context()
	d, err := readmodel.Load(ctx, h.Store, e)
	if err != nil {
		return err
	}
	checks, err := judging.New(h.Store).DeckChecks(ctx, e.ID)
	if err != nil {
		return err
	}
	m := views.DeckChecksPage{Nav: web.Nav(e, "deckchecks"), Problem: f.problem, Count: f.count, Table: f.table, Kinds: web.PenaltyKinds(ctx)}
	if m.Count == "" {
		m.Count = "1"
	}
	m.Round, m.Open = deckCheckRound(d, checks)
	places := matchPlaces(d)
	for _, ch := range checks {
		row := deckCheckRow(ctx, e, d, places[ch.MatchID], ch)
		if f.finish != nil && f.finishID == ch.ID {
			row.Form = *f.finish
		}
		m.Rows = append(m.Rows, row)
	}
	p := h.PageTitled(c, i18n.M("JudgeDeckChecksTitle", i18n.Args{"Event": e.Name}))
	return web.Render(c, status, views.DeckChecksView(p, m))
}

// matchPlace is a match and its round's number.
type matchPlace struct {
	round int
	match *storage.Match
}

func matchPlaces(d *readmodel.EventData) map[int64]matchPlace {
	out := map[int64]matchPlace{}
	for n, ms := range d.Matches {
		for i := range ms {
			out[ms[i].ID] = matchPlace{n, &ms[i]}
		}
	}
	return out
}

// deckCheckRound is the round in play and how many of its tables may be
// checked (as judging.StartDeckChecks counts them), or 0, 0.
func deckCheckRound(d *readmodel.EventData, checks []judging.DeckCheck) (round, open int) {
	for _, r := range slices.Backward(d.Rounds) {
		if r.Status != storage.RoundPublished {
			continue
		}
		for _, mt := range d.Matches[r.Number] {
			checked := slices.ContainsFunc(checks, func(ch judging.DeckCheck) bool { return ch.MatchID == mt.ID })
			if mt.P2EntryID != nil && mt.TableNo != nil && mt.Status != storage.MatchConfirmed && !checked {
				open++
			}
		}
		return r.Number, open
	}
	return 0, 0
}

func deckCheckRow(ctx context.Context, e *storage.Event, d *readmodel.EventData, at matchPlace, ch judging.DeckCheck) views.DeckCheckRow {
	row := views.DeckCheckRow{ID: ch.ID, Round: at.round, Judge: ch.JudgeName, Seed: ch.Seed, Note: ch.Note,
		Running: ch.FinishedAt == nil, Added: ch.ExtensionSeconds / 60, Form: views.DeckCheckOutcomeForm{Kind: "warning"}}
	row.Started = i18n.Clock(ctx, ch.StartedAt, e.Location())
	if ch.FinishedAt != nil {
		row.Finished = i18n.Clock(ctx, *ch.FinishedAt, e.Location())
	}
	if mt := at.match; mt != nil {
		row.MatchURL = web.EventURL(e.ID, fmt.Sprintf("/matches/%d", mt.ID))
		row.P1, row.P1ID = d.Name(&mt.P1EntryID), mt.P1EntryID
		if mt.P2EntryID != nil {
			row.P2, row.P2ID = d.Name(mt.P2EntryID), *mt.P2EntryID
		}
		if mt.TableNo != nil {
			row.Table = *mt.TableNo
		}
	}
	row.Outcome = i18n.M("JudgeDeckCheckOK", nil)
	if ch.Outcome == judging.DeckCheckProblem {
		row.Outcome = i18n.M("JudgeDeckCheckProblem", nil)
	}
	return row
}

// ShowDeckChecks is the event's deck checks with the forms to start one.
func (h *Handler) ShowDeckChecks(c echo.Context) error {
	e, err := h.StaffEvent(c)
	if err != nil {
		return err
	}
	return h.deckChecksPage(c, e, deckChecksForm{}, http.StatusOK)
}

// StartDeckChecks picks count tables at random, or checks the table named.
func (h *Handler) StartDeckChecks(c echo.Context) error {
	e, err := h.StaffEvent(c)
	if err != nil {
		return err
	}
	f := deckChecksForm{count: strings.TrimSpace(c.FormValue("count")), table: strings.TrimSpace(c.FormValue("table"))}
	n, table := 0, 0
	if f.table != "" {
		table, err = strconv.Atoi(f.table)
		if err != nil || table < 1 {
			f.problem = i18n.M("JudgeDeckCheckTableProblem", nil)
			return h.deckChecksPage(c, e, f, http.StatusUnprocessableEntity)
		}
	} else if n, err = strconv.Atoi(f.count); err != nil || n < 1 || n > maxPick {
		f.problem = i18n.M("JudgeDeckCheckCountProblem", i18n.Args{"Max": maxPick})
		return h.deckChecksPage(c, e, f, http.StatusUnprocessableEntity)
	}
	_, err = judging.New(h.Store).StartDeckChecks(c.Request().Context(), web.ActorOf(c), e.ID, n, table)
	switch {
	case errors.Is(err, judging.ErrNoRoundInPlay):
		f.problem = i18n.M("JudgeDeckCheckNoRound", nil)
		return h.deckChecksPage(c, e, f, http.StatusConflict)
	case errors.Is(err, judging.ErrTableNotOpen) && table > 0:
		f.problem = i18n.M("JudgeDeckCheckTableNotOpen", i18n.Args{"Table": table})
		return h.deckChecksPage(c, e, f, http.StatusConflict)
	case errors.Is(err, judging.ErrTableNotOpen):
		f.problem = i18n.M("JudgeDeckCheckNoneOpen", nil)
		return h.deckChecksPage(c, e, f, http.StatusConflict)
	case err != nil:
		return err
	}
	web.SetFlash(c, msgDeckChecksStarted)
	return web.Redirect(c, fmt.Sprintf("/events/%d/deckchecks", e.ID))
}

// FinishDeckCheck records a check's outcome (with a penalty, if one is
// given), which adds its time to the match's clock.
func (h *Handler) FinishDeckCheck(c echo.Context) error {
	e, err := h.StaffEvent(c)
	if err != nil {
		return err
	}
	id, err := strconv.ParseInt(c.Param("check"), 10, 64)
	if err != nil {
		return web.NotFound()
	}
	ctx := c.Request().Context()
	f, penalty := h.readDeckCheckForm(c, e, id)
	if len(f.Errors) > 0 {
		return h.deckChecksPage(c, e, deckChecksForm{finish: &f, finishID: id}, http.StatusUnprocessableEntity)
	}
	_, err = judging.New(h.Store).FinishDeckCheck(ctx, web.ActorOf(c), e.ID, id, f.Outcome, f.Note, penalty, 0)
	switch {
	case errors.Is(err, storage.ErrNotInMatch):
		f.Errors["player-"+strconv.FormatInt(id, 10)] = i18n.M("StaffPenaltyChoosePlayer", nil)
		return h.deckChecksPage(c, e, deckChecksForm{finish: &f, finishID: id}, http.StatusUnprocessableEntity)
	case errors.Is(err, judging.ErrCheckFinished):
		return h.deckChecksPage(c, e, deckChecksForm{problem: i18n.M("JudgeDeckCheckAlreadyFinished", nil)}, http.StatusConflict)
	case storage.IsNotFound(err):
		return web.NotFound()
	case err != nil:
		return err
	}
	web.SetFlash(c, msgDeckCheckRecorded)
	return web.Redirect(c, fmt.Sprintf("/events/%d/deckchecks", e.ID))
}

// readDeckCheckForm reads a finish form, with its problems keyed by the
// check's fields, and the penalty it gives (nil for none).
func (h *Handler) readDeckCheckForm(c echo.Context, e *storage.Event, id int64) (views.DeckCheckOutcomeForm, *judging.RulingPenalty) {
	f := views.DeckCheckOutcomeForm{Outcome: c.FormValue("outcome"), Player: c.FormValue("player"), Kind: c.FormValue("kind"),
		Infraction: strings.TrimSpace(c.FormValue("infraction")), Note: strings.TrimSpace(c.FormValue("note")), Errors: views.FieldProblems{}}
	key := strconv.FormatInt(id, 10)
	if f.Outcome != judging.DeckCheckOK && f.Outcome != judging.DeckCheckProblem {
		f.Errors["outcome-"+key] = i18n.M("JudgeDeckCheckOutcomeMissing", nil)
	}
	if f.Player == "" {
		return f, nil
	}
	entryID, err := strconv.ParseInt(f.Player, 10, 64)
	if err != nil {
		f.Errors["player-"+key] = i18n.M("StaffPenaltyChoosePlayer", nil)
	} else if _, err := h.Store.EntryByID(c.Request().Context(), e.ID, entryID); err != nil {
		f.Errors["player-"+key] = i18n.M("StaffPenaltyChoosePlayer", nil)
	} else if f.Outcome == judging.DeckCheckOK {
		f.Errors["player-"+key] = i18n.M("JudgeDeckCheckPenaltyNeedsProblem", nil)
	}
	if !slices.Contains(judging.RulingPenaltyKinds, f.Kind) {
		f.Errors["player-"+key] = i18n.M("JudgePenaltyKindProblem", nil)
	}
	if n := utf8.RuneCountInString(f.Infraction); n == 0 || n > maxInfraction {
		f.Errors["infraction-"+key] = i18n.M("StaffPenaltyInfractionProblem", i18n.Args{"Max": maxInfraction})
	}
	return f, &judging.RulingPenalty{EntryID: entryID, Kind: f.Kind, Infraction: f.Infraction, Note: f.Note}
}
