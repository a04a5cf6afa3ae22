package server

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
		if got := safeNext(next); got != want {
			t.Errorf("safeNext(%q) = %q, want %q", next, got, want)
		}
	}
}

func TestMetaColoursCapitaliseWholeLetters(t *testing.T) {
	got := metaColours("red/ érable , RED;blue")
	want := []string{"Blue", "Red", "Érable"}
	if len(got) != len(want) {
		t.Fatalf("metaColours = %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("metaColours = %q, want %q", got, want)
		}
	}
}
