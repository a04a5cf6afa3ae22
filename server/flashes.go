package server

import "github.com/tenkaichi-org/tenkaichi/server/web"

// The flash notices of this package's pages: each constant is its message
// id, and the cookie carries the code registered for it (web.SetFlash).
const (
	msgEventCreated   = "StaffFlashEventCreated"
	msgEventSaved     = "StaffFlashEventSaved"
	msgEventDeleted   = "StaffFlashEventDeleted"
	msgAccountSaved   = "AdminAccountSaved"
	msgAccountAdded   = "AdminAccountAdded"
	msgSignedOut      = "AdminSignedOut"
	msgJudgeAdded     = "StaffFlashJudgeAdded"
	msgJudgeRemoved   = "StaffFlashJudgeRemoved"
	msgWelcome        = "AdminWelcome"
	msgCardsImported  = "JudgeFlashCardsImported"
	msgBanListSaved   = "JudgeFlashBanListSaved"
	msgPlayerDeleted  = "StaffFlashPlayerDeleted"
	msgPlayerSaved    = "StaffFlashPlayerSaved"
	msgRegistered     = "PhoneRegistered"
	msgDeckSaved      = "PhoneDeckSaved"
	msgReported       = "PhoneReported"
	msgJudgeCalled    = "PhoneJudgeCalled"
	msgDropped        = "PhoneDropped"
	msgRoundPaired    = "StaffFlashRoundPaired"
	msgRoundPublished = "StaffFlashRoundPublished"
	msgRoundDeleted   = "StaffFlashRoundDeleted"
	msgResultSaved    = "StaffFlashResultSaved"
	msgClockChanged   = "StaffFlashClockChanged"
	msgPenaltySaved   = "StaffFlashPenaltySaved"
	msgDecksChanged   = "StaffFlashDecksChanged"
	msgCallUpdated    = "StaffFlashCallUpdated"
	msgAbsentDropped  = "StaffFlashAbsentDropped"
	msgSettingsSaved  = "AdminSettingsSaved"
	// Deck checks.
	msgDeckChecksStarted = "JudgeFlashDeckChecksStarted"
	msgDeckCheckRecorded = "JudgeFlashDeckCheckRecorded"
	// Intentional draws.
	msgDrawProposed = "PhoneDrawProposed"
	msgDrawDeclined = "PhoneDrawDeclined"
	// Announcements.
	msgAnnounced           = "StaffFlashAnnounced"
	msgAnnouncementRemoved = "StaffFlashAnnouncementRemoved"
)

func init() {
	web.RegisterFlashes(map[string]string{
		msgEventCreated: "event-created", msgEventSaved: "event-saved", msgEventDeleted: "event-deleted",
		msgAccountSaved: "account-saved", msgAccountAdded: "account-added", msgSignedOut: "signed-out",
		msgJudgeAdded: "judge-added", msgJudgeRemoved: "judge-removed", msgWelcome: "welcome",
		msgCardsImported: "cards-imported", msgBanListSaved: "banlist-saved",
		msgPlayerSaved: "player-saved", msgRegistered: "registered",
		msgDeckSaved: "deck-saved", msgReported: "reported", msgJudgeCalled: "judge-called", msgDropped: "dropped",
		msgRoundPaired: "round-paired", msgRoundPublished: "round-published", msgRoundDeleted: "round-deleted",
		msgResultSaved: "result-saved", msgClockChanged: "clock-changed", msgPenaltySaved: "penalty-saved",
		msgDecksChanged: "decks-changed", msgCallUpdated: "call-updated", msgAbsentDropped: "absent-dropped",
		msgSettingsSaved: "settings-saved", msgPlayerDeleted: "player-deleted", msgAnnounced: "announced", msgAnnouncementRemoved: "announcement-removed",
		msgDeckChecksStarted: "deckchecks-started", msgDeckCheckRecorded: "deckcheck-recorded",
		msgDrawProposed: "draw-proposed", msgDrawDeclined: "draw-declined",
	})
}
