package staff

import (
	"fmt"
	"net/http"
	"sort"
	"strconv"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/carddata"
	"github.com/tenkaichi-org/tenkaichi/storage/decklists"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// Decks: the organiser's overview, lock and publish.

// ShowDecks is the organiser's overview of the decklists, problems first.
func (h *Handler) ShowDecks(c echo.Context) error {
	e, err := h.StaffEvent(c)
	if err != nil {
		return err
	}
	d, err := h.staffData(c.Request().Context(), e)
	if err != nil {
		return err
	}
	entries := d.Entries
	ctx := c.Request().Context()
	pool, err := carddata.New(h.Store).CardPool(ctx, rules.Game(e.Game))
	if err != nil {
		return err
	}
	web.WithCardNames(c, pool)
	g := web.GameOf(e.Game)
	m := views.DecksPage{Nav: web.Nav(e, "decks"), Locked: e.DecksLocked, Public: e.DecksPublic,
		LeaderHeading: web.LeaderWord(ctx, g), Format: web.GameFormatName(ctx, e.Format)}
	if len(pool) == 0 {
		m.PoolWarning = i18n.M("EventNoCards", i18n.Args{"Game": web.GameName(ctx, g.ID)})
	}
	for _, en := range entries {
		if en.Waitlisted {
			continue
		}
		row := views.DeckRow{EntryID: en.ID, Name: en.PlayerName, MemberID: en.MemberID, Status: en.DeckStatus, Leader: web.LeaderLabel(ctx, pool, en.DeckLeader), Checked: en.DeckChecked, Version: en.Version}
		row.Problems = web.StoredDeckProblems(&en)
		switch en.DeckStatus {
		case storage.DeckLegal:
			m.Legal++
		case storage.DeckIllegal:
			m.Illegal++
		default:
			m.Missing++
		}
		m.Rows = append(m.Rows, row)
	}
	// Problems first: missing and illegal lists are what the organiser chases.
	order := map[string]int{storage.DeckMissing: 0, storage.DeckIllegal: 1, storage.DeckLegal: 2}
	sort.SliceStable(m.Rows, func(i, j int) bool { return order[m.Rows[i].Status] < order[m.Rows[j].Status] })
	page, _ := strconv.Atoi(c.QueryParam("page"))
	m.Rows, m.List = web.ListPart(m.Rows, c.QueryParam("q"), page, func(r views.DeckRow, needle string) bool {
		return web.NameMatches(r.Name, needle) || web.NameMatches(r.MemberID, needle)
	})
	m.List.Path = "/decks"
	return web.Render(c, http.StatusOK, views.DecksPageView(h.PageTitled(c, i18n.M("StaffDecksTitle", i18n.Args{"Event": e.Name})), m))
}

// DeckSettings locks or unlocks the decklists, or publishes them.
func (h *Handler) DeckSettings(c echo.Context) error {
	e, err := h.OrganiserEvent(c)
	if err != nil {
		return err
	}
	locked, public := e.DecksLocked, e.DecksPublic
	switch c.FormValue("action") {
	case "lock":
		locked = true
	case "unlock":
		locked = false
	case "publish":
		public = true
	case "unpublish":
		public = false
	default:
		return &web.Error{Code: http.StatusUnprocessableEntity, Msg: i18n.M("StaffErrUnknownAction", nil)}
	}
	if err := decklists.New(h.Store).SetDeckSettings(c.Request().Context(), web.ActorOf(c), e.ID, locked, public); err != nil {
		return err
	}
	web.SetFlash(c, msgDecksChanged)
	return web.Redirect(c, fmt.Sprintf("/events/%d/decks", e.ID))
}
