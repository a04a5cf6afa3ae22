// Package keyword is the one table of the bracketed words of Fusion World
// card text: the keywords a card has ([Blocker], [Double Strike]), the
// timings and limits that open a skill line ([On Play], [Once per turn])
// and the markers ([Ki]). A row says what the word is called, what the card
// lists and the skill reader (rules/skill) match, what the rules engine
// (rules/engine) does with it, and its entry in the rule index
// (rules/engine/ruleindex), in English; the other languages' entries are
// messages of the catalogue (views/i18n/messages/ruleindex.*.json).
//
// Adding a keyword is adding its row to All (and, where the engine must do
// something no field here says, the code that does it), plus its entry's
// translations. The package is a leaf: every other package of rules may
// import it.
package keyword

import (
	"sort"
	"strings"
)

// Kind is what a bracketed word is.
type Kind uint8

const (
	Ability Kind = iota // a keyword a card has: [Blocker], [Super Combo]
	Timing              // a timing that opens a skill line: [On Play], [Activate Battle]
	Limit               // a limit on a skill: [Once per turn]
	Marker              // a marker placed under a card: [Ki]
)

// Keyword is one bracketed word and what each part of the product does
// with it.
type Keyword struct {
	Name string // as printed, without its brackets: "Double Strike"
	Kind Kind
	// Listed: a card's own keyword, which card lists carry in their keyword
	// field and rules.OwnKeywords finds where it opens a skill line.
	Listed bool
	// Read: the skill reader takes it where it opens a skill line
	// (skill.Skill.Keywords) and where an effect gives it ("this card gains
	// [Double Strike] for the turn": a skill.Gain effect).
	Read bool
	// Gained: the engine keeps it when an effect gives it to a card in play
	// for a time, and counts it as the card's own until then (State.hasKeyword).
	Gained bool
	// Strike is how many life cards a successful attack on a Leader deals
	// when the attacker has it (the engine takes the highest); 0 for a
	// keyword that does not change the damage.
	Strike int
	// Rule is its entry in the rule index (whose ID is the word in
	// brackets, ID), or nil where the index does not explain it.
	Rule *Rule
}

// Rule is a word's entry in the rule index, in English.
type Rule struct {
	Title       string // the word in brackets when empty
	Explanation string
	Terms       []string // what a judge may search for
	// Enforced says whether the engine checks the rule itself; otherwise it
	// only records what the players declare.
	Enforced bool
}

// ID is how the card text prints the word, and the ID of its rule-index
// entry: "[Double Strike]".
func (k *Keyword) ID() string { return "[" + k.Name + "]" }

// Title is the title of the word's rule-index entry.
func (k *Keyword) Title() string {
	if k.Rule != nil && k.Rule.Title != "" {
		return k.Rule.Title
	}
	return k.ID()
}

// Lookup finds the row of a word by its printed name ("Blocker").
func Lookup(name string) (*Keyword, bool) {
	k, ok := byName[name]
	return k, ok
}

var byName = func() map[string]*Keyword {
	m := make(map[string]*Keyword, len(All))
	for i := range All {
		m[All[i].Name] = &All[i]
	}
	return m
}()

// IsListed reports whether name is a card's own keyword as printed (Listed).
func IsListed(name string) bool {
	k, ok := byName[name]
	return ok && k.Listed
}

// Normalise turns a card list's spelling of a card's own keyword
// ("Double-Strike", "super combo", "[Blocker]") into the printed form
// ("Double Strike"). A word that is not a Listed keyword comes back trimmed
// but otherwise as it was.
func Normalise(s string) string {
	s = strings.TrimSpace(strings.Trim(strings.TrimSpace(s), "[]"))
	if s == "" {
		return ""
	}
	if k, ok := listedFold(s); ok {
		return k
	}
	// Masters data writes spaces as hyphens ("Super-Combo").
	if k, ok := listedFold(strings.ReplaceAll(s, "-", " ")); ok {
		return k
	}
	return s
}

func listedFold(s string) (string, bool) {
	for i := range All {
		if All[i].Listed && strings.EqualFold(All[i].Name, s) {
			return All[i].Name, true
		}
	}
	return "", false
}

// ReadTag is the printed name of the Read keyword whose lower-case form is
// tag ("double strike" is "Double Strike"), as the skill reader meets it.
func ReadTag(tag string) (string, bool) {
	k, ok := readTags[tag]
	return k, ok
}

var readTags = func() map[string]string {
	m := map[string]string{}
	for _, k := range All {
		if k.Read {
			m[strings.ToLower(k.Name)] = k.Name
		}
	}
	return m
}()

// Gainable are the names of the Gained keywords, in the order of All: the
// engine gives each one bit of a card's gains in this order.
var Gainable = func() []string {
	var out []string
	for _, k := range All {
		if k.Gained {
			out = append(out, k.Name)
		}
	}
	return out
}()

// Strikes are the keywords that change an attack's damage, the highest
// Strike first.
var Strikes = func() []*Keyword {
	var out []*Keyword
	for i := range All {
		if All[i].Strike > 0 {
			out = append(out, &All[i])
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Strike > out[j].Strike })
	return out
}()
