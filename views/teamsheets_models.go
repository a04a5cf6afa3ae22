package views

import (
	"context"

	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// TeamPairing is a team match of a round as the projector and the pairings
// sheet list it: the team table, the teams and their three seat matches,
// seat A first. Team2 is "" for a team's bye (Seats then empty).
type TeamPairing struct {
	Table  int
	Tables string // "1–3"
	Team1  string
	Team2  string
	Seats  []TeamSeatPairing
	Done   bool // every seat has its result
}

// TeamSeatPairing is one seat match of a team match, its players on their
// teams' sides (P1 of Team1).
type TeamSeatPairing struct {
	Seat  string
	Table string
	P1    string
	P2    string
	Done  bool
}

// TeamPairingByName is a team's line of the pairings by name: its team
// table's seat tables and the opposing team ("" for a bye).
type TeamPairingByName struct {
	Team     string
	Tables   string
	Opponent string
}

// nameColumn heads the projector's column of names: the players', or a
// team event's teams.
func nameColumn(ctx context.Context, teams bool) string {
	if teams {
		return i18n.T(ctx, "TeamColTeam", nil)
	}
	return i18n.T(ctx, "PhonePlayerColumn", nil)
}
