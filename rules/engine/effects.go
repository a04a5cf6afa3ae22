package engine

import (
	"github.com/tenkaichi-org/tenkaichi/rules/engine/gamestate"
	"github.com/tenkaichi-org/tenkaichi/rules/skill"
)

// This file is the table of the effect kinds the engine applies: one small
// type per kind of skill effect (a skill.Kind), in effect_*.go, each with
// the sentences it says as data (Msg: a stable message id of the catalogue
// and the English). Adding an effect kind is a row here and its type, plus
// its messages in views/i18n/messages/engine.*.json.

// effectKind applies one kind of skill effect: it changes the game, says so
// in events, and returns the cards it chose or moved (the "that card" of the
// skill's effects after it). A violation refuses the use line's choices;
// the caller puts the state back.
type effectKind interface {
	apply(e *applier, x *call) ([]CardID, *Violation)
	// carries reports whether the engine carries out (applies or checks)
	// effect ef of a skill with timing t; Applies asks it of every effect.
	carries(ef *skill.Effect, t skill.Timing) bool
}

// always is the carries of a kind the engine carries out whatever the
// effect's details.
type always struct{}

func (always) carries(*skill.Effect, skill.Timing) bool { return true }

// call is one effect being applied: whose skill and which card's (c), the
// skill, the effect, the use line's choices (q) and the cards the skill's
// effects before it chose.
type call struct {
	c      gamestate.Ctx
	sk     *skill.Skill
	ef     *skill.Effect
	q      *choiceQueue
	chosen []CardID
	label  string // the skill as its events name it: "FS01-03 [On Play]"
}

// player is the state of the skill's player.
func (x *call) player(e *applier) *PlayerState { return &e.s.Players[x.c.Side] }

// effectKinds are the effect kinds the engine applies, by skill.Kind. A kind
// without a row (a choice of options, "can't play", "can't be KO'd",
// rearranging the deck ...) is read but not applied: the replay flags it
// (notApplied) and the players declare what it does.
var effectKinds = [skill.KindCount]effectKind{
	skill.Draw: drawEffect{
		one:  msg("EngineDraws1Card", "%s: %s draws 1 card (%s)"),
		many: msg("EngineDrawsCards2", "%s: %s draws %d cards")},
	skill.Power: powerEffect{done: byDuration{
		skill.ForBattle:     msg("EngineGetsPowerBattle2", "%s: %s gets %+d power for the battle"),
		skill.ForTurn:       msg("EngineGetsPowerTurn2", "%s: %s gets %+d power for the turn"),
		skill.UntilNextTurn: msg("EngineGetsPowerUntilEndOpponentNext", "%s: %s gets %+d power until the end of the opponent's next turn"),
		skill.Instant:       msg("EngineGetsPower", "%s: %s gets %+d power")}},
	skill.ComboPower: comboPowerEffect{done: msg("EngineGetsComboPower", "%s: %s gets %+d combo power")},
	skill.Gain: gainEffect{done: byDuration{
		skill.ForBattle:     msg("EngineGainsBattle", "%s: %s gains [%s] for the battle"),
		skill.ForTurn:       msg("EngineGainsTurn", "%s: %s gains [%s] for the turn"),
		skill.UntilNextTurn: msg("EngineGainsDuringOpponentNextTurn", "%s: %s gains [%s] during the opponent's next turn"),
		skill.Instant:       msg("EngineGains", "%s: %s gains [%s]")}},
	skill.CantAttack: cantAttackEffect{done: byDuration{
		skill.ForBattle:     msg("EngineCanTAttackBattle", "%s: %s can't attack for the battle"),
		skill.ForTurn:       msg("EngineCanTAttackTurn", "%s: %s can't attack for the turn"),
		skill.UntilNextTurn: msg("EngineCanTAttackDuringOpponentNext", "%s: %s can't attack during the opponent's next turn"),
		skill.Instant:       msg("EngineCanTAttack", "%s: %s can't attack")}},
	skill.CantActivate: cantActivateEffect{done: msg("EngineCanTSwitchActiveModeDuring", "%s: %s can't switch to Active Mode during its player's next turn")},
	skill.Rest:         modeEffect{rest: true, done: msg("EngineSwitchesRestMode2", "%s: %s switches to Rest Mode")},
	skill.Activate:     modeEffect{rest: false, done: msg("EngineSwitchesActiveMode2", "%s: %s switches to Active Mode")},
	skill.KO:           leaveEffect{to: toDrop, ko: true, done: msg("EngineKOD", "%s: %s is KO'd")},
	skill.ToDrop:       leaveEffect{to: toDrop, done: msg("EngineGoesDropNotKO", "%s: %s goes to the Drop (not a KO)")},
	skill.ToHand:       leaveEffect{to: toHand, done: msg("EngineReturnsOwnerHand", "%s: %s returns to its owner's hand")},
	skill.ToDeckBottom: leaveEffect{to: toDeckBottom, done: msg("EngineGoesBottomOwnerDeck", "%s: %s goes to the bottom of its owner's deck")},
	skill.ToDeckTop:    leaveEffect{to: toDeckTop, done: msg("EngineGoesTopOwnerDeck", "%s: %s goes on top of its owner's deck")},
	skill.ToEnergy:     leaveEffect{to: toEnergy, done: msg("EngineGoesOwnerEnergy", "%s: %s goes to its owner's energy")},
	skill.Play:         fromZoneEffect{from: []skill.Zone{skill.Hand, skill.Drop, skill.Deck}},
	skill.AddToHand:    fromZoneEffect{from: []skill.Zone{skill.Drop, skill.Energy}},
	skill.Discard:      fromZoneEffect{},
	skill.Search: searchEffect{
		noneBottom: msg("EngineLooksAtCardAddsNoneHand", "%s: %s looks at %d card(s) and adds none to their hand; the rest go to the bottom of the deck"),
		noneTop:    msg("EngineLooksAtCardAddsNoneHand2", "%s: %s looks at %d card(s) and adds none to their hand; the rest go to the top of the deck"),
		someBottom: msg("EngineLooksAtCardAddsHandRest", "%s: %s looks at %d card(s) and adds %s to their hand; the rest go to the bottom of the deck"),
		someTop:    msg("EngineLooksAtCardAddsHandRest2", "%s: %s looks at %d card(s) and adds %s to their hand; the rest go to the top of the deck")},
	skill.LifeToHand:   lifeEffect{to: toHand, done: msg("EngineAddsCardFromLifeHandNot", "%s: %s adds %d card(s) from their life to their hand (not damage)")},
	skill.LifeToDrop:   lifeEffect{to: toDrop, done: msg("EnginePlacesCardFromLifeDrop", "%s: %s places %d card(s) from their life in the Drop")},
	skill.LifeToEnergy: lifeEffect{to: toEnergy, done: msg("EngineAddsCardFromLifeEnergy", "%s: %s adds %d card(s) from their life to their energy")},
	skill.AddLife:      deckTopEffect{to: toLife, done: msg("EngineAddsTopCardDeckLife", "%s: %s adds the top %d card(s) of their deck to their life")},
	skill.Charge:       deckTopEffect{to: toEnergy, done: msg("EngineAddsTopCardDeckEnergy", "%s: %s adds the top %d card(s) of their deck to their energy")},
	skill.Mill:         deckTopEffect{to: toDrop, done: msg("EnginePlacesTopCardDeckDrop", "%s: %s places the top %d card(s) of their deck in the Drop")},
	skill.EnergyActive: energyModeEffect{rest: false, done: msg("EngineSwitchesEnergyActiveMode", "%s: %s switches %d energy to Active Mode")},
	skill.EnergyRest: energyModeEffect{rest: true, done: msg("EngineSwitchesEnergyRestMode", "%s: %s switches %d energy to Rest Mode"),
		lacking: msg("EngineHasOnlyActiveEnergySwitchRest", "%s: %s has only %d Active energy to switch to Rest Mode")},
	skill.EnergyToDrop: energyToDropEffect{
		done:    msg("EnginePlacesEnergyDrop", "%s: %s places %d energy in the Drop"),
		lacking: msg("EngineHasOnlyEnergyPlaceDrop", "%s: %s has only %d energy to place in the Drop")},
	skill.PlaceMarker: placeMarkerEffect{done: msg("EnginePlacesEnergyMarker", "%s: %s places %d energy marker(s)")},
	skill.RemoveMarker: removeMarkerEffect{
		done:    msg("EngineRemovesEnergyMarker", "%s: %s removes %d energy marker(s)"),
		lacking: msg("EngineHasEnergyMarkerNot", "%s: %s has %d energy marker(s), not %d")},
	skill.Damage:           damageEffect{done: msg("EngineTakesDamage", "%s: %s takes %d damage")},
	skill.OpponentDiscards: opponentDiscardsEffect{},
	skill.NextCost:         nextCostEffect{done: msg("EngineNextCardUsesThisTurnThat", "%s: the next card %s uses this turn that fits costs less")},
	skill.Flip:             flipEffect{},
	skill.CantBeKOd:        cantBeKOdEffect{},
	skill.Choose:           chooseOneEffect{done: msg("EngineChoosesOption", "%s: %s chooses option %d")},
	skill.CantPlay:         cantPlayEffect{done: msg("EngineCantPlaySuchCardsTurn", "%s: %s can't play the cards it names for the rest of the turn")},
	skill.CostChange:       costChangeEffect{done: msg("EngineCostChangesTurn", "%s: the cost of %s changes by %+d for the turn")},
	skill.Delayed: delayedEffect{turn: msg("EngineHappensAtEndOfTurn", "%s: what follows happens at the end of the turn"),
		battle: msg("EngineHappensAtEndOfBattle", "%s: what follows happens at the end of the battle")},
	skill.DeckRule:   deckRuleEffect{},
	skill.RevealHand: revealHandEffect{done: msg("EngineRevealsFromOpponentsHand", "%s: %s reveals %s from their hand")},
	skill.ToCombo:    toComboEffect{done: msg("EngineGoesOwnerComboArea", "%s: %s goes to its owner's Combo Area")},
	skill.PlayedRest: playedRestEffect{done: msg("EnginePlayedInRestMode", "%s: %s is played in Rest Mode")},
	skill.ComboUse: comboUseEffect{
		done:     msg("EngineUsesInComboFrom", "%s: %s uses %s in a combo (combo power %s)"),
		none:     msg("EngineUsesNoCardInCombo", "%s: %s uses no card in a combo"),
		noBattle: msg("EngineNoBattleNoCombo", "%s: no battle is in progress, so no card can be used in a combo")},
	skill.Reveal: revealEffect{done: msg("EngineRevealsTopCardDeck", "%s: %s reveals %s, the top card of their deck")},
	skill.Reorder: reorderEffect{done: msg("EnginePutsCardsBackOnDeck", "%s: %s puts the cards back: on top of the deck %s; at the bottom %s"),
		toDrop:   msg("EnginePlacesLookedAtInDrop", "%s: %s places %s, looked at, in the Drop"),
		toHand:   msg("EngineAddsLookedAtToHand", "%s: %s adds %s, looked at, to their hand"),
		toEnergy: msg("EngineAddsLookedAtToEnergy", "%s: %s adds %s, looked at, to their energy")},
}

// The sentences the card-moving kinds share.
var (
	msgTakesNoLifeCard   = msg("EngineTakesNoLifeCard", "%s: %s takes no life card")
	msgLeaderNeverLeaves = msg("EngineLeaderNeverLeavesLeaderAreaNothing", "%s: a Leader never leaves the Leader Area; nothing happens to it")
	msgLeftBattleArea    = msg("EngineHasLeftBattleAreaSoBattle", "%s has left the Battle Area, so the battle ends")
	msgDiscards          = msg("EngineDiscards", "%s: %s discards %s")
	msgNeedsChoice       = msg("EngineNeedsNameCardAfterUseLine", "%s needs %s: name the card(s) after -> in the use line")
	msgNotApplied        = msg("EngineEngineReadsThisEffectButDoes", "%s: the engine reads this effect (%s) but does not apply it; declare it in the log if it matters")
)

// effect applies one effect of skill sk; chosen are the cards an earlier
// effect chose ("that card"). It returns the cards this effect chose or
// moved.
func (e *applier) effect(c gamestate.Ctx, sk *skill.Skill, ef *skill.Effect, q *choiceQueue, chosen []CardID) ([]CardID, *Violation) {
	x := &call{c: c, sk: sk, ef: ef, q: q, chosen: chosen, label: e.s.SkillLabel(c.Src, sk)}
	if int(ef.Kind) < len(effectKinds) && effectKinds[ef.Kind] != nil {
		return effectKinds[ef.Kind].apply(e, x)
	}
	e.notApplied(x.label, ef)
	return nil, nil
}

// notApplied flags an effect the engine reads but does not carry out.
func (e *applier) notApplied(label string, ef *skill.Effect) {
	e.opened = true
	e.events = append(e.events, Event{Rule: "Card skills", Declared: true, Unread: true,
		ID: msgNotApplied.ID, Format: msgNotApplied.Format, Args: []any{label, ef.Kind}})
}

// said records what an effect did, under the rule of its skill's timing.
func (e *applier) said(x *call, m Msg, args ...any) {
	e.events = append(e.events, Event{Rule: timingRule(x.sk.Timing), ID: m.ID, Format: m.Format, Args: args})
}

// byDuration is a change's sentence for each duration, one whole sentence
// each (a page translates each).
type byDuration map[skill.Duration]Msg

// of is the sentence of duration d; a change with no end of its own
// (Instant, WhileHolds) is said without one.
func (b byDuration) of(d skill.Duration) Msg {
	if m, ok := b[d]; ok {
		return m
	}
	return b[skill.Instant]
}

// dest is where an effect puts a card: a zone of the player given to put.
type dest uint8

const (
	toDrop dest = iota
	toHand
	toDeckTop
	toDeckBottom
	toEnergy // in Rest Mode when the effect says so
	toLife   // on top of the life
)

// put places cards in zone d of p, in order (to the top of the deck or the
// life, the first card ends on top).
func (d dest) put(p *PlayerState, rest bool, ids ...CardID) {
	switch d {
	case toDrop:
		p.Drop = append(p.Drop, ids...)
	case toHand:
		p.Hand = append(p.Hand, ids...)
	case toDeckTop:
		p.Deck = append(append([]CardID(nil), ids...), p.Deck...)
	case toDeckBottom:
		p.Deck = append(p.Deck, ids...)
	case toEnergy:
		for _, id := range ids {
			p.Energy = append(p.Energy, EnergyCard{ID: id, Rest: rest})
		}
	case toLife:
		p.Life = append(append([]CardID(nil), ids...), p.Life...)
	}
}
