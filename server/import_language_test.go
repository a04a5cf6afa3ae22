package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// An event file's problems are shown on the import page in the
// organiser's language, saying what is wrong and where (the round and
// match, the player, the record, the field), in German and Japanese.
func TestImportProblemsInGermanAndJapanese(t *testing.T) {
	a := newApp(t)
	org := a.organiser()
	f := pfNewEvent(t, a, org, "Good Event", "Ann", "Bo")
	ms := pfRound(t, a, f, 1, storage.KindSwiss, [][2]string{{"Ann", "Bo"}})
	pfResult(t, a, f, ms[0], storage.ResultInput{Result: storage.ResultP1, P1Wins: 2})
	good := string(pfExport(t, org, f.path))
	annID := strconv.FormatInt(f.entries["Ann"].ID, 10)
	cases := []struct {
		name, file, id string
		args           i18n.Args
		english        string
	}{
		{"rounds disagree", strings.Replace(good, `"result": "p1"`, `"result": "p2"`, 1),
			"StaffImportMatchDiffers", i18n.Args{"Round": 1, "Match": 1}, "differs between the event file"},
		{"penalty for a stranger", strings.Replace(good, `"penalties": []`, `"penalties": [{"player": "nobody", "kind": "warning", "infraction": "x", "note": "", "judge": "j", "created_at": "2026-12-20T10:00:00Z"}]`, 1),
			"StaffImportPenaltyPlayer", i18n.Args{"Penalty": 1, "Player": `"nobody"`}, "who is not in the file"},
		{"bad date", strings.Replace(good, `"date": "2026-12-20"`, `"date": "20/12/2026"`, 1),
			"StaffImportDate", i18n.Args{"Date": `"20/12/2026"`}, "is not a date of the form"},
		{"unknown field", strings.Replace(good, `"rounds_meta"`, `"colour": 1, "rounds_meta"`, 1),
			"StaffImportSectionUnknownField", i18n.Args{"Field": `"colour"`}, "cannot be read"},
		{"entry missing", withoutFirstEntry(t, good),
			"StaffImportPlayerNotInSection", i18n.Args{"Player": strconv.Quote(annID)}, "is missing from"},
		{"not JSON", `{"players": [`, "StaffImportNotJSON", i18n.Args{"Byte": 13}, "not valid JSON"},
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
			text := pfText(r.body)
			if want := i18n.T(ctx, c.id, c.args); !strings.Contains(text, want) {
				t.Errorf("%s %s: the page lacks %q:\n%s", lang, c.name, want, pfText(excerpt(r.body)))
			}
			if strings.Contains(text, c.english) {
				t.Errorf("%s %s: English left: %q", lang, c.name, c.english)
			}
		}
		r := pfUpload(t, org, "", nil)
		mustContain(t, lang+" no file", pfText(r.body), i18n.T(ctx, "StaffImportChooseFile", nil))
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
