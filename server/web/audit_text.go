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
	switch action + " " + entity {
	case "create event":
		return i18n.M("StaffAuditCreateEvent", nil)
	case "update event":
		return i18n.M("StaffAuditUpdateEvent", nil)
	case "deck-settings event":
		return i18n.M("StaffAuditDeckSettingsEvent", nil)
	case "finish event":
		return i18n.M("StaffAuditFinishEvent", nil)
	case "import event":
		return i18n.M("StaffAuditImportEvent", nil)
	case "restore event":
		return i18n.M("StaffAuditRestoreEvent", nil)
	case "add judge":
		return i18n.M("StaffAuditAddJudge", nil)
	case "remove judge":
		return i18n.M("StaffAuditRemoveJudge", nil)
	case "register entry":
		return i18n.M("StaffAuditRegisterEntry", nil)
	case "create entry":
		return i18n.M("StaffAuditCreateEntry", nil)
	case "checkin entry":
		return i18n.M("StaffAuditCheckinEntry", nil)
	case "drop entry":
		return i18n.M("StaffAuditDropEntry", nil)
	case "drop-not-checked-in entry":
		return i18n.M("StaffAuditDropAbsentEntry", nil)
	case "readd entry":
		return i18n.M("StaffAuditReaddEntry", nil)
	case "promote entry":
		return i18n.M("StaffAuditPromoteEntry", nil)
	case "deck-checked entry":
		return i18n.M("StaffAuditDeckCheckedEntry", nil)
	case "new-link entry":
		return i18n.M("StaffAuditNewLinkEntry", nil)
	case "settings entry":
		return i18n.M("StaffAuditSettingsEntry", nil)
	case "disqualify entry":
		return i18n.M("StaffAuditDisqualifyEntry", nil)
	case "deck entry":
		return i18n.M("StaffAuditDeckEntry", nil)
	case "delete entry":
		return i18n.M("StaffAuditDeleteEntry", nil)
	case "pair round":
		return i18n.M("StaffAuditPairRound", nil)
	case "publish round":
		return i18n.M("StaffAuditPublishRound", nil)
	case "finish round":
		return i18n.M("StaffAuditFinishRound", nil)
	case "complete round":
		return i18n.M("StaffAuditCompleteRound", nil)
	case "reopen round":
		return i18n.M("StaffAuditReopenRound", nil)
	case "delete round":
		return i18n.M("StaffAuditDeleteRound", nil)
	case "clock-start round":
		return i18n.M("StaffAuditClockStartRound", nil)
	case "clock-pause round":
		return i18n.M("StaffAuditClockPauseRound", nil)
	case "clock-resume round":
		return i18n.M("StaffAuditClockResumeRound", nil)
	case "clock-add round":
		return i18n.M("StaffAuditClockAddRound", nil)
	case "report match":
		return i18n.M("StaffAuditReportMatch", nil)
	case "set-result match":
		return i18n.M("StaffAuditSetResultMatch", nil)
	case "edit-pairing match":
		return i18n.M("StaffAuditEditPairingMatch", nil)
	case "extend match":
		return i18n.M("StaffAuditExtendMatch", nil)
	case "penalty-result match":
		return i18n.M("StaffAuditPenaltyResultMatch", nil)
	case "create penalty":
		return i18n.M("StaffAuditCreatePenalty", nil)
	case "create ruling":
		return i18n.M("StaffAuditCreateRuling", nil)
	case "create game_log":
		return i18n.M("StaffAuditCreateGameLog", nil)
	case "update game_log":
		return i18n.M("StaffAuditUpdateGameLog", nil)
	case "open judge-call":
		return i18n.M("StaffAuditOpenCall", nil)
	case "taken judge-call":
		return i18n.M("StaffAuditTakenCall", nil)
	case "closed judge-call":
		return i18n.M("StaffAuditClosedCall", nil)
	case "post announcement":
		return i18n.M("StaffAuditPostAnnouncement", nil)
	case "remove announcement":
		return i18n.M("StaffAuditRemoveAnnouncement", nil)
	case "take snapshot":
		return i18n.M("StaffAuditTakeSnapshot", nil)
	case "download snapshot":
		return i18n.M("StaffAuditDownloadSnapshot", nil)
	}
	return i18n.Verbatim(action + " " + entity)
}
