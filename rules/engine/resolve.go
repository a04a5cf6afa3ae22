package engine

import (
	"strings"

	"github.com/tenkaichi-org/tenkaichi/rules/engine/cardinfo"
	"github.com/tenkaichi-org/tenkaichi/rules/engine/gamestate"
	"github.com/tenkaichi-org/tenkaichi/rules/skill"
)

// This file applies the skills the engine reads (rules/skill): triggered
// skills when their moment comes, [Activate] skills when a "use" line uses
// them. A skill whose effects need no choice is applied at once; one with
// choices ("up to 1", which card) waits as Pending for its player's "use"
// line, and resolves without choices when the log goes on to anything else.

// maxDepth bounds skills triggered by skills (a KO that triggers a
// [When KO'd] that plays a card that triggers an [On Play] ...).
const maxDepth = 8

// choiceQueue is the choices of a "use" line, in order: card references and
// "none" (no card for this choice).
type choiceQueue struct {
	refs []string
	// lapse: the skill resolves without a "use" line: choices of cards are
	// not made, "up to N" counts take N.
	lapse bool
	// miss is the first reference no choice could take, and what it was
	// offered to, for the message when it is left over.
	miss     string
	missWhat skill.TargetPhrase
}

func (q *choiceQueue) peek() (string, bool) {
	if q == nil || len(q.refs) == 0 {
		return "", false
	}
	return q.refs[0], true
}

func (q *choiceQueue) pop() { q.refs = q.refs[1:] }

// needsChoices reports whether a skill has a cost or a choice, so that it
// waits for its player's "use" line instead of resolving at once.
func needsChoices(sk *skill.Skill) bool {
	if sk.Cost.Energy > 0 || len(sk.Cost.Parts) > 0 {
		return true
	}
	for i := range sk.Effects {
		if !sk.Effects[i].Mandatory() {
			return true
		}
	}
	return false
}

// trigger fires the skills of src with timing t (and, for [Auto], trigger
// trig) for side: skills without choices apply now, the others wait as
// Pending. Skills the engine does not read are flagged.
func (e *applier) trigger(side Side, src CardID, t skill.Timing, trig skill.Trigger) {
	s := e.s
	if e.depth > maxDepth {
		return
	}
	if !s.ReadsCard(src) {
		// A card whose text the engine does not read may have a skill now.
		e.opened = true
		return
	}
	if s.FlagsOf(src)&cardinfo.FlagTriggers == 0 {
		return
	}
	sks, back, ok := s.SkillsOf(src)
	if !ok {
		return
	}
	for i := range sks {
		sk := &sks[i]
		if !sk.Timing.Has(t) || (t == skill.Auto && sk.Trigger != trig && sk.Understood) {
			continue
		}
		if sk.Understood && sk.Trigger == skill.YourCardPlayed && !e.subjectFits(sk, src) {
			continue
		}
		if !sk.Understood {
			if t == skill.Auto && !strings.Contains(strings.ToLower(sk.Text), "combo") && trig != skill.TriggerNone {
				// An [Auto] skill whose trigger the engine cannot read is
				// flagged once, when its card is played.
				continue
			}
			e.unread(src, sk)
			continue
		}
		if !s.TurnOK(side, sk) {
			continue
		}
		if sk.OncePerTurn && s.UsedThisTurn(src, i, back) {
			continue
		}
		c := gamestate.Ctx{Side: side, Src: src, MarkerPaid: e.markerFor == src && e.markerPaid}
		if !s.Holds(c, sk.If) {
			continue
		}
		if s.NothingToDo(c, sk) {
			e.skillEvent(sk, "%s: its condition is not met, so it does nothing", s.SkillLabel(src, sk))
			continue
		}
		if needsChoices(sk) && (!s.Strict() || e.hasChoice(c, sk)) {
			s.Pending = append(s.Pending, Pending{Side: side, Source: src, Skill: i, Back: back, Marker: c.MarkerPaid, Step: s.Step + 1})
			e.skillEvent(sk, "%s waits for %s's choices (%s use %s -> …); anything else resolves it without them", s.SkillLabel(src, sk), side, side, s.Name(src))
			continue
		}
		if sk.OncePerTurn {
			s.Used = append(s.Used, UsedSkill{Source: src, Skill: i, Back: back})
		}
		e.depth++
		e.resolve(c, sk, &choiceQueue{lapse: true})
		e.depth--
	}
}

// unread flags a skill the engine cannot read: its effects are the log's
// declared lines, as for every skill before the engine read cards.
func (e *applier) unread(src CardID, sk *skill.Skill) {
	e.opened = true
	e.events = append(e.events, Event{Rule: "Card skills", Declared: true, Unread: true,
		Format: "%s: the engine does not read this skill (%q); its effects are declared in the log, not checked",
		Args:   []any{e.s.SkillLabel(src, sk), sk.Text}})
}

// skillEvent records what a skill did, under the rule of its timing.
func (e *applier) skillEvent(sk *skill.Skill, format string, args ...any) {
	e.events = append(e.events, Event{Rule: timingRule(sk.Timing), Format: format, Args: args})
}

// timingRules name the rule index entry of each timing, first match wins.
var timingRules = []struct {
	t    skill.Timing
	rule string
}{
	{skill.OnPlay, "[On Play]"}, {skill.WhenAttacking, "[When Attacking]"}, {skill.WhenBlocking, "[When Blocking]"},
	{skill.WhenKOd, "[When KO'd]"}, {skill.ActivateMain, "CR 7-3-4-2"}, {skill.ActivateBattle, "[Activate Battle]"},
	{skill.Auto, "[Auto]"}, {skill.Permanent, "[Permanent]"}, {skill.Awaken, "[Awaken]"}, {skill.EndOfYourTurn, "[End of Your Turn]"},
}

func timingRule(t skill.Timing) string {
	for _, r := range timingRules {
		if t.Has(r.t) {
			return r.rule
		}
	}
	return "Card skills"
}

// lapsePending resolves every waiting skill without choices: the log went on
// without using them.
func (e *applier) lapsePending() {
	s := e.s
	for len(s.Pending) > 0 {
		p := s.Pending[0]
		s.Pending = s.Pending[1:]
		sks, _, ok := s.SkillsOfSide(p.Source, p.Back)
		if !ok || p.Skill >= len(sks) {
			continue
		}
		sk := &sks[p.Skill]
		if sk.Cost.Energy > 0 || len(sk.Cost.Parts) > 0 {
			e.skillEvent(sk, "%s is not used: its cost was not paid", s.SkillLabel(p.Source, sk))
			continue
		}
		if sk.OncePerTurn {
			s.Used = append(s.Used, UsedSkill{Source: p.Source, Skill: p.Skill, Back: p.Back})
		}
		e.skillEvent(sk, "%s resolves without choices", s.SkillLabel(p.Source, sk))
		e.depth++
		e.resolve(gamestate.Ctx{Side: p.Side, Src: p.Source, MarkerPaid: p.Marker}, sk, &choiceQueue{lapse: true})
		e.depth--
	}
	if len(s.Pending) == 0 {
		s.Pending = nil
	}
}

// resolve applies a skill's effects in order. With q.lapse no choice is
// made; otherwise the choices come from q and one that does not fit is a
// violation (the caller restores the state).
func (e *applier) resolve(c gamestate.Ctx, sk *skill.Skill, q *choiceQueue) *Violation {
	var chosen []CardID
	for i := range sk.Effects {
		ef := &sk.Effects[i]
		c.That, c.ThatSet, c.Gone = NoCard, true, e.s.OutOfPlay(chosen)
		if len(chosen) > 0 {
			c.That = chosen[0]
		}
		if e.cannotTell(c, sk, ef) {
			continue
		}
		if len(ef.If) > 0 && !e.s.Holds(c, ef.If) {
			continue
		}
		got, v := e.effect(c, sk, ef, q, chosen)
		if v != nil {
			return v
		}
		if len(got) > 0 {
			chosen = got
		}
		if e.s.Result.Over {
			break
		}
	}
	return nil
}

// count is how many an "up to N" effect takes: N (or what there is) unless
// the log says "none", or exactly N.
func (e *applier) count(ef *skill.Effect, q *choiceQueue, avail int) int {
	n := min(ef.N, avail)
	if ef.Target.UpTo {
		if r, ok := q.peek(); ok && strings.EqualFold(r, "none") {
			q.pop()
			return 0
		}
	}
	return max(0, n)
}

// targets is the cards an effect on cards in play works on: fixed ones
// (this card, your Leader, all that fit) or the ones the log chose.
func (e *applier) targets(x *call) ([]CardID, *Violation) {
	s := e.s
	c, t := x.c, &x.ef.Target
	switch t.Who {
	case skill.ThisCard:
		if _, _, _, _, ok := s.Where(c.Src); ok {
			return []CardID{c.Src}, nil
		}
		return nil, nil
	case skill.YourLeader:
		return []CardID{s.Players[c.Side].Leader.ID}, nil
	case skill.ThisAndLeader:
		out := []CardID{s.Players[c.Side].Leader.ID}
		if _, _, _, _, ok := s.Where(c.Src); ok && c.Src != out[0] {
			out = append(out, c.Src)
		}
		return out, nil
	case skill.ThatCard:
		var out []CardID
		for _, id := range x.chosen {
			if _, _, _, _, ok := s.Where(id); ok {
				out = append(out, id)
			}
		}
		return out, nil
	case skill.InBattleYours:
		var out []CardID
		if s.Battle.Step != NoBattle {
			for _, id := range []CardID{s.Battle.Attacker, s.Battle.Target} {
				if s.Owner(id) == c.Side && s.Covers(c.Side, c.Src, t, id) {
					out = append(out, id)
				}
			}
		}
		return out, nil
	}
	if t.All {
		var out []CardID
		for i := range s.Players {
			p := &s.Players[i]
			// "Your opponent's Leader gets -5000 power" (issue 29).
			if t.Filter.Type == "Leader" && s.Covers(c.Side, c.Src, t, p.Leader.ID) {
				out = append(out, p.Leader.ID)
			}
			for _, b := range p.Battle {
				if s.Covers(c.Side, c.Src, t, b.ID) {
					out = append(out, b.ID)
				}
			}
		}
		return out, nil
	}
	return e.choose(x, t, func(ref string) (CardID, bool) { return e.s.InPlayRef(c, t, ref) })
}

// choose takes the log's choices for target t: up to N (or exactly N)
// references that resolve and fit, stopping at "none" or at one that does
// not fit (it may be the next choice's).
func (e *applier) choose(x *call, t *skill.Target, resolve func(string) (CardID, bool)) ([]CardID, *Violation) {
	c, q := x.c, x.q
	var out []CardID
	limit := max(t.N, 1)
	for len(out) < limit {
		ref, ok := q.peek()
		if !ok {
			break
		}
		if strings.EqualFold(ref, "none") {
			q.pop()
			break
		}
		id, found := resolve(ref)
		if !found || !e.s.FitsTarget(c, t, id) && !e.s.FitsZone(c, t, id) || containsID(out, id) {
			if q.miss == "" {
				q.miss, q.missWhat = ref, skill.TargetPhrase(*t)
			}
			break
		}
		out = append(out, id)
		q.pop()
	}
	if !t.UpTo && !t.All && len(out) < t.N && !q.lapse {
		return nil, violationMsg("Card skills", msgNeedsChoice, x.label, skill.TargetPhrase(*t))
	}
	if v := e.withinTotals(x, t, out); v != nil {
		return nil, v
	}
	if t.Each && !e.s.OneOfEach(c, t, out) {
		return nil, violationMsg("Card skills", msgOneOfEach, x.label, skill.TargetPhrase(*t))
	}
	return out, nil
}

var msgOverTotal = msg("EngineChosenCardsAddUpToMore", "%s: the cards chosen add up to %d, more than the %d the skill allows")

// withinTotals checks the combined power ("that add up to a total power of
// 35000 or less", FB01-033) or cost ("with a total cost of 5 or less",
// FB06-046) of the cards chosen.
func (e *applier) withinTotals(x *call, t *skill.Target, ids []CardID) *Violation {
	power, cost := 0, 0
	for _, id := range ids {
		if p, ok := e.s.Power(id); ok {
			power += p
		}
		if c, ok := e.s.Card(id); ok && c.Cost != nil {
			cost += *c.Cost + e.s.CostChange(id)
		}
	}
	switch {
	case t.Filter.Total > 0 && power > t.Filter.Total:
		return violationMsg("Card skills", msgOverTotal, x.label, power, t.Filter.Total)
	case t.Filter.TotalCost > 0 && cost > t.Filter.TotalCost:
		return violationMsg("Card skills", msgOverTotal, x.label, cost, t.Filter.TotalCost)
	}
	return nil
}

func containsID(l []CardID, id CardID) bool {
	for _, x := range l {
		if x == id {
			return true
		}
	}
	return false
}

// flatIndex is the position of effect ef among a skill's effects and their
// options, in order; -1 if it is not one of them.
func flatIndex(sk *skill.Skill, ef *skill.Effect) int {
	i := 0
	var walk func(es []skill.Effect) int
	walk = func(es []skill.Effect) int {
		for k := range es {
			if &es[k] == ef {
				return i
			}
			i++
			for _, o := range es[k].Options {
				if r := walk(o); r >= 0 {
					return r
				}
			}
		}
		return -1
	}
	return walk(sk.Effects)
}

// flatEffect is the effect at flatIndex i.
func flatEffect(sk *skill.Skill, i int) *skill.Effect {
	n := 0
	var walk func(es []skill.Effect) *skill.Effect
	walk = func(es []skill.Effect) *skill.Effect {
		for k := range es {
			if n == i {
				return &es[k]
			}
			n++
			for _, o := range es[k].Options {
				if r := walk(o); r != nil {
					return r
				}
			}
		}
		return nil
	}
	return walk(sk.Effects)
}

// discount applies the first waiting "next time you use" cost change that
// fits card id, and forgets it: the cost and coloured orbs to pay.
func (e *applier) discount(pl Side, id CardID, cost int, spec string) (int, string) {
	s := e.s
	p := &s.Players[pl]
	for i, d := range p.Discounts {
		sks, _, ok := s.SkillsOfSide(d.Source, d.Back)
		if !ok || d.Skill >= len(sks) {
			continue
		}
		sk := &sks[d.Skill]
		ef := flatEffect(sk, d.Effect)
		if ef == nil || !e.s.FitsZone(gamestate.Ctx{Side: pl, Src: d.Source}, &ef.Target, id) {
			continue
		}
		p.Discounts = append(p.Discounts[:i:i], p.Discounts[i+1:]...)
		label := s.SkillLabel(d.Source, sk)
		switch {
		case ef.Detail == "free":
			e.skillEvent(sk, "%s: %s is used without paying its cost", label, s.Name(id))
			return 0, ""
		case len(ef.Detail) == 1:
			// "reduce the cost by (Red)": one orb of that colour less.
			if j := strings.Index(spec, ef.Detail); j >= 0 {
				spec = spec[:j] + spec[j+1:]
			}
		}
		n := max(0, cost+ef.Amount)
		e.skillEvent(sk, "%s: %s costs %d less (%d)", label, s.Name(id), cost-n, n)
		return n, spec
	}
	return cost, spec
}
