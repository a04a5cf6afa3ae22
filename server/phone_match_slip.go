package server

import (
	"fmt"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// showMatch is where a match slip's QR code leads: staff go to the round's
// page; a player's phone that has opened its link before goes to its page.
func (s *Server) showMatch(c echo.Context) error {
	e, err := s.EventParam(c)
	if err != nil {
		return err
	}
	mt, err := s.MatchParam(c, e)
	if err != nil {
		return err
	}
	if staff, err := s.IsStaff(c, e); err != nil {
		return err
	} else if staff {
		r, err := s.RoundOfMatch(c, e, mt)
		if err != nil {
			return err
		}
		return web.Redirect(c, fmt.Sprintf("/events/%d/rounds/%d", e.ID, r.Number))
	}
	if e.Status == storage.StatusDraft {
		return web.NotFound() // private: not even its matches are said to exist
	}
	if ck, err := c.Cookie(playerCookie(e.ID)); err == nil && ck.Value != "" {
		if en, err := s.Store.EntryByTokenHash(c.Request().Context(), web.HashToken(ck.Value)); err == nil && en.EventID == e.ID {
			return web.Redirect(c, "/p/"+ck.Value)
		}
	}
	return &web.Error{Code: http.StatusForbidden, Msg: i18n.M("PhoneSlipNeedsOwnLink", nil)}
}

// playerCookie remembers a phone's player link per event, so the QR code on
// a match slip can take the player to their own page.
func playerCookie(eventID int64) string { return "tenkaichi_player_" + strconv.FormatInt(eventID, 10) }
