package server_test

import (
	"context"
	"html"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// A decklist line that cannot be read is said in the page's language, still
// naming the line and what is wrong with it: on the player's deck form and
// on the deck check, in German and Japanese over HTTP. A deck problem's rule
// label ("Card pool") is in the page's language too.
func TestDecklistReadErrorsInGermanAndJapanese(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	importCards(t, a)
	d := newDayEvent(t, a, org, "0", "Ann")
	ann, link := d.phone("Ann"), d.links["Ann"]
	english := []string{"cannot read", "expected", "a count", "card number", "(Card pool)", "is the name of"}
	for _, lang := range []string{"de", "ja"} {
		ctx := i18n.WithLanguage(context.Background(), lang)
		noEnglish := func(what, body string) {
			t.Helper()
			for _, en := range english {
				if strings.Contains(body, en) {
					t.Errorf("%s %s: English left: %q", lang, what, en)
				}
			}
		}

		// The player's deck form: a count the parser cannot read on line 3.
		ann.get("/language?lang=" + lang + "&back=" + link)
		r := ann.post(link, link+"/deck", url.Values{"deck": {"Leader: FS01-01\n4 FS01-03\nfour of FS01-04\n"}})
		expectStatus(t, lang+" player deck", r, http.StatusUnprocessableEntity)
		mustContain(t, lang+" player deck", r.body, `<html lang="`+lang+`"`)
		body := html.UnescapeString(r.body)
		want := i18n.T(ctx, "DeckReadCountBefore", i18n.Args{"Line": 3, "Text": "four of FS01-04"})
		mustContain(t, lang+" player deck", body, want, `id="deck-error"`)
		mustContain(t, lang+" player deck: the line", want, map[string]string{"de": "Zeile 3", "ja": "3行目"}[lang])
		noEnglish("player deck", body)

		// A name several cards share: the numbers it could be are listed.
		r = ann.post(link, link+"/deck", url.Values{"deck": {"Leader: FS01-01\n4 Son Goku\n"}})
		expectStatus(t, lang+" player deck, a shared name", r, http.StatusUnprocessableEntity)
		body = html.UnescapeString(r.body)
		mustContain(t, lang+" player deck, a shared name", body, map[string]string{"de": "Zeile 2: „4 Son Goku“ ist nicht eindeutig", "ja": "2行目「4 Son Goku」"}[lang], "FS01-01")
		noEnglish("player deck, a shared name", body)

		// The deck check: a count too large, then a card not in the pool
		// whose rule label is translated.
		org.get("/language?lang=" + lang + "&back=/decks/check")
		r = org.post("/decks/check", "/decks/check", url.Values{"format": {"fw-standard"}, "date": {"2026-12-12"}, "deck": {"Leader: FS01-01\n100 FS01-03\n"}})
		expectStatus(t, lang+" deck check", r, http.StatusUnprocessableEntity)
		body = html.UnescapeString(r.body)
		mustContain(t, lang+" deck check", body, i18n.T(ctx, "DeckReadCountTooLarge", i18n.Args{"Line": 2, "Text": "100 FS01-03", "A1": 99}))
		noEnglish("deck check", body)

		r = org.post("/decks/check", "/decks/check", url.Values{"format": {"fw-standard"}, "date": {"2026-12-12"}, "deck": {"Leader: FS01-01\n4 FS01-99\n"}})
		expectStatus(t, lang+" deck check, unknown card", r, http.StatusOK)
		body = html.UnescapeString(r.body)
		mustContain(t, lang+" deck check, unknown card", body,
			i18n.T(ctx, "DeckProblemRule", i18n.Args{"Rule": i18n.T(ctx, "DeckRuleCardPool", nil)}),
			i18n.T(ctx, "DeckProblemRule", i18n.Args{"Rule": "CR 6-1-3"}))
		noEnglish("deck check, unknown card", body)
	}

	// A list saved from a Japanese page keeps rules' own label with its
	// problems (the event file carries them); pages translate it when shown.
	expectRedirect(t, "ja player deck, unknown card", ann.post(link, link+"/deck", url.Values{"deck": {"Leader: FS01-01\n4 FS01-99\n"}}), link)
	if en, _ := a.store.EntryByID(context.Background(), d.id, d.ids["Ann"]); !strings.Contains(en.DeckProblems, `"rule":"Card pool"`) {
		t.Errorf("stored problems: %s", en.DeckProblems)
	}

	// English keeps the rules package's words.
	ann.get("/language?lang=en&back=" + link)
	r := ann.post(link, link+"/deck", url.Values{"deck": {"Leader: FS01-01\n4 FS01-03\nfour of FS01-04\n"}})
	mustContain(t, "en player deck", html.UnescapeString(r.body), `line 3: cannot read "four of FS01-04": expected a count such as "4" or "4x" before the card number`)
	org.get("/language?lang=en&back=/decks/check")
	r = org.post("/decks/check", "/decks/check", url.Values{"format": {"fw-standard"}, "date": {"2026-12-12"}, "deck": {"Leader: FS01-01\n4 FS01-99\n"}})
	mustContain(t, "en deck check", r.body, "(Card pool)")
}

// A saved list's problems are said in the language of whichever page shows
// them, not the one it was saved from: a list saved from a Japanese phone
// reads in German on the organiser's Decks page and on the player's page
// once the player switches to German (numbers come back from the stored
// JSON and read the same).
func TestSavedDeckProblemsInTheReadersLanguage(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	importCards(t, a)
	d := newDayEvent(t, a, org, "0", "Ann")
	ann, link := d.phone("Ann"), d.links["Ann"]
	ann.get("/language?lang=ja&back=" + link)
	expectRedirect(t, "ja save", ann.post(link, link+"/deck", url.Values{"deck": {"Leader: FS01-01\n5 FS01-03\n"}}), link)
	ja := html.UnescapeString(ann.get(link).body)
	mustContain(t, "ja player page", ja, "1デッキ4枚までです。デッキには5枚あります")

	de := "ist auf 4 pro Deck begrenzt; das Deck hat 5"
	org.get("/language?lang=de&back=" + d.path + "/decks")
	page := html.UnescapeString(org.get(d.path + "/decks").body)
	mustContain(t, "de decks page", page, de)
	if strings.Contains(page, "デッキ") {
		t.Errorf("de decks page shows the Japanese problems:\n%s", excerpt(page))
	}
	ann.get("/language?lang=de&back=" + link)
	mustContain(t, "de player page", html.UnescapeString(ann.get(link).body), de)
	ann.get("/language?lang=en&back=" + link)
	mustContain(t, "en player page", html.UnescapeString(ann.get(link).body), "is limited to 4 per deck; the deck has 5")
}
