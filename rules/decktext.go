package rules

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Card text that changes how a deck is built. Fusion World CR 0-2-2 (and the
// same principle in Masters, whose CR 6-1-5-1 limits copies "unless the card
// says otherwise") lets a card's own text override the deck-building rules,
// so the formats read these facts from the card, not from a hand-kept list.
// docs/formats.md lists every such text found in the real card lists.
var (
	// "You can include as many copies of this card in your deck as you like."
	// (FB01-131, BT2-107, EB1-06). The [Dragon Ball] reminder text speaks of
	// "cards with [Dragon Ball]", not "this card", and does not match.
	anyCopiesText = regexp.MustCompile(`(?i)\bas many copies of this card\b`)
	// "You can include up to 7 copies of this card in your deck." (BT13-149)
	upToCopiesText = regexp.MustCompile(`(?i)\bup to (\d{1,3}) copies of this card\b`)
	// "This card can only be used in specified events." (FP-030)
	specifiedEventsText = regexp.MustCompile(`(?i)\bcan only be used in specified events\b`)
	gainsTraitText      = regexp.MustCompile(`(?i)\bthis card gains 《([^》]+)》 in all areas\b`)
)

// ReadDeckText sets c.CopyLimit and c.SpecifiedEventsOnly from the card's
// text. fileLimit is the limit the card file gives (a CSV copy_limit column,
// the Masters JSON deck_limit; 0 when none): it applies only when the text
// says nothing about copies, so a file's wrong deck_limit of 4 does not undo
// "up to 7 copies" printed on the card.
func ReadDeckText(c *Card, fileLimit int) {
	text := c.Text
	c.CopyLimit = fileLimit
	switch {
	case anyCopiesText.MatchString(text):
		c.CopyLimit = CopyLimitAny
	case upToCopiesText.MatchString(text):
		n, _ := strconv.Atoi(upToCopiesText.FindStringSubmatch(text)[1])
		if n > 0 {
			c.CopyLimit = n
		}
	}
	c.SpecifiedEventsOnly = specifiedEventsText.MatchString(text)
	// "This card gains 《Dark Dragon Ball》 in all areas" (BT13-149): the
	// trait counts for deck building too.
	for _, m := range gainsTraitText.FindAllStringSubmatch(text, -1) {
		if !slices.ContainsFunc(c.Traits, func(t string) bool { return strings.EqualFold(t, m[1]) }) {
			c.Traits = append(c.Traits, m[1])
		}
	}
	c.DeckRestrictions = readDeckRestrictions(text)
}

// parseCopyLimit reads a card file's copy limit: a whole number of at least
// 1, or "any" (as many as you like). Empty is 0, the format's rule.
func parseCopyLimit(s string) (int, bool) {
	s = strings.TrimSpace(s)
	switch strings.ToLower(s) {
	case "":
		return 0, true
	case "any", "unlimited":
		return CopyLimitAny, true
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		return 0, false
	}
	return n, true
}

// DeckRestriction is a Leader's text about the rest of its deck, read when
// the card is imported (Masters; docs/formats.md lists the texts found):
// "You can't include X in your deck" (Max 0: no card matching X), or "You
// can only include up to N X in your deck" (at most N matching cards in all).
// A card matches X when it matches any of Cards and not Except.
type DeckRestriction struct {
	Text   string       `json:"text"` // the sentence as printed
	Max    int          `json:"max,omitempty"`
	Cards  []CardFilter `json:"cards"`
	Except *CardFilter  `json:"except,omitempty"`
}

// CardFilter describes cards by what deck-building text names; zero fields
// do not narrow it.
type CardFilter struct {
	Type CardType `json:"type,omitempty"`
	// Trait: the card has this special trait; Not turns it into "lacks it"
	// (non-《Saiyan》).
	Trait string `json:"trait,omitempty"`
	Not   bool   `json:"not,omitempty"`
	// NoTraitWith: no special trait of the card contains these words
	// ("cards that don't have 《Universe》 as part of their special trait").
	NoTraitWith string `json:"no_trait_with,omitempty"`
	// MinCost, MaxCost bound the energy cost (0 for no bound; a card of
	// unknown cost never matches a cost bound).
	MinCost     int    `json:"min_cost,omitempty"`
	MaxCost     int    `json:"max_cost,omitempty"`
	Multicolour bool   `json:"multicolour,omitempty"`
	Character   string `json:"character,omitempty"`
}

var (
	cantIncludeText = regexp.MustCompile(`(?i)you (?:can't|cannot|can not) include (.+?) in your deck(?:, except for (.+?))?(?:,|\.|$)`)
	// EX03-25: "You can't include cards in your deck that don't have
	// 《Universe》 as part of their special trait."
	cantIncludeTraitPartText = regexp.MustCompile(`(?i)you (?:can't|cannot|can not) include cards in your deck that don't have 《([^》]+)》 as part of their special traits?`)
	onlyUpToText             = regexp.MustCompile(`(?i)you can only include up to (\d{1,3}) (.+?) in your deck`)
	// One kind of card: "[non-]《Trait》 [Battle|Extra|Unison] Cards [with
	// energy costs of N or more|less]", or "multicolor cards".
	cardKindText  = regexp.MustCompile(`(?i)^(non-)?(?:《([^》]+)》\s*)?(battle|extra|unison)?\s*cards?(?: with (?:an )?energy costs? of (\d+) (ormore|orless))?$`)
	characterText = regexp.MustCompile(`^〈([^〉]+)〉 cards?$`)
)

// readDeckRestrictions reads a card's deck restrictions, one per skill line.
// Lines it cannot read are left out (docs/formats.md says what is read);
// keyword reminder text ("You can only include up to 4 cards with [Super
// Combo]") is not a restriction of the deck's Leader and does not match.
func readDeckRestrictions(text string) []DeckRestriction {
	var out []DeckRestriction
	for line := range strings.SplitSeq(text, "\n") {
		line = strings.TrimSpace(line)
		if m := cantIncludeTraitPartText.FindStringSubmatch(line); m != nil {
			out = append(out, DeckRestriction{Text: sentence(line, m[0]), Cards: []CardFilter{{NoTraitWith: m[1]}}})
			continue
		}
		if m := onlyUpToText.FindStringSubmatch(line); m != nil && !strings.Contains(m[2], "[") {
			n, _ := strconv.Atoi(m[1])
			if kinds, ok := cardKinds(m[2]); ok {
				out = append(out, DeckRestriction{Text: sentence(line, m[0]), Max: n, Cards: kinds})
			}
			continue
		}
		if m := cantIncludeText.FindStringSubmatch(line); m != nil {
			kinds, ok := cardKinds(m[1])
			if !ok {
				continue
			}
			r := DeckRestriction{Text: sentence(line, m[0]), Cards: kinds}
			if m[2] != "" {
				c := characterText.FindStringSubmatch(strings.TrimSpace(m[2]))
				if c == nil {
					continue
				}
				r.Except = &CardFilter{Character: c[1]}
			}
			out = append(out, r)
		}
	}
	return out
}

// sentence is the restriction as printed: the matched words with a capital
// and a full stop, without what follows (", and this card can't attack").
func sentence(line, match string) string {
	s := strings.TrimRight(strings.TrimSpace(match), ",.")
	if s == "" {
		return line
	}
	return strings.ToUpper(s[:1]) + s[1:] + "."
}

// cardKinds reads "non-《Saiyan》 Battle Cards or multicolor cards" into
// filters; ok is false for words it does not know.
func cardKinds(s string) ([]CardFilter, bool) {
	s = strings.NewReplacer(" or more", " ormore", " or less", " orless").Replace(strings.TrimSpace(s))
	s = strings.ReplaceAll(s, "》", "》 ")
	var out []CardFilter
	for part := range strings.SplitSeq(s, " or ") {
		part = strings.Join(strings.Fields(part), " ")
		if strings.EqualFold(part, "multicolor cards") || strings.EqualFold(part, "multicolour cards") {
			out = append(out, CardFilter{Multicolour: true})
			continue
		}
		m := cardKindText.FindStringSubmatch(part)
		if m == nil {
			return nil, false
		}
		f := CardFilter{Not: m[1] != "", Trait: m[2]}
		if m[3] != "" {
			f.Type, _ = parseCardType(m[3], GameMasters)
		}
		if m[4] != "" {
			n, _ := strconv.Atoi(m[4])
			if strings.EqualFold(m[5], "ormore") {
				f.MinCost = n
			} else {
				f.MaxCost = n
				if n == 0 {
					return nil, false // "cost of 0 or less": not a bound this filter can hold
				}
			}
		}
		if f.Not && f.Trait == "" {
			return nil, false
		}
		out = append(out, f)
	}
	return out, len(out) > 0
}

// Matches reports whether card c is one of the cards the filter names.
func (f CardFilter) Matches(c *Card) bool {
	if f.Type != "" && c.Type != f.Type {
		return false
	}
	if f.Trait != "" {
		has := slices.ContainsFunc(c.Traits, func(t string) bool { return strings.EqualFold(t, f.Trait) })
		if has == f.Not {
			return false
		}
	}
	if f.NoTraitWith != "" && slices.ContainsFunc(c.Traits, func(t string) bool {
		return strings.Contains(strings.ToLower(t), strings.ToLower(f.NoTraitWith))
	}) {
		return false
	}
	if f.MinCost > 0 || f.MaxCost > 0 {
		if c.Cost == nil || (f.MinCost > 0 && *c.Cost < f.MinCost) || (f.MaxCost > 0 && *c.Cost > f.MaxCost) {
			return false
		}
	}
	if f.Multicolour && len(c.Colours) < 2 {
		return false
	}
	if f.Character != "" && !slices.ContainsFunc(strings.Split(c.Extra[ExtraCharacter], "/"), func(ch string) bool {
		return strings.EqualFold(strings.TrimSpace(ch), f.Character)
	}) {
		return false
	}
	return true
}

// Restricts reports whether the restriction counts card c: it matches one
// of the filters and not the exception.
func (r DeckRestriction) Restricts(c *Card) bool {
	if r.Except != nil && r.Except.Matches(c) {
		return false
	}
	return slices.ContainsFunc(r.Cards, func(f CardFilter) bool { return f.Matches(c) })
}
