package keyword

import (
	"slices"
	"strings"
	"testing"
)

// A word is in the table once, whatever its case, and only keywords a card
// has are Listed, Read, Gained or a Strike.
func TestTableRows(t *testing.T) {
	seen := map[string]bool{}
	for _, k := range All {
		low := strings.ToLower(k.Name)
		if seen[low] {
			t.Errorf("%s is in the table twice", k.Name)
		}
		seen[low] = true
		if k.Kind != Ability && (k.Listed || k.Read || k.Gained || k.Strike > 0) {
			t.Errorf("%s is not a card's keyword but the card lists, the reader or the engine take it as one", k.Name)
		}
		if k.Gained && !k.Read {
			t.Errorf("%s: the engine keeps gains of it, but the reader never reads a gain of it", k.Name)
		}
		if k.Rule != nil && (len(k.Rule.Explanation) < 30 || len(k.Rule.Terms) == 0) {
			t.Errorf("%s: a rule entry needs an explanation and search terms", k.Name)
		}
	}
}

func TestNormalise(t *testing.T) {
	for in, want := range map[string]string{
		"Double-Strike": "Double Strike", "super combo": "Super Combo", " [Blocker] ": "Blocker",
		"Super-Combo": "Super Combo", "EX-Evolve": "EX-Evolve", "ex-evolve": "EX-Evolve",
		"On Play": "On Play", "on play": "on play", "Fusion Evolve": "Fusion Evolve", "[]": "",
	} {
		if got := Normalise(in); got != want {
			t.Errorf("Normalise(%q) = %q, want %q", in, got, want)
		}
	}
	if IsListed("On Play") || IsListed("Fusion Evolve") || !IsListed("Wormhole") || !IsListed(SuperCombo) {
		t.Error("IsListed takes a timing or the reader's [Fusion Evolve] for a card's keyword, or misses one")
	}
}

// The engine gives each Gained keyword a bit of a card's state in the
// table's order; a replay's state hash depends on them, so the first five
// keep their places.
func TestGainableOrder(t *testing.T) {
	want := []string{Blocker, Critical, DoubleStrike, TripleStrike, "Barrier"}
	if !slices.Equal(Gainable[:min(len(Gainable), len(want))], want) {
		t.Errorf("Gainable = %v, want it to start %v", Gainable, want)
	}
}

func TestReadTagsAndStrikes(t *testing.T) {
	if got, ok := ReadTag("fusion evolve"); !ok || got != FusionEvolve {
		t.Errorf("ReadTag(fusion evolve) = %q %v", got, ok)
	}
	for _, tag := range []string{"on play", "awaken", "wormhole", "Blocker"} {
		if got, ok := ReadTag(tag); ok {
			t.Errorf("ReadTag(%q) = %q: the reader does not take it as a keyword", tag, got)
		}
	}
	var names []string
	for _, k := range Strikes {
		names = append(names, k.Name)
	}
	if !slices.Equal(names, []string{TripleStrike, DoubleStrike}) {
		t.Errorf("Strikes = %v, want the highest first", names)
	}
	if k, _ := Lookup(DoubleStrike); k.ID() != "[Double Strike]" || k.Title() != "[Double Strike]" {
		t.Errorf("[Double Strike]: ID %q, title %q", k.ID(), k.Title())
	}
	if k, _ := Lookup("Permanent"); k.Title() != "[Permanent], [Your Turn], [Opponent's Turn]" {
		t.Errorf("[Permanent] title %q", k.Title())
	}
}
