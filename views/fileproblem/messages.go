package fileproblem

// One case per key of rules.FileMessages, jsonproblem.Messages and
// pairing.EventFileMessages, in their order (TestEveryKeyHasItsMessage
// fails on a key without its case).

import (
	"context"

	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// fileText is a rules.FileProblem by its key: A1 … are its values.
func fileText(ctx context.Context, key string, a i18n.Args) (string, bool) {
	switch key {
	case "cards-too-large":
		return i18n.T(ctx, "FileCardsTooLarge", a), true
	case "cards-empty":
		return i18n.T(ctx, "FileCardsEmpty", a), true
	case "cards-json-object":
		return i18n.T(ctx, "FileCardsJsonObject", a), true
	case "cards-unrecognised":
		return i18n.T(ctx, "FileCardsUnrecognised", a), true
	case "cards-not-array":
		return i18n.T(ctx, "FileCardsNotArray", a), true
	case "card-not-object":
		return i18n.T(ctx, "FileCardNotObject", a), true
	case "card-no-number":
		return i18n.T(ctx, "FileCardNoNumber", a), true
	case "card-bad-number":
		return i18n.T(ctx, "FileCardBadNumber", a), true
	case "card-no-name":
		return i18n.T(ctx, "FileCardNoName", a), true
	case "card-no-type":
		return i18n.T(ctx, "FileCardNoType", a), true
	case "card-no-type-masters":
		return i18n.T(ctx, "FileCardNoTypeMasters", a), true
	case "card-unknown-type":
		return i18n.T(ctx, "FileCardUnknownType", a), true
	case "card-unknown-type-masters":
		return i18n.T(ctx, "FileCardUnknownTypeMasters", a), true
	case "card-masters-type":
		return i18n.T(ctx, "FileCardMastersType", a), true
	case "unknown-game":
		return i18n.T(ctx, "FileUnknownGame", a), true
	case "whole-number":
		return i18n.T(ctx, "FileWholeNumber", a), true
	case "at-least-one":
		return i18n.T(ctx, "FileAtLeastOne", a), true
	case "deck-limit":
		return i18n.T(ctx, "FileDeckLimit", a), true
	case "copy-limit":
		return i18n.T(ctx, "FileCopyLimit", a), true
	case "copy-limit-disagrees":
		return i18n.T(ctx, "FileCopyLimitDisagrees", a), true
	case "sensei-deck":
		return i18n.T(ctx, "FileSenseiDeck", a), true
	case "csv-unnamed-column":
		return i18n.T(ctx, "FileCsvUnnamedColumn", a), true
	case "csv-column-twice":
		return i18n.T(ctx, "FileCsvColumnTwice", a), true
	case "csv-no-column":
		return i18n.T(ctx, "FileCsvNoColumn", a), true
	case "csv-field-count":
		return i18n.T(ctx, "FileCsvFieldCount", a), true
	case "csv-bare-quote":
		return i18n.T(ctx, "FileCsvBareQuote", a), true
	case "csv-quote":
		return i18n.T(ctx, "FileCsvQuote", a), true
	case "bans-too-large":
		return i18n.T(ctx, "FileBansTooLarge", a), true
	case "bans-empty":
		return i18n.T(ctx, "FileBansEmpty", a), true
	case "bans-not-json":
		return i18n.T(ctx, "FileBansNotJson", a), true
	case "bans-no-game":
		return i18n.T(ctx, "FileBansNoGame", a), true
	case "bans-no-name":
		return i18n.T(ctx, "FileBansNoName", a), true
	case "bans-effective":
		return i18n.T(ctx, "FileBansEffective", a), true
	case "bans-no-number":
		return i18n.T(ctx, "FileBansNoNumber", a), true
	case "bans-limit":
		return i18n.T(ctx, "FileBansLimit", a), true
	case "bans-status":
		return i18n.T(ctx, "FileBansStatus", a), true
	case "bans-twice":
		return i18n.T(ctx, "FileBansTwice", a), true
	case "bans-since":
		return i18n.T(ctx, "FileBansSince", a), true
	case "bans-updated":
		return i18n.T(ctx, "FileBansUpdated", a), true
	case "bans-no-card-number":
		return i18n.T(ctx, "FileBansNoCardNumber", a), true
	}
	return "", false
}

// jsonText is a jsonproblem.Problem by its key: A1 … are its values.
func jsonText(ctx context.Context, key string, a i18n.Args) (string, bool) {
	switch key {
	case "syntax":
		return i18n.T(ctx, "JsonSyntax", a), true
	case "ends-early":
		return i18n.T(ctx, "JsonEndsEarly", a), true
	case "empty":
		return i18n.T(ctx, "JsonEmpty", a), true
	case "after-end":
		return i18n.T(ctx, "JsonAfterEnd", a), true
	case "unknown-field":
		return i18n.T(ctx, "JsonUnknownField", a), true
	case "unknown-field-in":
		return i18n.T(ctx, "JsonUnknownFieldIn", a), true
	case "want-string":
		return i18n.T(ctx, "JsonWantString", a), true
	case "want-number":
		return i18n.T(ctx, "JsonWantNumber", a), true
	case "want-whole":
		return i18n.T(ctx, "JsonWantWhole", a), true
	case "want-true-false":
		return i18n.T(ctx, "JsonWantTrueFalse", a), true
	case "want-list":
		return i18n.T(ctx, "JsonWantList", a), true
	case "want-string-list":
		return i18n.T(ctx, "JsonWantStringList", a), true
	case "want-object":
		return i18n.T(ctx, "JsonWantObject", a), true
	case "want-time":
		return i18n.T(ctx, "JsonWantTime", a), true
	case "top-object":
		return i18n.T(ctx, "JsonTopObject", a), true
	case "top-list":
		return i18n.T(ctx, "JsonTopList", a), true
	case "entry-object":
		return i18n.T(ctx, "JsonEntryObject", a), true
	case "unreadable":
		return i18n.T(ctx, "JsonUnreadable", a), true
	}
	return "", false
}

// eventFileText is a problem only a hand-written event file can have
// (pairing.EventFileMessages) by its key: A1 … are its values.
func eventFileText(ctx context.Context, key string, a i18n.Args) (string, bool) {
	switch key {
	case "not-valid":
		return i18n.T(ctx, "EventFileNotValid", a), true
	case "players-missing":
		return i18n.T(ctx, "EventFilePlayersMissing", a), true
	case "rounds-missing":
		return i18n.T(ctx, "EventFileRoundsMissing", a), true
	case "points-negative":
		return i18n.T(ctx, "EventFilePointsNegative", a), true
	case "points-too-large":
		return i18n.T(ctx, "EventFilePointsTooLarge", a), true
	case "unknown-profile":
		return i18n.T(ctx, "EventFileUnknownProfile", a), true
	case "player-no-id":
		return i18n.T(ctx, "EventFilePlayerNoId", a), true
	case "player-twice":
		return i18n.T(ctx, "EventFilePlayerTwice", a), true
	case "entered-round":
		return i18n.T(ctx, "EventFileEnteredRound", a), true
	case "round-order":
		return i18n.T(ctx, "EventFileRoundOrder", a), true
	case "table-negative":
		return i18n.T(ctx, "EventFileTableNegative", a), true
	case "table-twice":
		return i18n.T(ctx, "EventFileTableTwice", a), true
	case "player-empty":
		return i18n.T(ctx, "EventFilePlayerEmpty", a), true
	case "unknown-player":
		return i18n.T(ctx, "EventFileUnknownPlayer", a), true
	case "paired-self":
		return i18n.T(ctx, "EventFilePairedSelf", a), true
	case "paired-twice":
		return i18n.T(ctx, "EventFilePairedTwice", a), true
	case "not-entered":
		return i18n.T(ctx, "EventFileNotEntered", a), true
	case "bye-result":
		return i18n.T(ctx, "EventFileByeResult", a), true
	case "bye-with-opponent":
		return i18n.T(ctx, "EventFileByeWithOpponent", a), true
	case "unknown-result":
		return i18n.T(ctx, "EventFileUnknownResult", a), true
	case "bye-games":
		return i18n.T(ctx, "EventFileByeGames", a), true
	case "unknown-game-result":
		return i18n.T(ctx, "EventFileUnknownGameResult", a), true
	case "games-disagree":
		return i18n.T(ctx, "EventFileGamesDisagree", a), true
	case "forbidden-unknown":
		return i18n.T(ctx, "EventFileForbiddenUnknown", a), true
	case "forbidden-same":
		return i18n.T(ctx, "EventFileForbiddenSame", a), true
	case "bye-unknown":
		return i18n.T(ctx, "EventFileByeUnknown", a), true
	case "bye-round":
		return i18n.T(ctx, "EventFileByeRound", a), true
	case "bye-twice":
		return i18n.T(ctx, "EventFileByeTwice", a), true
	case "bye-paired":
		return i18n.T(ctx, "EventFileByePaired", a), true
	case "cut-size-negative":
		return i18n.T(ctx, "EventFileCutSizeNegative", a), true
	case "cut-round-order":
		return i18n.T(ctx, "EventFileCutRoundOrder", a), true
	case "cut-unknown-player":
		return i18n.T(ctx, "EventFileCutUnknownPlayer", a), true
	case "cut-paired-self":
		return i18n.T(ctx, "EventFileCutPairedSelf", a), true
	case "cut-game-winner":
		return i18n.T(ctx, "EventFileCutGameWinner", a), true
	case "cut-game-first":
		return i18n.T(ctx, "EventFileCutGameFirst", a), true
	}
	return "", false
}
