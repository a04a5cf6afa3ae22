package views

// BracketView is the top cut drawn as a bracket: one column per round, each
// match between the two it comes from, then the champion.
type BracketView struct {
	Size     int
	BestOf   int
	Rounds   []BracketRoundView
	Champion string // "" until the final is decided
}

// BracketRoundView is one round of the bracket ("Semifinals").
type BracketRoundView struct {
	Name    string
	Matches []BracketMatchView
}

// BracketMatchView is one match of the bracket.
type BracketMatchView struct {
	A, B    BracketSide
	Bye     bool   // A advances without a match
	Played  bool   // at least one game is in
	Chooser string // while the match runs: who chooses who goes first next
}

// BracketSide is one player of a bracket match ("" name: not decided yet).
type BracketSide struct {
	Seed   int
	Name   string
	Wins   int // games won in this match
	Winner bool
}
