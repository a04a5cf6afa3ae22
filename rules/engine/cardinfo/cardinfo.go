// Package cardinfo is what the rules engine knows of each card: its data
// (rules.Card) and its skill text as rules/skill reads it, read once per
// distinct text, with a summary of what its skills hold (Flags) so a game
// can pass by cards with nothing to apply. It knows nothing of a game.
package cardinfo

import (
	"iter"
	"strings"
	"sync"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/rules/skill"
)

// Cards looks up card data by number. The engine never reads cards from a
// global; whoever builds the game gives it one.
type Cards interface {
	Card(number string) (rules.Card, bool)
}

// SkillCards is a Cards that has read its cards' skill text (CardMap reads
// it when it is built). The engine reads the text of other Cards itself, once
// per distinct text.
type SkillCards interface {
	Skills(number string) (*skill.Card, bool)
}

// CardMap is a Cards backed by a map from card number to card, with each
// card's skill text read once, when it is added.
type CardMap struct {
	m map[string]*Entry
	// union holds every flag of every card's skills, so a game can tell at
	// once that no card can, say, lower power for as long as it is in play.
	union *Flags
}

// Entry is what the engine knows of a card: its data and its skills.
type Entry struct {
	Card   rules.Card
	Skills skill.Card
	// Described: the card list describes the card (see Described); Flags
	// say what its front [0] and back [1] skills hold, so the engine can
	// pass by cards with nothing to apply.
	Described bool
	Flags     [2]Flags
}

// Flags summarise one side of a card's skills.
type Flags uint8

const (
	FlagPermanentPower Flags = 1 << iota // a [Permanent] power change it reads
	FlagNegativePower                    // ... that lowers power
	FlagPermanentGrant                   // a [Permanent] keyword, limit ("can't attack", "can't be KO'd") or cost change it reads
	FlagTriggers                         // a skill with a timing other than [Permanent], or one not read
)

// NewEntry is the entry of card c whose skill text reads as sc.
func NewEntry(c rules.Card, sc skill.Card) *Entry {
	e := &Entry{Card: c, Skills: sc, Described: Described(c)}
	for side, sks := range [][]skill.Skill{sc.Front, sc.Back} {
		var f Flags
		for i := range sks {
			sk := &sks[i]
			if !sk.Understood || sk.Timing != 0 && sk.Timing != skill.Permanent {
				f |= FlagTriggers
			}
			if !sk.Understood || !sk.Timing.Has(skill.Permanent) {
				continue
			}
			for _, ef := range sk.Effects {
				switch ef.Kind {
				case skill.Power:
					f |= FlagPermanentPower
					if ef.Amount < 0 {
						f |= FlagNegativePower
					}
				case skill.Gain, skill.CantAttack, skill.CantActivate, skill.CantBeKOd, skill.CostChange, skill.DeckRule, skill.PlayedRest:
					f |= FlagPermanentGrant
				case skill.Damage: // "you only take up to 1 damage in each battle" (issue 29)
					f |= FlagPermanentGrant
				}
			}
		}
		e.Flags[side] = f
	}
	return e
}

// Card implements Cards.
func (m CardMap) Card(number string) (rules.Card, bool) {
	e, ok := m.m[number]
	if !ok {
		return rules.Card{}, false
	}
	return e.Card, true
}

// Skills implements SkillCards.
func (m CardMap) Skills(number string) (*skill.Card, bool) {
	e, ok := m.m[number]
	if !ok {
		return nil, false
	}
	return &e.Skills, true
}

// Add puts a card in the map under its number, replacing one with the same
// number, and reads its skill text.
func (m CardMap) Add(c rules.Card) {
	e := NewEntry(c, *Parsed(c.Text, c.BackText))
	m.m[c.Number] = e
	*m.union |= e.Flags[0] | e.Flags[1]
}

// All yields every number the map knows (printings included) with its card.
func (m CardMap) All() iter.Seq2[string, rules.Card] {
	return func(yield func(string, rules.Card) bool) {
		for n, e := range m.m {
			if !yield(n, e.Card) {
				return
			}
		}
	}
}

// Entries are the map's entries by number, shared: the engine looks cards
// up in them as a game names them.
func (m CardMap) Entries() map[string]*Entry { return m.m }

// Union holds every flag of every card's skills (all flags for a map made
// otherwise than by NewCardMap).
func (m CardMap) Union() Flags {
	if m.union == nil {
		return ^Flags(0)
	}
	return *m.union
}

// Len is the number of card numbers (printings included) the map knows.
func (m CardMap) Len() int { return len(m.m) }

// NewCardMap indexes cards by number and reads their skill text.
func NewCardMap(cards []rules.Card) CardMap {
	m := CardMap{m: make(map[string]*Entry, len(cards)), union: new(Flags)}
	for _, c := range cards {
		e := NewEntry(c, *Parsed(c.Text, c.BackText))
		m.m[c.Number] = e
		*m.union |= e.Flags[0] | e.Flags[1]
		// A log may name a printing (FB01-001-p1); it plays as its base card.
		for _, p := range c.Printings {
			if p := strings.ToUpper(p); p != c.Number {
				if _, taken := m.m[p]; !taken {
					m.m[p] = e
				}
			}
		}
	}
	return m
}

// parsedTexts memoises the skill text read, keyed by front and back text:
// a server builds a card map for every replay it shows, and reads each
// distinct text once.
var parsedTexts sync.Map

// parsedText is the skill text of a card read by rules/skill, once per
// distinct text.
func Parsed(text, back string) *skill.Card {
	key := text + "\x00" + back
	if v, ok := parsedTexts.Load(key); ok {
		return v.(*skill.Card)
	}
	p := skill.ParseCard(text, back)
	v, _ := parsedTexts.LoadOrStore(key, &p)
	return v.(*skill.Card)
}

// described reports whether the card list gives more of a card than its
// number, name, colour and type: its cost, power, combo power, text or
// keywords. Only then does a missing value mean "none" (a vanilla Battle
// Card has no text; FS01-08 has no combo power). The shared data has FB07 to
// FB09 with nothing but number, name, colour and type: for those cards a
// missing value means "not known".
func Described(c rules.Card) bool {
	return c.Cost != nil || c.Power != nil || c.ComboPower != nil || c.Text != "" || len(c.Keywords) > 0
}

// HasOwnKeyword reports whether a card has a keyword itself, not just grants
// it: the skill text has a line starting with it. Without text, the card's
// keyword list is used. Callers that judge a missing keyword check described
// first.
func HasOwnKeyword(c rules.Card, kw string) bool {
	text := c.Text
	if text == "" {
		return c.HasKeyword(kw)
	}
	tag := "[" + kw + "]"
	for line := range strings.SplitSeq(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), tag) {
			return true
		}
	}
	return false
}

// HasKeywordIn reports whether text has a skill line that opens with
// keyword kw among its bracketed tags (a Leader's back side).
func HasKeywordIn(text, kw string) bool {
	tag := "[" + kw + "]"
	for line := range strings.SplitSeq(text, "\n") {
		line = strings.TrimSpace(line)
		for strings.HasPrefix(line, "[") {
			if strings.HasPrefix(line, tag) {
				return true
			}
			end := strings.IndexByte(line, ']')
			if end < 0 {
				break
			}
			line = strings.TrimSpace(line[end+1:])
		}
	}
	return false
}
