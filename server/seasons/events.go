package seasons

import (
	"context"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
	"github.com/tenkaichi-org/tenkaichi/storage/leagues"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// maxListedEvents bounds the events page: the latest events of the
// season's stores and game.
const maxListedEvents = 200

// Events lists the events of the season's store(s) and game, newest first,
// saying which count and why, each with the button that changes it.
func (h *Handler) Events(c echo.Context) error {
	sc := scopeOf(c)
	se, err := h.season(c, sc)
	if err != nil {
		return err
	}
	return h.renderEvents(c, sc, se, i18n.Message{}, http.StatusOK)
}

func (h *Handler) renderEvents(c echo.Context, sc scope, se *leagues.Season, problem i18n.Message, status int) error {
	ctx := c.Request().Context()
	rows, hidden, err := h.eventRows(ctx, sc, se)
	if err != nil {
		return err
	}
	where, err := h.where(ctx, se)
	if err != nil {
		return err
	}
	m := views.SeasonEventsPage{Name: se.Name, BoardURL: boardPath(se.ID), EditURL: sc.seasonPath(se.ID) + "/edit",
		DeleteURL: sc.seasonPath(se.ID) + "/delete",
		Events:    rows, Problem: problem, MoreEventsHidden: hidden,
		Rule: i18n.M("LeagueEventsRule", i18n.Args{"Where": where, "Game": gameFormat(se),
			"From": i18n.Date(ctx, se.StartsOn), "To": i18n.Date(ctx, se.EndsOn)})}
	title := i18n.M("LeagueEventsTitle", i18n.Args{"Season": se.Name})
	return web.Render(c, status, views.SeasonEventsPageView(h.PageTitled(c, title), m))
}

// eventRows are the events of the season's stores and game, newest first,
// at most maxListedEvents (the count of those left off is returned), and
// every event that counts whatever its game.
func (h *Handler) eventRows(ctx context.Context, sc scope, se *leagues.Season) ([]views.SeasonEventRow, int, error) {
	lgs := leagues.New(h.Store)
	counted, err := lgs.SeasonEventIDs(ctx, se)
	if err != nil {
		return nil, 0, err
	}
	events, err := h.Store.EventsOfShops(ctx, storesOf(se))
	if err != nil {
		return nil, 0, err
	}
	var rows []views.SeasonEventRow
	hidden := 0
	for i := range events {
		ev := &events[i]
		counts := slices.Contains(counted, ev.ID)
		if ev.Game != se.Game && !counts {
			continue
		}
		if len(rows) == maxListedEvents && !counts {
			hidden++
			continue
		}
		rows = append(rows, views.SeasonEventRow{ID: ev.ID, Name: ev.Name, Date: i18n.Date(ctx, ev.StartsOn),
			URL: "/events/" + strconv.FormatInt(ev.ID, 10), Action: sc.seasonPath(se.ID) + "/events/" + strconv.FormatInt(ev.ID, 10),
			Counts: counts, ByRule: countsByRule(se, ev), Finished: ev.Status == storage.StatusFinished})
	}
	return rows, hidden, nil
}

// countsByRule: the season's rule alone counts the event (a finished event
// of its game and format, within its days).
func countsByRule(se *leagues.Season, ev *storage.Event) bool {
	d := ev.StartsOn.Format("2006-01-02")
	return ev.Status == storage.StatusFinished && ev.Game == se.Game && (se.Format == "" || ev.Format == se.Format) &&
		d >= se.StartsOn.Format("2006-01-02") && d <= se.EndsOn.Format("2006-01-02")
}

// storesOf are the stores whose events a season adds up.
func storesOf(se *leagues.Season) []int64 {
	if se.StoreID != nil {
		return []int64{*se.StoreID}
	}
	return se.StoreIDs
}

// where names the season's store, or the league's stores.
func (h *Handler) where(ctx context.Context, se *leagues.Season) (i18n.Message, error) {
	var names []string
	for _, id := range storesOf(se) {
		sh, err := accounts.New(h.Store).ShopByID(ctx, id)
		if err != nil {
			return i18n.Message{}, err
		}
		names = append(names, sh.Name)
	}
	if !se.IsLeague() && len(names) == 1 {
		return i18n.Verbatim(names[0]), nil
	}
	return i18n.M("LeagueOfStores", i18n.Args{"Stores": strings.Join(names, ", ")}), nil
}

// SetEvent says whether an event counts: "yes", "no", or "rule" to go
// back to what the season's rule says.
func (h *Handler) SetEvent(c echo.Context) error {
	sc := scopeOf(c)
	se, err := h.season(c, sc)
	if err != nil {
		return err
	}
	eventID, err := strconv.ParseInt(c.Param("event"), 10, 64)
	if err != nil || eventID <= 0 {
		return web.NotFound()
	}
	ctx, lgs, actor := c.Request().Context(), leagues.New(h.Store), web.ActorOf(c)
	switch c.FormValue("counts") {
	case "yes":
		err = lgs.SetSeasonEvent(ctx, actor, se.ID, eventID, true)
	case "no":
		err = lgs.SetSeasonEvent(ctx, actor, se.ID, eventID, false)
	case "rule":
		err = lgs.ClearSeasonEvent(ctx, actor, se.ID, eventID)
	default:
		return h.renderEvents(c, sc, se, i18n.M("LeagueErrEventChoice", nil), http.StatusUnprocessableEntity)
	}
	if inv, ok := isInvalid(err); ok && len(inv.Problems) > 0 {
		return h.renderEvents(c, sc, se, problemMessage(inv.Problems[0]), http.StatusUnprocessableEntity)
	}
	if storage.IsNotFound(err) {
		return web.NotFound()
	}
	if err != nil {
		return err
	}
	web.SetFlash(c, msgEventSet)
	return web.Redirect(c, sc.seasonPath(se.ID)+"/events")
}
