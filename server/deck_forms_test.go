package server_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// A paste that cannot be stored gets an inline error on the player's page,
// with the line named and the text kept; an empty paste says so; nothing is
// stored. The organiser's deck check tool answers the same way.
func TestDeckPasteThatCannotBeStored(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	importCards(t, a)
	d := newDayEvent(t, a, org, "0", "Ann")
	ann, link := d.phone("Ann"), d.links["Ann"]

	cases := []struct{ paste, want string }{
		{"4 FS01-03 Master Roshi\n\x00\x01\x02binary\n", "Line 2 holds a control character (U+0000"},
		{"4 FS01-03 Master Roshi\n4 FS01-04 \xff\xfe\n", "Line 2 holds bytes that are not text"},
		{"  \n\t\n", "The decklist is empty"},
	}
	for _, c := range cases {
		r := ann.post(link, link+"/deck", url.Values{"deck": {c.paste}})
		expectStatus(t, "paste "+c.want, r, http.StatusUnprocessableEntity)
		mustContain(t, "paste "+c.want, r.body, c.want, `id="deck-error"`, `aria-invalid="true"`, "Your decklist")
		if strings.Contains(c.paste, "Master Roshi") && !strings.Contains(r.body, "4 FS01-03 Master Roshi\n") {
			t.Errorf("the refused text is not kept:\n%s", excerpt(r.body))
		}
	}
	en, _ := a.store.EntryByID(context.Background(), d.id, d.ids["Ann"])
	if en.DeckText != "" {
		t.Fatalf("a refused paste was stored: %q", en.DeckText)
	}
	r := org.post("/decks/check", "/decks/check", url.Values{"format": {"fw-standard"}, "date": {"2026-12-12"}, "deck": {"4 FS01-03\n\x07\n"}})
	expectStatus(t, "deck check tool", r, http.StatusUnprocessableEntity)
	mustContain(t, "deck check tool", r.body, "Line 2 holds a control character (U+0007")
}

// Problems show the text of their line beside its number, and the page says
// when the first line was read as the deck's name.
func TestDeckProblemsShowTheirLine(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	importCards(t, a)
	d := newDayEvent(t, a, org, "0", "Ann")
	ann, link := d.phone("Ann"), d.links["Ann"]
	deck := "Son Goku (X)\n" + string(fixture(t, "decklists/fs01-starter-son-goku.txt")) + "\n4 FB01-056\n"
	expectRedirect(t, "save", ann.post(link, link+"/deck", url.Values{"deck": {deck}}), link)
	page := ann.get(link)
	mustContain(t, "player page", page.body,
		`<q class="line-text">4 FB01-056</q>`,
		`Line 1, “Son Goku (X)”, was read as the deck&#39;s name, not as a card.`,
		"Decklist saved, not legal: 2 problems to fix before the event.")
	// Later visits show the stored problems with their lines too.
	mustContain(t, "player page later", ann.get(link).body, `<q class="line-text">4 FB01-056</q>`)
	mustContain(t, "decks page", org.get(d.path+"/decks").body, `<q class="line-text">4 FB01-056</q>`)
}
