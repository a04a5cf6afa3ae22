package server

import (
	"context"

	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// phoneNotice is a flash notice of the player's phone in the page's
// language (the flash cookie carries only which notice it is).
func phoneNotice(ctx context.Context, msg string) string {
	switch msg {
	case "":
		return ""
	case msgRegistered:
		return i18n.T(ctx, "PhoneRegistered", nil)
	case msgDeckSaved:
		return i18n.T(ctx, "PhoneDeckSaved", nil)
	case msgReported:
		return i18n.T(ctx, "PhoneReported", nil)
	case msgJudgeCalled:
		return i18n.T(ctx, "PhoneJudgeCalled", nil)
	case msgDropped:
		return i18n.T(ctx, "PhoneDropped", nil)
	}
	return msg
}
