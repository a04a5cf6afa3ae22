package rules

import (
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/rules/keyword"
)

var (
	fwPoolOnce sync.Once
	fwPoolVal  MapPool
	fwPoolErr  error
)

// fwPool reads the Fusion World card fixture once per test binary.
func fwPool(t testing.TB) MapPool {
	t.Helper()
	fwPoolOnce.Do(func() {
		cards, err := ReadCardsFile(fixture("fusion-world-cards.json"))
		fwPoolVal, fwPoolErr = NewMapPool(cards), err
	})
	if fwPoolErr != nil {
		t.Fatal(fwPoolErr)
	}
	return fwPoolVal
}

func fs01List(t testing.TB) string {
	t.Helper()
	b, err := os.ReadFile(fixture("decklists/fs01-starter-son-goku.txt"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func date(s string) time.Time {
	d, err := time.Parse(DateLayout, s)
	if err != nil {
		panic(err)
	}
	return d
}

func mustFormat(t testing.TB, id string) *Format {
	t.Helper()
	f, ok := LookupFormat(id)
	if !ok {
		t.Fatalf("format %s missing", id)
	}
	return f
}

func validate(t testing.TB, formatID, deck string, pool CardPool, bans *BanLists, on string) Result {
	t.Helper()
	d, err := ParseDecklistString(deck)
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	return mustFormat(t, formatID).Validate(d, pool, bans, date(on))
}

func codes(r Result) []string {
	var out []string
	for _, p := range r.Problems {
		out = append(out, p.Code)
	}
	return out
}

func findProblem(r Result, code string) (Problem, bool) {
	for _, p := range r.Problems {
		if p.Code == code {
			return p, true
		}
	}
	return Problem{}, false
}

func TestFS01StarterPassesStandard(t *testing.T) {
	r := validate(t, "fw-standard", fs01List(t), fwPool(t), BuiltinBanLists(), "2026-06-01")
	if !r.Legal {
		t.Fatalf("FS01 list should be legal, got %+v", r.Problems)
	}
	if r.Main != 50 || r.Side != 0 || r.Leader != "FS01-01" || r.BanList != "March 2026" {
		t.Errorf("result: %+v", r)
	}
	if !slices.Equal(r.Applied, []string{"leader", "deck-size", "colour", "copies", "card-text", "super-combo", "dragon-ball", "side-deck", "ban-list"}) {
		t.Errorf("applied: %v", r.Applied)
	}
}

// TestFWStandardRules changes the FS01 list (Red Son Goku leader, 50 cards)
// one rule at a time.
func TestFWStandardRules(t *testing.T) {
	base := fs01List(t)
	without := func(line string) string {
		if !strings.Contains(base, line+"\n") {
			t.Fatalf("base list has no line %q", line)
		}
		return strings.Replace(base, line+"\n", "", 1)
	}
	tests := []struct {
		name    string
		deck    string
		on      string
		code    string // "" means legal
		rule    string
		card    string
		line    int
		message string
	}{
		{name: "banned card", deck: base + "1 FB01-005 Master Roshi\n", code: "banned", rule: "Ban list", card: "FB01-005", line: 19,
			message: "FB01-005 Master Roshi is banned (ban list in force on 2026-06-01: March 2026)"},
		{name: "banned before the list", deck: base + "1 FB01-005\n", on: "2026-02-28"},
		{name: "banned printing", deck: base + "1 FB01-005-p1\n", code: "banned", card: "FB01-005"},
		{name: "limited to one, one copy", deck: base + "1 SB01-011 Cell\n"},
		{name: "limited to one, two copies", deck: base + "2 SB01-011 Cell\n", code: "over-ban-limit", card: "SB01-011",
			message: "SB01-011 Cell is limited to 1 (ban list in force on 2026-06-01: March 2026); the deck has 2"},
		{name: "limited, copies split over lines", deck: base + "1 SB01-015\n1 SB01-015-p1\n", code: "over-ban-limit", card: "SB01-015"},
		{name: "five copies via a printing", deck: base + "1 FS01-02-p1 Whis\n", code: "too-many-copies", rule: "CR 6-1-4-2", card: "FS01-02", line: 4,
			message: "FS01-02 Whis is limited to 4 per deck; the deck has 5"},
		{name: "copies counted with the side deck", deck: base + "Side deck:\n2 FS01-04 Krillin\n1 FS01-03\n", code: "too-many-copies", card: "FS01-03"},
		{name: "side deck within copy limit", deck: base + "Side deck:\n2 FS01-04 Krillin\n"},
		{name: "off-colour card", deck: base + "1 FS02-02\n", code: "colour", rule: "CR 6-1-4-1", card: "FS02-02"},
		{name: "too small", deck: without("4 FS01-14 Vegeta"), code: "deck-too-small", rule: "CR 6-1-3",
			message: "The main deck's size is 46; it must be at least 50"},
		{name: "sixty is fine", deck: base + "4 FB01-003\n4 FB01-006\n2 FB01-009\n"},
		{name: "too large", deck: base + "4 FB01-003\n4 FB01-006\n3 FB01-009\n", code: "deck-too-large",
			message: "The main deck's size is 61; it may be at most 60"},
		{name: "no leader", deck: without("1 FS01-01 Son Goku"), code: "no-leader", rule: "CR 6-1-2"},
		{name: "two leaders", deck: base + "1 FB01-001\n", code: "too-many-leaders", rule: "CR 6-1-2"},
		{name: "leader count two", deck: strings.Replace(base, "1 FS01-01", "2 FS01-01", 1), code: "too-many-leaders"},
		{name: "leader in main deck", deck: "Leader:\n1 FS01-01\nMain deck:\n" + without("1 FS01-01 Son Goku") + "1 FB01-001\n", code: "leader-in-deck", card: "FB01-001"},
		{name: "battle card as leader", deck: "Leader: FS01-02\nMain deck:\n" + without("1 FS01-01 Son Goku"), code: "not-a-leader", card: "FS01-02"},
		{name: "energy marker", deck: base + "1 E-01\n", code: "energy-marker", card: "E-01"},
		{name: "unknown card", deck: base + "1 FB99-001\n", code: "unknown-card", card: "FB99-001"},
		{name: "five super combos", deck: base + "1 FB01-007 Cabba\n", code: "too-many-keyword", rule: "[Super Combo]",
			message: "Cards with [Super Combo] are limited to 4 per deck; the deck has 5: FS01-05 Shin, FB01-007 Cabba"},
		{name: "super combo in side deck counts", deck: base + "Side deck:\n1 FB04-002\n", code: "too-many-keyword"},
		{name: "side deck of 15", deck: base + "Side:\n4 FB01-003\n4 FB01-006\n4 FB01-009\n3 FB01-010\n"},
		{name: "side deck of 16", deck: base + "Side:\n4 FB01-003\n4 FB01-006\n4 FB01-009\n4 FB01-010\n", code: "side-too-large",
			message: "The side deck's size is 16; it may be at most 15"},
		{name: "leader printing -F", deck: strings.Replace(base, "1 FS01-01 Son Goku", "FS01-01-F Son Goku", 1)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			on := tt.on
			if on == "" {
				on = "2026-06-01"
			}
			r := validate(t, "fw-standard", tt.deck, fwPool(t), BuiltinBanLists(), on)
			if tt.code == "" {
				if !r.Legal {
					t.Fatalf("want legal, got %+v", r.Problems)
				}
				return
			}
			if r.Legal {
				t.Fatalf("want %s, got legal", tt.code)
			}
			p, ok := findProblem(r, tt.code)
			if !ok {
				t.Fatalf("want %s, got %v", tt.code, r.Problems)
			}
			if len(r.Problems) != 1 {
				t.Errorf("want only %s, got %v", tt.code, codes(r))
			}
			if tt.rule != "" && p.Rule != tt.rule {
				t.Errorf("rule %q, want %q", p.Rule, tt.rule)
			}
			if tt.card != "" && p.Card != tt.card {
				t.Errorf("card %q, want %q", p.Card, tt.card)
			}
			if tt.line != 0 && p.Line != tt.line {
				t.Errorf("line %d, want %d", p.Line, tt.line)
			}
			if tt.message != "" && p.Message != tt.message {
				t.Errorf("message %q,\nwant    %q", p.Message, tt.message)
			}
		})
	}
}

func TestFWLimitedFormats(t *testing.T) {
	base := fs01List(t)
	// Six Whis: fine in Draft and Sealed, where decks come from opened packs.
	sixWhis := strings.Replace(base, "4 FS01-02 Whis", "6 FS01-02 Whis", 1)
	sixWhis = strings.Replace(sixWhis, "2 FS01-16 God Kamehameha\n", "", 1)
	for _, id := range []string{"fw-draft", "fw-sealed"} {
		t.Run(id, func(t *testing.T) {
			if r := validate(t, id, base, fwPool(t), BuiltinBanLists(), "2026-06-01"); !r.Legal || r.BanList != "" {
				t.Errorf("FS01 list: %+v", r)
			}
			if r := validate(t, id, sixWhis, fwPool(t), BuiltinBanLists(), "2026-06-01"); !r.Legal {
				t.Errorf("six copies: %v", r.Problems)
			}
			if r := validate(t, id, base+"1 FB01-005\n", fwPool(t), BuiltinBanLists(), "2026-06-01"); !slices.Equal(codes(r), []string{"deck-size"}) {
				t.Errorf("51 cards incl. a banned card: want only deck-size, got %v", codes(r))
			}
			if r := validate(t, id, base+"Side:\n1 FB01-003\n", fwPool(t), nil, "2026-06-01"); !slices.Equal(codes(r), []string{"side-not-allowed"}) {
				t.Errorf("side deck: %v", codes(r))
			}
			r := validate(t, id, strings.Replace(base, "2 FS01-16 God Kamehameha", "2 FS02-02", 1), fwPool(t), nil, "2026-06-01")
			if !slices.Equal(codes(r), []string{"colour"}) {
				t.Errorf("off colour: %v", codes(r))
			}
			if f := mustFormat(t, id); len(f.NotApplied) == 0 {
				t.Error("limited formats must say which constructed rules they leave out")
			}
		})
	}
}

// fuzzPool and fuzzDate serve the fuzz tests: a few real-looking cards.
var (
	fuzzDate = time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	fuzzPool = NewMapPool([]Card{
		{Game: GameFusionWorld, Number: "FB01-001", Name: "Son Goku", Type: TypeLeader, Colours: []string{"Red"}},
		{Game: GameFusionWorld, Number: "FB01-005", Name: "Master Roshi", Type: TypeBattle, Colours: []string{"Red"}},
		{Game: GameFusionWorld, Number: "FB01-007", Name: "Cabba", Type: TypeBattle, Colours: []string{"Red"}, Keywords: []string{keyword.SuperCombo}},
		{Game: GameMasters, Number: "BT5-117", Name: "Dragon Ball", Type: TypeExtra, Colours: []string{"Red"}, Keywords: []string{keyword.DragonBall}},
		{Game: GameScoreDBZ, Number: "SDBZ-001", Name: "Goku Lv 1", Extra: map[string]string{ExtraCardType: "personality", ExtraLevel: "1", ExtraPersonality: "Goku"}},
	})
)

// TestFWKeywordAndGameRules uses a small pool: the Fusion World fixture
// has no [Dragon Ball] cards, and a mixed pool shows a Masters card in a FW deck.
func TestFWKeywordAndGameRules(t *testing.T) {
	var cards []Card
	for _, c := range fwPool(t) {
		cards = append(cards, *c)
	}
	cards = append(cards,
		Card{Game: GameFusionWorld, Number: "FB90-001", Name: "Test Dragon Ball", Type: TypeExtra, Colours: []string{"Red"},
			Text: "[Dragon Ball] (You can include up to 7 cards with [Dragon Ball] in total.)"},
		Card{Game: GameFusionWorld, Number: "FB90-002", Name: "Test Wish", Type: TypeExtra, Colours: []string{"Red"},
			Text: "[Activate Main] Choose 1 [Dragon Ball] card in your Drop and add it to your hand."},
		Card{Game: GameMasters, Number: "BT1-004", Name: "Masters card", Type: TypeBattle, Colours: []string{"Red"}},
	)
	for i := range cards {
		if cards[i].Number >= "FB90" && cards[i].Number < "FB91" {
			cards[i].Keywords = OwnKeywords(cards[i].Text)
		}
	}
	pool := NewMapPool(cards)
	base := fs01List(t)
	base = strings.Replace(base, "4 FS01-14 Vegeta\n", "", 1) // 46 cards
	tests := []struct{ name, add, code string }{
		{"seven Dragon Balls of one number", "7 FB90-001\n", ""},
		{"eight Dragon Balls", "8 FB90-001\n", "too-many-keyword"},
		{"a card that refers to Dragon Balls is not one", "4 FB90-002\n", ""},
		{"five of a card that refers to Dragon Balls", "4 FB90-002\n1 FB90-002-p1\n", "too-many-copies"},
		{"Masters card in a Fusion World deck", "4 FB90-002\n1 BT1-004\n", "wrong-game"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := validate(t, "fw-standard", base+tt.add, pool, BuiltinBanLists(), "2026-06-01")
			checkOne(t, r, tt.code, "", "")
		})
	}
}
