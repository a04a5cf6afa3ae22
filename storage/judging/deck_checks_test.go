package judging

import (
	"slices"
	"testing"
)

// The pick can be made again from its seed with sha256sum, as
// docs/event-day.md shows: these tables came from that shell line.
func TestPickTablesFollowsTheDocumentedRule(t *testing.T) {
	seed := "00112233445566778899aabbccddeeff"
	if got := PickTables(seed, []int{1, 2, 3, 4, 5, 6}, 3); !slices.Equal(got, []int{6, 4, 2}) {
		t.Fatalf("picked %v, want [6 4 2]", got)
	}
	if got := PickTables(seed, []int{1, 2}, 5); len(got) != 2 {
		t.Fatalf("more asked than there are: %v", got)
	}
	if a, b := NewSeed(), NewSeed(); len(a) != 32 || a == b {
		t.Fatalf("seeds %q %q", a, b)
	}
}
