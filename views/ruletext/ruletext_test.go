package ruletext

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/rules/engine/ruleindex"
)

// indexLanguages are the languages the pages offer besides English; the
// rule index must have every entry in each.
var indexLanguages = []string{"de", "fr", "es", "it", "pt-BR", "ja"}

// keywordsOnly is an English title that is nothing but keywords as printed
// on the cards ("[Blocker]", "[Permanent], [Your Turn], [Opponent's Turn]").
// Languages whose cards print the English keywords (German, French, ...)
// may keep such a title as it is; Japanese cards print 【ブロッカー】.
var keywordsOnly = regexp.MustCompile(`^\[[^\]]+\](, \[[^\]]+\])*$`)

// englishKeywordTitles are the languages allowed to keep keyword titles in
// English.
var englishKeywordTitles = map[string]bool{"de": true, "fr": true, "es": true, "it": true, "pt-BR": true}

// Every rule of the index has its title, explanation and search terms in
// every language, written in that language (not the English copied), and
// no language has an entry for a rule the index lacks.
func TestEveryRuleInEveryLanguage(t *testing.T) {
	catalogue := ruleMessages(t)
	for _, lang := range indexLanguages {
		texts, ok := catalogue[lang]
		if !ok {
			t.Errorf("%s: the rule index has no texts in this language", lang)
			continue
		}
		for _, r := range ruleindex.Rules {
			titleID, explanationID, termsID := MessageIDs(r)
			title, ok1 := texts[titleID]
			explanation, ok2 := texts[explanationID]
			terms, ok3 := texts[termsID]
			if !ok1 || !ok2 || !ok3 {
				t.Errorf("%s: %q has no text in this language", lang, r.ID)
				continue
			}
			tr := ruleindex.Entry{Title: title, Explanation: explanation, Terms: strings.Split(terms, termSeparator)}
			if tr.Title == "" || tr.Explanation == "" || terms == "" {
				t.Errorf("%s: %q lacks a title, explanation or terms", lang, r.ID)
			}
			if tr.Explanation == r.Explanation {
				t.Errorf("%s: %q's explanation is the English one", lang, r.ID)
			}
			if tr.Title == r.Title && !(englishKeywordTitles[lang] && keywordsOnly.MatchString(r.Title)) {
				t.Errorf("%s: %q's title is the English %q", lang, r.ID, r.Title)
			}
			for _, term := range tr.Terms {
				if strings.TrimSpace(term) == "" || term != strings.TrimSpace(term) {
					t.Errorf("%s: %q has an empty search term, or one with spaces around it (%q)", lang, r.ID, terms)
				}
			}
			if got, translated := InLanguage(r, lang); !translated || got.Title != tr.Title || got.Number != r.Number || got.ID != r.ID {
				t.Errorf("%s: InLanguage(%q) = %q %v, want %q true with the same ID and number", lang, r.ID, got.Title, translated, tr.Title)
			}
		}
		for id := range texts {
			if !indexMessage(id) {
				t.Errorf("%s: %q is not a message of an entry of the rule index", lang, id)
			}
		}
		if n := TranslatedRules(lang); n != len(ruleindex.Rules) {
			t.Errorf("%s: TranslatedRules = %d, want all %d", lang, n, len(ruleindex.Rules))
		}
	}
	for lang := range catalogue {
		if !englishKeywordTitles[lang] && lang != "ja" && lang != "en" {
			t.Errorf("%s: the index has texts in a language the tests do not know", lang)
		}
	}
	if TranslatedRules("en") != len(ruleindex.Rules) || TranslatedRules("zh") != 0 {
		t.Errorf("English counts %d, Chinese %d", TranslatedRules("en"), TranslatedRules("zh"))
	}
}

// The English messages of the index are the index's own English (rules
// keeps it, for the API and English pages), word for word.
func TestEnglishMessagesAreTheIndexsEnglish(t *testing.T) {
	en := ruleMessages(t)["en"]
	for _, r := range ruleindex.Rules {
		titleID, explanationID, termsID := MessageIDs(r)
		if en[titleID] != r.Title || en[explanationID] != r.Explanation || en[termsID] != strings.Join(r.Terms, termSeparator) {
			t.Errorf("%s: the English messages %s, %s and %s are not the index's English", r.ID, titleID, explanationID, termsID)
		}
	}
	if len(en) != 3*len(ruleindex.Rules) {
		t.Errorf("ruleindex.en.json has %d messages for %d entries", len(en), len(ruleindex.Rules))
	}
}

// indexMessage reports whether id is a message of an entry of the index.
func indexMessage(id string) bool {
	for _, r := range ruleindex.Rules {
		a, b, c := MessageIDs(r)
		if id == a || id == b || id == c {
			return true
		}
	}
	return false
}

// ruleMessages reads the catalogue's rule-index files: language -> id -> text.
func ruleMessages(t *testing.T) map[string]map[string]string {
	t.Helper()
	files, err := filepath.Glob("../i18n/messages/ruleindex.*.json")
	if err != nil || len(files) < 7 {
		t.Fatalf("rule index message files: %v %v", files, err)
	}
	out := map[string]map[string]string{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		m := map[string]string{}
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		lang := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(f), "ruleindex."), ".json")
		out[lang] = m
	}
	return out
}

// Each entry's messages are its own: no two entries share a key.
func TestMessageKeysAreDistinct(t *testing.T) {
	seen := map[string]string{}
	for _, r := range ruleindex.Rules {
		k := r.MessageKey()
		if other, dup := seen[k]; dup {
			t.Errorf("%s and %s have the same message key %s", other, r.ID, k)
		}
		seen[k] = r.ID
	}
	if k := (ruleindex.Entry{ID: "CR 6-2-1-10"}).MessageKey(); k != "CR6_2_1_10" {
		t.Errorf("MessageKey(CR 6-2-1-10) = %s", k)
	}
}

// The lookup searches in the page's language: a judge's or player's word
// for the rule finds it, shown in that language; English keywords and rule
// numbers still work.
func TestSearchInLanguage(t *testing.T) {
	cases := []struct{ q, lang, id, title string }{
		{"aufgeben", "de", "CR 0-1-3-4", "Aufgeben"},
		{"concede", "de", "CR 0-1-3-4", "Aufgeben"}, // English words still work
		{"Deckgröße", "de", "CR 6-1-3", "Das Deck: 50 bis 60 Kampf- und Extrakarten"},
		{"Kampfkarte einsetzen", "de", "CR 5-5-2", "Eine Kampfkarte einsetzen"},
		{"blocken", "de", "[Blocker]", "[Blocker]"},
		{"Schadensschritt", "de", "Damage Step", "Schadensschritt"},
		{"damage step", "de", "Damage Step", "Schadensschritt"},
		{"Ladephase", "de", "CR 7-2", "Ladephase"},
		{"Energiemarke zweiter Spieler", "de", "CR 6-2-1-10", "Energiemarke für den zweiten Spieler"},
		{"abandonner", "fr", "CR 0-1-3-4", "Abandonner"},
		{"bloqueur", "fr", "[Blocker]", "[Blocker]"},
		{"jouer carte Combat", "fr", "CR 5-5-2", "Jouer une carte Combat"},
		{"étape des dégâts", "fr", "Damage Step", "Étape des dégâts"},
		{"éveil", "fr", "[Awaken]", "[Awaken]"},
		{"rendirse", "es", "CR 0-1-3-4", "Rendirse"},
		{"bloqueador", "es", "[Blocker]", "[Blocker]"},
		{"jugar carta de Batalla", "es", "CR 5-5-2", "Jugar una carta de Batalla"},
		{"paso de daño", "es", "Damage Step", "Paso de daño"},
		{"fase de carga", "es", "CR 7-2", "Fase de carga"},
		{"arrendersi", "it", "CR 0-1-3-4", "Arrendersi"},
		{"bloccante", "it", "[Blocker]", "[Blocker]"},
		{"giocare carta Battaglia", "it", "CR 5-5-2", "Giocare una carta Battaglia"},
		{"passo dei danni", "it", "Damage Step", "Passo dei danni"},
		{"desistir", "pt-BR", "CR 0-1-3-4", "Desistir"},
		{"bloqueador", "pt-BR", "[Blocker]", "[Blocker]"},
		{"jogar carta de Batalha", "pt-BR", "CR 5-5-2", "Jogar uma carta de Batalha"},
		{"etapa de dano", "pt-BR", "Damage Step", "Etapa de dano"},
		{"投了", "ja", "CR 0-1-3-4", "投了"},
		{"6-1-3", "ja", "CR 6-1-3", "デッキの枚数"}, // numbers are the same everywhere
		{"ブロッカー", "ja", "[Blocker]", "【ブロッカー】"},
		{"【ブロッカー】", "ja", "[Blocker]", "【ブロッカー】"},
		{"blocker", "ja", "[Blocker]", "【ブロッカー】"},
		{"マリガン", "ja", "CR 6-2-1-8", "最初の手札と引き直し"},
		{"チャージフェイズ", "ja", "CR 7-2", "チャージフェイズ"},
		{"覚醒", "ja", "[Awaken]", "【覚醒】"},
		{"ダメージステップ", "ja", "Damage Step", "ダメージステップ"},
	}
	for _, c := range cases {
		hits := SearchIn(c.q, c.lang)
		if len(hits) == 0 {
			t.Errorf("%s %q: no hit", c.lang, c.q)
			continue
		}
		if got := hits[0]; got.ID != c.id || got.Title != c.title {
			t.Errorf("%s %q: first hit %s %q, want %s %q", c.lang, c.q, got.ID, got.Title, c.id, c.title)
		}
	}
	// A language's words find nothing on an English page or in a language
	// the index lacks, where the entries stay English.
	for _, lang := range []string{"en", "zh"} {
		if hits := SearchIn("aufgeben", lang); len(hits) != 0 {
			t.Errorf("%s page found German %v", lang, hits[0].ID)
		}
	}
	if r, ok := InLanguage(ruleindex.Rules[0], "zh"); ok || r.Title != ruleindex.Rules[0].Title {
		t.Errorf("Chinese entry: %q %v, want English and false", r.Title, ok)
	}
}
