package views

import "github.com/tenkaichi-org/tenkaichi/views/i18n"

// TrackerPage is the game tracker on a player's phone: the board of a game
// of their match, what they can enter next, and the game so far. Both
// players' phones show the same game, each from its player's side.
type TrackerPage struct {
	EventID int64
	Token   string // the player's page, /p/{token}
	URL     string // this game's tracker (GET); live.js fetches it again
	UndoURL string
	CallURL string
	Heading i18n.Message // "Table 4 · game 1"
	// Step is the number of actions so far; every form sends it back, so
	// a tap is applied once and never to a game that has moved on.
	Step     int
	Me, Them TrackerPlayer
	Status   i18n.Message // turn, whose turn and phase, or the setup
	Battle   i18n.Message // the battle in progress, or zero
	Over     i18n.Message // the result once the game is over
	Flags    []TrackerFlag
	Waiting  []TrackerWaiting
	// Quick are one-tap moves (draw, pass, end, the battle's outcome), in
	// the bar at the bottom of the screen, under the thumb.
	Quick []TrackerMove
	// Groups are moves that name a card: play, attack, combo ... one tap
	// on the group, one on the card.
	Groups []TrackerGroup
	// Theirs are one-tap moves to enter for the opponent (whose phone may
	// be away).
	Theirs   []TrackerMove
	Undo     *TrackerMove // the player's own last action, to take back
	Recent   []TrackerLine
	Last     i18n.Message // the last action in words, for the live region
	Rulings  []TrackerRuling
	CallOpen bool
	Clock    *Clock
	AtTime   i18n.Message // the end-of-round procedure on the game's counts, once time is up
	// ReadOnly says why nothing can be entered (zero while the game is open).
	ReadOnly i18n.Message
	NextGame int    // a best of three's next game to start (0: none)
	StartURL string // where NextGame is started
	Line     string // the typed line, kept when it was refused
	Notice   i18n.Message
	Problem  i18n.Message
	HelpURL  string
}

// TrackerPlayer is one side of the board. Hidden zones are counts; the
// player's own known hand cards are listed on their own phone only.
type TrackerPlayer struct {
	Name     string
	Side     string // P1 or P2
	Turn     bool   // it is this player's turn
	Dealt    bool   // life cards are dealt (the game is past its setup)
	Life     int
	Hand     int
	Deck     int
	Drop     int
	Energy   i18n.Message // "2 active, 1 rest"
	Leader   TrackerCard
	Battle   []TrackerCard
	Field    *TrackerCard
	Combo    []string
	HandSeen []Link // the known cards in the player's own hand, each to its card page
	Unnamed  int    // cards in the player's own hand not named yet
}

// TrackerCard is a card in play.
type TrackerCard struct {
	Label    string // "Android 18", with its copy number when two are in play
	Number   string
	URL      string // the card's page: what the rules engine reads from it ("" for an unknown card)
	Power    string
	Rest     bool
	Awakened bool
	Ki       int
}

// TrackerMove is one tap: its line of the notation (what the form sends)
// and what it says on the button.
type TrackerMove struct {
	ID     string // stable across refreshes, so focus stays on it
	Line   string
	Label  i18n.Message
	Detail i18n.Message // a smaller second line: number, cost, power
	Danger bool
}

// TrackerGroup is a kind of move whose card is chosen: a disclosure with
// one button per card.
type TrackerGroup struct {
	ID    string
	Title i18n.Message
	Moves []TrackerMove
}

// TrackerFlag is an action the rules do not allow, shown on both phones
// with its rule until it is undone.
type TrackerFlag struct {
	Step     int
	Head     i18n.Message // the step, who entered it and the action
	Rule     string
	RuleURL  string
	LogError bool // the line does not fit the game; no rule (Rule is "")
	Message  i18n.Message
	Ruled    bool // a judge has ruled on this step
}

// TrackerWaiting is a card skill waiting for its player's choices.
type TrackerWaiting struct {
	Skill i18n.Message
	Text  string
	Mine  bool
	Line  string // the line to complete with the choices
}

// TrackerLine is one action of the game as the phone shows it.
type TrackerLine struct {
	Step    int
	Who     i18n.Message
	Text    i18n.Message
	Illegal bool
}

// TrackerRuling is a judge's ruling on the game.
type TrackerRuling struct {
	Step  int
	Rule  string
	Note  string
	Judge string
}

// TrackerStartPage starts the tracker for the player's match, asking for a
// Leader the registered decklists do not give.
type TrackerStartPage struct {
	EventID   int64
	Token     string
	Action    string // where the form posts
	Heading   i18n.Message
	Opponent  string
	Game      int
	MyLeader  bool // ask for the player's Leader
	TheirLead bool // ask for the opponent's Leader
	Values    map[string]string
	Errors    FieldProblems
	Problem   i18n.Message
}
