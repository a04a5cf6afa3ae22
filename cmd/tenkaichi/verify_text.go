package main

import (
	"context"

	"github.com/tenkaichi-org/tenkaichi/pairing"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// verifyText is a problem verify found, in ctx's language: one case per
// key of pairing.VerifyMessages (TestEveryVerifyProblemIsAMessage fails on
// a key without one, which would be said in English).
func verifyText(ctx context.Context, p pairing.Problem) string {
	if text, ok := verifyMessage(ctx, p.Key, p.Args); ok {
		return text
	}
	return p.Msg
}

// verifyMessage says key with its values a; ok is false for a key it does
// not know or values it cannot read.
func verifyMessage(ctx context.Context, key string, a []any) (text string, ok bool) {
	defer func() {
		if recover() != nil {
			text, ok = "", false // values of the wrong kind or number
		}
	}()
	if text, ok := verifyRoundMessage(ctx, key, a); ok {
		return text, true
	}
	if text, ok := verifyTeamMessage(ctx, key, a); ok {
		return text, true
	}
	return verifyRecordMessage(ctx, key, a)
}

// verifyRoundMessage says a problem with the round itself, its players
// and its pairing, or with the top cut.
func verifyRoundMessage(ctx context.Context, key string, a []any) (string, bool) {
	switch key {
	case "earlier-unreported":
		return i18n.T(ctx, "CliVerifyEarlierUnreported", i18n.Args{"Round": a[0], "Match": a[1]}), true
	case "dropped-plays":
		return i18n.T(ctx, "CliVerifyDroppedPlays", i18n.Args{"Player": a[0], "Round": a[1]}), true
	case "dropped-before-plays":
		return i18n.T(ctx, "CliVerifyDroppedBeforePlays", i18n.Args{"Player": a[0]}), true
	case "missing-listed":
		return i18n.T(ctx, "CliVerifyMissingListed", i18n.Args{"Player": a[0], "Round": a[1]}), true
	case "missing-not-dropped":
		return i18n.T(ctx, "CliVerifyMissingNotDropped", i18n.Args{"Player": a[0], "Round": a[1]}), true
	case "not-advanced":
		return i18n.T(ctx, "CliVerifyNotAdvanced", i18n.Args{"Player": a[0]}), true
	case "day2-cut":
		return i18n.T(ctx, "CliVerifyDay2Cut", i18n.Args{"Player": a[0]}), true
	case "record-eligible":
		return i18n.T(ctx, "CliVerifyRecordEligible", i18n.Args{"Recorded": a[0], "Advanced": a[1]}), true
	case "awarded-bye-missing":
		return i18n.T(ctx, "CliVerifyAwardedByeMissing", i18n.Args{"Player": a[0]}), true
	case "cannot-pair":
		return i18n.T(ctx, "CliVerifyCannotPair", i18n.Args{"Reason": errText(ctx, a[0].(error))}), true
	case "own-certificate":
		return i18n.T(ctx, "CliVerifyOwnCertificate", i18n.Args{"Finding": verifyText(ctx, a[0].(pairing.Problem))}), true
	case "forbidden":
		return i18n.T(ctx, "CliVerifyForbidden", i18n.Args{"Pair": pairText(ctx, a[0])}), true
	case "bye-count":
		return i18n.T(ctx, "CliVerifyByeCount", i18n.Args{"Byes": a[0], "Players": a[1], "Want": a[2]}), true
	case "rematch-avoidable":
		return i18n.T(ctx, "CliVerifyRematchAvoidable", i18n.Args{"Pair": pairText(ctx, a[0]), "Round": a[1]}), true
	case "rematch-too-many":
		return i18n.T(ctx, "CliVerifyRematchTooMany", i18n.Args{"Pair": pairText(ctx, a[0]), "Round": a[1], "Rematches": a[2], "Needed": a[3]}), true
	case "second-bye-avoidable":
		return i18n.T(ctx, "CliVerifySecondByeAvoidable", i18n.Args{"Player": a[0], "Round": a[1]}), true
	case "bye-rank":
		return i18n.T(ctx, "CliVerifyByeRank", i18n.Args{"Player": a[0], "Rank": a[1], "Players": a[2], "Other": a[3], "OtherRank": a[4]}), true
	case "score-gaps":
		return i18n.T(ctx, "CliVerifyScoreGaps", i18n.Args{"Sum": a[0], "Best": a[1]}), true
	case "repeat-pair-downs":
		return i18n.T(ctx, "CliVerifyRepeatPairDowns", i18n.Args{"Count": a[0], "Best": a[1]}), true
	case "weight":
		return i18n.T(ctx, "CliVerifyWeight", i18n.Args{"Weight": a[0], "Best": a[1]}), true
	case "heavier":
		return i18n.T(ctx, "CliVerifyHeavier", i18n.Args{"Weight": a[0], "Best": a[1]}), true
	case "not-seeded":
		return i18n.T(ctx, "CliVerifyNotSeeded", i18n.Args{"Seeded": pairListText(ctx, a[0]), "File": pairListText(ctx, a[1])}), true
	case "cut-cannot":
		return i18n.T(ctx, "CliVerifyCutCannot", i18n.Args{"Reason": errText(ctx, a[0].(error))}), true
	case "cut-extra-round":
		return i18n.T(ctx, "CliVerifyCutExtraRound", i18n.Args{"Rounds": a[0]}), true
	case "cut-not-in-bracket":
		return i18n.T(ctx, "CliVerifyCutNotInBracket", i18n.Args{"Pair": pairText(ctx, a[0]), "Matches": pairListText(ctx, a[1])}), true
	}
	return "", false
}

// verifyRecordMessage says a problem with a round's record or its
// certificate.
func verifyRecordMessage(ctx context.Context, key string, a []any) (string, bool) {
	switch key {
	case "record-algorithm":
		return i18n.T(ctx, "CliVerifyRecordAlgorithm", i18n.Args{"Recorded": a[0], "Known": a[1]}), true
	case "record-round":
		return i18n.T(ctx, "CliVerifyRecordRound", i18n.Args{"Round": a[0]}), true
	case "record-seed":
		return i18n.T(ctx, "CliVerifyRecordSeed", i18n.Args{"Recorded": a[0], "File": a[1]}), true
	case "record-tiebreakers":
		return i18n.T(ctx, "CliVerifyRecordTiebreakers", i18n.Args{"Recorded": a[0], "File": a[1]}), true
	case "record-players":
		return i18n.T(ctx, "CliVerifyRecordPlayers", i18n.Args{"Recorded": a[0], "File": a[1]}), true
	case "record-standings":
		return i18n.T(ctx, "CliVerifyRecordStandings", i18n.Args{"Rank": a[0], "RecordedPlayer": a[1], "RecordedPoints": a[2],
			"RecordedByes": a[3], "RecordedPairedDown": a[4], "FilePlayer": a[5], "FilePoints": a[6], "FileByes": a[7], "FilePairedDown": a[8]}), true
	case "record-awarded":
		return i18n.T(ctx, "CliVerifyRecordAwarded", nil), true
	case "record-units":
		return i18n.T(ctx, "CliVerifyRecordUnits", nil), true
	case "record-weight":
		return i18n.T(ctx, "CliVerifyRecordWeight", i18n.Args{"Recorded": a[0], "Best": a[1]}), true
	case "cert-players":
		return i18n.T(ctx, "CliVerifyCertPlayers", i18n.Args{"Player": a[0]}), true
	case "cert-duals":
		return i18n.T(ctx, "CliVerifyCertDuals", i18n.Args{"Duals": a[0], "Players": a[1]}), true
	case "cert-bye-dual":
		return i18n.T(ctx, "CliVerifyCertByeDual", nil), true
	case "cert-range":
		return i18n.T(ctx, "CliVerifyCertRange", nil), true
	case "cert-member":
		return i18n.T(ctx, "CliVerifyCertMember", i18n.Args{"Blossom": a[0], "Vertex": a[1]}), true
	case "cert-nesting":
		return i18n.T(ctx, "CliVerifyCertNesting", i18n.Args{"Blossom": a[0], "Inner": a[1]}), true
	case "cert-blossom-size":
		return i18n.T(ctx, "CliVerifyCertBlossomSize", i18n.Args{"Blossom": a[0], "Size": a[1]}), true
	case "cert-blossom-negative":
		return i18n.T(ctx, "CliVerifyCertBlossomNegative", i18n.Args{"Blossom": a[0], "Dual": a[1]}), true
	case "cert-infeasible":
		return i18n.T(ctx, "CliVerifyCertInfeasible", i18n.Args{"Pair": pairText(ctx, a[0]), "Slack": a[1], "Count": a[2]}), true
	case "cert-not-tight":
		return i18n.T(ctx, "CliVerifyCertNotTight", i18n.Args{"Pair": pairText(ctx, a[0]), "Slack": a[1], "Count": a[2]}), true
	case "cert-not-full":
		return i18n.T(ctx, "CliVerifyCertNotFull", i18n.Args{"Blossom": a[0], "Dual": a[1], "Inside": a[2], "Want": a[3]}), true
	}
	return "", false
}

// pairText says a pairing ("A v B", or A's bye) in ctx's language.
func pairText(ctx context.Context, v any) string {
	m := v.(pairing.MatchPair)
	if m.P2 == "" {
		return i18n.T(ctx, "CliVerifyBye", i18n.Args{"Player": m.P1})
	}
	return i18n.T(ctx, "CliVerifyPair", i18n.Args{"P1": m.P1, "P2": m.P2})
}

// pairListText says several pairings one after the other, and how many
// more there are.
func pairListText(ctx context.Context, v any) string {
	l := v.(pairing.PairList)
	parts := make([]string, len(l.Pairs))
	for i, m := range l.Pairs {
		parts[i] = pairText(ctx, m)
	}
	list := listText(ctx, parts)
	if l.More > 0 {
		return i18n.T(ctx, "CliVerifyMorePairs", i18n.Args{"List": list, "More": l.More})
	}
	return list
}
