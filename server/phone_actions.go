package server

import (
	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/judging"
)

// What a player asks for from their page besides a result or a deck: a
// judge, or to drop from the event.

func (s *Server) playerCallJudge(c echo.Context) error {
	en, ev, err := s.PlayerFromLink(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	rm, err := s.models.Of(ctx, ev.ID, 0)
	if err != nil {
		return err
	}
	var matchID *int64
	if pm := s.currentMatch(ctx, rm, en); pm != nil && !pm.Bye {
		matchID = &pm.ID
	}
	if _, err := judging.New(s.Store).OpenJudgeCall(ctx, ev.ID, &en.ID, matchID, web.StoredPhoneCallReason()); err != nil {
		return err
	}
	web.SetFlash(c, msgJudgeCalled)
	return web.Redirect(c, "/p/"+c.Param("token"))
}

func (s *Server) playerDrop(c echo.Context) error {
	en, ev, err := s.PlayerFromLink(c)
	if err != nil {
		return err
	}
	played, err := s.RoundsPlayed(c, ev)
	if err != nil {
		return err
	}
	if err := s.Store.DropEntry(c.Request().Context(), storage.PlayerActor(en.PlayerName), ev.ID, en.ID, played); err != nil {
		return err
	}
	web.SetFlash(c, msgDropped)
	return web.Redirect(c, "/p/"+c.Param("token"))
}
