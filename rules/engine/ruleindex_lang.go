package engine

// The rule index in other languages. Rule numbers and IDs are the same in
// every language (citations stay by number); titles, explanations and
// search terms are written for this project in each language, entry by
// entry, so a language may cover part of the index: the rest is shown, and
// searched, in English.

// RuleText is an entry's title, explanation and search terms in one
// language.
type RuleText struct {
	Title, Explanation string
	Terms              []string
}

// ruleTexts holds the translated entries: language code (as the pages name
// languages: "de", "ja", "pt-BR") -> rule ID -> text. Each language's
// entries are in a file of their own (ruleindex_de.go, ...); the tests ask
// every language here for every entry of Rules.
var ruleTexts = map[string]map[string]RuleText{
	"de":    ruleTextsDE,
	"fr":    ruleTextsFR,
	"es":    ruleTextsES,
	"it":    ruleTextsIT,
	"pt-BR": ruleTextsPTBR,
	"ja":    ruleTextsJA,
}

// InLanguage is the entry with its text in language lang, and whether the
// index has the entry in that language; otherwise the English entry and
// false (English itself is always true).
func InLanguage(r RuleEntry, lang string) (RuleEntry, bool) {
	if lang == "" || lang == "en" {
		return r, true
	}
	t, ok := ruleTexts[lang][r.ID]
	if !ok {
		return r, false
	}
	r.Title, r.Explanation, r.Terms = t.Title, t.Explanation, t.Terms
	return r, true
}

// TranslatedRules is how many entries the index has in language lang (all
// of them for English).
func TranslatedRules(lang string) int {
	if lang == "" || lang == "en" {
		return len(Rules)
	}
	n := 0
	for id := range ruleTexts[lang] {
		if _, ok := ruleByID[id]; ok {
			n++
		}
	}
	return n
}

// SearchIn is Search in language lang: translated entries are matched on
// their text in lang, and every entry still on its English title and terms
// (judges know the English keyword names), so a query in either language
// finds the rule. The entries come back in lang where the index has them.
func SearchIn(query, lang string) []RuleEntry {
	if lang == "" || lang == "en" {
		return Search(query)
	}
	searchable := make([]RuleEntry, len(Rules))
	shown := make([]RuleEntry, len(Rules))
	for i, r := range Rules {
		local, translated := InLanguage(r, lang)
		shown[i], searchable[i] = local, local
		if translated {
			searchable[i].Terms = append(append(append([]string{}, local.Terms...), r.Terms...), r.Title)
		}
	}
	var out []RuleEntry
	for _, i := range searchEntries(searchable, query) {
		out = append(out, shown[i])
	}
	return out
}
