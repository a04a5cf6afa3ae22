package rules

import (
	"strings"

	"github.com/tenkaichi-org/tenkaichi/rules/keyword"
)

// OwnKeywords returns the keywords a card has itself, read from its skill text.
// A keyword is the card's own when it stands in the run of bracketed tags that
// opens a skill line ("[Super Combo] (A maximum ...)", "[Blocker][Critical]").
// Keywords that appear later in a line are granted or referred to
// ("this card gains [Double Strike]", "choose 1 [Dragon Ball] card") and do
// not count. Reminder text in parentheses never opens a skill line.
func OwnKeywords(text string) []string {
	var out []string
	for line := range strings.SplitSeq(text, "\n") {
		line = strings.TrimSpace(line)
		for strings.HasPrefix(line, "[") {
			end := strings.IndexByte(line, ']')
			if end < 0 {
				break
			}
			tag := keyword.Normalise(line[1:end])
			if keyword.IsListed(tag) && !containsString(out, tag) {
				out = append(out, tag)
			}
			line = strings.TrimSpace(line[end+1:])
		}
	}
	return out
}

// ownKeywords decides a card's keywords from the list's keyword field and the
// card's text. Card lists extract keywords by pattern matching and so include
// granted ones; where text is known it is the authority, and the field only
// fills in for cards whose text the list lacks.
func ownKeywords(field []string, text string) []string {
	if strings.TrimSpace(text) != "" {
		return OwnKeywords(text)
	}
	var out []string
	for _, k := range field {
		k = keyword.Normalise(k)
		if keyword.IsListed(k) && !containsString(out, k) {
			out = append(out, k)
		}
	}
	return out
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
