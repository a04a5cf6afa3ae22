package rules

import (
	"errors"
	"strings"
	"testing"
)

func fixtureNames(t *testing.T) (MapPool, *NameIndex) {
	t.Helper()
	cards, err := ReadCardsFile("../testdata/fusion-world-cards.json")
	if err != nil {
		t.Fatal(err)
	}
	pool := NewMapPool(cards)
	return pool, NewNameIndex(pool)
}

// The card data's name_jp is read with the card.
func TestFusionWorldJapaneseNamesAreRead(t *testing.T) {
	pool, _ := fixtureNames(t)
	for number, want := range map[string]string{"FB01-003": "ヴァドス", "FS01-15": "かめはめ波", "FB01-036": "トランクス：未来"} {
		c, ok := pool.Card(number)
		if !ok {
			t.Fatalf("%s not in the fixture", number)
		}
		if c.NameJP != want {
			t.Errorf("%s: name_jp %q, want %q", number, c.NameJP, want)
		}
	}
	withJP := 0
	for _, c := range pool {
		if c.NameJP != "" {
			withJP++
		}
	}
	if withJP != 108 { // the fixture's records with name_jp (testdata/README.md)
		t.Errorf("%d cards with a Japanese name, want 108", withJP)
	}
}

// A decklist may name its cards instead of numbering them, in English or in
// Japanese, with the count before or after the name (glued, as Japanese
// lists write it, or full-width); a number still works beside them.
func TestDecklistNamesCardsInEitherLanguage(t *testing.T) {
	pool, names := fixtureNames(t)
	list := strings.Join([]string{
		"Leader: Trunks : Future", // English, spaced colon
		"4 Vados",                 // English, count first
		"キャベ x4",                  // Japanese, count after
		"ケール×4",                   // Japanese, count glued
		"４ サオネル",                  // full-width count
		"2x かめはめ波",                // Japanese, "2x" first
		"God Kamehameha (x3)",     // English, count in brackets
		"4 FS02-10 ビーデル",          // a number with the Japanese name beside it
		"Side deck:",
		"1 トランクス:未来", // half-width colon, as typed on a phone
	}, "\n")
	d, err := ParseDecklistNamed(strings.NewReader(list), names)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		section DeckSection
		count   int
		number  string
	}{
		{SectionLeader, 1, "FB01-036"}, {SectionMain, 4, "FB01-003"}, {SectionMain, 4, "FB01-007"},
		{SectionMain, 4, "FB01-009"}, {SectionMain, 4, "FB01-010"}, {SectionMain, 2, "FS01-15"},
		{SectionMain, 3, "FS01-16"}, {SectionMain, 4, "FS02-10"}, {SectionSide, 1, "FB01-036"},
	}
	if len(d.Entries) != len(want) {
		t.Fatalf("%d entries, want %d: %+v", len(d.Entries), len(want), d.Entries)
	}
	for i, w := range want {
		e := d.Entries[i]
		if e.Section != w.section || e.Count != w.count || e.Number != w.number {
			t.Errorf("line %d: %s %d %s, want %s %d %s", e.Line, e.Section, e.Count, e.Number, w.section, w.count, w.number)
		}
		if _, ok := pool.Card(e.Number); !ok {
			t.Errorf("line %d: %s is not in the pool", e.Line, e.Number)
		}
	}
	if d.Entries[2].Name != "キャベ" {
		t.Errorf("the name as written is kept: %q", d.Entries[2].Name)
	}
}

// A name several cards share, a name no card has, and names without the
// index are errors that name the line; nothing is guessed.
func TestDecklistNamesAreNeverGuessed(t *testing.T) {
	_, names := fixtureNames(t)
	cases := []struct {
		line, want string
		index      bool
	}{
		{"4 Son Goku", `"Son Goku" is the name of`, true},
		{"4 孫悟空", `"孫悟空" is the name of`, true},
		{"4 Son Gohan the Great", "the name of a card as the card list has it", true},
		{"4 Vados", `a card line such as "4 FB01-005"`, false},
	}
	for _, c := range cases {
		var ix *NameIndex
		if c.index {
			ix = names
		}
		_, err := ParseDecklistNamed(strings.NewReader("4 FB01-003\n"+c.line), ix)
		var de *DecklistError
		if !errors.As(err, &de) {
			t.Errorf("%q: error %v, want a DecklistError", c.line, err)
			continue
		}
		if de.Line != 2 || !strings.Contains(de.Error(), c.want) {
			t.Errorf("%q: %v (line %d), want line 2 saying %q", c.line, de, de.Line, c.want)
		}
	}
	// "Son Goku" names several cards: they are listed for the player.
	_, err := ParseDecklistNamed(strings.NewReader("4 Son Goku"), names)
	if err == nil || !strings.Contains(err.Error(), "FB01-001") {
		t.Errorf("ambiguous name does not list the cards: %v", err)
	}
}
