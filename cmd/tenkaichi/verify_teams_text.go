package main

import (
	"context"

	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// verifyTeamMessage says a problem with a team event's seat matches
// (pairing/verify_teams.go).
func verifyTeamMessage(ctx context.Context, key string, a []any) (string, bool) {
	switch key {
	case "team-no-seat":
		return i18n.T(ctx, "CliVerifyTeamNoSeat", i18n.Args{"Player": a[0]}), true
	case "team-seat-mismatch":
		return i18n.T(ctx, "CliVerifyTeamSeatMismatch", i18n.Args{"Player": a[0], "Seat": a[1], "Team": a[2],
			"Opponent": a[3], "OpponentSeat": a[4], "OpponentTeam": a[5]}), true
	case "team-seat-missing":
		return i18n.T(ctx, "CliVerifyTeamSeatMissing", i18n.Args{"Team": a[0], "Seat": a[1]}), true
	case "team-seat-dropped":
		return i18n.T(ctx, "CliVerifyTeamSeatDropped", i18n.Args{"Player": a[0], "Seat": a[1], "Team": a[2], "Holder": a[3]}), true
	case "team-seat-vacant":
		return i18n.T(ctx, "CliVerifyTeamSeatVacant", i18n.Args{"Player": a[0], "Seat": a[1], "Team": a[2], "Result": a[3]}), true
	case "team-vacant-before":
		return i18n.T(ctx, "CliVerifyTeamSeatVacantBefore", i18n.Args{"Player": a[0], "Seat": a[1], "Team": a[2], "Result": a[3]}), true
	}
	return "", false
}
