package staff

import (
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/leagues"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// Returning players at the counter (issue 27): "Check name" lists the
// existing players whose names are like the one typed, and the player who
// has the member number typed; the organiser picks one, or adds a new
// player. Nothing is linked by name unless the organiser picks it.

// counterSuggestions is how many players "Check name" lists at most.
const counterSuggestions = 8

// checkNameURL is the players page listing the players like the form's.
func checkNameURL(eventID int64, f views.AddPlayerForm) string {
	q := url.Values{"check": {"1"}, "player_name": {f.Name}, "entered_round": {f.EnteredRound}}
	if f.MemberID != "" {
		q.Set("member_id", f.MemberID)
	}
	return web.EventURL(eventID, "/players?"+q.Encode())
}

// checkName shows the add-player form, filled from the address, with the
// players like it (a GET after the form's POST, so reloading asks again).
func (h *Handler) checkName(c echo.Context, e *storage.Event) error {
	f := views.AddPlayerForm{Errors: views.FieldProblems{}, EnteredRound: strings.TrimSpace(c.QueryParam("entered_round"))}
	f.Name, f.MemberID = web.ReadPlayerName(c, f.Errors, i18n.M("StaffErrPlayerName", nil))
	if len(f.Errors) > 0 {
		return h.playersPage(c, e, views.AddPlayerForm{EnteredRound: "1"}, http.StatusOK)
	}
	ctx := c.Request().Context()
	f.Checked = true
	if f.MemberID != "" {
		p, err := h.Store.PlayerByMemberID(ctx, f.MemberID)
		switch {
		case err == nil:
			f.MemberOwner = &views.CounterSuggestion{ID: p.ID, Name: p.Name, MemberID: p.MemberID}
		case !errors.Is(err, storage.ErrNotFound):
			return err
		}
	}
	found, err := leagues.New(h.Store).SuggestPlayers(ctx, e.StoreID, f.Name, counterSuggestions)
	if err != nil {
		return err
	}
	for _, p := range found {
		f.Suggestions = append(f.Suggestions, views.CounterSuggestion{ID: p.ID, Name: p.Name, MemberID: p.MemberID, Events: p.Events, AtStore: p.AtStore})
	}
	return h.playersPage(c, e, f, http.StatusOK)
}

// pickedPlayer reads the existing player the organiser picked for the new
// entry (nil: none): a live record, else a problem on the name field.
func (h *Handler) pickedPlayer(c echo.Context, f *views.AddPlayerForm) (*int64, error) {
	raw := strings.TrimSpace(c.FormValue("player_id"))
	if raw == "" {
		return nil, nil
	}
	id, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || id <= 0 {
		f.Errors["player_name"] = i18n.M("ProfileErrPickedGone", nil)
		return nil, nil
	}
	p, err := h.Store.LivePlayer(c.Request().Context(), id)
	switch {
	case errors.Is(err, storage.ErrNotFound) || err == nil && p.AnonymisedAt != nil:
		f.Errors["player_name"] = i18n.M("ProfileErrPickedGone", nil)
		return nil, nil
	case err != nil:
		return nil, err
	}
	f.PlayerID = p.ID
	return &p.ID, nil
}
