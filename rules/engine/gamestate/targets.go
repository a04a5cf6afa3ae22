package gamestate

import (
	"github.com/tenkaichi-org/tenkaichi/rules/engine/cardinfo"
	"github.com/tenkaichi-org/tenkaichi/rules/engine/gamelog"
	"github.com/tenkaichi-org/tenkaichi/rules/skill"
)

// This file judges which cards a skill's target can name: in play, in a
// zone, one of each kind it names.

// InPlayRef resolves a choice naming a card in play, for target t of side's
// skill: unprefixed, an opponent's target means the opponent's card.
func (s *State) InPlayRef(c Ctx, t *skill.Target, ref string) (CardID, bool) {
	r, err := gamelog.ParseRef(ref)
	if err != nil {
		return NoCard, false
	}
	sides := []Side{c.Side, c.Side.Other()}
	if t.Who == skill.Opponents {
		sides = []Side{c.Side.Other()}
	}
	if t.Who == skill.Yours || t.Who == skill.LeaderOrYours {
		sides = []Side{c.Side}
	}
	if r.Owner != gamelog.NoSide {
		sides = []Side{r.Owner}
	}
	for _, side := range sides {
		p := &s.Players[side]
		if r.Leader {
			return p.Leader.ID, true
		}
		if r.Number == "" {
			continue
		}
		if i, ok := s.FindCopy(side, r); ok {
			return p.Battle[i].ID, true
		}
		if p.Field != NoCard && s.Cards[p.Field].Number == r.Number {
			return p.Field, true
		}
	}
	return NoCard, false
}

// FitsTarget reports whether a chosen card in play is one target t allows.
func (s *State) FitsTarget(c Ctx, t *skill.Target, id CardID) bool {
	side, leader, field, _, ok := s.Where(id)
	if !ok {
		return false
	}
	switch t.Who {
	case skill.LeaderOrYours:
		if side != c.Side {
			return false
		}
		if leader && t.Both {
			f := t.Filter
			f.Type = ""
			return s.Fits(id, &f, c.Src)
		}
		if leader {
			return true
		}
	case skill.Yours:
		if side != c.Side {
			return false
		}
	case skill.Opponents:
		if side == c.Side {
			return false
		}
	}
	if leader && t.Filter.Type != "Leader" {
		return false
	}
	if field && t.Filter.Type != "Field" && t.Filter.Type != "" {
		return false
	}
	if !leader && !field && t.Filter.Type == "Field" {
		return false
	}
	return s.fitsAnyFilter(id, t, c.Src)
}

// FitsZone reports whether a card outside play (hand, Drop, deck) is what
// target t allows.
func (s *State) FitsZone(c Ctx, t *skill.Target, id CardID) bool {
	if _, _, _, _, inPlay := s.Where(id); inPlay {
		return false
	}
	return s.fitsAnyFilter(id, t, c.Src)
}

// OneOfEach reports whether the cards chosen for an "up to 1 <A> and up to
// 1 <B>" target (Each) can each be a different one of its kinds: each name
// of the filter, or the filter and each of its Alts.
func (s *State) OneOfEach(c Ctx, t *skill.Target, ids []CardID) bool {
	var kinds []skill.Filter
	if len(t.Alts) > 0 {
		kinds = append([]skill.Filter{t.Filter}, t.Alts...)
	} else {
		for _, name := range t.Filter.Names {
			f := t.Filter
			f.Names = []string{name}
			kinds = append(kinds, f)
		}
	}
	used := make([]bool, len(kinds))
	var assign func(i int) bool
	assign = func(i int) bool {
		if i == len(ids) {
			return true
		}
		for k := range kinds {
			if !used[k] && s.Fits(ids[i], &kinds[k], c.Src) {
				used[k] = true
				if assign(i + 1) {
					return true
				}
				used[k] = false
			}
		}
		return false
	}
	return len(ids) <= len(kinds) && assign(0)
}

// KeepsWithoutDeck reports whether a [Permanent] skill of side's cards in
// play says an empty deck does not lose the game.
func (s *State) KeepsWithoutDeck(side Side) bool {
	keeps := false
	s.PermanentEffects(cardinfo.FlagPermanentGrant, func(sd Side, src CardID, _ int, _ *skill.Skill, ef *skill.Effect) bool {
		keeps = sd == side && ef.Kind == skill.DeckRule && ef.Detail == "no deck-out" && s.Holds(Ctx{Side: sd, Src: src}, ef.If)
		return !keeps
	})
	return keeps
}

// fitsAnyFilter reports whether card id fits target t's filter or one of
// its alternatives.
func (s *State) fitsAnyFilter(id CardID, t *skill.Target, src CardID) bool {
	if s.Fits(id, &t.Filter, src) {
		return true
	}
	for i := range t.Alts {
		if s.Fits(id, &t.Alts[i], src) {
			return true
		}
	}
	return false
}
