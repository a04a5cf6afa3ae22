package gamelog

import (
	"strings"
	"testing"
)

// Every verb the help page lists is one the parser reads, with the usage shown.
func TestVerbUsagesAreReadable(t *testing.T) {
	us := VerbUsages()
	if len(us) != len(verbArgs) {
		t.Fatalf("%d usages for %d verbs", len(us), len(verbArgs))
	}
	for i, u := range us {
		if i > 0 && us[i-1].Verb >= u.Verb {
			t.Fatalf("not sorted at %s", u.Verb)
		}
		if u.Verb == "attack" && !strings.Contains(u.Usage, "->") {
			t.Fatalf("attack usage %q", u.Usage)
		}
	}
}
