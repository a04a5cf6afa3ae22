// Package ruletext says the rule index (rules/engine/ruleindex) in a
// language. The index keeps its IDs, numbers and English in rules; each
// entry's title, explanation and search terms in the other languages are
// messages of the catalogue (views/i18n/messages/ruleindex.*.json):
// Rule<key>Title, Rule<key>Explanation and Rule<key>Terms, key the entry's
// MessageKey, the terms separated by " | ". A language may lack entries
// while it is being written: those are shown, and searched, in English.
package ruletext

import (
	"strings"
	"sync"

	"github.com/tenkaichi-org/tenkaichi/rules/engine/ruleindex"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// termSeparator separates an entry's search terms in its Terms message.
const termSeparator = " | "

// MessageIDs are the catalogue's messages of an entry's title, explanation
// and search terms.
func MessageIDs(r ruleindex.Entry) (title, explanation, terms string) {
	k := "Rule" + r.MessageKey()
	return k + "Title", k + "Explanation", k + "Terms"
}

// translated is the index in one language: each entry as the language
// says it, and whether it does (the catalogue is embedded, so it is read
// once per language).
type translated struct {
	entries []ruleindex.Entry
	has     []bool
	n       int
}

var byLanguage sync.Map // language code -> *translated

func inLanguage(lang string) *translated {
	if v, ok := byLanguage.Load(lang); ok {
		return v.(*translated)
	}
	t := &translated{entries: make([]ruleindex.Entry, len(ruleindex.Rules)), has: make([]bool, len(ruleindex.Rules))}
	for i, r := range ruleindex.Rules {
		t.entries[i], t.has[i] = say(r, lang)
		if t.has[i] {
			t.n++
		}
	}
	if i18n.Supported(lang) != lang {
		return t // a code the pages never use: not kept
	}
	v, _ := byLanguage.LoadOrStore(lang, t)
	return v.(*translated)
}

// say is entry r in language lang, when the language's files have all
// three of its messages.
func say(r ruleindex.Entry, lang string) (ruleindex.Entry, bool) {
	titleID, explanationID, termsID := MessageIDs(r)
	title, ok1 := i18n.Own(lang, titleID)
	explanation, ok2 := i18n.Own(lang, explanationID)
	terms, ok3 := i18n.Own(lang, termsID)
	if !ok1 || !ok2 || !ok3 {
		return r, false
	}
	r.Title, r.Explanation, r.Terms = title, explanation, strings.Split(terms, termSeparator)
	return r, true
}

func english(lang string) bool { return lang == "" || lang == "en" }

// InLanguage is the entry with its text in language lang (a code of
// i18n.Languages: "de", "pt-BR"), and whether the index has the entry in
// that language; otherwise the English entry and false (English itself is
// always true).
func InLanguage(r ruleindex.Entry, lang string) (ruleindex.Entry, bool) {
	if english(lang) {
		return r, true
	}
	t := inLanguage(lang)
	for i := range ruleindex.Rules {
		if ruleindex.Rules[i].ID == r.ID {
			if !t.has[i] {
				return r, false
			}
			return t.entries[i], true
		}
	}
	return say(r, lang)
}

// TranslatedRules is how many entries the index has in language lang (all
// of them for English).
func TranslatedRules(lang string) int {
	if english(lang) {
		return len(ruleindex.Rules)
	}
	return inLanguage(lang).n
}

// SearchIn is ruleindex.Search in language lang: translated entries are
// matched on their text in lang, and every entry still on its English
// title and terms (judges know the English keyword names), so a query in
// either language finds the rule. The entries come back in lang where the
// index has them.
func SearchIn(query, lang string) []ruleindex.Entry {
	if english(lang) {
		return ruleindex.Search(query)
	}
	t := inLanguage(lang)
	searchable := make([]ruleindex.Entry, len(ruleindex.Rules))
	for i, r := range ruleindex.Rules {
		searchable[i] = t.entries[i]
		if t.has[i] {
			local := t.entries[i]
			searchable[i].Terms = append(append(append([]string{}, local.Terms...), r.Terms...), r.Title)
		}
	}
	var out []ruleindex.Entry
	for _, i := range ruleindex.SearchEntries(searchable, query) {
		out = append(out, t.entries[i])
	}
	return out
}
