package fileproblem

// One message per key of rules.FileMessages, jsonproblem.Messages and
// pairing.EventFileMessages, in their order (TestEveryKeyHasItsMessage
// fails on a key without its message).

import (
	"context"

	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// fileText is a rules.FileProblem by its key: A1 … are its values.
func fileText(ctx context.Context, key string, a i18n.Args) (string, bool) {
	return say(ctx, fileMessages, key, a)
}

// fileMessages are the messages of rules.FileProblem, by key.
var fileMessages = map[string]string{
	"cards-too-large":           "FileCardsTooLarge",
	"cards-empty":               "FileCardsEmpty",
	"cards-json-object":         "FileCardsJsonObject",
	"cards-unrecognised":        "FileCardsUnrecognised",
	"cards-not-array":           "FileCardsNotArray",
	"card-not-object":           "FileCardNotObject",
	"card-no-number":            "FileCardNoNumber",
	"card-bad-number":           "FileCardBadNumber",
	"card-no-name":              "FileCardNoName",
	"card-no-type":              "FileCardNoType",
	"card-no-type-masters":      "FileCardNoTypeMasters",
	"card-unknown-type":         "FileCardUnknownType",
	"card-unknown-type-masters": "FileCardUnknownTypeMasters",
	"card-masters-type":         "FileCardMastersType",
	"unknown-game":              "FileUnknownGame",
	"whole-number":              "FileWholeNumber",
	"at-least-one":              "FileAtLeastOne",
	"deck-limit":                "FileDeckLimit",
	"copy-limit":                "FileCopyLimit",
	"copy-limit-disagrees":      "FileCopyLimitDisagrees",
	"sensei-deck":               "FileSenseiDeck",
	"csv-unnamed-column":        "FileCsvUnnamedColumn",
	"csv-column-twice":          "FileCsvColumnTwice",
	"csv-no-column":             "FileCsvNoColumn",
	"csv-field-count":           "FileCsvFieldCount",
	"csv-bare-quote":            "FileCsvBareQuote",
	"csv-quote":                 "FileCsvQuote",
	"bans-too-large":            "FileBansTooLarge",
	"bans-empty":                "FileBansEmpty",
	"bans-not-json":             "FileBansNotJson",
	"bans-no-game":              "FileBansNoGame",
	"bans-no-name":              "FileBansNoName",
	"bans-effective":            "FileBansEffective",
	"bans-no-number":            "FileBansNoNumber",
	"bans-limit":                "FileBansLimit",
	"bans-status":               "FileBansStatus",
	"bans-twice":                "FileBansTwice",
	"bans-since":                "FileBansSince",
	"bans-updated":              "FileBansUpdated",
	"bans-no-card-number":       "FileBansNoCardNumber",
}

// jsonText is a jsonproblem.Problem by its key: A1 … are its values.
func jsonText(ctx context.Context, key string, a i18n.Args) (string, bool) {
	return say(ctx, jsonMessages, key, a)
}

// jsonMessages are the messages of jsonproblem.Problem, by key.
var jsonMessages = map[string]string{
	"syntax":           "JsonSyntax",
	"ends-early":       "JsonEndsEarly",
	"empty":            "JsonEmpty",
	"after-end":        "JsonAfterEnd",
	"unknown-field":    "JsonUnknownField",
	"unknown-field-in": "JsonUnknownFieldIn",
	"want-string":      "JsonWantString",
	"want-number":      "JsonWantNumber",
	"want-whole":       "JsonWantWhole",
	"want-true-false":  "JsonWantTrueFalse",
	"want-list":        "JsonWantList",
	"want-string-list": "JsonWantStringList",
	"want-object":      "JsonWantObject",
	"want-time":        "JsonWantTime",
	"top-object":       "JsonTopObject",
	"top-list":         "JsonTopList",
	"entry-object":     "JsonEntryObject",
	"unreadable":       "JsonUnreadable",
}

// eventFileText is a problem only a hand-written event file can have
// (pairing.EventFileMessages) by its key: A1 … are its values.
func eventFileText(ctx context.Context, key string, a i18n.Args) (string, bool) {
	return say(ctx, eventFileMessages, key, a)
}

// eventFileMessages are the messages of an event file's problems (pairing.EventFileMessages), by key.
var eventFileMessages = map[string]string{
	"not-valid":           "EventFileNotValid",
	"players-missing":     "EventFilePlayersMissing",
	"rounds-missing":      "EventFileRoundsMissing",
	"points-negative":     "EventFilePointsNegative",
	"points-too-large":    "EventFilePointsTooLarge",
	"unknown-profile":     "EventFileUnknownProfile",
	"player-no-id":        "EventFilePlayerNoId",
	"player-twice":        "EventFilePlayerTwice",
	"entered-round":       "EventFileEnteredRound",
	"round-order":         "EventFileRoundOrder",
	"table-negative":      "EventFileTableNegative",
	"table-twice":         "EventFileTableTwice",
	"player-empty":        "EventFilePlayerEmpty",
	"unknown-player":      "EventFileUnknownPlayer",
	"paired-self":         "EventFilePairedSelf",
	"paired-twice":        "EventFilePairedTwice",
	"not-entered":         "EventFileNotEntered",
	"bye-result":          "EventFileByeResult",
	"bye-with-opponent":   "EventFileByeWithOpponent",
	"unknown-result":      "EventFileUnknownResult",
	"bye-games":           "EventFileByeGames",
	"unknown-game-result": "EventFileUnknownGameResult",
	"games-disagree":      "EventFileGamesDisagree",
	"forbidden-unknown":   "EventFileForbiddenUnknown",
	"forbidden-same":      "EventFileForbiddenSame",
	"bye-unknown":         "EventFileByeUnknown",
	"bye-round":           "EventFileByeRound",
	"bye-twice":           "EventFileByeTwice",
	"bye-paired":          "EventFileByePaired",
	"cut-size-negative":   "EventFileCutSizeNegative",
	"cut-round-order":     "EventFileCutRoundOrder",
	"cut-unknown-player":  "EventFileCutUnknownPlayer",
	"cut-paired-self":     "EventFileCutPairedSelf",
	"cut-game-winner":     "EventFileCutGameWinner",
	"cut-game-first":      "EventFileCutGameFirst",
	"two-day-invalid":     "EventFileTwoDayInvalid",
	"two-day-advanced":    "EventFileTwoDayAdvanced",
}

// say is the message of key in messages, with values a; ok is false for a
// key the table lacks.
func say(ctx context.Context, messages map[string]string, key string, a i18n.Args) (string, bool) {
	id, ok := messages[key]
	if !ok {
		return "", false
	}
	return i18n.T(ctx, id, a), true
}
