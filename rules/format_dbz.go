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

// DBZKind is a DBZ CCG card's kind (KindPersonality, KindMastery ...), read
// from its card_type attribute or else its type.
func DBZKind(c *Card) string { return dbzKind(c) }

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

// Sensei deck marks of a card (Card.Extra["sensei_deck"]).
const (
	SenseiDeckNo      = iota // not a Sensei deck card
	SenseiDeckAllowed        // "Sensei Deck": life deck or Sensei deck
	SenseiDeckOnly           // "Sensei Deck only": Sensei deck only
)

// SenseiDeckMark reads a sensei_deck value: "" (none), "yes" or "Sensei
// Deck" (either deck), "only" or "Sensei Deck only".
func SenseiDeckMark(v string) (int, bool) {
	switch strings.ToLower(strings.Join(strings.Fields(v), " ")) {
	case "", "no":
		return SenseiDeckNo, true
	case "yes", "sensei deck", "allowed":
		return SenseiDeckAllowed, true
	case "only", "sensei deck only":
		return SenseiDeckOnly, true
	}
	return SenseiDeckNo, false
}

func senseiMark(c *Card) int {
	m, _ := SenseiDeckMark(c.Extra[ExtraSenseiDeck])
	return m
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
			{"main-personality", "Score DBZ CCG: main personality", "one personality, one card of each level from 1 with no gap, at least levels 1-3, at most level 5; the Mastery may be listed with it"},
			{"copies", "Score DBZ CCG: copy limits", "3 of a card, 4 of a card named for the main personality, 1 of each ally, Dragon Ball, Mastery and Sensei card"},
			{"named-cards", "Score DBZ CCG: named cards", "named cards only for the main personality"},
			{"alignment", "Score DBZ CCG: Hero/Villain", "Hero or Villain cards match the main personality; a Rogue's deck does not mix them"},
			{"allies", "Score DBZ CCG: allies", "allies differ from the main personality, come as whole sets (levels 1 up to their highest, no gap) and are at most 2 levels below the main personality's highest level"},
			{"dragon-balls", "Score DBZ CCG: Dragon Balls", "Dragon Balls, if any, are exactly one set of 7 from one series"},
			{"sensei", "Score DBZ CCG: Sensei deck", "the Sensei card goes in the life deck; the Sensei deck holds only \"Sensei Deck\" and \"Sensei Deck only\" cards, exactly as many as the Sensei card says, and needs a Sensei card; \"Sensei Deck only\" cards stay out of the life deck"},
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
			{"mastery", "Panini DBZ TCG: Mastery", "exactly 1 Mastery, listed with the main personality or in the life deck"},
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
// the cards under the "Main personality:" header (the Leader section). Each
// cause gives one problem: a card that breaks a rule is named once, and the
// problems that would only follow from it are not reported again.
func (c *checker) checkDBZ(r dbzRules) {
	entries := c.deck.Entries
	ref := func(topic string) string { return r.src + ": " + topic }

	// Which entries are the main personality: its section and, when the list
	// opened it with the Fusion World word "Leader:" (which holds one card
	// line), the life-deck cards of the same personality the player meant as
	// its levels. The header itself gets one problem saying what to write.
	inMP := make([]bool, len(entries))
	mpPersonality := ""
	for i, e := range entries {
		if e.Section == SectionLeader {
			inMP[i] = true
			if card := c.cards[i]; card != nil && mpPersonality == "" && dbzKind(card) == KindPersonality {
				mpPersonality = card.Extra[ExtraPersonality]
			}
		}
	}
	if oneCardHeaders[c.deck.LeaderHeader] {
		c.add("dbz-leader-header", ref("main personality"), "", c.deck.LeaderHeaderLine, c.f.Name)
		for i, e := range entries {
			card := c.cards[i]
			if e.Section == SectionMain && card != nil && mpPersonality != "" && dbzKind(card) == KindPersonality &&
				strings.EqualFold(card.Extra[ExtraPersonality], mpPersonality) {
				inMP[i] = true
			}
		}
	}

	// Main personality.
	mpName, mpAlign := "", ""
	levelCount := map[int]int{}   // level -> copies of the MP's own cards
	levelCards := map[int][]int{} // level -> entries
	mixedFill := map[int]bool{}   // levels held only by another personality's card (reported as mp-mixed)
	maxLevel := 0
	mpCards := 0
	var masteries []int // entries of Mastery cards, wherever listed
	masteryCount := 0
	for i, e := range entries {
		if !inMP[i] {
			continue
		}
		card := c.cards[i]
		if card == nil {
			mpCards += e.Count
			c.unknownCard(i)
			continue
		}
		kind := dbzKind(card)
		if kind == KindMastery {
			// Players list the Mastery with the main personality, as it starts in play beside it.
			masteries = append(masteries, i)
			masteryCount += e.Count
			continue
		}
		mpCards += e.Count
		if kind != KindPersonality {
			c.add("mp-not-personality", ref("main personality"), e.Number, e.Line, e.Number, card.Name)
			continue
		}
		p := card.Extra[ExtraPersonality]
		mixed := false
		if mpName == "" {
			mpName, mpAlign = p, dbzAlignment(card)
		} else if !strings.EqualFold(p, mpName) {
			c.add("mp-mixed", ref("main personality"), e.Number, e.Line, e.Number, card.Name, p, mpName)
			mixed = true
		}
		lvl := dbzLevel(card)
		if lvl > r.maxLevels {
			c.add("mp-too-high", ref("main personality"), e.Number, e.Line, e.Number, card.Name, lvl, r.maxLevels)
			continue
		}
		maxLevel = max(maxLevel, lvl)
		if mixed {
			// The card stands where the player meant a level: its level is
			// not missing, it is the wrong personality (already reported).
			mixedFill[lvl] = true
			continue
		}
		levelCount[lvl] += e.Count
		levelCards[lvl] = append(levelCards[lvl], i)
	}
	c.res.Leader = mpName
	if mpName == "" {
		c.add("no-main-personality", ref("main personality"), "", 0)
	} else {
		for l := 1; l <= maxLevel; l++ {
			switch {
			case levelCount[l] == 0 && !mixedFill[l]:
				c.add("mp-level-missing", ref("main personality"), "", 0, mpName, l)
			case levelCount[l] > 1:
				c.addCards("mp-level-twice", ref("main personality"), levelCards[l], mpName, levelCount[l], l)
			}
		}
		if r.exactLevels && maxLevel != r.minLevels {
			c.add("mp-level-count", ref("main personality"), "", 0, mpName, maxLevel, r.minLevels)
		} else if maxLevel < r.minLevels {
			c.add("mp-too-few-levels", ref("main personality"), "", 0, mpName, maxLevel, r.minLevels)
		}
	}

	// Life deck and Sensei deck.
	var totals tallies
	deckSize := 0
	if r.countMP {
		deckSize = mpCards
	}
	if r.countMastery {
		deckSize += masteryCount
	}
	var senseiCards []int // entries of Sensei cards, wherever listed
	senseiCount, senseiDeck, senseiLine := 0, 0, 0
	dbSet := ""
	dbDistinct := map[string]bool{}
	dbMixed := false
	alignSeen := map[string]int{} // alignment -> first entry index, for a Rogue MP
	mixReported := false
	side, sideLine := 0, 0
	type allyKey struct{ personality, set string }
	allies := map[allyKey]map[int]int{} // ally -> level -> entry
	var allyOrder []allyKey
	for i, e := range entries {
		if inMP[i] {
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
		}
		if card == nil {
			c.unknownCard(i)
			continue
		}
		if card.Game != "" && card.Game != c.f.Game {
			c.add("wrong-game", ref("deck"), e.Number, e.Line, e.Number, card.Name, GameName(card.Game), c.f.Name)
		}
		kind := dbzKind(card)
		if kind == KindSensei {
			senseiCards = append(senseiCards, i)
			senseiCount += e.Count
			if e.Section == SectionSensei {
				// The Sensei card starts in the life deck and goes into play
				// from there; it is not one of the Sensei deck's cards.
				c.add("sensei-card-in-sensei-deck", ref("Sensei deck"), e.Number, e.Line, e.Number, card.Name)
				continue
			}
		}
		if e.Section == SectionSensei {
			senseiDeck += e.Count
			if senseiLine == 0 {
				senseiLine = e.Line
			}
			if senseiMark(card) == SenseiDeckNo {
				// The card's place is the problem; its copies are not
				// counted again against the life deck's.
				c.add("not-sensei-deck-card", ref("Sensei deck"), e.Number, e.Line, e.Number, card.Name)
				continue
			}
		} else {
			if kind == KindMastery {
				masteries = append(masteries, i)
				masteryCount += e.Count
				if r.countMastery {
					deckSize += e.Count
				}
			} else {
				deckSize += e.Count
			}
			if senseiMark(card) == SenseiDeckOnly {
				c.add("sensei-only", ref("Sensei deck"), e.Number, e.Line, e.Number, card.Name)
			}
		}
		totals.add(e.Number, e.Count, e.Line, i)

		// Named cards and allies.
		p := card.Extra[ExtraPersonality]
		if kind == KindPersonality {
			switch {
			case mpName != "" && strings.EqualFold(p, mpName):
				c.add("ally-same-personality", ref("allies"), e.Number, e.Line, e.Number, card.Name, mpName)
			default:
				if r.allyMaxBelow > 0 && maxLevel > 0 && dbzLevel(card) > maxLevel-r.allyMaxBelow {
					c.add("ally-level", ref("allies"), e.Number, e.Line, e.Number, card.Name, dbzLevel(card), maxLevel-r.allyMaxBelow)
				}
				k := allyKey{strings.ToLower(p), strings.ToLower(card.Set)}
				if allies[k] == nil {
					allies[k] = map[int]int{}
					allyOrder = append(allyOrder, k)
				}
				if _, seen := allies[k][dbzLevel(card)]; !seen {
					allies[k][dbzLevel(card)] = i
				}
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
				dbMixed = true
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
	if r.masteryRequired && masteryCount == 0 {
		c.add("mastery-missing", ref("Mastery"), "", 0)
	}
	// Mastery and Sensei cards are limited to one in total, which covers
	// two copies of one number: that is this one problem, not a copy-limit one too.
	if masteryCount > 1 {
		c.addCards("too-many-of-kind", ref("copy limits"), masteries, masteryCount, "Mastery", 1)
	}
	if senseiCount > 1 {
		c.addCards("too-many-of-kind", ref("copy limits"), senseiCards, senseiCount, "Sensei", 1)
	}
	if senseiDeck > 0 {
		switch {
		case senseiCount == 0:
			c.add("sensei-deck-no-card", ref("Sensei deck"), "", senseiLine)
		default:
			i := senseiCards[0]
			sensei := c.cards[i]
			size, err := strconv.Atoi(sensei.Extra[ExtraSenseiSize])
			switch {
			case err != nil || size < 1:
				c.add("unknown-attribute", ref("Sensei deck"), entries[i].Number, entries[i].Line,
					entries[i].Number, sensei.Name, "Sensei deck size")
			case senseiDeck != size:
				c.add("sensei-deck-size", ref("Sensei deck"), "", senseiLine, senseiDeck, entries[i].Number, sensei.Name, size)
			}
		}
	}
	// With Dragon Balls of more than one set, the mix is the problem; the
	// count is judged on its own only when the mix alone does not explain it.
	if r.dragonBallFullSet && len(dbDistinct) > 0 && len(dbDistinct) != 7 && !(dbMixed && len(dbDistinct) >= 7) {
		c.add("dragon-ball-incomplete", ref("Dragon Balls"), "", 0, len(dbDistinct))
	}
	// Allies come as whole sets: levels 1 up to their highest, no gap.
	if r.allyMaxBelow > 0 {
		for _, k := range allyOrder {
			levels := allies[k]
			top, first := 0, -1
			for l, i := range levels {
				top = max(top, l)
				if first < 0 || entries[i].Line < entries[first].Line {
					first = i
				}
			}
			for l := 1; l <= top; l++ {
				if _, ok := levels[l]; !ok {
					e := entries[first]
					c.add("ally-set", ref("allies"), e.Number, e.Line, c.cards[first].Extra[ExtraPersonality], l)
					break
				}
			}
		}
	}

	for _, t := range totals {
		num := t.number
		card := c.cards[t.firstIdx]
		limit := r.copies
		switch kind := dbzKind(card); {
		case kind == KindMastery, kind == KindSensei:
			continue // one in total, checked above
		case kind == KindDragonBall:
			limit = 1
		case kind == KindPersonality:
			limit = r.allyCopies
		case mpName != "" && strings.EqualFold(card.Extra[ExtraPersonality], mpName):
			limit = r.namedCopies
		}
		switch {
		case card.CopyLimit == CopyLimitAny:
			continue
		case card.CopyLimit > 0:
			limit = card.CopyLimit
		}
		if t.total > limit {
			c.add("too-many-copies", ref("copy limits"), num, t.firstLine, num, card.Name, t.total, limit)
		}
	}
	c.checkBans(totals)
}
