// Package profiles is the player across events (issue 27) as the pages
// show it: a store's players directory with its possible duplicates,
// merges and their undoing; a player's profile; the player's own sign-in
// (from an entry's phone link or their own link) and settings: who sees
// the profile, the download of everything stored about them, and removal;
// and the public API's profile.
package profiles

import (
	"github.com/tenkaichi-org/tenkaichi/server/gamelog"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage/leagues"
)

// Handler serves the players' pages.
type Handler struct {
	*web.Kit
	leagues *leagues.Store
	// fresh computes the stale results of finished events before a profile
	// shows them (readmodel.FreshEventResults).
	fresh freshResults
	// cards names the Leaders of a profile.
	cards *gamelog.CardCache
	// pages are the public profiles rendered, by player version (kept.go).
	pages *web.Keep[*keptProfile]
}

// New is the players' pages of kit's store.
func New(kit *web.Kit, cards *gamelog.CardCache) *Handler {
	return &Handler{Kit: kit, leagues: leagues.New(kit.Store), fresh: freshEventResults, cards: cards,
		pages: web.NewKeep[*keptProfile](keptProfiles)}
}

// Flash notices of the players' pages.
const (
	msgMerged       = "ProfileFlashMerged"
	msgMergeUndone  = "ProfileFlashMergeUndone"
	msgNowPublic    = "ProfileFlashPublic"
	msgNowPrivate   = "ProfileFlashPrivate"
	msgNewLink      = "ProfileFlashNewLink"
	msgRemoved      = "ProfileFlashRemoved"
	msgSignedOut    = "ProfileFlashSignedOut"
	msgSignedInHere = "ProfileFlashSignedIn"
	// A player's own password (password.go).
	msgPasswordSet     = "ProfileFlashPasswordSet"
	msgPasswordCleared = "ProfileFlashPasswordCleared"
)

func init() {
	web.RegisterFlashes(map[string]string{
		msgMerged: "players-merged", msgMergeUndone: "merge-undone", msgNowPublic: "profile-public",
		msgNowPrivate: "profile-private", msgNewLink: "player-new-link", msgRemoved: "player-removed",
		msgSignedOut: "player-signed-out", msgSignedInHere: "player-signed-in",
		msgPasswordSet: "player-password-set", msgPasswordCleared: "player-password-cleared",
	})
}
