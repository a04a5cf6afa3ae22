// Package views renders pages from the plain view models in this file. It
// never touches the database: handlers build the models and pass them in.
package views

import (
	"context"

	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

//go:generate go tool templ generate

// Page is what every page needs: the title, who is signed in, the CSRF token
// for its forms and a one-off message.
type Page struct {
	Title string
	// Heading is the title as a fact, worded when the page renders; when
	// set it is the title (TitleIn), Title is for handlers still wording.
	Heading i18n.Message
	User    *User // nil when nobody is signed in
	CSRF    string
	Flash   i18n.Message
	CSSURL  string // content-hashed, so browsers may cache it for ever
	JSURL   string
	// Posted: this page answers a POST (a form shown again with what is
	// wrong). live.js then never fetches the page's own address (that
	// would be the form's action) and refreshes only the parts marked
	// data-live-part, from the page's data-live-url.
	Posted bool
	// ForPlayer: a player's own page (their secret link), where signing in
	// means nothing to them.
	ForPlayer bool
	// The language selector: the page's language (also <html lang>), the
	// languages offered, each named in itself, and the address to come
	// back to after choosing.
	Lang      string
	Languages []Option
	Back      string
}

// TitleIn is the page's title in the language of ctx.
func (p Page) TitleIn(ctx context.Context) string {
	if !p.Heading.IsZero() {
		return p.Heading.In(ctx)
	}
	return p.Title
}

// User is the signed-in account as pages show it.
type User struct {
	Name        string
	Role        string
	IsOrganiser bool
	IsAdmin     bool // the instance admin: stores, card pool, ban lists, settings
}

// Option is one choice of a select box.
type Option struct {
	Value, Label string
}

// OptionGroup is options under a heading in a select box (an optgroup).
type OptionGroup struct {
	Label   string
	Options []Option
}

// GameChoice is one game a new event can be for, with its formats and the
// defaults choosing it fills in.
type GameChoice struct {
	Name, URL         string
	Formats, Defaults i18n.Message // one line each
	Current           bool
}

// EventRow is an event in a list.
type EventRow struct {
	ID      int64
	Name    string
	Game    string
	Format  string
	Date    string
	Venue   string
	Status  string       // the status key, for styling
	State   i18n.Message // the status as shown
	Players int64
	Store   string // the store's name, for an organiser who runs several ("" otherwise)
}

// EventDetail is the event page.
type EventDetail struct {
	EventRow
	RoundMinutes int
	SwissRounds  string // "" means from attendance
	TopCut       i18n.Message
	TopCutBestOf int
	TimeZone     string // "Europe/Berlin (CET)"
	CanEdit      bool
	CanSeeAudit  bool
	Audit        []AuditRow
	JudgeChoices []Option   // judge accounts not yet attached (organisers only)
	JudgeIDs     []JudgeRef // the event's judges
	IsStaff      bool       // organisers and the event's judges see the event-day menu
	CanRegister  bool       // self-registration is open
	// What decklists are checked against (organisers): the game's stored
	// cards, a warning when there are none, and the ban list applied.
	CardPool, PoolWarning, BanList i18n.Message
	Store                          string // its store, for an organiser who runs several ("" otherwise)
}

// JudgeRef is a judge attached to an event, with the id a form needs.
type JudgeRef struct {
	ID   int64
	Name string
}

// AuditRow is one audit log line.
type AuditRow struct {
	When     string
	Who      i18n.Message
	Change   i18n.Message // what changed, worded by the page ("Pairings published")
	EntityID int64        // names the change for a screen reader's list of controls
	Row      int64        // the audit row's own number: one entity can change twice in a second
	Before   string
	After    string
}

// EventForm is the create/edit form, holding what the user typed.
type EventForm struct {
	ID           int64 // 0 when creating
	Version      int
	StoreID      string   // the store that runs it (chosen when creating, fixed after)
	StoreChoices []Option // several stores to choose from; empty: StoreID is the only one
	StoreName    string   // shown when editing, for an organiser who runs several stores
	Name         string
	Game         string
	Format       string
	Date         string
	Venue        string
	RoundMinutes string
	SwissRounds  string
	TopCutSize   string
	TopCutBestOf string
	Status       string
	// Event-day settings.
	DeckDeadline     string // YYYY-MM-DDTHH:MM in the event's time zone, as a datetime-local input gives it
	PlayerCap        string
	SelfRegistration bool
	SeedByRating     bool // round 1 paired by rating, not at random
	TeamEvent        bool // teams of three are paired (team events)
	IntentionalDraws bool // players may agree an intentional draw in Swiss rounds
	EndOfRound       string
	ExtraTurns       string
	Tiebreakers      string
	PointsWin        string
	PointsDraw       string
	PointsLoss       string
	PointsBye        string
	TimeZone         string // IANA name
	Language         string // code of the print sheets' and projector's language
	FeatureTables    string // table numbers, best first, as typed ("1, 2")
	// A two-day event: day-1 and day-2 Swiss rounds and the cut between
	// them (twoday_models.go).
	TwoDay TwoDayForm

	Errors             FieldProblems
	Problem            i18n.Message // a form-wide message (e.g. someone else saved first)
	EndOfRounds        []Choice
	TiebreakerProfiles []Choice
	Statuses           []Choice
	// The game: a new event's choices (links); an edited event's select
	// (Games, with every game's formats in FormatGroups), or, once players
	// saved decklists, its name only (GameLocked, with Formats).
	GameName     string
	GameChoices  []GameChoice
	GameLocked   bool
	Games        []Option
	Formats      []Option
	FormatGroups []OptionGroup
	BestOfs      []Choice
	Languages    []Option
	TimeZones    []string // suggestions
	ServerZone   string
}

// LoginForm is the sign-in form.
type LoginForm struct {
	Username string
	Next     string
	Problem  i18n.Message
}

// SetupForm creates the first organiser account.
type SetupForm struct {
	Username    string
	DisplayName string
	Errors      FieldProblems
}

// AccountForm changes the signed-in user's name and password; organisers also
// see the accounts of their stores and can add judges and organisers.
type AccountForm struct {
	Username    string
	DisplayName string
	Role        string
	IsAdmin     bool
	Stores      []StoreRef // the stores the user belongs to
	Invitations []AccountInvitation
	Language    string   // the account's language code, "" to follow the browser
	Languages   []Choice // "" (the browser's) first
	Errors      FieldProblems
	Accounts    []AccountRow
	ShowStores  bool // the viewer runs several stores: name each account's
	NewAccount  NewAccountForm
}

// StoreRef is a store named on a page, with the id its link needs.
type StoreRef struct {
	ID   int64
	Name string
}

// AccountRow is one account in the organiser's list.
type AccountRow struct {
	ID                   int64
	Username, Name, Role string
	IsAdmin              bool
	CanToggleAdmin       bool     // the viewer (the admin) may make it an admin or take that away
	Stores               []string // the viewer's stores it belongs to
}

// AccountInvitation is a store's invitation the account may answer.
type AccountInvitation struct {
	ID    int64
	Store string // the inviting store's name
	By    string // who invited, as the audit log names them
}

// NewAccountForm adds a judge or organiser account to a store.
type NewAccountForm struct {
	Username     string
	DisplayName  string
	Role         string
	StoreID      string   // the chosen store
	StoreChoices []Option // the stores the viewer may add to, when several
	CanAdd       bool     // the viewer runs at least one store
	Admin        bool     // make it an instance admin
	CanMakeAdmin bool     // the viewer is the instance admin
	Errors       FieldProblems
}
