package rules

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// mastersPoolAndBans is the real Masters fixture, the invented Z-cards of
// rules/testdata/masters-z-cards.csv, and the June 2026 Masters list.
func mastersPoolAndBans(t *testing.T) (MapPool, *BanLists) {
	t.Helper()
	cards := readFixture(t, "masters-cards.json")
	z, err := ReadCardsFile(filepath.Join("testdata", "masters-z-cards.csv"))
	if err != nil {
		t.Fatal(err)
	}
	pool := NewMapPool(append(cards, z...))
	versions, err := ReadBanListsFile(fixture("masters-banlist-2026-06.json"))
	if err != nil {
		t.Fatal(err)
	}
	bans := BuiltinBanLists()
	for _, v := range versions {
		if err := bans.Add(v); err != nil {
			t.Fatal(err)
		}
	}
	return pool, bans
}

// mastersBase is a 50-card deck of real BT1 cards under the Champa leader.
func mastersBase() string {
	var b strings.Builder
	b.WriteString("Leader:\n1 BT1-001 Champa\nMain deck:\n")
	for _, n := range []string{"BT1-004", "BT1-006", "BT1-007", "BT1-008", "BT1-009", "BT1-010", "BT1-011", "BT1-012", "BT1-013", "BT1-014", "BT1-015", "BT1-016"} {
		fmt.Fprintf(&b, "4 %s\n", n)
	}
	b.WriteString("2 BT1-017\n")
	return b.String()
}

func TestMastersStandard(t *testing.T) {
	pool, bans := mastersPoolAndBans(t)
	base := mastersBase()
	tests := []struct {
		name, deck, on, code, card, message string
	}{
		{name: "base deck", deck: base, on: "2026-07-10"},
		{name: "off-colour cards are fine", deck: base + "1 BT1-031\n", on: "2026-07-10"},
		{name: "banned since 2023", deck: base + "1 BT1-005\n", on: "2026-07-10", code: "banned", card: "BT1-005",
			message: "BT1-005 Furthering Destruction Champa is banned (ban list in force on 2026-07-10: Masters list of June 19, 2026)"},
		{name: "announced ban not yet in force", deck: base + "1 BT3-050\n", on: "2026-06-25"},
		{name: "announced ban in force", deck: base + "1 BT3-050\n", on: "2026-07-03", code: "banned", card: "BT3-050"},
		{name: "limited to one", deck: base + "2 BT10-008\n", on: "2026-07-10", code: "over-ban-limit", card: "BT10-008"},
		{name: "banned since 2023, on 2026-06-01", deck: base + "1 BT1-005\n", on: "2026-06-01", code: "banned", card: "BT1-005"},
		{name: "seven Dragon Balls of one number", deck: base + "7 BT5-117\n", on: "2026-07-10"},
		{name: "eight Dragon Balls", deck: base + "4 BT5-117\n4 TB3-067\n", on: "2026-07-10", code: "too-many-keyword",
			message: "Cards with [Dragon Ball] are limited to 7 per deck; the deck has 8: BT5-117 Dragon Ball, TB3-067 Porunga's Dragon Ball"},
		{name: "five super combos", deck: base + "2 BT10-012\n2 BT10-013\n1 BT10-039\n", on: "2026-07-10", code: "too-many-keyword"},
		{name: "five copies", deck: strings.Replace(base, "2 BT1-017", "2 BT1-017\n1 BT1-004_PR", 1), on: "2026-07-10", code: "too-many-copies", card: "BT1-004"},
		{name: "Z-Deck of 10", deck: base + "Z-Deck:\n4 ZT1-002\n4 ZT1-003\n1 ZT1-001\n1 ZT1-004\n", on: "2026-07-10"},
		{name: "Z-Deck of 11", deck: base + "Z-Deck:\n4 ZT1-002\n4 ZT1-003\n3 ZT1-004\n", on: "2026-07-10", code: "zdeck-too-large"},
		{name: "Fusion World card", deck: base + "1 FB01-001\n", on: "2026-07-10", code: "wrong-game", card: "FB01-001",
			message: "FB01-001 is a Fusion World card, not Masters"},
		{name: "side deck", deck: base + "Side deck:\n1 BT1-018\n", on: "2026-07-10", code: "side-not-allowed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := validate(t, "masters-standard", tt.deck, pool, bans, tt.on)
			checkOne(t, r, tt.code, tt.card, tt.message)
		})
	}
	if r := validate(t, "masters-standard", base, pool, bans, "2018-09-27"); r.BanList != "" {
		t.Errorf("no Masters list entry applies before 2018-09-28, got %q", r.BanList)
	}
}

// checkOne asserts a result is legal (code "") or has exactly one problem, code.
func checkOne(t *testing.T, r Result, code, card, message string) {
	t.Helper()
	if code == "" {
		if !r.Legal {
			t.Fatalf("want legal, got %+v", r.Problems)
		}
		return
	}
	if r.Legal || len(r.Problems) != 1 || r.Problems[0].Code != code {
		t.Fatalf("want exactly %s, got %+v", code, r.Problems)
	}
	p := r.Problems[0]
	if card != "" && p.Card != card {
		t.Errorf("card %q, want %q", p.Card, card)
	}
	if message != "" && p.Message != message {
		t.Errorf("message %q,\nwant    %q", p.Message, message)
	}
	if p.Rule == "" {
		t.Error("problem names no rule")
	}
	if strings.Contains(p.Message, "%!") {
		t.Errorf("message built wrongly: %q", p.Message)
	}
}

func dbzPool(t *testing.T, file string) MapPool {
	t.Helper()
	cards, err := ReadCardsFile(filepath.Join("testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	return NewMapPool(cards)
}

// genericLines lists copies each of n generic cards (prefix-101 ...).
func genericLines(prefix string, n, copies int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "%d %s-%03d\n", copies, prefix, 100+i)
	}
	return b.String()
}

func TestScoreDBZ(t *testing.T) {
	pool := dbzPool(t, "score-dbz-cards.csv")
	mp := "Main personality:\n1 SDBZ-001 Goku Lv 1\n1 SDBZ-002\n1 SDBZ-003\nLife deck:\n"
	life := "4 SDBZ-030 Goku's Kamehameha\n" + genericLines("SDBZ", 15, 3) // 49 + 3 MP = 52
	vegeta := "Main personality:\n1 SDBZ-011\n1 SDBZ-012\n1 SDBZ-013\nLife deck:\n" + genericLines("SDBZ", 16, 3)
	earth := "1 SDBZ-041\n1 SDBZ-042\n1 SDBZ-043\n1 SDBZ-044\n1 SDBZ-045\n1 SDBZ-046\n"
	tests := []struct{ name, deck, code string }{
		{"legal", mp + life, ""},
		{"levels 1-5", strings.Replace(mp, "1 SDBZ-003\n", "1 SDBZ-003\n1 SDBZ-004\n1 SDBZ-005\n", 1) + life, ""},
		{"no main personality header", genericLines("SDBZ", 17, 3) + "1 SDBZ-001\n", "no-main-personality"},
		{"level gap", strings.Replace(mp, "1 SDBZ-002\n", "1 SDBZ-004\n", 1) + life, "mp-level-missing"},
		{"only two levels", strings.Replace(mp, "1 SDBZ-003\n", "", 1) + life + "1 SDBZ-116\n", "mp-too-few-levels"},
		{"level twice", strings.Replace(mp, "1 SDBZ-002\n", "2 SDBZ-002\n", 1) + life, "mp-level-twice"},
		{"mixed personalities", strings.Replace(mp, "1 SDBZ-003\n", "1 SDBZ-003\n1 SDBZ-014\n", 1) + life, "mp-mixed"},
		{"named card of another personality", mp + life + "1 SDBZ-032\n", "named-card"},
		{"five named cards", mp + strings.Replace(life, "4 SDBZ-030", "5 SDBZ-030", 1), "too-many-copies"},
		{"four generic cards", mp + strings.Replace(life, "3 SDBZ-101", "4 SDBZ-101", 1), "too-many-copies"},
		{"printed limit 1", mp + life + "2 SDBZ-066\n", "too-many-copies"},
		{"ally two levels below", mp + life + "1 SDBZ-021\n", ""},
		{"ally too high", mp + life + "1 SDBZ-021\n1 SDBZ-022\n", "ally-level"},
		{"two of one ally", mp + life + "2 SDBZ-021\n", "too-many-copies"},
		{"MP as ally", mp + life + "1 SDBZ-004\n", "ally-same-personality"},
		{"villain card for a hero", mp + life + "1 SDBZ-065\n", "alignment"},
		{"hero card for a hero", mp + life + "1 SDBZ-064\n", ""},
		{"rogue picks heroes", vegeta + "1 SDBZ-064\n", ""},
		{"rogue mixes", vegeta + "1 SDBZ-064\n1 SDBZ-065\n", "alignment-mixed"},
		{"one set of Dragon Balls", mp + life + earth + "1 SDBZ-047\n", ""},
		{"six Dragon Balls", mp + life + earth, "dragon-ball-incomplete"},
		{"two sets", mp + life + earth + "1 SDBZ-051\n", "dragon-ball-sets"},
		{"Sensei-only in the life deck", mp + life + "1 SDBZ-063\n", "sensei-only"},
		{"Sensei deck with its card", mp + life + "1 SDBZ-062\nSensei deck:\n1 SDBZ-063\n1 SDBZ-067\n1 SDBZ-068\n", ""},
		{"Sensei deck without its card", mp + life + "Sensei deck:\n1 SDBZ-063\n", "sensei-deck-no-card"},
		{"two masteries", mp + life + "1 SDBZ-060\n1 SDBZ-061\n", "too-many-of-kind"},
		{"too small", mp + strings.Replace(life, "3 SDBZ-101\n", "", 1), "dbz-deck-too-small"},
		{"too large", mp + life + strings.TrimPrefix(genericLines("SDBZ", 30, 3), genericLines("SDBZ", 15, 3)), "dbz-deck-too-large"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := validate(t, "score-dbz", tt.deck, pool, nil, "2026-06-01")
			checkOne(t, r, tt.code, "", "")
			if tt.code == "" && r.Leader == "" {
				t.Error("result does not name the main personality")
			}
		})
	}
}

func TestPaniniDBZ(t *testing.T) {
	pool := dbzPool(t, "panini-dbz-cards.csv")
	mp := "Main personality:\n1 PDBZ-001\n1 PDBZ-002\n1 PDBZ-003\n1 PDBZ-004\nMastery:\n"
	life := "Life deck:\n1 PDBZ-060 Saiyan Mastery\n" + genericLines("PDBZ", 20, 3)
	tests := []struct{ name, deck, code string }{
		{"legal", mp + life, ""},
		{"no mastery", mp + strings.Replace(life, "1 PDBZ-060 Saiyan Mastery\n", "", 1), "mastery-missing"},
		{"59 cards", mp + strings.Replace(life, "3 PDBZ-120", "2 PDBZ-120", 1), "dbz-deck-size"},
		{"three levels", strings.Replace(mp, "1 PDBZ-004\n", "", 1) + life, "mp-level-count"},
		{"four copies", mp + strings.Replace(strings.Replace(life, "3 PDBZ-120", "4 PDBZ-120", 1), "3 PDBZ-119", "2 PDBZ-119", 1), "too-many-copies"},
		{"Dragon Ball twice", mp + strings.Replace(life, "3 PDBZ-120", "1 PDBZ-120\n2 PDBZ-041", 1), "too-many-copies"},
		{"Dragon Balls from two sets", mp + strings.Replace(life, "3 PDBZ-120", "1 PDBZ-120\n1 PDBZ-041\n1 PDBZ-051", 1), "dragon-ball-sets"},
		{"named card of another personality", mp + strings.Replace(life, "3 PDBZ-120", "2 PDBZ-120\n1 PDBZ-032", 1), "named-card"},
		{"villain card for a hero", mp + strings.Replace(life, "3 PDBZ-120", "2 PDBZ-120\n1 PDBZ-065", 1), "alignment"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := validate(t, "panini-dbz", tt.deck, pool, nil, "2026-06-01")
			checkOne(t, r, tt.code, "", "")
			if tt.code == "" && (r.Main != 60 || r.Leader != "Goku") {
				t.Errorf("main %d leader %q", r.Main, r.Leader)
			}
		})
	}
}

func TestEveryFormatListsItsRules(t *testing.T) {
	want := []string{"fw-standard", "fw-draft", "fw-sealed", "masters-standard", "score-dbz", "panini-dbz"}
	if !slices.Equal(FormatIDs(), want) {
		t.Errorf("formats %v, want %v", FormatIDs(), want)
	}
	for _, f := range Formats() {
		if len(f.Rules) == 0 || f.Name == "" || f.Game == "" {
			t.Errorf("%s: incomplete %+v", f.ID, f)
		}
	}
}
