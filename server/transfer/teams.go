package transfer

import (
	"sort"

	"github.com/tenkaichi-org/tenkaichi/pairing"
	"github.com/tenkaichi-org/tenkaichi/server/readmodel"
)

// exportTeam is a team of a team event: its name and its players (pairing
// ids) by seat.
type exportTeam struct {
	Name  string            `json:"name"`
	Seats map[string]string `json:"seats"` // "A" → player id
	// Placing is the team's final place once decided (the team top cut's,
	// or the team standing of a finished event without one).
	Placing int `json:"placing,omitempty"`
}

// exportTeamMatch is one team match: its round, team table (seats at tables
// 3×table−2 to 3×table), teams, the seat results from team1's side in seat
// order and the team result ("" while seats are being played, "bye").
// TopCut marks a match of the team top cut (its seats are best-of-three
// matches; the players' top cut has their games).
type exportTeamMatch struct {
	Round  int      `json:"round"`
	TopCut bool     `json:"top_cut,omitempty"`
	Table  int      `json:"table,omitempty"`
	Team1  string   `json:"team1"`
	Team2  *string  `json:"team2"`
	Seats  []string `json:"seats,omitempty"`
	Result string   `json:"result,omitempty"`
}

// exportTeams are a team event's teams and team matches; nil otherwise.
// res are the event's team results (placings).
func exportTeams(d *readmodel.EventData, res *readmodel.TeamResults) ([]exportTeam, []exportTeamMatch) {
	seats := d.TeamSeats()
	if seats == nil {
		return nil, nil
	}
	byName := map[string]*exportTeam{}
	var teams []exportTeam
	for id, s := range seats {
		t := byName[s.Team]
		if t == nil {
			t = &exportTeam{Name: s.Team, Seats: map[string]string{}}
			byName[s.Team] = t
		}
		t.Seats[s.Seat] = id
	}
	for _, t := range byName {
		if res != nil {
			t.Placing = res.PlaceOf[t.Name]
		}
		teams = append(teams, *t)
	}
	sort.Slice(teams, func(i, j int) bool { return teams[i].Name < teams[j].Name })
	var matches []exportTeamMatch
	_, rounds := pairing.TeamEvent(d.PairingEvent(true), seats)
	for _, r := range rounds {
		for _, tm := range r.Matches {
			matches = append(matches, exportTeamMatch{Round: r.Number, Table: tm.Table, Team1: tm.P1, Team2: tm.P2, Seats: tm.Games, Result: tm.Result})
		}
	}
	for _, r := range d.TeamCutPlay() {
		for _, tm := range r.Matches {
			matches = append(matches, exportTeamMatch{Round: r.Number, TopCut: true, Table: tm.Table, Team1: tm.P1, Team2: tm.P2, Seats: tm.Games, Result: tm.Result})
		}
	}
	return teams, matches
}
