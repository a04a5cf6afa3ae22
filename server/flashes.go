package server

import "github.com/tenkaichi-org/tenkaichi/server/web"

// The flash notices of this package's pages: each constant is its message
// id, and the cookie carries the code registered for it (web.SetFlash).
const (
	msgEventCreated  = "StaffFlashEventCreated"
	msgEventSaved    = "StaffFlashEventSaved"
	msgEventDeleted  = "StaffFlashEventDeleted"
	msgAccountSaved  = "AdminAccountSaved"
	msgAccountAdded  = "AdminAccountAdded"
	msgSignedOut     = "AdminSignedOut"
	msgJudgeAdded    = "StaffFlashJudgeAdded"
	msgJudgeRemoved  = "StaffFlashJudgeRemoved"
	msgWelcome       = "AdminWelcome"
	msgCardsImported = "JudgeFlashCardsImported"
	msgBanListSaved  = "JudgeFlashBanListSaved"
	msgRegistered    = "PhoneRegistered"
	msgDeckSaved     = "PhoneDeckSaved"
	msgReported      = "PhoneReported"
	msgJudgeCalled   = "PhoneJudgeCalled"
	msgDropped       = "PhoneDropped"
	msgSettingsSaved = "AdminSettingsSaved"
	// Intentional draws.
	msgDrawProposed = "PhoneDrawProposed"
	msgDrawDeclined = "PhoneDrawDeclined"
)

func init() {
	web.RegisterFlashes(map[string]string{
		msgEventCreated: "event-created", msgEventSaved: "event-saved", msgEventDeleted: "event-deleted",
		msgAccountSaved: "account-saved", msgAccountAdded: "account-added", msgSignedOut: "signed-out",
		msgJudgeAdded: "judge-added", msgJudgeRemoved: "judge-removed", msgWelcome: "welcome",
		msgCardsImported: "cards-imported", msgBanListSaved: "banlist-saved", msgRegistered: "registered",
		msgDeckSaved: "deck-saved", msgReported: "reported", msgJudgeCalled: "judge-called", msgDropped: "dropped",
		msgSettingsSaved: "settings-saved", msgDrawProposed: "draw-proposed", msgDrawDeclined: "draw-declined",
	})
}
