package gamelog

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tenkaichi-org/tenkaichi/jsonproblem"
)

// Log is a whole game: the setup and the actions, as written in a game log
// (docs/game-log.md).
type Log struct {
	Setup   Setup    `json:"setup"`
	Actions []Action `json:"actions"`
}

// ParseError is a log that cannot be read, with the line at fault. Msg is
// the problem in English; Sentence is the same as a format and its
// arguments, for a page to say in its language.
type ParseError struct {
	Line     int
	Msg      string
	Sentence Sentence
}

// lineError is a ParseError of the text notation (the JSON reader's errAt
// makes those of the JSON one).
func lineError(line int, s Sentence) *ParseError {
	return &ParseError{Line: line, Msg: s.String(), Sentence: s}
}

func (e *ParseError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

// Limits that keep a hostile log from using unbounded memory.
const (
	maxLineLen = 4096
	maxDeck    = 200
	maxActions = 100000
	maxAmount  = 1000000
)

// ParseLog reads a game log in the text notation or, when it starts with
// "{", in its JSON form. It never panics; errors name the line.
func ParseLog(data []byte) (*Log, error) {
	if t := bytes.TrimSpace(data); len(t) > 0 && t[0] == '{' {
		return ParseJSON(data)
	}
	return ParseText(data)
}

// CheckSetup reports a log that has no setup to replay from: no Leader for a
// player. ParseLog reads fragments of a log too (a few action lines); a
// replay needs the setup. The error is a ParseError at line 1.
func (l *Log) CheckSetup() error {
	var missing []string
	for i, p := range l.Setup.Players {
		if p.Leader == "" {
			missing = append(missing, fmt.Sprintf("[P%dLeader]", i+1))
		}
	}
	if len(missing) == 0 {
		return nil
	}
	if len(missing) == 2 {
		return lineError(1, Sentence{"the log has no setup: it needs the tag %s and the tag %s with the Leader's card number (in JSON, the leader of each of the setup's players)", []any{missing[0], missing[1]}})
	}
	return lineError(1, Sentence{"the log has no setup: it needs the tag %s with the Leader's card number (in JSON, the leader of each of the setup's players)", []any{missing[0]}})
}

// ParseJSON reads the JSON form of a game log. Unknown fields are errors,
// and every error names the line of the file where the offending field or
// value is (an action's own "line" field, if any, is only what violations
// name). Its problems are Sentences of our own (what is wrong and where:
// the column, the setup's or a player's field, the action and its field),
// not the JSON decoder's words, so a page says them in its language.
func ParseJSON(data []byte) (*Log, error) {
	j := jsonReader{data: data}
	// Syntax first, over the whole file, so the offset is the file's.
	if err := json.Unmarshal(data, new(json.RawMessage)); err != nil {
		return nil, j.syntax(0, err)
	}
	var l Log
	err := j.fields(data, 0, Sentence{Format: "the log must be %s, not %s"}, func(key string, keyOff, valOff int, val []byte) error {
		switch {
		case strings.EqualFold(key, "setup"):
			l.Setup = Setup{}
			return j.setup(&l.Setup, val, valOff)
		case strings.EqualFold(key, "actions"):
			l.Actions = nil
			return j.elements(val, valOff, Sentence{"the log's %q must be %s, not %s", []any{key}}, JSONList, func(i, off int, el []byte) error {
				if i >= maxActions {
					return j.errAt(off, Sentence{Format: "too many actions"})
				}
				a, err := j.action(i, el, off)
				if err != nil {
					return err
				}
				l.Actions = append(l.Actions, a)
				return nil
			})
		}
		return j.errAt(keyOff, Sentence{"unknown field %q: a log has setup and actions", []any{key}})
	})
	if err != nil {
		return nil, err
	}
	return &l, nil
}

// JSONKind is what a value of the JSON notation must be ("a whole number",
// "text in double quotes"), as its problems say; %s prints it in English.
type JSONKind string

const (
	JSONObject     JSONKind = "a JSON object"
	JSONList       JSONKind = "a JSON list"
	JSONText       JSONKind = "text in double quotes"
	JSONTexts      JSONKind = "a list of texts in double quotes"
	JSONWhole      JSONKind = "a whole number"
	JSONWholeFrom0 JSONKind = "a whole number from 0"
	JSONBool       JSONKind = "true or false"
)

// jsonReader reads a JSON log field by field, keeping the byte offset of
// every value so an error can name its line.
type jsonReader struct{ data []byte }

func (j *jsonReader) errAt(off int, s Sentence) *ParseError {
	line, _ := jsonproblem.LineColumn(j.data, off)
	return &ParseError{Line: line, Msg: s.String(), Sentence: s}
}

// syntax is a syntax error of the decoder that read from off, said as
// where the JSON breaks (jsonproblem finds the line, the column and the
// character at fault) or an end that comes too early.
func (j *jsonReader) syntax(off int, err error) *ParseError {
	var p *jsonproblem.Problem
	var se *json.SyntaxError
	// json.Unmarshal (unlike a Decoder) says an end too early as a
	// SyntaxError at the last character.
	early := errors.As(err, &se) && se.Error() == "unexpected end of JSON input"
	if !early && errors.As(jsonproblem.Syntax(j.data, off, err), &p) && p.Key == "syntax" {
		line, col, char := p.Args[0].(int), p.Args[1].(int), p.Args[2].(string)
		s := Sentence{"the JSON is not valid at column %d: %q is not expected there", []any{col, char}}
		return &ParseError{Line: line, Msg: s.String(), Sentence: s}
	}
	return j.errAt(len(j.data), Sentence{Format: "the JSON ends too early: a bracket, a brace or a quote is not closed"})
}

// mismatch is the problem of the value raw at off, which is not what it
// must be: place is the sentence naming where, its last two %s what the
// value must be and the value as written (shortened).
func (j *jsonReader) mismatch(off int, place Sentence, want JSONKind, raw []byte) *ParseError {
	return j.errAt(off, Sentence{place.Format, append(slices.Clip(place.Args), want, jsonproblem.Excerpt(raw))})
}

// skip is the offset of the next value or key in raw at or after i: past
// white space and the separators , and :.
func skip(raw []byte, i int) int {
	for i < len(raw) {
		switch raw[i] {
		case ' ', '\t', '\n', '\r', ',', ':':
			i++
		default:
			return i
		}
	}
	return i
}

// fields calls fn with each field of the object raw (at offset base in the
// file), in order; place says where raw is when it is not an object.
func (j *jsonReader) fields(raw []byte, base int, place Sentence, fn func(key string, keyOff, valOff int, val []byte) error) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return j.mismatch(base, place, JSONObject, raw)
	}
	for dec.More() {
		keyOff := base + skip(raw, int(dec.InputOffset()))
		t, err := dec.Token()
		key, ok := t.(string)
		if err != nil || !ok {
			return j.syntax(keyOff, err)
		}
		valOff := base + skip(raw, int(dec.InputOffset()))
		var val json.RawMessage
		if err := dec.Decode(&val); err != nil {
			return j.syntax(valOff, err)
		}
		if err := fn(key, keyOff, valOff, val); err != nil {
			return err
		}
	}
	return nil
}

// elements calls fn with each element of the array raw; null is no
// elements; place says where raw is when it is not a list, and what it
// must be (a list, or a list of texts).
func (j *jsonReader) elements(raw []byte, base int, place Sentence, want JSONKind, fn func(i, off int, el []byte) error) error {
	if string(raw) == "null" {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if t, err := dec.Token(); err != nil || t != json.Delim('[') {
		return j.mismatch(base, place, want, raw)
	}
	for i := 0; dec.More(); i++ {
		off := base + skip(raw, int(dec.InputOffset()))
		var el json.RawMessage
		if err := dec.Decode(&el); err != nil {
			return j.syntax(off, err)
		}
		if err := fn(i, off, el); err != nil {
			return err
		}
	}
	return nil
}

// value decodes one value into dst, which must be want; place names where
// it is.
func (j *jsonReader) value(val []byte, off int, place Sentence, want JSONKind, dst any) error {
	if err := json.Unmarshal(val, dst); err != nil {
		return j.mismatch(off, place, want, val)
	}
	return nil
}

// texts decodes a list of texts into dst: place names the list, each an
// entry of it.
func (j *jsonReader) texts(val []byte, off int, place, each Sentence, dst *[]string) error {
	*dst = nil
	return j.elements(val, off, place, JSONTexts, func(_, off int, el []byte) error {
		var s string
		if err := j.value(el, off, each, JSONText, &s); err != nil {
			return err
		}
		*dst = append(*dst, s)
		return nil
	})
}

func (j *jsonReader) setup(st *Setup, raw []byte, base int) error {
	return j.fields(raw, base, Sentence{Format: "the setup must be %s, not %s"}, func(key string, keyOff, off int, val []byte) error {
		place := Sentence{"the setup's %q must be %s, not %s", []any{key}}
		switch {
		case strings.EqualFold(key, "seed"):
			return j.value(val, off, place, JSONWholeFrom0, &st.Seed)
		case strings.EqualFold(key, "notation"):
			if err := j.value(val, off, place, JSONWhole, &st.Notation); err != nil {
				return err
			}
			if st.Notation < 1 || st.Notation > NotationVersion {
				return j.errAt(off, Sentence{"this log is written in notation %d; this version reads notations up to %d", []any{st.Notation, NotationVersion}})
			}
			return nil
		case strings.EqualFold(key, "effects"):
			if err := j.value(val, off, place, JSONText, &st.Effects); err != nil {
				return err
			}
			if st.Effects != "" && st.Effects != EffectsDeclared {
				return j.errAt(off, Sentence{Format: "the setup's effects can only be \"declared\""})
			}
			return nil
		case strings.EqualFold(key, "players"):
			st.Players = [2]PlayerSetup{}
			return j.elements(val, off, place, JSONList, func(i, off int, el []byte) error {
				if i >= len(st.Players) {
					return j.errAt(off, Sentence{Format: "a game has two players"})
				}
				return j.player(&st.Players[i], Side(i), el, off)
			})
		}
		return j.errAt(keyOff, Sentence{"unknown field %q in setup: it has seed, effects and players", []any{key}})
	})
}

func (j *jsonReader) player(p *PlayerSetup, side Side, raw []byte, base int) error {
	return j.fields(raw, base, Sentence{"%s in the setup's players must be %s, not %s", []any{side}}, func(key string, keyOff, off int, val []byte) error {
		place := Sentence{"%s's %q must be %s, not %s", []any{side, key}}
		switch {
		case strings.EqualFold(key, "name"):
			return j.value(val, off, place, JSONText, &p.Name)
		case strings.EqualFold(key, "leader"):
			if err := j.value(val, off, place, JSONText, &p.Leader); err != nil {
				return err
			}
			if p.Leader != "" && !validNumber(p.Leader) {
				return j.errAt(off, Sentence{"%s's leader: %q is not a card number", []any{side, p.Leader}})
			}
			p.Leader = strings.ToUpper(p.Leader)
			return nil
		case strings.EqualFold(key, "deck"), strings.EqualFold(key, "decklist"):
			list := &p.Deck
			if strings.EqualFold(key, "decklist") {
				list = &p.Decklist
			}
			*list = nil
			each := Sentence{"each card of %s's %q must be %s, not %s", []any{side, key}}
			err := j.elements(val, off, place, JSONTexts, func(i, off int, el []byte) error {
				if i >= maxDeck {
					return j.errAt(off, Sentence{"%s's deck has more than %d cards", []any{side, maxDeck}})
				}
				var num string
				if err := j.value(el, off, each, JSONText, &num); err != nil {
					return err
				}
				if num != "" && num != "?" && !validNumber(num) {
					return j.errAt(off, Sentence{"%s's %q: %q is not a card number (\"\" for an unknown card)", []any{side, key, num}})
				}
				if num == "?" {
					num = ""
				}
				if num == "" && list == &p.Decklist {
					return j.errAt(off, Sentence{"%s's decklist names every card: no \"\" or \"?\" in it", []any{side}})
				}
				*list = append(*list, strings.ToUpper(num))
				return nil
			})
			if err == nil && len(p.Deck) > 0 && len(p.Decklist) > 0 {
				return j.errAt(keyOff, Sentence{"%s has a deck and a decklist: give a deck in order, or a decklist for a paper game", []any{side}})
			}
			return err
		}
		return j.errAt(keyOff, Sentence{"unknown field %q in a player: it has name, leader, deck and decklist", []any{key}})
	})
}

// action reads the i-th action (0-based) at offset base. Without a line of
// its own, an action is named by its position (1-based).
func (j *jsonReader) action(i int, raw []byte, base int) (Action, error) {
	a := Action{Player: NoSide}
	n := i + 1
	err := j.fields(raw, base, Sentence{"action %d must be %s, not %s", []any{n}}, func(key string, keyOff, off int, val []byte) error {
		place := Sentence{"action %d: %q must be %s, not %s", []any{n, key}}
		each := Sentence{"action %d: each entry of %q must be %s, not %s", []any{n, key}}
		switch strings.ToLower(key) {
		case "line":
			if err := j.value(val, off, place, JSONWhole, &a.Line); err != nil {
				return err
			}
			if a.Line < 0 {
				return j.errAt(off, Sentence{"action %d: line must be a line number from 1", []any{n}})
			}
			return nil
		case "player":
			var p string
			if err := j.value(val, off, place, JSONText, &p); err != nil {
				return err
			}
			if err := a.Player.UnmarshalText([]byte(p)); err != nil {
				return j.errAt(off, Sentence{"action %d: the player must be P1 or P2, not %q", []any{n, p}})
			}
			return nil
		case "verb":
			return j.value(val, off, place, JSONText, &a.Verb)
		case "card":
			return j.value(val, off, place, JSONText, &a.Card)
		case "targets":
			return j.texts(val, off, place, each, &a.Targets)
		case "from":
			return j.value(val, off, place, JSONText, &a.From)
		case "to":
			return j.value(val, off, place, JSONText, &a.To)
		case "bottom":
			return j.value(val, off, place, JSONBool, &a.Bottom)
		case "amount":
			return j.value(val, off, place, JSONWhole, &a.Amount)
		case "duration":
			return j.value(val, off, place, JSONText, &a.Duration)
		case "pay":
			return j.texts(val, off, place, each, &a.Pay)
		case "by":
			return j.value(val, off, place, JSONText, &a.By)
		}
		return j.errAt(keyOff, Sentence{"action %d: unknown field %q", []any{n, key}})
	})
	if err != nil {
		return a, err
	}
	if s := checkAction(&a); s.Format != "" {
		return a, j.errAt(base, Sentence{"action %d: %s", []any{n, s}})
	}
	if a.Line == 0 {
		a.Line = n
	}
	return a, nil
}

// checkAction validates an action read from JSON the way the text parser
// does, so that every JSON log also has a text form (Format).
func checkAction(a *Action) Sentence {
	usage, ok := verbArgs[a.Verb]
	if !ok {
		return Sentence{"unknown action %q", []any{string(a.Verb)}}
	}
	if a.Player == NoSide && (!a.Verb.Outcome() || a.Card != "") {
		return Sentence{"the action %q needs a player (P1 or P2)", []any{string(a.Verb)}}
	}
	if s := checkValues(a); s.Format != "" {
		return s
	}
	// What each verb takes; anything else is refused rather than ignored.
	t := verbTakes[a.Verb]
	if ok, s := t.check(a); !ok {
		if s.Format != "" {
			return s
		}
		return expected(a.Verb, usage)
	}
	return Sentence{}
}

// expected is the problem of an action whose arguments do not fit its
// verb's usage.
func expected(v Verb, usage string) Sentence {
	if usage == "" {
		return Sentence{"expected: %s", []any{v}}
	}
	return Sentence{"expected: %s %s", []any{v, usage}}
}

// checkValues checks an action's card references, pay list and amount.
func checkValues(a *Action) Sentence {
	refs := append([]string{}, a.Targets...)
	if a.Card != "" {
		refs = append(refs, a.Card)
	}
	if a.By != "" {
		if !a.Verb.TakesBy() || a.Verb == VerbKO && a.Card == "" {
			return Sentence{"only a declared effect names the card it comes from (by CARD), not %q", []any{string(a.Verb)}}
		}
		refs = append(refs, a.By)
	}
	for _, r := range refs {
		if _, opt := Option(r); a.Verb == VerbUse && (strings.EqualFold(r, NoChoice) || opt) {
			continue
		}
		if _, err := ParseRef(r); err != nil {
			return err.(Sentence)
		}
	}
	if len(a.Targets) > maxChoices || len(a.Pay) > maxChoices {
		return Sentence{Format: "too many choices"}
	}
	for _, r := range a.Pay {
		if !payRef(r) {
			return Sentence{"%q is not an energy card or %q", []any{r, Marker}}
		}
	}
	if a.Amount != nil && (*a.Amount > maxAmount || *a.Amount < -maxAmount) {
		return Sentence{Format: "amount out of range"}
	}
	return Sentence{}
}

// takes is what an action of a verb may carry (and whether it must name a
// card), and what else its values must be (fits: false for an action that
// does not fit, with a problem of its own or none, which is the usage's).
type takes struct {
	card, needCard, targets, from, to, bottom, amount, duration, pay bool
	fits                                                             func(a *Action) (bool, Sentence)
}

// check reports whether action a carries only what the verb takes.
func (t takes) check(a *Action) (bool, Sentence) {
	if t.fits != nil {
		if ok, s := t.fits(a); !ok {
			return false, s
		}
	}
	return !((t.needCard && a.Card == "") || (!t.card && a.Card != "") || (!t.targets && len(a.Targets) > 0) ||
		(!t.from && a.From != "") || (!t.to && a.To != "") || (!t.bottom && a.Bottom) ||
		(!t.amount && a.Amount != nil) || (!t.duration && a.Duration != "") || (!t.pay && len(a.Pay) > 0)), Sentence{}
}

// fitsIf is a fits that refuses an action when bad says so, with the usage.
func fitsIf(bad func(a *Action) bool) func(a *Action) (bool, Sentence) {
	return func(a *Action) (bool, Sentence) { return !bad(a), Sentence{} }
}

// verbTakes is what each verb's action takes (a verb not listed: nothing).
var verbTakes = map[Verb]takes{
	VerbDraw:   {card: true},
	VerbKO:     {card: true},
	VerbCharge: {card: true, needCard: true},
	VerbBlock:  {card: true, needCard: true},
	VerbPlay: {card: true, needCard: true, amount: true, pay: true,
		fits: fitsIf(func(a *Action) bool { return a.Amount != nil && *a.Amount < 0 })},
	VerbUse: {card: true, needCard: true, targets: true, pay: true},
	VerbEvolve: {card: true, needCard: true, targets: true, amount: true, pay: true,
		fits: fitsIf(func(a *Action) bool {
			return len(a.Targets) < 1 || len(a.Targets) > 2 || (a.Amount != nil && *a.Amount < 0)
		})},
	VerbAttack: {card: true, needCard: true, targets: true,
		fits: fitsIf(func(a *Action) bool { return len(a.Targets) != 1 })},
	VerbCombo: {card: true, needCard: true, from: true,
		fits: fitsIf(func(a *Action) bool { return a.From != "" && a.From != ZoneHand && a.From != ZoneBattle })},
	VerbDamage: {amount: true, targets: true,
		fits: fitsIf(func(a *Action) bool {
			return a.Amount != nil && (*a.Amount < 1 || *a.Amount > 8) || len(a.Targets) > 8
		})},
	VerbMove: {card: true, needCard: true, from: true, to: true, bottom: true,
		fits: func(a *Action) (bool, Sentence) {
			if !ValidZone(a.From) || !ValidZone(a.To) {
				return false, Sentence{Format: "zones are hand, deck, life, drop, battle, energy and combo"}
			}
			return true, Sentence{}
		}},
	VerbPower: {card: true, needCard: true, amount: true, duration: true,
		fits: fitsIf(func(a *Action) bool {
			return a.Amount == nil || a.Duration != "" && a.Duration != ForBattle && a.Duration != ForTurn && a.Duration != ForLasting
		})},
	VerbKi: {card: true, needCard: true, amount: true,
		fits: fitsIf(func(a *Action) bool { return a.Amount == nil })},
	VerbRest:  {card: true, needCard: true, from: true, fits: fitsIf(fromOnlyEnergy)},
	VerbReady: {card: true, needCard: true, from: true, fits: fitsIf(fromOnlyEnergy)},
}

func fromOnlyEnergy(a *Action) bool { return a.From != "" && a.From != ZoneEnergy }

// verbArgs lists the verbs the notation knows; the value is a usage hint.
var verbArgs = map[Verb]string{
	VerbFirst: "", VerbKeep: "", VerbRedraw: "", VerbDraw: "[CARD]", VerbCharge: "CARD",
	VerbPlay: "CARD [cost N] [pay ENERGY|marker ...]", VerbEvolve: "CARD on CARD [CARD] [cost N] [pay ENERGY|marker ...]", VerbAwaken: "",
	VerbAttack: "ATTACKER -> TARGET", VerbBlock: "CARD", VerbCombo: "CARD [from battle]",
	VerbPass: "", VerbDamage: "[N] [LIFECARD ...]", VerbKO: "[CARD]", VerbMiss: "", VerbEnd: "", VerbConcede: "",
	VerbMove: "CARD from ZONE to ZONE [bottom]", VerbPower: "CARD +N|-N [battle|turn|lasting]",
	VerbRest: "CARD [in energy]", VerbReady: "CARD [in energy]", VerbKi: "CARD +N|-N", VerbShuffle: "",
	VerbUse: "CARD [-> CHOICE ...] [pay ENERGY|marker ...]",
}

// maxChoices bounds the choices and pay list of one action.
const maxChoices = 20

// payRef reports whether s is an entry of a pay list: an energy card or "marker".
func payRef(s string) bool {
	if strings.EqualFold(s, Marker) {
		return true
	}
	r, err := ParseRef(s)
	return err == nil && !r.Leader && !r.Top && !r.Bottom
}

// choiceRef reports whether s is a choice of a use line: a card reference or "none".
func choiceRef(s string) bool {
	if _, opt := Option(s); opt || strings.EqualFold(s, NoChoice) || placeWord(s) {
		return true
	}
	_, err := ParseRef(s)
	return err == nil
}

// placeWord reports whether s says where a card looked at goes ("drop",
// "hand", "energy"), as a choice of a use line ("top" and "bottom" are
// references already).
func placeWord(s string) bool {
	return strings.EqualFold(s, "drop") || strings.EqualFold(s, "hand") || strings.EqualFold(s, "energy")
}

// ParseText reads the text notation.
func ParseText(data []byte) (*Log, error) {
	l := &Log{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 1024), maxLineLen)
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		if !utf8.ValidString(text) {
			return nil, lineError(line, Sentence{Format: "the line is not valid UTF-8"})
		}
		text = stripComment(text)
		if text == "" {
			continue
		}
		if text[0] == '[' {
			if len(l.Actions) > 0 {
				return nil, lineError(line, Sentence{Format: "tags must come before the first action"})
			}
			if msg := parseTag(l, text); msg.Format != "" {
				return nil, lineError(line, msg)
			}
			continue
		}
		if len(l.Actions) >= maxActions {
			return nil, lineError(line, Sentence{Format: "too many actions"})
		}
		a, msg := ParseAction(strings.Fields(text))
		if msg.Format != "" {
			return nil, lineError(line, msg)
		}
		a.Line = line
		l.Actions = append(l.Actions, a)
	}
	if err := sc.Err(); err != nil {
		return nil, lineError(line+1, Sentence{Format: "the line is too long or unreadable"})
	}
	return l, nil
}

// stripComment drops a "#" comment: at the start of the line or after a
// space, so that "FS01-07#2" keeps its copy number, and not inside a tag's
// quoted value (a player named "Ana # 2").
func stripComment(s string) string {
	quoted := false
	for i := 0; i < len(s); i++ {
		switch {
		case quoted && s[i] == '\\':
			i++ // an escaped character
		case s[i] == '"':
			quoted = !quoted
		case s[i] == '#' && !quoted && (i == 0 || s[i-1] == ' ' || s[i-1] == '\t'):
			return strings.TrimSpace(s[:i])
		}
	}
	return strings.TrimSpace(s)
}

func parseTag(l *Log, text string) Sentence {
	if !strings.HasSuffix(text, "]") {
		return Sentence{Format: "a tag must end with ]"}
	}
	body := strings.TrimSpace(text[1 : len(text)-1])
	sp := strings.IndexAny(body, " \t")
	if sp < 0 {
		return Sentence{Format: "a tag looks like [Name \"value\"]"}
	}
	name, val := body[:sp], strings.TrimSpace(body[sp:])
	uq, err := strconv.Unquote(val)
	if err != nil {
		return Sentence{"the value of tag %s must be in double quotes", []any{name}}
	}
	switch strings.ToLower(name) {
	case "seed":
		n, err := strconv.ParseUint(uq, 10, 64)
		if err != nil {
			return Sentence{Format: "Seed must be a whole number"}
		}
		l.Setup.Seed = n
	case "p1", "p2":
		l.Setup.Players[name[1]-'1'].Name = uq
	case "p1leader", "p2leader":
		if !validNumber(uq) {
			return Sentence{"%q is not a card number", []any{uq}}
		}
		l.Setup.Players[name[1]-'1'].Leader = strings.ToUpper(uq)
	case "p1deck", "p2deck", "p1decklist", "p2decklist":
		return deckTag(&l.Setup.Players[name[1]-'1'], name, uq)
	case "notation":
		n, err := strconv.Atoi(uq)
		if err != nil || n < 1 {
			return Sentence{Format: "Notation must be a whole number from 1"}
		}
		if n > NotationVersion {
			return Sentence{"this log is written in notation %d; this version reads notations up to %d", []any{n, NotationVersion}}
		}
		l.Setup.Notation = n
	case "effects":
		if uq != EffectsDeclared {
			return Sentence{Format: "Effects can only be \"declared\" (every card effect written as a declared action)"}
		}
		l.Setup.Effects = uq
	case "event", "round", "table", "date", "result", "judge":
		// Descriptive tags: kept by whoever stores the log, not needed to replay.
	default:
		return Sentence{"unknown tag %s", []any{name}}
	}
	return Sentence{}
}

// deckTag reads a player's [P1Deck] (a deck in order) or [P1Decklist] (a
// paper game's registered list) into p; a player has one or the other.
func deckTag(p *PlayerSetup, name, value string) Sentence {
	list, msg := ParseDeck(value)
	if msg.Format != "" {
		return msg
	}
	isList := strings.HasSuffix(strings.ToLower(name), "list")
	if isList && slices.Contains(list, "") {
		return Sentence{Format: "a decklist names every card: no ? in it"}
	}
	if isList && len(p.Deck) > 0 || !isList && len(p.Decklist) > 0 {
		return Sentence{"P%cDeck and P%cDecklist cannot both be given: a deck in order, or a decklist for a paper game", []any{name[1], name[1]}}
	}
	if isList {
		p.Decklist = list
	} else {
		p.Deck = list
	}
	return Sentence{}
}

// ParseDeck reads a deck tag's list, "4 FS01-02, 4 FS01-03, 50 ?": counts
// and card numbers, top of the deck first, "?" for unknown cards.
func ParseDeck(s string) ([]string, Sentence) {
	var deck []string
	for part := range strings.SplitSeq(s, ",") {
		f := strings.Fields(part)
		if len(f) == 0 {
			continue
		}
		n := 1
		if len(f) == 2 {
			c, err := strconv.Atoi(f[0])
			if err != nil || c < 1 || c > maxDeck {
				return nil, Sentence{"%q is not a card count", []any{f[0]}}
			}
			n, f = c, f[1:]
		}
		if len(f) != 1 {
			return nil, Sentence{"%q should be a count and a card number", []any{strings.TrimSpace(part)}}
		}
		num := ""
		if f[0] != "?" {
			if !validNumber(f[0]) {
				return nil, Sentence{"%q is not a card number", []any{f[0]}}
			}
			num = strings.ToUpper(f[0])
		}
		if len(deck)+n > maxDeck {
			return nil, Sentence{"a deck has at most %d cards here", []any{maxDeck}}
		}
		for range n {
			deck = append(deck, num)
		}
	}
	return deck, Sentence{}
}

// ParseAction reads one action line of the text notation, split into its
// fields ("P1 attack FS01-07 -> leader"); a problem is a Sentence.
func ParseAction(f []string) (Action, Sentence) {
	a := Action{Player: NoSide}
	if len(f) > 0 {
		switch strings.ToUpper(f[0]) {
		case "P1":
			a.Player, f = P1, f[1:]
		case "P2":
			a.Player, f = P2, f[1:]
		}
	}
	if len(f) == 0 {
		return a, Sentence{Format: "the line has a player but no action"}
	}
	a.Verb = Verb(strings.ToLower(f[0]))
	usage, ok := verbArgs[a.Verb]
	if !ok {
		return a, Sentence{"unknown action %q", []any{f[0]}}
	}
	if a.Player == NoSide && !a.Verb.Outcome() {
		return a, Sentence{"%q needs a player first, as in: P1 %s %s", []any{f[0], a.Verb, usage}}
	}
	l := &actionLine{a: a, written: f[0], args: f[1:]}
	if !l.byTail() {
		return l.a, expected(a.Verb, usage)
	}
	parse := verbParsers[a.Verb]
	if parse == nil {
		return l.a, Sentence{}
	}
	ok, problem := parse(l)
	switch {
	case problem.Format != "":
		return l.a, problem
	case !ok:
		return l.a, expected(a.Verb, usage)
	}
	return l.a, Sentence{}
}

// actionLine is an action line being read: the action so far, its verb as
// written and the arguments after it not read yet.
type actionLine struct {
	a       Action
	written string
	args    []string
}

// isRef reports whether s is a card reference.
func isRef(s string) bool {
	_, err := ParseRef(s)
	return err == nil
}

// amount reads s as the action's amount.
func (l *actionLine) amount(s string) bool {
	n, err := strconv.Atoi(s)
	if err != nil || n > maxAmount || n < -maxAmount {
		return false
	}
	l.a.Amount = &n
	return true
}

// payTail reads an optional trailing "pay REF ...".
func (l *actionLine) payTail() bool {
	for i, w := range l.args {
		if !strings.EqualFold(w, "pay") {
			continue
		}
		pay := l.args[i+1:]
		if len(pay) == 0 || len(pay) > maxChoices {
			return false
		}
		for _, r := range pay {
			if !payRef(r) {
				return false
			}
			if strings.EqualFold(r, Marker) {
				r = Marker
			}
			l.a.Pay = append(l.a.Pay, r)
		}
		l.args = l.args[:i]
		break
	}
	return true
}

// byTail reads an optional trailing "by CARD": the card whose effect a
// declared line is (a draw, an effect's KO, the declared effects).
func (l *actionLine) byTail() bool {
	n := len(l.args)
	if n < 2 || !strings.EqualFold(l.args[n-2], "by") {
		return true
	}
	if !l.a.Verb.TakesBy() || !isRef(l.args[n-1]) || l.a.Verb == VerbKO && n < 3 {
		return false
	}
	l.a.By = l.args[n-1]
	l.args = l.args[:n-2]
	return true
}

// costTail reads an optional trailing "cost N".
func (l *actionLine) costTail() bool {
	args := l.args
	if len(args) >= 2 && strings.EqualFold(args[len(args)-2], "cost") {
		if !l.amount(args[len(args)-1]) || *l.a.Amount < 0 {
			return false
		}
		l.args = args[:len(args)-2]
	}
	return true
}

// oneCard reads the single card argument.
func (l *actionLine) oneCard() bool {
	if len(l.args) != 1 || !isRef(l.args[0]) {
		return false
	}
	l.a.Card = l.args[0]
	return true
}

// verbParsers read the arguments of each verb's line: false when they do
// not fit the verb's usage (verbArgs), or a problem of their own.
var verbParsers = map[Verb]func(l *actionLine) (bool, Sentence){
	VerbFirst: noArgs, VerbKeep: noArgs, VerbRedraw: noArgs, VerbAwaken: noArgs, VerbPass: noArgs,
	VerbEnd: noArgs, VerbConcede: noArgs, VerbShuffle: noArgs, VerbMiss: noArgs,
	VerbDraw: parseOptionalCard, VerbKO: parseOptionalCard,
	VerbCharge: parseOneCard, VerbBlock: parseOneCard,
	VerbPlay: func(l *actionLine) (bool, Sentence) {
		return l.payTail() && l.costTail() && l.oneCard(), Sentence{}
	},
	VerbUse:    parseUse,
	VerbEvolve: parseEvolve,
	VerbAttack: func(l *actionLine) (bool, Sentence) {
		args := l.args
		if len(args) != 3 || args[1] != "->" || !isRef(args[0]) || !isRef(args[2]) {
			return false, Sentence{}
		}
		l.a.Card, l.a.Targets = args[0], []string{args[2]}
		return true, Sentence{}
	},
	VerbCombo:  parseCombo,
	VerbDamage: parseDamage,
	VerbMove:   parseMove,
	VerbPower:  parsePower,
	VerbKi: func(l *actionLine) (bool, Sentence) {
		if len(l.args) != 2 || !isRef(l.args[0]) || !l.amount(l.args[1]) {
			return false, Sentence{}
		}
		l.a.Card = l.args[0]
		return true, Sentence{}
	},
	VerbRest: parseRestReady, VerbReady: parseRestReady,
}

// noArgs: a verb without arguments ("P1 keep").
func noArgs(l *actionLine) (bool, Sentence) { return len(l.args) == 0, Sentence{} }

// parseOneCard: one card ("P1 charge FS01-07").
func parseOneCard(l *actionLine) (bool, Sentence) { return l.oneCard(), Sentence{} }

// parseOptionalCard: draw or ko, with a card an effect's.
func parseOptionalCard(l *actionLine) (bool, Sentence) {
	if len(l.args) > 1 || (len(l.args) == 1 && !isRef(l.args[0])) {
		return false, Sentence{}
	}
	if len(l.args) == 1 {
		if l.a.Player == NoSide {
			return false, Sentence{"%q with a card is an effect and needs a player first, as in: P1 ko P2:FS02-05", []any{l.written}}
		}
		l.a.Card = l.args[0]
	}
	return true, Sentence{}
}

// parseUse: "use CARD [-> CHOICE ...] [pay ...]".
func parseUse(l *actionLine) (bool, Sentence) {
	if !l.payTail() || len(l.args) < 1 || !isRef(l.args[0]) {
		return false, Sentence{}
	}
	args := l.args
	l.a.Card = args[0]
	if len(args) == 1 {
		return true, Sentence{}
	}
	if args[1] != "->" || len(args) == 2 || len(args)-2 > maxChoices {
		return false, Sentence{}
	}
	for _, r := range args[2:] {
		if !choiceRef(r) {
			return false, Sentence{}
		}
		if strings.EqualFold(r, NoChoice) {
			r = NoChoice
		}
		if n, opt := Option(r); opt {
			r = "option" + strconv.Itoa(n)
		}
		l.a.Targets = append(l.a.Targets, r)
	}
	return true, Sentence{}
}

// parseEvolve: "evolve CARD on CARD [CARD] [cost N] [pay ...]".
func parseEvolve(l *actionLine) (bool, Sentence) {
	if !l.payTail() || !l.costTail() || len(l.args) < 3 || len(l.args) > 4 || !strings.EqualFold(l.args[1], "on") {
		return false, Sentence{}
	}
	l.a.Card = l.args[0]
	l.a.Targets = l.args[2:]
	for _, r := range append([]string{l.a.Card}, l.a.Targets...) {
		if !isRef(r) {
			return false, Sentence{}
		}
	}
	return true, Sentence{}
}

// parseCombo: "combo CARD [from battle|hand]".
func parseCombo(l *actionLine) (bool, Sentence) {
	if len(l.args) == 3 && strings.EqualFold(l.args[1], "from") {
		l.a.From = Zone(strings.ToLower(l.args[2]))
		if l.a.From != ZoneBattle && l.a.From != ZoneHand {
			return false, Sentence{}
		}
		l.args = l.args[:1]
	}
	return l.oneCard(), Sentence{}
}

// parseDamage: "damage [N] [LIFECARD ...]".
func parseDamage(l *actionLine) (bool, Sentence) {
	args := l.args
	if len(args) > 0 {
		if _, err := strconv.Atoi(args[0]); err == nil {
			if !l.amount(args[0]) || *l.a.Amount < 1 || *l.a.Amount > 8 {
				return false, Sentence{}
			}
			args = args[1:]
		}
	}
	if len(args) > 8 {
		return false, Sentence{}
	}
	for _, r := range args {
		if !isRef(r) {
			return false, Sentence{}
		}
		l.a.Targets = append(l.a.Targets, r)
	}
	return true, Sentence{}
}

// parseMove: "move CARD from ZONE to ZONE [top|bottom]".
func parseMove(l *actionLine) (bool, Sentence) {
	args := l.args
	if len(args) == 6 && strings.EqualFold(args[5], "bottom") {
		l.a.Bottom = true
		args = args[:5]
	} else if len(args) == 6 && strings.EqualFold(args[5], "top") {
		args = args[:5]
	}
	if len(args) != 5 || !isRef(args[0]) || !strings.EqualFold(args[1], "from") || !strings.EqualFold(args[3], "to") {
		return false, Sentence{}
	}
	l.a.Card, l.a.From, l.a.To = args[0], Zone(strings.ToLower(args[2])), Zone(strings.ToLower(args[4]))
	if !ValidZone(l.a.From) || !ValidZone(l.a.To) {
		return false, Sentence{Format: "zones are hand, deck, life, drop, battle, energy and combo"}
	}
	return true, Sentence{}
}

// parsePower: "power CARD +N|-N [battle|turn|lasting]".
func parsePower(l *actionLine) (bool, Sentence) {
	if len(l.args) == 3 {
		l.a.Duration = Duration(strings.ToLower(l.args[2]))
		if l.a.Duration != ForBattle && l.a.Duration != ForTurn && l.a.Duration != ForLasting {
			return false, Sentence{}
		}
		l.args = l.args[:2]
	}
	if len(l.args) != 2 || !isRef(l.args[0]) || !l.amount(l.args[1]) {
		return false, Sentence{}
	}
	l.a.Card = l.args[0]
	return true, Sentence{}
}

// parseRestReady: "rest|ready CARD [in energy]".
func parseRestReady(l *actionLine) (bool, Sentence) {
	if len(l.args) == 3 && strings.EqualFold(l.args[1], "in") && strings.EqualFold(l.args[2], "energy") {
		l.a.From = ZoneEnergy
		l.args = l.args[:1]
	}
	return l.oneCard(), Sentence{}
}

// Format writes a log in the text notation; ParseText reads it back.
func Format(w io.Writer, l *Log) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "[Seed %q]\n", strconv.FormatUint(l.Setup.Seed, 10))
	if l.Setup.Notation != 0 {
		fmt.Fprintf(bw, "[Notation %q]\n", strconv.Itoa(l.Setup.Notation))
	}
	if l.Setup.Effects != "" {
		fmt.Fprintf(bw, "[Effects %q]\n", l.Setup.Effects)
	}
	for i, p := range l.Setup.Players {
		if p.Name != "" {
			fmt.Fprintf(bw, "[P%d %q]\n", i+1, p.Name)
		}
		if p.Leader != "" {
			fmt.Fprintf(bw, "[P%dLeader %q]\n", i+1, p.Leader)
		}
		if len(p.Deck) > 0 {
			fmt.Fprintf(bw, "[P%dDeck %q]\n", i+1, formatDeck(p.Deck))
		}
		if len(p.Decklist) > 0 {
			fmt.Fprintf(bw, "[P%dDecklist %q]\n", i+1, formatDeck(p.Decklist))
		}
	}
	bw.WriteString("\n")
	for _, a := range l.Actions {
		bw.WriteString(FormatAction(a))
		bw.WriteString("\n")
	}
	return bw.Flush()
}

func formatDeck(deck []string) string {
	var parts []string
	for i := 0; i < len(deck); {
		j := i
		for j < len(deck) && deck[j] == deck[i] {
			j++
		}
		n := deck[i]
		if n == "" {
			n = "?"
		}
		parts = append(parts, fmt.Sprintf("%d %s", j-i, n))
		i = j
	}
	return strings.Join(parts, ", ")
}

// FormatAction writes one action as a line of the text notation.
func FormatAction(a Action) string {
	var f []string
	if a.Player == P1 || a.Player == P2 {
		f = append(f, a.Player.String())
	}
	f = append(f, string(a.Verb))
	if write := verbWriters[a.Verb]; write != nil {
		f = append(f, write(&a)...)
	}
	if len(a.Pay) > 0 {
		f = append(f, "pay")
		f = append(f, a.Pay...)
	}
	if a.By != "" {
		f = append(f, "by", a.By)
	}
	return strings.Join(f, " ")
}

// amount is an action's amount as written, signed or not; "" for none.
func (a *Action) amount(sign bool) string {
	switch {
	case a.Amount == nil:
		return ""
	case sign:
		return fmt.Sprintf("%+d", *a.Amount)
	}
	return strconv.Itoa(*a.Amount)
}

// costWords are " cost N" when the action declares a cost.
func (a *Action) costWords() []string {
	if a.Amount == nil {
		return nil
	}
	return []string{"cost", a.amount(false)}
}

// optionalCard is the card of an action that may name one.
func optionalCard(a *Action) []string {
	if a.Card == "" {
		return nil
	}
	return []string{a.Card}
}

// verbWriters write each verb's arguments (before a pay list), as
// ParseAction reads them; a verb not listed has none.
var verbWriters = map[Verb]func(a *Action) []string{
	VerbDraw: optionalCard, VerbKO: optionalCard, VerbCharge: optionalCard, VerbBlock: optionalCard,
	VerbPlay: func(a *Action) []string { return append([]string{a.Card}, a.costWords()...) },
	VerbEvolve: func(a *Action) []string {
		return append(append([]string{a.Card, "on"}, a.Targets...), a.costWords()...)
	},
	VerbUse: func(a *Action) []string {
		if len(a.Targets) == 0 {
			return []string{a.Card}
		}
		return append([]string{a.Card, "->"}, a.Targets...)
	},
	VerbAttack: func(a *Action) []string {
		t := ""
		if len(a.Targets) > 0 {
			t = a.Targets[0]
		}
		return []string{a.Card, "->", t}
	},
	VerbCombo: func(a *Action) []string {
		if a.From == ZoneBattle {
			return []string{a.Card, "from", "battle"}
		}
		return []string{a.Card}
	},
	VerbDamage: func(a *Action) []string {
		if a.Amount == nil {
			return a.Targets
		}
		return append([]string{a.amount(false)}, a.Targets...)
	},
	VerbMove: func(a *Action) []string {
		f := []string{a.Card, "from", string(a.From), "to", string(a.To)}
		if a.Bottom {
			f = append(f, "bottom")
		}
		return f
	},
	VerbPower: func(a *Action) []string {
		if a.Duration == "" {
			return []string{a.Card, a.amount(true)}
		}
		return []string{a.Card, a.amount(true), string(a.Duration)}
	},
	VerbKi:    func(a *Action) []string { return []string{a.Card, a.amount(true)} },
	VerbRest:  restReadyWords,
	VerbReady: restReadyWords,
}

func restReadyWords(a *Action) []string {
	if a.From == ZoneEnergy {
		return []string{a.Card, "in", "energy"}
	}
	return []string{a.Card}
}

// MarshalText writes P1, P2, or "" for no player.
func (s Side) MarshalText() ([]byte, error) {
	if s != P1 && s != P2 {
		return []byte{}, nil
	}
	return []byte(s.String()), nil
}

// UnmarshalText reads P1, P2 or "".
func (s *Side) UnmarshalText(b []byte) error {
	switch strings.ToUpper(string(b)) {
	case "P1":
		*s = P1
	case "P2":
		*s = P2
	case "":
		*s = NoSide
	default:
		return fmt.Errorf("player %q is not P1 or P2", string(b))
	}
	return nil
}
