// Package fileproblem says in a language what is wrong with a file a
// person gives the product (a card list, a ban list, an event file) or
// what the pairing tools refuse in one: the web pages and the command line
// both use it, so each problem is worded once per language. The packages
// that find the problems (rules, jsonproblem, pairing) keep a key and
// values for each, and know nothing of languages.
package fileproblem

import (
	"context"
	"errors"
	"strconv"

	"github.com/tenkaichi-org/tenkaichi/jsonproblem"
	"github.com/tenkaichi-org/tenkaichi/pairing"
	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// Text is err in ctx's language, still naming where the problem is (the
// record, line, card, field or column of a card list; the version and entry
// of a ban list; the round, match and table of an event file; the line and
// path of a JSON value). An error it does not know, or a key without a
// message, keeps its own (English) words.
func Text(ctx context.Context, err error) string {
	if err == nil {
		return ""
	}
	var cfe *rules.CardFileError
	if errors.As(err, &cfe) {
		return cardFileText(ctx, cfe)
	}
	var ble *rules.BanListError
	if errors.As(err, &ble) {
		a := i18n.Args{"Version": ble.Version, "Name": ble.Name, "Problem": Text(ctx, ble.Err)}
		switch {
		case ble.Version > 0:
			return i18n.T(ctx, "FileBanListVersion", a)
		case ble.Name != "":
			return i18n.T(ctx, "FileBanListNamed", a)
		}
		return a["Problem"].(string)
	}
	var ie *pairing.InputError
	if errors.As(err, &ie) {
		if text, ok := inputText(ctx, ie); ok {
			return text
		}
		return err.Error()
	}
	if errors.Is(err, pairing.ErrNoPairing) {
		// Which player is left over is the pairing tools' detail, kept for the log.
		return i18n.T(ctx, "StaffPairingNoPairing", nil)
	}
	var fp *rules.FileProblem
	if errors.As(err, &fp) {
		if text, ok := fileText(ctx, fp.Key, values(ctx, fp.Args)); ok {
			return text
		}
	}
	var jp *jsonproblem.Problem
	if errors.As(err, &jp) {
		if text, ok := jsonText(ctx, jp.Key, values(ctx, jp.Args)); ok {
			return text
		}
	}
	return err.Error()
}

// values are a problem's values as a message's A1, A2 …; a problem inside
// a problem is said in the language too.
func values(ctx context.Context, args []any) i18n.Args {
	a := make(i18n.Args, len(args))
	for i, v := range args {
		if err, isErr := v.(error); isErr {
			v = Text(ctx, err)
		}
		a["A"+strconv.Itoa(i+1)] = v
	}
	return a
}

// cardFileText is a card list's problem with its place: the line (CSV) or
// the record (JSON, counted from 1), the card, the column or field.
func cardFileText(ctx context.Context, e *rules.CardFileError) string {
	problem := Text(ctx, e.Err)
	switch {
	case e.Field != "" && e.Format == rules.CardFileCSV:
		problem = i18n.T(ctx, "FileInColumn", i18n.Args{"Field": e.Field, "Problem": problem})
	case e.Field != "":
		problem = i18n.T(ctx, "FileInField", i18n.Args{"Field": e.Field, "Problem": problem})
	}
	a := i18n.Args{"Line": e.Line, "Record": e.Record + 1, "Number": e.Number, "Problem": problem}
	switch {
	case e.Line > 0 && e.Number != "":
		return i18n.T(ctx, "FileAtLineOfCard", a)
	case e.Line > 0:
		return i18n.T(ctx, "FileAtLine", a)
	case e.Number != "":
		return i18n.T(ctx, "FileAtRecordOfCard", a)
	}
	return i18n.T(ctx, "FileAtRecord", a)
}

// inputText is a problem of the pairing tools: one an organiser can meet
// while pairing or starting a top cut (pairing.InputMessages), or one only
// a hand-written event file can have, at its round, match and table.
func inputText(ctx context.Context, ie *pairing.InputError) (string, bool) {
	a := i18n.Args{"Round": ie.Round, "Match": ie.Match, "Table": ie.Table}
	switch ie.Key {
	case "no-result":
		if ie.Table > 0 {
			return i18n.T(ctx, "StaffPairingNoResultAtTable", a), true
		}
		return i18n.T(ctx, "StaffPairingNoResult", a), true
	case "no-active-player":
		return i18n.T(ctx, "StaffPairingNoActivePlayer", a), true
	case "too-large":
		return i18n.T(ctx, "StaffPairingTooLarge", a), true
	case "cut-no-size":
		if len(ie.Args) == 1 {
			players, _ := ie.Args[0].(int)
			return i18n.N(ctx, "StaffPairingCutNoSize", players, nil), true
		}
	case "cut-too-small":
		return i18n.T(ctx, "StaffPairingCutTooSmall", nil), true
	case "day2-too-few":
		if len(ie.Args) == 1 {
			return i18n.T(ctx, "TwoDayTooFew", i18n.Args{"Count": ie.Args[0]}), true
		}
	case "cut-too-few-left":
		if len(ie.Args) == 2 {
			size, _ := ie.Args[0].(int)
			left, _ := ie.Args[1].(int)
			return i18n.N(ctx, "StaffPairingCutTooFewLeft", left, i18n.Args{"Size": size}), true
		}
	}
	problem, ok := eventFileText(ctx, ie.Key, values(ctx, ie.Args))
	if !ok {
		return "", false
	}
	a["Problem"] = problem
	switch {
	case ie.Round > 0 && ie.Match > 0 && ie.Table > 0:
		return i18n.T(ctx, "EventFileAtMatchOfTable", a), true
	case ie.Round > 0 && ie.Match > 0:
		return i18n.T(ctx, "EventFileAtMatch", a), true
	case ie.Round > 0:
		return i18n.T(ctx, "EventFileAtRound", a), true
	}
	return problem, true
}
