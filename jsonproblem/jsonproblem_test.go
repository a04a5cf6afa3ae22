package jsonproblem

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
)

type match struct {
	P2    *string `json:"p2"`
	Table int     `json:"table"`
	Games []string
}

type round struct {
	Number  int     `json:"number"`
	Matches []match `json:"matches"`
}

// points decodes itself strictly, as pairing.Points does.
type points struct {
	Win int `json:"win"`
}

func (p *points) UnmarshalJSON(b []byte) error {
	type plain points
	var v plain
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&v); err != nil {
		return fmt.Errorf("points: %w", err)
	}
	*p = points(v)
	return nil
}

// whole refuses anything but a whole number, as rules' card readers do.
type whole int

func (w *whole) UnmarshalJSON(b []byte) error {
	var n int
	if json.Unmarshal(b, &n) != nil {
		return Want(KindWhole)
	}
	*w = whole(n)
	return nil
}

type base struct {
	Seed uint64 `json:"seed"`
}

type event struct {
	base
	Rounds []round          `json:"rounds"`
	Points *points          `json:"points"`
	Cost   whole            `json:"cost"`
	Extra  map[string]int   `json:"extra"`
	Raw    json.RawMessage  `json:"raw"`
	Any    any              `json:"any"`
	Nested map[string]round `json:"nested"`
	When   *time.Time       `json:"when"`
}

func TestProblemsSayWhere(t *testing.T) {
	cases := []struct {
		name, doc string
		strict    bool
		want      string // the English message
		key       string
	}{
		{"syntax", "{\n  \"rounds\": [\n    {\"number\": 1, x}\n  ]\n}", true,
			`line 3, column 19: unexpected "x" in the JSON`, "syntax"},
		{"syntax after a Japanese name", "{\"name\": \"孫悟空\" ?}", false,
			`line 1, column 16: unexpected "?" in the JSON`, "syntax"},
		{"ends early", `{"rounds": [{"number": 1}`, true, "the JSON ends too early: a bracket, brace or quotation mark is not closed", "ends-early"},
		{"empty", " \n", true, "there is no JSON", "empty"},
		{"after the end", "{\"seed\": 1}\n\n  x", true, "line 3, column 3: more follows the end of the JSON", "after-end"},
		{"unknown field at the top", "{\n\"seed\": 1,\n\"colour\": 2}", true, `line 3: there is no field "colour" at the top of the file`, "unknown-field"},
		{"unknown field in a list of objects", "{\"rounds\": [{\"number\": 1, \"matches\": [\n{\"table\": 1},\n{\"table\": 2, \"tabel\": 3}]}]}", true,
			`line 3: "rounds.matches" has no field "tabel"`, "unknown-field-in"},
		{"a field of an embedded struct is known", `{"seed": 1, "rounds": []}`, true, "", ""},
		{"keys of a map are all known", `{"extra": {"anything": 1}, "raw": {"x": 1}, "any": {"y": 2}}`, true, "", ""},
		{"unknown field is fine when not strict", `{"seed": 1, "colour": 2}`, false, "", ""},
		{"wrong kind of a nested value", "{\"rounds\": [{\"number\": 1, \"matches\": [\n{\"p2\": 7}]}]}", true,
			`line 2: "rounds.matches.p2" should be a string, not 7`, "want-string"},
		{"fraction for a whole number", `{"rounds": [{"number": 1.5}]}`, true, `line 1: "rounds.number" should be a whole number, not 1.5`, "want-whole"},
		{"object for a list", "{\"rounds\": {\"number\": 1,\n \"matches\": [], \"and more\": \"to shorten\"}}", true,
			`line 1: "rounds" should be a list, not {"number": 1, "matches"…`, "want-list"},
		{"list for a list of strings", `{"rounds": [{"matches": [{"Games": "p1"}]}]}`, true, `line 1: "rounds.matches.Games" should be a list of strings, not "p1"`, "want-string-list"},
		{"case-folded key keeps its field's name", `{"rounds": [{"matches": [{"games": 1}]}]}`, true, `line 1: "rounds.matches.Games" should be a list of strings, not 1`, "want-string-list"},
		{"list for the document", `[1, 2]`, true, "the JSON should be an object, not [1, 2]", "top-object"},
		{"own UnmarshalJSON refuses", "{\"seed\": 1,\n\"cost\": \"lots\"}", true, `line 2: "cost" should be a whole number, not "lots"`, "want-whole"},
		{"own strict UnmarshalJSON: unknown field inside", "{\"points\": {\"win\": 3,\n \"tie\": 1}}", true, `line 2: "points" has no field "tie"`, "unknown-field-in"},
		{"own UnmarshalJSON: wrong kind inside", "{\"points\": {\n\"win\": \"three\"}}", true, `line 2: "points.win" should be a whole number, not "three"`, "want-whole"},
		{"date and time", "{\"when\": \"20/12/2026\"}", true, `line 1: "when" should be a date and time such as "2026-12-20T10:00:00Z", not "20/12/2026"`, "want-time"},
		{"map of structs", "{\"nested\": {\"a\": {\"number\": \"one\"}}}", true, `line 1: "nested.a.number" should be a whole number, not "one"`, "want-whole"},
	}
	for _, c := range cases {
		var ev event
		err := Decode([]byte(c.doc), &ev, c.strict)
		if c.want == "" {
			if err != nil {
				t.Errorf("%s: %v, want no problem", c.name, err)
			}
			continue
		}
		var p *Problem
		if !errors.As(err, &p) {
			t.Errorf("%s: %v (%T), want a *Problem", c.name, err, err)
			continue
		}
		if p.Key != c.key || p.Error() != c.want {
			t.Errorf("%s: %s %q\n want %s %q", c.name, p.Key, p.Error(), c.key, c.want)
		}
		if _, ok := Messages[p.Key]; !ok {
			t.Errorf("%s: key %q has no message", c.name, p.Key)
		}
	}
}

// A list of versions at the top: an entry of the wrong kind has no field
// name, so the message says it is an entry.
func TestEntryOfAListAtTheTop(t *testing.T) {
	var rounds []round
	err := Decode([]byte("[\n{\"number\": 1},\n 7]"), &rounds, true)
	if err == nil || err.Error() != "line 3: each entry of the list should be an object, not 7" {
		t.Errorf("got %v", err)
	}
}

// DecodeAt reads one value inside a bigger document and counts the
// document's lines.
func TestDecodeAtCountsTheDocumentsLines(t *testing.T) {
	doc := []byte("[\n{\"number\": 1},\n{\"number\": 2,\n \"matches\": [{\"table\": \"A\"}]}\n]")
	at := bytes.Index(doc, []byte(`{"number": 2`))
	var r round
	err := DecodeAt(doc, at, &r, true)
	if err == nil || err.Error() != `line 4: "matches.table" should be a whole number, not "A"` {
		t.Errorf("got %v", err)
	}
}

func TestExcerptAndLineColumn(t *testing.T) {
	if got := Excerpt([]byte("{\n  \"a\":   1,\n  \"b\": [1, 2, 3, 4, 5, 6, 7]}")); got != `{ "a": 1, "b": [1, 2, 3…` || len([]rune(got)) != maxExcerpt {
		t.Errorf("excerpt %q", got)
	}
	if l, c := LineColumn([]byte("ab\nかきx"), strings.Index("ab\nかきx", "x")); l != 2 || c != 3 {
		t.Errorf("line %d column %d, want 2 3", l, c)
	}
}
