// Package jsonproblem says what is wrong with a JSON file a person wrote or
// edited, and where: the line and column of a character JSON cannot have, a
// file that ends too early, a field the file may not have, a value of the
// wrong kind (with the field's path and the value as written). Each problem
// is a key of Messages with its values, so a page or the command line can
// say it in its language; the package itself knows nothing of languages.
// The card lists and ban lists (rules), the event file (pairing) and the
// server's export all read their JSON through it.
package jsonproblem

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"time"
	"unicode/utf8"
)

// Messages holds the English of each problem by key: one format string each
// with indexed verbs, its values in Problem.Args in that order. A line or
// column counts from 1; a path is the field's names from the top of the
// document joined by dots ("rounds.matches.p2"); a value is as the file
// writes it, shortened (Excerpt).
var Messages = map[string]string{
	"syntax":           "line %[1]d, column %[2]d: unexpected %[3]q in the JSON",
	"ends-early":       "the JSON ends too early: a bracket, brace or quotation mark is not closed",
	"empty":            "there is no JSON",
	"after-end":        "line %[1]d, column %[2]d: more follows the end of the JSON",
	"unknown-field":    "line %[1]d: there is no field %[2]q at the top of the file",
	"unknown-field-in": "line %[1]d: %[3]q has no field %[2]q",
	"want-string":      "line %[1]d: %[2]q should be a string, not %[3]s",
	"want-number":      "line %[1]d: %[2]q should be a number, not %[3]s",
	"want-whole":       "line %[1]d: %[2]q should be a whole number, not %[3]s",
	"want-true-false":  "line %[1]d: %[2]q should be true or false, not %[3]s",
	"want-list":        "line %[1]d: %[2]q should be a list, not %[3]s",
	"want-string-list": "line %[1]d: %[2]q should be a list of strings, not %[3]s",
	"want-object":      "line %[1]d: %[2]q should be an object, not %[3]s",
	"want-time":        "line %[1]d: %[2]q should be a date and time such as \"2026-12-20T10:00:00Z\", not %[3]s",
	"top-object":       "the JSON should be an object, not %[1]s",
	"top-list":         "the JSON should be a list, not %[1]s",
	"entry-object":     "line %[1]d: each entry of the list should be an object, not %[2]s",
	"unreadable":       "line %[1]d: %[2]q cannot be read (%[3]v)",
}

// Problem is one thing wrong with a JSON document: a Messages key and its
// values in that message's order.
type Problem struct {
	Key  string
	Args []any
}

func (p *Problem) Error() string { return fmt.Sprintf(Messages[p.Key], p.Args...) }

func problem(key string, args ...any) *Problem { return &Problem{Key: key, Args: args} }

// Kind is what a value should have been, for a type's own UnmarshalJSON
// that refuses a value (Want).
type Kind string

// The kinds a value can be asked to be.
const (
	KindString     Kind = "string"
	KindNumber     Kind = "number"
	KindWhole      Kind = "whole"
	KindTrueFalse  Kind = "true-false"
	KindList       Kind = "list"
	KindStringList Kind = "string-list"
	KindObject     Kind = "object"
)

// WantError is what a type's UnmarshalJSON returns for a value it cannot
// take, so Decode can say where the value is and what it should be.
type WantError struct{ Kind Kind }

func (e *WantError) Error() string { return "expected a " + string(e.Kind) }

// Want is the error of an UnmarshalJSON refusing a value that is not of kind.
func Want(kind Kind) error { return &WantError{Kind: kind} }

// Decode decodes the JSON document data into v, which must hold all of it.
// Strict refuses a field v has no place for (as DisallowUnknownFields).
// Any problem of the document is a *Problem naming where it is.
func Decode(data []byte, v any, strict bool) error {
	if len(bytes.TrimSpace(data)) == 0 {
		return problem("empty")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if strict {
		dec.DisallowUnknownFields()
	}
	if err := dec.Decode(v); err != nil {
		return Explain(data, 0, "", reflect.TypeOf(v), strict, err)
	}
	if end := dec.InputOffset(); len(bytes.TrimSpace(data[end:])) > 0 {
		return After(data, int(end))
	}
	return nil
}

// DecodeAt decodes the JSON value that starts at data[at:] into v (data is
// the whole document, whose lines a problem counts), reading that value only.
func DecodeAt(data []byte, at int, v any, strict bool) error {
	dec := json.NewDecoder(bytes.NewReader(data[at:]))
	if strict {
		dec.DisallowUnknownFields()
	}
	if err := dec.Decode(v); err != nil {
		return Explain(data, at, "", reflect.TypeOf(v), strict, err)
	}
	return nil
}

// After is the problem of more text after the end of the JSON at data[end:].
func After(data []byte, end int) *Problem {
	line, col := LineColumn(data, firstToken(data, end))
	return problem("after-end", line, col)
}

// SyntaxAt is the syntax problem of the JSON value at data[at:], read on its
// own, or nil when it has none. A json.Decoder that has read tokens before
// reports the offset of a syntax error wrongly, so a caller walking a list
// token by token asks again here.
func SyntaxAt(data []byte, at int) error {
	var raw json.RawMessage
	if err := json.NewDecoder(bytes.NewReader(data[at:])).Decode(&raw); err != nil {
		return Syntax(data, at, err)
	}
	return nil
}

// Syntax is the problem of a JSON syntax error (or an unexpected end) met
// by a decoder that started reading at data[at:], or nil for another error.
func Syntax(data []byte, at int, err error) error {
	var se *json.SyntaxError
	switch {
	case errors.As(err, &se):
		off := at + int(se.Offset) - 1
		if off >= len(bytes.TrimRight(data, " \t\r\n")) || off < 0 {
			return problem("ends-early")
		}
		line, col := LineColumn(data, off)
		r, _ := utf8.DecodeRune(data[off:])
		return problem("syntax", line, col, string(r))
	case errors.Is(err, io.ErrUnexpectedEOF):
		return problem("ends-early")
	case errors.Is(err, io.EOF):
		if len(bytes.TrimSpace(data[at:])) == 0 && at == 0 {
			return problem("empty")
		}
		return problem("ends-early")
	}
	return nil
}

// Explain turns the error of decoding the value at data[at:] (found at
// path, of type t) into a *Problem that says where; an error it cannot
// place is returned as it is.
func Explain(data []byte, at int, path string, t reflect.Type, strict bool, err error) error {
	return explain(data, at, path, t, strict, err, false)
}

// explain is Explain; own says err is what t's own UnmarshalJSON returned
// for the value at data[at:], whose offsets count from at.
func explain(data []byte, at int, path string, t reflect.Type, strict bool, err error, own bool) error {
	if p := Syntax(data, at, err); p != nil {
		return p
	}
	// encoding/json's own type error counts from at; one a type's own
	// UnmarshalJSON wrapped counts from that value, found below.
	te, direct := err.(*json.UnmarshalTypeError)
	if !direct && own {
		direct = errors.As(err, &te)
	}
	if direct {
		v, ok := valueAt(data, at, path, t, at+int(te.Offset)-1)
		if !ok {
			return err
		}
		line, _ := LineColumn(data, v.start)
		written := Excerpt(data[v.start:v.end])
		switch {
		case v.path != "":
			return problem(wantKey(kindOf(te.Type)), line, v.path, written)
		case v.start > firstToken(data, at):
			// An entry of a list at the top: it has no field name.
			return problem("entry-object", line, written)
		case kindOf(te.Type) == KindList || kindOf(te.Type) == KindStringList:
			return problem("top-list", written)
		}
		return problem("top-object", written)
	}
	if (strict || own) && strings.Contains(err.Error(), "json: unknown field ") {
		if f, ok := find(data, at, path, t, unknownField); ok {
			line, _ := LineColumn(data, f.keyAt)
			if f.path == "" {
				return problem("unknown-field", line, f.key)
			}
			return problem("unknown-field-in", line, f.key, f.path)
		}
		return err
	}
	// A type's own UnmarshalJSON refused a value: find the first value it
	// refuses and say what it wanted, or explain its own decoding error.
	if f, ok := find(data, at, path, t, refused); ok && !(own && f.start == firstToken(data, at)) {
		line, _ := LineColumn(data, f.start)
		var want *WantError
		switch {
		case errors.As(f.err, &want):
			return problem(wantKey(want.Kind), line, f.path, Excerpt(data[f.start:f.end]))
		case deref(f.t) == reflect.TypeFor[time.Time]():
			return problem("want-time", line, f.path, Excerpt(data[f.start:f.end]))
		}
		if p, isProblem := explain(data, f.start, f.path, f.t, strict, f.err, true).(*Problem); isProblem {
			return p
		}
		return problem("unreadable", line, f.path, f.err)
	}
	return err
}

// firstToken is where the value at data[at:] starts.
func firstToken(data []byte, at int) int {
	return at + len(data[at:]) - len(bytes.TrimLeft(data[at:], " \t\r\n"))
}

func wantKey(k Kind) string { return "want-" + string(k) }

// kindOf is what a value of Go type t should be in JSON.
func kindOf(t reflect.Type) Kind {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		return KindString
	case reflect.Bool:
		return KindTrueFalse
	case reflect.Float32, reflect.Float64:
		return KindNumber
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return KindWhole
	case reflect.Slice, reflect.Array:
		if e := t.Elem(); e.Kind() == reflect.String {
			return KindStringList
		}
		return KindList
	}
	return KindObject
}

func join(path, field string) string {
	if path == "" {
		return field
	}
	return path + "." + field
}

// LineColumn is the line and column (both from 1; the column counts
// characters, not bytes) of byte offset off in data.
func LineColumn(data []byte, off int) (line, column int) {
	off = min(max(off, 0), len(data))
	before := data[:off]
	line = bytes.Count(before, []byte("\n")) + 1
	return line, utf8.RuneCount(before[bytes.LastIndexByte(before, '\n')+1:]) + 1
}

// maxExcerpt is how much of a value a message quotes.
const maxExcerpt = 24

// Excerpt is a JSON value as written, on one line and shortened to a few
// characters ("lots", 7, {"a": 1, "b": …).
func Excerpt(raw []byte) string {
	s := strings.Join(strings.Fields(string(raw)), " ")
	if utf8.RuneCountInString(s) <= maxExcerpt {
		return s
	}
	return string([]rune(s)[:maxExcerpt-1]) + "…"
}
