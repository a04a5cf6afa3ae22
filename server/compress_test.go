package server_test

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/tenkaichi-org/tenkaichi/views"
)

// raw fetches a path with the given request headers and no decoding: the
// body is what went over the wire.
func raw(t *testing.T, a *app, path string, header map[string]string) (*http.Response, []byte) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, a.srv.URL+path, nil)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	client := &http.Client{Transport: &http.Transport{DisableCompression: true},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, b
}

func decode(t *testing.T, enc string, b []byte) []byte {
	t.Helper()
	var r io.Reader
	switch enc {
	case "gzip":
		zr, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("gzip body: %v", err)
		}
		r = zr
	case "br":
		r = brotli.NewReader(bytes.NewReader(b))
	case "":
		return b
	default:
		t.Fatalf("unexpected Content-Encoding %q", enc)
	}
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("decode %s: %v", enc, err)
	}
	return out
}

// Pages, the style sheet and the script go compressed to a browser that
// asks (gzip or brotli), plain to one that does not, each with Vary and an
// ETag that a revalidation answers with 304.
func TestCompressedPagesAndAssets(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	for _, path := range []string{"/setup", views.AssetURL("app.css"), views.AssetURL("live.js")} {
		_, plain := raw(t, a, path, nil)
		if len(plain) < 1024 {
			t.Fatalf("%s: %d bytes, too small to be compressed", path, len(plain))
		}
		for _, tc := range []struct{ accept, want string }{
			{"gzip, deflate", "gzip"},
			{"gzip, deflate, br, zstd", "br"},
			{"br;q=0.5, gzip", "gzip"},
			{"gzip;q=0, identity", ""},
			{"", ""},
		} {
			res, body := raw(t, a, path, map[string]string{"Accept-Encoding": tc.accept})
			if res.StatusCode != http.StatusOK {
				t.Fatalf("%s (%q): status %d", path, tc.accept, res.StatusCode)
			}
			if got := res.Header.Get("Content-Encoding"); got != tc.want {
				t.Errorf("%s with Accept-Encoding %q: Content-Encoding %q, want %q", path, tc.accept, got, tc.want)
			}
			if vary := strings.Join(res.Header.Values("Vary"), ", "); !strings.Contains(vary, "Accept-Encoding") {
				t.Errorf("%s: Vary %q does not name Accept-Encoding", path, vary)
			}
			if got := decode(t, res.Header.Get("Content-Encoding"), body); !bytes.Equal(got, plain) && !strings.HasPrefix(path, "/setup") {
				t.Errorf("%s (%q): decoded body differs from the plain one", path, tc.accept)
			} else if tc.want != "" && len(body) >= len(plain) {
				t.Errorf("%s (%q): %d bytes compressed, %d plain", path, tc.accept, len(body), len(plain))
			}
			etag := res.Header.Get("ETag")
			if etag == "" {
				t.Fatalf("%s (%q): no ETag", path, tc.accept)
			}
			again, rest := raw(t, a, path, map[string]string{"Accept-Encoding": tc.accept, "If-None-Match": etag})
			if strings.HasPrefix(path, "/static/") && (again.StatusCode != http.StatusNotModified || len(rest) != 0) {
				t.Errorf("%s revalidated with its ETag: %d and %d bytes, want 304 and none", path, again.StatusCode, len(rest))
			}
		}
	}
	res, _ := raw(t, a, views.AssetURL("app.css"), nil)
	if cc := res.Header.Get("Cache-Control"); !strings.Contains(cc, "immutable") || !strings.Contains(cc, "max-age=31536000") {
		t.Errorf("asset Cache-Control %q", cc)
	}
	if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/css") {
		t.Errorf("app.css Content-Type %q", ct)
	}
	res, _ = raw(t, a, "/setup", map[string]string{"Accept-Encoding": "gzip"})
	if cc := res.Header.Get("Cache-Control"); cc != "private, no-cache" {
		t.Errorf("page Cache-Control %q, want private, no-cache", cc)
	}
}

// An unchanged page revalidates to 304, and the ETag of a compressed page
// does not match the plain one.
func TestPageRevalidation(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	// A visitor without the CSRF cookie gets a new token, so a new page,
	// each time; with the cookie the page is the same.
	res, _ := raw(t, a, "/setup", nil)
	cookie := ""
	for _, c := range res.Cookies() {
		if c.Name == "tenkaichi_csrf" {
			cookie = c.Name + "=" + c.Value
		}
	}
	if cookie == "" {
		t.Fatal("no CSRF cookie set by /setup")
	}
	first, _ := raw(t, a, "/setup", map[string]string{"Accept-Encoding": "gzip", "Cookie": cookie})
	if first.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("setup page not compressed: %v", first.Header)
	}
	second, rest := raw(t, a, "/setup", map[string]string{"Accept-Encoding": "gzip", "Cookie": cookie, "If-None-Match": first.Header.Get("ETag")})
	if second.StatusCode != http.StatusNotModified || len(rest) != 0 {
		t.Errorf("unchanged page revalidated: %d with %d bytes, want 304", second.StatusCode, len(rest))
	}
	plain, _ := raw(t, a, "/setup", map[string]string{"Cookie": cookie, "If-None-Match": first.Header.Get("ETag")})
	if plain.StatusCode != http.StatusOK {
		t.Errorf("the gzip ETag %s matched the plain page: %d", first.Header.Get("ETag"), plain.StatusCode)
	}
}

// /favicon.ico is an icon, also before setup (no redirect to the setup
// page, which would download the page again).
func TestFavicon(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	res, body := raw(t, a, "/favicon.ico", map[string]string{"Accept-Encoding": "gzip, br"})
	if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "image/x-icon" {
		t.Fatalf("favicon before setup: %d %q (Location %q)", res.StatusCode, res.Header.Get("Content-Type"), res.Header.Get("Location"))
	}
	if len(body) < 6 || binary.LittleEndian.Uint16(body[0:]) != 0 || binary.LittleEndian.Uint16(body[2:]) != 1 || binary.LittleEndian.Uint16(body[4:]) == 0 {
		t.Fatalf("favicon is not an ICO file (%d bytes)", len(body))
	}
	if res.Header.Get("ETag") == "" || !strings.Contains(res.Header.Get("Cache-Control"), "max-age") {
		t.Errorf("favicon caching headers: ETag %q, Cache-Control %q", res.Header.Get("ETag"), res.Header.Get("Cache-Control"))
	}
}
