package skill

import (
	"regexp"
	"strings"
)

// A clause rule matches one effect clause in normal form. Its pattern may
// use {T} (a target, read by target), {N} (a count), {P} (a signed power
// change) and {D} (an optional duration); build gets the submatches.
type clauseRule struct {
	re    *regexp.Regexp
	build func(ln *line, m []string) ([]Effect, bool)
}

var clauseTokens = strings.NewReplacer(
	"{T}", `(.+?)`,
	"{N}", `(\d+|a|an|one)`,
	"{P}", `([+-]\d+)`,
	"{D}", `((?: for the battle| for the turn| during this turn| until the end of (?:your|your opponent's|the opponent's) next turn| until the start of your next turn)?)`,
	"{IT}", `(?:it|them|they|that card|those cards)`,
	"{OWNER}", `(?:its|their|your|its owner's|their owner's|their owners'|its owners')`,
	"{DROP}", `(?:in|into) (?:its|their|your|its owner's|their owner's|their owners') drop`,
)

func rule(pattern string, build func(ln *line, m []string) ([]Effect, bool)) clauseRule {
	return clauseRule{re: regexp.MustCompile("^" + clauseTokens.Replace(pattern) + "$"), build: build}
}

func duration(s string) Duration {
	switch strings.TrimSpace(s) {
	case "for the battle":
		return ForBattle
	case "for the turn", "during this turn":
		return ForTurn
	case "":
		return Instant
	}
	return UntilNextTurn
}

// one builds a single effect whose target is submatch i (0: none).
func one(kind Kind, ti int, set func(e *Effect, m []string)) func(ln *line, m []string) ([]Effect, bool) {
	return func(ln *line, m []string) ([]Effect, bool) {
		e := Effect{Kind: kind}
		if ti > 0 {
			t, ok := ln.target(m[ti])
			if !ok {
				return nil, false
			}
			e.Target = t
		}
		if set != nil {
			set(&e, m)
		}
		return []Effect{e}, true
	}
}

func zoneOf(s string) Zone {
	switch {
	case strings.Contains(s, "hand"):
		return Hand
	case strings.Contains(s, "drop"):
		return Drop
	case strings.Contains(s, "energy"):
		return Energy
	case strings.Contains(s, "life"):
		return Life
	case strings.Contains(s, "deck"):
		return Deck
	case strings.Contains(s, "battle area"):
		return Battle
	}
	return NoZone
}

var clauseRules = []clauseRule{
	rule(`draw {N} cards?`, one(Draw, 0, func(e *Effect, m []string) { e.N = atoi(m[1]) })),
	rule(`reveal the top card of your deck and add it to your hand`, one(Draw, 0, func(e *Effect, m []string) { e.N, e.Detail = 1, "revealed" })),
	// Power.
	rule(`choose {T} and {IT} gets? {P} power{D}`, one(Power, 1, func(e *Effect, m []string) { e.Amount, e.For = atoi(m[2]), duration(m[3]) })),
	rule(`{T} gets? {P} power while it's in a battle with an opponent's battle card`, one(Power, 1, func(e *Effect, m []string) {
		e.Amount = atoi(m[2])
		e.If = append(e.If, Cond{Kind: InBattleWithBattle})
	})),
	rule(`{T} gets? {P} power{D}`, one(Power, 1, func(e *Effect, m []string) { e.Amount, e.For = atoi(m[2]), duration(m[3]) })),
	rule(`choose {T} and {IT} gets? {P}{D}`, one(Power, 1, func(e *Effect, m []string) { e.Amount, e.For = atoi(m[2]), duration(m[3]) })),
	rule(`{T} gets? {P}{D}`, one(Power, 1, func(e *Effect, m []string) { e.Amount, e.For = atoi(m[2]), duration(m[3]) })), // "gets +5000 for the turn" (FS01-12)
	rule(`this card gets {P} combo power`, one(ComboPower, 0, func(e *Effect, m []string) { e.Amount, e.Target = atoi(m[1]), Target{Who: ThisCard} })),
	// KO, modes, moves between zones.
	rule(`choose {T} and ko {IT}`, one(KO, 1, nil)),
	rule(`ko {T}`, one(KO, 1, nil)),
	rule(`choose {T} and switch {IT} to rest mode`, one(Rest, 1, nil)),
	rule(`choose {T} and switch {IT} to active mode`, one(Activate, 1, nil)),
	rule(`switch up to {N} of your (?:rest mode )?energy to active mode`, one(EnergyActive, 0, func(e *Effect, m []string) { e.N, e.Target.UpTo = atoi(m[1]), true })),
	rule(`switch {N} of your energy to rest mode`, one(EnergyRest, 0, func(e *Effect, m []string) { e.N = atoi(m[1]) })),
	rule(`switch {N} of your energy to active mode`, one(EnergyActive, 0, func(e *Effect, m []string) { e.N = atoi(m[1]) })),
	rule(`switch {T} to rest mode`, one(Rest, 1, nil)),
	rule(`switch {T} to active mode`, one(Activate, 1, nil)),
	rule(`choose {T} and return {IT} to {OWNER} hands?`, one(ToHand, 1, nil)),
	rule(`return {T} to {OWNER} hands?`, one(ToHand, 1, nil)),
	rule(`choose {T} and place {IT} at the bottom of {OWNER} decks?(?: in any order)?`, one(ToDeckBottom, 1, nil)),
	rule(`choose {T} and place {IT} at the bottom of {OWNER} decks? in a random order`, one(ToDeckBottom, 1, func(e *Effect, m []string) { e.Place = "random" })),
	rule(`place {T} at the bottom of {OWNER} decks?`, one(ToDeckBottom, 1, nil)),
	rule(`choose {T} and place {IT} on top of {OWNER} decks?`, one(ToDeckTop, 1, nil)),
	rule(`place {T} (?:on top|at the top) of {OWNER} decks?`, one(ToDeckTop, 1, nil)),
	rule(`place {N} cards? from your hand at the top or bottom of {OWNER} deck`, one(ToDeckTop, 0, func(e *Effect, m []string) {
		e.Target = Target{Who: CardsInHand, N: atoi(m[1]), Filter: anyFilter()}
		e.Place = "top or bottom"
	})),
	rule(`choose {T} and place {IT} {DROP}`, one(ToDrop, 1, nil)),
	rule(`place the top (?:{N} cards?|card) of your deck {DROP}`, one(Mill, 0, func(e *Effect, m []string) { e.N = max(1, atoi(m[1])) })),
	rule(`place {N} cards? from your life {DROP}`, one(LifeToDrop, 0, func(e *Effect, m []string) { e.N = atoi(m[1]) })),
	rule(`place (?:{N} of your energy|{N} cards? from your energy) {DROP}`, one(EnergyToDrop, 0, func(e *Effect, m []string) { e.N = atoi(m[1] + m[2]) })),
	// "Place 1 <Android 18> and this card from your Battle Area into their
	// owner's Drop" (a cost): two cards of one's Battle Area.
	rule(`place (?:(.+?) and this card|this card and (.+?)) from your battle area {DROP}`, func(ln *line, m []string) ([]Effect, bool) {
		t, ok := ln.target(m[1] + m[2] + " in your battle area")
		if !ok || t.Who != Yours {
			return nil, false
		}
		this := Effect{Kind: ToDrop, Target: Target{Who: ThisCard, Filter: anyFilter()}}
		if m[1] != "" {
			return []Effect{{Kind: ToDrop, Target: t}, this}, true
		}
		return []Effect{this, {Kind: ToDrop, Target: t}}, true
	}),
	rule(`place {T} {DROP}`, one(ToDrop, 1, nil)),
	rule(`choose {T} and add {IT} to {OWNER} energy( in rest mode)?`, one(ToEnergy, 1, func(e *Effect, m []string) { e.Rest = m[2] != "" })),
	// Life and energy.
	rule(`add (up to )?{N} cards? from your life to your hand`, one(LifeToHand, 0, func(e *Effect, m []string) {
		e.N, e.Target.UpTo, e.Target.N = atoi(m[2]), m[1] != "", atoi(m[2])
	})),
	rule(`add (up to )?{N} cards? from your life to your energy( in rest mode)?`, one(LifeToEnergy, 0, func(e *Effect, m []string) {
		e.N, e.Target.UpTo, e.Target.N, e.Rest = atoi(m[2]), m[1] != "", atoi(m[2]), m[3] != ""
	})),
	rule(`add the top (?:{N} cards|card) of your deck to your life`, one(AddLife, 0, func(e *Effect, m []string) { e.N = max(1, atoi(m[1])) })),
	rule(`add the top (?:{N} cards|card) of your deck to your energy( in rest mode)?`, one(Charge, 0, func(e *Effect, m []string) { e.N, e.Rest = max(1, atoi(m[1])), m[2] != "" })),
	rule(`add (up to )?{N} cards? from the top of your deck to your energy( in rest mode)?`, one(Charge, 0, func(e *Effect, m []string) {
		e.N, e.Target.UpTo, e.Rest = atoi(m[2]), m[1] != "", m[3] != ""
	})),
	// zone, play and combo phrases (issue 29)
	rule(`your opponent places {N} energy markers?`, one(PlaceMarker, 0, func(e *Effect, m []string) { e.N, e.Target.Who = atoi(m[1]), Opponents })),
	rule(`you can include as many copies of this card in your deck as you like`, one(DeckRule, 0, func(e *Effect, m []string) {
		e.Target, e.Detail = Target{Who: ThisCard, Filter: anyFilter()}, "any copies"
	})),
	rule(`having 0 cards in your deck does not cause you to lose the game`, one(DeckRule, 0, func(e *Effect, m []string) {
		e.Target, e.Detail = Target{Who: ThisCard, Filter: anyFilter()}, "no deck-out"
	})),
	rule(`your opponent's (battle cards .+?) are played in rest mode`, func(ln *line, m []string) ([]Effect, bool) {
		t, ok := ln.target("all " + m[1] + " in your opponent's battle area")
		if !ok || t.Who != Opponents {
			return nil, false
		}
		return []Effect{{Kind: PlayedRest, Target: t}}, true
	}),
	rule(`choose {T} and place {IT} into {OWNER} combo area`, one(ToCombo, 1, nil)),
	rule(`return {T} from your energy to your hand`, one(AddToHand, 1, func(e *Effect, m []string) { e.From = Energy })),
	rule(`place ({N} cards? with .+?) from your energy {DROP}`, func(ln *line, m []string) ([]Effect, bool) {
		t, ok := ln.target(m[1])
		if !ok || t.Who != AnyPlayers || t.UpTo || t.All {
			return nil, false
		}
		return []Effect{{Kind: EnergyToDrop, N: t.N, Target: t, From: Energy}}, true
	}),
	rule(`choose {N} cards? from your opponent's hand and reveal (?:it|them)`, one(RevealHand, 0, func(e *Effect, m []string) {
		e.N, e.Target = atoi(m[1]), Target{Who: Opponents, N: atoi(m[1]), Filter: anyFilter()}
	})),
	rule(`your opponent's cards can't be switched to active mode by skills`, one(CantActivate, 0, func(e *Effect, m []string) {
		e.Target, e.Detail = Target{Who: Opponents, All: true, Filter: anyFilter()}, "by skills"
	})),
	rule(`look at {N} cards from the top of your deck and add {T} to your hand`, one(Search, 2, func(e *Effect, m []string) { e.N = atoi(m[1]) })),
	rule(`(?:you )?place {N} energy markers?(?: in your energy area)?`, one(PlaceMarker, 0, func(e *Effect, m []string) { e.N = atoi(m[1]) })),
	rule(`remove {N} of your energy markers?`, one(RemoveMarker, 0, func(e *Effect, m []string) { e.N = atoi(m[1]) })),
	// Hand.
	rule(`discard {T} from your hand`, func(ln *line, m []string) ([]Effect, bool) {
		t, ok := ln.target(m[1])
		if !ok || t.All || t.Who != AnyPlayers {
			return nil, false
		}
		t.Who = CardsInHand
		return []Effect{{Kind: Discard, N: t.N, Target: t}}, true
	}),
	rule(`your opponent discards {N} cards? from their hand`, one(OpponentDiscards, 0, func(e *Effect, m []string) { e.N = atoi(m[1]) })),
	rule(`place {N} cards? from your hand (?:on top of|at the top of) {OWNER} deck`, one(ToDeckTop, 0, func(e *Effect, m []string) {
		e.Target = Target{Who: CardsInHand, N: atoi(m[1]), Filter: anyFilter()}
	})),
	rule(`place {N} cards? from your hand at the bottom of {OWNER} deck`, one(ToDeckBottom, 0, func(e *Effect, m []string) {
		e.Target = Target{Who: CardsInHand, N: atoi(m[1]), Filter: anyFilter()}
	})),
	// Playing and adding cards.
	rule(`play this card from (?:your|its owner's) drop( in rest mode)?`, one(Play, 0, func(e *Effect, m []string) {
		e.Target, e.From, e.Rest = Target{Who: ThisCard, Filter: anyFilter()}, Drop, m[1] != ""
	})),
	rule(`play {T} from your (hand|drop|energy|hand or drop|drop or hand)( in rest mode)?`, one(Play, 1, func(e *Effect, m []string) {
		e.From, e.Rest = zoneOf(m[2]), m[3] != ""
		if m[2] == "hand or drop" || m[2] == "drop or hand" {
			e.Detail = "hand or drop"
		}
	})),
	rule(`add {T} from your (drop|energy|battle area) to your hand`, one(AddToHand, 1, func(e *Effect, m []string) { e.From = zoneOf(m[2]) })),
	rule(`add {T} from your (drop|hand) to (?:its owner's|your|their owner's) energy( in rest mode)?`, one(ToEnergy, 1, func(e *Effect, m []string) {
		e.From, e.Rest = zoneOf(m[2]), m[3] != ""
	})),
	rule(`add {T}―both with a cost of (\d+) or less―from your drop to your hand`, one(AddToHand, 1, func(e *Effect, m []string) {
		e.From, e.Target.Filter.Cost = Drop, atMost(atoi(m[2]))
	})),
	rule(`play {T}―both with a cost of (\d+)―from your (drop|hand)`, one(Play, 1, func(e *Effect, m []string) {
		e.From, e.Target.Filter.Cost = zoneOf(m[3]), exactly(atoi(m[2]))
	})),
	rule(`play {T}―both with a cost of (\d+) or less―from your (drop|hand)`, one(Play, 1, func(e *Effect, m []string) {
		e.From, e.Target.Filter.Cost = zoneOf(m[3]), atMost(atoi(m[2]))
	})),
	// Looking at the deck.
	rule(`look at (?:{N} cards from the top|the top card) of your deck,? (?:then )?reveal {T} and add {IT} to your hand`, one(Search, 2, func(e *Effect, m []string) {
		e.N = max(1, atoi(m[1]))
	})),
	rule(`look at (?:{N} cards from the top|the top card) of your deck and place (?:them|it) at the (top or bottom|top|bottom) of {OWNER} deck(?: in any order)?`, one(Reorder, 0, func(e *Effect, m []string) {
		e.N, e.Place = max(1, atoi(m[1])), m[2]
	})),
	rule(`look at the top card of your deck and place it on top of {OWNER} deck or {DROP}`, one(Reorder, 0, func(e *Effect, m []string) {
		e.N, e.Place = 1, "top or drop"
	})),
	rule(`look at the top card of your deck and add it to your hand or add it to your energy in rest mode`, one(Reorder, 0, func(e *Effect, m []string) {
		e.N, e.Place, e.Rest = 1, "hand or energy", true
	})),
	rule(`look at the top card of your opponent's deck and place it at the (top or bottom|top|bottom) of {OWNER} deck`, one(Reorder, 0, func(e *Effect, m []string) {
		e.N, e.Place, e.Target.Who = 1, m[1], Opponents
	})),
	rule(`look at (?:{N} cards from the top|the top card) of your deck and (?:play|place) {T}(?: in(?:to)? (?:your|the) battle area)?`, one(Play, 2, func(e *Effect, m []string) {
		e.N, e.From = max(1, atoi(m[1])), Deck
	})),
	rule(`look at the bottom card of your deck and play {T}`, one(Play, 1, func(e *Effect, m []string) { e.N, e.From, e.Detail = 1, Deck, "bottom" })),
	rule(`place {T} into the battle area from your hand( in rest mode)?`, one(Play, 1, func(e *Effect, m []string) { e.From, e.Rest = Hand, m[2] != "" })),
	rule(`look at (?:{N} cards from the top|the top card) of your deck and use {T} in a combo`, one(ComboUse, 2, func(e *Effect, m []string) {
		e.N, e.From = max(1, atoi(m[1])), Deck
	})),
	rule(`reveal the top card of your deck`, one(Reveal, 0, func(e *Effect, m []string) { e.N, e.From = 1, Deck })),
	rule(`reveal the top card of your deck and use {T} in a combo`, one(ComboUse, 1, func(e *Effect, m []string) { e.N, e.From = 1, Deck })),
	rule(`use {T} in a combo from your (drop|hand)`, one(ComboUse, 1, func(e *Effect, m []string) { e.From = zoneOf(m[2]) })),
	rule(`use {T} from your (drop|hand) in a combo`, one(ComboUse, 1, func(e *Effect, m []string) { e.From = zoneOf(m[2]) })),
	rule(`place (?:the rest|any remaining cards) at the (top or bottom|bottom|top) of {OWNER} deck(?: in (?:a random|any) order)?`, func(ln *line, m []string) ([]Effect, bool) {
		return []Effect{{Kind: restPlacement, Place: m[1]}}, true
	}),
	rule(`place the rest {DROP}`, func(ln *line, m []string) ([]Effect, bool) {
		return []Effect{{Kind: restPlacement, Place: "drop"}}, true
	}),
	// Damage and Leaders.
	rule(`(?:this card|your leader|that card) gets {P} power instead`, func(ln *line, m []string) ([]Effect, bool) { return nil, false }),
	// "If you removed an energy marker for this skill, it gets +15000 power
	// instead" (FB03-104): the card chosen before gets this change in place
	// of the one before (effects checks there is one; issue 29).
	rule(`it gets {P} power instead`, one(Power, 0, func(e *Effect, m []string) {
		e.Target, e.Amount, e.Detail = Target{Who: ThatCard}, atoi(m[1]), Instead
	})),
	rule(`deal {N} damage to your opponent`, one(Damage, 0, func(e *Effect, m []string) { e.N = atoi(m[1]) })),
	rule(`flip this card over`, one(Flip, 0, nil)),
	// Keywords and restrictions.
	rule(`choose {T} and {IT} gains? \[([a-z ]+)\]{D}`, one(Gain, 1, func(e *Effect, m []string) { e.Keyword, e.For = readKeyword(m[2]), duration(m[3]) })),
	rule(`{T} gains? \[([a-z ]+)\]{D}`, one(Gain, 1, func(e *Effect, m []string) { e.Keyword, e.For = readKeyword(m[2]), duration(m[3]) })),
	rule(`choose {T} and {IT} can't attack{D}`, one(CantAttack, 1, func(e *Effect, m []string) { e.For = duration(m[2]) })),
	rule(`{T} can't attack{D}`, one(CantAttack, 1, func(e *Effect, m []string) { e.For = duration(m[2]) })),
	rule(`{T} can't attack your opponent's leader`, one(CantAttack, 1, func(e *Effect, m []string) { e.Detail = "leader" })),
	rule(`choose {T} and {IT} can't switch to active mode during your opponent's next turn`, one(CantActivate, 1, func(e *Effect, m []string) { e.For = UntilNextTurn })),
	rule(`{IT} can't switch to active mode during your opponent's next turn`, func(ln *line, m []string) ([]Effect, bool) {
		return []Effect{{Kind: CantActivate, Target: Target{Who: ThatCard, Filter: anyFilter()}, For: UntilNextTurn}}, true
	}),
	rule(`choose {T} and {IT} can't attack during your opponent's next turn`, one(CantAttack, 1, func(e *Effect, m []string) { e.For = UntilNextTurn })),
	rule(`during this turn, the next time you (?:use and play|use) {T}(?: from your hand)?, (?:reduce the cost by {N}|reduce the cost by \((red|blue|green|yellow|black|赤|青|緑|黄|黒)\)|(you don't have to pay the cost))`, one(NextCost, 1, func(e *Effect, m []string) {
		switch {
		case m[4] != "":
			e.Detail = "free"
		case m[3] != "":
			e.Amount, e.Detail = -1, colourLetter[m[3]]
		default:
			e.Amount = -atoi(m[2])
		}
		e.For = ForTurn
	})),
	// battle and protection phrases (issue 29): protections for a time,
	// "until the end of your opponent's next turn" (FP-037, FB06-102).
	rule(`(?:choose {T} and {IT}|{T}) can't be ko'd( by your opponent's skills)? until the end of your opponent's next turn`, protectFor("")),
	rule(`(?:choose {T} and {IT}|{T}) can't be removed from the battle area by (your opponent's skills|the skills of your opponent's battle cards) until the end of your opponent's next turn`, protectFor("removed by ")),
	// Every Battle Card that fits ("Battle Cards with costs of 7 or more in
	// your Battle Area can't be removed ...", FB06-055).
	rule(`(battle cards .+ in your battle area) can't be removed from the battle area by your opponent's skills`, func(ln *line, m []string) ([]Effect, bool) {
		t, ok := ln.target("all " + m[1])
		if !ok || !t.All || t.Who != Yours {
			return nil, false
		}
		return []Effect{{Kind: CantBeKOd, Target: t, Detail: "removed by your opponent's skills"}}, true
	}),
	// "Your opponent's Leader gets -5000 power for the turn" (FB05-006).
	rule(`your opponent's leader gets? {P} power{D}`, one(Power, 0, func(e *Effect, m []string) {
		e.Target = Target{Who: Opponents, All: true, Filter: Filter{Type: "Leader"}}
		e.Amount, e.For = atoi(m[1]), duration(m[2])
	})),
	// "this card gains [Critical] and +5000 power" (SB01-051).
	rule(`{T} gains? \[([a-z ]+)\] and {P} power{D}`, func(ln *line, m []string) ([]Effect, bool) {
		t, ok := ln.target(m[1])
		kw := readKeyword(m[2])
		if !ok || kw == "" {
			return nil, false
		}
		d := duration(m[4])
		return []Effect{{Kind: Gain, Target: t, Keyword: kw, For: d}, {Kind: Power, Target: t, Amount: atoi(m[3]), For: d}}, true
	}),
	// Whom the opponent may attack: "Your opponent can't attack <Android 18>
	// in your Battle Area" (FB01-072), "your opponent can only attack
	// <Yamcha> Battle Cards" (FB02-099): the cards kept from attacks, or
	// the only ones open to them.
	rule(`your opponent can't attack (.+ in your battle area)`, attackLimit("target")),
	rule(`your opponent can only attack (.+)`, attackLimit("only")),
	// "Your Battle Cards with «Android» in their special traits that are in
	// a battle with your opponent's Battle Cards get +20000 power for the
	// battle" (FB06-001): one's Battle Card in a battle against a Battle Card.
	rule(`your battle cards with (.+) that are in a battle with your opponent's battle cards get {P} power for the battle`, func(ln *line, m []string) ([]Effect, bool) {
		t := Target{Who: InBattleYours, Filter: Filter{Type: "Battle"}}
		if !ln.withFilters(&t.Filter, m[1]) {
			return nil, false
		}
		return []Effect{{Kind: Power, Target: t, Amount: atoi(m[2]), For: ForBattle, If: []Cond{{Kind: BattleOfBattle}}}}, true
	}),
	// "You only take up to 1 damage in each battle" (FB03-001), a limit.
	rule(`you only take up to {N} damage in each battle`, one(Damage, 0, func(e *Effect, m []string) {
		e.N, e.Target, e.Detail = atoi(m[1]), Target{Who: YourLeader}, DamageLimit
	})),
	// "Your Battle Cards with «Android» in their special traits can attack
	// Active Mode Battle Cards in your opponent's Battle Area" (FB06-022):
	// gained as a right, Detail AttackActive.
	rule(`(your battle cards.*?) can attack active mode battle cards in your opponent's battle area`, func(ln *line, m []string) ([]Effect, bool) {
		t, ok := ln.target(m[1])
		if !ok || !t.All || t.Who != Yours {
			return nil, false
		}
		return []Effect{{Kind: Gain, Target: t, Detail: AttackActive}}, true
	}),
	// "This card's name is also treated as <Son Goten> and <Trunks : Youth>
	// in all areas" (FB03-048): names it has besides its own, Detail AlsoNamed.
	rule(`this card's name is also treated as ((?:<n\d+>(?: and |, |, and )?)+) in all areas`, func(ln *line, m []string) ([]Effect, bool) {
		t := Target{Who: ThisCard}
		for _, n := range tokenListRE.FindAllStringSubmatch(m[1], -1) {
			if n[1] == "" {
				return nil, false
			}
			t.Filter.Names = append(t.Filter.Names, ln.names[atoi(n[1])])
		}
		return []Effect{{Kind: Gain, Target: t, Detail: AlsoNamed}}, true
	}),
	// "This card must attack whenever possible" (FB01-097): checked when
	// its player ends the turn, Detail MustAttack.
	rule(`this card must attack whenever possible`, one(CantAttack, 0, func(e *Effect, m []string) {
		e.Target, e.Detail = Target{Who: ThisCard}, MustAttack
	})),
	// "this card can't be KO'd and gets +30000 power" (FB03-020).
	rule(`{T} can't be ko'd and gets? {P} power{D}`, func(ln *line, m []string) ([]Effect, bool) {
		t, ok := ln.target(m[1])
		if !ok {
			return nil, false
		}
		return []Effect{{Kind: CantBeKOd, Target: t}, {Kind: Power, Target: t, Amount: atoi(m[2]), For: duration(m[3])}}, true
	}),
	rule(`{T} can't be ko'd( in battle| by your opponent's skills| by the skills of your opponent's battle cards| once per turn)?`, one(CantBeKOd, 1, func(e *Effect, m []string) { e.Detail = strings.TrimSpace(m[2]) })),
	rule(`{T} can't be removed from the battle area by your opponent's skills`, one(CantBeKOd, 1, func(e *Effect, m []string) { e.Detail = "removed by your opponent's skills" })),
	rule(`{T} can't be switched to active mode during (?:your|a) charge phase`, one(CantActivate, 1, func(e *Effect, m []string) { e.Detail, e.For = "charge phase", WhileHolds })),
	// Costs.
	rule(`reduce the cost of this card in your hand by {N}`, one(CostChange, 0, func(e *Effect, m []string) {
		e.Target, e.Amount = Target{Who: ThisCard, Filter: anyFilter()}, -atoi(m[1])
	})),
	rule(`add {N} to the cost of this card in (?:a|your) battle area`, one(CostChange, 0, func(e *Effect, m []string) {
		e.Target, e.Amount, e.Detail = Target{Who: ThisCard, Filter: anyFilter()}, atoi(m[1]), "in battle area"
	})),
	rule(`(?:add {N} to the cost of this card|increase the cost of this card in a battle area by {N}) for the turn`, one(CostChange, 0, func(e *Effect, m []string) {
		e.Target, e.Amount, e.For = Target{Who: ThisCard, Filter: anyFilter()}, atoi(m[1]+m[2]), ForTurn
	})),
	rule(`add this card to {OWNER} energy( in rest mode)?`, one(ToEnergy, 0, func(e *Effect, m []string) {
		e.Target, e.Rest = Target{Who: ThisCard, Filter: anyFilter()}, m[1] != ""
	})),
	rule(`add {N} to the cost of (.+ battle area)`, groupCost(2, 1, 1)),
	rule(`increase the cost of (.+ battle area) by {N}`, groupCost(1, 2, 1)),
	rule(`reduce the cost of (.+ battle area) by {N}`, groupCost(1, 2, -1)),
	rule(`choose {T} and reduce their costs by {N}{D}`, one(CostChange, 1, func(e *Effect, m []string) { e.Amount, e.For = -atoi(m[2]), duration(m[3]) })),
	rule(`choose {T} and reduce its cost by {N}{D}`, one(CostChange, 1, func(e *Effect, m []string) { e.Amount, e.For = -atoi(m[2]), duration(m[3]) })),
	rule(`you can't play {T}{D}`, one(CantPlay, 1, func(e *Effect, m []string) { e.For = duration(m[2]) })),
	rule(`you take {N} damage`, one(Damage, 0, func(e *Effect, m []string) { e.N, e.Target = atoi(m[1]), Target{Who: YourLeader} })),
}

// AttackActive is the Detail of a Gain: the cards may attack the
// opponent's Battle Cards in Active Mode.
const AttackActive = "attack active mode battle cards"

// MustAttack is the Detail of a [Permanent] limit: the card must attack
// before its player's turn ends, if it can.
const MustAttack = "must attack"

// AlsoNamed is the Detail of a Gain of the names in its Target's filter
// besides the card's own, wherever the card is.
const AlsoNamed = "also named"

// Instead is the Detail of a power change made in place of the one before
// it in the skill.
const Instead = "instead"

// DamageLimit is the Detail of a [Permanent] limit on the damage its
// player takes in each battle.
const DamageLimit = "at most in each battle"

// protectFor reads a "can't be KO'd" or "can't be removed" for a time: the
// target is submatch 1 (or 2 after "choose"), what it is safe from
// submatch 3, written after prefix in Detail as the [Permanent] ones are.
func protectFor(prefix string) func(ln *line, m []string) ([]Effect, bool) {
	return func(ln *line, m []string) ([]Effect, bool) {
		phrase := m[1]
		if phrase == "" {
			phrase = m[2]
		}
		t, ok := ln.target(phrase)
		if !ok {
			return nil, false
		}
		detail := strings.TrimSpace(m[3])
		if detail != "" {
			detail = prefix + detail
		}
		return []Effect{{Kind: CantBeKOd, Target: t, Detail: detail, For: UntilNextTurn}}, true
	}
}

// groupCost reads a [Permanent] cost change of every card that fits in a
// Battle Area ("add 1 to the cost of cards with «Demon Clan» in their
// special traits in your Battle Area", "reduce the cost of Battle Cards in
// your opponent's Battle Area by 1"): submatch ti is the cards, ni the
// amount, sign its direction.
func groupCost(ti, ni, sign int) func(ln *line, m []string) ([]Effect, bool) {
	return func(ln *line, m []string) ([]Effect, bool) {
		cards := m[ti]
		if !strings.HasPrefix(cards, "your ") {
			cards = "all " + cards
		}
		t, ok := ln.target(cards)
		if !ok || !t.All || strings.HasPrefix(m[ti], "this card") {
			return nil, false
		}
		return []Effect{{Kind: CostChange, Target: t, Amount: sign * atoi(m[ni]), Detail: "in battle area"}}, true
	}
}

// clause reads one effect clause.
func (ln *line) clause(s string) ([]Effect, bool) {
	s = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), "."))
	if head, tail, ok := strings.Cut(s, " for each "); ok {
		return ln.forEach(head, tail)
	}
	for _, r := range clauseRules {
		m := r.re.FindStringSubmatch(s)
		if m == nil {
			continue
		}
		if es, ok := r.build(ln, m); ok {
			return es, true
		}
	}
	return nil, false
}

// battle and power phrases (issue 29): forEach reads a power change "for
// each" card that fits ("this card gets +5000 power for the turn for each
// of your opponent's Battle Cards", "that card gets +5000 power for the
// battle for each card with «Ginyu Force» in its special traits among your
// Leader and Battle Cards").
func (ln *line) forEach(head, tail string) ([]Effect, bool) {
	es, ok := ln.clause(head)
	if !ok || len(es) != 1 || es[0].Kind != Power || es[0].Each != nil {
		return nil, false
	}
	each := Cond{Kind: Have}
	if rest, found := strings.CutSuffix(tail, " among your leader and battle cards"); found {
		tail, each.WithLeader = rest+" in your battle area", true
	}
	t, ok := ln.target("all " + tail)
	if !ok || !t.All || len(t.Alts) > 0 {
		return nil, false
	}
	switch t.Who {
	case Opponents:
		each.Kind = OppHave
	case Yours:
	default:
		return nil, false
	}
	each.Card = t.Filter
	es[0].Each = &each
	return es, true
}

// attackLimit reads a limit on the opponent's attacks ([Permanent]): the
// target is every card of one's own that it names, Detail says how.
func attackLimit(detail string) func(ln *line, m []string) ([]Effect, bool) {
	return func(ln *line, m []string) ([]Effect, bool) {
		cards := m[1]
		if !strings.HasSuffix(cards, " in your battle area") {
			cards += " in your battle area"
		}
		t, ok := ln.target("all " + cards)
		if !ok || !t.All || t.Who != Yours {
			return nil, false
		}
		return []Effect{{Kind: CantAttack, Target: t, Detail: detail}}, true
	}
}
