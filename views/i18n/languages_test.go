package i18n

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"golang.org/x/text/feature/plural"
)

// The seven languages of issue 14 are offered, English first, each named in
// itself.
func TestLanguagesOffered(t *testing.T) {
	var got []string
	for _, l := range Languages() {
		got = append(got, l.Code+"="+l.Name)
	}
	want := "en=English de=Deutsch es=Español fr=Français it=Italiano ja=日本語 pt-BR=Português (Brasil)"
	if strings.Join(got, " ") != want {
		t.Errorf("Languages() = %v\nwant %s", got, want)
	}
}

func TestNegotiate(t *testing.T) {
	cases := map[string]string{
		"":                        "en",
		"de-DE,de;q=0.9,en;q=0.8": "de",
		"de-AT":                   "de",
		"en-US,en;q=0.9,de;q=0.8": "en",
		"fr-CA,fr;q=0.9":          "fr",
		"pt-BR,pt;q=0.9":          "pt-BR",
		"pt-PT":                   "pt-BR", // the only Portuguese there is
		"ja-JP":                   "ja",
		"zh-CN,zh;q=0.9":          "en", // no file: English
		"es-419,es;q=0.9":         "es",
		"it;q=0.2,ja;q=0.9":       "ja", // by weight, not by order
		"*":                       "en",
		"not a language;;q=x":     "en",
		"xx-YY":                   "en",
		"nl-NL,nl;q=0.9,de;q=0.5": "de", // Dutch is not offered; German is the next wish
	}
	// Twice: the second time the answers come from those kept.
	for pass := 1; pass <= 2; pass++ {
		for accept, want := range cases {
			if got := Negotiate(accept); got != want {
				t.Errorf("pass %d: Negotiate(%q) = %q, want %q", pass, accept, got, want)
			}
		}
	}
	if _, ok := negotiated.get("de-DE,de;q=0.9,en;q=0.8"); !ok {
		t.Error("a browser's value was not kept")
	}
}

// The kept answers stay bounded whatever values arrive, and a value too
// long to keep is still answered.
func TestNegotiateKeepsLittle(t *testing.T) {
	for i := range 3 * maxNegotiated {
		accept := fmt.Sprintf("de-DE,x-%d;q=0.1", i)
		if got := Negotiate(accept); got != "de" {
			t.Fatalf("Negotiate(%q) = %q, want de", accept, got)
		}
	}
	negotiated.mu.Lock()
	n := len(negotiated.codes)
	negotiated.mu.Unlock()
	if n > maxNegotiated {
		t.Fatalf("%d answers kept, at most %d allowed", n, maxNegotiated)
	}
	long := "ja," + strings.Repeat("en;q=0.1,", 40)
	if got := Negotiate(long); got != "ja" {
		t.Fatalf("Negotiate(long value) = %q, want ja", got)
	}
	if _, ok := negotiated.get(long); ok {
		t.Fatal("a value longer than maxNegotiatedValue was kept")
	}
}

func TestSupportedAndLang(t *testing.T) {
	for in, want := range map[string]string{"de": "de", "DE": "de", "pt-br": "pt-BR", "pt": "", "de-AT": "", "": "", "xx": ""} {
		if got := Supported(in); got != want {
			t.Errorf("Supported(%q) = %q, want %q", in, got, want)
		}
	}
	if got := Lang(context.Background()); got != "en" {
		t.Errorf("Lang of a bare context = %q", got)
	}
	if got := Lang(WithLanguage(context.Background(), "ja")); got != "ja" {
		t.Errorf("Lang(ja) = %q", got)
	}
	if got := Lang(WithLanguage(context.Background(), "de-CH,fr;q=0.5")); got != "de" {
		t.Errorf("Lang(de-CH…) = %q", got)
	}
}

func TestDatesTimesAndNumbers(t *testing.T) {
	berlin, err := time.LoadLocation("Europe/Berlin")
	if err != nil {
		t.Fatal(err)
	}
	tokyo, err := time.LoadLocation("Asia/Tokyo")
	if err != nil {
		t.Fatal(err)
	}
	day := time.Date(2026, 12, 5, 0, 0, 0, 0, time.UTC)
	at := time.Date(2026, 12, 5, 13, 4, 0, 0, time.UTC) // 14:04 in Berlin, 22:04 in Tokyo
	in := func(code string) context.Context { return WithLanguage(context.Background(), code) }
	cases := []struct{ got, want string }{
		{Date(in("en"), day), "5 December 2026"},
		{Date(in("de"), day), "5. Dezember 2026"},
		{Date(in("fr"), day), "5 décembre 2026"},
		{Date(in("es"), day), "5 de diciembre de 2026"},
		{Date(in("pt-BR"), day), "5 de dezembro de 2026"},
		{Date(in("ja"), day), "2026年12月5日"},
		{Clock(in("en"), at, berlin), "14:04 CET"},
		{Clock(in("ja"), at, tokyo), "22:04 JST"},
		{Clock(in("en"), at, nil), "13:04 UTC"},
		{DateTime(in("en"), at, berlin), "5 December 2026, 14:04 CET"},
		{DateTime(in("de"), at, berlin), "5. Dezember 2026, 14:04 Uhr CET"},
		{DateTime(in("ja"), at, tokyo), "2026年12月5日 22:04 JST"},
		// The date is the zone's: 23:30 UTC is already the next day in Tokyo.
		{DateTime(in("en"), time.Date(2026, 12, 5, 23, 30, 0, 0, time.UTC), tokyo), "6 December 2026, 08:30 JST"},
		{Int(in("en"), 1234567), "1,234,567"},
		{Int(in("de"), 1234567), "1.234.567"},
		{Int(in("fr"), 1234), "1\u00a0234"},
		{Decimal(in("en"), 0.66666, 4), "0.6667"},
		{Decimal(in("de"), 0.5, 4), "0,5000"},
		{Percent(in("en"), 0.4567, 1), "45.7%"},
		{Percent(in("de"), 0.4567, 1), "45,7\u00a0%"},
		{Percent(in("ja"), 1, 2), "100.00%"},
	}
	for i, c := range cases {
		if c.got != c.want {
			t.Errorf("case %d: %q, want %q", i, c.got, c.want)
		}
	}
	if got := ZoneName(time.Date(2026, 1, 1, 0, 0, 0, 0, time.FixedZone("", 5*3600+1800))); got != "+0530" {
		t.Errorf("ZoneName of an unnamed zone = %q", got)
	}
}

var placeholderRE = regexp.MustCompile(`\{\{\s*\.([A-Za-z0-9_]+)\s*\}\}`)

// formatFields are the values the date and time patterns get (format.go):
// a language's pattern may use any of them, whatever English's uses.
var formatFields = map[string][]string{
	"FormatDate":        {"Year", "Month", "Month2", "MonthName", "Day", "Day2"},
	"FormatMonthYear":   {"Year", "Month", "MonthName"},
	"FormatTime":        {"Hour", "Hour2", "Minute", "Second"},
	"FormatTimeSeconds": {"Hour", "Hour2", "Minute", "Second"},
	"FormatDateTime":    {"Date", "Time"},
	"FormatZoned":       {"When", "Zone"},
}

// readMessages reads a message file as id -> its texts (one, or one per
// plural form).
func readMessages(t *testing.T, fsys fs.FS, name string) map[string]map[string]string {
	t.Helper()
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		t.Fatal(err)
	}
	raw := map[string]json.RawMessage{}
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	out := map[string]map[string]string{}
	for id, v := range raw {
		var plain string
		if json.Unmarshal(v, &plain) == nil {
			out[id] = map[string]string{"": plain}
			continue
		}
		forms := map[string]string{}
		if err := json.Unmarshal(v, &forms); err != nil {
			t.Errorf("%s: %s is neither a text nor plural forms: %v", name, id, err)
			continue
		}
		out[id] = forms
	}
	return out
}

func placeholders(texts map[string]string) map[string]bool {
	set := map[string]bool{}
	for _, s := range texts {
		for _, m := range placeholderRE.FindAllStringSubmatch(s, -1) {
			set[m[1]] = true
		}
	}
	return set
}

// Every translation file holds only ids English has, with the same named
// values: a value English lacks would print "<no value>", and a value left
// out (a player's name) loses what the sentence is about. Plural messages
// need their "other" form.
func TestTranslationFilesMatchEnglish(t *testing.T) {
	all, _ := readLanguages(t)
	english := all["en"]
	if len(all) < 7 {
		t.Fatalf("languages with message files: %d", len(all))
	}
	for lang, tr := range all {
		if lang == "en" {
			continue
		}
		name := lang // the language's files, for the messages below
		if _, ok := tr["LanguageName"]; !ok {
			t.Errorf("%s: no LanguageName (the language named in itself, for the selector)", name)
		}
		for id, texts := range tr {
			en, ok := english[id]
			if !ok {
				t.Errorf("%s: %s is not in the English files", name, id)
				continue
			}
			if _, plural := en[""]; !plural {
				if _, ok := texts["other"]; !ok {
					t.Errorf("%s: %s is a plural message in English but has no \"other\" form", name, id)
				}
			}
			got := placeholders(texts)
			if allowed, ok := formatFields[id]; ok {
				for p := range got {
					if !contains(allowed, p) {
						t.Errorf("%s: %s uses {{.%s}}; a pattern may use %v", name, id, p, allowed)
					}
				}
				continue
			}
			want := placeholders(en)
			var extra, missing []string
			for p := range got {
				if !want[p] {
					extra = append(extra, p)
				}
			}
			for p := range want {
				if !got[p] && p != "Count" { // "one" may say "a point"
					missing = append(missing, p)
				}
			}
			sort.Strings(extra)
			sort.Strings(missing)
			if len(extra) > 0 || len(missing) > 0 {
				t.Errorf("%s: %s: placeholders differ from English: extra %v, missing %v", name, id, extra, missing)
			}
		}
	}
}

// keysNotIn are the keys of a that b lacks, sorted.
func keysNotIn[A, B any](a map[string]A, b map[string]B) []string {
	var out []string
	for k := range a {
		if _, ok := b[k]; !ok {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// readLanguages reads every message file: each language's messages (its
// files merged), and the file that defines each of them.
func readLanguages(t *testing.T) (msgs map[string]map[string]map[string]string, where map[string]map[string]string) {
	t.Helper()
	names, err := fs.Glob(files, "messages/*.json")
	if err != nil || len(names) == 0 {
		t.Fatalf("message files: %v %v", names, err)
	}
	msgs, where = map[string]map[string]map[string]string{}, map[string]map[string]string{}
	for _, name := range names {
		_, lang, ok := fileArea(name)
		if !ok {
			t.Errorf("%s: not named AREA.LANG.json with an area of FileAreas", name)
			continue
		}
		if msgs[lang] == nil {
			msgs[lang], where[lang] = map[string]map[string]string{}, map[string]string{}
		}
		for id, texts := range readMessages(t, files, name) {
			if first, dup := where[lang][id]; dup {
				// go-i18n would let one silently win.
				t.Errorf("%s is in both %s and %s", id, path.Base(first), path.Base(name))
			}
			msgs[lang][id], where[lang][id] = texts, name
		}
	}
	return msgs, where
}

// The catalogue is split by area so that people can work on it in
// parallel: every area has its English file, a message is defined once per
// language, and a translation sits in the file of the same area as English
// (player.de.json translates player.en.json).
func TestMessageFilesByArea(t *testing.T) {
	for _, area := range FileAreas {
		if _, err := fs.Stat(files, "messages/"+area+".en.json"); err != nil {
			t.Errorf("area %s has no English file: %v", area, err)
		}
	}
	_, where := readLanguages(t)
	for lang, ids := range where {
		if lang == "en" {
			continue
		}
		for id, file := range ids {
			area, _, _ := fileArea(file)
			enFile, ok := where["en"][id]
			if !ok {
				continue // TestTranslationFilesMatchEnglish reports it
			}
			if enArea, _, _ := fileArea(enFile); enArea != area {
				t.Errorf("%s: %s is in area %s in English; put it in %s.%s.json", path.Base(file), id, enArea, enArea, lang)
			}
		}
	}
	// A file named otherwise is refused when the catalogue loads.
	for name, want := range map[string]bool{"player.en.json": true, "staff.pt-BR.json": true, "en.json": false,
		"players.de.json": false, "player.de.txt.json": false, "judge.zh-Hans.json": true} {
		if _, _, ok := fileArea(name); ok != want {
			t.Errorf("fileArea(%q) ok = %v, want %v", name, ok, want)
		}
	}
}

// Every language translates every English message: a page is never partly
// English. A missing id is listed per language and area, so a translator
// sees which file to complete (the same area's file: player.de.json for
// player.en.json).
func TestEveryLanguageHasEveryEnglishID(t *testing.T) {
	all, where := readLanguages(t)
	for _, l := range Languages() {
		if l.Code == "en" {
			continue
		}
		// A language names a place by the ordinal forms its rule uses
		// (German only "other": "1."); English's "one", "two" and "few"
		// are not every language's.
		uses := map[string]bool{}
		for n := 0; n < 1000; n++ {
			uses[ordinalIDs[plural.Ordinal.MatchPlural(l.Tag, n, 0, 0, 0, 0)]] = true
		}
		missing := map[string][]string{} // area -> ids
		for id := range all["en"] {
			if isOrdinal(id) && !uses[id] {
				continue
			}
			if _, ok := all[l.Code][id]; !ok {
				area, _, _ := fileArea(where["en"][id])
				missing[area] = append(missing[area], id)
			}
		}
		var areas []string
		for area := range missing {
			areas = append(areas, area)
		}
		sort.Strings(areas)
		for _, area := range areas {
			ids := missing[area]
			sort.Strings(ids)
			t.Errorf("%s: %d messages of %s.en.json missing from %s.%s.json: %s", l.Code, len(ids), area, area, l.Code, strings.Join(ids, " "))
		}
	}
}

func isOrdinal(id string) bool {
	for _, o := range ordinalIDs {
		if o == id {
			return true
		}
	}
	return false
}

// A date as files write it (a ban list's, a deck check's) is written as the
// language writes dates; anything else is left as it is.
func TestDateOf(t *testing.T) {
	for lang, want := range map[string]string{"en": "1 June 2026", "de": "1. Juni 2026", "ja": "2026年6月1日"} {
		if got := DateOf(WithLanguage(context.Background(), lang), "2026-06-01"); got != want {
			t.Errorf("%s: %q, want %q", lang, got, want)
		}
	}
	if got := DateOf(context.Background(), "from the pre-release"); got != "from the pre-release" {
		t.Errorf("not a date: %q", got)
	}
}

// German addresses the reader with du on every page and in the command
// line (docs/translating.md): a formal Sie, Ihnen or Ihr… inside a sentence
// ("Geben Sie …", "auf Ihrer Seite") fails. At the start of a sentence
// these words are also "she", "they" and "their" ("Sie hat Vorrang"), so
// there they are left to the reader.
func TestGermanSaysDu(t *testing.T) {
	all, where := readLanguages(t)
	formal := regexp.MustCompile(`\b(Sie|Ihnen|Ihr|Ihre|Ihrem|Ihren|Ihrer|Ihres)\b`)
	sentenceStart := regexp.MustCompile(`(^|[.!?:]\s+|\n\s*)["'„(]?$`)
	for id, texts := range all["de"] {
		for form, text := range texts {
			for _, m := range formal.FindAllStringIndex(text, -1) {
				if sentenceStart.MatchString(text[:m[0]]) {
					continue
				}
				t.Errorf("%s: %s (%s) says %q to the reader, not du: %s", path.Base(where["de"][id]), id, form, text[m[0]:m[1]], text)
			}
		}
	}
}

// Spanish says tú and Italian tu to the reader on every page and in the
// command line (docs/translating.md). Spanish fails on usted and on the
// formal commands the catalogue once had (indique, elija, inténtelo …),
// Italian on a voi command (indicate, eseguite prima …): a command opening
// a clause, since the same words also stand inside one as a subjunctive
// ("que te añada") or a participle ("le partite indicate"), and the
// tracker rightly speaks to both players at once.
func TestSpanishAndItalianSayTu(t *testing.T) {
	all, where := readLanguages(t)
	const clause = `(?i)(?:^|[.!?:;,]\s+(?:o\s+|poi\s+|e\s+)?|\n\s*|¡|¿)`
	anywhere := regexp.MustCompile(`(?i)\b(ustede?s?|inténtelo|deténgalo|reinícielo|conéctelo|déjela|déjelo)\b`)
	commands := map[string]*regexp.Regexp{
		"es": regexp.MustCompile(clause + `(indique|ejecute|actualice|elija|pida|escriba|recargue|repita|añada|detenga|configure|espere|vuelva|inicie|cree)\b`),
		"it": regexp.MustCompile(clause + `(indicate|eseguite|fermate|fermatelo|rilanciate|usate|fate|togliete|aggiornate|scegliete|inserite|riprovate)\b`),
	}
	for _, c := range []struct{ lang, want string }{{"es", "tú"}, {"it", "tu"}} {
		for id, texts := range all[c.lang] {
			for form, text := range texts {
				var found []string
				if c.lang == "es" {
					found = anywhere.FindAllString(text, -1)
				}
				for _, m := range commands[c.lang].FindAllStringSubmatch(text, -1) {
					found = append(found, m[1])
				}
				for _, f := range found {
					t.Errorf("%s: %s (%s) says %q to the reader, not %s: %s", path.Base(where[c.lang][id]), id, form, f, c.want, text)
				}
			}
		}
	}
}
