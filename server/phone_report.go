package server

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// playerReport takes "I won / I lost / draw" (or games of a best-of-three)
// from a player's phone.
func (s *Server) playerReport(c echo.Context) error {
	ctx := c.Request().Context()
	matchID, _ := strconv.ParseInt(c.FormValue("match"), 10, 64)
	// The link's entry, its event and the match in one query: every table
	// reports at once at the end of a round.
	en, ev, mt, err := s.Store.PlayerMatch(ctx, web.HashToken(c.Param("token")), matchID)
	if errors.Is(err, storage.ErrNotFound) {
		return s.LinkMiss(c)
	}
	if err != nil {
		return err
	}
	if mt == nil {
		return s.renderPlayerHome(c, en, ev, views.PlayerHome{Problem: i18n.T(ctx, "PhoneMatchGone", nil)}, http.StatusNotFound)
	}
	side := mt.Side(en.ID)
	if side == "" {
		return web.Forbidden(i18n.T(ctx, "PhoneNotYourMatch", nil))
	}
	in, ok := readPlayerResult(c, side)
	problem := ""
	if !ok {
		problem = i18n.T(ctx, "ReportChooseResult", nil)
	}
	if c.FormValue("result") == "games" {
		bestOf := 1
		if r, err := s.roundOfMatch(c, ev, mt); err == nil && r.Kind == storage.KindTopCut {
			bestOf = ev.TopCutBestOf
		}
		in, problem = readGames(c, bestOf, sideNames(side))
		ok = problem == ""
	}
	if c.FormValue("games") == "same" {
		// Confirming the opponent's report: take it exactly as they sent it.
		reports, err := s.Store.Reports(ctx, mt.ID)
		if err != nil {
			return err
		}
		for _, r := range reports {
			if r.EntryID != en.ID && r.Result == c.FormValue("result") {
				in, ok, problem = storage.ResultInput{Result: r.Result, P1Wins: r.P1Wins, P2Wins: r.P2Wins, Draws: r.Draws, Games: r.Games}, true, ""
			}
		}
	}
	if !ok {
		return s.renderPlayerHome(c, en, ev, views.PlayerHome{Problem: problem}, http.StatusUnprocessableEntity)
	}
	_, _, err = s.Store.ReportResult(ctx, ev.ID, mt.ID, en.ID, in)
	switch {
	case errors.Is(err, storage.ErrAlreadyConfirmed):
		problem = i18n.T(ctx, "PhoneResultAlreadyFinal", nil)
	case errors.Is(err, storage.ErrFrozen):
		problem = i18n.T(ctx, "PhoneRoundFrozen", nil)
	case errors.Is(err, storage.ErrNotOpen):
		problem = i18n.T(ctx, "PhoneMatchNotOpen", nil)
	case err != nil:
		return err
	}
	if problem != "" {
		return s.renderPlayerHome(c, en, ev, views.PlayerHome{Problem: problem}, http.StatusConflict)
	}
	web.SetFlash(c, msgReported)
	return web.Redirect(c, "/p/"+c.Param("token"))
}

// readPlayerResult turns a player's answer into a result of the match.
func readPlayerResult(c echo.Context, side string) (storage.ResultInput, bool) {
	other := storage.ResultP2
	if side == storage.ResultP2 {
		other = storage.ResultP1
	}
	win := func(who string) storage.ResultInput {
		if who == storage.ResultP1 {
			return storage.ResultInput{Result: who, P1Wins: 1}
		}
		return storage.ResultInput{Result: who, P2Wins: 1}
	}
	switch c.FormValue("result") {
	case "won":
		return win(side), true
	case "lost":
		return win(other), true
	case "draw":
		return storage.ResultInput{Result: storage.ResultDraw, Draws: 1}, true
	}
	// Anything else (including results in the match's own terms, which only
	// the confirm button sends) is not an answer.
	return storage.ResultInput{}, false
}
