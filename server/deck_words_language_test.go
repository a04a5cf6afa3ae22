package server_test

import (
	"context"
	"html"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// A deck problem's words of ours (a card's colour, its type) are said in
// the page's language inside the translated sentence, on the deck check
// over HTTP: "FB01-037 Goku Black ist Blau …", "…は青で…".
func TestDeckProblemWordsInGermanAndJapanese(t *testing.T) {
	t.Parallel()
	f := newJudgeFixture(t)
	deck := "Leader: FB01-001\n4 FB01-037\n"
	for _, lang := range []string{"de", "ja"} {
		ctx := i18n.WithLanguage(context.Background(), lang)
		f.org.get("/language?lang=" + lang + "&back=/decks/check")
		r := f.org.post("/decks/check", "/decks/check", url.Values{"format": {"fw-standard"}, "date": {"2026-06-01"}, "deck": {deck}})
		expectLang(t, lang+" deck check", r, lang)
		// Japanese pages name the cards by the card data's Japanese names.
		name := map[string]map[string]string{"de": {"FB01-037": "Goku Black", "FB01-001": "Son Goku", "FB01-003": "Vados"},
			"ja": {"FB01-037": "ゴクウブラック", "FB01-001": "孫悟空", "FB01-003": "ヴァドス"}}[lang]
		colour := i18n.T(ctx, "JudgeDeckColour", i18n.Args{"A1": "FB01-037", "A2": name["FB01-037"],
			"A3": i18n.T(ctx, "JudgeDeckColourBlue", nil), "A4": "FB01-001", "A5": name["FB01-001"], "A6": i18n.T(ctx, "JudgeDeckColourRed", nil)})
		text := html.UnescapeString(r.body)
		mustContain(t, lang+" deck check", text, colour)
		for _, en := range []string{"is Blue and shares", "(Red)"} {
			if strings.Contains(text, en) {
				t.Errorf("%s deck check: English left: %q", lang, en)
			}
		}
		r = f.org.post("/decks/check", "/decks/check", url.Values{"format": {"fw-standard"}, "date": {"2026-06-01"}, "deck": {"Leader: FB01-003\n4 FB01-005\n"}})
		notLeader := i18n.T(ctx, "JudgeDeckNotALeader", i18n.Args{"A1": "FB01-003", "A2": name["FB01-003"], "A3": i18n.T(ctx, "JudgeDeckTypeBattle", nil)})
		mustContain(t, lang+" deck check, a Battle card as Leader", html.UnescapeString(r.body), notLeader)
	}
	// English keeps the rules package's words.
	f.org.get("/language?lang=en&back=/decks/check")
	r := f.org.post("/decks/check", "/decks/check", url.Values{"format": {"fw-standard"}, "date": {"2026-06-01"}, "deck": {deck}})
	mustContain(t, "en deck check", html.UnescapeString(r.body), "FB01-037 Goku Black is Blue and shares no colour with the Leader FB01-001 Son Goku (Red)")
}

// The rule after a deck problem is in the page's brackets: Japanese
// full-width （…）, as the command line's deck check has them, English and
// German the Latin ones.
func TestDeckProblemRuleInThePagesBrackets(t *testing.T) {
	t.Parallel()
	f := newJudgeFixture(t)
	deck := "Leader: FB01-001\n4 FB01-037\n"
	rule := regexp.MustCompile(`<span class="rule">([^<]*)</span>`)
	for _, lang := range []string{"en", "de", "ja"} {
		ctx := i18n.WithLanguage(context.Background(), lang)
		f.org.get("/language?lang=" + lang + "&back=/decks/check")
		r := f.org.post("/decks/check", "/decks/check", url.Values{"format": {"fw-standard"}, "date": {"2026-06-01"}, "deck": {deck}})
		found := rule.FindAllStringSubmatch(r.body, -1)
		if len(found) == 0 {
			t.Fatalf("%s deck check: no problem with a rule\n%s", lang, excerpt(r.body))
		}
		opening, closing := "(", ")"
		if lang == "ja" {
			opening, closing = "（", "）"
		}
		for _, m := range found {
			label := html.UnescapeString(m[1])
			if !strings.HasPrefix(label, opening) || !strings.HasSuffix(label, closing) {
				t.Errorf("%s deck check: the rule reads %q", lang, label)
			}
			inner := strings.TrimSuffix(strings.TrimPrefix(label, opening), closing)
			if want := i18n.T(ctx, "DeckProblemRule", i18n.Args{"Rule": inner}); label != want {
				t.Errorf("%s deck check: %q, not DeckProblemRule's %q", lang, label, want)
			}
		}
	}
}
