package readmodel

import "testing"

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
