package engine

import (
	"strings"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/rules/engine/gamestate"
	"github.com/tenkaichi-org/tenkaichi/rules/skill"
)

// use is "P1 use CARD [-> CHOICE ...] [pay ...]": it makes the choices of a
// triggered skill that waits for them, or uses an [Activate Main] or
// [Activate Battle] skill of a card in play, paying its cost. The engine
// checks the timing, [Once per turn], the cost and that every choice is one
// the skill allows, then applies the effects.
func (e *applier) use() *Violation {
	pl := e.a.Player
	r, err := ParseRef(e.a.Card)
	if err != nil {
		return logError("%s", err)
	}
	if v := ownRef(pl, r, "Card skills", "%s uses their own cards' skills; %s is %s's card"); v != nil {
		return v
	}
	q := &choiceQueue{refs: append([]string(nil), e.a.Targets...)}
	if p, ok := e.takePending(pl, r); ok {
		return e.usePending(p, q)
	}
	return e.activate(r, q)
}

// takePending takes the first triggered skill of pl's waiting for its
// choices whose card r names.
func (e *applier) takePending(pl Side, r Ref) (Pending, bool) {
	s := e.s
	for i, p := range s.Pending {
		if p.Side == pl && e.refNames(r, p.Source) {
			s.Pending = append(s.Pending[:i:i], s.Pending[i+1:]...)
			return p, true
		}
	}
	return Pending{}, false
}

// usePending makes the choices of a triggered skill that waited for them.
func (e *applier) usePending(p Pending, q *choiceQueue) *Violation {
	s := e.s
	sks, _, ok := s.SkillsOfSide(p.Source, p.Back)
	if !ok || p.Skill >= len(sks) {
		return nil
	}
	sk := &sks[p.Skill]
	if e.declines(sk, q) {
		e.events = append(e.events, Event{Rule: timingRule(sk.Timing), ID: msgDeclinesCost.ID, Format: msgDeclinesCost.Format,
			Args: []any{s.SkillLabel(p.Source, sk), p.Side}})
		return nil
	}
	if sk.OncePerTurn {
		s.Used = append(s.Used, UsedSkill{Source: p.Source, Skill: p.Skill, Back: p.Back})
	}
	return e.useSkill(gamestate.Ctx{Side: p.Side, Src: p.Source, MarkerPaid: p.Marker}, sk, q)
}

// usesUnread records a use of a skill of card name that the engine does
// not read: its cost and effects are the log's declared lines.
func (e *applier) usesUnread(name string) {
	e.opened = true
	e.events = append(e.events, Event{Rule: "Card skills", Declared: true, Unread: true,
		Format: "%s uses a skill of %s; the engine does not read it, so its cost and effects are declared in the log, not checked",
		Args:   []any{e.a.Player, name}})
}

// activate uses an [Activate Main] or [Activate Battle] skill of the card
// in play that r names.
func (e *applier) activate(r Ref, q *choiceQueue) *Violation {
	s, pl := e.s, e.a.Player
	if r.Number == "" && !r.Leader {
		return violation("Card skills", "name the card whose skill %s uses", pl)
	}
	c, v := e.resolveInPlay(pl, e.a.Card, pl)
	if v != nil {
		return e.notInPlay(r, v)
	}
	if c.side != pl {
		return violation("Card skills", "%s uses their own cards' skills; %s is %s's", pl, e.label(c), c.side)
	}
	inBattle := s.Battle.Step != NoBattle
	sks, back, known := s.SkillsOf(c.id)
	if !known {
		// The engine does not read this card: the use is the players' word.
		if v := e.useTiming(pl, inBattle); v != nil {
			return v
		}
		e.usesUnread(e.label(c))
		return nil
	}
	idx, v := e.activatedSkill(c.id, sks, back, inBattle)
	if v != nil {
		return v
	}
	sk := &sks[idx]
	if v := e.useTiming(pl, inBattle); v != nil {
		return v
	}
	if !sk.Understood {
		e.unread(c.id, sk)
		return nil
	}
	if v := e.mayActivate(c.id, sk, idx, back); v != nil {
		return v
	}
	if sk.OncePerTurn {
		s.Used = append(s.Used, UsedSkill{Source: c.id, Skill: idx, Back: back})
	}
	if !inBattle {
		e.enterMain()
	} else if s.Battle.Step == StepAttack {
		// The attacker's [Activate Battle] timing is the Offense Step: the
		// chance to block has gone, as after a combo.
		s.Battle.Step = StepOffense
	}
	return e.useSkill(gamestate.Ctx{Side: pl, Src: c.id}, sk, q)
}

// notInPlay is the answer to a use of a card r names that is not in play
// (v): a card just used or KO'd whose skill the engine does not read is in
// the Drop, and the use line declares its skill's effects.
func (e *applier) notInPlay(r Ref, v *Violation) *Violation {
	s, pl := e.s, e.a.Player
	if !r.Leader {
		for _, id := range s.Players[pl].Drop {
			if s.Cards[id].Number == r.Number && !s.ReadsCard(id) {
				e.usesUnread(s.Name(id))
				return nil
			}
		}
	}
	if len(s.Pending) > 0 {
		return violation("Card skills", "%s has no skill waiting for choices and no %s in play", s.Name(s.Pending[0].Source), r.String())
	}
	return v
}

// activatedSkill is the index of the card's skill a use line uses now: the
// first with the timing of the moment ([Activate Battle] in a battle), or a
// later one when that one was used this turn ([Once per turn]).
func (e *applier) activatedSkill(id CardID, sks []skill.Skill, back, inBattle bool) (int, *Violation) {
	s := e.s
	idx := -1
	want := skill.ActivateMain
	if inBattle {
		want = skill.ActivateBattle
	}
	for i := range sks {
		if !sks[i].Timing.Has(want) {
			continue
		}
		if idx < 0 || sks[idx].OncePerTurn && s.UsedThisTurn(id, idx, back) {
			idx = i
		}
	}
	if idx >= 0 {
		return idx, nil
	}
	has := false
	for i := range sks {
		has = has || sks[i].Activated()
	}
	switch {
	case has && inBattle:
		return -1, violation("CR 7-3-4-2", "%s has no [Activate Battle] skill to use in a battle; its [Activate Main] skill is used in the Main Phase outside battles", s.Name(id))
	case has:
		return -1, violation("[Activate Battle]", "%s has no [Activate Main] skill; its [Activate Battle] skill is used during a battle", s.Name(id))
	}
	return -1, violation("Card skills", "%s has no [Activate Main] or [Activate Battle] skill to use", s.Name(id))
}

// mayActivate checks a skill's limits: its player's or the opponent's turn,
// [Once per turn], its conditions.
func (e *applier) mayActivate(id CardID, sk *skill.Skill, idx int, back bool) *Violation {
	s, pl := e.s, e.a.Player
	if !s.TurnOK(pl, sk) {
		if sk.YourTurn {
			return violation("Card skills", "%s can only be used on its player's own turn ([Your Turn])", s.SkillLabel(id, sk))
		}
		return violation("Card skills", "%s can only be used on the opponent's turn ([Opponent's Turn])", s.SkillLabel(id, sk))
	}
	if sk.OncePerTurn && s.UsedThisTurn(id, idx, back) {
		return violation("[Once per turn]", "%s was already used this turn ([Once per turn])", s.SkillLabel(id, sk))
	}
	if !s.Holds(gamestate.Ctx{Side: pl, Src: id}, sk.If) {
		return violation("Card skills", "the condition of %s is not met", s.SkillLabel(id, sk))
	}
	return nil
}

// useTiming checks when an [Activate] skill may be used: in the player's
// Main Phase outside battles, or during a battle at the [Activate Battle]
// timing.
func (e *applier) useTiming(pl Side, inBattle bool) *Violation {
	if inBattle {
		if v := e.battleTiming(pl); v != nil {
			return violation("[Activate Battle]", "%s", v.sentence())
		}
		return nil
	}
	if v := e.toMain(); v != nil {
		return violation("CR 7-3-4-2", "an [Activate Main] skill is used in its player's own Main Phase, outside battles: %s", v.sentence())
	}
	return nil
}

// refNames reports whether reference r names card id (by number, or the Leader).
func (e *applier) refNames(r Ref, id CardID) bool {
	if r.Leader {
		for i := range e.s.Players {
			if e.s.Players[i].Leader.ID == id {
				return true
			}
		}
		return false
	}
	return r.Number != "" && e.s.Cards[id].Number == r.Number
}

// useSkill pays a skill's cost and applies its effects with the log's
// choices; choices left over are a violation.
func (e *applier) useSkill(c gamestate.Ctx, sk *skill.Skill, q *choiceQueue) *Violation {
	s := e.s
	label := s.SkillLabel(c.Src, sk)
	if sk.Cost.Energy > 0 {
		rest, markers, v := e.payFor(c.Side, sk.Cost.Energy, sk.Cost.Colours)
		if v != nil {
			return violation(v.Rule, "%s costs %d: %s", label, sk.Cost.Energy, v.sentence())
		}
		e.pay(c.Side, rest, markers)
		e.payEvent(c.Side, rest, markers)
		c.MarkerPaid = c.MarkerPaid || markers > 0
	} else if len(e.a.Pay) > 0 {
		return violation("CR 5-3-1", "%s has no energy cost to pay", label)
	}
	for i := range sk.Cost.Parts {
		if v := e.payPart(c, sk, &sk.Cost.Parts[i], q); v != nil {
			return v
		}
	}
	e.depth++
	v := e.resolve(c, sk, q)
	e.depth--
	if v != nil {
		return v
	}
	if ref, ok := q.peek(); ok {
		if q.miss != "" {
			return violation("Card skills", "%s cannot choose %s: it chooses %s", label, q.miss, q.missWhat)
		}
		return violation("Card skills", "%s has no choice left for %s", label, ref)
	}
	return nil
}

// payPart pays one part of a skill's cost other than energy ("switch this
// card to Rest Mode", "discard 1 card from your hand"). A cost must be paid
// in full.
func (e *applier) payPart(c gamestate.Ctx, sk *skill.Skill, part *skill.Effect, q *choiceQueue) *Violation {
	s := e.s
	p := &s.Players[c.Side]
	label := s.SkillLabel(c.Src, sk)
	switch part.Kind {
	case skill.Rest:
		if part.Target.Who == skill.ThisCard {
			if s.InPlayRest(c.Src) {
				return violation("Card skills", "%s costs switching %s to Rest Mode, and it is in Rest Mode already", label, s.Name(c.Src))
			}
			if _, _, _, _, ok := s.Where(c.Src); !ok {
				return violation("Card skills", "%s costs switching %s to Rest Mode, and it is not in play", label, s.Name(c.Src))
			}
		}
	case skill.LifeToHand, skill.LifeToDrop, skill.LifeToEnergy:
		if len(p.Life) < part.N {
			return violation("Card skills", "%s costs %d life card(s); %s has %d", label, part.N, c.Side, len(p.Life))
		}
	case skill.ToDrop, skill.KO, skill.ToHand, skill.ToDeckBottom:
		if part.Target.Who == skill.ThisCard {
			if _, _, _, _, ok := s.Where(c.Src); !ok {
				return violation("Card skills", "%s costs %s itself, and it is not in play", label, s.Name(c.Src))
			}
		}
	case skill.Damage:
		if len(p.Life) < part.N {
			return violation("Card skills", "%s costs %d damage; %s has %d life", label, part.N, c.Side, len(p.Life))
		}
	}
	// A cost is paid in full: choices of cards must be made.
	strict := *q
	strict.lapse = false
	exact := *part
	exact.Target.UpTo = false
	_, v := e.effect(c, sk, &exact, &strict, nil)
	q.refs, q.miss, q.missWhat = strict.refs, strict.miss, strict.missWhat
	return v
}

// payFor chooses what pays an energy cost: the action's pay list if it has
// one, else the engine's choice (payPlan).
func (e *applier) payFor(pl Side, cost int, spec string) ([]int, int, *Violation) {
	if len(e.a.Pay) > 0 {
		return e.payWith(pl, cost, spec, e.a.Pay)
	}
	return e.payPlan(pl, cost, spec)
}

// payWith checks a pay list: each entry an Active energy card of pl (named
// by number, the k-th Active one with #k) or "marker"; together exactly the
// cost, covering its coloured orbs (a marker counts as the Leader's colour).
func (e *applier) payWith(pl Side, cost int, spec string, pay []string) ([]int, int, *Violation) {
	s := e.s
	p := &s.Players[pl]
	used := make([]bool, len(p.Energy))
	var rest []int
	markers := 0
	var colours [][]string // each payer's colours; nil: unknown (any)
	leader, leaderKnown := s.Card(p.Leader.ID)
	for _, ref := range pay {
		if strings.EqualFold(ref, Marker) {
			markers++
			if markers > p.Markers {
				if p.Markers == 0 {
					return nil, 0, violation("CR 5-3-1", "%s has no energy marker to pay with", pl)
				}
				return nil, 0, violation("CR 5-3-1", "%s has %d energy marker(s), not %d", pl, p.Markers, markers)
			}
			if leaderKnown {
				colours = append(colours, leader.Colours)
			} else {
				colours = append(colours, nil)
			}
			continue
		}
		r, err := ParseRef(ref)
		if err != nil || r.Leader || r.Top || r.Bottom || r.Owner != NoSide && r.Owner != pl {
			return nil, 0, violation("CR 5-3-1", "%s pays with their own energy: %q is not one of their energy cards", pl, ref)
		}
		seen, found := 0, -1
		for i, en := range p.Energy {
			if en.Rest || used[i] {
				continue
			}
			num := s.Cards[en.ID].Number
			if r.Number == "" && num == "" || r.Number != "" && num == r.Number {
				seen++
				if r.Nth == 0 || r.Nth == seen {
					found = i
					break
				}
			}
		}
		if found < 0 {
			for _, en := range p.Energy {
				if en.Rest && (r.Number == "" || s.Cards[en.ID].Number == r.Number) {
					return nil, 0, violation("CR 5-3-1", "%s's energy %s is in Rest Mode: only Active energy pays", pl, r.String())
				}
			}
			return nil, 0, violation("CR 5-3-1", "%s has no Active energy %s to pay with", pl, r.String())
		}
		used[found] = true
		rest = append(rest, found)
		if c, ok := s.Card(p.Energy[found].ID); ok && len(c.Colours) > 0 {
			colours = append(colours, c.Colours)
		} else {
			colours = append(colours, nil)
		}
	}
	if n := len(rest) + markers; n != cost {
		return nil, 0, violation("CR 5-3-1", "the pay list pays %d; the cost is %d", n, cost)
	}
	var need []string
	for i := 0; i < len(spec); i++ {
		if col, ok := colourLetters[spec[i]]; ok {
			need = append(need, col)
		}
	}
	if !coverColours(need, colours, make([]bool, len(colours))) {
		return nil, 0, violation("CR 5-3-1", "the energy named does not cover the cost's coloured orbs (%s)", strings.Join(need, ", "))
	}
	return rest, markers, nil
}

// coverColours reports whether each needed colour can be paid by a
// different payer (nil colours: unknown, pays any).
func coverColours(need []string, payers [][]string, taken []bool) bool {
	if len(need) == 0 {
		return true
	}
	for i, cols := range payers {
		if taken[i] || cols != nil && !contains(cols, need[0]) {
			continue
		}
		taken[i] = true
		if coverColours(need[1:], payers, taken) {
			return true
		}
		taken[i] = false
	}
	return false
}

// playCost is a card's cost to play from hand: the declared one, or the
// printed one less the reductions its own [Permanent] skills give while
// their conditions hold ("reduce the cost of this card in your hand by 1").
func (e *applier) playCost(pl Side, id CardID, c rules.Card, known bool) (cost int, spec string, declared bool, reduced int) {
	cost, spec, declared = e.cost(c, known)
	if declared || !known || c.Cost == nil {
		return cost, spec, declared, 0
	}
	sks, _, ok := e.s.SkillsOf(id)
	if !ok {
		return cost, spec, false, 0
	}
	for i := range sks {
		sk := &sks[i]
		if !sk.Understood || !sk.Timing.Has(skill.Permanent) || !e.s.TurnOK(pl, sk) {
			continue
		}
		for j := range sk.Effects {
			ef := &sk.Effects[j]
			if ef.Kind == skill.CostChange && ef.Target.Who == skill.ThisCard && ef.Detail == "" &&
				e.s.Holds(gamestate.Ctx{Side: pl, Src: id}, ef.If) {
				reduced -= ef.Amount
			}
		}
	}
	// The coloured orbs stay: only the rest of the cost is reduced.
	floor := 0
	for i := 0; i < len(spec); i++ {
		if _, ok := colourLetters[spec[i]]; ok {
			floor++
		}
	}
	cost = max(floor, cost-reduced)
	return cost, spec, false, reduced
}
