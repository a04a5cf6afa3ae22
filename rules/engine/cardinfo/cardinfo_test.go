package cardinfo

import (
	"testing"

	"github.com/tenkaichi-org/tenkaichi/rules"
)

func ip(n int) *int { return &n }

// A card map reads each card's skills once, names its printings as the
// card, and sums up what the skills hold.
func TestCardMapEntriesAndFlags(t *testing.T) {
	m := NewCardMap([]rules.Card{
		{Number: "FS01-10", Name: "Tien Shinhan", Type: rules.TypeBattle, Cost: ip(1), Power: ip(10000)},
		{Number: "FS01-04", Name: "Goku", Type: rules.TypeBattle, Printings: []string{"fs01-04-p1"},
			Text: "[Permanent] This card gets +5000 power."},
		{Number: "FB09-001", Name: "Unknown", Type: rules.TypeBattle},
	})
	if m.Len() != 4 {
		t.Errorf("Len = %d, want 3 cards and a printing", m.Len())
	}
	goku, ok := m.Entries()["FS01-04-P1"]
	if !ok || goku.Card.Number != "FS01-04" || goku.Flags[0]&FlagPermanentPower == 0 {
		t.Fatalf("the printing is not the card with its [Permanent] power: %+v", goku)
	}
	if tien := m.Entries()["FS01-10"]; tien.Flags[0] != 0 || !tien.Described {
		t.Errorf("a vanilla card: flags %b, described %v", tien.Flags[0], tien.Described)
	}
	if m.Entries()["FB09-001"].Described {
		t.Error("a card with only its number, name and type is not described")
	}
	if m.Union()&FlagPermanentPower == 0 || m.Union()&FlagNegativePower != 0 {
		t.Errorf("union %b", m.Union())
	}
	if (CardMap{}).Union() != ^Flags(0) {
		t.Error("a map not made by NewCardMap must assume every flag")
	}
}

func TestOwnKeywords(t *testing.T) {
	c := rules.Card{Text: "[Blocker]\n[On Play] This card gains [Double Strike] for the turn."}
	if !HasOwnKeyword(c, "Blocker") || HasOwnKeyword(c, "Double Strike") {
		t.Error("a keyword is the card's own only where it opens a line")
	}
	if !HasOwnKeyword(rules.Card{Keywords: []string{"Critical"}}, "Critical") {
		t.Error("without text, the card list's keywords count")
	}
	if !HasKeywordIn("[Awaken] [Blocker] text", "Blocker") || HasKeywordIn("gains [Blocker]", "Blocker") {
		t.Error("HasKeywordIn reads the run of tags that opens a line")
	}
}
