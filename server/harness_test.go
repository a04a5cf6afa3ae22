package server_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"path"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/server"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
	"golang.org/x/crypto/bcrypt"
)

// app is a real server on a real database (SQLite or PostgreSQL, as the test
// run chooses) behind a real HTTP listener.
type app struct {
	t      *testing.T
	store  *storage.Store
	srv    *httptest.Server
	server *server.Server
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
	hs := httptest.NewServer(postRedirectGet(t, s.Handler()))
	t.Cleanup(hs.Close)
	return &app{t: t, store: st, srv: hs, server: s}
}

// postRedirectGet fails the test when a POST is answered with a page (2xx):
// every form answers with a redirect to a GET page (post/redirect/get), or
// with the form again and its errors under a 4xx status, so a reload or a
// live update never sends a form twice. Every test that sends a form through
// an app checks this on the way.
func postRedirectGet(t *testing.T, h http.Handler) http.Handler {
	var mu sync.Mutex
	var wrong []string
	t.Cleanup(func() { // after the server has closed (cleanups run last first)
		mu.Lock()
		defer mu.Unlock()
		for _, w := range wrong {
			t.Error(w)
		}
	})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || answersWithPage(r.URL.Path) {
			h.ServeHTTP(w, r)
			return
		}
		sw := &statusWriter{ResponseWriter: w}
		h.ServeHTTP(sw, r)
		if sw.status >= 200 && sw.status < 300 {
			mu.Lock()
			wrong = append(wrong, fmt.Sprintf("POST %s answered %d with a page: answer with a redirect to a GET page, or with the form and its errors under a 4xx status", r.URL.Path, sw.status))
			mu.Unlock()
		}
	})
}

// postAnswersWithPage are the forms whose answer is a page by design.
var postAnswersWithPage = map[string]bool{
	// The deck checker stores nothing, and a decklist is private until the
	// organiser publishes the lists: a GET would put it in the browser's
	// history and a proxy's logs. Sending it again only checks it again.
	"/decks/check": true,
	// A new store token is shown once, in the answer to the form that made
	// it: a GET would need the secret in its address or kept on a server.
	"/stores/*/tokens": true,
	// A push is no form: the API answers with JSON (201 created, 200
	// already there).
	"/api/v1/push": true,
}

// answersWithPage: the path matches a pattern of postAnswersWithPage.
func answersWithPage(p string) bool {
	for pattern := range postAnswersWithPage {
		if ok, _ := path.Match(pattern, p); ok {
			return true
		}
	}
	return false
}

type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

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

// expectBackToRound checks that a result entered on the round page leads
// back to that round's page (which then puts the focus on the next table).
func expectBackToRound(t *testing.T, what string, r response, round string) {
	t.Helper()
	u, err := url.Parse(r.location)
	if r.status != http.StatusSeeOther || err != nil || u.Path != round || u.Query().Get("next") == "" {
		t.Fatalf("%s: got %d to %q, want 303 to %s?next=…\n%s", what, r.status, r.location, round, excerpt(r.body))
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

// signedIn creates an account in the first store (as the account page does
// on a one-store installation) and signs it in.
func (a *app) signedIn(username, role string) *browser {
	a.t.Helper()
	first, err := accounts.New(a.store).FirstShop(context.Background())
	if err != nil {
		a.t.Fatal(err)
	}
	return a.signedInAt(username, role, first.ID)
}

// signedInAt creates an account that belongs to the given stores (none:
// an account of no store) and signs it in.
func (a *app) signedInAt(username, role string, storeIDs ...int64) *browser {
	a.t.Helper()
	ctx := context.Background()
	hash, _ := bcrypt.GenerateFromPassword([]byte(testPassword), bcrypt.MinCost)
	u := &storage.User{Username: username, PasswordHash: string(hash), Role: role}
	if err := accounts.New(a.store).CreateUser(ctx, u); err != nil {
		a.t.Fatal(err)
	}
	for _, id := range storeIDs {
		if err := accounts.New(a.store).AddShopMember(ctx, storage.Actor{Name: "test"}, id, u.ID); err != nil {
			a.t.Fatal(err)
		}
	}
	b := a.browser()
	r := b.post("/login", "/login", url.Values{"username": {username}, "password": {testPassword}})
	expectRedirect(a.t, "login "+username, r, "/")
	return b
}
