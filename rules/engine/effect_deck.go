package engine

import (
	"strings"

	"github.com/tenkaichi-org/tenkaichi/rules/engine/gamestate"
	"github.com/tenkaichi-org/tenkaichi/rules/skill"
)

// reorderEffect: "look at N cards from the top of your deck and place them
// at the top or bottom of your deck in any order" (Zuno FB02-048, Time Ring
// FB02-069), and the top card placed "on top of its owner's deck or in its
// owner's Drop" (Toolo FB03-116), added "to your hand or to your energy in
// Rest Mode" (Cell Games Arena FB02-102), or the opponent's top card placed
// at the top or bottom (Shin FB03-034). The use line names the cards looked
// at in the order they go, each followed by where it goes when the skill
// offers a choice ("bottom", "drop", "hand", "energy"; on top without one,
// where the skill allows the top): the first card named on top goes on
// top, the last one named "bottom" ends at the very bottom. Cards it does
// not name stay on top, under those it names, in the order they were.
type reorderEffect struct {
	always
	done, toDrop, toHand, toEnergy Msg
}

// placeWords are where a card looked at may go, by the effect's Place: the
// words a use line may write after it, the first one the default ("" for
// none: the use line must say).
var placeWords = map[string][]string{
	"top": {"top"}, "bottom": {"bottom"}, "top or bottom": {"top", "bottom"},
	"top or drop": {"top", "drop"}, "hand or energy": {"", "hand", "energy"},
}

func (k reorderEffect) apply(e *applier, x *call) ([]CardID, *Violation) {
	side := x.c.Side
	if x.ef.Target.Who == skill.Opponents {
		side = side.Other()
	}
	p := &e.s.Players[side]
	n := min(max(x.ef.N, 1), len(p.Deck))
	looked := append([]CardID(nil), p.Deck[:n]...)
	went := map[string][]CardID{}
	placed := 0
	for placed < n {
		ref, ok := x.q.peek()
		if !ok || strings.EqualFold(ref, "none") {
			if ok {
				x.q.pop()
			}
			break
		}
		var named []CardID
		for _, l := range went {
			named = append(named, l...)
		}
		id, found := e.revealedRef(side, remaining(looked, named, nil), ref)
		if !found {
			if x.q.miss == "" {
				x.q.miss, x.q.missWhat = ref, skill.TargetPhrase(x.ef.Target)
			}
			break
		}
		x.q.pop()
		word := k.placeWord(x)
		if word == "" {
			return nil, violationMsg("Card skills", msgNeedsChoice, x.label, skill.TargetPhrase(x.ef.Target))
		}
		went[word] = append(went[word], id)
		placed++
	}
	var named []CardID
	for _, l := range went {
		named = append(named, l...)
	}
	left := remaining(looked, named, nil)
	if len(left) > 0 && placeWords[x.ef.Place][0] == "" && !x.q.lapse {
		return nil, violationMsg("Card skills", msgNeedsChoice, x.label, skill.TargetPhrase(x.ef.Target))
	}
	top := append(went["top"], left...)
	p.Deck = append(append(top, p.Deck[n:]...), went["bottom"]...)
	toDrop.put(p, false, went["drop"]...)
	toHand.put(p, false, went["hand"]...)
	toEnergy.put(p, x.ef.Rest, went["energy"]...)
	k.say(e, x, side, n, top, went)
	return nil, nil
}

// placeWord reads the word after a card named (one the skill allows), or
// gives the default; "" when the skill has none and the line gives none.
func (k reorderEffect) placeWord(x *call) string {
	words := placeWords[x.ef.Place]
	if len(words) == 0 {
		words = []string{"top"}
	}
	if ref, ok := x.q.peek(); ok {
		for _, w := range words {
			if w != "" && strings.EqualFold(ref, w) {
				x.q.pop()
				return w
			}
		}
	}
	return words[0]
}

// say tells where the cards looked at went.
func (k reorderEffect) say(e *applier, x *call, side Side, n int, top []CardID, went map[string][]CardID) {
	e.said(x, msgLooksAtDeck, x.label, side, n)
	if len(top) > 0 || len(went["bottom"]) > 0 {
		e.said(x, k.done, x.label, x.c.Side, e.s.Names(top), e.s.Names(went["bottom"]))
	}
	for _, m := range []struct {
		where string
		msg   Msg
	}{{"drop", k.toDrop}, {"hand", k.toHand}, {"energy", k.toEnergy}} {
		if ids := went[m.where]; len(ids) > 0 {
			e.said(x, m.msg, x.label, x.c.Side, e.s.Names(ids))
		}
	}
}

// remaining are the cards of looked in neither a nor b, in order.
func remaining(looked, a, b []CardID) []CardID {
	var out []CardID
	for _, id := range looked {
		if !containsID(a, id) && !containsID(b, id) {
			out = append(out, id)
		}
	}
	return out
}

// revealEffect: "reveal the top card of your deck" (Sharpner FB03-033,
// Hercule FB03-049): the card stays on top and is "the revealed card" of
// the conditions after it. An unknown card (a paper deck) is named by the
// use line's first choice; without one the conditions on it are left to
// the players (cannotTell).
type revealEffect struct {
	always
	done Msg
}

func (k revealEffect) apply(e *applier, x *call) ([]CardID, *Violation) {
	p := x.player(e)
	if len(p.Deck) == 0 {
		return nil, nil
	}
	top := p.Deck[0]
	e.nameRevealed(x, top)
	e.said(x, k.done, x.label, x.c.Side, e.s.Name(top))
	return []CardID{top}, nil
}

// nameRevealed reveals an unknown card of the deck's top as the use line's
// next choice when that choice names such a card.
func (e *applier) nameRevealed(x *call, id CardID) {
	if e.s.Cards[id].Number != "" {
		return
	}
	if ref, ok := x.q.peek(); ok {
		if _, found := e.revealedRef(x.c.Side, []CardID{id}, ref); found {
			x.q.pop()
		}
	}
}

var msgCannotTell = msg("EngineRevealedCardUnknownDeclare", "%s: the revealed card is not known, so the engine cannot tell whether the skill goes on; declare it in the log if it does")

// cannotTell reports whether effect ef asks about the revealed card ("if
// the revealed card's cost is 6") while that card is unknown: the replay
// then says so and leaves the effect to the players' declared lines.
func (e *applier) cannotTell(c gamestate.Ctx, sk *skill.Skill, ef *skill.Effect) bool {
	if c.That == NoCard || e.s.Cards[c.That].Number != "" {
		return false
	}
	for i := range ef.If {
		if ef.If[i].Kind == skill.ThatCardIs {
			e.opened = true
			e.events = append(e.events, Event{Rule: "Card skills", Declared: true, Unread: true,
				ID: msgCannotTell.ID, Format: msgCannotTell.Format, Args: []any{e.s.SkillLabel(c.Src, sk)}})
			return true
		}
	}
	return false
}

// delayedEffect: "at the end of the turn, draw 1 card" (Bulma FB03-046),
// "at the end of the battle, KO this card" (Majin Buu : Pure Evil
// FB04-096): the effects wait in PlayerState.Delayed and happen then
// (runDelayed), without choices: the engine carries out only effects that
// need none.
type delayedEffect struct{ turn, battle Msg }

func (delayedEffect) carries(ef *skill.Effect, _ skill.Timing) bool {
	if len(ef.Options) != 1 {
		return false
	}
	for i := range ef.Options[0] {
		if inner := &ef.Options[0][i]; !inner.Mandatory() || !applies(inner, 0) {
			return false
		}
	}
	return true
}

func (k delayedEffect) apply(e *applier, x *call) ([]CardID, *Violation) {
	sks, back, ok := e.s.SkillsOf(x.c.Src)
	j := flatIndex(x.sk, x.ef)
	if !ok || j < 0 || !k.carries(x.ef, x.sk.Timing) {
		e.notApplied(x.label, x.ef)
		return nil, nil
	}
	for i := range sks {
		if &sks[i] == x.sk {
			p := x.player(e)
			p.Delayed = append(p.Delayed, Discount{Source: x.c.Src, Skill: i, Back: back, Effect: j})
			m := k.turn
			if x.ef.Detail == "battle" {
				m = k.battle
			}
			e.said(x, m, x.label)
			return nil, nil
		}
	}
	e.notApplied(x.label, x.ef)
	return nil, nil
}

// runDelayed carries out the waiting effects for the end of the "turn" or
// "battle", the turn player's first, and forgets them.
func (e *applier) runDelayed(when string) {
	s := e.s
	for _, side := range []Side{s.TurnPlayer, s.TurnPlayer.Other()} {
		p := &s.Players[side]
		var keep []Discount
		for _, d := range p.Delayed {
			sks, _, ok := s.SkillsOfSide(d.Source, d.Back)
			if !ok || d.Skill >= len(sks) {
				continue
			}
			ef := flatEffect(&sks[d.Skill], d.Effect)
			if ef == nil || len(ef.Options) != 1 {
				continue
			}
			if ef.Detail != when {
				keep = append(keep, d)
				continue
			}
			later := sks[d.Skill]
			later.Effects = ef.Options[0]
			e.depth++
			e.resolve(gamestate.Ctx{Side: side, Src: d.Source}, &later, &choiceQueue{lapse: true})
			e.depth--
		}
		p = &s.Players[side]
		p.Delayed = keep
	}
}
