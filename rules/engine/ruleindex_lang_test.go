package engine

import "testing"

// Every translated entry belongs to an indexed rule and is complete.
func TestTranslatedRuleEntriesComplete(t *testing.T) {
	for lang, entries := range ruleTexts {
		for id, tr := range entries {
			if _, ok := Rule(id); !ok {
				t.Errorf("%s: %q is not in the rule index", lang, id)
			}
			if tr.Title == "" || tr.Explanation == "" || len(tr.Terms) == 0 {
				t.Errorf("%s: %q lacks a title, explanation or terms", lang, id)
			}
		}
		if TranslatedRules(lang) != len(entries) {
			t.Errorf("%s: TranslatedRules = %d, want %d", lang, TranslatedRules(lang), len(entries))
		}
	}
	if TranslatedRules("en") != len(Rules) || TranslatedRules("fr") != 0 {
		t.Errorf("English counts %d, French %d", TranslatedRules("en"), TranslatedRules("fr"))
	}
}

// The lookup searches in the page's language where the index has the text,
// still finds English words and rule numbers, and shows untranslated
// entries in English.
func TestSearchInLanguage(t *testing.T) {
	first := func(q, lang string) RuleEntry {
		t.Helper()
		hits := SearchIn(q, lang)
		if len(hits) == 0 {
			t.Fatalf("%s %q: no hit", lang, q)
		}
		return hits[0]
	}
	cases := []struct{ q, lang, id, title string }{
		{"aufgeben", "de", "CR 0-1-3-4", "Aufgeben"},
		{"concede", "de", "CR 0-1-3-4", "Aufgeben"}, // English words still work
		{"Deckgröße", "de", "CR 6-1-3", "Deckgröße"},
		{"投了", "ja", "CR 0-1-3-4", "投了"},
		{"6-1-3", "ja", "CR 6-1-3", "デッキの枚数"}, // numbers are the same everywhere
		{"ブロッカー", "ja", "[Blocker]", "【ブロッカー】"},
		{"damage step", "de", "Damage Step", "Damage Step"}, // English only: shown in English
		{"aufgeben", "en", "", ""},
	}
	for _, c := range cases {
		if c.id == "" {
			if hits := SearchIn(c.q, c.lang); len(hits) != 0 {
				t.Errorf("%s %q: German text found on an English page: %v", c.lang, c.q, hits[0].ID)
			}
			continue
		}
		got := first(c.q, c.lang)
		if got.ID != c.id || got.Title != c.title {
			t.Errorf("%s %q: first hit %s %q, want %s %q", c.lang, c.q, got.ID, got.Title, c.id, c.title)
		}
	}
	// German words find nothing in a language the index lacks.
	if hits := SearchIn("aufgeben", "fr"); len(hits) != 0 {
		t.Errorf("French page found %v", hits[0].ID)
	}
	if r, ok := InLanguage(Rules[0], "fr"); ok || r.Title != Rules[0].Title {
		t.Errorf("French entry: %q %v, want English and false", r.Title, ok)
	}
}
