package web

import (
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// AuditActor says who made a change of the event's change log: an account
// by its username, a player's phone, self-registration, the server itself
// or a request without an account, for the page to word (the log keeps
// storage's English names).
func AuditActor(a storage.AuditEntry) i18n.Message {
	if name, ok := a.Player(); ok {
		return i18n.M("StaffAuditByPlayer", i18n.Args{"Name": name})
	}
	if a.UserID == nil {
		switch a.Actor {
		case storage.ActorSystem.Name:
			return i18n.M("StaffAuditBySystem", nil)
		case storage.ActorSelfRegistration.Name:
			return i18n.M("StaffAuditBySelfRegistration", nil)
		case storage.ActorAnonymous.Name:
			return i18n.M("StaffAuditByAnonymous", nil)
		}
	}
	return i18n.Verbatim(a.Actor)
}

// Actor says who made a snapshot or a game log, which keep only the
// actor's name (storage.Actor's Name), as AuditActor says the change log's.
// Without the account's id beside the name, an account whose username is
// one of storage's own names ("system") reads as that actor.
func Actor(name string) i18n.Message { return AuditActor(storage.AuditEntry{Actor: name}) }

// AuditChange names a change of the event's change log (its stored action
// and entity, such as "publish" "round"); a change without a message here
// (a new action, or one of the server's own rows) shows its codes as they
// are.
func AuditChange(action, entity string) i18n.Message {
	if m, ok := auditChangeMessages[action+" "+entity]; ok {
		return m
	}
	return i18n.Verbatim(action + " " + entity)
}

// auditChangeMessages are the change log's changes ("action entity") and
// the words for each.
var auditChangeMessages = map[string]i18n.Message{
	"create event":                   i18n.M("StaffAuditCreateEvent", nil),
	"update event":                   i18n.M("StaffAuditUpdateEvent", nil),
	"deck-settings event":            i18n.M("StaffAuditDeckSettingsEvent", nil),
	"finish event":                   i18n.M("StaffAuditFinishEvent", nil),
	"import event":                   i18n.M("StaffAuditImportEvent", nil),
	"restore event":                  i18n.M("StaffAuditRestoreEvent", nil),
	"add judge":                      i18n.M("StaffAuditAddJudge", nil),
	"remove judge":                   i18n.M("StaffAuditRemoveJudge", nil),
	"register entry":                 i18n.M("StaffAuditRegisterEntry", nil),
	"create entry":                   i18n.M("StaffAuditCreateEntry", nil),
	"checkin entry":                  i18n.M("StaffAuditCheckinEntry", nil),
	"drop entry":                     i18n.M("StaffAuditDropEntry", nil),
	"drop-not-checked-in entry":      i18n.M("StaffAuditDropAbsentEntry", nil),
	"readd entry":                    i18n.M("StaffAuditReaddEntry", nil),
	"promote entry":                  i18n.M("StaffAuditPromoteEntry", nil),
	"deck-checked entry":             i18n.M("StaffAuditDeckCheckedEntry", nil),
	"new-link entry":                 i18n.M("StaffAuditNewLinkEntry", nil),
	"settings entry":                 i18n.M("StaffAuditSettingsEntry", nil),
	"disqualify entry":               i18n.M("StaffAuditDisqualifyEntry", nil),
	"deck entry":                     i18n.M("StaffAuditDeckEntry", nil),
	"delete entry":                   i18n.M("StaffAuditDeleteEntry", nil),
	"pair round":                     i18n.M("StaffAuditPairRound", nil),
	"publish round":                  i18n.M("StaffAuditPublishRound", nil),
	"finish round":                   i18n.M("StaffAuditFinishRound", nil),
	"complete round":                 i18n.M("StaffAuditCompleteRound", nil),
	"reopen round":                   i18n.M("StaffAuditReopenRound", nil),
	"delete round":                   i18n.M("StaffAuditDeleteRound", nil),
	"clock-start round":              i18n.M("StaffAuditClockStartRound", nil),
	"clock-pause round":              i18n.M("StaffAuditClockPauseRound", nil),
	"clock-resume round":             i18n.M("StaffAuditClockResumeRound", nil),
	"clock-add round":                i18n.M("StaffAuditClockAddRound", nil),
	"report match":                   i18n.M("StaffAuditReportMatch", nil),
	"set-result match":               i18n.M("StaffAuditSetResultMatch", nil),
	"edit-pairing match":             i18n.M("StaffAuditEditPairingMatch", nil),
	"extend match":                   i18n.M("StaffAuditExtendMatch", nil),
	"penalty-result match":           i18n.M("StaffAuditPenaltyResultMatch", nil),
	"create penalty":                 i18n.M("StaffAuditCreatePenalty", nil),
	"create ruling":                  i18n.M("StaffAuditCreateRuling", nil),
	"create game_log":                i18n.M("StaffAuditCreateGameLog", nil),
	"update game_log":                i18n.M("StaffAuditUpdateGameLog", nil),
	"open judge-call":                i18n.M("StaffAuditOpenCall", nil),
	"taken judge-call":               i18n.M("StaffAuditTakenCall", nil),
	"closed judge-call":              i18n.M("StaffAuditClosedCall", nil),
	"post announcement":              i18n.M("StaffAuditPostAnnouncement", nil),
	"remove announcement":            i18n.M("StaffAuditRemoveAnnouncement", nil),
	"take snapshot":                  i18n.M("StaffAuditTakeSnapshot", nil),
	"download snapshot":              i18n.M("StaffAuditDownloadSnapshot", nil),
	"close-day1 event":               i18n.M("StaffAuditCloseDay1Event", nil),
	"move-table match":               i18n.M("StaffAuditMoveTableMatch", nil),
	"pick deck-check":                i18n.M("StaffAuditPickDeckCheck", nil),
	"finish deck-check":              i18n.M("StaffAuditFinishDeckCheck", nil),
	"decline-intentional-draw match": i18n.M("StaffAuditDeclineIntentionalDrawMatch", nil),
}
