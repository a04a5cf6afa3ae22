package web

import (
	"context"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// A judge call's reason is stored as text. Tenkaichi's own reasons are
// kept in English (StoredPhoneCallReason) and were kept in the player's
// language before, so recognising one means wording it in every language:
// this file is where stored text meets the catalogue.

// StoredPhoneCallReason is the reason stored for a call from a player's
// phone.
func StoredPhoneCallReason() string {
	return i18n.T(context.Background(), "PhoneCallReason", nil)
}

// CallReason is a judge call's reason as a fact: one of Tenkaichi's own (a
// dispute's, a call from a player's phone or from the game tracker at its
// step), worded in the reader's language, or any other reason (an
// imported event's) as it is.
func CallReason(call storage.JudgeCall) i18n.Message {
	if call.Reason == storage.DisputeReason {
		return i18n.M("PhoneCallDisputeReason", nil)
	}
	for _, l := range i18n.Languages() {
		in := i18n.WithLanguage(context.Background(), l.Code)
		if call.Reason == i18n.T(in, "PhoneCallReason", nil) {
			return i18n.M("PhoneCallReason", nil)
		}
		if call.Step != nil && call.Reason == i18n.T(in, "TrackerCallReason", i18n.Args{"Step": *call.Step}) {
			return i18n.M("TrackerCallReason", i18n.Args{"Step": *call.Step})
		}
	}
	return i18n.Verbatim(call.Reason)
}
