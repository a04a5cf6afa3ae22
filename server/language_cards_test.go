package server_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// Japanese pages show the Japanese card names the card data has; other
// pages keep the English names. A decklist may name its cards in either
// language, on the phone as in the deck check; a name several cards share
// is refused with its line, never guessed.
func TestJapaneseCardNamesAndDecklistsByName(t *testing.T) {
	a := newApp(t)
	org := a.organiser()
	importCards(t, a)
	d := newDayEvent(t, a, org, "0", "Ann", "Ben")
	visitor := a.browser()

	r, _ := visitor.getIn("/rules?q="+url.QueryEscape("ヴァドス"), "ja")
	if !strings.Contains(r.body, "<strong>FB01-003</strong> ヴァドス") {
		t.Errorf("Japanese card lookup by Japanese name lacks ヴァドス:\n%s", excerpt(r.body))
	}
	r, _ = visitor.getIn("/rules?q=Vados", "en")
	if !strings.Contains(r.body, "<strong>FB01-003</strong> Vados") || strings.Contains(r.body, "ヴァドス") {
		t.Errorf("English card lookup does not show the English name only:\n%s", excerpt(r.body))
	}

	// Ann pastes a list naming cards in Japanese and English, with numbers
	// beside them; it is read and legal.
	deck := strings.Join([]string{
		"Leader: FS01-01",
		"4 ウイス", "4 亀仙人", "2 FS01-04", "4 シン", "4 FS01-06", "4 FS01-07", "2 FS01-08",
		"2 FS01-09", "4 FS01-10", "4 FS01-11", "2 FS01-12", "4 FS01-13", "4 FS01-14",
		"かめはめ波×4", "2 God Kamehameha",
	}, "\n")
	// ウイス and 亀仙人 name several cards in the fixture: refused with the line.
	ann, link := d.phone("Ann"), d.links["Ann"]
	r = ann.post(link, link+"/deck", url.Values{"deck": {deck}})
	expectStatus(t, "deck with an ambiguous Japanese name", r, http.StatusUnprocessableEntity)
	if !strings.Contains(r.body, "line 2") || !strings.Contains(r.body, "FS01-02") {
		t.Errorf("ambiguous name: the error does not name line 2 and the cards:\n%s", excerpt(r.body))
	}
	deck = strings.Replace(strings.Replace(deck, "4 ウイス", "4 FS01-02 ウイス", 1), "4 亀仙人", "4 FS01-03", 1)
	expectRedirect(t, "Ann's deck by name", ann.post(link, link+"/deck", url.Values{"deck": {deck}}), link)
	if r = ann.get(link); !strings.Contains(r.body, "Decklist saved") || strings.Contains(r.body, "not legal") {
		t.Errorf("Ann's named deck is not saved as legal:\n%s", excerpt(r.body))
	}
	// The same list in the deck check.
	r = org.post("/decks/check", "/decks/check", url.Values{"format": {"fw-standard"}, "date": {"2026-06-01"}, "deck": {deck}})
	expectStatus(t, "deck check of a named list", r, http.StatusOK)
	if !strings.Contains(r.body, "This deck is legal.") {
		t.Errorf("deck check of the named list:\n%s", excerpt(r.body))
	}

	// The organiser's Decks page names the Leader in the page's language.
	r, _ = org.getIn(d.path+"/decks", "ja")
	expectLang(t, "Decks page, Japanese browser", r, "ja")
	if !strings.Contains(r.body, "孫悟空 (FS01-01)") {
		t.Errorf("Japanese Decks page does not name the Leader in Japanese:\n%s", excerpt(r.body))
	}
	r, _ = org.getIn(d.path+"/decks", "de")
	if !strings.Contains(r.body, "Son Goku (FS01-01)") || strings.Contains(r.body, "孫悟空") {
		t.Errorf("German Decks page does not name the Leader in English:\n%s", excerpt(r.body))
	}
}

// The rulings lookup searches in the page's language where the rule index
// has that text, cites rules by number in every language, and says plainly
// where it has only English.
func TestRulingsLookupInThePagesLanguage(t *testing.T) {
	a := newApp(t)
	a.organiser() // the server is set up
	importCards(t, a)
	b := a.browser()

	r, _ := b.getIn("/rules?q=aufgeben", "de")
	expectLang(t, "German lookup", r, "de")
	for _, want := range []string{"CR 0-1-3-4", "Aufgeben", "Wer aufgibt, verliert das Spiel;", `data-testid="rule-index-language"`, "Regeln sind auf Deutsch geschrieben"} {
		if !strings.Contains(r.body, want) {
			t.Errorf("German search for aufgeben lacks %q:\n%s", want, excerpt(r.body))
		}
	}
	// An English word still finds the rule; an untranslated rule is shown
	// in English, marked as such.
	r, _ = b.getIn("/rules?q="+url.QueryEscape("damage step"), "de")
	if !strings.Contains(r.body, `<span lang="en">Damage Step</span>`) || !strings.Contains(r.body, "Diese Regel gibt es nur auf Englisch.") {
		t.Errorf("German search for an untranslated rule does not mark it English:\n%s", excerpt(r.body))
	}
	// Japanese: by number and by Japanese word.
	r, _ = b.getIn("/rules?q=6-1-3", "ja")
	if !strings.Contains(r.body, `<span class="rule-no">CR 6-1-3</span>`) || !strings.Contains(r.body, "デッキの枚数") {
		t.Errorf("Japanese search by number:\n%s", excerpt(r.body))
	}
	r, _ = b.getIn("/rules/cr-0-1-3-4", "ja")
	if !strings.Contains(r.body, "投了") || !strings.Contains(r.body, "CR 0-1-3-4") {
		t.Errorf("Japanese rule page:\n%s", excerpt(r.body))
	}
	// French has none of the index: said plainly, and English words work.
	r, _ = b.getIn("/rules?q=concede", "fr")
	for _, want := range []string{"L’index des règles n’est rédigé qu’en anglais", `<span lang="en">Conceding</span>`, "CR 0-1-3-4"} {
		if !strings.Contains(r.body, want) {
			t.Errorf("French search for concede lacks %q:\n%s", want, excerpt(r.body))
		}
	}
	if strings.Contains(r.body, `data-testid="rule-english-only"`) {
		t.Errorf("French lookup repeats the English-only note on every entry:\n%s", excerpt(r.body))
	}
	// English pages carry no such note.
	r, _ = b.getIn("/rules?q=concede", "en")
	if strings.Contains(r.body, `data-testid="rule-index-language"`) || strings.Contains(r.body, `lang="en">Conceding`) {
		t.Errorf("English lookup carries a language note:\n%s", excerpt(r.body))
	}
}
