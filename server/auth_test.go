package server_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
)

func TestFirstVisitorSetsUpOrganiser(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	anon := a.browser()
	expectRedirect(t, "home before setup", anon.get("/"), "/setup")
	expectRedirect(t, "login before setup", anon.get("/login"), "/setup")

	bad := anon.post("/setup", "/setup", url.Values{"username": {"o"}, "password": {"short"}, "password2": {"short"}})
	expectStatus(t, "setup with bad fields", bad, http.StatusUnprocessableEntity)
	for _, want := range []string{"Use 2 to 40 characters.", "Use at least 10 characters."} {
		if !strings.Contains(bad.body, want) {
			t.Errorf("setup errors do not say %q", want)
		}
	}
	mismatch := anon.post("/setup", "/setup", url.Values{"username": {"org"}, "password": {testPassword}, "password2": {testPassword + "x"}})
	expectStatus(t, "setup with different passwords", mismatch, http.StatusUnprocessableEntity)

	org := a.organiser()
	if n, _ := accounts.New(a.store).CountUsers(context.Background()); n != 1 {
		t.Fatalf("%d users after setup", n)
	}
	expectStatus(t, "organiser sees events", org.get("/events"), http.StatusOK)

	// Setup is closed for everyone once an account exists.
	late := a.browser()
	expectRedirect(t, "setup after setup", late.get("/setup"), "/login")
	r := late.post("/login", "/setup", url.Values{"username": {"mallory"}, "password": {testPassword}, "password2": {testPassword}})
	expectRedirect(t, "second setup post", r, "/login")
	if n, _ := accounts.New(a.store).CountUsers(context.Background()); n != 1 {
		t.Fatalf("second setup created an account: %d users", n)
	}
}

func TestLoginLogout(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	a.organiser()
	b := a.browser()
	wrong := b.post("/login", "/login", url.Values{"username": {"org"}, "password": {"not the password"}})
	expectStatus(t, "wrong password", wrong, http.StatusUnauthorized)
	if !strings.Contains(wrong.body, "Wrong username or password.") {
		t.Error("wrong password page does not say so")
	}
	expectRedirect(t, "not signed in", b.get("/account"), "/login?next=%2Faccount")

	ok := b.post("/login", "/login", url.Values{"username": {"org"}, "password": {testPassword}, "next": {"/account"}})
	expectRedirect(t, "right password", ok, "/account")
	acct := b.get("/account")
	expectStatus(t, "account page", acct, http.StatusOK)
	if !strings.Contains(acct.body, "Signed in as <strong>org</strong>") {
		t.Error("account page does not name the user")
	}

	out := b.post("/account", "/logout", nil)
	expectRedirect(t, "logout", out, "/")
	expectRedirect(t, "after logout", b.get("/account"), "/login?next=%2Faccount")
}

func TestLoginRedirectStaysOnSite(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	a.organiser()
	b := a.browser()
	r := b.post("/login", "/login", url.Values{"username": {"org"}, "password": {testPassword}, "next": {"//evil.example/x"}})
	expectRedirect(t, "off-site next", r, "/")
}

func TestSessionCookieFlags(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	a.organiser()
	b := a.browser()
	page := b.get("/login")
	m := csrfInput.FindStringSubmatch(page.body)
	req, _ := http.NewRequest(http.MethodPost, a.srv.URL+"/login", strings.NewReader(url.Values{
		"_csrf": {m[1]}, "username": {"org"}, "password": {testPassword}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("X-Forwarded-Proto", "https")
	res, err := b.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	var found bool
	for _, c := range res.Cookies() {
		if c.Name == "tenkaichi_session" {
			found = true
			if !c.HttpOnly || !c.Secure || c.SameSite != http.SameSiteLaxMode {
				t.Errorf("session cookie flags: HttpOnly=%v Secure=%v SameSite=%v", c.HttpOnly, c.Secure, c.SameSite)
			}
		}
	}
	if !found {
		t.Fatal("no session cookie set")
	}
}

func TestLoginAttemptsAreRateLimited(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	a.organiser()
	b := a.browser()
	for i := 0; i < 5; i++ {
		r := b.post("/login", "/login", url.Values{"username": {"org"}, "password": {"guess" + string(rune('a'+i))}})
		expectStatus(t, "failed login", r, http.StatusUnauthorized)
	}
	// Even the right password is refused until the window passes.
	r := b.post("/login", "/login", url.Values{"username": {"org"}, "password": {testPassword}})
	expectStatus(t, "login after 5 failures", r, http.StatusTooManyRequests)
	if !strings.Contains(r.body, "Too many failed sign-ins") {
		t.Error("rate-limited page does not explain")
	}
}

func TestCSRFRejected(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	// A signed-in organiser's browser posting without the token: refused.
	r := org.postRaw("/events", url.Values{"name": {"Forged"}, "game": {"fusion-world"}, "format": {"fw-standard"}, "date": {"2026-12-20"}, "status": {"draft"}})
	expectStatus(t, "post without CSRF token", r, http.StatusForbidden)
	r = org.postRaw("/events", url.Values{"_csrf": {"wrong"}, "name": {"Forged"}})
	expectStatus(t, "post with wrong CSRF token", r, http.StatusForbidden)
	r = org.postRaw("/logout", nil)
	expectStatus(t, "logout without CSRF token", r, http.StatusForbidden)
	es, _ := a.store.Events(context.Background())
	if len(es) != 0 {
		t.Fatalf("forged post created %d events", len(es))
	}
	anon := a.browser()
	r = anon.postRaw("/login", url.Values{"username": {"org"}, "password": {testPassword}})
	expectStatus(t, "login without CSRF token", r, http.StatusForbidden)
}

func TestAccountPasswordChange(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	other := a.browser()
	expectRedirect(t, "second browser login", other.post("/login", "/login", url.Values{"username": {"org"}, "password": {testPassword}}), "/")

	bad := org.post("/account", "/account", url.Values{"display_name": {"Orla"}, "current_password": {"nope"}, "new_password": {"another password"}})
	expectStatus(t, "wrong current password", bad, http.StatusUnprocessableEntity)
	if !strings.Contains(bad.body, "This is not your current password.") {
		t.Error("no field error for current password")
	}
	ok := org.post("/account", "/account", url.Values{"display_name": {"Orla"}, "current_password": {testPassword}, "new_password": {"another password"}})
	expectRedirect(t, "change password", ok, "/account")
	// The other browser's session ended with the password change; this one goes on.
	expectRedirect(t, "other session after password change", other.get("/account"), "/login?next=%2Faccount")
	expectStatus(t, "own session after password change", org.get("/account"), http.StatusOK)
	fresh := a.browser()
	expectRedirect(t, "login with new password", fresh.post("/login", "/login", url.Values{"username": {"org"}, "password": {"another password"}}), "/")
}

func TestOrganiserAddsJudgeAccount(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	r := org.post("/account", "/accounts", url.Values{"username": {"jules"}, "role": {"judge"}, "password": {testPassword}})
	expectRedirect(t, "add judge account", r, "/account")
	dup := org.post("/account", "/accounts", url.Values{"username": {"jules"}, "role": {"judge"}, "password": {testPassword}})
	expectStatus(t, "duplicate account", dup, http.StatusUnprocessableEntity)
	if !strings.Contains(dup.body, "This username is taken.") {
		t.Error("duplicate username not explained")
	}
	badRole := org.post("/account", "/accounts", url.Values{"username": {"kim"}, "role": {"admin"}, "password": {testPassword}})
	expectStatus(t, "unknown role", badRole, http.StatusUnprocessableEntity)

	judge := a.browser()
	expectRedirect(t, "judge login", judge.post("/login", "/login", url.Values{"username": {"jules"}, "password": {testPassword}}), "/")
	r = judge.post("/account", "/accounts", url.Values{"username": {"sneaky"}, "role": {"organiser"}, "password": {testPassword}})
	expectStatus(t, "judge adds account", r, http.StatusForbidden)
}

// A form posted from a sibling subdomain (Sec-Fetch-Site: same-site) is
// refused even with a matching token, since such a site can plant our token
// cookie; the same form from our own origin goes through.
func TestSameSiteOtherOriginPostRefused(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	send := func(fetchSite string) response {
		page := org.get("/events/new")
		m := csrfInput.FindStringSubmatch(page.body)
		if m == nil {
			t.Fatal("no CSRF token on the new event form")
		}
		f := eventForm("Sibling Cup")
		f.Set("_csrf", m[1])
		req, _ := http.NewRequest(http.MethodPost, a.srv.URL+"/events", strings.NewReader(f.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Sec-Fetch-Site", fetchSite)
		return org.do(req)
	}
	expectStatus(t, "post from a sibling origin", send("same-site"), http.StatusForbidden)
	expectStatus(t, "post from another site", send("cross-site"), http.StatusForbidden)
	if es, _ := a.store.Events(context.Background()); len(es) != 0 {
		t.Fatalf("refused posts created %d events", len(es))
	}
	if r := send("same-origin"); r.status != http.StatusSeeOther {
		t.Fatalf("post from our own origin: %d\n%s", r.status, excerpt(r.body))
	}
}
