package rules

import (
	"strconv"
	"strings"
)

// DBZ card kinds, read from Card.Extra["card_type"] (or Card.Type) and
// normalised to lower case with underscores.
const (
	KindPersonality = "personality"
	KindMastery     = "mastery"
	KindDragonBall  = "dragon_ball"
	KindSensei      = "sensei"
)

func dbzKind(c *Card) string {
	k := c.Extra[ExtraCardType]
	if k == "" {
		k = string(c.Type)
	}
	k = strings.ToLower(strings.TrimSpace(k))
	return strings.NewReplacer(" ", "_", "-", "_").Replace(k)
}

func dbzLevel(c *Card) int {
	n, _ := strconv.Atoi(c.Extra[ExtraLevel])
	return n
}

func dbzAlignment(c *Card) string {
	return strings.ToLower(strings.TrimSpace(c.Extra[ExtraAlignment]))
}

// dbzRules configures the two DBZ CCGs.
type dbzRules struct {
	src                   string // rule source prefix for Problem.Rule
	minDeck, maxDeck      int
	countMP, countMastery bool // whether MP levels / the Mastery count toward the deck size
	minLevels, maxLevels  int  // MP levels required (contiguous from 1)
	exactLevels           bool
	copies, namedCopies   int
	allyCopies            int
	allyMaxBelow          int // allies at most this many levels below the MP's highest
	dragonBallFullSet     bool
	masteryRequired       bool
	sensei                bool
	counted               string // what counts toward the size, for messages
}

func registerDBZFormats() {
	score := dbzRules{
		src: "Score DBZ CCG", minDeck: 50, maxDeck: 85, countMP: true, countMastery: true,
		minLevels: 3, maxLevels: 5, copies: 3, namedCopies: 4, allyCopies: 1, allyMaxBelow: 2,
		dragonBallFullSet: true, sensei: true,
		counted: "life deck, main personality levels and Mastery",
	}
	registerFormat(&Format{
		ID: "score-dbz", Game: GameScoreDBZ, Name: "Score Dragon Ball Z CCG",
		Rules: []Rule{
			{"deck-size", "Score DBZ CCG: deck size", "life deck and main personality together 50 to 85 cards"},
			{"main-personality", "Score DBZ CCG: main personality", "one personality, one card of each level from 1 with no gap, at least levels 1-3, at most level 5"},
			{"copies", "Score DBZ CCG: copy limits", "3 of a card, 4 of a card named for the main personality, 1 of each ally, Dragon Ball, Mastery and Sensei card"},
			{"named-cards", "Score DBZ CCG: named cards", "named cards only for the main personality"},
			{"alignment", "Score DBZ CCG: Hero/Villain", "Hero or Villain cards match the main personality; a Rogue's deck does not mix them"},
			{"allies", "Score DBZ CCG: allies", "allies differ from the main personality and are at most 2 levels below its highest level"},
			{"dragon-balls", "Score DBZ CCG: Dragon Balls", "Dragon Balls, if any, are exactly one set of 7 from one series"},
			{"sensei", "Score DBZ CCG: Sensei deck", "Sensei-only cards stay out of the life deck; a Sensei deck needs a Sensei card"},
			{"ban-list", "Ban list", "a Score DBZ ban list, if one is loaded"},
		},
		check: func(c *checker) { c.checkDBZ(score) },
	})
	panini := dbzRules{
		src: "Panini DBZ TCG", minDeck: 60, maxDeck: 60, countMP: false, countMastery: false,
		minLevels: 4, maxLevels: 4, exactLevels: true, copies: 3, namedCopies: 3, allyCopies: 3,
		masteryRequired: true, counted: "life deck only, without main personality and Mastery",
	}
	registerFormat(&Format{
		ID: "panini-dbz", Game: GamePaniniDBZ, Name: "Panini Dragon Ball Z TCG",
		Rules: []Rule{
			{"deck-size", "Panini DBZ TCG: life deck", "a life deck of exactly 60 cards; the main personality and Mastery do not count"},
			{"main-personality", "Panini DBZ TCG: main personality", "one personality with exactly levels 1 to 4"},
			{"mastery", "Panini DBZ TCG: Mastery", "exactly 1 Mastery"},
			{"copies", "Panini DBZ TCG: copy limits", "3 of a card (assumed; not confirmed), 1 of each Dragon Ball"},
			{"named-cards", "Panini DBZ TCG: named cards", "named cards only for the main personality"},
			{"alignment", "Panini DBZ TCG: Hero/Villain", "Hero-only and Villain-only cards follow the main personality's alignment"},
			{"dragon-balls", "Panini DBZ TCG: Dragon Balls", "one copy of each Dragon Ball, all from one set"},
			{"ban-list", "Ban list", "a Panini DBZ ban list, if one is loaded"},
		},
		NotApplied: []Rule{
			{"styles", "", "the card data has no reliable style list to check a Mastery's style against"},
		},
		check: func(c *checker) { c.checkDBZ(panini) },
	})
}

// checkDBZ applies the DBZ CCG construction rules. The main personality is
// the cards under the "Main personality:" header (the Leader section).
func (c *checker) checkDBZ(r dbzRules) {
	entries := c.deck.Entries
	ref := func(topic string) string { return r.src + ": " + topic }

	// Main personality.
	mpName, mpAlign := "", ""
	levels := map[int]int{}
	maxLevel := 0
	mpCards := 0
	for i, e := range entries {
		if e.Section != SectionLeader {
			continue
		}
		card := c.cards[i]
		mpCards += e.Count
		if card == nil {
			c.unknownCard(i)
			continue
		}
		if dbzKind(card) != KindPersonality {
			c.add("mp-not-personality", ref("main personality"), e.Number, e.Line, e.Number, card.Name)
			continue
		}
		p := card.Extra[ExtraPersonality]
		if mpName == "" {
			mpName, mpAlign = p, dbzAlignment(card)
		} else if !strings.EqualFold(p, mpName) {
			c.add("mp-mixed", ref("main personality"), e.Number, e.Line, e.Number, card.Name, p, mpName)
			continue
		}
		lvl := dbzLevel(card)
		if lvl > r.maxLevels {
			c.add("mp-too-high", ref("main personality"), e.Number, e.Line, e.Number, card.Name, lvl, r.maxLevels)
			continue
		}
		levels[lvl] += e.Count
		maxLevel = max(maxLevel, lvl)
	}
	c.res.Leader = mpName
	if mpName == "" {
		c.add("no-main-personality", ref("main personality"), "", 0)
	} else {
		for l := 1; l <= maxLevel; l++ {
			switch {
			case levels[l] == 0:
				c.add("mp-level-missing", ref("main personality"), "", 0, mpName, l)
			case levels[l] > 1:
				c.add("mp-level-twice", ref("main personality"), "", 0, mpName, levels[l], l)
			}
		}
		if r.exactLevels && maxLevel != r.minLevels {
			c.add("mp-level-count", ref("main personality"), "", 0, mpName, maxLevel, r.minLevels)
		} else if maxLevel < r.minLevels {
			c.add("mp-too-few-levels", ref("main personality"), "", 0, mpName, maxLevel, r.minLevels)
		}
	}

	// Life deck (and Sensei deck).
	var totals tallies
	deckSize := 0
	if r.countMP {
		deckSize = mpCards
	}
	masteries, senseiCards, senseiDeck := 0, 0, 0
	dbSet := ""
	dbDistinct := map[string]bool{}
	alignSeen := map[string]int{} // alignment -> first entry index, for a Rogue MP
	mixReported := false
	side, sideLine := 0, 0
	for i, e := range entries {
		if e.Section == SectionLeader {
			continue
		}
		card := c.cards[i]
		switch e.Section {
		case SectionSide:
			side += e.Count
			if sideLine == 0 {
				sideLine = e.Line
			}
			continue
		case SectionZDeck:
			c.add("zdeck-not-allowed", "Format", e.Number, e.Line, e.Count)
			continue
		case SectionSensei:
			if !r.sensei {
				c.add("sensei-not-allowed", "Format", e.Number, e.Line, e.Count)
				continue
			}
			senseiDeck += e.Count
		}
		if card == nil {
			c.unknownCard(i)
			continue
		}
		if card.Game != "" && card.Game != c.f.Game {
			c.add("wrong-game", ref("deck"), e.Number, e.Line, e.Number, card.Name, gameName(card.Game), c.f.Name)
		}
		kind := dbzKind(card)
		if e.Section != SectionSensei {
			if kind == KindMastery {
				masteries += e.Count
				if r.countMastery {
					deckSize += e.Count
				}
			} else {
				deckSize += e.Count
			}
			if strings.EqualFold(card.Extra[ExtraSenseiDeck], "only") {
				c.add("sensei-only", ref("Sensei deck"), e.Number, e.Line, e.Number, card.Name)
			}
		}
		if kind == KindSensei {
			senseiCards += e.Count
		}
		totals.add(e.Number, e.Count, e.Line, i)

		// Named cards and allies.
		p := card.Extra[ExtraPersonality]
		if kind == KindPersonality {
			if mpName != "" && strings.EqualFold(p, mpName) {
				c.add("ally-same-personality", ref("allies"), e.Number, e.Line, e.Number, card.Name, mpName)
			} else if r.allyMaxBelow > 0 && maxLevel > 0 && dbzLevel(card) > maxLevel-r.allyMaxBelow {
				c.add("ally-level", ref("allies"), e.Number, e.Line, e.Number, card.Name, dbzLevel(card), maxLevel-r.allyMaxBelow)
			}
		} else if p != "" && mpName != "" && !strings.EqualFold(p, mpName) {
			c.add("named-card", ref("named cards"), e.Number, e.Line, e.Number, card.Name, p, mpName)
		}

		// Alignment.
		if a := dbzAlignment(card); a == "hero" || a == "villain" {
			switch mpAlign {
			case "hero", "villain":
				if a != mpAlign {
					c.add("alignment", ref("Hero/Villain"), e.Number, e.Line, e.Number, card.Name, a, mpName, mpAlign)
				}
			default: // Rogue or unknown: the deck picks one side and must not mix.
				if _, seen := alignSeen[a]; !seen {
					alignSeen[a] = i
				}
				other := "villain"
				if a == "villain" {
					other = "hero"
				}
				if j, mixed := alignSeen[other]; mixed && !mixReported {
					mixReported = true
					c.add("alignment-mixed", ref("Hero/Villain"), e.Number, e.Line,
						entries[j].Number, c.name(j), other, e.Number, card.Name, a)
				}
			}
		}

		// Dragon Balls: one set.
		if kind == KindDragonBall {
			set := card.Extra[ExtraDragonBallSet]
			dbDistinct[e.Number] = true
			if dbSet == "" {
				dbSet = set
			} else if !strings.EqualFold(set, dbSet) {
				c.add("dragon-ball-sets", ref("Dragon Balls"), e.Number, e.Line, dbSet, set)
			}
		}
	}
	c.res.Main, c.res.Side = deckSize, side
	if side > 0 {
		c.add("side-not-allowed", "Format", "", sideLine, side)
	}

	switch {
	case r.minDeck == r.maxDeck && deckSize != r.minDeck:
		c.add("dbz-deck-size", ref("deck size"), "", 0, deckSize, r.minDeck, r.counted)
	case deckSize < r.minDeck:
		c.add("dbz-deck-too-small", ref("deck size"), "", 0, deckSize, r.minDeck, r.counted)
	case deckSize > r.maxDeck:
		c.add("dbz-deck-too-large", ref("deck size"), "", 0, deckSize, r.maxDeck, r.counted)
	}
	if r.masteryRequired && masteries == 0 {
		c.add("mastery-missing", ref("Mastery"), "", 0)
	}
	if masteries > 1 {
		c.add("too-many-of-kind", ref("copy limits"), "", 0, masteries, "Mastery", 1)
	}
	if senseiCards > 1 {
		c.add("too-many-of-kind", ref("copy limits"), "", 0, senseiCards, "Sensei", 1)
	}
	if senseiDeck > 0 && senseiCards == 0 {
		c.add("sensei-deck-no-card", ref("Sensei deck"), "", 0)
	}
	if r.dragonBallFullSet && len(dbDistinct) > 0 && len(dbDistinct) != 7 {
		c.add("dragon-ball-incomplete", ref("Dragon Balls"), "", 0, len(dbDistinct))
	}

	for _, t := range totals {
		num := t.number
		card := c.cards[t.firstIdx]
		limit := r.copies
		switch kind := dbzKind(card); {
		case kind == KindDragonBall, kind == KindMastery, kind == KindSensei:
			limit = 1
		case kind == KindPersonality:
			limit = r.allyCopies
		case mpName != "" && strings.EqualFold(card.Extra[ExtraPersonality], mpName):
			limit = r.namedCopies
		}
		if n, err := strconv.Atoi(card.Extra[ExtraLimit]); err == nil && n > 0 {
			limit = n
		}
		if t.total > limit {
			c.add("too-many-copies", ref("copy limits"), num, t.firstLine, num, card.Name, t.total, limit)
		}
	}
	c.checkBans(totals)
}
