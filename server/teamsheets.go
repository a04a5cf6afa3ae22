package server

import (
	"context"

	"github.com/tenkaichi-org/tenkaichi/server/readmodel"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views"
)

// A team event's projector (docs/event-day.md "Team events"): pairings as
// team matches with their seat tables, standings as the team standings;
// and a team's placing on its players' phones. The print sheets are
// package staff's.

// projectorTeams fills a team event's projector: its round's team matches,
// and beside them the teams' bracket and placings once the cut has
// started, else the team standings after the last complete round.
func projectorTeams(ctx context.Context, p *views.Projector, d *readmodel.EventData, res *readmodel.Results, top int) error {
	p.Teams = true
	if p.Round > 0 {
		p.TeamPairings = web.TeamPairings(d.TeamRounds(), d.Matches[p.Round], p.Round, d.ByID)
	}
	t := res.Teams
	p.Bracket, p.Placings, p.Standings = nil, nil, nil
	switch {
	case t.Bracket != nil:
		p.Bracket = web.BracketView(t.Bracket, d.Event.TopCutBestOf, d.BracketName)
		if d.Event.Status == storage.StatusFinished {
			p.Placings = placingLines(t.Standings, t.Placings)[:min(top, len(t.Placings))]
		}
	case d.Event.Status == storage.StatusFinished && t.Placings != nil:
		p.Placings = placingLines(t.Standings, t.Placings)[:min(top, len(t.Placings))]
	default:
		if last := d.LastCompleteSwissRound(); last > 0 {
			st, err := d.TeamStandingsThrough(last)
			if err != nil {
				return err
			}
			p.StandingsAfter = last
			p.Standings, p.TiebreakNames = projectorStandings(ctx, st, top)
		}
	}
	return nil
}

// teamPlacing puts a team event player's team's final placing (or the cut
// round their team went out in) on their phone once the team top cut has
// started: the players themselves have no placing then.
func teamPlacing(m *views.PlayerHome, rm *readmodel.Model, en *storage.Entry) error {
	if !rm.Data.Event.TeamEvent || en.Team == "" || len(rm.Data.TopCutRounds()) == 0 {
		return nil
	}
	res, err := rm.Results()
	if err != nil || res.Teams == nil {
		return err
	}
	for _, p := range res.Teams.Placings {
		if p.ID == en.Team {
			m.Placing, m.LostIn, m.TeamPlacing = p.Place, p.LostIn, true
		}
	}
	return nil
}
