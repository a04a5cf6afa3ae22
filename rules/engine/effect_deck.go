package engine

import (
	"strings"

	"github.com/tenkaichi-org/tenkaichi/rules/skill"
)

// reorderEffect: "look at N cards from the top of your deck and place them
// at the top or bottom of your deck in any order" (Zuno FB02-048, Time Ring
// FB02-069). The use line names the cards looked at in the order they go
// back, each followed by "bottom" to send it under the deck (where the
// skill allows it): the first card named on top goes on top, the last one
// named "bottom" ends at the very bottom. Cards it does not name stay on
// top, under those it names, in the order they were.
type reorderEffect struct {
	always
	done Msg
}

func (k reorderEffect) apply(e *applier, x *call) ([]CardID, *Violation) {
	p := x.player(e)
	n := min(max(x.ef.N, 1), len(p.Deck))
	looked := append([]CardID(nil), p.Deck[:n]...)
	var top, bottom []CardID
	for len(top)+len(bottom) < n {
		ref, ok := x.q.peek()
		if !ok || strings.EqualFold(ref, "none") {
			if ok {
				x.q.pop()
			}
			break
		}
		left := remaining(looked, top, bottom)
		id, found := e.revealedRef(x.c.side, left, ref)
		if !found {
			if x.q.miss == "" {
				x.q.miss, x.q.missWhat = ref, skill.TargetPhrase(x.ef.Target)
			}
			break
		}
		x.q.pop()
		if k.toBottom(e, x) {
			bottom = append(bottom, id)
		} else {
			top = append(top, id)
		}
	}
	top = append(top, remaining(looked, top, bottom)...)
	p.Deck = append(append(top, p.Deck[n:]...), bottom...)
	e.said(x, msgLooksAtDeck, x.label, x.c.side, n)
	e.said(x, k.done, x.label, x.c.side, e.s.names(top), e.s.names(bottom))
	return nil, nil
}

// toBottom reads the "bottom" (or "top") after a card named: only where the
// skill lets the card go to the bottom does "bottom" count; a skill that
// places the cards "at the top" leaves it for the next choice, which then
// names no card looked at.
func (k reorderEffect) toBottom(e *applier, x *call) bool {
	switch x.ef.Place {
	case "bottom":
		return true
	case "top":
		if ref, ok := x.q.peek(); ok && strings.EqualFold(ref, "top") {
			x.q.pop()
		}
		return false
	}
	return e.placesAtBottom(x.q)
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

// names lists the cards' names for a sentence, "—" for none.
func (s *State) names(ids []CardID) string {
	if len(ids) == 0 {
		return "—"
	}
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = s.Name(id)
	}
	return strings.Join(out, ", ")
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
	e.said(x, k.done, x.label, x.c.side, e.s.Name(top))
	return []CardID{top}, nil
}

// nameRevealed reveals an unknown card of the deck's top as the use line's
// next choice when that choice names such a card.
func (e *applier) nameRevealed(x *call, id CardID) {
	if e.s.Cards[id].Number != "" {
		return
	}
	if ref, ok := x.q.peek(); ok {
		if _, found := e.revealedRef(x.c.side, []CardID{id}, ref); found {
			x.q.pop()
		}
	}
}

var msgCannotTell = msg("EngineRevealedCardUnknownDeclare", "%s: the revealed card is not known, so the engine cannot tell whether the skill goes on; declare it in the log if it does")

// cannotTell reports whether effect ef asks about the revealed card ("if
// the revealed card's cost is 6") while that card is unknown: the replay
// then says so and leaves the effect to the players' declared lines.
func (e *applier) cannotTell(c ctx, sk *skill.Skill, ef *skill.Effect) bool {
	if c.that == NoCard || e.s.Cards[c.that].Number != "" {
		return false
	}
	for i := range ef.If {
		if ef.If[i].Kind == skill.ThatCardIs {
			e.opened = true
			e.events = append(e.events, Event{Rule: "Card skills", Declared: true, Unread: true,
				ID: msgCannotTell.ID, Format: msgCannotTell.Format, Args: []any{e.s.skillLabel(c.src, sk)}})
			return true
		}
	}
	return false
}
