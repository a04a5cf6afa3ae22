package server_test

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
)

// getIn is a GET from a browser whose language setting is accept; it gives
// the answer's headers too.
func (b *browser) getIn(path, accept string) (response, http.Header) {
	b.t.Helper()
	req, _ := http.NewRequest(http.MethodGet, b.app.srv.URL+path, nil)
	if accept != "" {
		req.Header.Set("Accept-Language", accept)
	}
	res, err := b.http.Do(req)
	if err != nil {
		b.t.Fatalf("GET %s: %v", path, err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return response{status: res.StatusCode, body: string(body), location: res.Header.Get("Location")}, res.Header
}

var htmlLang = regexp.MustCompile(`<html lang="([^"]*)"`)

// pageLang is the <html lang> of a page, failing the test on a page
// without one.
func pageLang(t *testing.T, what string, r response) string {
	t.Helper()
	if r.status != http.StatusOK {
		t.Fatalf("%s: status %d\n%s", what, r.status, excerpt(r.body))
	}
	m := htmlLang.FindStringSubmatch(r.body)
	if m == nil {
		t.Fatalf("%s: no <html lang>\n%s", what, excerpt(r.body))
	}
	return m[1]
}

func expectLang(t *testing.T, what string, r response, want string) {
	t.Helper()
	if got := pageLang(t, what, r); got != want {
		t.Errorf("%s: <html lang=%q>, want %q", what, got, want)
	}
}

// A player's phone follows the browser's Accept-Language until the player
// chooses with the selector (a cookie, which then wins); a signed-in
// organiser's account language wins over the browser's on every device
// they sign in on (signing in puts the device in it; the selector still
// changes that device afterwards); print sheets and the projector are in
// the event's language whoever opens them.
func TestLanguageNegotiationOverHTTP(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "0", "Ann", "Ben")
	link := d.links["Ann"]

	phone := a.browser()
	for accept, want := range map[string]string{
		"de-DE,de;q=0.9,en;q=0.8": "de", "ja-JP": "ja", "pt-BR,pt;q=0.9": "pt-BR", "fr-CA": "fr",
		"zh-CN,zh;q=0.9": "en", "": "en", "nl,it;q=0.5": "it",
	} {
		r, h := phone.getIn(link, accept)
		expectLang(t, "phone with Accept-Language "+accept, r, want)
		if h.Get("Content-Language") != want {
			t.Errorf("Accept-Language %q: Content-Language %q, want %q", accept, h.Get("Content-Language"), want)
		}
	}
	// The selector is on the page, labelled in the page's language, with
	// every language named in itself and the page's selected.
	r, _ := phone.getIn(link, "de-DE")
	for _, want := range []string{`<label for="site-language">Sprache</label>`, `lang="ja">日本語</option>`,
		`<option value="de" lang="de" selected>Deutsch</option>`, `value="en" lang="en">English</option>`,
		`name="back" value="` + link + `"`} {
		if !strings.Contains(r.body, want) {
			t.Errorf("German phone page lacks %s", want)
		}
	}

	// The player picks Français: it sticks over the browser's German.
	choose := func(b *browser, lang, back string) response {
		return b.get("/language?" + url.Values{"lang": {lang}, "back": {back}}.Encode())
	}
	expectRedirect(t, "choose French", choose(phone, "fr", link), link)
	r, _ = phone.getIn(link, "de-DE,de;q=0.9")
	expectLang(t, "phone after choosing French", r, "fr")
	r, _ = phone.getIn(d.path+"/standings", "de-DE")
	expectLang(t, "another page after choosing French", r, "fr")
	// A language the server does not offer is refused, and changes nothing.
	expectStatus(t, "choose Klingon", choose(phone, "tlh", link), http.StatusBadRequest)
	r, _ = phone.getIn(link, "de-DE")
	expectLang(t, "phone after a refused choice", r, "fr")
	// The return address stays on this site.
	for _, back := range []string{"//evil.example/x", "https://evil.example/", "/\\evil.example", "javascript:alert(1)", ""} {
		expectRedirect(t, "back "+back, choose(phone, "fr", back), "/")
	}
	// The selector works on the public standings too, a page rendered once
	// for every visitor (so it carries no token): in the chosen language.
	visitor := a.browser()
	r, _ = visitor.getIn(d.path+"/standings", "ja")
	expectLang(t, "public standings, Japanese browser", r, "ja")
	if !strings.Contains(r.body, `<form method="get" action="/language"`) || !strings.Contains(r.body, `name="back" value="`+d.path+`/standings"`) {
		t.Errorf("public standings lack the selector:\n%s", excerpt(r.body))
	}
	r, _ = visitor.getIn(d.path+"/standings", "it")
	expectLang(t, "public standings, Italian browser", r, "it")

	// Staff: the account's language is stored and wins over the browser on
	// a device they sign in on.
	expectStatus(t, "account language without a token", org.postRaw("/account/language", url.Values{"lang": {"ja"}}), http.StatusForbidden)
	expectStatus(t, "account language nobody offers", org.post("/account", "/account/language", url.Values{"lang": {"tlh"}}), http.StatusBadRequest)
	expectRedirect(t, "account language", org.post("/account", "/account/language", url.Values{"lang": {"ja"}}), "/account")
	u, err := accounts.New(a.store).UserByUsername(context.Background(), "org")
	if err != nil {
		t.Fatal(err)
	}
	if u.Language != "ja" {
		t.Fatalf("account language stored as %q", u.Language)
	}
	laptop := a.browser()
	expectRedirect(t, "sign in on a second device", laptop.post("/login", "/login",
		url.Values{"username": {"org"}, "password": {testPassword}}), "/")
	r, _ = laptop.getIn("/events", "de-DE,de;q=0.9")
	expectLang(t, "organiser's laptop with a German browser", r, "ja")
	if got := languageCookieOf(laptop); got != "ja" {
		t.Errorf("signing in set the laptop's language cookie to %q, want the account's ja", got)
	}
	r, _ = laptop.getIn("/account", "de-DE")
	if !strings.Contains(r.body, `<option value="ja" selected>日本語</option>`) {
		t.Errorf("account page does not show the account's language:\n%s", excerpt(r.body))
	}
	// A choice with the selector on this laptop wins over the account here.
	expectRedirect(t, "laptop chooses Italian", laptop.get("/language?lang=it&back=/events"), "/events")
	r, _ = laptop.getIn("/events", "de-DE")
	expectLang(t, "laptop after choosing Italian", r, "it")
	// "The browser's language" forgets the account's choice, and this
	// device's.
	expectRedirect(t, "account follows the browser", laptop.post("/account", "/account/language", url.Values{"lang": {""}}), "/account")
	r, _ = laptop.getIn("/events", "de-DE,de;q=0.9")
	expectLang(t, "organiser following the browser", r, "de")
	// The change is audited.
	audit, err := a.store.AuditLogFor(context.Background(), "user", u.ID)
	if err != nil {
		t.Fatal(err)
	}
	var changes []string
	for _, row := range audit {
		if strings.Contains(row.AfterJSON, `"language"`) {
			changes = append(changes, row.BeforeJSON+"→"+row.AfterJSON)
		}
	}
	if strings.Join(changes, " ") != `{"language":"ja"}→{"language":""} {"language":""}→{"language":"ja"}` {
		t.Errorf("audit of the account's language: %v", changes)
	}

	// The event: German print sheets and projector, Tokyo time.
	f := eventForm("Saturday Cup")
	f.Set("top_cut_size", "0")
	f.Set("player_cap", "")
	f.Set("status", "running")
	f.Set("language", "de")
	f.Set("time_zone", "Asia/Tokyo")
	f.Set("deck_deadline", "2026-12-20T09:30")
	ev, err := a.store.EventByID(context.Background(), d.id)
	if err != nil {
		t.Fatal(err)
	}
	f.Set("version", strconv.Itoa(ev.Version))
	expectRedirect(t, "event language", org.post(d.path+"/edit", d.path, f), d.path)
	ev, err = a.store.EventByID(context.Background(), d.id)
	if err != nil {
		t.Fatal(err)
	}
	if ev.Language != "de" || ev.TimeZone != "Asia/Tokyo" {
		t.Fatalf("event language %q, zone %q", ev.Language, ev.TimeZone)
	}
	// The deadline was typed in the event's zone: 09:30 in Tokyo is 00:30 UTC.
	if ev.DeckDeadline == nil || !ev.DeckDeadline.Equal(time.Date(2026, 12, 20, 0, 30, 0, 0, time.UTC)) {
		t.Errorf("deadline stored as %v, want 00:30 UTC", ev.DeckDeadline)
	}
	r, _ = org.getIn(d.path+"/edit", "")
	if !strings.Contains(r.body, `value="2026-12-20T09:30"`) {
		t.Errorf("the edit form does not give the deadline back in the event's zone")
	}
	r, _ = org.getIn(d.path, "")
	if !regexp.MustCompile(`data-testid="time-zone">Asia/Tokyo \(JST\)<`).MatchString(r.body) {
		t.Errorf("event page does not show the time zone:\n%s", excerpt(r.body))
	}
	// The phone (in French) shows the deadline in the event's zone.
	r, _ = phone.getIn(link, "")
	if !strings.Contains(r.body, "09:30 JST") || !strings.Contains(r.body, "20 décembre 2026") {
		t.Errorf("French phone page does not show the deadline as 20 décembre 2026 … 09:30 JST:\n%s", excerpt(r.body))
	}
	// The projector (public) and a print sheet follow the event, not the
	// reader: a French phone, an organiser in German.
	r, _ = phone.getIn(d.path+"/projector", "fr")
	expectLang(t, "projector on a French phone", r, "de")
	r, _ = laptop.getIn(d.path+"/print/registration", "ja")
	expectLang(t, "registration poster", r, "de")
	if !strings.Contains(r.body, "20. Dezember 2026") || !strings.Contains(r.body, " JST") {
		t.Errorf("poster lacks the German date or the zone of its printing time:\n%s", excerpt(r.body))
	}
	// A zone or language that does not exist is named as the problem.
	f.Set("version", strconv.Itoa(ev.Version))
	f.Set("time_zone", "Mars/Olympus_Mons")
	f.Set("language", "tlh")
	r = org.post(d.path+"/edit", d.path, f)
	expectStatus(t, "bad zone and language", r, http.StatusUnprocessableEntity)
	// The organiser's device keeps the account's Japanese (saved on it
	// above), and the form's problems are in it too.
	for _, want := range []string{`id="time_zone-error">「Mars/Olympus_Mons」というタイムゾーンはありません`, `id="language-error">リストから言語を選んでください。`} {
		if !strings.Contains(r.body, want) {
			t.Errorf("event form lacks %s", want)
		}
	}
	if ev2, _ := a.store.EventByID(context.Background(), d.id); ev2.Version != ev.Version || ev2.TimeZone != "Asia/Tokyo" {
		t.Errorf("a refused form changed the event")
	}
}

// languageCookieOf is the language b keeps for the site (the selector's
// cookie), "" for none.
func languageCookieOf(b *browser) string {
	u, _ := url.Parse(b.app.srv.URL)
	for _, c := range b.http.Jar.Cookies(u) {
		if c.Name == "tenkaichi_lang" {
			return c.Value
		}
	}
	return ""
}

// A store's shared tablet: a player chose French on it with the selector;
// a judge whose account is in Japanese signs in and gets Japanese, not the
// player's French (signing in puts the device in the account's language).
// An account that follows the browser leaves the device's choice alone.
func TestSigningInTakesTheAccountsLanguage(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	a.organiser() // "org", whose account follows the browser
	judge := a.signedIn("kenji", "judge")
	expectRedirect(t, "judge's account language", judge.post("/account", "/account/language", url.Values{"lang": {"ja"}}), "/account")

	tablet := a.browser()
	expectRedirect(t, "a player chooses French", tablet.get("/language?lang=fr&back=/login"), "/login")
	r, _ := tablet.getIn("/login", "de-DE")
	expectLang(t, "tablet after the player chose French", r, "fr")

	expectRedirect(t, "the judge signs in on the tablet", tablet.post("/login", "/login",
		url.Values{"username": {"kenji"}, "password": {testPassword}}), "/")
	if got := languageCookieOf(tablet); got != "ja" {
		t.Errorf("tablet's language cookie after the judge signed in = %q, want ja", got)
	}
	for _, path := range []string{"/account", "/rules", "/decks/check"} {
		r, _ = tablet.getIn(path, "de-DE")
		expectLang(t, "tablet with the judge signed in, "+path, r, "ja")
	}
	// The judge signs out; the tablet stays in Japanese until someone
	// chooses, as any device keeps its language.
	expectRedirect(t, "the judge signs out", tablet.post("/account", "/logout", nil), "/")
	r, _ = tablet.getIn("/login", "de-DE")
	expectLang(t, "tablet after the judge signed out", r, "ja")
	expectRedirect(t, "a player chooses Italian", tablet.get("/language?lang=it&back=/login"), "/login")

	// The organiser's account has no language: signing in keeps Italian.
	expectRedirect(t, "the organiser signs in on the tablet", tablet.post("/login", "/login",
		url.Values{"username": {"org"}, "password": {testPassword}}), "/")
	if got := languageCookieOf(tablet); got != "it" {
		t.Errorf("tablet's language cookie after an account without a language signed in = %q, want it", got)
	}
	r, _ = tablet.getIn("/events", "de-DE")
	expectLang(t, "tablet with the organiser signed in", r, "it")
}
