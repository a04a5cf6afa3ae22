package views

import "github.com/tenkaichi-org/tenkaichi/views/i18n"

// CardsPage is the organiser's card pool and ban list page.
type CardsPage struct {
	Games          []GameCards
	BanLists       []BanListRow
	ImportProblem  i18n.Message
	BanListProblem i18n.Message
	BanListText    string
	CanChange      bool // the instance admin imports cards and saves ban lists (shared by every store)
}

// GameCards is how many cards of a game are stored.
type GameCards struct {
	Label string
	Count int64
}

// BanListRow is one ban list version in the list.
type BanListRow struct {
	Game, GameLabel, Name, Effective string
	Entries                          int
	Builtin                          bool
	URL                              string
}

// BanListDetail shows one version's entries.
type BanListDetail struct {
	GameLabel, Name, Effective, Source string
	Builtin                            bool
	Entries                            []BanEntryRow
}

// BanEntryRow is one card on a ban list.
type BanEntryRow struct {
	Number, Since string
	Name, Status  i18n.Message // the card's name, or that it is not in the pool; banned or limited
}

// DeckCheckForm is the deck checking tool: a pasted list and its result.
type DeckCheckForm struct {
	Format  string
	Date    string
	Deck    string
	Formats []Option
	Errors  FieldProblems
	Result  *DeckResult
}

// DeckResult is a checked deck, every problem at once.
type DeckResult struct {
	// NameNote says the first line was read as the deck's name, not a card.
	NameNote i18n.Message
	Legal    bool
	Format   string
	BanList  string
	Leader   string
	Main     int
	Side     int
	Sizes    i18n.Message // the sizes in the game's words ("Main deck: 50 cards; Z-Deck: 5 cards.")
	Problems []DeckProblem
}

// DeckProblem is one broken rule, with where it is in the list.
type DeckProblem struct {
	Line    int
	Text    string `json:",omitempty"` // the line as pasted
	Card    string
	Rule    string // as rules labels it (kept so with a stored list); shown in the page's language
	Message string // rules' English words, kept with a saved list (the API's); pages say it from Key and Args
	// Key and Args are the problem as rules gave it (rules.Problem), kept
	// with a saved list so that any page says it in its own language.
	Key  string `json:",omitempty"`
	Args []any  `json:",omitempty"`
}
