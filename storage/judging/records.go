package judging

import (
	"time"
)

// The judges' records core storage never reads: rulings, deck checks and
// penalties (a penalty's effect on the match is here too, in
// penalty_results.go). Judge calls and game logs, which core storage
// opens, closes and notifies, keep their types in storage.

// Ruling is a judge's decision during an event, optionally on a match, a game
// log and a step of it, with the rule it rests on and any penalty given.
type Ruling struct {
	ID        int64     `json:"id"`
	EventID   int64     `json:"event_id"`
	MatchID   *int64    `json:"match_id"`
	GameLogID *int64    `json:"game_log_id"`
	Step      *int      `json:"step"`
	Rule      string    `json:"rule"`
	Note      string    `json:"note"`
	PenaltyID *int64    `json:"penalty_id"`
	JudgeID   *int64    `json:"judge_id"`
	JudgeName string    `json:"judge_name"`
	CreatedAt time.Time `json:"created_at"`

	// Penalty is the penalty given with the ruling, filled by the list
	// queries; it is not a column.
	Penalty *RulingPenalty `json:"penalty,omitempty" gorm:"-"`
	// CloseCall is a judge call the ruling answers: CreateRuling closes it
	// in the same transaction. Not a column.
	CloseCall *int64 `json:"-" gorm:"-"`
	// Signed is the judge as pages name them: the account's display name
	// today, filled by the list queries (JudgeName keeps the username the
	// audit log and event files use). Not a column.
	Signed string `json:"-" gorm:"-"`
}

// TableName keeps GORM's naming out of the schema.
func (Ruling) TableName() string { return "rulings" }

// DeckCheck is a judge checking the decks at one table of a round (issue
// 28): picked at random from Seed (see PickTables; "" when the judge
// named the table), started when picked, finished with its outcome. The
// time it took is added to the match's extension when it finishes.
type DeckCheck struct {
	ID               int64      `json:"id"`
	EventID          int64      `json:"event_id"`
	MatchID          int64      `json:"match_id"`
	Seed             string     `json:"seed"`
	JudgeID          *int64     `json:"judge_id"`
	JudgeName        string     `json:"judge_name"`
	StartedAt        time.Time  `json:"started_at"`
	FinishedAt       *time.Time `json:"finished_at"`
	Outcome          string     `json:"outcome"` // "" while it runs, "ok" or "problem"
	PenaltyID        *int64     `json:"penalty_id"`
	ExtensionSeconds int        `json:"extension_seconds"` // what it added to the match's clock
	Note             string     `json:"note"`
}

// Deck check outcomes.
const (
	DeckCheckOK      = "ok"
	DeckCheckProblem = "problem"
)

// RulingPenalty is a row of the penalties table given with a ruling.
type RulingPenalty struct {
	ID         int64     `json:"id"`
	EventID    int64     `json:"event_id"`
	EntryID    int64     `json:"entry_id"`
	MatchID    *int64    `json:"match_id"`
	Kind       string    `json:"kind"`
	Infraction string    `json:"infraction"`
	Note       string    `json:"note"`
	JudgeID    *int64    `json:"judge_id"`
	JudgeName  string    `json:"judge_name"`
	CreatedAt  time.Time `json:"created_at"`
}

// TableName keeps GORM's naming out of the schema.
func (RulingPenalty) TableName() string { return "penalties" }

// RulingPenaltyKinds are the penalties the schema allows, mildest first.
var RulingPenaltyKinds = []string{"caution", "warning", "game-loss", "match-loss", "disqualification"}
