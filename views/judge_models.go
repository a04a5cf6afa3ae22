package views

import (
	"context"
	"net/url"

	"github.com/tenkaichi-org/tenkaichi/views/cardexplain"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// RuleLookup is the public rulings lookup: rules and keywords from the
// engine's rule index, and cards from the stored pool.
type RuleLookup struct {
	// OtherGame: a lookup for a game other than Fusion World (Game, named
	// GameName): the rule index is Fusion World's, so only cards are searched.
	OtherGame      bool
	Game, GameName string
	Query          string
	Rules          []RuleItem
	Cards          []RuleCard
	// MoreCards says the card list was cut at CardLimit.
	MoreCards bool
	CardLimit int
	// IndexLanguage says plainly that the rule index is (partly) in English
	// only on a page in another language; "" when it is all in the page's.
	IndexLanguage i18n.Message
}

// RuleItem is one entry of the rule index, explained in our own words.
type RuleItem struct {
	URL         string
	ID          string // "CR 8-1-1", "[Blocker]", "Damage Step"
	Number      string // "8-1-1", or "" where no number is known
	Title       string
	Explanation string
	Terms       []Link // search terms, each a link to its search
	Enforced    bool
	// EnglishOnly: the page is in another language, and the index has
	// this entry in English only (its text is marked lang="en").
	EnglishOnly bool
	// NoteEnglishOnly says so under the entry (where the language has
	// part of the index; where it has none, the page says it once).
	NoteEnglishOnly bool
}

// RuleCard is a card found by the lookup.
type RuleCard struct {
	Number, Name, Type, Colours string
	Cost, Power, ComboPower     string // "" when the card has none
	Traits                      string
	Keywords                    []Link // as shown, brackets and all: "[Blocker]", "【ブロッカー】"
	Text                        string
	BackName, BackText          string
	// ExplainURL is the card's page saying what the rules engine reads
	// from it; "" for a card of a game the engine does not know.
	ExplainURL string
}

// RuleCardPage is one card and what the rules engine reads from it.
type RuleCardPage struct {
	Card    RuleCard
	Explain cardexplain.Card
}

// Link is a label with an optional URL ("" shows the label alone).
type Link struct {
	Label, URL string
}

// RulePage shows one rule and what it relates to.
type RulePage struct {
	Rule    RuleItem
	Related []RuleItem // entries sharing a number prefix or a search term
}

// JudgeEvent names the event a judge page belongs to.
type JudgeEvent struct {
	ID      int64
	Name    string
	BaseURL string // /events/{id}/judge
}

// JudgeConsole is the judge's page for an event: its game logs and rulings,
// and the forms to add a log or a ruling.
type JudgeConsole struct {
	Event JudgeEvent
	// Engine: the rules engine replays this event's game (Fusion World);
	// otherwise the console says so and offers no game logs, and LookupURL
	// searches the game's cards.
	Engine        bool
	GameName      i18n.Message
	GameShortName string
	LookupURL     string
	Logs          []JudgeLogRow
	Rulings       []JudgeRulingRow
	Upload        JudgeUploadForm
	NewLog        JudgeNewLogForm
	Ruling        JudgeRulingForm
}

// JudgeLogRow is a game log in the console's list.
type JudgeLogRow struct {
	ID                 int64
	Title, Match, Game i18n.Message
	Updated            string
	By                 i18n.Message
	URL, RecordURL     string
	Tracker            bool // recorded by the players' game tracker
}

// JudgeRulingRow is a ruling in a list.
type JudgeRulingRow struct {
	When, Judge   string
	Rule, RuleURL string
	Note          string
	Penalty       i18n.Message   // zero without a penalty, else e.g. "Warning for Ana: Game rule violation"
	Where         []i18n.Message // "Table 4 log, step 12", "match 7", shown joined by commas
	WhereURL      string
}

// JudgeUploadForm uploads or pastes a game log.
type JudgeUploadForm struct {
	Title, Match, GameNo, Body string
	Errors                     FieldProblems
}

// JudgeNewLogForm starts an empty log that a scorekeeper records.
type JudgeNewLogForm struct {
	Title, Match, GameNo string
	P1, P1Leader         string
	P2, P2Leader         string
	Errors               FieldProblems
}

// JudgeRulingForm records a ruling, optionally with a penalty.
type JudgeRulingForm struct {
	Action     string // where the form posts
	LogID      string
	Step       string
	Match      string
	Rule       string
	Note       string
	Penalty    string
	Infraction string
	Entry      string
	// Call is a judge call the ruling answers (a call from the game
	// tracker): closed with the ruling unless the judge unticks it.
	Call      string
	Penalties []Choice
	// Entries are every player of a small event to choose from. A big
	// event's list would be megabytes: it offers EntryGroups instead, the
	// players of the ruling's match, those the judge finds, the one chosen.
	Entries     []Option
	EntryGroups []JudgePlayerGroup
	// FindPlayers: the judge finds the penalised player by table number
	// or name (Find) with a GET form of its own, sent to FindURL with the
	// page's own parameters (FindKeep); Found says what it found.
	FindPlayers bool
	Find        string
	FindURL     string
	FindKeep    url.Values
	Found       i18n.Message
	Errors      FieldProblems
}

// JudgePlayerGroup is players offered under a heading of the ruling
// form's list (a table's, the ones found).
type JudgePlayerGroup struct {
	Label   i18n.Message
	Options []Option
}

// JudgeLogPage steps through a replayed game log.
type JudgeLogPage struct {
	Event     JudgeEvent
	LogID     int64
	Tracker   bool // recorded by the players' game tracker
	Title     i18n.Message
	Match     i18n.Message
	Game      i18n.Message
	RecordURL string
	// Problem is why the log cannot be read (with its line); nothing else is
	// shown then.
	Problem i18n.Message

	Step, Steps                         int
	FirstURL, PrevURL, NextURL, LastURL string
	FirstViolation                      *JudgeViolation
	DeckProblems                        []JudgeViolation
	Action                              *JudgeAction // nil at step 0 (the setup)
	Board                               JudgeBoard
	StepList                            []JudgeStepRow
	Rulings                             []JudgeRulingRow
	Ruling                              JudgeRulingForm
	// Calls are the open judge calls made from this game (the tracker).
	Calls []JudgeGameCall
}

// JudgeGameCall is a judge call made from a tracked game, at a step.
type JudgeGameCall struct {
	Player  string
	Step    int
	StepURL string
}

// JudgeViolation is an illegal action or a deck problem.
type JudgeViolation struct {
	Step, Line    int
	Rule, RuleURL string
	LogError      bool // the line does not fit the game; no rule (Rule is "")
	Message       i18n.Message
	Player        string
	URL           string // the step page
}

// JudgeAction is the action of one step with what the engine did.
type JudgeAction struct {
	Line      int
	Text      string
	Events    []JudgeEventLine
	Violation *JudgeViolation
	First     bool // this is the first illegal step
}

// JudgeEventLine is one thing that happened, with the rule it rests on.
type JudgeEventLine struct {
	Text          i18n.Message
	Rule, RuleURL string
	Auto          bool // the engine's own rule processing
	Declared      bool // rests on what the players stated
	Unread        bool // a card skill the engine does not read or apply
}

// JudgeBoard is both players' side of the board at one step.
type JudgeBoard struct {
	Status  i18n.Message // "Turn 3, P2 (Ben), main phase" or the result
	Battle  i18n.Message // the battle in progress, or zero
	Players []JudgePlayer
	// Waiting are card skills waiting for a player's choices (a use line).
	Waiting []JudgeWaiting
}

// JudgeWaiting is a triggered card skill waiting for its player's choices.
type JudgeWaiting struct {
	Side, Name string
	Skill      string // the card with its name and timing
	Text       string // the skill as printed
	Line       string // the line that makes the choices, to complete
}

// JudgePlayer is one player's side. Hidden zones are counts.
type JudgePlayer struct {
	Side, Name                    string
	Turn                          bool // it is this player's turn
	Life, Hand, Deck              int
	EnergyActive, Energy, Markers int
	Leader                        JudgeCard
	Battle                        []JudgeCard
	Field                         *JudgeCard
	Drop, Combo                   []string
}

// JudgeCard is a card in play.
type JudgeCard struct {
	Label    string // number (with its copy number when two are in play) and name, "?" when unknown
	URL      string // the card's page: what the rules engine reads from it ("" for an unknown card)
	Rest     bool
	Power    string
	Awakened bool
	Ki       int
	Under    int
}

// JudgeStepRow is a step in the list of all steps.
type JudgeStepRow struct {
	N, Line int
	Text    string
	URL     string
	Illegal bool
	First   bool // the first illegal step
	Current bool
}

// JudgeRecordPage is the scorekeeper's phone page for a feature match.
type JudgeRecordPage struct {
	Event   JudgeEvent
	LogID   int64
	Title   i18n.Message
	LogURL  string
	Board   JudgeBoard
	Recent  []JudgeStepRow // the last actions, newest last
	Steps   int
	Over    bool
	Line    string       // what the scorekeeper typed, kept when refused
	Problem i18n.Message // why the line was refused
	Quick   []string
	// Helper fields for building a line without typing it all.
	Player, Verb, Args string
	Players            []Choice
	Verbs              []Option
}

// FieldProblems maps a form field name to what is wrong with it, as a
// fact the form words.
type FieldProblems map[string]i18n.Message

// Choice is an option of a select box whose label is worded by the page.
type Choice struct {
	Value string
	Label i18n.Message
}

// EnergyLine is the Energy Area in words: "2 active, 1 rest, 1 marker".
func (p JudgePlayer) EnergyLine(ctx context.Context) string { return p.EnergyWords().In(ctx) }

// EnergyWords is EnergyLine as a fact, for a model worded when it renders.
func (p JudgePlayer) EnergyWords() i18n.Message {
	args := i18n.Args{"Active": p.EnergyActive, "Rest": p.Energy - p.EnergyActive}
	if p.Markers > 0 {
		return i18n.MN("EnergyActiveRestMarkers", p.Markers, args)
	}
	return i18n.M("EnergyActiveRest", args)
}

// VerbHelp is one verb of the game-log notation on the help page.
type VerbHelp struct {
	Verb, Usage string
}
