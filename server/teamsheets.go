package server

import (
	"context"

	"github.com/tenkaichi-org/tenkaichi/server/readmodel"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// A team event's projector and print sheets (docs/event-day.md "Team
// events"): pairings as team matches with their seat tables, standings as
// the team standings.

// teamPairingNames are the teams of a round by name, each with its seat
// tables and opponent.
func teamPairingNames(tps []views.TeamPairing) []views.TeamPairingByName {
	out := make([]views.TeamPairingByName, 0, 2*len(tps))
	for _, tp := range tps {
		out = append(out, views.TeamPairingByName{Team: tp.Team1, Tables: tp.Tables, Opponent: tp.Team2})
		if tp.Team2 != "" {
			out = append(out, views.TeamPairingByName{Team: tp.Team2, Tables: tp.Tables, Opponent: tp.Team1})
		}
	}
	web.SortByName(out, func(l views.TeamPairingByName) string { return l.Team })
	return out
}

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

// printTeamStandings fills a team event's standings sheet with the team
// standings.
func printTeamStandings(ctx context.Context, sheet *views.StandingsSheet, d *readmodel.EventData, keys []string) error {
	rows, err := d.TeamStandings()
	if err != nil {
		return err
	}
	sheet.Teams = true
	sheet.Head.Title = i18n.M("TeamPrintStandingsTitle", nil)
	if sheet.AfterRound > 0 {
		sheet.Head.Title = i18n.M("TeamPrintStandingsAfter", i18n.Args{"Round": sheet.AfterRound})
	}
	for _, r := range rows {
		row := views.StandingRow{Rank: r.Rank, Name: r.Name, Record: r.Record(), Points: r.Points, Dropped: r.Dropped}
		for _, k := range keys {
			row.Tiebreakers = append(row.Tiebreakers, web.TiebreakerPercent(ctx, r.Tiebreaker(k)))
		}
		sheet.Rows = append(sheet.Rows, row)
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
