package server_test

import (
	"context"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/server"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
	"golang.org/x/crypto/bcrypt"
)

// app is a real server on a real database (SQLite or PostgreSQL, as the test
// run chooses) behind a real HTTP listener.
type app struct {
	t     *testing.T
	store *storage.Store
	srv   *httptest.Server
}

func newApp(t *testing.T) *app { return newAppWith(t, nil) }

// newAppWith is newApp with a configuration change (nil for none).
func newAppWith(t *testing.T, change func(*server.Config)) *app {
	t.Helper()
	st := storagetest.New(t)
	cfg := server.Config{Store: st, BcryptCost: bcrypt.MinCost}
	if change != nil {
		change(&cfg)
	}
	s := server.New(cfg)
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(hs.Close)
	return &app{t: t, store: st, srv: hs}
}

// browser is one visitor with its own cookies. It does not follow
// redirects, so tests see every 303.
type browser struct {
	t    *testing.T
	app  *app
	http *http.Client
}

func (a *app) browser() *browser {
	jar, _ := cookiejar.New(nil)
	return &browser{t: a.t, app: a, http: &http.Client{
		Jar:           jar,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}
}

type response struct {
	status   int
	body     string
	location string
}

func (b *browser) do(req *http.Request) response {
	b.t.Helper()
	res, err := b.http.Do(req)
	if err != nil {
		b.t.Fatalf("%s %s: %v", req.Method, req.URL, err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return response{status: res.StatusCode, body: string(body), location: res.Header.Get("Location")}
}

func (b *browser) get(path string) response {
	b.t.Helper()
	req, _ := http.NewRequest(http.MethodGet, b.app.srv.URL+path, nil)
	return b.do(req)
}

// postRaw sends a form exactly as given (no CSRF token added).
func (b *browser) postRaw(path string, form url.Values) response {
	b.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, b.app.srv.URL+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return b.do(req)
}

var csrfInput = regexp.MustCompile(`name="_csrf" value="([^"]+)"`)

// post submits a form the way a browser does: it first loads formPage to get
// the CSRF token the form carries.
func (b *browser) post(formPage, path string, form url.Values) response {
	b.t.Helper()
	page := b.get(formPage)
	m := csrfInput.FindStringSubmatch(page.body)
	if m == nil {
		b.t.Fatalf("no CSRF token on %s (status %d)", formPage, page.status)
	}
	if form == nil {
		form = url.Values{}
	}
	form.Set("_csrf", m[1])
	return b.postRaw(path, form)
}

func expectStatus(t *testing.T, what string, r response, want int) {
	t.Helper()
	if r.status != want {
		t.Fatalf("%s: status %d, want %d\n%s", what, r.status, want, excerpt(r.body))
	}
}

func expectRedirect(t *testing.T, what string, r response, to string) {
	t.Helper()
	if r.status != http.StatusSeeOther || r.location != to {
		t.Fatalf("%s: got %d to %q, want 303 to %q\n%s", what, r.status, r.location, to, excerpt(r.body))
	}
}

func excerpt(s string) string {
	if i := strings.Index(s, "<main>"); i >= 0 {
		s = s[i:]
	}
	if len(s) > 1500 {
		s = s[:1500]
	}
	return s
}

const testPassword = "correct horse battery"

// organiser completes first-run setup and returns the signed-in browser.
func (a *app) organiser() *browser {
	a.t.Helper()
	b := a.browser()
	r := b.post("/setup", "/setup", url.Values{"username": {"org"}, "display_name": {"Orla Organiser"},
		"password": {testPassword}, "password2": {testPassword}})
	expectRedirect(a.t, "setup", r, "/events")
	return b
}

// account creates an account directly in the store and signs it in.
func (a *app) signedIn(username, role string) *browser {
	a.t.Helper()
	hash, _ := bcrypt.GenerateFromPassword([]byte(testPassword), bcrypt.MinCost)
	u := &storage.User{Username: username, PasswordHash: string(hash), Role: role}
	if err := a.store.CreateUser(context.Background(), u); err != nil {
		a.t.Fatal(err)
	}
	b := a.browser()
	r := b.post("/login", "/login", url.Values{"username": {username}, "password": {testPassword}})
	expectRedirect(a.t, "login "+username, r, "/")
	return b
}
