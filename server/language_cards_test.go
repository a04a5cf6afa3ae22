package server_test

import (
	"context"
	"html"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/rules/engine/ruleindex"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
	"github.com/tenkaichi-org/tenkaichi/views/ruletext"
)

// Japanese pages show the Japanese card names the card data has; other
// pages keep the English names. A decklist may name its cards in either
// language, on the phone as in the deck check; a name several cards share
// is refused with its line, never guessed.
func TestJapaneseCardNamesAndDecklistsByName(t *testing.T) {
	t.Parallel()
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

// The rulings lookup's cards: their type and colours in the page's
// language, their text and traits in English (all the card list has),
// marked lang="en" and said so once on a page in another language.
func TestCardLookupSaysItsTextIsEnglish(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	a.organiser()
	importCards(t, a)
	b := a.browser()
	for _, c := range []struct{ lang, q, name, kind string }{
		{"ja", "ヴァドス", "ヴァドス", "バトル · 赤"},
		{"de", "Vados", "Vados", "Kampf · Rot"},
		{"en", "Vados", "Vados", "Battle · Red"},
	} {
		ctx := i18n.WithLanguage(context.Background(), c.lang)
		r, _ := b.getIn("/rules?q="+url.QueryEscape(c.q), c.lang)
		expectLang(t, c.lang+" card lookup", r, c.lang)
		text := pfText(r.body)
		mustContain(t, c.lang+" card lookup", text, "FB01-003 "+c.name+" "+c.kind)
		mustContain(t, c.lang+" card lookup", r.body, `<p class="card-text" lang="en">`, `<span lang="en">Angel, Universe 6</span>`)
		note := `data-testid="card-text-english">` + i18n.T(ctx, "JudgeCardTextEnglish", nil) + "<"
		if got := strings.Contains(html.UnescapeString(r.body), note); got != (c.lang != "en") {
			t.Errorf("%s card lookup: the note that card texts are English is there: %v", c.lang, got)
		}
	}
}

// The rulings lookup searches in the page's language: a judge's or
// player's word for a rule finds it, shown in that language with its rule
// number; English keywords and rule numbers still work; where the index has
// the whole of a language the page carries no English-only note.
func TestRulingsLookupInThePagesLanguage(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	a.organiser() // the server is set up
	importCards(t, a)
	b := a.browser()

	cases := []struct{ lang, q, url, head string }{
		{"de", "aufgeben", "/rules/cr-0-1-3-4", `<span class="rule-no">CR 0-1-3-4</span> Aufgeben`},
		{"de", "Kampfkarte einsetzen", "/rules/cr-5-5-2", `<span class="rule-no">CR 5-5-2</span> Eine Kampfkarte einsetzen`},
		{"de", "blocken", "/rules/blocker", `[Blocker]`},
		{"de", "Schadensschritt", "/rules/damage-step", `Schadensschritt`},
		{"de", "damage step", "/rules/damage-step", `Schadensschritt`}, // English words still work
		{"fr", "abandonner", "/rules/cr-0-1-3-4", `<span class="rule-no">CR 0-1-3-4</span> Abandonner`},
		{"fr", "bloqueur", "/rules/blocker", `[Blocker]`},
		{"fr", "jouer carte Combat", "/rules/cr-5-5-2", `<span class="rule-no">CR 5-5-2</span> Jouer une carte Combat`},
		{"fr", "zone Drop puissance 0", "/rules/power-0", `Une puissance de 0 envoie dans la zone Drop`},
		{"es", "rendirse", "/rules/cr-0-1-3-4", `<span class="rule-no">CR 0-1-3-4</span> Rendirse`},
		{"es", "bloqueador", "/rules/blocker", `[Blocker]`},
		{"es", "jugar carta de Batalla", "/rules/cr-5-5-2", `<span class="rule-no">CR 5-5-2</span> Jugar una carta de Batalla`},
		{"es", "paso de daño", "/rules/damage-step", `Paso de daño`},
		{"it", "arrendersi", "/rules/cr-0-1-3-4", `<span class="rule-no">CR 0-1-3-4</span> Arrendersi`},
		{"it", "bloccante", "/rules/blocker", `[Blocker]`},
		{"it", "giocare carta Battaglia", "/rules/cr-5-5-2", `<span class="rule-no">CR 5-5-2</span> Giocare una carta Battaglia`},
		{"it", "passo dei danni", "/rules/damage-step", `Passo dei danni`},
		{"pt-BR", "desistir", "/rules/cr-0-1-3-4", `<span class="rule-no">CR 0-1-3-4</span> Desistir`},
		{"pt-BR", "bloqueador", "/rules/blocker", `[Blocker]`},
		{"pt-BR", "jogar carta de Batalha", "/rules/cr-5-5-2", `<span class="rule-no">CR 5-5-2</span> Jogar uma carta de Batalha`},
		{"pt-BR", "etapa de dano", "/rules/damage-step", `Etapa de dano`},
		{"ja", "ブロッカー", "/rules/blocker", `【ブロッカー】`},
		{"ja", "バトルカード 登場", "/rules/cr-5-5-2", `<span class="rule-no">CR 5-5-2</span> バトルカードの登場`},
		{"ja", "マリガン", "/rules/cr-6-2-1-8", `<span class="rule-no">CR 6-2-1-8</span> 最初の手札と引き直し`},
		{"ja", "6-1-3", "/rules/cr-6-1-3", `<span class="rule-no">CR 6-1-3</span> デッキの枚数`},
		{"ja", "blocker", "/rules/blocker", `【ブロッカー】`},
	}
	for _, c := range cases {
		r, _ := b.getIn("/rules?q="+url.QueryEscape(c.q), c.lang)
		expectLang(t, c.lang+" lookup", r, c.lang)
		want := `<p class="rule-head"><a href="` + c.url + `">` + c.head + `</a></p>`
		if got := firstRuleHead(r.body); got != want {
			t.Errorf("%s search for %q: first hit is not %s:\n%s", c.lang, c.q, want, excerpt(r.body))
		}
		for _, not := range []string{`data-testid="rule-index-language"`, `data-testid="rule-english-only"`, `<p lang="en">`} {
			if strings.Contains(r.body, not) {
				t.Errorf("%s search for %q shows %s, though the index is in this language:\n%s", c.lang, c.q, not, excerpt(r.body))
			}
		}
	}
	r, _ := b.getIn("/rules/cr-0-1-3-4", "ja")
	if !strings.Contains(r.body, "投了") || !strings.Contains(r.body, "CR 0-1-3-4") {
		t.Errorf("Japanese rule page:\n%s", excerpt(r.body))
	}
	// Every language the pages offer has the whole index: the list of all
	// rules shows none in English and no note that part is English only.
	for _, l := range i18n.Languages() {
		if n := ruletext.TranslatedRules(l.Code); n != len(ruleindex.Rules) {
			t.Errorf("%s is offered but the rule index has %d of its %d entries in it", l.Code, n, len(ruleindex.Rules))
		}
		r, _ := b.getIn("/rules", l.Code)
		expectLang(t, l.Code+" rule index", r, l.Code)
		if got := strings.Count(r.body, `<li><a href="/rules/`); got != len(ruleindex.Rules) {
			t.Errorf("%s rule index lists %d rules, want %d", l.Code, got, len(ruleindex.Rules))
		}
		for _, not := range []string{`data-testid="rule-index-language"`, `<span lang="en">`} {
			if strings.Contains(r.body, not) {
				t.Errorf("%s rule index shows %s:\n%s", l.Code, not, excerpt(r.body))
			}
		}
	}
	r, _ = b.getIn("/rules", "de")
	for _, want := range []string{"Ladephase", "Schadensschritt", "Stärke 0 geht in den Drop"} {
		if !strings.Contains(r.body, want) {
			t.Errorf("German index lacks %q:\n%s", want, excerpt(r.body))
		}
	}
	// English pages carry no such note.
	r, _ = b.getIn("/rules?q=concede", "en")
	if strings.Contains(r.body, `data-testid="rule-index-language"`) || strings.Contains(r.body, `lang="en">Conceding`) {
		t.Errorf("English lookup carries a language note:\n%s", excerpt(r.body))
	}
}

// firstRuleHead is the first rule a lookup page lists, its spaces folded.
func firstRuleHead(body string) string {
	i := strings.Index(body, `<p class="rule-head">`)
	if i < 0 {
		return ""
	}
	end := strings.Index(body[i:], "</p>")
	if end < 0 {
		return ""
	}
	return strings.Join(strings.Fields(body[i:i+end+len("</p>")]), " ")
}

// A Japanese page names the cards of a deck's problems and of a ban list
// in Japanese where the card data has it; the problems are stored with the
// English names, so a German page of the same list keeps them.
func TestJapaneseCardNamesInDeckProblemsAndBanList(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	importCards(t, a)
	d := newDayEvent(t, a, org, "0", "Ann", "Ben")
	deck := strings.Join([]string{"Leader: FS01-01", "4 FS01-02", "4 FS01-03", "2 FS01-04", "4 FS01-05", "4 FS01-06", "4 FS01-07", "2 FS01-08",
		"2 FS01-09", "4 FS01-10", "4 FS01-11", "2 FS01-12", "4 FS01-13", "4 FS01-14", "4 FS01-15", "2 FS01-16", "1 FB01-056"}, "\n")
	ann, link := d.phone("Ann"), d.links["Ann"]
	ann.get("/language?lang=ja&back=/")
	expectRedirect(t, "Ann's deck", ann.post(link, link+"/deck", url.Values{"deck": {deck}}), link)
	r := ann.get(link)
	expectLang(t, "Ann's phone", r, "ja")
	mustContain(t, "Japanese phone, the banned card", r.body, "FB01-056 ピラフ")
	if strings.Contains(r.body, "Pilaf") {
		t.Errorf("the Japanese phone names Pilaf in English:\n%s", excerpt(r.body))
	}
	// Stored in English: the German Decks page says Pilaf.
	de, _ := org.getIn(d.path+"/decks", "de")
	expectLang(t, "German Decks page", de, "de")
	mustContain(t, "German Decks page", de.body, "FB01-056 Pilaf")
	ja, _ := org.getIn(d.path+"/decks", "ja")
	mustContain(t, "Japanese Decks page", ja.body, "FB01-056 ピラフ")
	// The deck check on a Japanese page.
	org.get("/language?lang=ja&back=/")
	r = org.post("/decks/check", "/decks/check", url.Values{"format": {"fw-standard"}, "date": {"2026-06-01"}, "deck": {deck}})
	// Its date is written as Japanese writes dates, not 2026-06-01.
	mustContain(t, "Japanese deck check", r.body, "FB01-056 ピラフ", "2026年6月1日")
	// The built-in ban list names its cards in English; a Japanese page
	// gives the card data's names (Cell, SB01-011, has none: English).
	r, _ = org.getIn("/banlists/fusion-world/2026-03-01", "ja")
	jaCtx := i18n.WithLanguage(context.Background(), "ja")
	heading := "<h1>" + i18n.T(jaCtx, "GameShortFusionWorld", nil) + "：2026年3月</h1>"
	mustContain(t, "Japanese ban list", r.body, heading, "2026年3月1日から適用", "<td>FB01-056</td><td>ピラフ</td>", "<td>FB01-005</td><td>亀仙人</td>", "<td>SB01-011</td><td>Cell</td>")
	org.get("/language?lang=de&back=/")
	r, _ = org.getIn("/banlists/fusion-world/2026-03-01", "de")
	mustContain(t, "German ban list", r.body, "Gültig ab 1. März 2026", "<td>FB01-056</td><td>Pilaf</td>", "<td>FB01-005</td><td>Master Roshi</td>")
}

// A card list imported as CSV with a name_jp column names its cards in
// Japanese on Japanese pages, and the lookup finds them by that name.
func TestCardCSVWithJapaneseNames(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	csv := "number,name,name_jp,type,colours\nFB01-003,Vados,ヴァドス,Battle,Red\nFB01-004,Cus,クス,Battle,Red\n"
	expectRedirect(t, "import the CSV", org.upload("/cards", "/cards/import", "file", "cards.csv", []byte(csv)), "/cards")
	r, _ := a.browser().getIn("/rules?q="+url.QueryEscape("ヴァドス"), "ja")
	if !strings.Contains(r.body, "<strong>FB01-003</strong> ヴァドス") {
		t.Errorf("Japanese card lookup by the CSV's Japanese name lacks ヴァドス:\n%s", excerpt(r.body))
	}
	r, _ = a.browser().getIn("/rules?q=Cus", "ja")
	if !strings.Contains(r.body, "<strong>FB01-004</strong> クス") {
		t.Errorf("Japanese card lookup does not name FB01-004 クス:\n%s", excerpt(r.body))
	}
}

// The keywords of the cards the rule lookup finds are named as the rule
// entries they link to are in the page's language: 【ブロッカー】 on a
// Japanese page, where the card data says [Blocker].
func TestCardLookupKeywordsInThePagesLanguage(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	a.organiser() // the server is set up
	importCards(t, a)
	visitor := a.browser()
	blocker, ok := ruleindex.Rule("[Blocker]")
	if !ok {
		t.Fatal("the rule index has no [Blocker]")
	}
	for _, lang := range []string{"en", "de", "ja"} {
		r, _ := visitor.getIn("/rules?q=FS02-12", lang)
		i := strings.Index(r.body, `data-testid="card-results"`)
		if i < 0 {
			t.Fatalf("%s: no card results: %d %q\n%s", lang, r.status, r.location, excerpt(r.body))
		}
		cards := r.body[i:]
		entry, _ := ruletext.InLanguage(blocker, lang)
		mustContain(t, lang+" card results", cards, `<a class="keyword" href="/rules/blocker">`+html.EscapeString(entry.Title)+"</a>")
		// The card's skill text stays the card list's English.
		chips := cards[strings.Index(cards, `<p class="keywords">`):]
		chips = chips[:strings.Index(chips, "</p>")]
		if lang == "ja" && strings.Contains(chips, "[Blocker]") {
			t.Errorf("the Japanese card results name the keyword [Blocker]: %s", chips)
		}
	}
}
