package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
)

// englishSentences are the pieces of the setup area's English messages
// (split at their placeholders) long enough to be a sentence or a phrase of
// one, so a page can be checked for English left over.
func englishSentences(t *testing.T) []string {
	t.Helper()
	raw, err := os.ReadFile("../views/i18n/messages/setup.en.json")
	if err != nil {
		t.Fatal(err)
	}
	msgs := map[string]json.RawMessage{}
	if err := json.Unmarshal(raw, &msgs); err != nil {
		t.Fatal(err)
	}
	placeholder := regexp.MustCompile(`\{\{[^}]*\}\}`)
	var out []string
	add := func(s string) {
		for _, piece := range placeholder.Split(s, -1) {
			piece = strings.TrimSpace(piece)
			if len(piece) >= 12 && strings.Contains(piece, " ") {
				out = append(out, piece)
			}
		}
	}
	for id, v := range msgs {
		if id == "AdminPageTitle" { // "{{.Title}} · Tenkaichi": the brand is no English
			continue
		}
		var one string
		if json.Unmarshal(v, &one) == nil {
			add(one)
			continue
		}
		forms := map[string]string{}
		if err := json.Unmarshal(v, &forms); err != nil {
			t.Fatal(err)
		}
		for _, f := range forms {
			add(f)
		}
	}
	// Short words of the frame that the length rule above lets through.
	return append(out, "Sign out", "Deck check", "Settings", "Your account", "Password", "Username")
}

// The admin pages (sign-in, first run, Your account, Settings, Stores, a
// store, the error pages and the notices) in German and in Japanese: each
// shows words of its language and no English sentence of its messages.
func TestAdminPagesInGermanAndJapanese(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	english := englishSentences(t)
	noEnglish := func(t *testing.T, what, body string) {
		t.Helper()
		text := pfText(body)
		for _, s := range english {
			if strings.Contains(text, s) {
				t.Errorf("%s: English left: %q\n%s", what, s, text)
			}
		}
	}

	// First run, before anyone is signed in: the browser's language.
	fresh := a.browser()
	r, _ := fresh.getIn("/setup", "ja-JP")
	expectLang(t, "setup", r, "ja")
	mustContain(t, "setup in Japanese", r.body, "Tenkaichiへようこそ", "パスワード（10文字以上）")
	noEnglish(t, "setup in Japanese", r.body)

	org := a.organiser()
	first, err := accounts.New(a.store).FirstShop(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	store := "/stores/" + strconv.FormatInt(first.ID, 10)
	a.signedIn("jill", "judge") // a member to list on the store's page

	cases := []struct {
		lang string
		want map[string][]string // page → texts it must show
	}{
		{"de", map[string][]string{
			"/account":  {"Dein Konto", "Angemeldet als", "(Organisator)", "Sprache des Browsers", "Konto hinzufügen", "Abmelden"},
			"/settings": {"Öffentliche Adresse", "Handys können diese Links nicht öffnen.", "Speichern"},
			"/stores":   {"Läden", "Neuer Laden", "Laden anlegen"},
			store:       {"Mitglieder", "Vorhandenes Konto hinzufügen", "Judge"},
			"/":         {"Gerade ist kein Event offen oder läuft."},
		}},
		{"ja", map[string][]string{
			"/account":  {"あなたのアカウント", "としてサインイン中です。", "ブラウザの言語", "アカウントを追加", "サインアウト"},
			"/settings": {"公開アドレス", "スマートフォンではこれらのリンクを開けません。", "保存"},
			"/stores":   {"店舗", "新しい店舗", "店舗を作成"},
			store:       {"メンバー", "既存のアカウントを追加", "ジャッジ"},
			"/":         {"現在、受付中または開催中のイベントはありません。"},
		}},
	}
	for _, c := range cases {
		t.Run(c.lang, func(t *testing.T) {
			expectStatus(t, "choose "+c.lang, org.get("/language?"+url.Values{"lang": {c.lang}, "back": {"/account"}}.Encode()), http.StatusSeeOther)
			for path, want := range c.want {
				r := org.get(path)
				expectLang(t, path, r, c.lang)
				mustContain(t, path+" in "+c.lang, r.body, want...)
				noEnglish(t, path+" in "+c.lang, r.body)
			}
			// A form error and a notice, in the page's language.
			r := org.post("/account", "/account", url.Values{"display_name": {"Orla"}, "new_password": {"x"}, "current_password": {"wrong"}})
			expectStatus(t, "wrong current password", r, http.StatusUnprocessableEntity)
			noEnglish(t, "account form error", r.body)
			expectRedirect(t, "save account", org.post("/account", "/account", url.Values{"display_name": {"Orla"}}), "/account")
			r = org.get("/account")
			mustContain(t, "notice", r.body, map[string]string{"de": "Dein Konto ist gespeichert.", "ja": "アカウントを保存しました。"}[c.lang])
			// The error pages: an unknown address, a form without its token.
			r = org.get("/no-such-page")
			if r.status != http.StatusNotFound {
				t.Fatalf("404: status %d", r.status)
			}
			mustContain(t, "404", r.body, map[string]string{"de": "Diese Seite gibt es nicht.", "ja": "このページは存在しません。"}[c.lang])
			noEnglish(t, "404", r.body)
			r = org.postRaw("/account", url.Values{"display_name": {"x"}})
			if r.status != http.StatusForbidden {
				t.Fatalf("CSRF: status %d", r.status)
			}
			mustContain(t, "CSRF refusal", r.body, map[string]string{"de": "Das Formular war abgelaufen", "ja": "フォームの有効期限が切れている"}[c.lang])
			noEnglish(t, "CSRF refusal", r.body)
		})
	}

	// Sign-in, and a refused one, in the language chosen on this device.
	visitor := a.browser()
	r, _ = visitor.getIn("/login", "de-DE")
	mustContain(t, "sign-in page", r.body, "Anmelden", "Benutzername", "Passwort")
	noEnglish(t, "sign-in page", r.body)
	visitor.get("/language?lang=ja&back=/login")
	r = visitor.post("/login", "/login", url.Values{"username": {"org"}, "password": {"wrong password"}})
	expectStatus(t, "wrong password", r, http.StatusUnauthorized)
	mustContain(t, "wrong password", r.body, "ユーザー名またはパスワードが違います。")
	noEnglish(t, "wrong password", r.body)
}
