package server_test

import (
	"context"
	"html"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/storage/carddata"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// A card list or ban list that cannot be read is explained on the cards
// page in the organiser's language, keeping where the problem is (the
// line or record, the card, the column or field, the ban list's version
// and entry, a JSON value's line and path), and nothing is stored.
func TestCardAndBanListProblemsInGermanAndJapanese(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	cases := []struct {
		name, file, body string
		banList          bool
		want             func(ctx context.Context) string
		english          string
	}{
		{name: "csv column", file: "cards.csv", body: "number,name,type,power\nFB01-001,Son Goku,Leader,15000\nFB01-003,Vados,Battle,ten\n",
			want: func(ctx context.Context) string {
				return i18n.T(ctx, "FileAtLineOfCard", i18n.Args{"Line": 3, "Number": "FB01-003",
					"Problem": i18n.T(ctx, "FileInColumn", i18n.Args{"Field": "power", "Problem": i18n.T(ctx, "FileWholeNumber", i18n.Args{"A1": "ten"})})})
			}, english: "expected a whole number"},
		{name: "json field", file: "cards.json", body: "[\n{\"number\":\"FB01-001\",\"name\":\"A\",\"type\":\"Leader\"},\n{\"number\":\"FB01-002\",\"name\":\"B\",\n\"type\":\"Battle\",\"cost\":\"lots\"}]",
			want: func(ctx context.Context) string {
				return i18n.T(ctx, "FileAtRecordOfCard", i18n.Args{"Record": 2, "Number": "FB01-002",
					"Problem": i18n.T(ctx, "JsonWantWhole", i18n.Args{"A1": 4, "A2": "cost", "A3": `"lots"`})})
			}, english: "should be a whole number"},
		{name: "card type", file: "cards.json", body: `[{"number":"FB01-009","name":"A","type":"Spell"}]`,
			want: func(ctx context.Context) string {
				return i18n.T(ctx, "FileAtRecordOfCard", i18n.Args{"Record": 1, "Number": "FB01-009",
					"Problem": i18n.T(ctx, "FileInField", i18n.Args{"Field": "type", "Problem": i18n.T(ctx, "FileCardUnknownType", i18n.Args{"A1": "Spell"})})})
			}, english: "unknown card type"},
		{name: "not a card file", file: "cards.txt", body: "hello",
			want: said("FileCardsUnrecognised", nil), english: "unrecognised card file"},
		{name: "ban list entry", banList: true, body: `{"game":"fusion-world","name":"X","effective":"2026-03-01","entries":[{"number":"FB01-001","status":"limited"}]}`,
			want: func(ctx context.Context) string {
				return i18n.T(ctx, "FileBanListVersion", i18n.Args{"Version": 1, "Problem": i18n.T(ctx, "FileBansLimit", i18n.Args{"A1": 1, "A2": "FB01-001"})})
			}, english: "a limited card needs"},
		{name: "ban list field", banList: true, body: "{\"game\":\"fusion-world\",\"name\":\"X\",\n\"efective\":\"2026-03-01\",\"entries\":[]}",
			want: said("JsonUnknownField", i18n.Args{"A1": 2, "A2": "efective"}), english: "there is no field"},
		{name: "ban list not JSON", banList: true, body: "{not json",
			want: said("JsonSyntax", i18n.Args{"A1": 1, "A2": 2, "A3": "n"}), english: "unexpected"},
	}
	for _, lang := range []string{"de", "ja"} {
		ctx := i18n.WithLanguage(context.Background(), lang)
		org.get("/language?lang=" + lang + "&back=/cards")
		for _, c := range cases {
			var r response
			if c.banList {
				r = org.post("/cards", "/banlists", url.Values{"banlist": {c.body}})
			} else {
				r = org.upload("/cards", "/cards/import", "file", c.file, []byte(c.body))
			}
			expectStatus(t, lang+" "+c.name, r, http.StatusUnprocessableEntity)
			text := html.UnescapeString(pfText(r.body))
			want := c.want(ctx)
			if c.banList {
				want = i18n.T(ctx, "JudgeBanListFailed", i18n.Args{"Problem": want})
			} else {
				want = i18n.T(ctx, "JudgeImportFailed", i18n.Args{"File": c.file, "Problem": want})
			}
			if !strings.Contains(text, want) {
				t.Errorf("%s %s: the page lacks %q:\n%s", lang, c.name, want, excerpt(r.body))
			}
			if testing.Verbose() {
				t.Logf("%s %s: %s", lang, c.name, want)
			}
			if strings.Contains(text, c.english) {
				t.Errorf("%s %s: English left: %q", lang, c.name, c.english)
			}
		}
	}
	if n, _ := carddata.New(a.store).CountCards(context.Background(), rules.GameFusionWorld); n != 0 {
		t.Errorf("refused card lists stored %d cards", n)
	}
	lists, err := carddata.New(a.store).BanListVersions(context.Background())
	if err != nil || len(lists) != 0 {
		t.Errorf("refused ban lists stored %d versions (%v)", len(lists), err)
	}
}
