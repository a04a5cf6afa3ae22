package staff

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strconv"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// Feature tables (issue 28): the tables where a round's top pairings sit,
// a stream table first. Seats are given after pairing, so who plays whom
// stays the optimal pairing; only table numbers move. A player with a
// fixed seat (access needs) keeps it, even at a feature table.

// seatFeatureTables puts the k-th best pairing (table k as the pairing
// numbers them) at the k-th feature table; a match that sat at a feature
// table takes a table the top pairings left. Byes have no table.
func seatFeatureTables(ms []storage.NewMatch, feature []int) {
	if len(feature) == 0 {
		return
	}
	at := map[int]int{} // table → index in ms
	var tables []int
	for i, m := range ms {
		if m.TableNo != nil {
			at[*m.TableNo] = i
			tables = append(tables, *m.TableNo)
		}
	}
	sort.Ints(tables)
	top := tables[:min(len(feature), len(tables))]
	var freed []int // tables of top pairings that no top pairing takes
	for _, t := range top {
		if !slices.Contains(feature[:len(top)], t) {
			freed = append(freed, t)
		}
	}
	moved := map[int]int{} // index in ms → new table
	for k, t := range top {
		moved[at[t]] = feature[k]
	}
	for _, f := range feature[:len(top)] {
		if i, ok := at[f]; ok && !slices.Contains(top, f) {
			moved[i], freed = freed[0], freed[1:]
		}
	}
	for i, t := range moved {
		n := t
		ms[i].TableNo = &n
	}
}

// MoveToFeatureTable is POST /events/:id/matches/:match/feature: the
// organiser puts a chosen match at one of the event's feature tables (a
// match to stream); the match there takes this one's table.
func (h *Handler) MoveToFeatureTable(c echo.Context) error {
	e, err := h.OrganiserEvent(c)
	if err != nil {
		return err
	}
	mt, r, err := h.matchAndRound(c, e)
	if err != nil {
		return err
	}
	table, err := strconv.Atoi(c.FormValue("table"))
	if err != nil || !e.IsFeatureTable(table) {
		return h.renderRound(c, e, r, i18n.M("StaffErrNotFeatureTable", nil), http.StatusUnprocessableEntity)
	}
	err = h.Store.MoveToTable(c.Request().Context(), web.ActorOf(c), e.ID, mt.ID, table)
	if errors.Is(err, storage.ErrConflict) {
		return h.renderRound(c, e, r, i18n.M("StaffErrMoveTable", nil), http.StatusConflict)
	}
	if err != nil {
		return err
	}
	web.SetFlash(c, msgMovedToFeature)
	return web.Redirect(c, fmt.Sprintf("/events/%d/rounds/%d", e.ID, r.Number))
}

const msgMovedToFeature = "StaffMovedToFeatureTable"

func init() {
	web.RegisterFlashes(map[string]string{msgMovedToFeature: "moved-to-feature-table"})
}
