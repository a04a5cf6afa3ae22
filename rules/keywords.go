package rules

import "strings"

// Keywords that deck-construction rules count.
const (
	KeywordSuperCombo = "Super Combo"
	KeywordDragonBall = "Dragon Ball"
)

// knownKeywords are the bracketed keywords of Fusion World and Masters that
// name an ability of the card itself (timings such as [On Play] are not keywords).
var knownKeywords = map[string]bool{
	"Blocker": true, "Critical": true, "Double Strike": true, "Triple Strike": true,
	"Quadruple Strike": true, "Victory Strike": true, "Barrier": true,
	"Super Combo": true, "Dragon Ball": true, "Field": true, "Awaken": true,
	"Dual Attack": true, "Triple Attack": true, "Evolve": true, "EX-Evolve": true,
	"Xeno-Evolve": true, "Wish": true, "Indestructible": true, "Revenge": true,
	"Unique": true, "Z-Stack": true, "Energy-Exhaust": true, "Over Realm": true,
	"Dark Over Realm": true, "Deflect": true, "Ultimate": true, "Union": true,
	"Union-Fusion": true, "Union-Potara": true, "Union-Absorb": true,
	"Servant": true, "Rejuvenate": true, "Overlord": true, "Successor": true,
	"Offering": true, "Swap": true, "Revive": true, "Surge": true, "Aegis": true,
	"Invoker": true, "Wormhole": true,
}

// normaliseKeyword turns the spellings found in card lists ("Double-Strike",
// "super combo") into the printed form ("Double Strike").
func normaliseKeyword(k string) string {
	k = strings.TrimSpace(strings.Trim(strings.TrimSpace(k), "[]"))
	if k == "" {
		return ""
	}
	for known := range knownKeywords {
		if strings.EqualFold(k, known) {
			return known
		}
	}
	// Masters data writes spaces as hyphens ("Super-Combo").
	spaced := strings.ReplaceAll(k, "-", " ")
	for known := range knownKeywords {
		if strings.EqualFold(spaced, known) {
			return known
		}
	}
	return k
}

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
			tag := normaliseKeyword(line[1:end])
			if knownKeywords[tag] && !containsString(out, tag) {
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
		k = normaliseKeyword(k)
		if knownKeywords[k] && !containsString(out, k) {
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
