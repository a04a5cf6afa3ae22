package views

import "time"

// StoreTokensPage is a store's push tokens (docs/leagues.md): the list,
// the form for a new one and, once, the token just made.
type StoreTokensPage struct {
	StoreID   int64
	StoreName string
	Tokens    []StoreTokenRow // newest first, revoked ones too
	// NewToken is the token just made, shown this once, and its name.
	NewToken, NewTokenName string
	NewName                string // what was typed in the name field
	Errors                 FieldProblems
	// PushURL is this server's public address, for the command to copy.
	PushURL string
	// Zone is the server's time zone, in which times are shown.
	Zone *time.Location
}

// StoreTokenRow is one token of the list.
type StoreTokenRow struct {
	ID                    int64
	Name                  string
	CreatedAt             time.Time
	LastUsedAt, RevokedAt *time.Time
}
