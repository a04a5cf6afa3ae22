package server

import (
	"context"
	"errors"
	"net/http"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/pairing"
	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/server/readmodel"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// Team events (pairing/teams.go, docs/event-day.md "Team events"): the
// desk's teams page, team pairing, the team matches of a round.

// msgTeamAdded is the desk's notice after adding a team.
const msgTeamAdded = "TeamFlashAdded"

// msgTeamDropped is the desk's notice after dropping a whole team.
const msgTeamDropped = "TeamFlashDropped"

func init() {
	web.RegisterFlashes(map[string]string{msgTeamAdded: "team-added", msgTeamDropped: "team-dropped"})
}

// pairTeams pairs the next round of a team event (pairing.PairTeamRound):
// the teams are paired as players are, then each team match becomes its
// three seat matches; a seat whose players have all dropped is still
// paired and loses its game. The round keeps the teams' pairing record
// (tenkaichi verify checks team events) and no pairing notes (they would
// name a team's points as a player's).
func pairTeams(ctx context.Context, d *readmodel.EventData) (*pairing.Pairing, error) {
	pe := d.PairingEvent(true)
	for _, p := range pe.Players {
		if p.Team == "" && !p.Dropped {
			return nil, &noSeatError{Name: p.Name}
		}
	}
	return pairing.PairTeamRound(ctx, pe, pairing.PairOptions{})
}

// noSeatError: an active player of a team event has no team or seat.
type noSeatError struct{ Name string }

func (e *noSeatError) Error() string { return "teams: " + e.Name + " has no team and seat" }

// showTeams is the desk's teams page.
func (s *Server) showTeams(c echo.Context) error {
	e, err := s.OrganiserEvent(c)
	if err != nil {
		return err
	}
	return s.teamsPage(c, e, views.AddTeamForm{Errors: views.FieldProblems{}}, i18n.Message{}, http.StatusOK)
}

func (s *Server) teamsPage(c echo.Context, e *storage.Event, f views.AddTeamForm, problem i18n.Message, status int) error {
	if !e.TeamEvent && problem.IsZero() {
		problem = i18n.M("TeamsNotTeamEvent", nil)
	}
	entries, err := s.Store.Entries(c.Request().Context(), e.ID)
	if err != nil {
		return err
	}
	m := views.TeamsPage{Nav: web.Nav(e, "teams"), Teams: teamLines(entries), Add: f, Problem: problem}
	p := s.PageTitled(c, i18n.M("TeamsTitle", i18n.Args{"Event": e.Name}))
	return web.Render(c, status, views.TeamsPageView(p, m))
}

// teamLines are the event's teams by name, each player on their seat.
func teamLines(entries []storage.Entry) []views.TeamLine {
	byName := map[string]*views.TeamLine{}
	var names []string
	for _, en := range entries {
		seat := pairing.SeatIndex(en.TeamSeat)
		if en.Team == "" || seat < 0 || en.Waitlisted {
			continue
		}
		t := byName[en.Team]
		if t == nil {
			t = &views.TeamLine{Name: en.Team}
			byName[en.Team] = t
			names = append(names, en.Team)
		}
		t.Seats[seat] = views.TeamSeatLine{EntryID: en.ID, Name: en.PlayerName, Dropped: !en.Active()}
	}
	sort.Strings(names)
	out := make([]views.TeamLine, 0, len(names))
	for _, n := range names {
		t := *byName[n]
		t.Out = true
		for _, en := range entries {
			if en.Team == n && en.Active() {
				t.Out = false
			}
		}
		out = append(out, t)
	}
	return out
}

// dropTeam drops a whole team at the desk (every player still in it): the
// team is out, as a dropped player is. A single dropped player leaves
// their team in play, their seat losing its game each round
// (pairing.Lineup).
func (s *Server) dropTeam(c echo.Context) error {
	e, err := s.OrganiserEvent(c)
	if err != nil {
		return err
	}
	played, err := s.RoundsPlayed(c, e)
	if err != nil {
		return err
	}
	team := c.FormValue("team")
	n, err := s.Store.DropTeam(c.Request().Context(), web.ActorOf(c), e.ID, team, played)
	if err != nil {
		return err
	}
	if n == 0 {
		return s.teamsPage(c, e, views.AddTeamForm{Errors: views.FieldProblems{}}, i18n.M("TeamDropNone", i18n.Args{"Team": team}), http.StatusConflict)
	}
	web.SetFlash(c, msgTeamDropped)
	return web.Redirect(c, web.EventURL(e.ID, "/teams"))
}

// addTeam adds a team at the desk: its name and its three players, one per
// seat.
func (s *Server) addTeam(c echo.Context) error {
	e, err := s.OrganiserEvent(c)
	if err != nil {
		return err
	}
	f := views.AddTeamForm{Errors: views.FieldProblems{}, Team: strings.Join(strings.Fields(c.FormValue("team_name")), " ")}
	if n := utf8.RuneCountInString(f.Team); n == 0 || n > 60 {
		f.Errors["team_name"] = i18n.M("TeamErrName", nil)
	}
	players := make([]*storage.Entry, 0, 3)
	for i, seat := range pairing.TeamSeats {
		f.Players[i] = strings.Join(strings.Fields(c.FormValue("seat_"+seat)), " ")
		if n := utf8.RuneCountInString(f.Players[i]); n == 0 || n > 80 {
			f.Errors["seat_"+seat] = i18n.M("TeamErrPlayerName", i18n.Args{"Seat": seat})
		}
		players = append(players, &storage.Entry{PlayerName: f.Players[i], TeamSeat: seat, TokenHash: "pending:" + web.NewToken()})
	}
	if len(f.Errors) > 0 {
		return s.teamsPage(c, e, f, i18n.Message{}, http.StatusUnprocessableEntity)
	}
	err = s.Store.CreateTeam(c.Request().Context(), web.ActorOf(c), e.ID, f.Team, players)
	if errors.Is(err, storage.ErrTeamExists) {
		f.Errors["team_name"] = i18n.M("TeamErrExists", i18n.Args{"Team": f.Team})
		return s.teamsPage(c, e, f, i18n.Message{}, http.StatusConflict)
	}
	if err != nil {
		return err
	}
	for _, en := range players {
		if err := s.SetEntryToken(c, en); err != nil {
			return err
		}
	}
	web.SetFlash(c, msgTeamAdded)
	return web.Redirect(c, web.EventURL(e.ID, "/teams"))
}

// teamMatchRows are a team round's team matches for the round page.
func teamMatchRows(d *readmodel.EventData, number int) []views.TeamMatchRow {
	var out []views.TeamMatchRow
	for _, tr := range d.TeamRounds() {
		if tr.Number != number {
			continue
		}
		for _, tm := range tr.Matches {
			out = append(out, web.TeamMatchRow(tm))
		}
	}
	// By team table, byes (no table) last.
	sort.SliceStable(out, func(i, j int) bool {
		ti, tj := out[i].Table, out[j].Table
		return ti != 0 && (tj == 0 || ti < tj)
	})
	return out
}

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

// seatNotPlayedText is a seat match's note in English (the API and event
// file): why the seat lost its game without playing.
func seatNotPlayedText(nm storage.NewMatch, note string, d *readmodel.EventData) string {
	m := storage.Match{P1EntryID: nm.P1, P2EntryID: nm.P2, NoteReason: note}
	return readmodel.MatchReason(m, d).In(context.Background())
}
