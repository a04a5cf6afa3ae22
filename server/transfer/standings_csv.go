package transfer

import (
	"bytes"
	"encoding/csv"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/pairing"
	"github.com/tenkaichi-org/tenkaichi/server/readmodel"
)

// StandingsCSV answers the standings as CSV: rank, name, member id, points,
// record, every tiebreaker of the event's profile, in a two-day event the
// day the player finished on (1 for those who did not advance, 2 for day-2
// players), and the final placing (empty until it is decided).
func (h *Handler) StandingsCSV(c echo.Context) error {
	ev, err := h.EventParam(c)
	if err != nil {
		return err
	}
	d, err := readmodel.Load(c.Request().Context(), h.Store, ev)
	if err != nil {
		return err
	}
	res, err := d.Results()
	if err != nil {
		return err
	}
	keys := pairing.TiebreakerKeys(ev.Tiebreakers)
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	head := []string{"rank", "name", "member_id", "points", "record"}
	head = append(head, keys...)
	twoDay := d.TwoDay() != nil
	if twoDay {
		head = append(head, "day") // the day the player finished on
	}
	head = append(head, "placing")
	_ = w.Write(head)
	for _, r := range res.Standings {
		member := ""
		if e, ok := d.ByID[readmodel.EntryIDOf(r.ID)]; ok {
			member = e.MemberID
		}
		line := []string{strconv.Itoa(r.Rank), csvSafe(r.Name), csvSafe(member), strconv.Itoa(r.Points), r.Record()}
		for _, k := range keys {
			line = append(line, strconv.FormatFloat(r.Tiebreaker(k), 'f', 4, 64))
		}
		if twoDay {
			line = append(line, strconv.Itoa(max(r.Day, 1)))
		}
		place := ""
		if p := res.PlaceOf[r.ID]; p > 0 {
			place = strconv.Itoa(p)
		}
		line = append(line, place)
		_ = w.Write(line)
	}
	w.Flush()
	if err := w.Error(); err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderContentDisposition, `attachment; filename="`+strings.TrimSuffix(exportFileName(ev, "csv"), ".csv")+`-standings.csv"`)
	return c.Blob(http.StatusOK, "text/csv; charset=utf-8", buf.Bytes())
}

// csvSafe keeps a spreadsheet from running a cell as a formula.
func csvSafe(v string) string {
	if v != "" && strings.ContainsRune("=+-@\t\r", rune(v[0])) {
		return "'" + v
	}
	return v
}
