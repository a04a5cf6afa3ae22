package server_test

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/server"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/instance"
	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
	"golang.org/x/crypto/bcrypt"
)

func TestParseBaseURL(t *testing.T) {
	t.Parallel()
	good := map[string]string{
		"":                              "",
		"http://192.168.1.20:8080":      "http://192.168.1.20:8080",
		" HTTPS://Events.Example.org/ ": "https://events.example.org",
		"http://[fd00::5]:8080":         "http://[fd00::5]:8080",
	}
	for in, want := range good {
		got, err := server.ParseBaseURL(in)
		if err != nil || got != want {
			t.Errorf("ParseBaseURL(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	bad := map[string]string{
		"192.168.1.20:8080":            "full address",
		"ftp://example.org":            "http:// or https://",
		"http://example.org/tenkaichi": "without a path",
		"http://example.org/?a=1":      "without a path",
		"http://me:pw@example.org":     "user name",
		"http://example.org:99999":     "port",
		"just words":                   "full address",
	}
	for in, want := range bad {
		_, err := server.ParseBaseURL(in)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseBaseURL(%q): error %v, want one saying %q", in, err, want)
		}
	}
}

// paEvent is an event with one published round of one match and a player.
func paEvent(t *testing.T, a *app, org *browser) (*pfEvent, storage.Match) {
	t.Helper()
	f := pfNewEvent(t, a, org, "Address Cup", "Ann", "Bo")
	ms := pfRound(t, a, f, 1, storage.KindSwiss, [][2]string{{"Ann", "Bo"}})
	return f, ms[0]
}

var paPlayerLink = regexp.MustCompile(`data-testid="player-link">([^<]+)<`)

// paLinks are the full links a page shows: QR codes, the player link, the
// registration link.
func paLinks(t *testing.T, b *browser, f *pfEvent) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, p := range []string{"/print/slips", "/print/registration"} {
		r := b.get(f.path + p)
		expectStatus(t, p, r, http.StatusOK)
		m := pfQRLabel.FindStringSubmatch(r.body)
		if m == nil {
			t.Fatalf("%s has no QR code:\n%s", p, excerpt(r.body))
		}
		out[p] = m[2]
	}
	r := b.get(f.path + "/players/" + strconv.FormatInt(f.entries["Ann"].ID, 10))
	expectStatus(t, "player page", r, http.StatusOK)
	m := paPlayerLink.FindStringSubmatch(r.body)
	if m == nil {
		t.Fatalf("no player link:\n%s", excerpt(r.body))
	}
	out["player"] = m[1]
	r = b.get(f.path + "/players")
	m = regexp.MustCompile(`Self-registration: <a href="([^"]+)"`).FindStringSubmatch(r.body)
	if m == nil {
		t.Fatalf("no registration link on the players page:\n%s", excerpt(r.body))
	}
	out["players"] = m[1]
	return out
}

func paExpectBase(t *testing.T, links map[string]string, base string) {
	t.Helper()
	for page, link := range links {
		if !strings.HasPrefix(link, base+"/") {
			t.Errorf("%s links to %q, want an address under %s", page, link, base)
		}
	}
}

func TestPublicAddressFromTheFlag(t *testing.T) {
	t.Parallel()
	a := newAppWith(t, func(c *server.Config) { c.BaseURL = "http://tables.example:8080" })
	org := a.organiser()
	f, m := paEvent(t, a, org)
	links := paLinks(t, org, f)
	paExpectBase(t, links, "http://tables.example:8080")
	if want := "http://tables.example:8080" + f.path + "/matches/" + strconv.FormatInt(m.ID, 10); links["/print/slips"] != want {
		t.Errorf("slip QR %q, want %q", links["/print/slips"], want)
	}
	if !strings.HasPrefix(links["player"], "http://tables.example:8080/p/") {
		t.Errorf("player link %q", links["player"])
	}
	// Opened on 127.0.0.1, but an address is set: no warning.
	if r := org.get(f.path + "/print/slips"); strings.Contains(r.body, "address-warning") {
		t.Error("warning shown although the public address is set")
	}
	// The flag wins over the setting, and the settings page says so.
	r := org.post("/settings", "/settings", url.Values{"base_url": {"http://10.9.9.9:8080"}})
	expectRedirect(t, "save setting", r, "/settings")
	paExpectBase(t, paLinks(t, org, f), "http://tables.example:8080")
	page := org.get("/settings")
	if !strings.Contains(page.body, `data-testid="fixed-base-url"`) || !strings.Contains(page.body, "http://tables.example:8080") {
		t.Fatalf("settings page does not say the flag wins:\n%s", excerpt(page.body))
	}
}

func TestPublicAddressSettingAndLoopbackWarning(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	f, _ := paEvent(t, a, org)
	// httptest listens on 127.0.0.1: with no address set, links use it and
	// every page with links warns.
	paExpectBase(t, paLinks(t, org, f), a.srv.URL)
	pages := []string{f.path + "/print/slips", f.path + "/print/registration", f.path + "/players",
		f.path + "/players/" + strconv.FormatInt(f.entries["Ann"].ID, 10)}
	for _, p := range pages {
		r := org.get(p)
		if !strings.Contains(r.body, `data-testid="address-warning"`) || !strings.Contains(pfText(r.body), "Phones cannot open these links") {
			t.Errorf("%s: no warning about the loopback address:\n%s", p, excerpt(r.body))
		}
	}
	if r := org.get("/settings"); !strings.Contains(pfText(r.body), "Set the public address below.") {
		t.Errorf("the settings page's own warning should point below:\n%s", excerpt(r.body))
	}
	// A judge cannot change settings.
	judge := a.signedIn("jules", storage.RoleJudge)
	expectStatus(t, "judge settings", judge.get("/settings"), http.StatusForbidden)

	// A wrong address is refused and nothing is stored.
	r := org.post("/settings", "/settings", url.Values{"base_url": {"tables.example"}})
	expectStatus(t, "bad address", r, http.StatusUnprocessableEntity)
	if !strings.Contains(pfText(r.body), "Give a full address") || !strings.Contains(r.body, `value="tables.example"`) {
		t.Fatalf("bad address not explained or not kept:\n%s", excerpt(r.body))
	}
	if v, _ := instance.New(a.store).Setting(context.Background(), instance.SettingBaseURL); v != "" {
		t.Fatalf("a refused address was stored: %q", v)
	}
	r = org.post("/settings", "/settings", url.Values{"base_url": {"HTTP://192.168.7.7:8080/"}})
	expectRedirect(t, "save setting", r, "/settings")
	paExpectBase(t, paLinks(t, org, f), "http://192.168.7.7:8080")
	for _, p := range pages {
		if r := org.get(p); strings.Contains(r.body, "address-warning") {
			t.Errorf("%s still warns once an address is set", p)
		}
	}
	log, err := a.store.AuditLogFor(context.Background(), "setting", 0)
	if err != nil || len(log) != 1 || !strings.Contains(log[0].AfterJSON, "http://192.168.7.7:8080") {
		t.Fatalf("setting change not audited: %+v %v", log, err)
	}
	// Emptying it goes back to the browser's address.
	expectRedirect(t, "clear setting", org.post("/settings", "/settings", url.Values{"base_url": {""}}), "/settings")
	paExpectBase(t, paLinks(t, org, f), a.srv.URL)
}

func TestPublicAddressNoWarningOnALANAddress(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	f, _ := paEvent(t, a, org)
	// The organiser's browser used the laptop's LAN name: links use it and
	// nothing warns.
	req, _ := http.NewRequest(http.MethodGet, a.srv.URL+f.path+"/print/registration", nil)
	req.Host = "192.168.1.20:8080"
	// The jar files cookies under the Host header: send the session's by hand.
	for _, ck := range org.http.Jar.Cookies(req.URL) {
		req.AddCookie(ck)
	}
	r := org.do(req)
	expectStatus(t, "poster", r, http.StatusOK)
	if m := pfQRLabel.FindStringSubmatch(r.body); m == nil || m[2] != "http://192.168.1.20:8080"+f.path+"/register" {
		t.Fatalf("poster QR does not use the browser's address: %v", m)
	}
	if strings.Contains(r.body, "address-warning") {
		t.Fatal("a LAN address is not a loopback address")
	}
}

// serveOn runs a real server with Serve on addr and returns its app for
// browsers (they talk to it on 127.0.0.1).
func serveOn(t *testing.T, addr string) *app {
	t.Helper()
	st := storagetest.New(t)
	s := server.New(server.Config{Store: st, BcryptCost: bcrypt.MinCost})
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { _ = s.Serve(ctx, ln); close(done) }()
	t.Cleanup(func() {
		cancel()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			t.Error("Serve did not stop")
		}
	})
	port := ln.Addr().(*net.TCPAddr).Port
	// The browsers only read the URL of the test server.
	return &app{t: t, store: st, srv: &httptest.Server{URL: "http://127.0.0.1:" + strconv.Itoa(port)}}
}

func TestPublicAddressWarningNamesTheLANAddresses(t *testing.T) {
	t.Parallel()
	a := serveOn(t, "0.0.0.0:0")
	org := a.organiser()
	f, _ := paEvent(t, a, org)
	r := org.get(f.path + "/print/slips")
	expectStatus(t, "slips", r, http.StatusOK)
	// What the machine's interfaces offer to other devices.
	mine := map[string]bool{}
	addrs, _ := net.InterfaceAddrs()
	for _, ad := range addrs {
		if n, ok := ad.(*net.IPNet); ok && n.IP.IsGlobalUnicast() && !n.IP.IsLoopback() {
			mine[n.IP.String()] = true
		}
	}
	listed := regexp.MustCompile(`<li><a href="http://([^"]+)/events/\d+/print/slips">`).FindAllStringSubmatch(r.body, -1)
	if len(mine) == 0 {
		if !strings.Contains(pfText(r.body), "no network address besides itself") {
			t.Fatalf("no LAN address on this machine, and the page does not say so:\n%s", excerpt(r.body))
		}
		return
	}
	if len(listed) == 0 {
		t.Fatalf("the machine has addresses %v but the warning lists none:\n%s", mine, excerpt(r.body))
	}
	port := strings.TrimPrefix(a.srv.URL, "http://127.0.0.1:")
	for _, l := range listed {
		host, p, err := net.SplitHostPort(l[1])
		if err != nil || p != port || !mine[host] {
			t.Errorf("listed %q: not this machine's LAN address on port %s (have %v)", l[1], port, mine)
		}
	}
}

func TestPublicAddressWarningWhenListeningOnLoopbackOnly(t *testing.T) {
	t.Parallel()
	a := serveOn(t, "127.0.0.1:0")
	org := a.organiser()
	f, _ := paEvent(t, a, org)
	r := org.get(f.path + "/print/registration")
	if !strings.Contains(pfText(r.body), "Restart it with --addr 0.0.0.0:8080") {
		t.Fatalf("the warning does not say the server listens on this computer only:\n%s", excerpt(r.body))
	}
}
