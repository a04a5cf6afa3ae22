package rules

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

var (
	propNumbers  = []string{"FB01-001", "FB01-005", "FS01-03", "SB01-011", "FP-030", "P-180", "BT10-117", "EX16-03"}
	propSuffixes = []string{"", "-p1", "_p1", "-F", "_PR02"}
	// Names as printed, including ones that end or start with a number.
	propNames = []string{"", "Son Goku", "Son Gohan : Adolescence", "Caulifla, Spunky Allure", "Android 17", "10x Kamehameha"}
)

// cardLineSyntaxes write count, printed number and name in every accepted
// syntax. Some cannot carry every name: start is false for a syntax whose
// count follows the number, so a name that begins with a count-like word
// ("10x Kamehameha") would be read as the count.
var cardLineSyntaxes = []struct {
	format func(count int, number, name string) string
	start  bool // any name may follow
}{
	{func(c int, n, m string) string { return fmt.Sprintf("%d %s %s", c, n, m) }, true},
	{func(c int, n, m string) string { return fmt.Sprintf("%dx %s %s", c, n, m) }, true},
	{func(c int, n, m string) string { return fmt.Sprintf("%dx%s %s", c, n, m) }, true},
	{func(c int, n, m string) string { return fmt.Sprintf("%d×%s %s", c, n, m) }, true},
	{func(c int, n, m string) string { return fmt.Sprintf("%d× %s %s", c, n, m) }, true},
	{func(c int, n, m string) string { return fmt.Sprintf("×%d %s %s", c, n, m) }, true},
	{func(c int, n, m string) string { return fmt.Sprintf("%s %s x%d", n, m, c) }, true},
	{func(c int, n, m string) string { return fmt.Sprintf("%s %s ×%d", n, m, c) }, true},
	{func(c int, n, m string) string { return fmt.Sprintf("%s %s x %d", n, m, c) }, true},
	{func(c int, n, m string) string { return fmt.Sprintf("%s %s (x%d)", n, m, c) }, true},
	{func(c int, n, m string) string { return fmt.Sprintf("%s %s *%d", n, m, c) }, true},
	{func(c int, n, m string) string { return fmt.Sprintf("%d\t%s\t%s(%d)", c, n, m, c+7) }, true},
	{func(c int, n, m string) string { return fmt.Sprintf("%d x %s %s // note", c, strings.ToLower(n), m) }, true},
	{func(c int, n, m string) string { return fmt.Sprintf("%s x%d %s", n, c, m) }, true},
	{func(c int, n, m string) string { return fmt.Sprintf("%s x %d %s", n, c, m) }, true},
	{func(c int, n, m string) string { return fmt.Sprintf("%s ×%d %s", n, c, m) }, true},
	{func(c int, n, m string) string { return fmt.Sprintf("%s %d %s", n, c, m) }, false},
}

// TestParseDecklistRoundTrip writes random entries in random accepted
// syntaxes and checks the parser reads back the same counts, numbers and sections.
func TestParseDecklistRoundTrip(t *testing.T) {
	headers := map[DeckSection][]string{
		SectionLeader: {"Leader:", "LEADER", "Leader (1)", "Main personality:"},
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
			header := rapid.SampledFrom(headers[sec]).Draw(t, "header")
			fmt.Fprintln(&b, header)
			line++
			// A Leader header holds one card line; later lines are main deck
			// (the Leader section comes first here).
			oneCard := sec == SectionLeader && !strings.HasPrefix(header, "Main personality")
			n := rapid.IntRange(1, 6).Draw(t, "entries")
			for i := range n {
				num := rapid.SampledFrom(propNumbers).Draw(t, "number")
				printed := num + rapid.SampledFrom(propSuffixes).Draw(t, "suffix")
				count := rapid.IntRange(1, 99).Draw(t, "count")
				name := rapid.SampledFrom(propNames).Draw(t, "name")
				syntax := rapid.IntRange(0, len(cardLineSyntaxes)-1).Draw(t, "syntax")
				if !cardLineSyntaxes[syntax].start && name == "10x Kamehameha" {
					name = "Son Goku"
				}
				text := cardLineSyntaxes[syntax].format(count, printed, name)
				if rapid.Bool().Draw(t, "blank") {
					fmt.Fprintln(&b)
					line++
				}
				fmt.Fprintln(&b, text)
				line++
				got := sec
				if oneCard && i > 0 {
					got = SectionMain
				}
				want = append(want, DeckEntry{Line: line, Section: got, Count: count, Number: num, Name: name})
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

// TestParseDecklistNeverGuessesACount puts a written count of 2-99 in random
// places and forms around a card number and a name, including forms that are
// ambiguous or wrong. Whatever the parser does, it either reads that count or
// names the line in an error: it never silently reads another count (such as 1).
func TestParseDecklistNeverGuessesACount(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		count := rapid.IntRange(2, 99).Draw(t, "count")
		c := fmt.Sprint(count)
		forms := []string{c, c + "x", c + "X", c + "×", "x" + c, "×" + c, "*" + c, "(x" + c + ")", "[x" + c + "]",
			"(" + c + ")", "x " + c, "× " + c, c + " x", "* " + c}
		form := rapid.SampledFrom(forms).Draw(t, "form")
		number := rapid.SampledFrom(propNumbers).Draw(t, "number") + rapid.SampledFrom(propSuffixes).Draw(t, "suffix")
		name := strings.Fields(rapid.SampledFrom([]string{"", "Master Roshi", "Son Gohan : Adolescence", "Vados"}).Draw(t, "name"))
		// Position: 0 before the number, 1 right after it, 2..len(name)+1 after that name word.
		pos := rapid.IntRange(0, len(name)+1).Draw(t, "position")
		words := append([]string{number}, name...)
		words = append(words[:pos], append([]string{form}, words[pos:]...)...)
		sep := rapid.SampledFrom([]string{" ", "\t", "  "}).Draw(t, "separator")
		text := strings.Join(words, sep)
		if rapid.Bool().Draw(t, "header") {
			text = rapid.SampledFrom([]string{"Leader: ", "Side deck: ", "Main: "}).Draw(t, "inline header") + text
		}
		d, err := ParseDecklistString("Main deck\n" + text + "\n")
		if err != nil {
			var de *DecklistError
			if !errors.As(err, &de) || de.Line != 2 {
				t.Fatalf("%q: error does not name line 2: %v", text, err)
			}
			return
		}
		if len(d.Entries) != 1 {
			t.Fatalf("%q: %d entries", text, len(d.Entries))
		}
		e := d.Entries[0]
		// Documented: after a name word, a bare number is part of the name
		// ("Android 17"), and so is "10x" before another word ("Instant
		// Transmission 10x Kamehameha").
		suffixed := strings.HasSuffix(strings.ToLower(form), "x") || strings.HasSuffix(form, "×")
		partOfName := pos >= 2 && (form == c || (suffixed && !strings.Contains(form, " ") && pos < len(words)-1))
		if partOfName {
			if e.Count != 1 || !strings.Contains(e.Name, form) {
				t.Fatalf("%q: want the count 1 and %q in the name, got %+v", text, form, e)
			}
			return
		}
		if e.Count != count {
			t.Fatalf("%q: read count %d, want %d or an error (entry %+v)", text, e.Count, count, e)
		}
	})
}
