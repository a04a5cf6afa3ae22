package server_test

import (
	"context"
	"encoding/json"
	"html"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// An event file's problems are shown on the import page in the
// organiser's language, saying what is wrong and where (the round and
// match, the player, the record, the field), in German and Japanese: also
// those only a hand-written file can have (a field this server does not
// know, a value of the wrong kind, JSON that cannot be read, a result the
// pairing tools refuse), with their line and path.
func TestImportProblemsInGermanAndJapanese(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	f := pfNewEvent(t, a, org, "Good Event", "Ann", "Bo")
	ms := pfRound(t, a, f, 1, storage.KindSwiss, [][2]string{{"Ann", "Bo"}})
	pfResult(t, a, f, ms[0], storage.ResultInput{Result: storage.ResultP1, P1Wins: 2})
	good := string(pfExport(t, org, f.path))
	annID := strconv.FormatInt(f.entries["Ann"].ID, 10)
	// lineOf is the line of a file on which text first stands.
	lineOf := func(file, text string) int { return strings.Count(file[:strings.Index(file, text)], "\n") + 1 }
	unknownField := strings.Replace(good, `"rounds_meta"`, `"colour": 1, "rounds_meta"`, 1)
	wrongKind := strings.Replace(good, `"round_minutes": 35`, `"round_minutes": "35"`, 1)
	badTime := strings.Replace(good, `"deck_deadline": null`, `"deck_deadline": "tomorrow"`, 1)
	cases := []struct {
		name, file string
		want       func(ctx context.Context) string
		english    string
	}{
		{"rounds disagree", strings.Replace(good, `"result": "p1"`, `"result": "p2"`, 1),
			said("StaffImportMatchDiffers", i18n.Args{"Round": 1, "Match": 1}), "differs between the event file"},
		{"penalty for a stranger", strings.Replace(good, `"penalties": []`, `"penalties": [{"player": "nobody", "kind": "warning", "infraction": "x", "note": "", "judge": "j", "created_at": "2026-12-20T10:00:00Z"}]`, 1),
			said("StaffImportPenaltyPlayer", i18n.Args{"Penalty": 1, "Player": `"nobody"`}), "who is not in the file"},
		{"bad date", strings.Replace(good, `"date": "2026-12-20"`, `"date": "20/12/2026"`, 1),
			said("StaffImportDate", i18n.Args{"Date": `"20/12/2026"`}), "is not a date of the form"},
		{"entry missing", withoutFirstEntry(t, good),
			said("StaffImportPlayerNotInSection", i18n.Args{"Player": strconv.Quote(annID)}), "is missing from"},
		// What only a hand-written file can have: said with its line and
		// path, or its round and match, in the language.
		{"unknown field", unknownField, unreadable("JsonUnknownFieldIn", lineOf(unknownField, `"colour"`), "colour", "tenkaichi"), "has no field"},
		{"wrong kind", wrongKind, unreadable("JsonWantWhole", lineOf(wrongKind, `"round_minutes"`), "tenkaichi.event.round_minutes", `"35"`), "should be a whole number"},
		{"not a date and time", badTime, unreadable("JsonWantTime", lineOf(badTime, `"deck_deadline"`), "tenkaichi.event.deck_deadline", `"tomorrow"`), "should be a date"},
		{"not JSON", `{"players": [`, unreadable("JsonEndsEarly"), "ends too early"},
		{"not JSON at a place", "{\n\"players\": [}", unreadable("JsonSyntax", 2, 13, "}"), "unexpected"},
		{"unknown result", strings.Replace(good, `"result": "p1"`, `"result": "win"`, 1), func(ctx context.Context) string {
			problem := i18n.T(ctx, "EventFileAtMatchOfTable", i18n.Args{"Round": 1, "Match": 1, "Table": 1, "Problem": i18n.T(ctx, "EventFileUnknownResult", i18n.Args{"A1": "win"})})
			return i18n.T(ctx, "StaffImportEventFileProblem", i18n.Args{"Problem": problem})
		}, "is not one of"},
	}
	for _, lang := range []string{"de", "ja"} {
		ctx := i18n.WithLanguage(context.Background(), lang)
		org.get("/language?lang=" + lang + "&back=/events/import")
		for _, c := range cases {
			if c.file == good {
				t.Fatalf("%s: the test did not change the file", c.name)
			}
			r := pfUpload(t, org, "bad.json", []byte(c.file))
			expectStatus(t, lang+" "+c.name, r, http.StatusUnprocessableEntity)
			if !strings.Contains(r.body, `<html lang="`+lang+`"`) {
				t.Errorf("%s %s: the page is not in the language", lang, c.name)
			}
			text := html.UnescapeString(pfText(r.body))
			if want := c.want(ctx); !strings.Contains(text, want) {
				t.Errorf("%s %s: the page lacks %q:\n%s", lang, c.name, want, problemOf(text))
			}
			if strings.Contains(text, c.english) {
				t.Errorf("%s %s: English left: %q", lang, c.name, c.english)
			}
		}
		r := pfUpload(t, org, "", nil)
		mustContain(t, lang+" no file", pfText(r.body), i18n.T(ctx, "StaffImportChooseFile", nil))
	}
}

// said is a message in the reader's language.
func said(id string, args i18n.Args) func(context.Context) string {
	return func(ctx context.Context) string { return i18n.T(ctx, id, args) }
}

// unreadable is the import page's sentence round a JSON problem (an id of
// the common Json… messages and its values A1, A2 …).
func unreadable(id string, values ...any) func(context.Context) string {
	return func(ctx context.Context) string {
		a := i18n.Args{}
		for i, v := range values {
			a["A"+strconv.Itoa(i+1)] = v
		}
		return i18n.T(ctx, "StaffImportUnreadable", i18n.Args{"Problem": i18n.T(ctx, id, a)})
	}
}

// withoutFirstEntry is an exported event file without the first entry of
// its "tenkaichi" section.
func withoutFirstEntry(t *testing.T, file string) string {
	x := pfDecode(t, []byte(file))
	ext := x["tenkaichi"].(map[string]any)
	ext["entries"] = ext["entries"].([]any)[1:]
	b, err := json.Marshal(x)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// problemOf is the part of an import page's text from the file's field on,
// where the problem is said.
func problemOf(text string) string {
	for _, label := range []string{"Turnierdatei (JSON)", "大会ファイル（JSON）", "Event file (JSON)"} {
		if i := strings.Index(text, label); i >= 0 {
			return text[i:min(len(text), i+400)]
		}
	}
	return text
}

// What an imported file does not say is the importer's: a plain event file
// of the pairing tools without a usable file name is named in the
// organiser's language, and an event without a language, or with one this
// server lacks, gets the organiser's, as a new event does (a plain event
// file has none).
func TestImportedEventInTheImportersLanguage(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	plain, err := os.ReadFile("../pairing/testdata/example.json")
	if err != nil {
		t.Fatal(err)
	}
	f := pfNewEvent(t, a, org, "Good Event", "Ann", "Bo")
	export := pfDecode(t, pfExport(t, org, f.path))
	withLanguage := func(lang any) []byte {
		ev := export["tenkaichi"].(map[string]any)["event"].(map[string]any)
		if lang == nil {
			delete(ev, "language")
		} else {
			ev["language"] = lang
		}
		b, err := json.Marshal(export)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	imported := func(fileName string, data []byte) *storage.Event {
		t.Helper()
		_, id := pfImport(t, org, fileName, data)
		ev, err := a.store.EventByID(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		return ev
	}
	for _, lang := range []string{"de", "ja"} {
		ctx := i18n.WithLanguage(context.Background(), lang)
		org.get("/language?lang=" + lang + "&back=/events/import")
		ev := imported(".json", plain)
		if want := i18n.T(ctx, "StaffImportedEventName", nil); ev.Name != want || ev.Language != lang {
			t.Errorf("%s plain event file without a name: %q in %q, want %q in %q", lang, ev.Name, ev.Language, want, lang)
		}
		if ev := imported("Autumn League.json", plain); ev.Name != "Autumn League" || ev.Language != lang {
			t.Errorf("%s plain event file: %q in %q", lang, ev.Name, ev.Language)
		}
		for _, l := range []any{nil, "", "xx"} {
			if ev := imported("good.json", withLanguage(l)); ev.Language != lang {
				t.Errorf("%s export with language %v: the event is in %q", lang, l, ev.Language)
			}
		}
		// A language the file gives stays.
		if ev := imported("good.json", withLanguage("fr")); ev.Language != "fr" {
			t.Errorf("%s export in French: the event is in %q", lang, ev.Language)
		}
	}
	de := i18n.WithLanguage(context.Background(), "de")
	if i18n.T(de, "StaffImportedEventName", nil) == "Imported event" {
		t.Error("StaffImportedEventName is not German")
	}
}
