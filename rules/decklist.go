package rules

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// DeckSection is the part of a decklist an entry belongs to.
type DeckSection string

const (
	SectionLeader DeckSection = "leader" // FW/Masters Leader; DBZ main personality levels
	SectionMain   DeckSection = "main"   // FW/Masters main deck; DBZ life deck
	SectionSide   DeckSection = "side"
	SectionZDeck  DeckSection = "zdeck"  // Masters Z-Deck
	SectionSensei DeckSection = "sensei" // Score DBZ Sensei deck
)

// DeckEntry is one card line of a decklist.
type DeckEntry struct {
	Line    int         `json:"line"` // 1-based line in the pasted text
	Section DeckSection `json:"section"`
	Count   int         `json:"count"`
	Number  string      `json:"number"`            // canonical number
	Printed string      `json:"printed,omitempty"` // the number as written, if it was a printing (FB01-001-p1)
	Name    string      `json:"name,omitempty"`    // the name as written, if any
}

// Decklist is a parsed decklist.
type Decklist struct {
	Name    string      `json:"name,omitempty"` // a title line before any card, if present
	Entries []DeckEntry `json:"entries"`
	// HasHeaders is true when the list named its sections; without headers a
	// Leader card anywhere in the list is taken as the Leader.
	HasHeaders bool `json:"has_headers"`
}

// DecklistError says which line of a decklist could not be read and what was expected.
type DecklistError struct {
	Line     int
	Text     string
	Expected string
}

func (e *DecklistError) Error() string {
	return fmt.Sprintf("line %d: cannot read %q: expected %s", e.Line, e.Text, e.Expected)
}

// Limits on what the parser accepts, so a pasted novel fails fast.
const (
	maxDecklistLines   = 2000
	maxDecklistLineLen = 500
	maxEntryCount      = 99
)

// sectionHeaders maps a header (lower case, without ':' and counts) to its section.
var sectionHeaders = map[string]DeckSection{
	"leader": SectionLeader, "leaders": SectionLeader, "leader card": SectionLeader,
	"main personality": SectionLeader, "mp": SectionLeader, "main personalities": SectionLeader,
	"main": SectionMain, "main deck": SectionMain, "deck": SectionMain, "maindeck": SectionMain,
	"life deck": SectionMain, "battle": SectionMain, "extra": SectionMain,
	"battle cards": SectionMain, "extra cards": SectionMain, "cards": SectionMain,
	"side": SectionSide, "side deck": SectionSide, "sideboard": SectionSide, "sidedeck": SectionSide,
	"z-deck": SectionZDeck, "z deck": SectionZDeck, "zdeck": SectionZDeck,
	"sensei": SectionSensei, "sensei deck": SectionSensei,
	"mastery": SectionMain, "masteries": SectionMain,
}

// ParseDecklistString parses a decklist held in a string.
func ParseDecklistString(s string) (*Decklist, error) {
	return ParseDecklist(strings.NewReader(s))
}

// ParseDecklist reads what players paste: "4 FB01-005", "4x FB01-005",
// "4xFB01-005 Name", "FB01-005 x4", "4 FS01-03 Master Roshi(5)" (the "(5)"
// is a digital client's id and is ignored), a leader line with or without a
// count, section headers ("Leader:", "Main deck", "Side deck:"), blank lines and
// comments ("#", "//"). A line without a count counts once. The first error
// is returned as a *DecklistError naming the line.
func ParseDecklist(r io.Reader) (*Decklist, error) {
	d := &Decklist{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 64*1024)
	section := SectionMain
	lineNo := 0
	for sc.Scan() {
		lineNo++
		if lineNo > maxDecklistLines {
			return nil, &DecklistError{Line: lineNo, Text: "", Expected: fmt.Sprintf("at most %d lines", maxDecklistLines)}
		}
		raw := sc.Text()
		if lineNo == 1 {
			raw = strings.TrimPrefix(raw, "\ufeff")
		}
		if !utf8.ValidString(raw) {
			return nil, &DecklistError{Line: lineNo, Text: strings.ToValidUTF8(raw, "?"), Expected: "text in UTF-8"}
		}
		if len(raw) > maxDecklistLineLen {
			return nil, &DecklistError{Line: lineNo, Text: raw[:40] + "...", Expected: fmt.Sprintf("a line of at most %d characters", maxDecklistLineLen)}
		}
		line := stripComment(raw)
		if line == "" {
			continue
		}
		if s, ok := parseHeader(line); ok {
			section, d.HasHeaders = s, true
			continue
		}
		// "Leader: FB01-001 Son Goku" puts the header and the card on one line.
		if i := strings.IndexByte(line, ':'); i > 0 {
			if s, ok := sectionHeaders[strings.ToLower(strings.TrimSpace(line[:i]))]; ok {
				section, d.HasHeaders = s, true
				line = strings.TrimSpace(line[i+1:])
			}
		}
		e, ok, err := parseCardLine(line)
		if err != "" {
			return nil, &DecklistError{Line: lineNo, Text: line, Expected: err}
		}
		if !ok {
			if len(d.Entries) == 0 && d.Name == "" && !d.HasHeaders {
				d.Name = line // a title such as "Son Goku (X)" from a client export
				continue
			}
			return nil, &DecklistError{Line: lineNo, Text: line,
				Expected: `a card line such as "4 FB01-005" or a header such as "Side deck:"`}
		}
		e.Line = lineNo
		e.Section = section
		d.Entries = append(d.Entries, e)
	}
	if err := sc.Err(); err != nil {
		return nil, &DecklistError{Line: lineNo + 1, Text: "", Expected: fmt.Sprintf("a readable line (%v)", err)}
	}
	return d, nil
}

func stripComment(s string) string {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "#") || strings.HasPrefix(s, "//") || strings.HasPrefix(s, ";") {
		return ""
	}
	if i := strings.Index(s, " //"); i >= 0 {
		s = s[:i]
	}
	if i := strings.Index(s, " #"); i >= 0 {
		s = s[:i]
	}
	return strings.TrimSpace(s)
}

// parseHeader recognises "Leader:", "Main deck (50)", "Side deck: 15", "== Side ==".
// A header followed by a card ("Leader: FB01-001") is not a header line.
func parseHeader(line string) (DeckSection, bool) {
	h := strings.ToLower(strings.Trim(line, "=-*_ \t"))
	rest := ""
	if i := strings.IndexAny(h, ":(["); i >= 0 {
		h, rest = h[:i], h[i:]
	}
	// What follows may only be a count: "Main deck (50)", "Side deck: 15", "Main Deck - 50".
	if strings.Trim(rest, ":()[] \t0123456789") != "" {
		return "", false
	}
	h = strings.TrimSpace(strings.TrimRight(h, " -0123456789"))
	s, ok := sectionHeaders[h]
	return s, ok
}

// parseCardLine reads one card line. ok is false when the line holds no card
// number at all; expected is set when it holds one but cannot be read.
func parseCardLine(line string) (e DeckEntry, ok bool, expected string) {
	fields := strings.Fields(line)
	at := -1
	count := 0
	for i, f := range fields {
		if n, num, good := splitGluedCount(f); good {
			at, count = i, n
			fields[i] = num
			break
		}
		if looksLikeCardNumber(trimNumberPunct(f)) {
			at = i
			break
		}
	}
	if at < 0 {
		return e, false, ""
	}
	// Before the number: nothing, "4", "4x", "x4", "4 x".
	written := count != 0
	before := strings.ToLower(strings.Join(fields[:at], ""))
	if before != "" {
		if written {
			return e, true, "one count before the card number, such as 4xFB01-005"
		}
		n, good := parseCount(before)
		if !good {
			return e, true, `a count such as "4" or "4x" before the card number`
		}
		count, written = n, true
	}
	number := trimNumberPunct(fields[at])
	rest := fields[at+1:]
	// After the number: an optional name, a trailing count "x4", and a trailing
	// digital id "(5)" or "Roshi(5)".
	if len(rest) > 0 {
		last := strings.ToLower(rest[len(rest)-1])
		if n, good := parseTrailingCount(last); good {
			if written {
				return e, true, "the count written once, before or after the card"
			}
			count, written = n, true
			rest = rest[:len(rest)-1]
		}
	}
	name := strings.Join(rest, " ")
	name = stripDigitalID(name)
	if !written {
		count = 1
	}
	if count < 1 {
		return e, true, "a count of at least 1"
	}
	if count > maxEntryCount {
		return e, true, fmt.Sprintf("a count of at most %d", maxEntryCount)
	}
	e.Count = count
	e.Number = CanonicalNumber(number)
	if !strings.EqualFold(number, e.Number) {
		e.Printed = number
	}
	e.Name = strings.TrimSpace(strings.Trim(name, "-–:|"))
	return e, true, ""
}

// splitGluedCount splits "4xFB01-005" or "4XFB01-005" into 4 and "FB01-005".
func splitGluedCount(f string) (int, string, bool) {
	i := 0
	for i < len(f) && f[i] >= '0' && f[i] <= '9' {
		i++
	}
	if i == 0 || i > 3 || i >= len(f) || (f[i] != 'x' && f[i] != 'X') {
		return 0, "", false
	}
	rest := trimNumberPunct(f[i+1:])
	if !looksLikeCardNumber(rest) {
		return 0, "", false
	}
	n, _ := strconv.Atoi(f[:i])
	if n == 0 {
		return 0, "", false // "0xFB01-005": let the count check report it
	}
	return n, rest, true
}

// parseCount reads "4", "4x", "x4", "4×".
func parseCount(s string) (int, bool) {
	s = strings.TrimSuffix(strings.TrimSuffix(s, "x"), "×")
	s = strings.TrimPrefix(strings.TrimPrefix(s, "x"), "×")
	if s == "" || len(s) > 3 {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return 0, false
	}
	return n, true
}

// parseTrailingCount reads "x4", "×4", "(x4)", "*4".
func parseTrailingCount(s string) (int, bool) {
	s = strings.TrimSuffix(strings.TrimPrefix(s, "("), ")")
	for _, p := range []string{"x", "×", "*"} {
		if strings.HasPrefix(s, p) {
			n, err := strconv.Atoi(s[len(p):])
			if err == nil && n >= 0 && len(s) <= len(p)+3 {
				return n, true
			}
		}
	}
	return 0, false
}

// stripDigitalID removes a trailing "(5)" written by Fusion World digital exports.
func stripDigitalID(name string) string {
	name = strings.TrimSpace(name)
	if !strings.HasSuffix(name, ")") {
		return name
	}
	open := strings.LastIndexByte(name, '(')
	if open < 0 {
		return name
	}
	inner := name[open+1 : len(name)-1]
	if inner == "" {
		return name
	}
	for _, r := range inner {
		if r < '0' || r > '9' {
			return name
		}
	}
	return strings.TrimSpace(name[:open])
}

func trimNumberPunct(s string) string {
	return strings.TrimRight(strings.TrimLeft(s, "(["), ",;:.)]")
}
