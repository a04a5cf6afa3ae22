package server_test

import (
	"context"
	"encoding/json"
	"html"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"github.com/tenkaichi-org/tenkaichi/storage"
)

// phoneEnglish is the English text of every phone message (Phone…), and of
// every message the language's files translate, unless the language says
// it the same way, for the messages that are a phrase (a lone word such as
// "Drop" may be the language's own word too) and have no placeholder: the
// sentences that must not be left in English on a phone page in lang.
func phoneEnglish(t *testing.T, lang string) []string {
	t.Helper()
	read := func(lang string) map[string]any {
		names, err := filepath.Glob("../views/i18n/messages/*." + lang + ".json")
		if err != nil || len(names) == 0 {
			t.Fatalf("message files of %s: %v %v", lang, names, err)
		}
		all := map[string]any{}
		for _, name := range names {
			b, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			m := map[string]any{}
			if err := json.Unmarshal(b, &m); err != nil {
				t.Fatal(name, err)
			}
			for id, v := range m {
				all[id] = v
			}
		}
		return all
	}
	english, translated := read("en"), read(lang)
	ids := map[string]bool{}
	for id := range english {
		if strings.HasPrefix(id, "Phone") {
			ids[id] = true // the phone's own, translated or not
		}
	}
	for id := range translated {
		ids[id] = true
	}
	var out []string
	for id := range ids {
		tr := translated[id]
		en, plain := english[id].(string)
		// A phrase is English words: punctuation alone (a list's ", ") is
		// no language's.
		if !plain || en == tr || !strings.Contains(en, " ") || strings.Contains(en, "{{") || !strings.ContainsFunc(en, unicode.IsLetter) {
			continue
		}
		out = append(out, en)
	}
	if len(out) < 50 {
		t.Fatalf("%s: only %d English phrases to look for", lang, len(out))
	}
	return out
}

// expectNoEnglish fails on an English phrase of the phone's messages left
// on a page in another language.
func expectNoEnglish(t *testing.T, what, body string, english []string) {
	t.Helper()
	for _, en := range english {
		if strings.Contains(body, en) || strings.Contains(body, html.EscapeString(en)) {
			t.Errorf("%s: English left: %q", what, en)
		}
	}
}

func expectAll(t *testing.T, what, body string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(body, w) {
			t.Errorf("%s: no %q\n%s", what, w, excerpt(body))
		}
	}
}

// The phone pages in German and Japanese: the player's page with a
// pairing, with a report to confirm and with a bye, the game tracker's
// start, the registration page and the projector (in the event's
// language) carry no English sentence of the phone's messages, and say
// what they say in the page's language.
func TestPhonePagesInGermanAndJapanese(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "0", "Ann", "Ben", "Cal")
	ctx := context.Background()
	ev, _ := a.store.EventByID(ctx, d.id)
	ev.SelfRegistration = true
	ev.Status = storage.StatusRegistration
	if err := a.store.UpdateEvent(ctx, storage.Actor{Name: "test"}, ev); err != nil {
		t.Fatal(err)
	}
	anon := a.browser()
	register := d.path + "/register"
	reg := map[string]response{}
	for _, lang := range []string{"de", "ja"} {
		reg[lang], _ = anon.getIn(register, lang)
	}
	d.pairAndPublish(1)

	// One of the three has the bye; of the other two, the opponent reports
	// first and "me" has a result to confirm.
	var bye, me, opponent string
	for _, name := range []string{"Ann", "Ben", "Cal"} {
		page := d.phone(name).get(d.links[name])
		switch {
		case strings.Contains(page.body, `data-testid="my-table"`) && me == "":
			me = name
		case strings.Contains(page.body, `data-testid="my-table"`):
			opponent = name
		default:
			bye = name
		}
	}
	if bye == "" || me == "" || opponent == "" {
		t.Fatalf("round 1: bye %q, paired %q and %q", bye, me, opponent)
	}
	mine := d.phone(me)
	d.report(d.phone(opponent), opponent, "won")

	want := map[string]struct{ reg, match, confirm, bye, tracker, projector []string }{
		"de": {
			reg:       []string{"Anmeldung: Saturday Cup", "Dein Name", "Mitgliedsnummer (freiwillig)", ">Anmelden<"},
			match:     []string{"Gegner: <strong", "Deine Deckliste", "Deckliste einfügen", "Prüfen und speichern", "Judge rufen", "Vom Turnier abmelden (Drop)", "Restzeit:", "Runde 1"},
			confirm:   []string{opponent + " hat ein Ergebnis gemeldet: Bestätige es oder melde, was passiert ist.", "Bestätigen: Du hast verloren", "Ich habe gewonnen", "Unentschieden"},
			bye:       []string{"Du hast in dieser Runde ein Freilos."},
			tracker:   []string{"Spiel-Tracker", "Zurück zu deinem Match", "Dein Anführer (Kartennummer)", "Spiel-Tracker starten"},
			projector: []string{"Paarungen nach Namen · Runde 1", "Tisch <span class=\"pn-value\">"},
		},
		"ja": {
			reg:       []string{"Saturday Cupに参加登録", "お名前", "会員番号（任意）", ">登録する<"},
			match:     []string{"対戦相手：<strong", "あなたのデッキリスト", "デッキリストを貼り付け", "チェックして保存", "ジャッジを呼ぶ", "大会からドロップする", "残り時間：", "ラウンド1"},
			confirm:   []string{opponent + "さんが結果を報告しました。確認するか、実際の結果を報告してください。", "確認する：あなたの負け", "勝ち", "引き分け"},
			bye:       []string{"このラウンドは不戦勝（Bye）です。"},
			tracker:   []string{"ゲームトラッカー", "対戦ページに戻る", "あなたのリーダー（カード番号）", "ゲームトラッカーを始める"},
			projector: []string{"名前順の対戦組み合わせ · ラウンド1", "<span class=\"pn-value\">"},
		},
	}
	for lang, w := range want {
		english := phoneEnglish(t, lang)
		check := func(what string, r response, texts []string) {
			t.Helper()
			expectLang(t, what, r, lang)
			expectAll(t, what, r.body, texts...)
			expectNoEnglish(t, what, r.body, english)
		}
		check(lang+" registration", reg[lang], w.reg)
		r, _ := mine.getIn(d.links[me], lang)
		check(lang+" the page with a result to confirm", r, append(append([]string{}, w.match...), w.confirm...))
		r, _ = d.phone(bye).getIn(d.links[bye], lang)
		check(lang+" the bye's page", r, w.bye)
		r, _ = mine.getIn(d.links[me]+"/game", lang)
		check(lang+" tracker start", r, w.tracker)

		// The projector is in the event's language, whoever looks.
		ev, _ := a.store.EventByID(ctx, d.id)
		ev.Language = lang
		if err := a.store.UpdateEvent(ctx, storage.Actor{Name: "test"}, ev); err != nil {
			t.Fatal(err)
		}
		r, _ = anon.getIn(d.path+"/projector?view=pairings", "en")
		check(lang+" projector", r, w.projector)
	}
	// The same pages in English still read as before.
	r, _ := mine.getIn(d.links[me], "")
	expectAll(t, "English page", r.body, opponent+" reported a result: confirm it, or report what happened.", "Your decklist")
}
