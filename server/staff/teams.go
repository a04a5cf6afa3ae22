package staff

import (
	"context"
	"errors"
	"net/http"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/pairing"
	"github.com/tenkaichi-org/tenkaichi/server/readmodel"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// Team events (pairing/teams.go, docs/event-day.md "Team events"): the
// desk's teams page, team pairing, the team matches of a round and the
// team sheets.

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

// ShowTeams is the desk's teams page.
func (h *Handler) ShowTeams(c echo.Context) error {
	e, err := h.OrganiserEvent(c)
	if err != nil {
		return err
	}
	return h.teamsPage(c, e, views.AddTeamForm{Errors: views.FieldProblems{}}, i18n.Message{}, http.StatusOK)
}

func (h *Handler) teamsPage(c echo.Context, e *storage.Event, f views.AddTeamForm, problem i18n.Message, status int) error {
	if !e.TeamEvent && problem.IsZero() {
		problem = i18n.M("TeamsNotTeamEvent", nil)
	}
	entries, err := h.Store.Entries(c.Request().Context(), e.ID)
	if err != nil {
		return err
	}
	m := views.TeamsPage{Nav: web.Nav(e, "teams"), Teams: teamLines(entries), Add: f, Problem: problem}
	p := h.PageTitled(c, i18n.M("TeamsTitle", i18n.Args{"Event": e.Name}))
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

// DropTeam drops a whole team at the desk (every player still in it): the
// team is out, as a dropped player is. A single dropped player leaves
// their team in play, their seat losing its game each round
// (pairing.Lineup).
func (h *Handler) DropTeam(c echo.Context) error {
	e, err := h.OrganiserEvent(c)
	if err != nil {
		return err
	}
	played, err := h.RoundsPlayed(c, e)
	if err != nil {
		return err
	}
	team := c.FormValue("team")
	n, err := h.Store.DropTeam(c.Request().Context(), web.ActorOf(c), e.ID, team, played)
	if err != nil {
		return err
	}
	if n == 0 {
		return h.teamsPage(c, e, views.AddTeamForm{Errors: views.FieldProblems{}}, i18n.M("TeamDropNone", i18n.Args{"Team": team}), http.StatusConflict)
	}
	web.SetFlash(c, msgTeamDropped)
	return web.Redirect(c, web.EventURL(e.ID, "/teams"))
}

// AddTeam adds a team at the desk: its name and its three players, one per
// seat.
func (h *Handler) AddTeam(c echo.Context) error {
	e, err := h.OrganiserEvent(c)
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
		return h.teamsPage(c, e, f, i18n.Message{}, http.StatusUnprocessableEntity)
	}
	err = h.Store.CreateTeam(c.Request().Context(), web.ActorOf(c), e.ID, f.Team, players)
	if errors.Is(err, storage.ErrTeamExists) {
		f.Errors["team_name"] = i18n.M("TeamErrExists", i18n.Args{"Team": f.Team})
		return h.teamsPage(c, e, f, i18n.Message{}, http.StatusConflict)
	}
	if err != nil {
		return err
	}
	for _, en := range players {
		if err := h.SetEntryToken(c, en); err != nil {
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

// seatNotPlayedText is a seat match's note in English (the API and event
// file): why the seat lost its game without playing.
func seatNotPlayedText(nm storage.NewMatch, note string, d *readmodel.EventData) string {
	m := storage.Match{P1EntryID: nm.P1, P2EntryID: nm.P2, NoteReason: note}
	return readmodel.MatchReason(m, d).In(context.Background())
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
