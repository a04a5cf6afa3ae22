package views

import (
	"context"
	"strconv"

	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// SeasonsPage lists a store's seasons and the leagues it is in, or (StoreID
// 0) the regional leagues, which only the instance admin changes.
type SeasonsPage struct {
	StoreID   int64
	StoreName string
	NewURL    string // "" when the viewer may not create one here
	Seasons   []SeasonRow
}

// SeasonRow is a season in a list.
type SeasonRow struct {
	ID         int64
	Name       string
	GameFormat i18n.Message // "Fusion World, every format"
	From, To   string       // first and last day, worded
	League     bool
	Public     bool
	// EditURL and EventsURL are "" when the viewer may not change it.
	EditURL, EventsURL string
}

// SeasonForm creates or edits a season or a regional league.
type SeasonForm struct {
	ID, Version       int64
	Action, CancelURL string
	League            bool
	Name, Game        string
	Format            string // "" every format of the game
	StartsOn, EndsOn  string // YYYY-MM-DD
	PointsByPlacing   string // "10, 8, 6"
	PointsAttendance  string
	PointsWin         string
	PointsDraw        string
	BestN, MinPlayers string
	FinalCut          string
	Tiebreakers       []string // the key chosen at each position ("" none)
	Public            bool
	Games             []Option
	Formats           []OptionGroup
	TiebreakerChoices []Choice
	Stores            []StoreCheck // a league's: every store, ticked when in it
	Errors            FieldProblems
	Problem           i18n.Message
}

// StoreCheck is a store a regional league may add up.
type StoreCheck struct {
	ID      int64
	Name    string
	Checked bool
}

// SeasonDeletePage asks before a season is deleted.
type SeasonDeletePage struct {
	Name              string
	Action, CancelURL string
}

// SeasonEventsPage lists the events a season counts and those it could,
// each with the form that changes it.
type SeasonEventsPage struct {
	Name             string
	BoardURL         string
	EditURL          string
	DeleteURL        string
	Rule             i18n.Message // which events count by rule
	Events           []SeasonEventRow
	Problem          i18n.Message
	MoreEventsHidden int // events past the list's length, not shown
}

// SeasonEventRow is one event of the season's stores and game.
type SeasonEventRow struct {
	ID         int64
	Name, Date string
	URL        string
	Action     string // where its form posts
	Counts     bool   // it counts for the season now
	ByRule     bool   // the rule alone would count it
	Finished   bool
}

// LeaderboardPage is a season's leaderboard: on a phone one block per
// player, at the desk a table with every value.
type LeaderboardPage struct {
	SeasonID   int64
	Name       string
	Where      i18n.Message // the store, or the league's stores
	GameFormat i18n.Message
	From, To   string
	Rules      []i18n.Message // the scoring rules, one sentence each
	TieOrder   i18n.Message   // how players level on points are ordered
	Rows       []LeaderRow
	FinalCut   int
	CutShared  bool
	Events     []LeaderEvent
	// Links; EditURL and EventsURL are "" unless the viewer organises it.
	ProjectorURL, PrintURL, CSVURL string
	EditURL, EventsURL, DeleteURL  string
	Private                        bool // only its organisers see it
	// A long board is shown a page at a time (Rows are this page's), and
	// can be searched by name (Query; Rows are the matches).
	Pager            LeaderPager
	MoreEventsHidden int // older events that count, not listed
}

// LeaderPager is the leaderboard's page: Page of Pages (from 1), links to
// the pages before and after ("" on the first or last), and the search.
type LeaderPager struct {
	Page, Pages      int
	PrevURL, NextURL string
	Query            string
	SearchURL        string // where the search form goes
	ShowAllURL       string // the board without the search, when searching
	Highlight        int64  // the player asked for (?player=), marked
	Total            int    // players on the board (or matching the search)
}

// LeaderRow is a player's line of the leaderboard.
type LeaderRow struct {
	Place       int
	Shared      bool // the place is shared with the row above
	PlayerID    int64
	Name        string
	Points      int
	Counted     int // events whose points count (best N)
	Attended    int
	EventsWon   int
	BestPlacing int // 0: no place known
	MatchWins   int
	Rated       bool
	Rating      int // rounded
	Deviation   int // rounded
	InFinal     bool
	CutAfter    bool // the final cut's line follows this row
	Tie         *LeaderTie
}

// LeaderTie is why a row is below the one above it on the same points:
// Tiebreaker decided with the values Above and Below, or (Tiebreaker "")
// nothing separates them.
type LeaderTie struct {
	Tiebreaker   string
	Above, Below int
}

// LeaderEvent is an event that counts, on the leaderboard.
type LeaderEvent struct {
	ID      int64
	Name    string
	Date    string
	Players int
	Counts  bool // it has the season's minimum of players
}

// SeasonProjector is the leaderboard on the venue's screen.
type SeasonProjector struct {
	Board  LeaderboardPage
	CSSURL string
}

// SeasonSheet is the leaderboard to print.
type SeasonSheet struct {
	Head  PrintHead
	Board LeaderboardPage
}

// TiebreakerOrder is a season's tiebreakers in order, worded as a list
// (a Phrase among a message's values).
type TiebreakerOrder []string

// In words the list in the language of ctx.
func (o TiebreakerOrder) In(ctx context.Context) string {
	names := make([]string, len(o))
	for i, k := range o {
		names[i] = SeasonTiebreakerName(k).In(ctx)
	}
	return JoinWords(ctx, names)
}

// PlacingPoints are the points of each place, worded as a list ("1st: 10,
// 2nd: 8").
type PlacingPoints []int

// In words the list in the language of ctx.
func (pp PlacingPoints) In(ctx context.Context) string {
	items := make([]string, len(pp))
	for i, p := range pp {
		items[i] = i18n.T(ctx, "LeaguePlacingPoint", i18n.Args{"Place": i18n.Ordinal(ctx, i+1), "Points": i18n.Int(ctx, int64(p))})
	}
	return JoinWords(ctx, items)
}

// seasonRowURL is the page of a season's leaderboard with the player's row.
func seasonRowURL(season, player int64) string {
	id := strconv.FormatInt(player, 10)
	return seasonURL(season) + "?player=" + id + "#player-" + id
}
