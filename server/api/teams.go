package api

import (
	"math"
	"sort"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/pairing"
	"github.com/tenkaichi-org/tenkaichi/server/readmodel"
)

// apiTeamStanding is one team's line of a team event's standings, with its
// players by seat.
type apiTeamStanding struct {
	Rank        int                `json:"rank"`
	Team        string             `json:"team"`
	Points      int                `json:"points"`
	Record      apiRecord          `json:"record"`
	Tiebreakers map[string]float64 `json:"tiebreakers"`
	Dropped     bool               `json:"dropped"`
	// Placing is the team's final place once decided: from the team top
	// cut, or the team standings' rank when the event ends without one.
	Placing *int            `json:"placing"`
	Players []apiTeamPlayer `json:"players"`
}

// apiTeamPlayer is a player of a team on their seat.
type apiTeamPlayer struct {
	Seat   string `json:"seat"`
	Player string `json:"player"`
	Name   string `json:"name"`
}

// Teams is GET /api/v1/events/:id/teams: a team event's team standings with
// each team's players by seat; an empty list for an event without teams.
func (h *Handler) Teams(c echo.Context) error {
	d, err := h.apiEventData(c)
	if err != nil {
		return h.apiFail(c, err)
	}
	out := []apiTeamStanding{}
	if !d.Event.TeamEvent {
		return apiJSON(c, out)
	}
	res, err := d.Results()
	if err != nil {
		return h.apiFail(c, err)
	}
	st := res.Teams.Standings
	players := map[string][]apiTeamPlayer{}
	for id, s := range d.TeamSeats() {
		en := d.ByID[readmodel.EntryIDOf(id)]
		players[s.Team] = append(players[s.Team], apiTeamPlayer{Seat: s.Seat, Player: id, Name: en.PlayerName})
	}
	for _, row := range st {
		line := apiTeamStanding{Rank: row.Rank, Team: row.ID, Points: row.Points, Dropped: row.Dropped,
			Record: apiRecord{Wins: row.Wins, Losses: row.Losses, Ties: row.Draws}, Tiebreakers: map[string]float64{}, Players: players[row.ID]}
		if p, ok := res.Teams.PlaceOf[row.ID]; ok {
			line.Placing = &p
		}
		sort.Slice(line.Players, func(i, j int) bool {
			return pairing.SeatIndex(line.Players[i].Seat) < pairing.SeatIndex(line.Players[j].Seat)
		})
		for _, tb := range row.Tiebreakers {
			line.Tiebreakers[tb.Key] = math.Round(tb.Value*1e4) / 1e4
		}
		out = append(out, line)
	}
	return apiJSON(c, out)
}
