package server

import (
	"context"

	"github.com/tenkaichi-org/tenkaichi/pairing"
	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/server/readmodel"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// Team events (pairing/teams.go, docs/event-day.md "Team events"): the
// team standings, a team player's lines on their phone and the team rules
// of their deck. The desk's teams page and team pairing are package
// staff's.

// teamStandingsView is a team event's team standings for the standings page.
func teamStandingsView(ctx context.Context, d *readmodel.EventData) (*views.TeamStandings, error) {
	if !d.Event.TeamEvent {
		return nil, nil
	}
	st, err := d.TeamStandings()
	if err != nil {
		return nil, err
	}
	out := &views.TeamStandings{}
	for _, k := range pairing.TiebreakerKeys(d.Event.Tiebreakers) {
		out.Tiebreakers = append(out.Tiebreakers, web.TiebreakerLabel(k))
	}
	for _, row := range st {
		line := views.StandingLine{Rank: row.Rank, Name: row.Name, Points: row.Points, Record: row.Record(), Dropped: row.Dropped}
		for _, tb := range row.Tiebreakers {
			line.Tiebreakers = append(line.Tiebreakers, web.TiebreakerPercent(ctx, tb.Value))
		}
		out.Rows = append(out.Rows, line)
	}
	return out, nil
}

// teamDeckProblems checks a team event player's deck against their
// teammates' saved decks under the format's team rules (rules.CheckTeam).
func (s *Server) teamDeckProblems(ctx context.Context, format *rules.Format, en *storage.Entry, deck *rules.Decklist, pool rules.MapPool) ([]rules.Problem, error) {
	if len(format.TeamRules) == 0 || en.Team == "" {
		return nil, nil
	}
	entries, err := s.Store.Entries(ctx, en.EventID)
	if err != nil {
		return nil, err
	}
	var mates []rules.TeamDeck
	for _, m := range entries {
		if m.ID == en.ID || m.Team != en.Team || m.DeckText == "" || !m.Active() {
			continue
		}
		d, err := web.ParseDeckText(m.DeckText, pool)
		if err != nil {
			continue // an unreadable list shares nothing that can be named
		}
		mates = append(mates, rules.TeamDeck{Seat: m.TeamSeat, Player: m.PlayerName, Deck: d})
	}
	return format.CheckTeam(rules.TeamDeck{Seat: en.TeamSeat, Player: en.PlayerName, Deck: deck}, mates, pool), nil
}

// playerTeamLines puts a team event player's team and seat on their phone,
// and their team's match of the round of their own match (never a round
// still in preview) with its score so far.
func playerTeamLines(m *views.PlayerHome, d *readmodel.EventData, en *storage.Entry) {
	if !d.Event.TeamEvent || en.Team == "" || en.TeamSeat == "" {
		return
	}
	m.Team = i18n.M("PhoneTeamSeat", i18n.Args{"Team": en.Team, "Seat": en.TeamSeat})
	if m.Match == nil || m.Match.Bye {
		return
	}
	for _, tr := range d.TeamRounds() {
		if tr.Number == m.Match.Round {
			teamMatchLine(m, tr, en.Team)
		}
	}
	for _, sm := range d.Matches[m.Match.Round] {
		if sm.ID == m.Match.ID {
			m.SeatNotPlayed = seatNotPlayedLine(sm, en.ID, m.Match.Opponent)
		}
	}
}

// seatNotPlayedLine tells a player their seat match is not played: their
// own seat had no player left, or their opponent's.
func seatNotPlayedLine(sm storage.Match, me int64, opponent string) i18n.Message {
	p1, p2 := readmodel.SeatNotPlayed(sm)
	mine, theirs := p1, p2
	if sm.P1EntryID != me {
		mine, theirs = p2, p1
	}
	switch {
	case mine:
		return i18n.M("PhoneSeatNotPlayedMine", nil)
	case theirs:
		return i18n.M("PhoneSeatNotPlayedTheirs", i18n.Args{"Opponent": opponent})
	}
	return i18n.Message{}
}

func teamMatchLine(m *views.PlayerHome, tr pairing.TeamRound, team string) {
	for _, tm := range tr.Matches {
		if tm.P2 == nil || tm.P1 != team && *tm.P2 != team {
			continue
		}
		row := web.TeamMatchRow(tm)
		other := row.Team2
		if other == team {
			other = row.Team1
		}
		m.TeamMatch = i18n.M("PhoneTeamMatch", i18n.Args{"Opponent": other, "Tables": row.Tables})
		m.TeamResult = row.Result
	}
}
