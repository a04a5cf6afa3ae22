package i18n

import (
	"context"
	"sort"
	"strings"
	"testing"
	"testing/fstest"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
)

// cardinalForms are the CLDR cardinal plural categories of a language as
// go-i18n (which picks a message's form at run time) has them: a probe
// message with every category, each saying its name, is asked for the
// numbers CLDR's rules tell apart (small counts, round thousands and
// millions, decimals and compact exponents).
func cardinalForms(t *testing.T, lang string) map[string]bool {
	t.Helper()
	tag := language.MustParse(lang)
	b := goi18n.NewBundle(language.English)
	if err := b.AddMessages(tag, &goi18n.Message{ID: "Probe",
		Zero: "zero", One: "one", Two: "two", Few: "few", Many: "many", Other: "other"}); err != nil {
		t.Fatal(err)
	}
	l := goi18n.NewLocalizer(b, lang)
	var counts []any
	for n := 0; n <= 1100; n++ {
		counts = append(counts, n)
	}
	for _, n := range []int{10000, 100000, 1000000, 2000000, 10000000, 100000000, 1000000000} {
		counts = append(counts, n, n+1)
	}
	for _, s := range []string{"0.0", "0.1", "0.5", "1.0", "1.5", "2.0", "2.5", "3.5", "5.5", "10.0", "10.5", "100.5",
		"1000.5", "1e3", "1.5e3", "1e6", "1.5e6", "2e6", "1e9"} {
		counts = append(counts, s)
	}
	forms := map[string]bool{}
	for _, n := range counts {
		got, err := l.Localize(&goi18n.LocalizeConfig{MessageID: "Probe", PluralCount: n})
		if err != nil {
			t.Fatalf("%s: the probe for %v: %v", lang, n, err)
		}
		forms[got] = true
	}
	return forms
}

// Every plural message of every language has every form its language's
// CLDR cardinal rule uses (French, Spanish, Italian and Portuguese "many",
// which a count of 1000000 takes), and no form the rule never picks.
func TestEveryPluralMessageHasItsLanguagesForms(t *testing.T) {
	all, where := readLanguages(t)
	if len(all) < 7 {
		t.Fatalf("languages with message files: %d", len(all))
	}
	var langs []string
	for lang := range all {
		langs = append(langs, lang)
	}
	sort.Strings(langs)
	for _, lang := range langs {
		forms := cardinalForms(t, lang)
		if !forms["other"] {
			t.Fatalf("%s: the probe found no \"other\" form: %v", lang, forms)
		}
		var ids []string
		for id := range all[lang] {
			if _, plain := all["en"][id][""]; !plain && all["en"][id] != nil {
				ids = append(ids, id)
			}
		}
		sort.Strings(ids)
		for _, id := range ids {
			missing, extra := keysNotIn(forms, all[lang][id]), keysNotIn(all[lang][id], forms)
			if len(missing) > 0 {
				t.Errorf("%s: %s: %s lacks the plural form(s) %s of the language's CLDR rule", lang, where[lang][id], id, strings.Join(missing, ", "))
			}
			if len(extra) > 0 {
				t.Errorf("%s: %s: %s has the plural form(s) %s, which the language's CLDR rule never uses", lang, where[lang][id], id, strings.Join(extra, ", "))
			}
		}
	}
	// The probe tells the categories apart.
	for lang, want := range map[string]string{"en": "one other", "de": "one other", "ja": "other",
		"fr": "many one other", "es": "many one other", "it": "many one other", "pt-BR": "many one other"} {
		var got []string
		for f := range cardinalForms(t, lang) {
			got = append(got, f)
		}
		sort.Strings(got)
		if strings.Join(got, " ") != want {
			t.Errorf("%s: CLDR cardinal forms %v, want %s", lang, got, want)
		}
	}
}

// A count of a million takes "many" in French: the page says a sentence,
// never the message's id, in French and in every language.
func TestAMillionInFrench(t *testing.T) {
	fr := WithLanguage(context.Background(), "fr")
	for id, want := range map[string]string{
		"PointCount":   "1\u00a0000\u00a0000 points",
		"CardCount":    "1\u00a0000\u00a0000 cartes",
		"DeckNotLegal": "Ce deck n’est pas légal : 1\u00a0000\u00a0000 problèmes.",
	} {
		if got := N(fr, id, 1000000, nil); got != want {
			t.Errorf("French %s for 1000000 = %q, want %q", id, got, want)
		}
	}
	all, _ := readLanguages(t)
	for _, l := range Languages() {
		ctx := WithLanguage(context.Background(), l.Code)
		for id, texts := range all["en"] {
			if _, plain := texts[""]; plain {
				continue
			}
			if got := N(ctx, id, 1000000, nil); got == id || !strings.Contains(got, Int(ctx, 1000000)) && strings.Contains(texts["other"], "{{.Count}}") {
				t.Errorf("%s: %s for 1000000 = %q", l.Code, id, got)
			}
		}
	}
}

// A message that lacks the form its language's rule picks for a count
// says its "other" form with the count, never its id (a translation made
// before the language had "many", say).
func TestMissingPluralFormFallsBackToOther(t *testing.T) {
	c := mustIndex(fstest.MapFS{
		"messages/common.en.json": {Data: []byte(`{"LanguageName": "English", "Cards": {"one": "{{.Count}} card", "other": "{{.Count}} cards"}}`)},
		"messages/common.fr.json": {Data: []byte(`{"LanguageName": "Français", "Cards": {"one": "{{.Count}} carte", "other": "{{.Count}} cartes"}}`)},
	})
	fr := goi18n.NewLocalizer(c.bundle(language.French), "fr")
	frCtx := WithLanguage(context.Background(), "fr")
	for n, form := range map[int]string{1: "carte", 2: "cartes", 1000000: "cartes", 2000000: "cartes"} {
		want := Int(frCtx, int64(n)) + " " + form
		if got := c.localize(fr, pluralConfig(frCtx, "Cards", n, nil)); got != want {
			t.Errorf("French Cards without \"many\", %d = %q, want %q", n, got, want)
		}
	}
}
