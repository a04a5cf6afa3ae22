package views

import (
	"cmp"
	"net/url"
	"strconv"

	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// EventNav is the organiser's sub-navigation of an event.
type EventNav struct {
	EventID int64
	Name    string
	Current string // "overview", "players", "decks", "rounds", "standings", "penalties", "judge"
	Teams   bool   // a team event: its teams page is linked
}

// PlayersPage is the organiser's list of entries with the add form.
type PlayersPage struct {
	Nav        EventNav
	Players    []PlayerRow
	Waitlist   []PlayerRow
	Add        AddPlayerForm
	Registered int
	Cap        string
	RegURL     string
	Warning    *AddressWarning // the links will not open on phones
	// Added is the player just added at the counter: their link and QR
	// code are one click away.
	Added *JudgeRef
	// List is the part of the list shown: a big event's players are found
	// by a search and shown a page at a time.
	List PlayerListPart
}

// PlayerListPart is the search and page of a long list: the organiser's
// players, the decks, a round's tables, the standings.
type PlayerListPart struct {
	// Searchable shows the search (an event with more than a page of
	// players, or a search made).
	Searchable bool
	Query      string
	Found      int // rows the search found
	Page       int // from 1
	Pages      int
	// Position is the search and page as a query string ("" or "?q=…"),
	// which the rows' buttons come back to.
	Position string
	// Path is the list's address within the event ("/players" when
	// empty); Keep holds the other values its links carry (a round's
	// filter).
	Path string
	Keep url.Values
	// The words of a list other than the players': the search's label,
	// what it found, the link back to every row, the pager's name.
	FindLabel, FoundText, ShowAll, PagesLabel i18n.Message
}

// ListPath is the list's address with the values it keeps.
func (l PlayerListPart) ListPath(eventID int64) string {
	return l.link(eventID, url.Values{})
}

// PageLink is the address of another page of the list.
func (l PlayerListPart) PageLink(eventID int64, page int) string {
	v := url.Values{}
	if l.Query != "" {
		v.Set("q", l.Query)
	}
	if page > 1 {
		v.Set("page", strconv.Itoa(page))
	}
	return l.link(eventID, v)
}

func (l PlayerListPart) link(eventID int64, v url.Values) string {
	for k, vs := range l.Keep {
		v[k] = vs
	}
	path := eventPath(eventID, cmp.Or(l.Path, "/players"))
	if len(v) == 0 {
		return path
	}
	return path + "?" + v.Encode()
}

// PlayerRow is one entry in the organiser's list.
type PlayerRow struct {
	ID           int64
	Name         string
	MemberID     string
	CheckedIn    bool
	Dropped      bool
	DroppedRound int
	Disqualified bool
	Waitlisted   bool
	EnteredRound int
	FixedTable   string
	Team         string
	TeamSeat     string // "A", "B", "C" in a team event
	AwardedByes  int
	DeckStatus   string // missing, legal, illegal
	DeckChecked  bool
	Version      int
}

// AddPlayerForm registers a player at the counter.
type AddPlayerForm struct {
	Name         string
	MemberID     string
	EnteredRound string
	Errors       FieldProblems
	// SameName are players already registered under this name: the form
	// asks whether to add another.
	SameName []JudgeRef
	// Checked: the organiser asked which existing players have this name
	// (Suggestions) or this member number (MemberOwner).
	Checked     bool
	Suggestions []CounterSuggestion
	MemberOwner *CounterSuggestion
	// PlayerID is the existing player the organiser picked (0: none).
	PlayerID int64
}

// PlayerLinkPage shows a player's secret phone link and its QR code.
type PlayerLinkPage struct {
	Nav     EventNav
	Name    string
	URL     string
	QR      string // inline SVG markup of the link's QR code
	EntryID int64
	Warning *AddressWarning // the link will not open on phones
	// PlayerID is the player across events the entry belongs to (0: none).
	PlayerID int64
	// Deletable: the player has no match yet, so an entry made by mistake
	// can still be deleted.
	Deletable bool
}

// RegisterPage is the public self-registration form.
type RegisterPage struct {
	EventID   int64
	EventName string
	Date      string
	Format    string // the game and format ("Masters: Standard")
	Open      bool
	Full      bool // the cap is reached: new players join the waitlist
	Name      string
	MemberID  string
	Errors    FieldProblems
	// TeamEvent asks for the player's team name and seat.
	TeamEvent bool
	Team      string
	Seat      string
}

// DecksPage is the organiser's decklist overview.
type DecksPage struct {
	Nav      EventNav
	Locked   bool
	Public   bool
	Deadline string
	// Format is the game and format lists are checked for; LeaderHeading
	// what a deck is built around in that game ("Leader", "Main
	// personality"); PoolWarning says the game's cards are not imported.
	Format        string
	LeaderHeading string
	PoolWarning   i18n.Message
	Rows          []DeckRow
	List          PlayerListPart // a big event's lists a page at a time
	Missing       int
	Illegal       int
	Legal         int
}

// DeckRow is one player's decklist status.
type DeckRow struct {
	EntryID  int64
	Name     string
	MemberID string
	Status   string
	Leader   string
	Problems []DeckProblem
	Checked  bool
	Version  int
	DeckText string
}

// RoundsPage lists an event's rounds with the pairing action.
type RoundsPage struct {
	Nav            EventNav
	Rounds         []RoundRow
	CanPair        bool
	PairProblem    i18n.Message
	NextNumber     int
	Recommended    i18n.Message
	CanStartCut    bool
	CutSize        int
	InTopCut       bool
	CanPairNextCut bool
	// NotCheckedIn names active players who have not checked in, before
	// round 1: the organiser drops no-shows or checks them in before pairing.
	NotCheckedIn []string
	// DecksMissing and DecksIllegal name, before round 1, the players
	// without a decklist or with one that is not legal.
	DecksMissing []string
	DecksIllegal []string
	// CloseDay1 offers the close-day-1 step of a two-day event: day 1's
	// rounds are done and nobody has advanced yet.
	CloseDay1 bool
	// NextDay and NextDayRound name the round "Pair" makes in a two-day
	// event (day 2, round 1); 0 otherwise.
	NextDay, NextDayRound int
}

// RoundRow is one round in the list.
type RoundRow struct {
	Number      int
	Day         int // a two-day event's day (1 or 2) and the round's number in it; 0 otherwise
	DayRound    int
	Kind        string
	Status      string
	Outstanding int
	Matches     int
}

// RoundPage is one round: clock, matches and results.
type RoundPage struct {
	Nav         EventNav
	EventID     int64
	Number      int
	Day         int // a two-day event's day (1 or 2) and the round's number in it; 0 otherwise
	DayRound    int
	Kind        string
	Status      string
	ClockTimes  i18n.Message // "Started at 14:05 CET; time is up at 14:40 CET."
	IsLatest    bool
	Frozen      bool
	Clock       Clock
	Matches     []MatchRow
	Outstanding int
	EndOfRound  string
	ExtraTurns  int
	BestOf      int
	Problem     i18n.Message
	// FeatureTables names the event's feature tables ("1, 2") on a Swiss
	// round's page, "" when it has none.
	FeatureTables string
	// Filters narrow the tables shown (all, not reported, disputed,
	// extended), each with its count; Matches holds the chosen ones.
	Filters []MatchFilter
	Show    string // the filter's key, carried by the result forms
	// List is the search and page of a big round's tables (Matches holds
	// the page shown).
	List PlayerListPart
	// After a result is saved: the table whose result box takes the focus
	// (Next), or the round's count when every result is in (AllEntered).
	Next       int64
	AllEntered bool
	// TeamMatches are a team event's team matches of the round (nil
	// otherwise), shown above their seat matches.
	TeamMatches []TeamMatchRow
}

// MatchFilter is one way to narrow a round's tables.
type MatchFilter struct {
	Label   i18n.Message // "Not reported (12)"
	URL     string
	Current bool
}

// Clock is a round's countdown as rendered on the server; live.js ticks it.
type Clock struct {
	EventID     int64
	Round       int
	State       string // not-started, running, paused, finished (the round is complete: stopped)
	RemainingMS int64
	ExtensionMS int64
	Text        string // "34:12"
}

// MatchRow is one table of a round.
type MatchRow struct {
	ID        int64
	Table     string
	P1        string
	P1ID      int64
	P2        string
	P2ID      int64
	Bye       bool
	Feature   bool         // Table is one of the event's feature tables
	Result    i18n.Message // as shown: "Ann won 2–1", "Draw", ""
	ResultKey string
	Status    string
	Extension int // minutes
	Note      i18n.Message
	Version   int
	P1Points  int
	P2Points  int
	// Tracker is the game tracker's life counts of the match's latest
	// game ("" when nobody tracks it); AtTime the end-of-round procedure
	// on them once time is up, and Suggested the result it gives ("p1",
	// "p2", "draw"), preselected in the result form.
	Tracker   i18n.Message
	AtTime    i18n.Message
	Suggested string
}

// StandingsPage shows the standings with tiebreakers and how they are computed.
type StandingsPage struct {
	Nav        EventNav
	EventID    int64
	Public     bool // shown to anyone, without organiser navigation
	AfterRound int
	// CountsRound is a Swiss round still being played whose results the
	// standings already count (0: none), so the heading does not say
	// "Before round 1" while round 1's results are in.
	CountsRound int
	Profile     string         // the tiebreaker profile's key ("bandai")
	Tiebreakers []string       // column headings
	Formula     []i18n.Message // one line per tiebreaker: how it is computed
	Rows        []StandingLine
	List        PlayerListPart // a big event's standings a page at a time
	Bracket     *BracketView
	Placings    []PlacingLine // once the top cut starts, or the event is finished
	// TeamPlacings: Placings are a team event's teams.
	TeamPlacings bool
	Finished     bool // the event is finished: the placings are final
	// PairingFileURL is the public pairing file to check with tenkaichi
	// verify, once a round is published ("" before).
	PairingFileURL string
	// Teams are a team event's team standings (nil otherwise), shown above
	// the players'.
	Teams *TeamStandings
}

// PlacingLine is one player's final place (Place 0: still being played for).
type PlacingLine struct {
	Place     int
	Name      string
	SwissRank int
	Record    string // Swiss record
	Dropped   bool
}

// StandingLine is one player's place.
type StandingLine struct {
	Rank        int
	Name        string
	Points      int
	Record      string
	Dropped     bool
	Tiebreakers []string // formatted percentages
	Day         int      // a two-day event's player: 2 advanced, 1 finished on day 1; 0 otherwise
	// NotPlayed: a team event player's seat games lost unplayed (their
	// seat had no player left, docs/event-day.md "Team events").
	NotPlayed int
}

// PlayerHome is a player's phone page.
type PlayerHome struct {
	Token        string // path prefix /p/{token}
	EventID      int64
	EventName    string
	PlayerName   string
	Status       i18n.Message // event status label
	Waitlisted   bool
	Dropped      bool
	Match        *PlayerMatch
	DeckStatus   string
	DeckProblems []DeckProblem
	DeckText     string
	DeckLocked   bool
	DeckDeadline string // "2026-12-12 09:30 UTC", or ""
	DeckErrors   FieldProblems
	DeckResult   *DeckResult
	DeckFormat   i18n.Message // the game and format the list is checked for ("Lists are checked for Masters: Standard.")
	DeckHint     string       // how a list of the event's game is written
	CallOpen     bool
	Notice       i18n.Message
	NoticeWarn   bool // the notice is not good news (a list saved but not legal)
	Problem      i18n.Message
	Record       string
	Points       int
	Rank         int
	Placing      int    // final placing once decided, else 0
	LostIn       string // the top-cut round the player was knocked out in
	// TeamPlacing: after a team top cut, Placing and LostIn are the
	// player's team's.
	TeamPlacing bool
	// Announcements are the staff's messages to everyone, newest first.
	Announcements []Announcement
	// DayNote says, in a two-day event once day 1 is closed, whether the
	// player advanced to day 2; FinishedDay1 that they did not.
	DayNote      i18n.Message
	FinishedDay1 bool

	// DeckLockedWhy says why a locked list cannot be changed.
	DeckLockedWhy i18n.Message
	// Team is a team event player's team and seat ("Team Red, seat A."),
	// TeamMatch their team's match of the round and TeamResult its
	// score so far; zero outside team events.
	Team       i18n.Message
	TeamMatch  i18n.Message
	TeamResult i18n.Message
	// SeatNotPlayed says the player's seat match is not played: a seat
	// had no player left and lost its game.
	SeatNotPlayed i18n.Message
	// GamesSent are the games form's fields as the player sent them
	// ("g1": "won", "g1_first": "me"), kept when the games were refused.
	GamesSent map[string]string
}

// PlayerMatch is the player's current match.
type PlayerMatch struct {
	ID          int64
	Round       int
	RoundName   i18n.Message // "Round 3", "Top cut, round 2"
	Kind        string
	Table       string
	Feature     bool // Table is a feature table (the game may be streamed)
	Opponent    string
	Bye         bool
	Clock       Clock
	Status      string       // pending, reported, disputed, confirmed
	MyReport    i18n.Message // as shown
	TheirReport i18n.Message
	Final       i18n.Message
	Outcome     string // won, lost or draw, once final (the result's style)
	BestOf      int
	NeedConfirm bool // the opponent reported; this player should confirm or dispute
	// MyProposal and TheirProposal: this player, or the opponent, proposed
	// an intentional draw, which the other accepts or declines;
	// CanProposeDraw: this player may propose one now.
	MyProposal, TheirProposal, CanProposeDraw bool
	// MyGames are the player's reported games in the games form's terms
	// ("g1": "won", "g1_first": "me").
	MyGames     map[string]string
	TheirResult string
	// AtTime is the end-of-round procedure on the game tracker's counts,
	// once time is up ("" otherwise, or without a tracked game).
	AtTime i18n.Message
	// Tracker: the game tracker is offered (the event's game is one the
	// rules engine knows, the event is not finished and the match's result
	// is not confirmed).
	Tracker bool
	// RecordedGame is the tracker's last game of the match (its id), shown
	// read-only once the tracker is no longer offered; 0 if none.
	RecordedGame int64
}

// PenaltiesPage lists penalties with the form to add one.
type PenaltiesPage struct {
	Nav     EventNav
	Rows    []PenaltyRow
	Players []Option
	Kinds   []Option
	Form    PenaltyForm
}

// PenaltyRow is one penalty.
type PenaltyRow struct {
	When, Player, Kind, Infraction, Judge, Note, Round string
}

// PenaltyForm records a penalty.
type PenaltyForm struct {
	EntryID    string
	Kind       string
	Infraction string
	Note       string
	Errors     FieldProblems
}

// JudgeQueuePage is the list of open judge calls.
type JudgeQueuePage struct {
	Nav   EventNav
	Calls []JudgeCallRow
}

// JudgeCallRow is one open call.
type JudgeCallRow struct {
	ID    int64
	Table string
	// The call's match, when it has one: both players, what each reported,
	// and where to enter the result.
	P1, P2      string
	MatchStatus string
	Reports     []CallReport
	RoundURL    string
	Player      string
	Reason      i18n.Message
	Waiting     i18n.Message // "4 min"
	Status      string
	TakenBy     string
	// GameURL opens the tracked game the call was made from, at the step
	// it was at (GameStep), in the judge console.
	GameURL  string
	GameStep int
}

// PublicDecklistsPage shows every list once the organiser publishes them.
type PublicDecklistsPage struct {
	EventID   int64
	EventName string
	Lists     []PublicDecklist
}

// PublicDecklist is one player's list.
type PublicDecklist struct {
	Player string
	Leader string
	Text   string
}

// Announcement is a message staff post to every player page and the
// projector of an event, shown until removed.
type Announcement struct {
	ID     int64
	Text   string
	When   string // "14:02"
	Author string // staff pages only
}

// AnnouncementsPage is the staff's page to post and remove announcements.
type AnnouncementsPage struct {
	Nav    EventNav
	List   []Announcement
	Form   AnnouncementForm
	MaxLen int
}

// AnnouncementForm is a new announcement being written.
type AnnouncementForm struct {
	Text   string
	Errors FieldProblems
}

// CallReport is what one player reported for the match of a judge call.
type CallReport struct {
	Player string
	Result i18n.Message // "Ann won 2–1", "Draw"
}

// TimeUp reports whether the clock shows 0:00 (a complete round never does).
func (c Clock) TimeUp() bool {
	return c.State != "not-started" && c.State != "finished" && c.RemainingMS+c.ExtensionMS <= 0
}

// PairingEditPage is the form that changes who plays at one table of a
// round: every active player may be seated.
type PairingEditPage struct {
	Nav     EventNav
	Round   int
	Match   MatchRow
	Players []JudgeRef
	// FeatureTables are the feature tables the match may be moved to (not
	// its own), while its round is not finished.
	FeatureTables []int
}
