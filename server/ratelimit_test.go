package server_test

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/server"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
	"golang.org/x/crypto/bcrypt"
)

// guess asks for a wrong player link, with X-Forwarded-For set when xff is
// not empty.
func guess(t *testing.T, b *browser, base string, i int, xff string) response {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, base+"/p/guess"+strconv.Itoa(i), nil)
	if xff != "" {
		req.Header.Set("X-Forwarded-For", xff)
	}
	return b.do(req)
}

// A client cannot dodge the wrong-link limit by claiming another address in
// a forwarding header: without trusted proxies the header is ignored.
func TestForwardedForIsIgnoredWithoutTrustedProxies(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	a.organiser() // past first-run setup, which redirects every page
	b := a.browser()
	var last response
	for i := 0; i < 40; i++ {
		last = guess(t, b, a.srv.URL, i, "203.0.113."+strconv.Itoa(i+1))
	}
	expectStatus(t, "guessing with a new X-Forwarded-For each time", last, http.StatusTooManyRequests)
	if last.status == http.StatusTooManyRequests && b.do(mustGet(t, a.srv.URL+"/p/again")).status != http.StatusTooManyRequests {
		t.Error("the limit did not hold for the next request")
	}
}

// Behind a trusted proxy the client is the address the proxy names, so one
// guessing client is stopped and the other clients of the proxy are not.
func TestTrustedProxyNamesTheClient(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	a.organiser() // past first-run setup, which redirects every page
	_, loopback, _ := net.ParseCIDR("127.0.0.0/8")
	s := server.New(server.Config{Store: a.store, BcryptCost: bcrypt.MinCost, TrustedProxies: []*net.IPNet{loopback}})
	proxied := httptest.NewServer(s.Handler())
	t.Cleanup(proxied.Close)
	b := a.browser()
	var last response
	for i := 0; i < 40; i++ {
		last = guess(t, b, proxied.URL, i, "198.51.100.7")
	}
	expectStatus(t, "one client guessing through the proxy", last, http.StatusTooManyRequests)
	expectStatus(t, "another client of the same proxy", guess(t, b, proxied.URL, 99, "198.51.100.8"), http.StatusNotFound)
	// A client cannot put a trusted-looking address in front of its own:
	// the nearest untrusted address counts.
	expectStatus(t, "spoofed chain", guess(t, b, proxied.URL, 100, "198.51.100.9, 198.51.100.7"), http.StatusTooManyRequests)
}

// The count is in the database: misses seen by one instance slow the address
// down on every instance of the same database.
func TestWrongLinkLimitIsSharedByInstances(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	a.organiser() // past first-run setup, which redirects every page
	other := httptest.NewServer(server.New(server.Config{Store: a.store, BcryptCost: bcrypt.MinCost}).Handler())
	t.Cleanup(other.Close)
	b := a.browser()
	for i := 0; i < 30; i++ {
		expectStatus(t, "wrong link on the first instance", guess(t, b, a.srv.URL, i, ""), http.StatusNotFound)
	}
	r := guess(t, b, other.URL, 31, "")
	expectStatus(t, "wrong link on the second instance", r, http.StatusTooManyRequests)
}

func mustGet(t *testing.T, u string) *http.Request {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		t.Fatal(err)
	}
	return req
}

// loginFrom signs in through a trusted proxy that names the client address.
func loginFrom(t *testing.T, base string, b *browser, ip, username, password string) response {
	t.Helper()
	page := b.get("/login")
	m := csrfInput.FindStringSubmatch(page.body)
	if m == nil {
		t.Fatal("no CSRF token on the login page")
	}
	form := url.Values{"_csrf": {m[1]}, "username": {username}, "password": {password}}
	req, _ := http.NewRequest(http.MethodPost, base+"/login", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("X-Forwarded-For", ip)
	return b.do(req)
}

// Failed sign-ins by others at the venue (one shared address) do not lock
// the organiser out; guessing one username from one address is stopped
// after five tries, and only for that address.
func TestLoginLimitsAtAVenue(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	a.organiser()
	_, loopback, _ := net.ParseCIDR("127.0.0.0/8")
	proxied := httptest.NewServer(server.New(server.Config{Store: a.store, BcryptCost: bcrypt.MinCost, TrustedProxies: []*net.IPNet{loopback}}).Handler())
	t.Cleanup(proxied.Close)
	hash, _ := bcrypt.GenerateFromPassword([]byte(testPassword), bcrypt.MinCost)
	const venue = "198.51.100.20"
	for i := 0; i < 6; i++ {
		name := "judge" + strconv.Itoa(i)
		if err := accounts.New(a.store).CreateUser(context.Background(), &storage.User{Username: name, PasswordHash: string(hash), Role: storage.RoleJudge}); err != nil {
			t.Fatal(err)
		}
		for k := 0; k < 5; k++ {
			expectStatus(t, "wrong password at the venue", loginFrom(t, proxied.URL, a.browser(), venue, name, "wrong guess"), http.StatusUnauthorized)
		}
	}
	expectStatus(t, "sixth guess for one username", loginFrom(t, proxied.URL, a.browser(), venue, "judge0", testPassword), http.StatusTooManyRequests)
	expectStatus(t, "the same username from home", loginFrom(t, proxied.URL, a.browser(), "203.0.113.5", "judge0", testPassword), http.StatusSeeOther)
	expectStatus(t, "the organiser at the venue after 30 failures by others", loginFrom(t, proxied.URL, a.browser(), venue, "org", testPassword), http.StatusSeeOther)
}
