package web

import (
	"context"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// AuditActorText says who made a change of the event's change log: an
// account by its username, a player's phone, self-registration, the server
// itself or a request without an account in the page's language (the log
// keeps storage's English names).
func AuditActorText(ctx context.Context, a storage.AuditEntry) string {
	if name, ok := a.Player(); ok {
		return i18n.T(ctx, "StaffAuditByPlayer", i18n.Args{"Name": name})
	}
	if a.UserID == nil {
		switch a.Actor {
		case storage.ActorSystem.Name:
			return i18n.T(ctx, "StaffAuditBySystem", nil)
		case storage.ActorSelfRegistration.Name:
			return i18n.T(ctx, "StaffAuditBySelfRegistration", nil)
		case storage.ActorAnonymous.Name:
			return i18n.T(ctx, "StaffAuditByAnonymous", nil)
		}
	}
	return a.Actor
}

// ActorText says who made a snapshot or a game log, which keep only the
// actor's name (storage.Actor's Name), as AuditActorText says the change
// log's: a player's phone, the server itself and the others without an
// account in the page's language, an account by its username. Without the
// account's id beside the name, an account whose username is one of
// storage's own names ("system") reads as that actor.
func ActorText(ctx context.Context, name string) string {
	return AuditActorText(ctx, storage.AuditEntry{Actor: name})
}

// AuditChangeText names a change of the event's change log (its stored
// action and entity, such as "publish" "round") in the page's language; a
// change without a message here (a new action, or one of the server's own
// rows) shows its codes as they are.
func AuditChangeText(ctx context.Context, action, entity string) string {
	switch action + " " + entity {
	case "create event":
		return i18n.T(ctx, "StaffAuditCreateEvent", nil)
	case "update event":
		return i18n.T(ctx, "StaffAuditUpdateEvent", nil)
	case "deck-settings event":
		return i18n.T(ctx, "StaffAuditDeckSettingsEvent", nil)
	case "finish event":
		return i18n.T(ctx, "StaffAuditFinishEvent", nil)
	case "import event":
		return i18n.T(ctx, "StaffAuditImportEvent", nil)
	case "restore event":
		return i18n.T(ctx, "StaffAuditRestoreEvent", nil)
	case "add judge":
		return i18n.T(ctx, "StaffAuditAddJudge", nil)
	case "remove judge":
		return i18n.T(ctx, "StaffAuditRemoveJudge", nil)
	case "register entry":
		return i18n.T(ctx, "StaffAuditRegisterEntry", nil)
	case "create entry":
		return i18n.T(ctx, "StaffAuditCreateEntry", nil)
	case "checkin entry":
		return i18n.T(ctx, "StaffAuditCheckinEntry", nil)
	case "drop entry":
		return i18n.T(ctx, "StaffAuditDropEntry", nil)
	case "drop-not-checked-in entry":
		return i18n.T(ctx, "StaffAuditDropAbsentEntry", nil)
	case "readd entry":
		return i18n.T(ctx, "StaffAuditReaddEntry", nil)
	case "promote entry":
		return i18n.T(ctx, "StaffAuditPromoteEntry", nil)
	case "deck-checked entry":
		return i18n.T(ctx, "StaffAuditDeckCheckedEntry", nil)
	case "new-link entry":
		return i18n.T(ctx, "StaffAuditNewLinkEntry", nil)
	case "settings entry":
		return i18n.T(ctx, "StaffAuditSettingsEntry", nil)
	case "disqualify entry":
		return i18n.T(ctx, "StaffAuditDisqualifyEntry", nil)
	case "deck entry":
		return i18n.T(ctx, "StaffAuditDeckEntry", nil)
	case "delete entry":
		return i18n.T(ctx, "StaffAuditDeleteEntry", nil)
	case "pair round":
		return i18n.T(ctx, "StaffAuditPairRound", nil)
	case "publish round":
		return i18n.T(ctx, "StaffAuditPublishRound", nil)
	case "finish round":
		return i18n.T(ctx, "StaffAuditFinishRound", nil)
	case "complete round":
		return i18n.T(ctx, "StaffAuditCompleteRound", nil)
	case "reopen round":
		return i18n.T(ctx, "StaffAuditReopenRound", nil)
	case "delete round":
		return i18n.T(ctx, "StaffAuditDeleteRound", nil)
	case "clock-start round":
		return i18n.T(ctx, "StaffAuditClockStartRound", nil)
	case "clock-pause round":
		return i18n.T(ctx, "StaffAuditClockPauseRound", nil)
	case "clock-resume round":
		return i18n.T(ctx, "StaffAuditClockResumeRound", nil)
	case "clock-add round":
		return i18n.T(ctx, "StaffAuditClockAddRound", nil)
	case "report match":
		return i18n.T(ctx, "StaffAuditReportMatch", nil)
	case "set-result match":
		return i18n.T(ctx, "StaffAuditSetResultMatch", nil)
	case "edit-pairing match":
		return i18n.T(ctx, "StaffAuditEditPairingMatch", nil)
	case "extend match":
		return i18n.T(ctx, "StaffAuditExtendMatch", nil)
	case "penalty-result match":
		return i18n.T(ctx, "StaffAuditPenaltyResultMatch", nil)
	case "create penalty":
		return i18n.T(ctx, "StaffAuditCreatePenalty", nil)
	case "create ruling":
		return i18n.T(ctx, "StaffAuditCreateRuling", nil)
	case "create game_log":
		return i18n.T(ctx, "StaffAuditCreateGameLog", nil)
	case "update game_log":
		return i18n.T(ctx, "StaffAuditUpdateGameLog", nil)
	case "open judge-call":
		return i18n.T(ctx, "StaffAuditOpenCall", nil)
	case "taken judge-call":
		return i18n.T(ctx, "StaffAuditTakenCall", nil)
	case "closed judge-call":
		return i18n.T(ctx, "StaffAuditClosedCall", nil)
	case "post announcement":
		return i18n.T(ctx, "StaffAuditPostAnnouncement", nil)
	case "remove announcement":
		return i18n.T(ctx, "StaffAuditRemoveAnnouncement", nil)
	case "take snapshot":
		return i18n.T(ctx, "StaffAuditTakeSnapshot", nil)
	case "download snapshot":
		return i18n.T(ctx, "StaffAuditDownloadSnapshot", nil)
	}
	return action + " " + entity
}
