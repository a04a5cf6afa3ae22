package views

import "github.com/tenkaichi-org/tenkaichi/views/i18n"

// TwoDayForm is the event form's two-day part, as typed.
type TwoDayForm struct {
	On         bool // the event is played over two days
	Day1Rounds string
	Day2Rounds string
	Cut        string // record or size
	CutValue   string // the points (record) or the number of players (size)
	Cuts       []Choice
}

// Day1ClosePage previews the cut into day 2 for the organiser to confirm.
type Day1ClosePage struct {
	Nav     EventNav
	EventID int64
	Rule    i18n.Message // how the cut is made
	Counts  i18n.Message // how many advance and how many finish on day 1
	Line    i18n.Message // where the line is and the ties at it
	Rows    []Day1CutRow
	// Advanced are the ids who advance, carried by the confirm form so a
	// change of the standings meanwhile is noticed.
	Advanced string
	CanClose bool
	Closed   bool
	Problem  i18n.Message
}

// Day1CutRow is one player of the day-1 standings in the preview.
type Day1CutRow struct {
	Rank     int
	Name     string
	Points   int
	Record   string
	Advances bool
	Dropped  bool
	AtLine   bool // on the line's points, on either side of it
}
