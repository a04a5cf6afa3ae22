package server_test

import (
	"context"
	"html"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/rules/engine"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// The judge console says the engine's sentences in the page's language: a
// replay with an illegal action, in German and in Japanese, has no English
// sentence of the engine left on any step (violations and the steps' lines),
// and the rule number stays as it is.
func TestJudgeReplayInGermanAndJapanese(t *testing.T) {
	t.Parallel()
	f := newJudgeFixture(t)
	game, err := os.ReadFile("../rules/engine/testdata/feature-match.log")
	if err != nil {
		t.Fatal(err)
	}
	logs := map[string]string{
		"first turn attack": firstTurnAttack,
		"too expensive":     strings.Replace(firstTurnAttack, "P2 attack leader -> leader", "P2 play FS02-13", 1),
		"log error":         strings.Replace(firstTurnAttack, "P2 attack leader -> leader", "P2 pass", 1),
		"feature match":     string(game),
	}
	for title, body := range logs {
		page := f.uploadLog(t, f.judge, title, body)
		l, err := engine.ParseLog([]byte(body))
		if err != nil {
			t.Fatal(err)
		}
		// The sentences as the engine says them in English (the stored pool
		// knows the cards, so what the page shows is what this replay says
		// with the same cards where it matters; a sentence that differs
		// only by card data is not in this list and is not checked).
		r := engine.Run(l, nil, engine.ReplayOptions{RunOn: true})
		english := func(step int) []string {
			var out []string
			sp := r.Steps[step-1]
			if sp.Violation != nil {
				out = append(out, sp.Violation.Message())
			}
			for _, ev := range sp.Events {
				out = append(out, ev.Text())
			}
			return out
		}
		for _, lang := range []string{"de", "ja"} {
			checked := 0
			for step := 1; step <= len(r.Steps); step++ {
				res, _ := f.judge.getIn(page+"?step="+strconv.Itoa(step), lang)
				expectStatus(t, title+" "+lang, res, 200)
				for _, s := range english(step) {
					if len(s) > 12 && strings.Contains(res.body, html.EscapeString(s)) {
						t.Errorf("%s, %s, step %d: the engine's English %q is on the page", title, lang, step, s)
					}
					checked++
				}
			}
			if checked < len(r.Steps) {
				t.Errorf("%s, %s: only %d sentences checked", title, lang, checked)
			}
		}
	}

	// The illegal step in German and Japanese: translated, with its rule.
	page := f.uploadLog(t, f.judge, "Table 9", firstTurnAttack)
	de, _ := f.judge.getIn(page+"?step=5", "de")
	mustContain(t, "German illegal step", de.body, `data-testid="step-violation"`, `href="/rules/cr-7-3-4-3-1"`, "CR 7-3-4-3-1",
		"der Startspieler darf in seinem ersten Zug nicht angreifen")
	ja, _ := f.judge.getIn(page+"?step=5", "ja")
	mustContain(t, "Japanese illegal step", ja.body, "CR 7-3-4-3-1", "先攻プレイヤーは最初のターンにアタックできません")
	de, _ = f.judge.getIn(page+"?step=4", "de")
	mustContain(t, "German charge phase draw", de.body, "P2 zieht ")
	// English stays English.
	en, _ := f.judge.getIn(page+"?step=5", "")
	mustContain(t, "English illegal step", en.body, "the player going first cannot attack on their first turn")
}

// A log line that does not read is refused in the page's language, naming
// the line; the notation's words in the sentence stay as they are.
func TestGameLogParseErrorInGermanAndJapanese(t *testing.T) {
	t.Parallel()
	f := newJudgeFixture(t)
	bad := strings.Replace(firstTurnAttack, "P2 draw", "P2 fly away", 1)
	for lang, want := range map[string]string{"de": "unbekannte Aktion &#34;fly&#34;", "ja": "不明なアクション &#34;fly&#34;"} {
		f.judge.get("/language?lang=" + lang + "&back=/")
		r := f.judge.post(f.base, f.base+"/logs", url.Values{"title": {"Broken"}, "body": {bad}})
		expectStatus(t, lang+" pasted log with a bad line", r, 422)
		mustContain(t, lang+" parse error", r.body, `data-testid="parse-error"`, "12", want)
		if strings.Contains(r.body, "unknown action") {
			t.Errorf("%s: the parser's English is on the page", lang)
		}
	}
	f.judge.get("/language?lang=en&back=/")
}

// A log pasted as JSON that Go's decoder refuses is refused in the page's
// language too, naming the line, the action and the field, in our words.
func TestGameLogJSONErrorInGermanAndJapanese(t *testing.T) {
	t.Parallel()
	f := newJudgeFixture(t)
	bad := "{\"setup\":{\"seed\":1,\"players\":[{\"leader\":\"FS01-01\"},{\"leader\":\"FS02-01\"}]},\n\"actions\":[\n{\"player\":\"P1\",\"verb\":\"first\"},\n{\"player\":\"P1\",\"verb\":\"keep\",\"amount\":\"x\"}]}"
	for lang, want := range map[string]string{
		"en": "action 2: &#34;amount&#34; must be a whole number, not &#34;x&#34;",
		"de": "Aktion 2: &#34;amount&#34; muss eine ganze Zahl sein, nicht &#34;x&#34;",
		"ja": "アクション2：&#34;amount&#34; は&#34;x&#34;ではなく、整数でなければなりません",
	} {
		f.judge.get("/language?lang=" + lang + "&back=/")
		r := f.judge.post(f.base, f.base+"/logs", url.Values{"title": {"JSON"}, "body": {bad}})
		expectStatus(t, lang+" pasted JSON log with a wrong value", r, 422)
		mustContain(t, lang+" JSON error", r.body, `data-testid="parse-error"`, html.EscapeString(i18n.T(i18n.WithLanguage(context.Background(), lang), "JudgeLogUnreadableAt", i18n.Args{"Line": 4, "Problem": ""})))
		if !strings.Contains(r.body, want) {
			t.Errorf("%s: the page does not say %q", lang, want)
		}
		if strings.Contains(r.body, "cannot unmarshal") || strings.Contains(r.body, "Go struct") {
			t.Errorf("%s: the JSON decoder's words are on the page", lang)
		}
	}
	f.judge.get("/language?lang=en&back=/")
}

// The examples in the rule lookup's and the deck check's empty fields are
// what a reader of the page's language would type: a Japanese judge sees
// 【ブロッカー】's word and the card names of Japanese cards.
func TestSearchAndDecklistExamplesInThePagesLanguage(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	for _, lang := range []string{"en", "de", "ja"} {
		ctx := i18n.WithLanguage(context.Background(), lang)
		org.get("/language?" + url.Values{"lang": {lang}, "back": {"/"}}.Encode())
		for path, id := range map[string]string{"/rules": "JudgeRulesSearchExample", "/decks/check": "JudgeDecklistExample"} {
			r := org.get(path)
			expectStatus(t, lang+" "+path, r, 200)
			mustContain(t, lang+" "+path, r.body, `placeholder="`+html.EscapeString(i18n.T(ctx, id, nil))+`"`)
		}
	}
	ja := i18n.WithLanguage(context.Background(), "ja")
	for _, id := range []string{"JudgeRulesSearchExample", "JudgeDecklistExample"} {
		if ex := i18n.T(ja, id, nil); strings.Contains(ex, "Goku") || strings.Contains(ex, "Roshi") || strings.Contains(ex, "blocker") {
			t.Errorf("%s in Japanese: %q", id, ex)
		}
	}
}

// The judge console's and the record page's hints are each one sentence
// with its link inside, so every language ends them with its own full
// stop: a Japanese page says 。 after the link, not a Latin ".".
func TestJudgeHintsWithALinkInThePagesLanguage(t *testing.T) {
	t.Parallel()
	f := newJudgeFixture(t)
	page := f.uploadLog(t, f.judge, "Table 9", firstTurnAttack)
	for _, lang := range []string{"en", "de", "ja"} {
		ctx := i18n.WithLanguage(context.Background(), lang)
		for _, c := range []struct{ path, hint, link string }{
			{f.base, "JudgeUploadLogHint", "JudgeHowToWriteLog"},
			{page + "/record", "JudgeRecordLineHint", "JudgeHowToWriteLine"},
		} {
			r, _ := f.judge.getIn(c.path, lang)
			expectStatus(t, lang+" "+c.path, r, 200)
			around := strings.Split(i18n.T(ctx, c.hint, i18n.Args{"Link": "\x00"}), "\x00")
			if len(around) != 2 {
				t.Fatalf("%s %s: the link is not once in %q", lang, c.hint, around)
			}
			link := `<a href="/help/game-log">` + html.EscapeString(i18n.T(ctx, c.link, nil)) + "</a>"
			mustContain(t, lang+" "+c.path, r.body, html.EscapeString(around[0])+link+html.EscapeString(around[1])+"</p>")
			if lang == "ja" && strings.Contains(r.body, "</a>.") {
				t.Errorf("the Japanese %s ends a sentence with a Latin full stop after its link", c.path)
			}
		}
	}
	jaCtx := i18n.WithLanguage(context.Background(), "ja")
	if ja := i18n.T(jaCtx, "JudgeUploadLogHint", i18n.Args{"Link": "L"}); !strings.HasPrefix(ja, "L。") {
		t.Errorf("JudgeUploadLogHint in Japanese: %q", ja)
	}
}
