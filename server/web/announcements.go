package web

import (
	"context"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// AnnouncementList is the stored announcements as pages show them.
// Staff see when each was posted, in the event's zone.
func AnnouncementList(ctx context.Context, zone *time.Location, list []storage.Announcement, staff bool) []views.Announcement {
	out := make([]views.Announcement, 0, len(list))
	for _, a := range list {
		v := views.Announcement{ID: a.ID, Text: a.Text}
		if staff {
			v.Author, v.When = a.Author, i18n.Clock(ctx, a.CreatedAt, zone)
		}
		out = append(out, v)
	}
	return out
}
