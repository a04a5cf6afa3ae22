package server

import (
	"context"
	"errors"

	"github.com/tenkaichi-org/tenkaichi/pairing"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// pairingProblem is why the pairing tools refused to pair a round or build
// the top cut, in the page's language: a problem an organiser can meet
// (pairing.InputError's Key, no pairing at all) has its message; any other
// (data a page cannot produce) keeps the pairing package's English.
func pairingProblem(ctx context.Context, err error) string {
	var ie *pairing.InputError
	if errors.As(err, &ie) {
		a := i18n.Args{"Round": ie.Round, "Match": ie.Match, "Table": ie.Table}
		switch ie.Key {
		case "no-result":
			if ie.Table > 0 {
				return i18n.T(ctx, "StaffPairingNoResultAtTable", a)
			}
			return i18n.T(ctx, "StaffPairingNoResult", a)
		case "no-active-player":
			return i18n.T(ctx, "StaffPairingNoActivePlayer", a)
		case "too-large":
			return i18n.T(ctx, "StaffPairingTooLarge", a)
		case "cut-too-few-left":
			if len(ie.Args) == 2 {
				size, _ := ie.Args[0].(int)
				left, _ := ie.Args[1].(int)
				return i18n.N(ctx, "StaffPairingCutTooFewLeft", left, i18n.Args{"Size": size})
			}
		}
		return err.Error()
	}
	if errors.Is(err, pairing.ErrNoPairing) {
		// Which player is left over is the pairing tools' detail, kept for the log.
		return i18n.T(ctx, "StaffPairingNoPairing", nil)
	}
	return err.Error()
}
