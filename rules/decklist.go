package rules

import (
	"bufio"
	"fmt"
	"io"
	"slices"
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
	// LeaderHeader is the header that first opened the Leader section, as a
	// key of sectionHeaders ("leader", "main personality"), and
	// LeaderHeaderLine its line: a DBZ list written with "Leader:" gets a hint.
	LeaderHeader     string `json:"leader_header,omitempty"`
	LeaderHeaderLine int    `json:"leader_header_line,omitempty"`
}

// DecklistError says which line of a decklist could not be read and what was expected.
type DecklistError struct {
	Line     int
	Text     string
	Expected string // plain English, built from DecklistMessages[Key]
	// Key is the DecklistMessages entry Expected was built from and Args its
	// values in that entry's order, so a page can say it in its language.
	Key  string
	Args []any
}

func (e *DecklistError) Error() string {
	return fmt.Sprintf("line %d: cannot read %q: expected %s", e.Line, e.Text, e.Expected)
}

// DecklistMessages holds what a decklist line that cannot be read should
// have been, in English, by key: one format string each with indexed verbs.
var DecklistMessages = map[string]string{
	"too-many-lines":    "at most %[1]d lines",
	"not-utf8":          "text in UTF-8",
	"line-too-long":     "a line of at most %[1]d characters",
	"unreadable":        "a readable line (%[1]v)",
	"not-a-card-line":   `a card line such as "4 FB01-005" or a header such as "Side deck:"`,
	"not-a-card-named":  "a card number, or the name of a card as the card list has it, in English or Japanese",
	"count-once":        "the count written once, before or after the card number",
	"one-count-before":  "one count before the card number, such as 4xFB01-005",
	"count-before":      `a count such as "4" or "4x" before the card number`,
	"count-or-id":       `a count such as "4 %[1]s" or "%[1]s x4" (%[2]q could be a count or a client's card id)`,
	"count-or-name":     `the count before the card number (%[1]q after it could be a count or the start of a name such as "10x Kamehameha")`,
	"count-inside-name": "the count at the start or the end of the line, not %[1]q inside the name",
	"count-too-small":   "a count of at least 1",
	"count-too-large":   "a count of at most %[1]d",
	"ambiguous-name":    "the card number: %[1]q is the name of %[2]d cards (%[3]s)",
}

// lineProblem is what a line should have been: a DecklistMessages key and
// its values.
type lineProblem struct {
	key  string
	args []any
}

func expect(key string, args ...any) *lineProblem { return &lineProblem{key, args} }

// decklistError is the error for line n holding text, which should have been p.
func decklistError(n int, text string, p *lineProblem) *DecklistError {
	return &DecklistError{Line: n, Text: text, Expected: fmt.Sprintf(DecklistMessages[p.key], p.args...), Key: p.key, Args: p.args}
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
	// The players' own languages: a list written in Japanese, German, French,
	// Spanish, Italian or Portuguese heads its sections in that language.
	"リーダー": SectionLeader, "メインパーソナリティ": SectionLeader,
	"メインデッキ": SectionMain, "メイン": SectionMain, "デッキ": SectionMain,
	"サイドデッキ": SectionSide, "サイド": SectionSide, "zデッキ": SectionZDeck,
	"anführer": SectionLeader, "hauptdeck": SectionMain, "side-deck": SectionSide, "nebendeck": SectionSide,
	"deck principal": SectionMain, "réserve": SectionSide, "deck secondaire": SectionSide,
	"líder": SectionLeader, "lider": SectionLeader, "mazo principal": SectionMain, "mazo": SectionMain,
	"mazo auxiliar": SectionSide, "banquillo": SectionSide,
	"mazzo principale": SectionMain, "mazzo": SectionMain, "mazzo secondario": SectionSide,
	"deck reserva": SectionSide, "deck lateral": SectionSide,
}

// fullWidth are the full-width marks Japanese text heads a section with
// ("サイドデッキ：", "メインデッキ（50）"), as their ASCII forms.
var fullWidth = strings.NewReplacer("：", ":", "（", "(", "）", ")", "［", "[", "］", "]", "　", " ")

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
func ParseDecklist(r io.Reader) (*Decklist, error) { return ParseDecklistNamed(r, nil) }

// ParseDecklistNamed is ParseDecklist that also reads lines naming a card
// instead of giving its number ("4 Son Goku", "孫悟空 x4"), in English or in
// Japanese, through names (nil: numbers only). A name several cards share
// is an error asking for the number; nothing is guessed.
func ParseDecklistNamed(r io.Reader, names *NameIndex) (*Decklist, error) {
	d := &Decklist{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 64*1024)
	section := SectionMain
	// A "Leader" header (bare or with the card on its line) holds one card
	// line; back is the section the lines after it return to.
	back, oneCard := SectionMain, false
	lineNo := 0
	for sc.Scan() {
		lineNo++
		if lineNo > maxDecklistLines {
			return nil, decklistError(lineNo, "", expect("too-many-lines", maxDecklistLines))
		}
		raw, p := checkRawLine(sc.Text(), lineNo)
		if p != nil {
			return nil, p
		}
		line := stripComment(raw)
		if line == "" {
			continue
		}
		if s, h, ok := parseHeader(fullWidth.Replace(line)); ok {
			d.HasHeaders = true
			d.noteLeaderHeader(s, h, lineNo)
			section, back, oneCard = openSection(section, back, oneCard, s, h)
			continue
		}
		// "Leader: FB01-001 Son Goku" puts the header and the card on one line.
		if i, w := headerColon(line); i > 0 {
			h := strings.ToLower(strings.TrimSpace(line[:i]))
			if s, ok := sectionHeaders[h]; ok {
				d.HasHeaders = true
				d.noteLeaderHeader(s, h, lineNo)
				section, back, oneCard = openSection(section, back, oneCard, s, h)
				line = strings.TrimSpace(line[i+w:])
			}
		}
		e, ok, err := parseCardLine(line)
		if !ok && err == nil && names != nil {
			e, ok, err = parseNamedLine(line, names, oneCard)
		}
		if err != nil {
			return nil, decklistError(lineNo, line, err)
		}
		if !ok {
			if len(d.Entries) == 0 && d.Name == "" && !d.HasHeaders && !looksCounted(line) {
				d.Name = line // a title such as "Son Goku (X)" from a client export
				continue
			}
			return nil, notACardLine(lineNo, line, names != nil)
		}
		e.Line = lineNo
		e.Section = section
		d.Entries = append(d.Entries, e)
		if oneCard {
			// The Leader section is one card line; the list goes on where it was.
			section, oneCard = back, false
		}
	}
	if err := sc.Err(); err != nil {
		return nil, decklistError(lineNo+1, "", expect("unreadable", err))
	}
	return d, nil
}

// checkRawLine refuses line lineNo as read when it cannot be a decklist's
// (not UTF-8, too long), and takes a byte-order mark off the first.
func checkRawLine(raw string, lineNo int) (string, *DecklistError) {
	if lineNo == 1 {
		raw = strings.TrimPrefix(raw, "\ufeff")
	}
	if !utf8.ValidString(raw) {
		return raw, decklistError(lineNo, strings.ToValidUTF8(raw, "?"), expect("not-utf8"))
	}
	if len(raw) > maxDecklistLineLen {
		return raw, decklistError(lineNo, raw[:40]+"...", expect("line-too-long", maxDecklistLineLen))
	}
	return raw, nil
}

// notACardLine is the problem of a line that names no card: with names,
// a counted line names none the card list knows.
func notACardLine(lineNo int, line string, named bool) *DecklistError {
	if named && looksCounted(line) {
		return decklistError(lineNo, line, expect("not-a-card-named"))
	}
	return decklistError(lineNo, line, expect("not-a-card-line"))
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

// parseHeader recognises "Leader:", "Main deck (50)", "Side deck: 15", "== Side ==",
// and returns the section and the header's key in sectionHeaders.
// A header followed by a card ("Leader: FB01-001") is not a header line.
func parseHeader(line string) (DeckSection, string, bool) {
	h := strings.ToLower(strings.Trim(line, "=-*_ \t"))
	rest := ""
	if i := strings.IndexAny(h, ":(["); i >= 0 {
		h, rest = h[:i], h[i:]
	}
	// What follows may only be a count: "Main deck (50)", "Side deck: 15", "Main Deck - 50".
	if strings.Trim(rest, ":()[] \t0123456789") != "" {
		return "", "", false
	}
	h = strings.TrimSpace(strings.TrimRight(h, " -0123456789"))
	s, ok := sectionHeaders[h]
	return s, h, ok
}

// headerColon is where the first colon of line is, ASCII or full-width, and
// its width in bytes; -1 when it has none.
func headerColon(line string) (at, width int) {
	ascii, full := strings.IndexByte(line, ':'), strings.Index(line, "：")
	if full >= 0 && (ascii < 0 || full < ascii) {
		return full, len("：")
	}
	return ascii, 1
}

// noteLeaderHeader remembers the first header that opened the Leader section.
func (d *Decklist) noteLeaderHeader(s DeckSection, h string, line int) {
	if s == SectionLeader && d.LeaderHeader == "" {
		d.LeaderHeader, d.LeaderHeaderLine = h, line
	}
}

// oneCardHeaders are the headers of a Fusion World or Masters Leader: the
// section holds one card line. "Main personality" (DBZ) holds several levels.
var oneCardHeaders = map[string]bool{"leader": true, "leaders": true, "leader card": true,
	"リーダー": true, "anführer": true, "líder": true, "lider": true}

// openSection switches to section s, opened by header h. A one-card Leader
// header remembers the section to return to after its card line.
func openSection(cur, back DeckSection, oneCard bool, s DeckSection, h string) (DeckSection, DeckSection, bool) {
	if oneCardHeaders[h] {
		if !oneCard {
			back = cur // "Leader:" twice in a row returns to the section before the first
		}
		return s, back, true
	}
	return s, back, false
}

// parseCardLine reads one card line. ok is false when the line holds no card
// number at all; expected is set when it holds one but cannot be read.
//
// The count may come before the number ("4", "4x", "x4", "4 x", "4×"), glued
// to it ("4xFB01-005"), right after it ("FB01-005 x4", "FB01-005 x 4",
// "FB01-005 4", "FB01-005 4x" when nothing follows) or at the end of the line
// ("FB01-005 Name x4", "Name x 4", "Name 4x", "Name (x4)", "Name *4"). A bare
// number at the end is part of the name ("FS01-06 Android 17"). Forms that
// could be read two ways are errors, never a guessed count: "FB01-005 4x Name"
// (a count or a name such as "10x Kamehameha"), "FB01-005 (4)" (a count or a
// client id), and a count-like "x4" in the middle of the name.
func parseCardLine(line string) (e DeckEntry, ok bool, expected *lineProblem) {
	fields := strings.Fields(line)
	at := -1
	var c lineCount
	for i, f := range fields {
		if n, num, good := splitGluedCount(f); good {
			at, c = i, lineCount{n: n, written: n != 0}
			fields[i] = num
			break
		}
		if looksLikeCardNumber(trimNumberPunct(f)) {
			at = i
			break
		}
	}
	if at < 0 {
		return e, false, nil
	}
	// Before the number: nothing, "4", "4x", "x4", "4 x".
	if before := strings.ToLower(strings.Join(fields[:at], "")); before != "" {
		if c.written {
			return e, true, expect("one-count-before")
		}
		n, good := parseCount(before)
		if !good {
			return e, true, expect("count-before")
		}
		c = lineCount{n: n, written: true}
	}
	number := trimNumberPunct(fields[at])
	rest := fields[at+1:]
	// At the end of the line first, so that a count there settles what
	// follows the number; then right after the number.
	var p *lineProblem
	if rest, p = c.atEnd(rest, number); p != nil {
		return e, true, p
	}
	if rest, p = c.afterNumber(rest); p != nil {
		return e, true, p
	}
	if p := countInsideName(rest); p != nil {
		return e, true, p
	}
	name := stripDigitalID(strings.Join(rest, " "))
	count := c.n
	if !c.written {
		count = 1
	}
	if count < 1 {
		return e, true, expect("count-too-small")
	}
	if count > maxEntryCount {
		return e, true, expect("count-too-large", maxEntryCount)
	}
	e.Count = count
	e.Number = CanonicalNumber(number)
	if !strings.EqualFold(number, e.Number) {
		e.Printed = number
	}
	e.Name = strings.TrimSpace(strings.Trim(name, namePunct))
	return e, true, nil
}

// lineCount is a card line's count, and whether the line wrote one.
type lineCount struct {
	n       int
	written bool
}

// take sets the count read from the line, once.
func (c *lineCount) take(n int) *lineProblem {
	if c.written {
		return expect("count-once")
	}
	c.n, c.written = n, true
	return nil
}

// atEnd reads a count at the end of the words after the number (rest):
// "x4", "×4", "*4", "(x4)", "4x", "x 4", "4 x". It returns the words left.
func (c *lineCount) atEnd(rest []string, number string) ([]string, *lineProblem) {
	if len(rest) == 0 {
		return rest, nil
	}
	last := strings.ToLower(rest[len(rest)-1])
	n, used := 0, 0
	if v, good := parseMarkedCount(last); good {
		n, used = v, 1
	} else if v, good := parseSuffixedCount(last); good {
		n, used = v, 1
	} else if len(rest) > 1 && isBareCount(last) && isCountMarker(strings.ToLower(rest[len(rest)-2])) {
		n, used = atoi(last), 2 // "x 4"
	} else if len(rest) > 1 && isCountMarker(last) && isBareCount(rest[len(rest)-2]) {
		n, used = atoi(rest[len(rest)-2]), 2 // "4 x"
	} else if isDigitalID(last) && !c.written {
		// "Master Roshi (4)": a count, or the id a digital client writes
		// after a count ("4 FS01-03 Master Roshi (5)")? Not guessed.
		return rest, expect("count-or-id", number, rest[len(rest)-1])
	}
	if used == 0 {
		return rest, nil
	}
	return rest[:len(rest)-used], c.take(n)
}

// afterNumber reads a count right after the number: "x4", "×4", "*4",
// "(x4)", "x 4", "4", and "4x" when nothing follows. It returns the words
// left.
func (c *lineCount) afterNumber(rest []string) ([]string, *lineProblem) {
	if len(rest) == 0 {
		return rest, nil
	}
	first := strings.ToLower(rest[0])
	n, used := 0, 0
	if v, good := parseMarkedCount(first); good {
		n, used = v, 1
	} else if isCountMarker(first) && len(rest) > 1 && isBareCount(rest[1]) {
		n, used = atoi(rest[1]), 2
	} else if isBareCount(first) && len(rest) > 1 && isCountMarker(rest[1]) {
		n, used = atoi(first), 2
	} else if isBareCount(first) {
		n, used = atoi(first), 1
	} else if v, good := parseSuffixedCount(first); good {
		switch {
		case len(rest) == 1:
			n, used = v, 1
		case !c.written:
			return rest, expect("count-or-name", rest[0])
		}
		// With the count written elsewhere, "10x Kamehameha" is the name.
	}
	if used == 0 {
		return rest, nil
	}
	return rest[used:], c.take(n)
}

// countInsideName refuses a count left in the name: bare numbers are part
// of it ("Android 17", "Android Troop - 14 & 15"), and so is "10x"
// ("Instant Transmission 10x Kamehameha"); a marked count ("x4", "(x4)",
// "x 4") or a client id before the end is a misplaced count.
func countInsideName(rest []string) *lineProblem {
	for i, f := range rest {
		lf := strings.Trim(strings.ToLower(f), namePunct+",.;")
		_, marked := parseMarkedCount(lf)
		loneMarker := isCountMarker(lf) && ((i > 0 && isBareCount(rest[i-1])) || (i+1 < len(rest) && isBareCount(rest[i+1])))
		if marked || loneMarker || (isDigitalID(lf) && i < len(rest)-1) {
			return expect("count-inside-name", f)
		}
	}
	return nil
}

// namePunct is trimmed from the ends of a name ("FS01-03 - Master Roshi").
const namePunct = "-–:|"

// countMarkers are the signs written next to a count: "x4", "4×", "*4".
var countMarkers = []string{"x", "×", "*"}

func isCountMarker(s string) bool { return slices.Contains(countMarkers, s) }

// isBareCount reports whether s is 1 to 3 digits ("4", "12", "0").
func isBareCount(s string) bool {
	if s == "" || len(s) > 3 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// splitGluedCount splits "4xFB01-005", "4XFB01-005" or "4×FB01-005" into 4 and "FB01-005".
func splitGluedCount(f string) (int, string, bool) {
	i := 0
	for i < len(f) && f[i] >= '0' && f[i] <= '9' {
		i++
	}
	if i == 0 || i > 3 || i >= len(f) {
		return 0, "", false
	}
	var rest string
	switch {
	case f[i] == 'x' || f[i] == 'X':
		rest = f[i+1:]
	case strings.HasPrefix(f[i:], "×"):
		rest = f[i+len("×"):]
	default:
		return 0, "", false
	}
	rest = trimNumberPunct(rest)
	if !looksLikeCardNumber(rest) {
		return 0, "", false
	}
	n, _ := strconv.Atoi(f[:i])
	if n == 0 {
		return 0, "", false // "0xFB01-005": let the count check report it
	}
	return n, rest, true
}

// parseCount reads the count before a card number: "4", "4x", "x4", "4×", "×4".
func parseCount(s string) (int, bool) {
	s = strings.TrimSuffix(strings.TrimSuffix(s, "x"), "×")
	s = strings.TrimPrefix(strings.TrimPrefix(s, "x"), "×")
	if !isBareCount(s) {
		return 0, false
	}
	return atoi(s), true
}

// parseMarkedCount reads a count with its sign in front: "x4", "×4", "*4",
// and the same in brackets, "(x4)", "[x4]".
func parseMarkedCount(s string) (int, bool) {
	s = strings.TrimSuffix(strings.TrimSuffix(s, ")"), "]")
	s = strings.TrimPrefix(strings.TrimPrefix(s, "("), "[")
	for _, m := range countMarkers {
		if d, found := strings.CutPrefix(s, m); found && isBareCount(d) {
			return atoi(d), true
		}
	}
	return 0, false
}

// parseSuffixedCount reads a count with its sign behind: "4x", "4×".
func parseSuffixedCount(s string) (int, bool) {
	for _, m := range countMarkers[:2] {
		if d, found := strings.CutSuffix(s, m); found && isBareCount(d) {
			return atoi(d), true
		}
	}
	return 0, false
}

// isDigitalID reports whether s is "(5)", the form of a digital client's card id.
func isDigitalID(s string) bool {
	return len(s) > 2 && s[0] == '(' && s[len(s)-1] == ')' && isBareCount(s[1:len(s)-1])
}

// looksCounted reports whether a line without a card number still reads as a
// card line with a count ("4 Pilaf", "Pilaf x4", "4x Pilaf"), so it is not
// taken as the list's title.
func looksCounted(line string) bool {
	f := strings.Fields(strings.ToLower(line))
	if len(f) < 2 {
		return false
	}
	if _, good := parseCount(f[0]); good {
		return true
	}
	last := f[len(f)-1]
	if _, good := parseMarkedCount(last); good {
		return true
	}
	_, good := parseSuffixedCount(last)
	return good
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
