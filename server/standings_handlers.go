package server

import (
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/pairing"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views"
)

// tiebreakerLabel is a tiebreaker's column heading: its key as players know
// it ("omw" → "OMW%"); printTiebreakerNames has the long names.
func tiebreakerLabel(key string) string { return strings.ToUpper(key) + "%" }

// tiebreakerFormulas explain each profile in plain words (docs/tiebreakers.md
// has the worked examples).
var tiebreakerFormulas = map[string][]string{
	"bandai": {
		"Players are ranked by match points: a win and a bye are worth the event's win points, a draw its draw points.",
		"OMW% (opponents' match-win percentage): the average, over the opponents a player met, of each opponent's points divided by the most they could have scored; byes are left out and each opponent counts at least 33%.",
		"OOMW%: the average of the opponents' own OMW%.",
		"Players still tied are ordered by a random number drawn for each player when they registered, which stays with them (also through an export and import).",
	},
	"pokemon": {
		"Players are ranked by match points.",
		"OWP% (opponents' win percentage): the average of the opponents' win rates, each at least 25%, and at most 75% for a dropped player; byes count neither as won nor as played.",
		"OOWP%: the average of the opponents' own OWP%.",
		"When exactly two players are still tied, the winner of their match goes first.",
	},
	"mtg": {
		"Players are ranked by match points.",
		"OMW%: the average of the opponents' match-win percentages, each at least 33%.",
		"GW% (game-win percentage): games won divided by games played, at least 33%.",
		"OGW%: the average of the opponents' game-win percentages.",
	},
}

// standingsView computes the standings and the bracket for display.
func (s *Server) standingsView(d *eventData) (views.StandingsPage, error) {
	e := d.Event
	m := views.StandingsPage{Nav: nav(e, "standings"), EventID: e.ID, Profile: e.Tiebreakers, Formula: tiebreakerFormulas[e.Tiebreakers]}
	pe := d.pairingEvent(false)
	st, err := pairing.Standings(pe, "")
	if err != nil {
		return m, err
	}
	for _, r := range d.swissRounds() {
		done := r.Status != storage.RoundPreview
		for _, mt := range d.Matches[r.Number] {
			if mt.Status != storage.MatchConfirmed {
				done = false
			}
		}
		if done {
			m.AfterRound = r.Number
		}
	}
	for _, k := range pairing.TiebreakerKeys(e.Tiebreakers) {
		m.Tiebreakers = append(m.Tiebreakers, tiebreakerLabel(k))
	}
	for i, row := range st {
		line := views.StandingLine{Rank: i + 1, Name: row.Name, Points: row.Points, Record: row.Record(), Dropped: row.Dropped}
		for _, tb := range row.Tiebreakers {
			line.Tiebreakers = append(line.Tiebreakers, printPercent(tb.Value))
		}
		m.Rows = append(m.Rows, line)
	}
	if len(d.topCutRounds()) > 0 {
		if b, err := pairing.BuildTopCut(pe, e.TopCutSize); err == nil {
			m.Bracket = bracketView(b, d)
		}
	}
	return m, nil
}

func bracketView(b *pairing.Bracket, d *eventData) *views.CutBracketView {
	name := func(id *string) string {
		if id == nil {
			return ""
		}
		eid := entryIDOf(*id)
		return d.name(&eid)
	}
	out := &views.CutBracketView{}
	if b.Champion != nil {
		out.Champion = name(b.Champion)
	}
	for _, r := range b.Rounds {
		rv := views.CutRoundView{Name: r.Name}
		for _, bm := range r.Matches {
			rv.Matches = append(rv.Matches, views.CutMatchView{
				P1: name(bm.P1), P2: name(bm.P2), Seed1: bm.Seed1, Seed2: bm.Seed2, Score: bm.Score,
				Winner: name(bm.Winner), Bye: bm.Bye, Chooser: name(bm.NextChooser),
			})
		}
		out.Rounds = append(out.Rounds, rv)
	}
	return out
}

// showStandings is public for events past the draft; staff see their menu.
func (s *Server) showStandings(c echo.Context) error {
	e, err := s.eventParam(c)
	if err != nil {
		return err
	}
	if ok, err := s.canSee(c, e); err != nil {
		return err
	} else if !ok {
		return notFound()
	}
	d, err := s.loadEventData(c.Request().Context(), e)
	if err != nil {
		return err
	}
	m, err := s.standingsView(d)
	if err != nil {
		return err
	}
	staff, err := s.isStaff(c, e)
	if err != nil {
		return err
	}
	m.Public = !staff
	p := s.page(c, e.Name+": standings")
	p.JSURL = liveScriptURL()
	return render(c, http.StatusOK, views.StandingsPageView(p, m))
}
