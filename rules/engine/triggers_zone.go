package engine

import (
	"github.com/tenkaichi-org/tenkaichi/rules/engine/cardinfo"
	"github.com/tenkaichi-org/tenkaichi/rules/engine/gamestate"
	"github.com/tenkaichi-org/tenkaichi/rules/skill"
)

// The [Auto] triggers of zone, play and combo events (issue 29): each fires
// the skills of every card its player has in play that wait for it.

// triggerOwn fires trig for side's Leader, [Field] and Battle Cards;
// subject is the card whose event it is.
func (e *applier) triggerOwn(side Side, trig skill.Trigger, subject CardID) {
	prev := e.subject
	e.subject = subject
	e.depth++
	defer func() { e.subject = prev; e.depth-- }()
	p := &e.s.Players[side]
	e.trigger(side, p.Leader.ID, skill.Auto, trig)
	if p.Field != NoCard {
		e.trigger(side, p.Field, skill.Auto, trig)
	}
	for _, id := range e.withTriggers(p.Battle) {
		e.trigger(side, id, skill.Auto, trig)
	}
}

// subjectFits reports whether the card of the event (e.subject) is one the
// skill of src waits for ("your <Babidi> or your Battle Card with «Wicked
// Soul» in its special traits").
func (e *applier) subjectFits(sk *skill.Skill, src CardID) bool {
	t := &sk.TriggerCards
	if e.subject == NoCard || e.s.Owner(e.subject) != e.s.Owner(src) {
		return false
	}
	if e.s.Fits(e.subject, &t.Filter, src) {
		return true
	}
	for i := range t.Alts {
		if e.s.Fits(e.subject, &t.Alts[i], src) {
			return true
		}
	}
	return false
}

// playedTriggers fires, after side played Battle Card id (fromDrop: by a
// skill, from the Drop), "when your <Name> ... is played" and "when a
// Battle Card is played from your Drop".
func (e *applier) playedTriggers(side Side, id CardID, fromDrop bool) {
	e.triggerOwn(side, skill.YourCardPlayed, id)
	if fromDrop {
		e.triggerOwn(side, skill.PlayedFromDrop, id)
	}
}

// activatedBySkill fires "when this card is switched to Active Mode by a
// skill" of a card a skill switched from Rest to Active Mode (switched).
func (e *applier) activatedBySkill(side Side, id CardID, switched bool) {
	if !switched {
		return
	}
	e.depth++
	e.trigger(side, id, skill.Auto, skill.ActivatedBySkill)
	e.depth--
}

// deckRuleEffect: a [Permanent] rule about the deck. "You can include as
// many copies of this card in your deck as you like" (Meta-Cooler
// FB01-131) is judged by the deck check at step 0 (the card list's
// CopyLimit); "having 0 cards in your deck does not cause you to lose the
// game" (Vegito FB04-130) by the defeat check (State.KeepsWithoutDeck).
type deckRuleEffect struct{ always }

func (deckRuleEffect) apply(*applier, *call) ([]CardID, *Violation) { return nil, nil }

// playedRestEffect: "[Permanent] Your opponent's Battle Cards with a cost
// of 5 or more are played in Rest Mode" (Golden Frieza FB02-140), judged
// when a card enters the Battle Area (restOnEntry).
type playedRestEffect struct {
	always
	done Msg
}

func (playedRestEffect) apply(*applier, *call) ([]CardID, *Violation) { return nil, nil }

// restOnEntry rests Battle Card id, just played by side, when a
// [Permanent] skill of the other player's cards says it is played in Rest
// Mode.
func (e *applier) restOnEntry(side Side, id CardID) {
	s := e.s
	_, _, field, idx, ok := s.Where(id)
	if !ok || field {
		return
	}
	s.PermanentEffects(cardinfo.FlagPermanentGrant, func(sd Side, src CardID, _ int, sk *skill.Skill, ef *skill.Effect) bool {
		if sd == side || ef.Kind != skill.PlayedRest || !s.Covers(sd, src, &ef.Target, id) || !s.Holds(gamestate.Ctx{Side: sd, Src: src}, ef.If) {
			return true
		}
		s.Players[side].Battle[idx].Rest = true
		m := effectKinds[skill.PlayedRest].(playedRestEffect).done
		e.autoMsg(timingRule(sk.Timing), m, s.SkillLabel(src, sk), e.s.InPlayLabel(id))
		return false
	})
}

var msgNoActiveBySkills = msg("EngineCantBeActivatedBySkills", "%s: %s's cards can't be switched to Active Mode by skills (%s)")

// noActiveBySkills reports whether a [Permanent] skill of the other
// player's cards says side's cards can't be switched to Active Mode by
// skills (Gogeta FB06-097), and says so for the effect of x.
func (e *applier) noActiveBySkills(x *call, side Side, _ CardID) bool {
	s := e.s
	by := NoCard
	var bySkill *skill.Skill
	s.PermanentEffects(cardinfo.FlagPermanentGrant, func(sd Side, src CardID, _ int, sk *skill.Skill, ef *skill.Effect) bool {
		if sd != side && ef.Kind == skill.CantActivate && ef.Detail == "by skills" && s.Holds(gamestate.Ctx{Side: sd, Src: src}, ef.If) {
			by, bySkill = src, sk
			return false
		}
		return true
	})
	if by == NoCard {
		return false
	}
	e.said(x, msgNoActiveBySkills, x.label, side, s.SkillLabel(by, bySkill))
	return true
}

var msgOneOfEach = msg("EngineChoosesOneOfEachKind", "%s chooses at most one card of each kind it names: %s")
