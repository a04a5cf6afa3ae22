package views

import "github.com/tenkaichi-org/tenkaichi/views/i18n"

// Countdown is a round clock as a page shows it. The server renders the
// right text; live.js (when it runs) takes over and ticks, resynchronised
// with GET /events/{id}/clock.
type Countdown struct {
	EventID     int64
	Round       int
	State       string // running, paused, not-started or finished (the round is complete)
	RemainingMS int64  // at render time (negative once time is up)
	ExtensionMS int64  // this table's judge extension, 0 for none
	Text        string // e.g. "34:12", remaining plus extension, "0:00" at time
}

// TimeUp reports whether the countdown shows 0:00.
func (c Countdown) TimeUp() bool {
	return c.State != "not-started" && c.State != "finished" && c.RemainingMS+c.ExtensionMS <= 0
}

// Projector is the large-type page for a screen in the venue: the current
// round's pairings, its clock and the latest standings.
type Projector struct {
	Title     i18n.Message
	CSSURL    string
	JSURL     string
	EventID   int64
	EventName string
	Round     int          // 0: no round published yet
	RoundName i18n.Message // "Round 3", "Top 8"
	Clock     Countdown
	Pairings  []ProjectorPairing
	// View is "" for pairings with standings (or the top cut), "pairings"
	// for the pairings by name alone, in columns across the screen.
	View string
	// StandingsAfter is the last Swiss round with every result in; the
	// standings count rounds up to it only (0: none yet, so none shown).
	StandingsAfter int
	TiebreakNames  []string
	Standings      []ProjectorStanding
	// Bracket is the top cut once it has started; Placings the final
	// places (the first lines) once the event is finished.
	Bracket  *BracketView
	Placings []PlacingLine
	// Announcements are the staff's messages, newest first.
	Announcements []Announcement
	// Teams: a team event's projector, whose pairings are its team matches
	// (TeamPairings) and whose standings are the team standings.
	Teams        bool
	TeamPairings []TeamPairing
}

// ProjectorPairing is one player's line, sorted by name so players find
// themselves: table, player, opponent, points before the round.
type ProjectorPairing struct {
	Table    string // "" for a bye
	Player   string
	Opponent i18n.Message // a name, or StaffBye for a bye
	Points   int
	Done     bool // the match has a confirmed result
}

// ProjectorStanding is one line of the standings.
type ProjectorStanding struct {
	Rank      int
	Name      string
	Points    int
	Record    string
	Tiebreaks []string // formatted percentages, in TiebreakNames order
	Dropped   bool
	Day       int // a two-day event's player: 1 finished on day 1, 2 advanced; 0 otherwise
}
