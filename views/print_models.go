package views

import (
	"github.com/a-h/templ"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// PrintHead is what every print sheet shows at its top.
type PrintHead struct {
	Title     i18n.Message // the sheet's title, e.g. "Pairings, round 2"
	Sheet     string       // which sheet: pairings, slips, standings, bracket, poster (a class for the print rules)
	EventID   int64
	EventName string
	Format    string // the game and format, "Masters: Standard"
	Date      string
	Venue     string
	Printed   string // when the sheet was made, "2026-12-20 14:05 CET"
	CSSURL    string
	BackURL   string       // where the link back leads; "" the event's page
	BackLabel i18n.Message // its words; zero for "Back to the event"
}

// PairingByName is one player's line on the wall sheet: where they sit and
// whom they play.
type PairingByName struct {
	Name     string
	Table    string // "" for a bye
	Opponent string // "" for a bye
	Bye      bool
}

// PairingByTable is one table on the sheet by table.
type PairingByTable struct {
	Table  string // "" for a bye
	P1, P2 string // P2 is "" for a bye
	Bye    bool
}

// PairingsSheet is the printed pairings of one round, by name or by table.
type PairingsSheet struct {
	Head    PrintHead
	Round   int
	TopCut  bool
	ByName  bool
	Names   []PairingByName
	Tables  []PairingByTable
	Rounds  []RoundLink // every round, for the screen-only round picker
	Preview bool        // the round is not published yet
	// A team event's round lists its team matches (by table) or its teams
	// (by name) instead of Tables and Names.
	TeamTables []TeamPairing
	TeamNames  []TeamPairingByName
}

// RoundLink is a round in the picker: its stored number and its name.
type RoundLink struct {
	Number int
	Label  i18n.Message // "Round 2", "Top cut round 1"
}

// MatchSlip is one match's result slip.
type MatchSlip struct {
	Table     string
	P1, P2    string
	ReportURL string
	QR        templ.Component
}

// SlipsSheet is every slip of a round.
type SlipsSheet struct {
	Head   PrintHead
	Round  int
	TopCut bool
	BestOf int
	Slips  []MatchSlip
	// Warning: the QR codes will not open on phones.
	Warning *AddressWarning
	// A big round's slips come a page at a time: Page of Pages, with the
	// addresses of the pages before and after ("" for none).
	Page, Pages int
	Prev, Next  string
}

// StandingRow is one line of the printed standings.
type StandingRow struct {
	Rank        int
	Name        string
	Record      string
	Points      int
	Tiebreakers []string // formatted, in the order of StandingsSheet.Tiebreakers
	Dropped     bool
}

// TiebreakerName is a tiebreaker column: its short key and what it means.
type TiebreakerName struct {
	Short string
	Long  i18n.Message
}

// StandingsSheet is the printed standings.
type StandingsSheet struct {
	Head        PrintHead
	AfterRound  int
	Profile     string
	Tiebreakers []TiebreakerName
	Rows        []StandingRow
	Teams       bool // a team event's sheet: Rows are the team standings
}

// BracketSheet is the printed top cut.
type BracketSheet struct {
	Head    PrintHead
	Bracket *BracketView
	Problem i18n.Message // why there is no bracket
}

// RegistrationPoster is the poster with the self-registration QR code.
type RegistrationPoster struct {
	Head   PrintHead
	URL    string
	QR     templ.Component
	Closed bool // self-registration is switched off
	// Draft: the event is a draft, whose registration page is not found, so
	// no poster is offered (a printed link must not lead to "Not Found").
	Draft bool
	// Warning: the QR code will not open on phones.
	Warning *AddressWarning
}

// MetaRow is one leader or colour of the metagame breakdown.
type MetaRow struct {
	Label      string
	NoDecklist bool // the players without a list: Label is the API's English
	Colour     bool // Label is a colour's English name, said in the page's language
	Players    int
	SharePct   float64 // of the players counted, 0-100
	Wins       int
	Losses     int
	Draws      int
	Matches    int     // non-mirror matches with a confirmed result
	WinRatePct float64 // (wins + draws/2) / matches, 0-100; 0 when no matches
}

// MetagamePage is the metagame breakdown of an event.
type MetagamePage struct {
	EventID   int64
	EventName string
	Players   int
	Leaders   []MetaRow
	Colours   []MetaRow
	IsPublic  bool // decklists are published
	// MainPersonality: a DBZ CCG event, whose decks have a main personality
	// (Leaders) and a Mastery style (Colours).
	MainPersonality bool
}

// ImportForm is the page to create an event from an exported file.
type ImportForm struct {
	Problem i18n.Message
	// After an import that left judges out: the new event and the judge
	// accounts named in the file that this server does not have.
	ImportedID    int64
	ImportedName  string
	MissingJudges []string
	StoreID       string   // the store the event goes to
	StoreChoices  []Option // several stores to choose from; empty: StoreID is the only one
	// The store already had the file's event (by its origin): nothing was
	// imported; Existing says so and ExistingID is the event.
	ExistingID int64
	Existing   i18n.Message
}
