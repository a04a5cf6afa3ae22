package rules

import (
	"slices"
	"strings"

	"github.com/tenkaichi-org/tenkaichi/rules/keyword"
)

// leaderRules configures the Leader-based games (Fusion World, Masters).
type leaderRules struct {
	refLeader, refSize, refColour, refCopies string
	minMain, maxMain                         int
	maxCopies                                int // 0: no per-number limit
	colour                                   bool
	superCombo, dragonBall                   int // pooled limits, 0: not checked
	maxSide                                  int // -1: no side deck
	refSide                                  string
	maxZ                                     int // -1: no Z-Deck
	refZ                                     string
	banList                                  bool
	refCardText                              string // the rule that lets card text override deck building
}

func registerLeaderFormats() {
	fwStd := leaderRules{
		refLeader: "CR 6-1-2", refSize: "CR 6-1-3", refColour: "CR 6-1-4-1", refCopies: "CR 6-1-4-2",
		minMain: 50, maxMain: 60, maxCopies: 4, colour: true, superCombo: 4, dragonBall: 7,
		maxSide: 15, refSide: "Tournament rules: side deck", maxZ: -1, banList: true, refCardText: "CR 0-2-2",
	}
	registerFormat(&Format{
		ID: "fw-standard", Game: GameFusionWorld, Name: "Fusion World Standard",
		Rules: []Rule{
			{"leader", "CR 6-1-2", "exactly 1 Leader card, not counted in the deck"},
			{"deck-size", "CR 6-1-3", "a main deck of 50 to 60 Battle and Extra cards; no Leader or energy marker in it"},
			{"colour", "CR 6-1-4-1", "every card shares a colour with the Leader"},
			{"copies", "CR 6-1-4-2", "at most 4 copies per card number, printings counted together, main and side deck together"},
			{"card-text", "CR 0-2-2", "a card's own deck-building text wins: its copy limit (\"as many copies as you like\", \"up to N copies\"), a Leader's text about the rest of the deck, and cards \"only used in specified events\" are not legal"},
			{"super-combo", "[Super Combo]", "at most 4 cards with [Super Combo] in total"},
			{"dragon-ball", "[Dragon Ball]", "at most 7 cards with [Dragon Ball] in total, which are exempt from the 4-copy limit"},
			{"side-deck", "Tournament rules: side deck", "a side deck of up to 15 cards"},
			{"ban-list", "Ban list", "the Fusion World ban list in force on the event date"},
		},
		TeamRules: []Rule{teamUnique},
		check:     func(c *checker) { c.checkLeaderDeck(fwStd) },
	})
	draft := fwStd
	draft.minMain, draft.maxMain, draft.maxCopies = 50, 50, 0
	draft.maxSide, draft.banList = -1, false
	limitedNotApplied := []Rule{
		{"copies", "CR 6-1-4-2", "players build from the packs they open, so a card can appear more than 4 times"},
		{"ban-list", "Ban list", "banned cards can be opened in packs; limited events play what was opened"},
		{"side-deck", "Tournament rules: side deck", "the unused cards of the pool are not registered as a side deck"},
	}
	registerFormat(&Format{
		ID: "fw-draft", Game: GameFusionWorld, Name: "Fusion World Draft",
		Rules: []Rule{
			{"leader", "CR 6-1-2", "exactly 1 Leader card"},
			{"deck-size", "Draft rules", "a main deck of exactly 50 cards; no Leader or energy marker in it"},
			{"colour", "CR 6-1-4-1", "every card shares a colour with the Leader"},
			{"card-text", "CR 0-2-2", "cards \"only used in specified events\" are not legal"},
			{"super-combo", "[Super Combo]", "at most 4 cards with [Super Combo] in total"},
			{"dragon-ball", "[Dragon Ball]", "at most 7 cards with [Dragon Ball] in total"},
		},
		NotApplied: limitedNotApplied,
		check:      func(c *checker) { c.checkLeaderDeck(draft) },
	})
	sealed := draft
	registerFormat(&Format{
		ID: "fw-sealed", Game: GameFusionWorld, Name: "Fusion World Sealed",
		Rules: []Rule{
			{"leader", "CR 6-1-2", "exactly 1 Leader card"},
			{"deck-size", "Sealed rules (assumed as Draft)", "a main deck of exactly 50 cards; no Leader or energy marker in it"},
			{"colour", "CR 6-1-4-1", "every card shares a colour with the Leader"},
			{"card-text", "CR 0-2-2", "cards \"only used in specified events\" are not legal"},
			{"super-combo", "[Super Combo]", "at most 4 cards with [Super Combo] in total"},
			{"dragon-ball", "[Dragon Ball]", "at most 7 cards with [Dragon Ball] in total"},
		},
		NotApplied: limitedNotApplied,
		check:      func(c *checker) { c.checkLeaderDeck(sealed) },
	})
	masters := leaderRules{
		refLeader: "Masters CR 6-1-3", refSize: "Masters CR 6-1-3", refCopies: "Masters CR 6-1-5-1",
		minMain: 50, maxMain: 60, maxCopies: 4, colour: false, superCombo: 4, dragonBall: 7,
		maxSide: -1, maxZ: 10, refZ: "Masters CR 6-1-4", banList: true, refCardText: "Masters CR 6-1-5-1",
	}
	registerFormat(&Format{
		ID: "masters-standard", Game: GameMasters, Name: "Masters Standard",
		Rules: []Rule{
			{"leader", "Masters CR 6-1-3", "exactly 1 Leader card"},
			{"deck-size", "Masters CR 6-1-3", "a main deck of 50 to 60 cards; no Leader and no Z-card in it"},
			{"z-deck", "Masters CR 6-1-4", "a Z-Deck of up to 10 Z-cards (Z-Leader, Z-Battle, Z-Extra, Z-Unison) and nothing else"},
			{"copies", "Masters CR 6-1-5-1", "at most 4 copies per card number unless the card's text says otherwise (\"as many copies as you like\", \"up to N copies\"), main deck and Z-Deck together"},
			{"card-text", "Masters CR 6-1-5-1", "cards \"only used in specified events\" are not legal; the Leader's own text about the rest of the deck (\"You can't include 《Saiyan》 cards in your deck\")"},
			{"super-combo", "[Super Combo]", "at most 4 cards with [Super Combo] in total"},
			{"dragon-ball", "[Dragon Ball]", "at most 7 cards with [Dragon Ball] in total, which are exempt from the 4-copy limit"},
			{"ban-list", "Ban list", "the Masters banned and limited list in force on the event date"},
		},
		NotApplied: []Rule{
			{"colour", "", "Masters has no colour restriction when building a deck"},
			{"side-deck", "", "no Masters side deck rule was confirmed"},
		},
		TeamRules: []Rule{teamUnique},
		check:     func(c *checker) { c.checkLeaderDeck(masters) },
	})
}

// checkLeaderDeck applies the Leader-game rules: it sorts the deck's
// entries out once (sortLeaderDeck), then each rule reports what breaks it.
func (c *checker) checkLeaderDeck(r leaderRules) {
	d := sortLeaderDeck(c, r)
	for _, check := range leaderChecks {
		check(d)
	}
}

// leaderChecks are the construction rules of the Leader games, one function
// each, in the order their problems are reported (Validate sorts problems
// by line and keeps this order within a line). Each cites its rule:
// leaderRules holds each format's numbers.
var leaderChecks = []func(d *leaderDeck){
	(*leaderDeck).cardPool,
	(*leaderDeck).specifiedEvents,
	(*leaderDeck).leaderIsLeaderCard,
	(*leaderDeck).noLeaderInDeck,
	(*leaderDeck).noSenseiDeck,
	(*leaderDeck).zCardsInZDeck,
	(*leaderDeck).oneLeader,
	(*leaderDeck).mainDeckSize,
	(*leaderDeck).sideDeckSize,
	(*leaderDeck).zDeckSize,
	(*leaderDeck).copies,
	(*leaderDeck).colour,
	(*leaderDeck).leaderText,
	(*leaderDeck).superCombo,
	(*leaderDeck).dragonBall,
	(*leaderDeck).banList,
}

// place is where a Leader game's deck entry counts.
type place uint8

const (
	placeMain        place = iota
	placeSide              // the side deck
	placeZDeck             // the Z-Deck
	placeLeader            // the Leader
	placeMarker            // an energy marker: not a deck card
	placeSensei            // a Sensei deck, which these games do not have
	placeStrayLeader       // a Leader card outside the Leader: counted nowhere
	placeStrayZ            // a Z-card outside the Z-Deck: counted nowhere
)

// leaderDeck is a decklist of a Leader game sorted out for its rules: where
// each entry counts, the sizes of the main deck, side deck and Z-Deck, and
// the copies of each number.
type leaderDeck struct {
	c       *checker
	r       leaderRules
	entries []DeckEntry
	places  []place
	// leaders are the entries that are the Leader: the Leader section, or,
	// when the list has none, Leader cards among the others (headerless
	// lists); leaderCount is their copies.
	leaders         []int
	leaderCount     int
	leader          *Card // the first Leader entry's card, if known
	main, side, z   int
	sideLine, zLine int // the first line of the side deck and of the Z-Deck
	// totals are the copies per number of every entry but the Leader, a
	// marker and a Sensei deck's; deck are the main and side deck's entries.
	totals tallies
	deck   []int
}

func sortLeaderDeck(c *checker, r leaderRules) *leaderDeck {
	d := &leaderDeck{c: c, r: r, entries: c.deck.Entries, places: make([]place, len(c.deck.Entries))}
	d.totals = make(tallies, 0, len(d.entries))
	hasLeaderSection := slices.ContainsFunc(d.entries, func(e DeckEntry) bool { return e.Section == SectionLeader })
	for i, e := range d.entries {
		p := d.placeOf(i, hasLeaderSection)
		d.places[i] = p
		switch p {
		case placeMarker, placeSensei:
			continue
		case placeLeader:
			d.leaders = append(d.leaders, i)
			d.leaderCount += e.Count
			continue
		case placeZDeck:
			d.z += e.Count
			if d.zLine == 0 {
				d.zLine = e.Line
			}
		case placeSide:
			d.side += e.Count
			if d.sideLine == 0 {
				d.sideLine = e.Line
			}
			d.deck = append(d.deck, i)
		case placeMain:
			d.main += e.Count
			d.deck = append(d.deck, i)
		}
		d.totals.add(e.Number, e.Count, e.Line, i)
	}
	c.res.Main, c.res.Side = d.main, d.side
	if len(d.leaders) > 0 {
		c.res.Leader = d.entries[d.leaders[0]].Number
		d.leader = c.cards[d.leaders[0]]
	}
	return d
}

// placeOf is where entry i counts.
func (d *leaderDeck) placeOf(i int, hasLeaderSection bool) place {
	e, card := d.entries[i], d.c.cards[i]
	switch {
	case card == nil && IsEnergyMarkerNumber(e.Number):
		return placeMarker
	case e.Section == SectionLeader,
		!hasLeaderSection && e.Section == SectionMain && card != nil && card.Type == TypeLeader:
		return placeLeader
	case e.Section == SectionSensei:
		return placeSensei
	case card != nil && card.Type == TypeLeader:
		return placeStrayLeader
	case e.Section == SectionZDeck:
		return placeZDeck
	case card != nil && card.Type.IsZCard():
		return placeStrayZ
	case e.Section == SectionSide:
		return placeSide
	}
	return placeMain
}

// cardPool: every card is in the card pool and of the format's game; an
// energy marker is not a deck card (the deck-size rule: FW CR 6-1-3).
func (d *leaderDeck) cardPool() {
	for i, e := range d.entries {
		card := d.c.cards[i]
		switch {
		case d.places[i] == placeMarker:
			d.c.add("energy-marker", d.r.refSize, e.Number, e.Line, e.Number)
		case card == nil:
			d.c.unknownCard(i)
		case card.Game != "" && card.Game != d.c.f.Game:
			d.c.add("wrong-game", d.r.refSize, e.Number, e.Line, e.Number, card.Name, GameName(card.Game), d.c.f.Name)
		}
	}
}

// specifiedEvents: a card "only used in specified events" is not legal in
// any of these formats (card text: FW CR 0-2-2, Masters CR 6-1-5-1).
func (d *leaderDeck) specifiedEvents() {
	seen := map[string]bool{}
	for i, e := range d.entries {
		if card := d.c.cards[i]; card != nil && card.SpecifiedEventsOnly && !seen[e.Number] {
			seen[e.Number] = true
			d.c.add("specified-events", d.r.refCardText, e.Number, e.Line, e.Number, card.Name, d.c.f.Name)
		}
	}
}

// leaderIsLeaderCard: the Leader is a Leader card (FW CR 6-1-2, Masters
// CR 6-1-3).
func (d *leaderDeck) leaderIsLeaderCard() {
	for _, i := range d.leaders {
		if e, card := d.entries[i], d.c.cards[i]; card != nil && card.Type != TypeLeader {
			d.c.add("not-a-leader", d.r.refLeader, e.Number, e.Line, e.Number, card.Name, string(card.Type))
		}
	}
}

// noLeaderInDeck: no Leader card outside the Leader; it is not counted in
// any deck (FW CR 6-1-3, Masters CR 6-1-3).
func (d *leaderDeck) noLeaderInDeck() {
	for i, e := range d.entries {
		if card := d.c.cards[i]; card != nil && card.Type == TypeLeader && d.places[i] != placeLeader {
			d.c.add("leader-in-deck", d.r.refSize, e.Number, e.Line, e.Number, card.Name)
		}
	}
}

// noSenseiDeck: these games have no Sensei deck.
func (d *leaderDeck) noSenseiDeck() {
	for i, e := range d.entries {
		if d.places[i] == placeSensei {
			d.c.add("sensei-not-allowed", d.r.refSize, e.Number, e.Line, e.Count)
		}
	}
}

// zCardsInZDeck: the Z-Deck holds only Z-cards, and Z-cards go nowhere else
// (Masters CR 6-1-4).
func (d *leaderDeck) zCardsInZDeck() {
	for i, e := range d.entries {
		card := d.c.cards[i]
		switch d.places[i] {
		case placeZDeck:
			if card != nil && !card.Type.IsZCard() && d.r.maxZ >= 0 {
				d.c.add("zdeck-not-z-card", d.r.refZ, e.Number, e.Line, e.Number, card.Name, string(card.Type))
			}
		case placeStrayZ:
			d.c.add("z-card-in-deck", d.r.refZ, e.Number, e.Line, e.Number, card.Name, string(card.Type))
		}
	}
}

// oneLeader: exactly one Leader card (FW CR 6-1-2, Masters CR 6-1-3).
func (d *leaderDeck) oneLeader() {
	switch {
	case d.leaderCount == 0:
		d.c.add("no-leader", d.r.refLeader, "", 0)
	case d.leaderCount > 1:
		d.c.addCards("too-many-leaders", d.r.refLeader, d.leaders, d.leaderCount)
	}
}

// mainDeckSize: 50 to 60 cards in the main deck, or exactly 50 in the
// limited formats (FW CR 6-1-3, Masters CR 6-1-3, the Draft rules).
func (d *leaderDeck) mainDeckSize() {
	switch r := d.r; {
	case r.minMain == r.maxMain && d.main != r.minMain:
		d.c.add("deck-size", r.refSize, "", 0, d.main, r.minMain)
	case d.main < r.minMain:
		d.c.add("deck-too-small", r.refSize, "", 0, d.main, r.minMain)
	case d.main > r.maxMain:
		d.c.add("deck-too-large", r.refSize, "", 0, d.main, r.maxMain)
	}
}

// sideDeckSize: a side deck of up to 15 cards where the format has one (the
// tournament rules).
func (d *leaderDeck) sideDeckSize() {
	switch r := d.r; {
	case r.maxSide < 0 && d.side > 0:
		d.c.add("side-not-allowed", "Format", "", d.sideLine, d.side)
	case r.maxSide >= 0 && d.side > r.maxSide:
		d.c.add("side-too-large", r.refSide, "", 0, d.side, r.maxSide)
	}
}

// zDeckSize: a Z-Deck of up to 10 cards where the format has one (Masters
// CR 6-1-4).
func (d *leaderDeck) zDeckSize() {
	switch r := d.r; {
	case r.maxZ < 0 && d.z > 0:
		d.c.add("zdeck-not-allowed", "Format", "", d.zLine, d.z)
	case r.maxZ >= 0 && d.z > r.maxZ:
		d.c.add("zdeck-too-large", r.refZ, "", 0, d.z, r.maxZ)
	}
}

// copies: at most 4 copies of a number in all the decks together (FW
// CR 6-1-4-2, Masters CR 6-1-5-1); a [Dragon Ball] card is exempt, and a
// card's own limit wins (CR 0-2-2).
func (d *leaderDeck) copies() {
	r := d.r
	if r.maxCopies <= 0 {
		return
	}
	for _, t := range d.totals {
		card := d.c.cards[t.firstIdx]
		if card == nil {
			continue
		}
		limit, ref := r.maxCopies, r.refCopies
		exempt := r.dragonBall > 0 && card.HasKeyword(keyword.DragonBall)
		switch {
		case card.CopyLimit == CopyLimitAny:
			exempt = true
		case card.CopyLimit > 0:
			limit, ref = card.CopyLimit, r.refCardText
		}
		if !exempt && t.total > limit {
			d.c.add("too-many-copies", ref, t.number, t.firstLine, t.number, card.Name, t.total, limit)
		}
	}
}

// colour: every card shares a colour with the Leader (FW CR 6-1-4-1).
func (d *leaderDeck) colour() {
	leader := d.leader
	if !d.r.colour || leader == nil || len(leader.Colours) == 0 {
		return
	}
	for _, t := range d.totals {
		card := d.c.cards[t.firstIdx]
		if card == nil || len(card.Colours) == 0 || card.Type == TypeLeader || sharesColour(leader.Colours, card.Colours) {
			continue
		}
		d.c.add("colour", d.r.refColour, t.number, t.firstLine, t.number, card.Name, strings.Join(card.Colours, "/"),
			leader.Number, leader.Name, strings.Join(leader.Colours, "/"))
	}
}

// leaderText: the Leader's own text about the rest of the deck (card text:
// FW CR 0-2-2, Masters CR 6-1-5-1).
func (d *leaderDeck) leaderText() {
	if d.leader != nil {
		d.c.checkLeaderRestrictions(d.leader, d.deck, d.r.refCardText)
	}
}

// superCombo: at most 4 cards with [Super Combo] ([Super Combo]).
func (d *leaderDeck) superCombo() { d.keywordTotal(keyword.SuperCombo, d.r.superCombo) }

// dragonBall: at most 7 cards with [Dragon Ball] ([Dragon Ball]).
func (d *leaderDeck) dragonBall() { d.keywordTotal(keyword.DragonBall, d.r.dragonBall) }

// keywordTotal reports more than limit cards with keyword kw (0: no limit)
// in the decks, naming them; the rule is the keyword's own.
func (d *leaderDeck) keywordTotal(kw string, limit int) {
	if limit <= 0 {
		return
	}
	var at []int
	total := 0
	for i, e := range d.entries {
		switch d.places[i] {
		case placeLeader, placeMarker, placeSensei:
			continue
		}
		if card := d.c.cards[i]; card != nil && card.HasKeyword(kw) {
			at = append(at, i)
			total += e.Count
		}
	}
	if total > limit {
		d.c.addCards("too-many-keyword", "["+kw+"]", at, total, kw, limit)
	}
}

// banList: the ban list in force on the event's date, the Leader counted.
func (d *leaderDeck) banList() {
	if !d.r.banList {
		return
	}
	totals := append(tallies(nil), d.totals...)
	if len(d.leaders) > 0 {
		i := d.leaders[0]
		if _, seen := totals.find(d.entries[i].Number); !seen {
			totals.add(d.entries[i].Number, d.leaderCount, d.entries[i].Line, i)
		}
	}
	d.c.checkBans(totals)
}

// checkLeaderRestrictions applies what the Leader's text says about the rest
// of its deck (Card.DeckRestrictions) to the entries idxs.
func (c *checker) checkLeaderRestrictions(leader *Card, idxs []int, ref string) {
	for _, rs := range leader.DeckRestrictions {
		var at []int
		total := 0
		for _, i := range idxs {
			if card := c.cards[i]; card != nil && rs.Restricts(card) {
				at = append(at, i)
				total += c.deck.Entries[i].Count
			}
		}
		switch {
		case rs.Max == 0:
			for _, i := range at {
				e := c.deck.Entries[i]
				c.add("leader-restriction", ref, e.Number, e.Line, e.Number, c.cards[i].Name, leader.Number, leader.Name, rs.Text)
			}
		case total > rs.Max:
			c.addCards("leader-restriction-limit", ref, at, leader.Number, leader.Name, rs.Text, total)
		}
	}
}

func sharesColour(a, b []string) bool {
	for _, x := range a {
		if x == ColourAll {
			return true
		}
		for _, y := range b {
			if x == y || y == ColourAll {
				return true
			}
		}
	}
	return false
}

// GameName is a game's short name in rules' own (English) problem texts.
func GameName(g Game) string {
	switch g {
	case GameFusionWorld:
		return "Fusion World"
	case GameMasters:
		return "Masters"
	case GameScoreDBZ:
		return "Score DBZ"
	case GamePaniniDBZ:
		return "Panini DBZ"
	}
	return string(g)
}
