package views

import "github.com/tenkaichi-org/tenkaichi/views/i18n"

// The players across events (issue 27): a store's players directory with
// its possible duplicates and merges, a player's profile, and the player's
// own settings (server/profiles).

// StorePlayersPage is a store's players directory.
type StorePlayersPage struct {
	StoreID   int64
	StoreName string
	Query     string
	Players   []StorePlayerRow
	Total     int
	Page      int // 1-based
	Pages     int
	PrevURL   string // "" on the first page
	NextURL   string // "" on the last page
	// Duplicates are groups of records whose names are alike.
	Duplicates []DuplicateGroupView
	Merges     []MergeRow
	// Problem is why a merge or an undo was refused, said at the top.
	Problem i18n.Message
}

// StorePlayerRow is one player of the directory.
type StorePlayerRow struct {
	ID         int64
	Name       string
	MemberID   string
	Public     bool
	Events     int
	LastPlayed string
}

// DuplicateGroupView is records that may be one person: the organiser
// picks the one to keep and the one to merge into it.
type DuplicateGroupView struct {
	Key     string // the group's name key, to tell the forms' fields apart
	Players []StorePlayerRow
}

// MergeRow is one merge of the store's players, undone or not.
type MergeRow struct {
	ID         int64
	KeptID     int64
	KeptName   string
	MergedID   int64
	MergedName string
	Entries    int
	When       string
	By         string
	Undone     bool
}

// ProfilePage is a player's profile.
type ProfilePage struct {
	PlayerID int64
	Name     string
	// MemberID is shown to the store's organisers and the player only.
	MemberID string
	Public   bool
	Own      bool // the player themselves is looking: a link to their settings
	Staff    bool // an organiser of one of the player's stores is looking
	Removed  bool // the player asked to be removed
	Events   []ProfileEvent
	Leaders  []LeaderRecord
	Decks    []ProfileDeck
	Seasons  []ProfileSeason
	Ratings  []ProfileRating
}

// ProfileEvent is one event the player played.
type ProfileEvent struct {
	EventID  int64
	Name     string
	Date     string
	Store    string
	Format   string
	Finished bool
	Place    int    // 0 while not finished or not computed
	Record   string // wins-losses-draws
	Byes     int
	Dropped  bool
}

// LeaderRecord is the player's record with one leader (or main
// personality) over their finished events.
type LeaderRecord struct {
	Leader string
	Events int
	Record string
}

// ProfileDeck is a decklist of the player an event published.
type ProfileDeck struct {
	EventID   int64
	EventName string
	Date      string
	Leader    string
	Text      string
}

// ProfileSeason is the player's place in a season running now.
type ProfileSeason struct {
	SeasonID int64
	Name     string
	Place    int
	Players  int
	Points   int
	Events   int
}

// ProfileRating is the player's rating in a game.
type ProfileRating struct {
	Game      string
	Rating    int
	Deviation int
	Matches   int
}

// OwnProfilePage is the signed-in player's own settings.
type OwnProfilePage struct {
	PlayerID  int64
	Name      string
	MemberID  string
	Public    bool
	SignInURL string // the player's own sign-in link
	Events    int
	// The player's own password: set or not, and the form's problems.
	HasPassword bool
	Errors      FieldProblems
}

// PlayerSignInForm signs a player in with their player number or member
// number and their own password.
type PlayerSignInForm struct {
	Number  string
	Problem i18n.Message
	Errors  FieldProblems
}

// RemovePlayerPage asks the player to confirm their removal.
type RemovePlayerPage struct {
	Name   string
	Errors FieldProblems
}

// CounterSuggestion is an existing player like the name typed at the
// counter, whom the organiser may pick for the new entry.
type CounterSuggestion struct {
	ID       int64
	Name     string
	MemberID string
	Events   int
	AtStore  bool
}
