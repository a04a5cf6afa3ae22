package server

import (
	"bytes"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/pairing"
	"github.com/tenkaichi-org/tenkaichi/server/web"
)

// pairingFile is GET /events/:id/pairings.json: the event file anyone who
// may see the event's standings can download and check with
// `tenkaichi verify --in FILE` (docs/pairing.md, "Verifying a pairing"):
// the published rounds with their pairing records, nothing private
// (readmodel.PublicPairingFile). Made once per read model, like the
// public standings.
func (s *Server) pairingFile(c echo.Context) error {
	e, err := s.EventParam(c)
	if err != nil {
		return err
	}
	if ok, err := s.CanSee(c, e); err != nil {
		return err
	} else if !ok {
		return web.NotFound()
	}
	ctx := c.Request().Context()
	rm, err := s.models.Of(ctx, e.ID, 0)
	if err != nil {
		return err
	}
	v, err := rm.Memo("pairing-file", func() (any, error) {
		pe, err := rm.Data.PublicPairingFile(ctx, s.Store)
		if err != nil {
			return nil, err
		}
		var buf bytes.Buffer
		err = pairing.WriteEventFile(&buf, pe)
		return buf.Bytes(), err
	})
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderContentDisposition, fmt.Sprintf(`attachment; filename="event-%d-pairings.json"`, e.ID))
	c.Response().Header().Set(echo.HeaderCacheControl, "private, no-cache")
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSONCharsetUTF8, v.([]byte))
}
