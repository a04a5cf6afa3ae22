package staff

import (
	"net/http"
	"slices"
	"strconv"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/server/readmodel"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views"
)

// PairingEditForm is GET /events/:id/matches/:match/pairing: the form that
// changes who plays at one table (editPairing takes it). It is a page of
// its own so that the round page need not carry every player's name under
// every table.
func (h *Handler) PairingEditForm(c echo.Context) error {
	e, err := h.OrganiserEvent(c)
	if err != nil {
		return err
	}
	mt, r, err := h.matchAndRound(c, e)
	if err != nil {
		return err
	}
	d, err := h.staffData(c.Request().Context(), e)
	if err != nil {
		return err
	}
	m := views.PairingEditPage{Nav: web.Nav(e, "rounds"), Round: r.Number, Match: seatedRow(mt, d, e.FeatureTableNumbers())}
	if r.Status != storage.RoundFinished && mt.TableNo != nil {
		for _, t := range e.FeatureTableNumbers() {
			if t != *mt.TableNo {
				m.FeatureTables = append(m.FeatureTables, t)
			}
		}
	}
	for _, en := range d.Entries {
		if en.Active() {
			m.Players = append(m.Players, views.JudgeRef{ID: en.ID, Name: en.PlayerName})
		}
	}
	title := views.PairingLabel(m.Match, "ChangePairingAt", "ChangePairingOfBye")
	return web.Render(c, http.StatusOK, views.PairingEditView(h.PageTitled(c, title), m))
}

// seatedRow is a match's table and who sits there, as the round page and
// the pairing form show them; featureTables is the event's, read once per
// page rather than once per row.
func seatedRow(mt *storage.Match, d *readmodel.EventData, featureTables []int) views.MatchRow {
	row := views.MatchRow{ID: mt.ID, P1: d.Name(&mt.P1EntryID), P1ID: mt.P1EntryID, P2: d.Name(mt.P2EntryID), Bye: mt.P2EntryID == nil}
	if mt.TableNo != nil {
		row.Table = strconv.Itoa(*mt.TableNo)
		row.Feature = slices.Contains(featureTables, *mt.TableNo)
	}
	if mt.P2EntryID != nil {
		row.P2ID = *mt.P2EntryID
	}
	return row
}
