package views

import "github.com/tenkaichi-org/tenkaichi/views/i18n"

// TeamsPage is the desk's list of a team event's teams with the form that
// adds one.
type TeamsPage struct {
	Nav     EventNav
	Teams   []TeamLine
	Add     AddTeamForm
	Problem i18n.Message
}

// TeamLine is one team with its players by seat (A, B, C; "" for an empty
// seat).
type TeamLine struct {
	Name  string
	Seats [3]TeamSeatLine
	// Out: every player of the team has dropped (the team is not paired).
	Out bool
}

// TeamSeatLine is one seat's player.
type TeamSeatLine struct {
	EntryID int64
	Name    string
	Dropped bool
}

// AddTeamForm is the team form's values and problems.
type AddTeamForm struct {
	Team    string
	Players [3]string
	Errors  FieldProblems
}

// TeamMatchRow is one team match of a round: the teams, their team table,
// the three seat tables, the seats each has won and the team result.
type TeamMatchRow struct {
	Table    int
	Tables   string // "1–3"
	Team1    string
	Team2    string // "" for a bye
	Seats1   int
	Seats2   int
	Result   i18n.Message // "Team Red wins 2–1.", "Draw 1–1.", "2 seats still to play."
	Finished bool
}

// TeamStandings are a team event's standings: the team lines and the
// tiebreakers' headings.
type TeamStandings struct {
	Tiebreakers []string
	Rows        []StandingLine
}
