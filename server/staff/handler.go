// Package staff is the pages an event's organisers and judges work with on
// the event day: players and the counter, the teams desk, decklists,
// rounds (pairing, publishing, the top cut, closing day 1 of a two-day
// event), a round's tables with their results, clock, extensions,
// pairing corrections and feature tables, penalties, deck checks, the
// judge-call queue, announcements, and the sheets they print. The judge
// console and the game tracker are package judge's; the player's phone
// and the public pages are package server's.
package staff

import (
	"context"

	"github.com/tenkaichi-org/tenkaichi/server/readmodel"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
)

// Handler serves the staff pages of kit's store.
type Handler struct {
	*web.Kit
	models *readmodel.Cache // the events' shared read models (staffData)
}

// New is the staff pages of kit's store, reading events through models.
func New(kit *web.Kit, models *readmodel.Cache) *Handler {
	return &Handler{Kit: kit, models: models}
}

// staffData is an event's entries, rounds and matches for a staff page that
// only reads them: the shared read model at the play version read now (one
// indexed read while nothing changed), instead of every entry, decklist and
// match read again for each page. Nothing in it may be changed.
func (h *Handler) staffData(ctx context.Context, e *storage.Event) (*readmodel.EventData, error) {
	rm, err := h.models.Of(ctx, e.ID, 0)
	if err != nil {
		return nil, err
	}
	return rm.Data, nil
}

// Flash messages of the staff pages, registered with the others so the
// cookie carries a key, not the text.
const (
	msgPlayerDeleted       = "StaffFlashPlayerDeleted"
	msgPlayerSaved         = "StaffFlashPlayerSaved"
	msgRoundPaired         = "StaffFlashRoundPaired"
	msgRoundPublished      = "StaffFlashRoundPublished"
	msgRoundDeleted        = "StaffFlashRoundDeleted"
	msgResultSaved         = "StaffFlashResultSaved"
	msgClockChanged        = "StaffFlashClockChanged"
	msgPenaltySaved        = "StaffFlashPenaltySaved"
	msgDecksChanged        = "StaffFlashDecksChanged"
	msgCallUpdated         = "StaffFlashCallUpdated"
	msgAbsentDropped       = "StaffFlashAbsentDropped"
	msgDeckChecksStarted   = "JudgeFlashDeckChecksStarted"
	msgDeckCheckRecorded   = "JudgeFlashDeckCheckRecorded"
	msgAnnounced           = "StaffFlashAnnounced"
	msgAnnouncementRemoved = "StaffFlashAnnouncementRemoved"
)

func init() {
	web.RegisterFlashes(map[string]string{
		msgPlayerDeleted:       "player-deleted",
		msgPlayerSaved:         "player-saved",
		msgRoundPaired:         "round-paired",
		msgRoundPublished:      "round-published",
		msgRoundDeleted:        "round-deleted",
		msgResultSaved:         "result-saved",
		msgClockChanged:        "clock-changed",
		msgPenaltySaved:        "penalty-saved",
		msgDecksChanged:        "decks-changed",
		msgCallUpdated:         "call-updated",
		msgAbsentDropped:       "absent-dropped",
		msgDeckChecksStarted:   "deckchecks-started",
		msgDeckCheckRecorded:   "deckcheck-recorded",
		msgAnnounced:           "announced",
		msgAnnouncementRemoved: "announcement-removed",
	})
}
