package views

import "github.com/tenkaichi-org/tenkaichi/views/i18n"

// DeckChecksPage is an event's deck checks (issue 28): the forms to pick
// tables of the round in play or name one, and every check with its
// outcome, the newest first.
type DeckChecksPage struct {
	Nav     EventNav
	Round   int          // the round in play, 0 for none
	Open    int          // tables of it that may be checked
	Problem i18n.Message // why the last form was refused
	Count   string       // the pick form's number, as typed
	Table   string       // the named-table form's number, as typed
	Kinds   []Option     // penalty kinds
	Rows    []DeckCheckRow
}

// DeckCheckRow is one deck check.
type DeckCheckRow struct {
	ID        int64
	Round     int
	Table     int
	P1, P2    string
	P1ID      int64
	P2ID      int64
	Judge     string
	Started   string
	Finished  string       // "" while it runs
	Added     int          // minutes added to the match's clock
	Outcome   i18n.Message // zero while it runs
	Seed      string       // "" when the judge named the table
	Note      string
	MatchURL  string
	Form      DeckCheckOutcomeForm // the finish form, for a running check
	Running   bool
	Autofocus bool // the form came back with a problem
}

// DeckCheckOutcomeForm finishes a running check.
type DeckCheckOutcomeForm struct {
	Outcome, Player, Kind, Infraction, Note string
	Errors                                  FieldProblems
}
