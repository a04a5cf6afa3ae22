package engine

import (
	"strings"

	"github.com/tenkaichi-org/tenkaichi/rules/engine/cardinfo"
	"github.com/tenkaichi-org/tenkaichi/rules/engine/gamestate"
	"github.com/tenkaichi-org/tenkaichi/rules/keyword"
	"github.com/tenkaichi-org/tenkaichi/rules/skill"
)

// The effect kinds that work on cards: chosen or fixed cards in play (power,
// keywords and limits, modes, leaving play), cards taken from the hand or
// the Drop, the deck's top cards looked at, the opponent's hand.

// powerEffect: "Target gets +N power" for a time, or while a condition
// holds ([Permanent]: counted by State.continuous).
type powerEffect struct{ done byDuration }

// carries: a change while a condition holds only in a [Permanent] skill;
// one "for each" card that fits only for a time (counted when it applies).
func (powerEffect) carries(ef *skill.Effect, t skill.Timing) bool {
	if ef.Each != nil {
		return ef.For != skill.WhileHolds && (ef.Each.Kind == skill.Have || ef.Each.Kind == skill.OppHave)
	}
	return ef.For != skill.WhileHolds || t.Has(skill.Permanent)
}

func (k powerEffect) apply(e *applier, x *call) ([]CardID, *Violation) {
	ids, v := e.targets(x)
	if v != nil {
		return nil, v
	}
	amount := x.ef.Amount
	if x.ef.Each != nil {
		amount *= e.s.CountEach(x.c, x.ef.Each)
	}
	d := x.ef.For
	if prev := replaced(x); prev != nil {
		// In place of the change before it: the difference, for as long.
		amount, d = amount-prev.Amount, prev.For
	}
	for _, id := range ids {
		e.s.AddPower(x.c, id, amount, d)
		e.said(x, k.done.of(d), x.label, e.s.InPlayLabel(id), amount)
	}
	return ids, nil
}

// replaced is the power change an "it gets +15000 power instead" takes
// the place of (the effect before it, as the skill reader checked), nil
// for any other change.
func replaced(x *call) *skill.Effect {
	if x.ef.Detail != skill.Instead {
		return nil
	}
	for i := range x.sk.Effects {
		if &x.sk.Effects[i] == x.ef && i > 0 && x.sk.Effects[i-1].Kind == skill.Power {
			return &x.sk.Effects[i-1]
		}
	}
	return nil
}

// gains applies a keyword or a limit (bit of the card's Gains) to the
// targets for the effect's time; say says each. One the engine does not
// keep (no bit, while a condition holds, a limit with details, a time it
// does not know) is flagged instead.
func (e *applier) gains(x *call, bit uint16, known bool, say func(id CardID)) ([]CardID, *Violation) {
	ids, v := e.targets(x)
	if v != nil {
		return nil, v
	}
	for _, id := range ids {
		if bit == 0 || !known || x.ef.For == skill.WhileHolds || x.ef.Detail != "" {
			e.notApplied(x.label, x.ef)
			break
		}
		e.s.Gain(x.c, id, bit, x.ef.For)
		say(id)
	}
	return ids, nil
}

// gainEffect: "Target gains [Keyword]" for a time; the engine keeps the
// Gained keywords of rules/keyword.
type gainEffect struct{ done byDuration }

// carries: a keyword the engine keeps for a time, or any keyword while a
// [Permanent] skill's condition holds (State.Granted).
func (gainEffect) carries(ef *skill.Effect, t skill.Timing) bool {
	if ef.Detail == skill.AttackActive || ef.Detail == skill.AlsoNamed { // State.MayAttackActive, State.namesOf
		return ef.For == skill.WhileHolds && t.Has(skill.Permanent) && ef.Keyword == ""
	}
	return ef.Detail == "" && (ef.For == skill.WhileHolds && t.Has(skill.Permanent) || gamestate.KeywordBits[ef.Keyword] != 0 && ef.For != skill.WhileHolds)
}

func (k gainEffect) apply(e *applier, x *call) ([]CardID, *Violation) {
	return e.gains(x, gamestate.KeywordBits[x.ef.Keyword], true, func(id CardID) {
		e.said(x, k.done.of(x.ef.For), x.label, e.s.InPlayLabel(id), x.ef.Keyword)
	})
}

// cantAttackEffect: "Target can't attack" for a time.
type cantAttackEffect struct{ done byDuration }

// carries: a [Permanent] "this card can't attack your opponent's Leader"
// (Trunks : Future FB01-093) is checked when it attacks.
// So is a [Permanent] limit on whom the opponent attacks, "target" or
// "only" (Krillin FB01-072, Yamcha FB02-099: attackAllowed).
func (cantAttackEffect) carries(ef *skill.Effect, t skill.Timing) bool {
	limit := ef.Detail == "leader" || ef.Detail == "target" || ef.Detail == "only" || ef.Detail == skill.MustAttack
	return ef.Detail == "" || limit && ef.For == skill.WhileHolds && t.Has(skill.Permanent)
}

func (k cantAttackEffect) apply(e *applier, x *call) ([]CardID, *Violation) {
	return e.gains(x, gamestate.KwNoAttack, true, func(id CardID) {
		e.said(x, k.done.of(x.ef.For), x.label, e.s.InPlayLabel(id))
	})
}

// cantActivateEffect: "Target can't switch to Active Mode during your
// opponent's next turn" (the only time the engine keeps).
type cantActivateEffect struct{ done Msg }

// carries: a [Permanent] "can't be switched to Active Mode during your
// Charge Phase" holds the card rested when its turn begins (startTurn).
func (cantActivateEffect) carries(ef *skill.Effect, t skill.Timing) bool {
	if ef.Detail == "charge phase" || ef.Detail == "by skills" {
		return ef.For == skill.WhileHolds && t.Has(skill.Permanent)
	}
	return ef.Detail == "" && ef.For == skill.UntilNextTurn
}

func (k cantActivateEffect) apply(e *applier, x *call) ([]CardID, *Violation) {
	return e.gains(x, gamestate.KwNoReady, x.ef.For == skill.UntilNextTurn, func(id CardID) {
		e.said(x, k.done, x.label, e.s.InPlayLabel(id))
	})
}

// fromZone reports whether an effect on cards works on cards in the hand or
// the Drop rather than in play.
func fromZone(ef *skill.Effect) bool {
	return ef.Target.Who == skill.CardsInHand || ef.From == skill.Hand || ef.From == skill.Drop
}

// inPlay applies an effect to the cards in play it targets, one by one
// (those in the hand or the Drop: moveFromZone).
func (e *applier) inPlay(x *call, each func(id CardID)) ([]CardID, *Violation) {
	if fromZone(x.ef) {
		return e.moveFromZone(x)
	}
	ids, v := e.targets(x)
	if v != nil {
		return nil, v
	}
	for _, id := range ids {
		each(id)
	}
	return ids, nil
}

// modeEffect: "switch Target to Rest Mode" or "... to Active Mode".
type modeEffect struct {
	always
	rest bool
	done Msg
}

func (k modeEffect) apply(e *applier, x *call) ([]CardID, *Violation) {
	return e.inPlay(x, func(id CardID) {
		side, leader, field, idx, ok := e.s.Where(id)
		if !ok {
			return
		}
		p := &e.s.Players[side]
		if !k.rest && e.noActiveBySkills(x, side, id) {
			return
		}
		switch {
		case leader:
			p.Leader.Rest = k.rest
		case field:
			p.FieldRest = k.rest
		default:
			wasRest := p.Battle[idx].Rest
			p.Battle[idx].Rest = k.rest
			defer e.activatedBySkill(side, id, wasRest && !k.rest)
		}
		e.said(x, k.done, x.label, e.s.InPlayLabel(id))
	})
}

// leaveEffect: a card in play leaves it for a zone of its owner: KO'd (and
// its [When KO'd] triggers), to the Drop, the hand, the deck's top or
// bottom, the energy. A Leader never leaves; "on top or at the bottom" of
// the deck is the player's choice, not applied.
type leaveEffect struct {
	to   dest
	ko   bool
	done Msg
}

// carries: cards from the hand go where the use line says ("top" or
// "bottom" after the card); cards in play "on top or at the bottom" of the
// deck are the player's choice, not applied.
func (k leaveEffect) carries(ef *skill.Effect, _ skill.Timing) bool {
	return k.to != toDeckTop || ef.Place == "" || ef.Target.Who == skill.CardsInHand
}

func (k leaveEffect) apply(e *applier, x *call) ([]CardID, *Violation) {
	if !k.carries(x.ef, x.sk.Timing) {
		e.notApplied(x.label, x.ef)
		return nil, nil
	}
	if x.ef.Target.Who == skill.CardsInHand {
		return e.moveFromZone(x)
	}
	ids, v := e.inPlay(x, func(id CardID) { k.leave(e, x, id) })
	if v == nil && k.to == toDeckBottom && x.ef.Place == "random" {
		e.shuffleBottoms(ids)
	}
	return ids, v
}

// shuffleBottoms puts the cards just placed at the bottom of their owners'
// decks "in a random order" (Kamehameha! Full Power! SB01-020, Zen-Oh FB02-049): each deck's
// last cards among ids are shuffled; in a paper deck nobody knows which is
// where any more.
func (e *applier) shuffleBottoms(ids []CardID) {
	s := e.s
	for i := range s.Players {
		p := &s.Players[i]
		k := 0
		for k < len(p.Deck) && containsID(ids, p.Deck[len(p.Deck)-1-k]) {
			k++
		}
		if k < 2 {
			continue
		}
		bottom := p.Deck[len(p.Deck)-k:]
		gamestate.Shuffle(s.Rng(11), bottom)
		if s.Paper(Side(i)) {
			for _, id := range bottom {
				s.SetNumber(id, "")
			}
		}
	}
}

func (k leaveEffect) leave(e *applier, x *call, id CardID) {
	side, leader, field, idx, ok := e.s.Where(id)
	if !ok {
		return
	}
	name := e.s.InPlayLabel(id)
	if leader {
		e.said(x, msgLeaderNeverLeaves, x.label)
		return
	}
	if k.ko && field {
		return
	}
	if e.stays(id, gamestate.Removal{KO: k.ko, Side: x.c.Side, Src: x.c.Src}) {
		return
	}
	e.leaveBattleArea(side, id, field, idx)
	k.to.put(&e.s.Players[side], x.ef.Rest, id)
	e.said(x, k.done, x.label, name)
	if k.to == toHand && side != x.c.Side && !field {
		e.triggerOwn(x.c.Side, skill.OppReturnedToHand, id)
	}
	if k.ko {
		e.depth++
		e.trigger(side, id, skill.WhenKOd, skill.TriggerNone)
		e.depth--
	}
}

// leaveBattleArea takes a Battle Card or [Field] out of play (to no zone:
// the caller places it) and ends the battle it was in.
func (e *applier) leaveBattleArea(side Side, id CardID, field bool, idx int) {
	s := e.s
	p := &s.Players[side]
	if field {
		p.Field, p.FieldRest = NoCard, false
		return
	}
	e.leavePlay(side, idx, nil)
	if s.Battle.Step != NoBattle && (s.Battle.Attacker == id || s.Battle.Target == id) {
		e.autoMsg("Battle end", msgLeftBattleArea, s.Name(id))
		e.endBattle()
	}
}

// fromZoneEffect: play a card from the hand or the Drop without paying
// (its [On Play] triggers), add one from the Drop to the hand, discard from
// the hand. From where the effect says; from elsewhere (the deck, the
// energy) is not applied. A discard is always from the hand.
type fromZoneEffect struct {
	from []skill.Zone // nil: from the hand
}

func (k fromZoneEffect) carries(ef *skill.Effect, _ skill.Timing) bool {
	return k.from == nil || containsZone(k.from, ef.From)
}

func (k fromZoneEffect) apply(e *applier, x *call) ([]CardID, *Violation) {
	switch {
	case !k.carries(x.ef, x.sk.Timing):
		e.notApplied(x.label, x.ef)
		return nil, nil
	case x.ef.From == skill.Deck:
		return e.playFromDeck(x)
	case x.ef.From == skill.Energy:
		return e.energyToHand(x)
	}
	return e.moveFromZone(x)
}

var msgLooksAtDeck = msg("EngineLooksAtDeckCards", "%s: %s looks at %d card(s) of their deck")

// playFromDeck: "look at N cards from the top of your deck (or its bottom
// card) and play up to 1 that fits; place the rest at the bottom". The use
// line names the card played among those looked at.
func (e *applier) playFromDeck(x *call) ([]CardID, *Violation) {
	s := e.s
	p := x.player(e)
	n := min(max(x.ef.N, 1), len(p.Deck))
	fromBottom := x.ef.Detail == "bottom"
	looked := append([]CardID(nil), p.Deck[:n]...)
	if fromBottom {
		looked = append([]CardID(nil), p.Deck[len(p.Deck)-n:]...)
	}
	t := x.ef.Target
	ids, v := e.choose(x, &t, func(ref string) (CardID, bool) { return e.revealedRef(x.c.Side, looked, ref) })
	if v != nil {
		return nil, v
	}
	e.said(x, msgLooksAtDeck, x.label, x.c.Side, n)
	if fromBottom {
		p.Deck = p.Deck[:len(p.Deck)-n]
	} else {
		p.Deck = p.Deck[n:]
	}
	var rest []CardID
	for _, id := range looked {
		if !containsID(ids, id) {
			rest = append(rest, id)
		}
	}
	if !fromBottom {
		gamestate.Shuffle(s.Rng(7), rest)
		if s.Paper(x.c.Side) {
			for _, id := range rest {
				s.SetNumber(id, "")
			}
		}
	}
	p.Deck = append(p.Deck, rest...)
	for _, id := range ids {
		e.playFree(x, id)
	}
	return ids, nil
}

func containsZone(l []skill.Zone, z skill.Zone) bool {
	for _, y := range l {
		if y == z {
			return true
		}
	}
	return false
}

// The sentences of the cards taken from the hand or the Drop.
var (
	msgPlaysField       = msg("EnginePlaysField", "%s: %s plays the [Field] %s")
	msgPlaysRestNoCost  = msg("EnginePlaysRestModeNoCost", "%s: %s plays %s in Rest Mode (no cost)")
	msgPlaysNoCost      = msg("EnginePlaysNoCost", "%s: %s plays %s (no cost)")
	msgAddsToHand       = msg("EngineAddsHand", "%s: %s adds %s to their hand")
	msgAddsToEnergy     = msg("EngineAddsEnergy", "%s: %s adds %s to their energy")
	msgPlacesOnDeckTop  = msg("EnginePlacesTopDeck", "%s: %s places %s on top of their deck")
	msgPlacesDeckBottom = msg("EnginePlacesAtBottomDeck", "%s: %s places %s at the bottom of their deck")
)

// moveFromZone plays, adds or discards cards the log chose from the hand or
// the Drop (Play, AddToHand, Discard, ToEnergy or ToDeck from hand).
func (e *applier) moveFromZone(x *call) ([]CardID, *Violation) {
	p := x.player(e)
	ef := x.ef
	from := ef.From
	if ef.Kind == skill.Discard || ef.Target.Who == skill.CardsInHand || from == skill.NoZone {
		from = skill.Hand
	}
	zone := &p.Hand
	if from == skill.Drop {
		zone = &p.Drop
	}
	t := ef.Target
	if t.Who == skill.ThisCard {
		// "Play this card from your Drop".
		for i, id := range *zone {
			if id == x.c.Src {
				*zone = removeAt(*zone, i)
				e.placeFromZone(x, id)
				return []CardID{id}, nil
			}
		}
		return nil, nil
	}
	if t.N == 0 {
		t.N = 1
	}
	ids, v := e.choose(x, &t, func(ref string) (CardID, bool) { return e.zoneRef(x.c.Side, from, *zone, ref) })
	if v != nil {
		return nil, v
	}
	for _, id := range ids {
		for i, y := range *zone {
			if y == id {
				*zone = removeAt(*zone, i)
				break
			}
		}
		e.placeFromZone(x, id)
	}
	if len(ids) == 0 && (ef.Kind == skill.Discard || ef.Kind == skill.Play || ef.Kind == skill.AddToHand) && !t.UpTo && x.q.lapse {
		e.notApplied(x.label, ef)
	}
	return ids, nil
}

// placesAtBottom reads the "top" or "bottom" a use line writes after a
// card placed "at the top or bottom" of the deck; without one it goes on
// top.
func (e *applier) placesAtBottom(q *choiceQueue) bool {
	ref, ok := q.peek()
	if !ok {
		return false
	}
	switch strings.ToLower(ref) {
	case "bottom":
		q.pop()
		return true
	case "top":
		q.pop()
	}
	return false
}

// zoneRef resolves a choice naming a card of side's hand or Drop (zone).
func (e *applier) zoneRef(side Side, from skill.Zone, zone []CardID, ref string) (CardID, bool) {
	r, err := ParseRef(ref)
	if err != nil || r.Owner != NoSide && r.Owner != side || r.Leader {
		return NoCard, false
	}
	if from == skill.Hand {
		i, v := e.fromHand(side, ref)
		if v != nil {
			return NoCard, false
		}
		return e.s.Players[side].Hand[i], true
	}
	i, ok := e.pick(len(zone), func(i int) CardID { return zone[i] }, r)
	if !ok || r.Number != "" && e.s.Cards[zone[i]].Number != r.Number {
		return NoCard, false
	}
	return zone[i], true
}

// placeFromZone puts a card taken from the hand or Drop where the effect says.
func (e *applier) placeFromZone(x *call, id CardID) {
	s := e.s
	p := x.player(e)
	switch x.ef.Kind {
	case skill.Play:
		e.playFree(x, id)
	case skill.AddToHand:
		toHand.put(p, false, id)
		e.said(x, msgAddsToHand, x.label, x.c.Side, s.Name(id))
	case skill.Discard:
		toDrop.put(p, false, id)
		e.said(x, msgDiscards, x.label, x.c.Side, s.Name(id))
	case skill.ToEnergy:
		toEnergy.put(p, x.ef.Rest, id)
		e.said(x, msgAddsToEnergy, x.label, x.c.Side, s.Name(id))
	case skill.ToDeckTop:
		if x.ef.Place == "top or bottom" && e.placesAtBottom(x.q) {
			toDeckBottom.put(p, false, id)
			e.said(x, msgPlacesDeckBottom, x.label, x.c.Side, s.Name(id))
			break
		}
		toDeckTop.put(p, false, id)
		e.said(x, msgPlacesOnDeckTop, x.label, x.c.Side, s.Name(id))
	case skill.ToDeckBottom:
		toDeckBottom.put(p, false, id)
		e.said(x, msgPlacesDeckBottom, x.label, x.c.Side, s.Name(id))
	default:
		toDrop.put(p, false, id)
	}
}

// playFree plays a card taken from the hand or Drop without paying: a
// [Field] replaces the player's [Field]; a Battle Card enters the Battle
// Area and its [On Play] triggers.
func (e *applier) playFree(x *call, id CardID) {
	s := e.s
	p := x.player(e)
	if cd, ok := s.Card(id); ok && cd.Type == "Extra" && cardinfo.HasOwnKeyword(cd, keyword.Field) {
		if p.Field != NoCard {
			p.Drop = append(p.Drop, p.Field)
		}
		p.Field, p.FieldRest = id, x.ef.Rest
		e.said(x, msgPlaysField, x.label, x.c.Side, s.Name(id))
		e.depth++
		e.trigger(x.c.Side, id, skill.OnPlay, skill.TriggerNone)
		e.depth--
		return
	}
	p.Battle = append(p.Battle, BattleCard{ID: id, Rest: x.ef.Rest, Copy: s.NextCopy(x.c.Side, s.Cards[id].Number), BySkill: true})
	if x.ef.Rest {
		e.said(x, msgPlaysRestNoCost, x.label, x.c.Side, s.Name(id))
	} else {
		e.said(x, msgPlaysNoCost, x.label, x.c.Side, s.Name(id))
	}
	e.restOnEntry(x.c.Side, id)
	e.depth++
	e.trigger(x.c.Side, id, skill.OnPlay, skill.TriggerNone)
	e.depth--
	e.playedTriggers(x.c.Side, id, x.ef.From == skill.Drop)
}

// searchEffect: "look at the top N cards of your deck, reveal up to 1 that
// fits and add it to your hand; place the rest at the bottom (in any
// order) or on top". The log names the card(s) revealed and added.
type searchEffect struct {
	always
	noneBottom, noneTop, someBottom, someTop Msg
}

func (k searchEffect) apply(e *applier, x *call) ([]CardID, *Violation) {
	s := e.s
	p := x.player(e)
	n := min(x.ef.N, len(p.Deck))
	top := append([]CardID(nil), p.Deck[:n]...)
	t := x.ef.Target
	ids, v := e.choose(x, &t, func(ref string) (CardID, bool) { return e.revealedRef(x.c.Side, top, ref) })
	if v != nil {
		return nil, v
	}
	rest := top[:0:0]
	for _, id := range top {
		if !containsID(ids, id) {
			rest = append(rest, id)
		}
	}
	p.Deck = p.Deck[n:]
	p.Hand = append(p.Hand, ids...)
	bottom := x.ef.Place == "bottom"
	if x.ef.Place == "drop" {
		// "Place the rest into its owner's Drop": face up, known.
		p.Drop = append(p.Drop, rest...)
		names := make([]string, len(ids))
		for i, id := range ids {
			names[i] = s.Name(id)
		}
		if len(names) == 0 {
			names = []string{"—"}
		}
		e.said(x, msgSearchRestToDrop, x.label, x.c.Side, n, strings.Join(names, ", "))
		return ids, nil
	}
	if bottom {
		gamestate.Shuffle(s.Rng(7), rest)
		if s.Paper(x.c.Side) {
			for _, id := range rest {
				s.SetNumber(id, "")
			}
		}
		p.Deck = append(p.Deck, rest...)
	} else {
		p.Deck = append(rest, p.Deck...)
	}
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = s.Name(id)
	}
	switch {
	case len(ids) == 0 && bottom:
		e.said(x, k.noneBottom, x.label, x.c.Side, n)
	case len(ids) == 0:
		e.said(x, k.noneTop, x.label, x.c.Side, n)
	case bottom:
		e.said(x, k.someBottom, x.label, x.c.Side, n, strings.Join(names, ", "))
	default:
		e.said(x, k.someTop, x.label, x.c.Side, n, strings.Join(names, ", "))
	}
	return ids, nil
}

var msgSearchRestToDrop = msg("EngineLooksAtAddsRestToDrop", "%s: %s looks at %d card(s) and adds %s to their hand; the rest go to the Drop")

// revealedRef resolves a choice naming one of the top cards of side's deck
// looked at, revealing an unknown one as the number named.
func (e *applier) revealedRef(side Side, top []CardID, ref string) (CardID, bool) {
	s := e.s
	r, err := ParseRef(ref)
	if err != nil || r.Owner != NoSide && r.Owner != side || r.Leader || r.Number == "" {
		return NoCard, false
	}
	i, ok := e.pick(len(top), func(i int) CardID { return top[i] }, r)
	if !ok || s.Cards[top[i]].Number != "" && s.Cards[top[i]].Number != r.Number {
		return NoCard, false
	}
	if s.Cards[top[i]].Number == "" {
		if v := e.reveal(top[i], r.Number); v != nil {
			return NoCard, false
		}
	}
	return top[i], true
}

// opponentDiscardsEffect: "your opponent discards N cards from their hand":
// the log names them after ->.
type opponentDiscardsEffect struct{ always }

var msgNameOpponentsDiscards = msg("EngineNameCardDiscardsAfterExample", "%s: name the card(s) %s discards after -> (for example %s:?)")

func (opponentDiscardsEffect) apply(e *applier, x *call) ([]CardID, *Violation) {
	s := e.s
	opp := x.c.Side.Other()
	o := &s.Players[opp]
	var ids []CardID
	for len(ids) < x.ef.N && len(o.Hand) > 0 {
		ref, ok := x.q.peek()
		if !ok {
			break
		}
		r, err := ParseRef(ref)
		if err != nil || r.Owner != opp {
			break
		}
		i, v := e.fromHand(opp, ref)
		if v != nil {
			break
		}
		ids = append(ids, o.Hand[i])
		o.Drop = append(o.Drop, o.Hand[i])
		o.Hand = removeAt(o.Hand, i)
		x.q.pop()
	}
	if len(ids) < x.ef.N && len(o.Hand) > 0 {
		if !x.q.lapse {
			return nil, violationMsg("Card skills", msgNameOpponentsDiscards, x.label, opp, opp)
		}
		e.notApplied(x.label, x.ef)
	}
	for _, id := range ids {
		e.said(x, msgDiscards, x.label, opp, s.Name(id))
	}
	return ids, nil
}
