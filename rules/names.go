package rules

import (
	"regexp"
	"sort"
	"strings"

	"golang.org/x/text/unicode/norm"
)

// NameIndex finds cards by the name a decklist writes, in English or in
// Japanese ("4 Son Goku", "4 孫悟空"), for lines that give no card number.
// Names are compared with case, width and spacing folded (NFKC: "ＳＯＮ
// goku" is "Son Goku").
type NameIndex struct {
	byName map[string][]string // folded name -> card numbers, sorted
}

// NewNameIndex indexes the English and Japanese names of a pool's cards.
func NewNameIndex(pool MapPool) *NameIndex {
	ix := &NameIndex{byName: make(map[string][]string, 2*len(pool))}
	for number, c := range pool {
		for _, name := range []string{c.Name, c.NameJP} {
			if k := nameKey(name); k != "" && !containsString(ix.byName[k], number) {
				ix.byName[k] = append(ix.byName[k], number)
			}
		}
	}
	for _, numbers := range ix.byName {
		sort.Strings(numbers)
	}
	return ix
}

// Numbers are the card numbers whose English or Japanese name is name.
func (ix *NameIndex) Numbers(name string) []string {
	if ix == nil {
		return nil
	}
	return ix.byName[nameKey(name)]
}

// nameKey folds a name for comparison: NFKC (full-width letters, digits and
// "：" become plain), lower case, single spaces, none around a colon
// ("Trunks : Future", "Trunks: Future", "トランクス：未来").
func nameKey(s string) string {
	k := strings.ToLower(strings.Join(strings.Fields(norm.NFKC.String(s)), " "))
	return strings.NewReplacer(" :", ":", ": ", ":").Replace(k)
}

// gluedCount is a count glued to the end of a name, as Japanese lists
// write it: "孫悟空×4", "孫悟空x4".
var gluedCount = regexp.MustCompile(`^(.*[^\s\d])[x×*]([1-9]\d?)$`)

// parseNamedLine reads a card line that names its card instead of giving
// the number: a count (before or after the name, as on numbered lines) and
// a name the index knows. ok is false when the line names no known card;
// expected is set when it names several (the number is then needed). A
// name alone, without a count, is read only where one card is expected (the
// Leader's line): elsewhere it could be the list's title.
func parseNamedLine(line string, ix *NameIndex, bare bool) (e DeckEntry, ok bool, expected *lineProblem) {
	line = norm.NFKC.String(line) // full-width digits and signs: "４ 孫悟空", "孫悟空 ×４"
	fields := strings.Fields(line)
	count, name := 0, ""
	switch {
	case len(fields) >= 2 && isNameCount(strings.ToLower(fields[0])):
		count, _ = parseCount(strings.ToLower(fields[0]))
		name = strings.Join(fields[1:], " ")
	case len(fields) >= 2 && isTrailingCount(strings.ToLower(fields[len(fields)-1])):
		last := strings.ToLower(fields[len(fields)-1])
		count, _ = parseMarkedCount(last)
		if count == 0 {
			count, _ = parseSuffixedCount(last)
		}
		name = strings.Join(fields[:len(fields)-1], " ")
	default:
		if m := gluedCount.FindStringSubmatch(strings.TrimSpace(line)); m != nil {
			count, name = atoi(m[2]), m[1]
		} else if bare {
			count, name = 1, line
		} else {
			return e, false, nil
		}
	}
	name = strings.TrimSpace(strings.Trim(name, namePunct))
	numbers := ix.Numbers(name)
	switch {
	case len(numbers) == 0:
		return e, false, nil
	case len(numbers) > 1:
		shown := numbers
		if len(shown) > 6 {
			shown = append(shown[:6:6], "…")
		}
		return e, true, expect("ambiguous-name", name, len(numbers), strings.Join(shown, ", "))
	}
	if count > maxEntryCount {
		return e, true, expect("count-too-large", maxEntryCount)
	}
	return DeckEntry{Count: count, Number: numbers[0], Name: name}, true, nil
}

func isNameCount(s string) bool {
	n, ok := parseCount(s)
	return ok && n > 0
}

func isTrailingCount(s string) bool {
	if n, ok := parseMarkedCount(s); ok && n > 0 {
		return true
	}
	n, ok := parseSuffixedCount(s)
	return ok && n > 0
}
