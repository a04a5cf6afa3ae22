package server

import (
	"context"
	"time"

	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views"
)

// The names phone_home.go and phone_home_kept.go call by, for helpers that
// moved to server/web when the staff pages became server/staff (which
// shares them). Each forwards to its new home; call that directly and drop
// the name here when those files change next.

func storedDeckProblems(en *storage.Entry) []views.DeckProblem { return web.StoredDeckProblems(en) }

func gamesInPlayerTerms(stored, side string) map[string]string {
	return web.GamesInPlayerTerms(stored, side)
}

func announcementList(ctx context.Context, zone *time.Location, list []storage.Announcement, staff bool) []views.Announcement {
	return web.AnnouncementList(ctx, zone, list, staff)
}
