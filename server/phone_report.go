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

// playerReport is POST /p/:token/report. The phone's one form posts both
// a player's own result and (games=same) their confirmation of the
// opponent's report; reportResult and confirmResult handle each.
func (s *Server) playerReport(c echo.Context) error {
	if c.FormValue("games") == "same" {
		return s.confirmResult(c)
	}
	return s.reportResult(c)
}

// reportResult takes "I won / I lost / draw" (or games of a best-of-three)
// from a player's phone.
func (s *Server) reportResult(c echo.Context) error {
	r, err := s.reportingMatch(c)
	if r == nil {
		return err
	}
	in, problem := s.readReport(c, r)
	return s.saveReport(c, r, in, problem)
}

// confirmResult takes a player's confirmation of the opponent's report (the
// confirm button sends the report's result in the match's own terms): the
// report exactly as the opponent sent it. Without such a report the form is
// read as a report of the player's own.
func (s *Server) confirmResult(c echo.Context) error {
	r, err := s.reportingMatch(c)
	if r == nil {
		return err
	}
	in, problem := s.readReport(c, r)
	if rep := r.link.Theirs; rep != nil && rep.Result == c.FormValue("result") {
		in, problem = storage.ResultInput{Result: rep.Result, P1Wins: rep.P1Wins, P2Wins: rep.P2Wins, Draws: rep.Draws, Games: rep.Games,
			Intentional: rep.Intentional}, i18n.Message{}
	}
	return s.saveReport(c, r, in, problem)
}

// reporting is a report from a phone: what the link, its event and the
// match it names say about it (storage.ReportLink) and the player's side.
type reporting struct {
	link  *storage.ReportLink
	match *storage.Match
	side  string
}

// reportingMatch reads the link and the match a report names. It returns
// nil when it has answered already (a wrong link, a match that is gone or
// not the player's), with what answering returned.
func (s *Server) reportingMatch(c echo.Context) (*reporting, error) {
	matchID, _ := strconv.ParseInt(c.FormValue("match"), 10, 64)
	// What the report is decided on in one small query: every table
	// reports at once at the end of a round. The whole entry and event are
	// read only to show the player's page with a problem.
	link, err := s.Store.PlayerReportLink(c.Request().Context(), web.HashToken(c.Param("token")), matchID)
	if errors.Is(err, storage.ErrNotFound) {
		return nil, s.LinkMiss(c)
	}
	if err != nil {
		return nil, err
	}
	r := &reporting{link: link, match: link.Match}
	if r.match == nil {
		return nil, s.reportProblem(c, views.PlayerHome{Problem: i18n.M("PhoneMatchGone", nil)}, http.StatusNotFound)
	}
	if r.side = r.match.Side(link.EntryID); r.side == "" {
		return nil, web.Refused(i18n.M("PhoneNotYourMatch", nil))
	}
	return r, nil
}

// reportProblem shows the player's page with a report's problem.
func (s *Server) reportProblem(c echo.Context, page views.PlayerHome, status int) error {
	matchID, _ := strconv.ParseInt(c.FormValue("match"), 10, 64)
	en, ev, _, err := s.Store.PlayerMatch(c.Request().Context(), web.HashToken(c.Param("token")), matchID)
	if errors.Is(err, storage.ErrNotFound) {
		return s.LinkMiss(c) // the link went while the report was read
	}
	if err != nil {
		return err
	}
	return s.renderPlayerHome(c, en, ev, page, status)
}

// readReport reads the player's answer in their own terms: won, lost or a
// draw, or the games of a best-of-three. problem says what is wrong with
// it (empty when it is a result).
func (s *Server) readReport(c echo.Context, r *reporting) (in storage.ResultInput, problem i18n.Message) {
	in, ok := readPlayerResult(c, r.side)
	if !ok {
		problem = i18n.M("ReportChooseResult", nil)
	}
	if c.FormValue("result") == "games" {
		bestOf := 1
		if round, err := s.RoundOfMatch(c, &storage.Event{ID: r.link.EventID}, r.match); err == nil && round.Kind == storage.KindTopCut {
			bestOf = r.link.TopCutBestOf
		}
		in, problem = web.ReadGames(c, bestOf, web.SideNames(r.side))
	}
	return in, problem
}

// saveReport stores a report, or shows the player's page with problem (a
// result that cannot be read) or with why the match takes no report.
func (s *Server) saveReport(c echo.Context, r *reporting, in storage.ResultInput, problem i18n.Message) error {
	if !problem.IsZero() {
		return s.reportProblem(c, views.PlayerHome{Problem: problem, GamesSent: sentGames(c)}, http.StatusUnprocessableEntity)
	}
	ctx := c.Request().Context()
	if in.Intentional && r.link.NoIntentionalDraws {
		return s.reportProblem(c, views.PlayerHome{Problem: i18n.M("PhoneIntentionalDrawOff", nil)}, http.StatusConflict)
	}
	m, _, err := s.Store.ReportResult(ctx, r.link.EventID, r.match.ID, r.link.EntryID, in)
	switch {
	case errors.Is(err, storage.ErrNoIntentionalDraw):
		problem = i18n.M("PhoneIntentionalDrawTopCut", nil)
	case errors.Is(err, storage.ErrAlreadyConfirmed):
		problem = i18n.M("PhoneResultAlreadyFinal", nil)
	case errors.Is(err, storage.ErrFrozen):
		problem = i18n.M("PhoneRoundFrozen", nil)
	case errors.Is(err, storage.ErrNotOpen):
		problem = i18n.M("PhoneMatchNotOpen", nil)
	case err != nil:
		return err
	}
	if !problem.IsZero() {
		return s.reportProblem(c, views.PlayerHome{Problem: problem}, http.StatusConflict)
	}
	if in.Intentional && m.Status != storage.MatchConfirmed {
		web.SetFlash(c, msgDrawProposed)
	} else {
		web.SetFlash(c, msgReported)
	}
	return web.Redirect(c, "/p/"+c.Param("token"))
}

// playerDeclineDraw is POST /p/:token/draw/decline: the opponent declines
// the intentional draw proposed to them, or the proposer withdraws it.
func (s *Server) playerDeclineDraw(c echo.Context) error {
	r, err := s.reportingMatch(c)
	if r == nil {
		return err
	}
	err = s.Store.DeclineIntentionalDraw(c.Request().Context(), r.link.EventID, r.match.ID, r.link.EntryID)
	problem := i18n.Message{}
	switch {
	case errors.Is(err, storage.ErrAlreadyConfirmed):
		problem = i18n.M("PhoneResultAlreadyFinal", nil)
	case errors.Is(err, storage.ErrNoIntentionalDraw):
		problem = i18n.M("PhoneNoDrawProposal", nil)
	case err != nil:
		return err
	}
	if !problem.IsZero() {
		return s.reportProblem(c, views.PlayerHome{Problem: problem}, http.StatusConflict)
	}
	web.SetFlash(c, msgDrawDeclined)
	return web.Redirect(c, "/p/"+c.Param("token"))
}

// sentGames are the games form's fields of a refused report, to show them
// again beside the problem (nil when the report was not game by game).
func sentGames(c echo.Context) map[string]string {
	if c.FormValue("result") != "games" {
		return nil
	}
	sent := map[string]string{}
	for g := 1; g <= maxSentGames; g++ {
		for _, key := range []string{"g" + strconv.Itoa(g), "g" + strconv.Itoa(g) + "_first"} {
			sent[key] = c.FormValue(key)
		}
	}
	return sent
}

// maxSentGames: the games form has at most this many games (best of five).
const maxSentGames = 5

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
	case "intentional-draw":
		return storage.ResultInput{Result: storage.ResultDraw, Intentional: true}, true
	}
	// Anything else (including results in the match's own terms, which only
	// the confirm button sends) is not an answer.
	return storage.ResultInput{}, false
}
