package server_test

import (
	"encoding/json"
	"html"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"
)

// judgeEnglishSentences are the judge area's English messages that are
// sentences or phrases (three words or more, no placeholder): a page in
// another language shows none of them once the area is translated.
func judgeEnglishSentences(t *testing.T) []string {
	t.Helper()
	raw, err := os.ReadFile("../views/i18n/messages/judge.en.json")
	if err != nil {
		t.Fatal(err)
	}
	var msgs map[string]json.RawMessage
	if err := json.Unmarshal(raw, &msgs); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, v := range msgs {
		var s string
		if json.Unmarshal(v, &s) != nil || strings.Contains(s, "{{") || len(strings.Fields(s)) < 3 {
			continue
		}
		out = append(out, s)
	}
	if len(out) < 50 {
		t.Fatalf("only %d English sentences in judge.en.json", len(out))
	}
	return out
}

// The judge's pages (console, a log's step, the record page, the rulings
// lookup and a rule, the game-log help, cards and ban lists, the deck
// check, the metagame) in German and Japanese: in the page's language, and
// no English sentence of the judge area left on them.
func TestJudgePagesInGermanAndJapanese(t *testing.T) {
	f := newJudgeFixture(t)
	page := f.uploadLog(t, f.judge, "Table 4", firstTurnAttack)
	r := f.judge.post(page+"?step=5", f.base+"/rulings", url.Values{"log": {strings.TrimPrefix(page, f.base+"/logs/")},
		"step": {"5"}, "rule": {"CR 7-3-4-3-1"}, "note": {"Attack taken back."}, "penalty": {"warning"},
		"entry": {strconv.FormatInt(f.entry.ID, 10)}, "infraction": {"GRV"}})
	expectStatus(t, "ruling", r, http.StatusSeeOther)
	english := judgeEnglishSentences(t)
	pages := []struct {
		name, path string
		b          *browser
	}{
		{"console", f.base, f.judge},
		{"log step 5", page + "?step=5", f.judge},
		{"log step 4", page + "?step=4", f.judge},
		{"log step 0", page + "?step=0", f.judge},
		{"record", page + "/record", f.judge},
		{"rules lookup", "/rules", f.judge},
		{"rules search", "/rules?q=blocker", f.judge},
		{"rule", "/rules/blocker", f.judge},
		{"game-log help", "/help/game-log", f.judge},
		{"cards", "/cards", f.org},
		{"deck check", "/decks/check", f.org},
		{"metagame", "/events/" + strconv.FormatInt(f.event.ID, 10) + "/metagame", f.org},
	}
	want := map[string]map[string][]string{
		"de": {
			"console":       {"Judge-Konsole", "Spielprotokolle", "Verwarnung für Ana: GRV", "Entscheidung erfassen"},
			"log step 5":    {"Erste unerlaubte Aktion.", "Die Wiedergabe überspringt sie und läuft weiter.", "Schritt 5 von 6"},
			"log step 4":    {"Zug 1, P2 Ben, Ladephase", "Leben", "Drop-Zone"},
			"record":        {"Nächste Aktion (eine Zeile der Notation)", "Letzte Aktionen"},
			"rules lookup":  {"Alle Regeln und Schlüsselwörter"},
			"game-log help": {"Ein Spielprotokoll schreiben", "Ein <code>#</code> leitet einen Kommentar ein."},
			"cards":         {"Karten und Bannlisten", "Gültig ab"},
			"deck check":    {"Datum des Events (bestimmt die gültige Bannliste)"},
			"metagame":      {"Metagame: Judged Cup", "Gespielte Anführer", "Keine Deckliste"},
		},
		"ja": {
			"console":       {"ジャッジコンソール", "ゲームログ", "Anaに警告：GRV", "裁定を記録"},
			"log step 5":    {"最初の違反アクション。", "再生ではこれを飛ばして続けます。", "ステップ 5 / 6"},
			"log step 4":    {"ターン1、P2 Ben、チャージフェイズ", "ライフ", "ドロップ"},
			"record":        {"次のアクション（記法の1行）", "直近のアクション"},
			"rules lookup":  {"すべてのルールとキーワード"},
			"game-log help": {"ゲームログを書く", "<code>#</code>から後はコメントです。"},
			"cards":         {"カードと禁止・制限リスト", "適用開始日"},
			"deck check":    {"イベント日（有効な禁止・制限リストを決めます）"},
			"metagame":      {"メタゲーム：Judged Cup", "使用されたリーダー", "デッキリストなし"},
		},
	}
	for _, lang := range []string{"de", "ja"} {
		for _, p := range pages {
			r, _ := p.b.getIn(p.path, lang)
			what := lang + " " + p.name
			expectLang(t, what, r, lang)
			mustContain(t, what, r.body, want[lang][p.name]...)
			text := html.UnescapeString(r.body)
			for _, s := range english {
				if strings.Contains(text, s) {
					t.Errorf("%s: English left: %q", what, s)
				}
			}
		}
	}
	// English stays English.
	r, _ = f.judge.getIn(page+"?step=5", "en")
	mustContain(t, "en log step 5", r.body, "First illegal action.", "The replay skips it and goes on.")
}
