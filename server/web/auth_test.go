package web

import "testing"

func TestSafeNextStaysOnThisSite(t *testing.T) {
	for next, want := range map[string]string{
		"":                       "/",
		"/events/3":              "/events/3",
		"/events/3?tab=rounds#x": "/events/3?tab=rounds#x",
		"//evil.example":         "/",
		"/\\evil.example":        "/",
		"/\t/evil.example":       "/",
		"/\n/evil.example":       "/",
		"/\r\n/evil.example":     "/",
		"\t//evil.example":       "/",
		"https://evil.example/":  "/",
		"evil.example":           "/",
		"/%2F/evil.example":      "/%2F/evil.example", // a path on this site
		"/\x7f/evil.example":     "/",
	} {
		if got := SafeNext(next); got != want {
			t.Errorf("safeNext(%q) = %q, want %q", next, got, want)
		}
	}
}
