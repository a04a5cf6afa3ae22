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
// the cards under the "Main personality:" header (the Leader section). It
// sorts the deck's entries out once (sortDBZDeck), then each rule reports
// what breaks it. Each cause gives one problem: a card that breaks a rule
// is named once, and the problems that would only follow from it are not
// reported again.
func (c *checker) checkDBZ(r dbzRules) {
	d := sortDBZDeck(c, r)
	for _, check := range dbzChecks {
		check(d)
	}
}

// dbzChecks are the DBZ CCGs' construction rules, one function each, in the
// order their problems are reported (Validate sorts problems by line and
// keeps this order within a line). The games have no rule numbers: each
// problem cites its rule by the game and topic ("Score DBZ CCG: allies").
var dbzChecks = []func(d *dbzDeck){
	(*dbzDeck).mpHeader,
	(*dbzDeck).mpCardPool,
	(*dbzDeck).mpPersonalityCards,
	(*dbzDeck).mpOnePersonality,
	(*dbzDeck).mpLevelLimit,
	(*dbzDeck).mpLevels,
	(*dbzDeck).sections,
	(*dbzDeck).lifeCardPool,
	(*dbzDeck).senseiDeckCards,
	(*dbzDeck).alliesAndNamedCards,
	(*dbzDeck).alignment,
	(*dbzDeck).dragonBallSet,
	(*dbzDeck).sideDeck,
	(*dbzDeck).deckSize,
	(*dbzDeck).mastery,
	(*dbzDeck).oneSensei,
	(*dbzDeck).senseiDeckSize,
	(*dbzDeck).dragonBallsComplete,
	(*dbzDeck).allySets,
	(*dbzDeck).copies,
	(*dbzDeck).banList,
}

// dbzDeck is a DBZ CCG decklist sorted out for its rules.
type dbzDeck struct {
	c       *checker
	r       dbzRules
	entries []DeckEntry
	// inMP: the entry is one of the main personality's: its section, and,
	// when the list opened it with the Fusion World word "Leader:" (which
	// holds one card line), the life-deck cards of the same personality
	// the player meant as its levels (mpPersonality is the personality
	// of the section's first one).
	inMP          []bool
	mpPersonality string

	// The main personality: its name and alignment (of its first
	// personality card), the copies and entries of each of its levels, the
	// levels held only by another personality's card (reported as
	// mp-mixed), its highest level and how many cards it has.
	mpName, mpAlign string
	levelCount      map[int]int
	levelCards      map[int][]int
	mixedFill       map[int]bool
	maxLevel        int
	mpCards         int

	// The life deck: which entries count in it (for copies, named cards,
	// alignment, allies and Dragon Balls), its size, the copies per number,
	// the Mastery and Sensei cards wherever listed, the Sensei deck's size
	// and first line, the side deck's.
	counted        []bool
	lifeCards      int // the life deck's cards that count in its size
	totals         tallies
	masteries      []int
	masteryCount   int
	senseiCards    []int
	senseiCount    int
	senseiDeck     int
	senseiLine     int
	side, sideLine int
	dbDistinct     map[string]bool // the different Dragon Balls
	dbMixed        bool            // Dragon Balls of more than one set
	dbSet          string          // the set of the Dragon Balls, while sorting
	allies         map[allyKey]map[int]int
	allyOrder      []allyKey
}

// allyKey is an ally: a personality of one set.
type allyKey struct{ personality, set string }

func (d *dbzDeck) ref(topic string) string { return d.r.src + ": " + topic }

func sortDBZDeck(c *checker, r dbzRules) *dbzDeck {
	d := &dbzDeck{c: c, r: r, entries: c.deck.Entries, levelCount: map[int]int{}, levelCards: map[int][]int{},
		mixedFill: map[int]bool{}, dbDistinct: map[string]bool{}, allies: map[allyKey]map[int]int{}}
	d.findMP()
	for i, e := range d.entries {
		if d.inMP[i] {
			d.sortMPEntry(i, e)
		}
	}
	d.counted = make([]bool, len(d.entries))
	for i, e := range d.entries {
		if !d.inMP[i] {
			d.sortLifeEntry(i, e)
		}
	}
	c.res.Leader = d.mpName
	c.res.Main, c.res.Side = d.size(), d.side
	return d
}

// findMP marks the main personality's entries (inMP).
func (d *dbzDeck) findMP() {
	d.inMP = make([]bool, len(d.entries))
	for i, e := range d.entries {
		if e.Section == SectionLeader {
			d.inMP[i] = true
			if card := d.c.cards[i]; card != nil && d.mpPersonality == "" && dbzKind(card) == KindPersonality {
				d.mpPersonality = card.Extra[ExtraPersonality]
			}
		}
	}
	if !oneCardHeaders[d.c.deck.LeaderHeader] {
		return
	}
	for i, e := range d.entries {
		card := d.c.cards[i]
		if e.Section == SectionMain && card != nil && d.mpPersonality != "" && dbzKind(card) == KindPersonality &&
			strings.EqualFold(card.Extra[ExtraPersonality], d.mpPersonality) {
			d.inMP[i] = true
		}
	}
}

// sortMPEntry counts main personality entry i: its levels, or, listed with
// it, the Mastery.
func (d *dbzDeck) sortMPEntry(i int, e DeckEntry) {
	card := d.c.cards[i]
	if card == nil {
		d.mpCards += e.Count
		return
	}
	kind := dbzKind(card)
	if kind == KindMastery {
		// Players list the Mastery with the main personality, as it starts in play beside it.
		d.masteries = append(d.masteries, i)
		d.masteryCount += e.Count
		return
	}
	d.mpCards += e.Count
	if kind != KindPersonality {
		return
	}
	p := card.Extra[ExtraPersonality]
	mixed := false
	if d.mpName == "" {
		d.mpName, d.mpAlign = p, dbzAlignment(card)
	} else if !strings.EqualFold(p, d.mpName) {
		mixed = true
	}
	lvl := dbzLevel(card)
	if lvl > d.r.maxLevels {
		return
	}
	d.maxLevel = max(d.maxLevel, lvl)
	if mixed {
		// The card stands where the player meant a level: its level is not
		// missing, it is the wrong personality (mp-mixed).
		d.mixedFill[lvl] = true
		return
	}
	d.levelCount[lvl] += e.Count
	d.levelCards[lvl] = append(d.levelCards[lvl], i)
}

// sortLifeEntry counts life deck (or side or Sensei deck) entry i.
func (d *dbzDeck) sortLifeEntry(i int, e DeckEntry) {
	card := d.c.cards[i]
	switch {
	case e.Section == SectionSide:
		d.side += e.Count
		if d.sideLine == 0 {
			d.sideLine = e.Line
		}
		return
	case e.Section == SectionZDeck, e.Section == SectionSensei && !d.r.sensei, card == nil:
		return
	}
	kind := dbzKind(card)
	if kind == KindSensei {
		d.senseiCards = append(d.senseiCards, i)
		d.senseiCount += e.Count
		if e.Section == SectionSensei {
			return // sensei-card-in-sensei-deck
		}
	}
	if e.Section == SectionSensei {
		d.senseiDeck += e.Count
		if d.senseiLine == 0 {
			d.senseiLine = e.Line
		}
		if senseiMark(card) == SenseiDeckNo {
			return // not-sensei-deck-card: its copies are not counted again
		}
	} else if kind == KindMastery {
		d.masteries = append(d.masteries, i)
		d.masteryCount += e.Count
	}
	if e.Section != SectionSensei && (kind != KindMastery || d.r.countMastery) {
		d.lifeCards += e.Count
	}
	d.counted[i] = true
	d.totals.add(e.Number, e.Count, e.Line, i)
	d.sortCountedEntry(i, card, kind)
}

// sortCountedEntry notes a counted entry's allies and Dragon Balls.
func (d *dbzDeck) sortCountedEntry(i int, card *Card, kind string) {
	p := card.Extra[ExtraPersonality]
	if kind == KindPersonality && (d.mpName == "" || !strings.EqualFold(p, d.mpName)) {
		k := allyKey{strings.ToLower(p), strings.ToLower(card.Set)}
		if d.allies[k] == nil {
			d.allies[k] = map[int]int{}
			d.allyOrder = append(d.allyOrder, k)
		}
		if _, seen := d.allies[k][dbzLevel(card)]; !seen {
			d.allies[k][dbzLevel(card)] = i
		}
	}
	if kind == KindDragonBall {
		d.dbDistinct[d.entries[i].Number] = true
		if !sameDragonBallSet(&d.dbSet, card.Extra[ExtraDragonBallSet]) {
			d.dbMixed = true
		}
	}
}

// sameDragonBallSet reports whether a Dragon Ball of set is of the deck's
// set so far (*deckSet: the first set named, "" until one is).
func sameDragonBallSet(deckSet *string, set string) bool {
	if *deckSet == "" {
		*deckSet = set
		return true
	}
	return strings.EqualFold(set, *deckSet)
}

// mpHeader: a main personality listed under "Leader:" gets one problem
// saying what to write.
func (d *dbzDeck) mpHeader() {
	if oneCardHeaders[d.c.deck.LeaderHeader] {
		d.c.add("dbz-leader-header", d.ref("main personality"), "", d.c.deck.LeaderHeaderLine, d.c.f.Name)
	}
}

// mpCardPool: the main personality's cards are in the card pool.
func (d *dbzDeck) mpCardPool() {
	for i := range d.entries {
		if d.inMP[i] && d.c.cards[i] == nil {
			d.c.unknownCard(i)
		}
	}
}

// mpPersonalityCards: the main personality's levels are personality cards.
func (d *dbzDeck) mpPersonalityCards() {
	for i, e := range d.entries {
		if card := d.c.cards[i]; d.inMP[i] && card != nil {
			if kind := dbzKind(card); kind != KindMastery && kind != KindPersonality {
				d.c.add("mp-not-personality", d.ref("main personality"), e.Number, e.Line, e.Number, card.Name)
			}
		}
	}
}

// mpOnePersonality: the main personality is one personality.
func (d *dbzDeck) mpOnePersonality() {
	name := "" // the first personality's, as the list goes
	for i, e := range d.entries {
		card := d.c.cards[i]
		if !d.inMP[i] || card == nil || dbzKind(card) != KindPersonality {
			continue
		}
		if p := card.Extra[ExtraPersonality]; name == "" {
			name = p
		} else if !strings.EqualFold(p, name) {
			d.c.add("mp-mixed", d.ref("main personality"), e.Number, e.Line, e.Number, card.Name, p, name)
		}
	}
}

// mpLevelLimit: a main personality goes up to level 5 (Score) or 4 (Panini).
func (d *dbzDeck) mpLevelLimit() {
	for i, e := range d.entries {
		if card := d.c.cards[i]; d.inMP[i] && card != nil && dbzKind(card) == KindPersonality && dbzLevel(card) > d.r.maxLevels {
			d.c.add("mp-too-high", d.ref("main personality"), e.Number, e.Line, e.Number, card.Name, dbzLevel(card), d.r.maxLevels)
		}
	}
}

// mpLevels: there is a main personality, with one card of each level from
// 1 up to its highest, and enough levels (Score: at least 3; Panini:
// exactly 4).
func (d *dbzDeck) mpLevels() {
	ref := d.ref("main personality")
	if d.mpName == "" {
		d.c.add("no-main-personality", ref, "", 0)
		return
	}
	for l := 1; l <= d.maxLevel; l++ {
		switch {
		case d.levelCount[l] == 0 && !d.mixedFill[l]:
			d.c.add("mp-level-missing", ref, "", 0, d.mpName, l)
		case d.levelCount[l] > 1:
			d.c.addCards("mp-level-twice", ref, d.levelCards[l], d.mpName, d.levelCount[l], l)
		}
	}
	if d.r.exactLevels && d.maxLevel != d.r.minLevels {
		d.c.add("mp-level-count", ref, "", 0, d.mpName, d.maxLevel, d.r.minLevels)
	} else if d.maxLevel < d.r.minLevels {
		d.c.add("mp-too-few-levels", ref, "", 0, d.mpName, d.maxLevel, d.r.minLevels)
	}
}

// sections: the games have no Z-Deck, and only Score a Sensei deck.
func (d *dbzDeck) sections() {
	for i, e := range d.entries {
		switch {
		case d.inMP[i]:
		case e.Section == SectionZDeck:
			d.c.add("zdeck-not-allowed", "Format", e.Number, e.Line, e.Count)
		case e.Section == SectionSensei && !d.r.sensei:
			d.c.add("sensei-not-allowed", "Format", e.Number, e.Line, e.Count)
		}
	}
}

// inLifeSections reports whether entry i is read as a life or Sensei deck
// card (not the main personality, side deck, or a section the game lacks).
func (d *dbzDeck) inLifeSections(i int) bool {
	switch e := d.entries[i]; {
	case d.inMP[i], e.Section == SectionSide, e.Section == SectionZDeck:
		return false
	case e.Section == SectionSensei:
		return d.r.sensei
	}
	return true
}

// lifeCardPool: the life deck's cards are in the card pool and of the game.
func (d *dbzDeck) lifeCardPool() {
	for i, e := range d.entries {
		if !d.inLifeSections(i) {
			continue
		}
		switch card := d.c.cards[i]; {
		case card == nil:
			d.c.unknownCard(i)
		case card.Game != "" && card.Game != d.c.f.Game:
			d.c.add("wrong-game", d.ref("deck"), e.Number, e.Line, e.Number, card.Name, GameName(card.Game), d.c.f.Name)
		}
	}
}

// senseiDeckCards: the Sensei card goes in the life deck; the Sensei deck
// holds only "Sensei Deck" and "Sensei Deck only" cards, and "Sensei Deck
// only" cards stay out of the life deck (Score).
func (d *dbzDeck) senseiDeckCards() {
	ref := d.ref("Sensei deck")
	for i, e := range d.entries {
		card := d.c.cards[i]
		if !d.inLifeSections(i) || card == nil {
			continue
		}
		switch inSensei := e.Section == SectionSensei; {
		case inSensei && dbzKind(card) == KindSensei:
			// It starts in the life deck and goes into play from there; it
			// is not one of the Sensei deck's cards.
			d.c.add("sensei-card-in-sensei-deck", ref, e.Number, e.Line, e.Number, card.Name)
		case inSensei && senseiMark(card) == SenseiDeckNo:
			d.c.add("not-sensei-deck-card", ref, e.Number, e.Line, e.Number, card.Name)
		case !inSensei && senseiMark(card) == SenseiDeckOnly:
			d.c.add("sensei-only", ref, e.Number, e.Line, e.Number, card.Name)
		}
	}
}

// alliesAndNamedCards: an ally is not the main personality and is at most
// 2 levels below its highest level (Score); a named card is named for the
// main personality.
func (d *dbzDeck) alliesAndNamedCards() {
	for i, e := range d.entries {
		card := d.c.cards[i]
		if !d.counted[i] {
			continue
		}
		p := card.Extra[ExtraPersonality]
		switch {
		case dbzKind(card) != KindPersonality:
			if p != "" && d.mpName != "" && !strings.EqualFold(p, d.mpName) {
				d.c.add("named-card", d.ref("named cards"), e.Number, e.Line, e.Number, card.Name, p, d.mpName)
			}
		case d.mpName != "" && strings.EqualFold(p, d.mpName):
			d.c.add("ally-same-personality", d.ref("allies"), e.Number, e.Line, e.Number, card.Name, d.mpName)
		case d.r.allyMaxBelow > 0 && d.maxLevel > 0 && dbzLevel(card) > d.maxLevel-d.r.allyMaxBelow:
			d.c.add("ally-level", d.ref("allies"), e.Number, e.Line, e.Number, card.Name, dbzLevel(card), d.maxLevel-d.r.allyMaxBelow)
		}
	}
}

// alignment: Hero and Villain cards follow the main personality's
// alignment; a Rogue's (or unknown) deck does not mix them.
func (d *dbzDeck) alignment() {
	seen := map[string]int{} // alignment -> first entry, for a Rogue
	for i, e := range d.entries {
		card := d.c.cards[i]
		if !d.counted[i] {
			continue
		}
		a := dbzAlignment(card)
		if a != "hero" && a != "villain" {
			continue
		}
		switch d.mpAlign {
		case "hero", "villain":
			if a != d.mpAlign {
				d.c.add("alignment", d.ref("Hero/Villain"), e.Number, e.Line, e.Number, card.Name, a, d.mpName, d.mpAlign)
			}
			continue
		}
		if _, ok := seen[a]; !ok {
			seen[a] = i
		}
		other := map[string]string{"hero": "villain", "villain": "hero"}[a]
		if j, mixed := seen[other]; mixed {
			d.c.add("alignment-mixed", d.ref("Hero/Villain"), e.Number, e.Line,
				d.entries[j].Number, d.c.name(j), other, e.Number, card.Name, a)
			return // the mix once
		}
	}
}

// dragonBallSet: the deck's Dragon Balls are of one set.
func (d *dbzDeck) dragonBallSet() {
	set := ""
	for i, e := range d.entries {
		card := d.c.cards[i]
		if !d.counted[i] || dbzKind(card) != KindDragonBall {
			continue
		}
		if s := card.Extra[ExtraDragonBallSet]; !sameDragonBallSet(&set, s) {
			d.c.add("dragon-ball-sets", d.ref("Dragon Balls"), e.Number, e.Line, set, s)
		}
	}
}

// sideDeck: the games have no side deck.
func (d *dbzDeck) sideDeck() {
	if d.side > 0 {
		d.c.add("side-not-allowed", "Format", "", d.sideLine, d.side)
	}
}

// deckSize: Score, 50 to 85 cards with the main personality and the
// Mastery; Panini, a life deck of exactly 60 without them.
func (d *dbzDeck) deckSize() {
	r, ref, n := d.r, d.ref("deck size"), d.size()
	switch {
	case r.minDeck == r.maxDeck && n != r.minDeck:
		d.c.add("dbz-deck-size", ref, "", 0, n, r.minDeck, r.counted)
	case n < r.minDeck:
		d.c.add("dbz-deck-too-small", ref, "", 0, n, r.minDeck, r.counted)
	case n > r.maxDeck:
		d.c.add("dbz-deck-too-large", ref, "", 0, n, r.maxDeck, r.counted)
	}
}

// size is the deck's size as the game counts it: the life deck, with the
// main personality and the Mastery where they count (Score).
func (d *dbzDeck) size() int {
	n := d.lifeCards
	if d.r.countMP {
		n += d.mpCards
	}
	if d.r.countMastery {
		n += d.mpMasteries()
	}
	return n
}

// mpMasteries is the copies of the Mastery listed with the main personality.
func (d *dbzDeck) mpMasteries() int {
	n := 0
	for _, i := range d.masteries {
		if d.inMP[i] {
			n += d.entries[i].Count
		}
	}
	return n
}

// mastery: Panini needs exactly 1 Mastery; either game allows 1 in all.
// Two copies of one number are this one problem, not a copy limit's too.
func (d *dbzDeck) mastery() {
	if d.r.masteryRequired && d.masteryCount == 0 {
		d.c.add("mastery-missing", d.ref("Mastery"), "", 0)
	}
	if d.masteryCount > 1 {
		d.c.addCards("too-many-of-kind", d.ref("copy limits"), d.masteries, d.masteryCount, "Mastery", 1)
	}
}

// oneSensei: 1 Sensei card in all (Score).
func (d *dbzDeck) oneSensei() {
	if d.senseiCount > 1 {
		d.c.addCards("too-many-of-kind", d.ref("copy limits"), d.senseiCards, d.senseiCount, "Sensei", 1)
	}
}

// senseiDeckSize: a Sensei deck needs a Sensei card, and holds exactly as
// many cards as it says (Score).
func (d *dbzDeck) senseiDeckSize() {
	if d.senseiDeck == 0 {
		return
	}
	ref := d.ref("Sensei deck")
	if d.senseiCount == 0 {
		d.c.add("sensei-deck-no-card", ref, "", d.senseiLine)
		return
	}
	i := d.senseiCards[0]
	e, sensei := d.entries[i], d.c.cards[i]
	switch size, err := strconv.Atoi(sensei.Extra[ExtraSenseiSize]); {
	case err != nil || size < 1:
		d.c.add("unknown-attribute", ref, e.Number, e.Line, e.Number, sensei.Name, "Sensei deck size")
	case d.senseiDeck != size:
		d.c.add("sensei-deck-size", ref, "", d.senseiLine, d.senseiDeck, e.Number, sensei.Name, size)
	}
}

// dragonBallsComplete: Dragon Balls, if any, are exactly one set of 7
// (Score). With more than one set, the mix is the problem; the count is
// judged on its own only when the mix alone does not explain it.
func (d *dbzDeck) dragonBallsComplete() {
	n := len(d.dbDistinct)
	if d.r.dragonBallFullSet && n > 0 && n != 7 && !(d.dbMixed && n >= 7) {
		d.c.add("dragon-ball-incomplete", d.ref("Dragon Balls"), "", 0, n)
	}
}

// allySets: allies come as whole sets, levels 1 up to their highest with no
// gap (Score).
func (d *dbzDeck) allySets() {
	if d.r.allyMaxBelow <= 0 {
		return
	}
	for _, k := range d.allyOrder {
		levels := d.allies[k]
		top, first := 0, -1
		for l, i := range levels {
			top = max(top, l)
			if first < 0 || d.entries[i].Line < d.entries[first].Line {
				first = i
			}
		}
		for l := 1; l <= top; l++ {
			if _, ok := levels[l]; !ok {
				e := d.entries[first]
				d.c.add("ally-set", d.ref("allies"), e.Number, e.Line, d.c.cards[first].Extra[ExtraPersonality], l)
				break
			}
		}
	}
}

// copies: 3 of a card; Score 4 of a card named for the main personality
// and 1 of each ally; 1 of each Dragon Ball; a card's own limit wins. The
// Mastery and Sensei cards are one in all (mastery, oneSensei).
func (d *dbzDeck) copies() {
	r := d.r
	for _, t := range d.totals {
		card := d.c.cards[t.firstIdx]
		limit := r.copies
		switch kind := dbzKind(card); {
		case kind == KindMastery, kind == KindSensei:
			continue
		case kind == KindDragonBall:
			limit = 1
		case kind == KindPersonality:
			limit = r.allyCopies
		case d.mpName != "" && strings.EqualFold(card.Extra[ExtraPersonality], d.mpName):
			limit = r.namedCopies
		}
		switch {
		case card.CopyLimit == CopyLimitAny:
			continue
		case card.CopyLimit > 0:
			limit = card.CopyLimit
		}
		if t.total > limit {
			d.c.add("too-many-copies", d.ref("copy limits"), t.number, t.firstLine, t.number, card.Name, t.total, limit)
		}
	}
}

// banList: a ban list of the game, if one is loaded.
func (d *dbzDeck) banList() { d.c.checkBans(d.totals) }
