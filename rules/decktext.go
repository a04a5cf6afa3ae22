package rules

import (
	"regexp"
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
