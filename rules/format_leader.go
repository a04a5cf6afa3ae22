package rules

import (
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
		check: func(c *checker) { c.checkLeaderDeck(fwStd) },
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
		check: func(c *checker) { c.checkLeaderDeck(masters) },
	})
}

// checkLeaderDeck applies the Leader-game rules.
func (c *checker) checkLeaderDeck(r leaderRules) {
	entries := c.deck.Entries
	game := c.f.Game

	// Which entries are the Leader: the Leader section, or, when the list
	// has none, Leader cards among the others (headerless lists).
	hasLeaderSection := false
	for _, e := range entries {
		if e.Section == SectionLeader {
			hasLeaderSection = true
			break
		}
	}
	isLeader := func(i int) bool {
		if entries[i].Section == SectionLeader {
			return true
		}
		return !hasLeaderSection && entries[i].Section == SectionMain && c.cards[i] != nil && c.cards[i].Type == TypeLeader
	}

	totals := make(tallies, 0, len(entries))
	leaderCount, leaderIdx := 0, -1
	main, side, z := 0, 0, 0
	sideLine, zLine := 0, 0 // first line of the side deck and the Z-Deck
	superCombo, dragonBall := 0, 0
	var leaderIdxs, scIdxs, dbIdxs []int // entries at fault when a total is over
	var deckIdxs []int                   // entries counted in the main or side deck
	eventOnly := map[string]bool{}       // numbers already reported as specified-events

	for i, e := range entries {
		card := c.cards[i]
		if card == nil && IsEnergyMarkerNumber(e.Number) {
			c.add("energy-marker", r.refSize, e.Number, e.Line, e.Number)
			continue
		}
		if card == nil {
			c.unknownCard(i)
		} else if card.Game != "" && card.Game != game {
			c.add("wrong-game", r.refSize, e.Number, e.Line, e.Number, card.Name, GameName(card.Game), c.f.Name)
		}
		if card != nil && card.SpecifiedEventsOnly && !eventOnly[e.Number] {
			eventOnly[e.Number] = true
			c.add("specified-events", r.refCardText, e.Number, e.Line, e.Number, card.Name, c.f.Name)
		}
		if isLeader(i) {
			leaderCount += e.Count
			leaderIdxs = append(leaderIdxs, i)
			if leaderIdx < 0 {
				leaderIdx = i
			}
			if card != nil && card.Type != TypeLeader {
				c.add("not-a-leader", r.refLeader, e.Number, e.Line, e.Number, card.Name, string(card.Type))
			}
			continue
		}
		// A Leader card outside the Leader is a problem of its own and not
		// counted in the main deck, side deck or Z-Deck, so the sizes report
		// the Battle and Extra cards the rules count. The same goes for a
		// Z-card outside the Z-Deck.
		misplacedLeader := card != nil && card.Type == TypeLeader
		if misplacedLeader {
			c.add("leader-in-deck", r.refSize, e.Number, e.Line, e.Number, card.Name)
		}
		zCard := card != nil && card.Type.IsZCard()
		switch {
		case e.Section == SectionSensei:
			c.add("sensei-not-allowed", r.refSize, e.Number, e.Line, e.Count)
			continue
		case misplacedLeader:
		case e.Section == SectionZDeck:
			z += e.Count
			if zLine == 0 {
				zLine = e.Line
			}
			if card != nil && !zCard && r.maxZ >= 0 {
				c.add("zdeck-not-z-card", r.refZ, e.Number, e.Line, e.Number, card.Name, string(card.Type))
			}
		case zCard:
			c.add("z-card-in-deck", r.refZ, e.Number, e.Line, e.Number, card.Name, string(card.Type))
		case e.Section == SectionSide:
			side += e.Count
			if sideLine == 0 {
				sideLine = e.Line
			}
			deckIdxs = append(deckIdxs, i)
		default:
			main += e.Count
			deckIdxs = append(deckIdxs, i)
		}
		totals.add(e.Number, e.Count, e.Line, i)
		if card != nil {
			if card.HasKeyword(keyword.SuperCombo) {
				superCombo += e.Count
				scIdxs = append(scIdxs, i)
			}
			if card.HasKeyword(keyword.DragonBall) {
				dragonBall += e.Count
				dbIdxs = append(dbIdxs, i)
			}
		}
	}
	c.res.Main, c.res.Side = main, side

	switch {
	case leaderCount == 0:
		c.add("no-leader", r.refLeader, "", 0)
	case leaderCount > 1:
		c.addCards("too-many-leaders", r.refLeader, leaderIdxs, leaderCount)
	}
	var leader *Card
	if leaderIdx >= 0 {
		c.res.Leader = entries[leaderIdx].Number
		leader = c.cards[leaderIdx]
	}

	switch {
	case r.minMain == r.maxMain && main != r.minMain:
		c.add("deck-size", r.refSize, "", 0, main, r.minMain)
	case main < r.minMain:
		c.add("deck-too-small", r.refSize, "", 0, main, r.minMain)
	case main > r.maxMain:
		c.add("deck-too-large", r.refSize, "", 0, main, r.maxMain)
	}
	if r.maxSide < 0 && side > 0 {
		c.add("side-not-allowed", "Format", "", sideLine, side)
	} else if side > r.maxSide && r.maxSide >= 0 {
		c.add("side-too-large", r.refSide, "", 0, side, r.maxSide)
	}
	if r.maxZ < 0 && z > 0 {
		c.add("zdeck-not-allowed", "Format", "", zLine, z)
	} else if r.maxZ >= 0 && z > r.maxZ {
		c.add("zdeck-too-large", r.refZ, "", 0, z, r.maxZ)
	}

	for _, t := range totals {
		num := t.number
		card := c.cards[t.firstIdx]
		if card == nil {
			continue
		}
		if r.maxCopies > 0 {
			// The card's own text wins over the format's limit (CR 0-2-2).
			limit, ref := r.maxCopies, r.refCopies
			exempt := r.dragonBall > 0 && card.HasKeyword(keyword.DragonBall)
			switch {
			case card.CopyLimit == CopyLimitAny:
				exempt = true
			case card.CopyLimit > 0:
				limit, ref = card.CopyLimit, r.refCardText
			}
			if !exempt && t.total > limit {
				c.add("too-many-copies", ref, num, t.firstLine, num, card.Name, t.total, limit)
			}
		}
		if r.colour && leader != nil && len(leader.Colours) > 0 && len(card.Colours) > 0 && card.Type != TypeLeader &&
			!sharesColour(leader.Colours, card.Colours) {
			c.add("colour", r.refColour, num, t.firstLine, num, card.Name, strings.Join(card.Colours, "/"),
				leader.Number, leader.Name, strings.Join(leader.Colours, "/"))
		}
	}
	if leader != nil {
		c.checkLeaderRestrictions(leader, deckIdxs, r.refCardText)
	}
	if r.superCombo > 0 && superCombo > r.superCombo {
		c.addCards("too-many-keyword", "[Super Combo]", scIdxs, superCombo, keyword.SuperCombo, r.superCombo)
	}
	if r.dragonBall > 0 && dragonBall > r.dragonBall {
		c.addCards("too-many-keyword", "[Dragon Ball]", dbIdxs, dragonBall, keyword.DragonBall, r.dragonBall)
	}
	if r.banList {
		if leaderIdx >= 0 {
			num := entries[leaderIdx].Number
			if _, seen := totals.find(num); !seen {
				totals.add(num, leaderCount, entries[leaderIdx].Line, leaderIdx)
			}
		}
		c.checkBans(totals)
	}
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
