package rules

import (
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// TestParseDecklistRoundTrip writes random entries in random accepted
// syntaxes and checks the parser reads back the same counts, numbers and sections.
func TestParseDecklistRoundTrip(t *testing.T) {
	numbers := []string{"FB01-001", "FB01-005", "FS01-03", "SB01-011", "FP-030", "P-180", "BT10-117", "EX16-03"}
	suffixes := []string{"", "-p1", "_p1", "-F", "_PR02"}
	headers := map[DeckSection][]string{
		SectionLeader: {"Leader:", "LEADER", "Leader (1)"},
		SectionMain:   {"Main deck", "Main Deck (50):", "Deck:"},
		SectionSide:   {"Side deck:", "Sideboard", "== Side =="},
		SectionZDeck:  {"Z-Deck:"},
	}
	sections := []DeckSection{SectionLeader, SectionMain, SectionSide, SectionZDeck}
	rapid.Check(t, func(t *rapid.T) {
		var b strings.Builder
		var want []DeckEntry
		line := 0
		for _, sec := range sections {
			if !rapid.Bool().Draw(t, "has-"+string(sec)) {
				continue
			}
			fmt.Fprintln(&b, rapid.SampledFrom(headers[sec]).Draw(t, "header"))
			line++
			n := rapid.IntRange(1, 6).Draw(t, "entries")
			for range n {
				num := rapid.SampledFrom(numbers).Draw(t, "number")
				printed := num + rapid.SampledFrom(suffixes).Draw(t, "suffix")
				count := rapid.IntRange(1, 99).Draw(t, "count")
				name := rapid.SampledFrom([]string{"", "Son Goku", "Son Gohan : Adolescence", "Caulifla, Spunky Allure"}).Draw(t, "name")
				var text string
				switch rapid.IntRange(0, 5).Draw(t, "syntax") {
				case 0:
					text = fmt.Sprintf("%d %s %s", count, printed, name)
				case 1:
					text = fmt.Sprintf("%dx %s %s", count, printed, name)
				case 2:
					text = fmt.Sprintf("%dx%s %s", count, printed, name)
				case 3:
					text = fmt.Sprintf("%s %s x%d", printed, name, count)
				case 4:
					text = fmt.Sprintf("%d\t%s\t%s(%d)", count, printed, name, count+7)
				case 5:
					text = fmt.Sprintf("%d x %s %s // note", count, strings.ToLower(printed), name)
				}
				if rapid.Bool().Draw(t, "blank") {
					fmt.Fprintln(&b)
					line++
				}
				fmt.Fprintln(&b, text)
				line++
				want = append(want, DeckEntry{Line: line, Section: sec, Count: count, Number: num, Name: name})
			}
		}
		d, err := ParseDecklistString(b.String())
		if err != nil {
			t.Fatalf("%v\n%s", err, b.String())
		}
		if len(d.Entries) != len(want) {
			t.Fatalf("got %d entries, want %d\n%s", len(d.Entries), len(want), b.String())
		}
		for i, w := range want {
			g := d.Entries[i]
			if g.Line != w.Line || g.Section != w.Section || g.Count != w.Count || g.Number != w.Number || g.Name != w.Name {
				t.Fatalf("entry %d: got %+v, want %+v\n%s", i, g, w, b.String())
			}
		}
	})
}
