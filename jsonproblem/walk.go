package jsonproblem

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
)

// span is one value of a document: its path and where it starts and ends.
type span struct {
	path       string
	start, end int
}

// valueAt is the innermost value of the document at data[at:] (at path, of
// Go type t) that holds byte off: the JSON decoder reports a wrong value by
// an offset, and names its field without the keys of maps.
func valueAt(data []byte, at int, path string, t reflect.Type, off int) (span, bool) {
	var found span
	ok := false
	w := newWalker(data, at)
	w.onValue = func(p string, _ reflect.Type, start, end int) bool {
		if start <= off && off < end && (!ok || end-start < found.end-found.start) {
			found, ok = span{p, start, end}, true
		}
		return false
	}
	if w.value(path, t) != nil {
		return span{}, false
	}
	return found, ok
}

// finding is what a search of the document found.
type finding struct {
	path       string // the value's path, or the object's holding an unknown key
	key        string // an unknown key
	keyAt      int
	start, end int
	t          reflect.Type
	err        error
}

// search selects what find looks for.
type search int

const (
	unknownField search = iota // a key the Go type has no field for
	refused                    // a value its type's UnmarshalJSON refuses
)

// errFound stops a walk.
var errFound = errors.New("found")

// find walks the document at data[at:] along Go type t and returns the
// first unknown field or refused value in document order.
func find(data []byte, at int, path string, t reflect.Type, what search) (finding, bool) {
	var f finding
	w := newWalker(data, at)
	if what == unknownField {
		w.onKey = func(p, key string, t reflect.Type, keyAt int) bool {
			if _, known := fieldType(t, key); !known {
				f = finding{path: p, key: key, keyAt: keyAt}
				return true
			}
			return false
		}
	} else {
		w.onValue = func(p string, t reflect.Type, start, end int) bool {
			if t = deref(t); t == nil || !reflect.PointerTo(t).Implements(unmarshaler) {
				return false
			}
			if err := json.Unmarshal(data[start:end], reflect.New(t).Interface()); err != nil {
				f = finding{path: p, start: start, end: end, t: t, err: err}
				return true
			}
			return false
		}
	}
	err := w.value(path, t)
	return f, errors.Is(err, errFound)
}

var unmarshaler = reflect.TypeFor[json.Unmarshaler]()

// walker reads a document token by token, following a Go type where one
// is known, and reports each object key and each value with its span.
type walker struct {
	data    []byte
	at      int
	dec     *json.Decoder
	onKey   func(path, key string, t reflect.Type, keyAt int) bool
	onValue func(path string, t reflect.Type, start, end int) bool
}

func newWalker(data []byte, at int) *walker {
	dec := json.NewDecoder(bytes.NewReader(data[at:]))
	dec.UseNumber()
	return &walker{data: data, at: at, dec: dec}
}

// next is where the next token starts: after blanks and separators.
func (w *walker) next() int {
	off := w.at + int(w.dec.InputOffset())
	for off < len(w.data) && strings.IndexByte(" \t\r\n,:", w.data[off]) >= 0 {
		off++
	}
	return off
}

// value reads one value at path, of Go type t (nil: not known).
func (w *walker) value(path string, t reflect.Type) error {
	start := w.next()
	tok, err := w.dec.Token()
	if err != nil {
		return err
	}
	switch tok {
	case json.Delim('{'):
		for w.dec.More() {
			keyAt := w.next()
			k, err := w.dec.Token()
			if err != nil {
				return err
			}
			key, _ := k.(string)
			if w.onKey != nil && t != nil && w.onKey(path, key, t, keyAt) {
				return errFound
			}
			ft, _ := fieldType(t, key)
			if err := w.value(join(path, jsonName(t, key)), ft); err != nil {
				return err
			}
		}
		if _, err := w.dec.Token(); err != nil {
			return err
		}
	case json.Delim('['):
		for w.dec.More() {
			if err := w.value(path, elemType(t)); err != nil {
				return err
			}
		}
		if _, err := w.dec.Token(); err != nil {
			return err
		}
	}
	end := w.at + int(w.dec.InputOffset())
	if w.onValue != nil && w.onValue(path, t, start, end) {
		return errFound
	}
	return nil
}

// opaque reports whether a value of type t is read by its own
// UnmarshalJSON as a whole (so its insides are not walked), or is anything.
func opaque(t reflect.Type) bool {
	return t.Kind() == reflect.Interface ||
		(t.Kind() != reflect.Struct && reflect.PointerTo(t).Implements(unmarshaler))
}

func deref(t reflect.Type) reflect.Type {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}

// elemType is the type of the elements of a list of type t.
func elemType(t reflect.Type) reflect.Type {
	t = deref(t)
	if t == nil || opaque(t) || (t.Kind() != reflect.Slice && t.Kind() != reflect.Array) {
		return nil
	}
	return t.Elem()
}

// fieldType is the type encoding/json fills from key in an object of type
// t, and whether t has a place for key (always, unless t is a struct).
func fieldType(t reflect.Type, key string) (reflect.Type, bool) {
	t = deref(t)
	if t == nil || opaque(t) {
		return nil, true
	}
	switch t.Kind() {
	case reflect.Map:
		return t.Elem(), true
	case reflect.Struct:
		if f, ok := structField(t, key); ok {
			return f.Type, true
		}
		return nil, false
	}
	return nil, true
}

// jsonName is key as the field's path says it: the field's own name when
// the key matched it without regard to case.
func jsonName(t reflect.Type, key string) string {
	if t = deref(t); t != nil && t.Kind() == reflect.Struct {
		if f, ok := structField(t, key); ok {
			return f.Name
		}
	}
	return key
}

// field is a struct field as encoding/json names it.
type field struct {
	Name string
	Type reflect.Type
}

// structField finds the field encoding/json fills from key: the exact name,
// else one equal without regard to case; the fields of embedded structs
// count, a shallower one first.
func structField(t reflect.Type, key string) (field, bool) {
	fields := jsonFields(t, 0)
	best, found := field{}, false
	depth := -1
	for _, f := range fields {
		if f.Name == key && (!found || f.depth < depth) {
			best, found, depth = f.field, true, f.depth
		}
	}
	if found {
		return best, true
	}
	for _, f := range fields {
		if strings.EqualFold(f.Name, key) && (!found || f.depth < depth) {
			best, found, depth = f.field, true, f.depth
		}
	}
	return best, found
}

type depthField struct {
	field
	depth int
}

func jsonFields(t reflect.Type, depth int) []depthField {
	var out []depthField
	for i := range t.NumField() {
		sf := t.Field(i)
		tag := sf.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		if sf.Anonymous && name == "" {
			if et := deref(sf.Type); et.Kind() == reflect.Struct {
				out = append(out, jsonFields(et, depth+1)...)
				continue
			}
		}
		if !sf.IsExported() {
			continue
		}
		if name == "" {
			name = sf.Name
		}
		out = append(out, depthField{field{name, sf.Type}, depth})
	}
	return out
}
