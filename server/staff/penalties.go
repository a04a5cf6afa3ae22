package staff

import (
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/judging"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// Penalties the event's staff give, listed with who gave them.

func (h *Handler) penaltiesPage(c echo.Context, e *storage.Event, f views.PenaltyForm, status int) error {
	ctx := c.Request().Context()
	d, err := h.staffData(ctx, e)
	if err != nil {
		return err
	}
	ps, err := judging.New(h.Store).Penalties(ctx, e.ID)
	if err != nil {
		return err
	}
	m := views.PenaltiesPage{Nav: web.Nav(e, "penalties"), Kinds: web.PenaltyKinds(ctx), Form: f}
	for _, en := range d.Entries {
		if !en.Waitlisted {
			m.Players = append(m.Players, views.Option{Value: strconv.FormatInt(en.ID, 10), Label: en.PlayerName})
		}
	}
	for _, p := range ps {
		m.Rows = append(m.Rows, views.PenaltyRow{When: i18n.Clock(ctx, p.CreatedAt, e.Location()), Player: d.Name(&p.EntryID),
			Kind: web.PenaltyLabel(ctx, p.Kind), Infraction: p.Infraction, Judge: p.JudgeName, Note: p.Note})
	}
	return web.Render(c, status, views.PenaltiesView(h.PageTitled(c, i18n.M("PhonePenaltiesTitle", i18n.Args{"Event": e.Name})), m))
}

// ShowPenalties is the penalties given, with the form to give one.
func (h *Handler) ShowPenalties(c echo.Context) error {
	e, err := h.StaffEvent(c)
	if err != nil {
		return err
	}
	return h.penaltiesPage(c, e, views.PenaltyForm{Kind: "warning"}, http.StatusOK)
}

// maxInfraction is the longest infraction name a penalty takes.
const maxInfraction = 120

// GivePenalty records a penalty for a player of the event.
func (h *Handler) GivePenalty(c echo.Context) error {
	e, err := h.StaffEvent(c)
	if err != nil {
		return err
	}
	f := views.PenaltyForm{EntryID: c.FormValue("entry_id"), Kind: c.FormValue("kind"),
		Infraction: strings.TrimSpace(c.FormValue("infraction")), Note: strings.TrimSpace(c.FormValue("note")), Errors: views.FieldProblems{}}
	ctx := c.Request().Context()
	entryID, err := strconv.ParseInt(f.EntryID, 10, 64)
	if err != nil {
		f.Errors["entry_id"] = i18n.M("StaffPenaltyChoosePlayer", nil)
	} else if _, err := h.Store.EntryByID(ctx, e.ID, entryID); err != nil {
		f.Errors["entry_id"] = i18n.M("StaffPenaltyChoosePlayer", nil)
	}
	if !slices.Contains(judging.RulingPenaltyKinds, f.Kind) {
		f.Errors["kind"] = i18n.M("JudgePenaltyKindProblem", nil)
	}
	if n := utf8.RuneCountInString(f.Infraction); n == 0 || n > maxInfraction {
		f.Errors["infraction"] = i18n.M("StaffPenaltyInfractionProblem", i18n.Args{"Max": maxInfraction})
	}
	if len(f.Errors) > 0 {
		return h.penaltiesPage(c, e, f, http.StatusUnprocessableEntity)
	}
	p := &judging.RulingPenalty{EventID: e.ID, EntryID: entryID, Kind: f.Kind, Infraction: f.Infraction, Note: f.Note}
	if err := judging.New(h.Store).GivePenalty(c.Request().Context(), web.ActorOf(c), p, 0); err != nil {
		return err
	}
	web.SetFlash(c, msgPenaltySaved)
	return web.Redirect(c, fmt.Sprintf("/events/%d/penalties", e.ID))
}
