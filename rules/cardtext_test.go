package rules

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// fs04Deck is a Fusion World deck of real FS04 cards under the yellow
// Leader FS04-01 Frieza with 50 - n main-deck cards, so that n more yellow
// cards make it 50: 4 each of FS04-02 to FS04-11 is 40 cards, and up to 4
// each of FS04-12, FS04-13 and FS04-14 make up the rest.
func fs04Deck(n int) string {
	var b strings.Builder
	b.WriteString("Leader:\n1 FS04-01 Frieza\nMain deck:\n")
	for i := 2; i <= 11; i++ {
		fmt.Fprintf(&b, "4 FS04-%02d\n", i)
	}
	for i, rest := 12, 10-n; rest > 0; i++ {
		fmt.Fprintf(&b, "%d FS04-%02d\n", min(4, rest), i)
		rest -= 4
	}
	return b.String()
}

// Card text that changes deck building is read when the cards are imported
// (CR 0-2-2: card text wins over the rules), into Card.CopyLimit and
// Card.SpecifiedEventsOnly, and a card file's deck_limit does not override it.
func TestCR0_2_2CardTextIsReadAtImport(t *testing.T) {
	fw := fwPool(t)
	masters, _ := mastersPoolAndBans(t)
	tests := []struct {
		pool   MapPool
		number string
		limit  int
		events bool
	}{
		{fw, "FB01-131", CopyLimitAny, false},     // "as many copies of this card in your deck as you like"
		{fw, "FP-030", 0, true},                   // "can only be used in specified events"
		{fw, "FS01-02", 0, false},                 // no deck-building text
		{masters, "BT2-107", CopyLimitAny, false}, // text, no deck_limit in the file
		{masters, "EB1-06", CopyLimitAny, false},  // text; the file's deck_limit 4 is wrong
		{masters, "BT13-149", 7, false},           // "up to 7 copies"; the file's deck_limit 4 is wrong
		{masters, "BT5-117", 0, false},            // [Dragon Ball] reminder text is about all such cards, not this card
		{masters, "BT12-001", 4, false},           // no text about copies: the file's deck_limit applies
	}
	for _, tt := range tests {
		c, ok := tt.pool.Card(tt.number)
		if !ok {
			t.Fatalf("%s is not in the fixture", tt.number)
		}
		if c.CopyLimit != tt.limit || c.SpecifiedEventsOnly != tt.events {
			t.Errorf("%s %s: copy limit %d, specified events %v; want %d, %v", tt.number, c.Name, c.CopyLimit, c.SpecifiedEventsOnly, tt.limit, tt.events)
		}
	}
}

// A deck holds the copies a card's own text allows (Fusion World CR 0-2-2,
// Masters CR 6-1-5-1 "unless the card says otherwise"), and the message gives
// the card's own limit.
func TestCR0_2_2CardTextCopyLimitsInDecks(t *testing.T) {
	masters, bans := mastersPoolAndBans(t)
	tests := []struct {
		name, format, deck string
		pool               CardPool
		code, rule, msg    string
	}{
		{name: "ten Meta-Cooler (FB01-131)", format: "fw-standard", deck: fs04Deck(10) + "10 FB01-131 Meta-Cooler\n", pool: fwPool(t)},
		{name: "twenty Meta-Cooler (FB01-131)", format: "fw-standard", deck: fs04Deck(10) + "20 FB01-131\n", pool: fwPool(t)},
		{name: "five of a card without such text", format: "fw-standard", deck: fs04Deck(0) + "1 FS04-02\n", pool: fwPool(t),
			code: "too-many-copies", rule: "CR 6-1-4-2", msg: "FS04-02 Cui is limited to 4 per deck; the deck has 5"},
		{name: "eight Meta-Cooler (BT2-107)", format: "masters-standard", deck: mastersBase() + "8 BT2-107\n", pool: masters},
		{name: "ten Saibaiman (EB1-06) despite deck_limit 4", format: "masters-standard", deck: mastersBase() + "10 EB1-06\n", pool: masters},
		{name: "seven BT13-149 despite deck_limit 4", format: "masters-standard", deck: mastersBase() + "7 BT13-149\n", pool: masters},
		{name: "eight BT13-149", format: "masters-standard", deck: mastersBase() + "8 BT13-149\n", pool: masters,
			code: "too-many-copies", rule: "Masters CR 6-1-5-1",
			msg: "BT13-149 Yearning for the Dark Dragon Balls is limited to 7 per deck; the deck has 8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := validate(t, tt.format, tt.deck, tt.pool, bans, "2026-07-10")
			checkOne(t, r, tt.code, "", tt.msg)
			if tt.code != "" && r.Problems[0].Rule != tt.rule {
				t.Errorf("rule %q, want %q", r.Problems[0].Rule, tt.rule)
			}
		})
	}
}

// The card CSV has a copy_limit column for cards whose text is absent; the
// text still wins where it speaks.
func TestCSVCopyLimitColumn(t *testing.T) {
	in := "number,name,game,type,copy_limit,text\n" +
		"FB07-001,Card without text,fusion-world,Battle,any,\n" +
		"FB07-002,Another,fusion-world,Battle,2,\n" +
		"FB01-131,Meta-Cooler,fusion-world,Battle,4,[Permanent] You can include as many copies of this card in your deck as you like.\n" +
		"FB07-003,Plain,fusion-world,Battle,,\n"
	cards, err := ReadCards(strings.NewReader(in), CardFileCSV)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"FB07-001": CopyLimitAny, "FB07-002": 2, "FB01-131": CopyLimitAny, "FB07-003": 0}
	for _, c := range cards {
		if c.CopyLimit != want[c.Number] {
			t.Errorf("%s: copy limit %d, want %d", c.Number, c.CopyLimit, want[c.Number])
		}
	}
	for _, bad := range []string{"0", "lots", "-3"} {
		_, err := ReadCards(strings.NewReader("number,name,copy_limit\nFB07-001,A,"+bad+"\n"), CardFileCSV)
		if err == nil || !strings.Contains(err.Error(), `line 2 (card FB07-001): column "copy_limit"`) {
			t.Errorf("copy_limit %q: %v", bad, err)
		}
	}
}

// FP-030 "can only be used in specified events": not legal in a constructed
// or limited Fusion World format (CR 0-2-2).
func TestCR0_2_2SpecifiedEventsCard(t *testing.T) {
	deck := strings.Replace(fs01List(t), "1 FS01-01 Son Goku", "1 FP-030 The Strongest Fighters", 1)
	for _, id := range []string{"fw-standard", "fw-draft"} {
		r := validate(t, id, deck, fwPool(t), BuiltinBanLists(), "2026-06-01")
		want := "FP-030 The Strongest Fighters can only be used in specified events, so it is not legal in " + mustFormat(t, id).Name
		checkOne(t, r, "specified-events", "FP-030", want)
	}
}

// Masters CR 6-1-4: the Z-Deck holds Z-cards only (up to 10), and Z-cards
// do not go in the main deck. Z-card types import from JSON and CSV.
func TestMastersCR6_1_4ZDeck(t *testing.T) {
	pool, bans := mastersPoolAndBans(t)
	for number, want := range map[string]CardType{"ZT1-001": TypeZLeader, "ZT1-002": TypeZBattle, "ZT1-003": TypeZExtra, "ZT1-004": TypeZUnison} {
		if c, ok := pool.Card(number); !ok || c.Type != want {
			t.Errorf("%s from CSV: %+v, want type %s", number, c, want)
		}
	}
	cards, err := ReadCards(strings.NewReader(`[{"number":"ZT1-005","name":"Test Z-Extra","type":"Z-EXTRA","colors":["Blue"],"energy_cost":2,"skills":[]}]`), CardFileAuto)
	if err != nil || len(cards) != 1 || cards[0].Type != TypeZExtra || cards[0].Game != GameMasters {
		t.Errorf("Masters JSON Z-EXTRA: %v %+v", err, cards)
	}
	if _, err := ReadCards(strings.NewReader(`[{"number":"FB01-900","name":"A","type":"Z-Extra"}]`), CardFileFusionWorldJSON); err == nil ||
		!strings.Contains(err.Error(), "Masters card type") {
		t.Errorf("a Fusion World card cannot be a Z-card: %v", err)
	}

	base := mastersBase()
	tests := []struct{ name, deck, code, msg string }{
		{"a Battle card in the Z-Deck", base + "Z-Deck:\n4 ZT1-002\n1 BT1-018\n", "zdeck-not-z-card",
			"BT1-018 Confident Botamo is a Battle card; the Z-Deck holds only Z-cards"},
		{"a Z-card in the main deck", strings.Replace(base, "2 BT1-017", "1 BT1-017\n1 ZT1-003", 1) + "1 BT1-018\n", "z-card-in-deck",
			"ZT1-003 Test Z-Extra is a Z-Extra card; Z-cards go in the Z-Deck, not the main deck"},
		{"five of a Z-card", base + "Z-Deck:\n5 ZT1-002\n", "too-many-copies", "ZT1-002 Test Z-Battle is limited to 4 per deck; the deck has 5"},
		{"a Z-Leader as the Leader", strings.Replace(base, "1 BT1-001 Champa", "1 ZT1-001", 1), "not-a-leader", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := validate(t, "masters-standard", tt.deck, pool, bans, "2026-07-10")
			checkOne(t, r, tt.code, "", tt.msg)
			if r.Main != 50 {
				t.Errorf("main deck %d, want 50 (Z-cards are not main-deck cards)", r.Main)
			}
		})
	}
}

// Masters ban-list entries apply from their own dates: BT10-044 is banned
// "From January 1, 2023 onward", so on 2026-06-01 (before the June 19, 2026
// page) it is banned; BT5-050 ("From July 3 2026 onward") is not yet.
func TestMastersBanListEntriesApplyFromTheirOwnDates(t *testing.T) {
	pool, bans := mastersPoolAndBans(t)
	base := mastersBase()
	tests := []struct{ deck, on, code string }{
		{base + "1 BT10-044\n", "2026-06-01", "banned"},
		{base + "1 BT10-044\n", "2022-12-31", ""},
		{base + "1 BT10-044\n", "2023-01-01", "banned"},
		{base + "1 BT5-050\n", "2026-06-01", ""},
		{base + "1 BT5-050\n", "2026-07-03", "banned"},
	}
	for _, tt := range tests {
		r := validate(t, "masters-standard", tt.deck, pool, bans, tt.on)
		checkOne(t, r, tt.code, "", "")
		if r.BanList != "Masters list of June 19, 2026" {
			t.Errorf("%s: ban list %q", tt.on, r.BanList)
		}
	}
}

// A Fusion World card in a Masters list (and the other way round) says so,
// rather than only that the card is not in the pool.
func TestWrongGameNumberHint(t *testing.T) {
	masters, bans := mastersPoolAndBans(t)
	r := validate(t, "masters-standard", mastersBase()+"1 FB01-001 Son Goku\n", masters, bans, "2026-07-10")
	checkOne(t, r, "wrong-game", "FB01-001", "FB01-001 Son Goku is a Fusion World card, not Masters")
	r = validate(t, "fw-standard", fs01List(t)+"1 BT1-004\n", fwPool(t), BuiltinBanLists(), "2026-06-01")
	checkOne(t, r, "wrong-game", "BT1-004", "BT1-004 is a Masters card, not Fusion World")
	// A number of neither shape is only missing from the pool.
	r = validate(t, "fw-standard", fs01List(t)+"1 XY1-004\n", fwPool(t), BuiltinBanLists(), "2026-06-01")
	checkOne(t, r, "unknown-card", "XY1-004", "")
}

// Whole-deck problems name the cards at fault.
func TestWholeDeckProblemsNameTheCards(t *testing.T) {
	r := validate(t, "fw-standard", fs01List(t)+"1 FB01-007 Cabba\n", fwPool(t), BuiltinBanLists(), "2026-06-01")
	p, ok := findProblem(r, "too-many-keyword")
	if !ok || !slices.Equal(p.Cards, []string{"FS01-05", "FB01-007"}) || p.Line != 7 {
		t.Errorf("super combo: %+v", p)
	}
	r = validate(t, "fw-standard", fs01List(t)+"1 FB01-001 Son Goku\n", fwPool(t), BuiltinBanLists(), "2026-06-01")
	p, _ = findProblem(r, "too-many-leaders")
	if !slices.Equal(p.Cards, []string{"FS01-01", "FB01-001"}) ||
		p.Message != "The deck needs exactly 1 Leader; it has 2: FS01-01 Son Goku, FB01-001 Son Goku" {
		t.Errorf("two leaders: %+v", p)
	}
}

// A Masters Leader's own deck-building text is read at import and applied
// (card text wins: Masters CR 6-1-5-1, as "unless the card says otherwise").
func TestMastersLeaderDeckRestrictions(t *testing.T) {
	pool, bans := mastersPoolAndBans(t)
	base := mastersBase() // Champa's 50 BT1 cards: God, Alien, Saiyan (BT1-013, BT1-014) and Frieza Clan traits
	lead := func(number string) string { return strings.Replace(base, "1 BT1-001 Champa", "1 "+number, 1) }
	count := func(r Result, code string) (n int, cards []string) {
		for _, p := range r.Problems {
			if p.Code == code {
				n++
				cards = append(cards, p.Card)
			}
		}
		return n, cards
	}

	// SD13-01 Frieza: "You can't include 《Saiyan》 cards in your deck."
	r := validate(t, "masters-standard", lead("SD13-01"), pool, bans, "2026-07-10")
	if n, cards := count(r, "leader-restriction"); n != 2 || !slices.Equal(cards, []string{"BT1-013", "BT1-014"}) || len(r.Problems) != 2 {
		t.Errorf("SD13-01: %v", r.Problems)
	}
	if p, _ := findProblem(r, "leader-restriction"); p.Message != `BT1-013 Raging Cabba cannot be in this deck: its Leader SD13-01 Frieza says "You can't include 《Saiyan》 cards in your deck."` {
		t.Errorf("message %q", p.Message)
	}

	// XD1-01 Cabba: only 《Universe 6》 Battle Cards, except 〈Vegeta〉 cards.
	xd := "Leader:\n1 XD1-01\nMain deck:\n4 P-180\n4 BT1-037\n4 BT1-004\n"
	r = validate(t, "masters-standard", xd, pool, bans, "2026-07-10")
	if n, cards := count(r, "leader-restriction"); n != 1 || cards[0] != "BT1-004" {
		t.Errorf("XD1-01: %v", r.Problems)
	}

	// P-269 Announcer: no non-《World Tournament》 Battle Cards, no multicolour cards.
	r = validate(t, "masters-standard", lead("P-269"), pool, bans, "2026-07-10")
	if n, _ := count(r, "leader-restriction"); n != 13 {
		t.Errorf("P-269: %d restricted lines, want all 13: %v", n, codes(r))
	}

	// EX03-25 Zen-Oh: only cards with 《Universe》 in a special trait.
	r = validate(t, "masters-standard", strings.Replace(lead("EX03-25"), "2 BT1-017", "2 BT1-017\n", 1)+"Z-Deck:\n1 ZT1-002\n", pool, bans, "2026-07-10")
	if n, _ := count(r, "leader-restriction"); n != 13 {
		t.Errorf("EX03-25: %d restricted lines, want 13 (the Z-Deck is not the deck): %v", n, codes(r))
	}

	// BT13-001 Bardock: no Extra Cards of energy cost 2 or more; BT5-117 costs 0.
	r = validate(t, "masters-standard", strings.Replace(lead("BT13-001"), "2 BT1-017", "1 BT1-017\n1 BT5-117", 1), pool, bans, "2026-07-10")
	checkOne(t, r, "", "", "")

	// BT13-122 Mechikabura: at most 7 《Dark Dragon Ball》 cards; BT13-149
	// gains the trait by its own text.
	if c, _ := pool.Card("BT13-149"); !slices.Contains(c.Traits, "Dark Dragon Ball") {
		t.Fatalf("BT13-149 traits %v", c.Traits)
	}
	seven := strings.Replace(lead("BT13-122"), "4 BT1-004\n", "", 1) + "7 BT13-149\n"
	checkOne(t, validate(t, "masters-standard", seven, pool, bans, "2026-07-10"), "", "", "")
	r = validate(t, "masters-standard", seven+"1 BT13-149\n", pool, bans, "2026-07-10")
	p, ok := findProblem(r, "leader-restriction-limit")
	if !ok || p.Message != `The Leader BT13-122 Mechikabura says "You can only include up to 7 《Dark Dragon Ball》 cards in your deck."; the deck has 8 of those cards: BT13-149 Yearning for the Dark Dragon Balls` {
		t.Errorf("BT13-122 with eight: %+v", r.Problems)
	}
}

// Every Leader deck text found in the Masters list (to BT13) is read; a
// keyword's reminder text and wordings not in the list are not.
func TestReadDeckRestrictionsOfEveryTextFound(t *testing.T) {
	tests := []struct {
		text   string
		kinds  int // filters read; 0: no restriction
		max    int
		except bool
	}{
		{"[Permanent] You can't include Extra Cards with energy costs of 2 or more in your deck.", 1, 0, false},  // BT13-001
		{"[Permanent] You can only include up to 7 《Dark Dragon Ball》 cards in your deck.", 1, 7, false},         // BT13-122
		{"[Permanent] You can't include Battle Cards with energy costs of 3 or less in your deck.", 1, 0, false}, // BT6-002
		{"[Permanent] You can't include Extra Cards with energy costs of 4 or more in your deck, and this card can't attack.", 1, 0, false},
		{"[Permanent] You can't include cards in your deck that don't have 《Universe》 as part of their special trait.", 1, 0, false},
		{"[Permanent] You can't include cards with energy costs of 6 or more in your deck.", 1, 0, false},
		{"[Permanent] You can't include non-《World Tournament》 Battle Cards or multicolor cards in your deck.", 2, 0, false},
		{"[Permanent] You can't include 《Saiyan》 cards in your deck.", 1, 0, false},
		{"[Permanent] You can't include non-《Saiyan》 Battle Cards in your deck.", 1, 0, false},
		{"[Permanent] You cannot include non-《Universe 7》 cards in your deck. ", 1, 0, false},
		{"[Permanent] You cannot include non-《World Tournament》Battle Cards in your deck.", 1, 0, false},
		{"[Permanent] You can't include non-《Universe 6》 Battle Cards in your deck, except for 〈Vegeta〉 cards.", 1, 0, true},
		{"[Super Combo] (You can only include up to 4 cards with [Super Combo] in your deck.)", 0, 0, false},
		{"[Permanent] You can't include cards named {Zeno} in your deck.", 0, 0, false},
	}
	for _, tt := range tests {
		rs := readDeckRestrictions(tt.text)
		if tt.kinds == 0 {
			if len(rs) != 0 {
				t.Errorf("%q read as %+v", tt.text, rs)
			}
			continue
		}
		if len(rs) != 1 || len(rs[0].Cards) != tt.kinds || rs[0].Max != tt.max || (rs[0].Except != nil) != tt.except ||
			strings.Contains(rs[0].Text, "[Permanent]") || strings.Contains(rs[0].Text, "attack") {
			t.Errorf("%q read as %+v", tt.text, rs)
		}
	}
}
