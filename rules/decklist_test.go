package rules

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

func TestParseDecklistLineForms(t *testing.T) {
	tests := []struct {
		line    string
		count   int
		number  string
		printed string
		name    string
	}{
		{"4 FB01-005", 4, "FB01-005", "", ""},
		{"4x FB01-005", 4, "FB01-005", "", ""},
		{"4X FB01-005", 4, "FB01-005", "", ""},
		{"4xFB01-005 Master Roshi", 4, "FB01-005", "", "Master Roshi"},
		{"FB01-005 x4", 4, "FB01-005", "", ""},
		{"FB01-005 Master Roshi x4", 4, "FB01-005", "", "Master Roshi"},
		{"4 x FB01-005", 4, "FB01-005", "", ""},
		{"4 FS01-03 Master Roshi(5)", 4, "FS01-03", "", "Master Roshi"},
		{"4 FS01-03 Master Roshi (12)", 4, "FS01-03", "", "Master Roshi"},
		{"FS01-01 Son Goku", 1, "FS01-01", "", "Son Goku"},
		{"1 FB01-001-F Son Goku", 1, "FB01-001", "FB01-001-F", "Son Goku"},
		{"2 FB01-004_p1 Whis", 2, "FB01-004", "FB01-004_p1", "Whis"},
		{"3 fb01-001-p1", 3, "FB01-001", "fb01-001-p1", ""},
		{"2 FS01-09 Son Gohan : Adolescence", 2, "FS01-09", "", "Son Gohan : Adolescence"},
		{"4\tP-180\tCaulifla, Spunky Allure", 4, "P-180", "", "Caulifla, Spunky Allure"},
		{"1 BT1-005_PR02", 1, "BT1-005", "BT1-005_PR02", ""},
		{"4 FB01-005 // main combo piece", 4, "FB01-005", "", ""},
		// A space between the sign and the count, and a count after the number then a name.
		{"FB01-037 x 4", 4, "FB01-037", "", ""},
		{"FS01-03 x4 Master Roshi", 4, "FS01-03", "", "Master Roshi"},
		{"FS01-03 x 4 Master Roshi", 4, "FS01-03", "", "Master Roshi"},
		{"FS01-03 Master Roshi x 4", 4, "FS01-03", "", "Master Roshi"},
		{"FS01-03 Master Roshi 4 x", 4, "FS01-03", "", "Master Roshi"},
		{"FS01-03 4 x Master Roshi", 4, "FS01-03", "", "Master Roshi"},
		// A bare count right after the number, as a spreadsheet pastes "number<TAB>count".
		{"FB01-037 4", 4, "FB01-037", "", ""},
		{"FB01-037	4	Cooler", 4, "FB01-037", "", "Cooler"},
		// "4x" after the number when nothing follows, and at the end of the line.
		{"FB01-037 4x", 4, "FB01-037", "", ""},
		{"FB01-037 Cooler 4x", 4, "FB01-037", "", "Cooler"},
		// The unicode multiplication sign wherever x works.
		{"FB01-037 ×4", 4, "FB01-037", "", ""},
		{"FB01-037 × 4", 4, "FB01-037", "", ""},
		{"×4 FB01-037", 4, "FB01-037", "", ""},
		{"4× FB01-037", 4, "FB01-037", "", ""},
		{"4×FB01-037 Cooler", 4, "FB01-037", "", "Cooler"},
		{"FB01-037 Cooler (x4)", 4, "FB01-037", "", "Cooler"},
		{"FB01-037 Cooler *4", 4, "FB01-037", "", "Cooler"},
		// Numbers that belong to the name.
		{"FS01-06 Android 17", 1, "FS01-06", "", "Android 17"},
		{"4 FS01-06 Android 17", 4, "FS01-06", "", "Android 17"},
		{"2 FB03-137 10x Kamehameha", 2, "FB03-137", "", "10x Kamehameha"},
		{"FB03-137 10x Kamehameha x2", 2, "FB03-137", "", "10x Kamehameha"},
		{"BT11-151 Instant Transmission 10x Kamehameha", 1, "BT11-151", "", "Instant Transmission 10x Kamehameha"},
	}
	for _, tt := range tests {
		d, err := ParseDecklistString(tt.line)
		if err != nil {
			t.Errorf("%q: %v", tt.line, err)
			continue
		}
		if len(d.Entries) != 1 {
			t.Errorf("%q: got %d entries", tt.line, len(d.Entries))
			continue
		}
		e := d.Entries[0]
		if e.Count != tt.count || e.Number != tt.number || e.Printed != tt.printed || e.Name != tt.name || e.Line != 1 || e.Section != SectionMain {
			t.Errorf("%q: got %+v, want count %d number %s printed %q name %q", tt.line, e, tt.count, tt.number, tt.printed, tt.name)
		}
	}
}

func TestParseDecklistSections(t *testing.T) {
	in := "Son Goku (X)\n" +
		"# a comment\n" +
		"Leader:\n" +
		"FB01-001 Son Goku\n" +
		"\n" +
		"Main deck (50)\n" +
		"4 FB01-003 Vados\n" +
		"// another comment\n" +
		"Side deck:\n" +
		"2 FB01-004\n" +
		"Z-Deck\n" +
		"1 BT1-001\n" +
		"Side: 1 FB01-006\n"
	d, err := ParseDecklistString(in)
	if err != nil {
		t.Fatal(err)
	}
	if d.Name != "Son Goku (X)" || !d.HasHeaders {
		t.Errorf("name %q headers %v", d.Name, d.HasHeaders)
	}
	want := []struct {
		line    int
		section DeckSection
		number  string
	}{{4, SectionLeader, "FB01-001"}, {7, SectionMain, "FB01-003"}, {10, SectionSide, "FB01-004"}, {12, SectionZDeck, "BT1-001"}, {13, SectionSide, "FB01-006"}}
	if len(d.Entries) != len(want) {
		t.Fatalf("got %d entries: %+v", len(d.Entries), d.Entries)
	}
	for i, w := range want {
		e := d.Entries[i]
		if e.Line != w.line || e.Section != w.section || e.Number != w.number {
			t.Errorf("entry %d: got line %d %s %s, want line %d %s %s", i, e.Line, e.Section, e.Number, w.line, w.section, w.number)
		}
	}
}

// TestParseDecklistLeaderSection: a "Leader" header, on its own line or with
// the card on its line, holds one card line; the lines after it go back to the
// section they were in (the main deck when no header came before).
func TestParseDecklistLeaderSection(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []DeckSection
	}{
		{"inline leader with count", "Leader: 1 FB01-035\n4 FB01-002\n4 FB01-003\n", []DeckSection{SectionLeader, SectionMain, SectionMain}},
		{"inline leader without count", "Leader: FB01-035\n4 FB01-002\n4 FB01-003\n", []DeckSection{SectionLeader, SectionMain, SectionMain}},
		{"bare header, card on the next line", "Leader:\nFB01-035\n4 FB01-002\n", []DeckSection{SectionLeader, SectionMain}},
		{"bare header, blank line and comment before the card", "Leader:\n\n# the leader\n1 FB01-035\n4 FB01-002\n", []DeckSection{SectionLeader, SectionMain}},
		{"explicit main header after the leader", "Leader:\nFB01-035\nMain deck:\n4 FB01-002\n", []DeckSection{SectionLeader, SectionMain}},
		{"leader after the side deck goes back to the side deck", "Side deck:\n2 FB01-004\nLeader: FB01-035\n2 FB01-006\n", []DeckSection{SectionSide, SectionLeader, SectionSide}},
		{"two leader headers in a row", "Leader (1)\nLeader:\nFB01-035\n4 FB01-002\n", []DeckSection{SectionLeader, SectionMain}},
		{"leader card header", "LEADER CARD\nFB01-035\n4 FB01-002\n", []DeckSection{SectionLeader, SectionMain}},
		// DBZ main personality levels are several lines.
		{"main personality keeps its section", "Main personality:\n1 SDBZ-001\n1 SDBZ-002\n1 SDBZ-003\nLife deck:\n3 SDBZ-030\n",
			[]DeckSection{SectionLeader, SectionLeader, SectionLeader, SectionMain}},
		// Other inline headers open their section, as a header on its own line does.
		{"inline side header opens the side deck", "Side deck: 2 FB01-004\n2 FB01-006\n", []DeckSection{SectionSide, SectionSide}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := ParseDecklistString(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			var got []DeckSection
			for _, e := range d.Entries {
				got = append(got, e.Section)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("sections %v, want %v", got, tt.want)
			}
			if !d.HasHeaders {
				t.Error("HasHeaders is false")
			}
		})
	}
}

func TestParseDecklistErrors(t *testing.T) {
	tests := []struct {
		in       string
		line     int
		expected string
	}{
		{"4 FB01-005\nfour of FB01-006\n", 2, "count"},
		{"4 FB01-005\nPilaf x4\n", 2, "card line"},
		{"0 FB01-005\n", 1, "at least 1"},
		{"FB01-005 x0\n", 1, "at least 1"},
		{"4 FB01-005 x4\n", 1, "once"},
		{"100 FB01-005\n", 1, "at most 99"},
		{"4 FB01-005\n\xff\xfe\n", 2, "UTF-8"},
		{"Main deck\nSon Goku\n", 2, "card line"},
		{"4 FB01-005\n" + strings.Repeat("x", 600) + "\n", 2, "at most 500"},
		// Ambiguous forms are errors, never a guessed count of 1.
		{"FB03-137 10x Kamehameha\n", 1, "10x Kamehameha"},  // a count, or the name "10x Kamehameha"?
		{"FB01-037 (4)\n", 1, "client's card id"},           // a count, or a digital client's id?
		{"FB01-037 Cooler (4)\n", 1, "client's card id"},    // the same after a name
		{"FB01-037 Cooler x4 Red\n", 1, "inside the name"},  // a count in the middle of the name
		{"FB01-037 Cooler 4 x Red\n", 1, "inside the name"}, // the same with a space
		{"FB01-037 (5) Cooler\n", 1, "inside the name"},     // a client id before the name
		{"4 FB01-037 4\n", 1, "once"},                       // two counts
		{"FS01-03 x4 Master Roshi x4\n", 1, "once"},         // two counts after the number
		{"FB01-037 4 x4\n", 1, "once"},                      // two counts after the number
		{"FB01-037 x0\n", 1, "at least 1"},                  // zero
		{"FB01-037 x 100\n", 1, "at most 99"},               // too many
		// A first line that reads as a counted card without a number is not a title.
		{"Pilaf x4\n", 1, "card line"},
		{"4 Pilaf\n", 1, "card line"},
		{"4x Pilaf\n", 1, "card line"},
	}
	for _, tt := range tests {
		_, err := ParseDecklistString(tt.in)
		var de *DecklistError
		if !errors.As(err, &de) {
			t.Errorf("%q: want *DecklistError, got %v", tt.in, err)
			continue
		}
		if de.Line != tt.line || !strings.Contains(de.Expected, tt.expected) {
			t.Errorf("%q: got line %d expected %q, want line %d and %q", tt.in, de.Line, de.Expected, tt.line, tt.expected)
		}
		if !strings.Contains(err.Error(), "line ") {
			t.Errorf("%q: message %q does not name the line", tt.in, err)
		}
		// A page says the error again in its language from Key and Args.
		if msg, ok := DecklistMessages[de.Key]; !ok || fmt.Sprintf(msg, de.Args...) != de.Expected {
			t.Errorf("%q: Expected %q cannot be rebuilt from Key %q and Args %v", tt.in, de.Expected, de.Key, de.Args)
		}
	}
}

func FuzzParseDecklist(f *testing.F) {
	for _, s := range []string{
		"4 FB01-005", "4xFB01-005 Name", "FB01-005 x4", "Leader:\nFB01-001\nMain deck\n4 FS01-03 Master Roshi(5)",
		"Side deck: 1 FB01-004_p1", "0 FB01-001", "4x", "x4 FB01-", "((((", "Son Goku (X)\n# c\n\n1 E-01",
		"999999999999999999999 FB01-005", "4 x x FB01-005 x4 (3)",
		"FB01-037 x 4", "FS01-03 x4 Master Roshi", "FB01-037 4", "FB01-037 ×4", "4×FB01-037", "FB01-037 (4)",
		"FB03-137 10x Kamehameha", "FB01-005 -x4 Roshi", "Leader: 1 FB01-035\n4 FB01-002", "Leader:\nFB01-001\n4 FB01-005",
		"Pilaf x4", "FB01-005 Master 4 x Roshi", "FB01-005 Roshi x4.",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseDecklistString(s)
		if err != nil {
			var de *DecklistError
			if !errors.As(err, &de) || de.Line < 1 {
				t.Fatalf("error without a line: %v", err)
			}
			return
		}
		for _, e := range d.Entries {
			if e.Count < 1 || e.Count > maxEntryCount || e.Number == "" || e.Line < 1 {
				t.Fatalf("bad entry %+v from %q", e, s)
			}
			if CanonicalNumber(e.Number) != e.Number {
				t.Fatalf("entry number %q is not canonical", e.Number)
			}
			// A count the parser did not read never hides in the name.
			for _, w := range strings.Fields(e.Name) {
				if _, marked := parseMarkedCount(strings.Trim(strings.ToLower(w), namePunct+",.;")); marked {
					t.Fatalf("count %q left in the name of %+v from %q", w, e, s)
				}
			}
		}
		// Validating any parsed list must not panic either.
		for _, f := range Formats() {
			f.Validate(d, fuzzPool, BuiltinBanLists(), fuzzDate)
		}
	})
}

// A list written in Japanese heads its sections in Japanese, with
// full-width colons and counts (issue 30, point 13); other languages' headers
// read too.
func TestDecklistHeadersInPlayersLanguages(t *testing.T) {
	for _, text := range []string{
		"リーダー：FB01-001\nメインデッキ（50）\n4 FB01-005\nサイドデッキ：\n2 FB01-006\n",
		"リーダー:\nFB01-001\nメインデッキ:\n4 FB01-005\nサイドデッキ: 2\n2 FB01-006\n",
		"Anführer: FB01-001\nHauptdeck\n4 FB01-005\nSide-Deck:\n2 FB01-006\n",
		"Líder: FB01-001\nMazo principal:\n4 FB01-005\nBanquillo:\n2 FB01-006\n",
		"Leader : FB01-001\nDeck principal :\n4 FB01-005\nRéserve :\n2 FB01-006\n",
	} {
		d, err := ParseDecklistString(text)
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		got := map[DeckSection]int{}
		for _, e := range d.Entries {
			got[e.Section] += e.Count
		}
		if got[SectionLeader] != 1 || got[SectionMain] != 4 || got[SectionSide] != 2 {
			t.Errorf("%q: sections %v, want leader 1, main 4, side 2", text, got)
		}
	}
}
