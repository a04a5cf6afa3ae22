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
