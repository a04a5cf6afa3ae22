package engine

import (
	"strings"

	"github.com/tenkaichi-org/tenkaichi/rules/keyword"
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

// skillLabel names a skill in events: "FS01-03 [On Play]".
func (s *State) skillLabel(src CardID, sk *skill.Skill) string {
	t := sk.Timing.String()
	if t == "" {
		return s.Name(src)
	}
	return s.Name(src) + " " + t
}

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
	if s.flagsOf(src)&flagTriggers == 0 {
		return
	}
	sks, back, ok := s.skillsOf(src)
	if !ok {
		return
	}
	for i := range sks {
		sk := &sks[i]
		if !sk.Timing.Has(t) || (t == skill.Auto && sk.Trigger != trig && sk.Understood) {
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
		if !s.turnOK(side, sk) {
			continue
		}
		if sk.OncePerTurn && s.usedThisTurn(src, i, back) {
			continue
		}
		c := ctx{side: side, src: src, markerPaid: e.markerFor == src && e.markerPaid}
		if !s.holds(c, sk.If) {
			continue
		}
		if s.nothingToDo(c, sk) {
			e.skillEvent(sk, "%s: its condition is not met, so it does nothing", s.skillLabel(src, sk))
			continue
		}
		if needsChoices(sk) {
			s.Pending = append(s.Pending, Pending{Side: side, Source: src, Skill: i, Back: back, Marker: c.markerPaid})
			e.skillEvent(sk, "%s waits for %s's choices (%s use %s -> …); anything else resolves it without them", s.skillLabel(src, sk), side, side, s.Name(src))
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

// nothingToDo reports whether a skill without a cost has only effects whose
// conditions do not hold now ("If your Leader is an «Android»-only card,
// ..."): it then waits for no choice.
func (s *State) nothingToDo(c ctx, sk *skill.Skill) bool {
	if sk.Cost.Energy > 0 || len(sk.Cost.Parts) > 0 || len(sk.Effects) == 0 {
		return false
	}
	for i := range sk.Effects {
		if len(sk.Effects[i].If) == 0 || s.holds(c, sk.Effects[i].If) {
			return false
		}
	}
	return true
}

// unread flags a skill the engine cannot read: its effects are the log's
// declared lines, as for every skill before the engine read cards.
func (e *applier) unread(src CardID, sk *skill.Skill) {
	e.events = append(e.events, Event{Rule: "Card skills", Declared: true, Unread: true,
		Format: "%s: the engine does not read this skill (%q); its effects are declared in the log, not checked",
		Args:   []any{e.s.skillLabel(src, sk), sk.Text}})
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
		sks, _, ok := s.skillsOfSide(p.Source, p.Back)
		if !ok || p.Skill >= len(sks) {
			continue
		}
		sk := &sks[p.Skill]
		if sk.Cost.Energy > 0 || len(sk.Cost.Parts) > 0 {
			e.skillEvent(sk, "%s is not used: its cost was not paid", s.skillLabel(p.Source, sk))
			continue
		}
		if sk.OncePerTurn {
			s.Used = append(s.Used, UsedSkill{Source: p.Source, Skill: p.Skill, Back: p.Back})
		}
		e.skillEvent(sk, "%s resolves without choices", s.skillLabel(p.Source, sk))
		e.depth++
		e.resolve(ctx{side: p.Side, src: p.Source, markerPaid: p.Marker}, sk, &choiceQueue{lapse: true})
		e.depth--
	}
	if len(s.Pending) == 0 {
		s.Pending = nil
	}
}

// skillsOfSide is skillsOf for a given side of the card (a Pending keeps
// the side that was showing when it triggered).
func (s *State) skillsOfSide(id CardID, back bool) ([]skill.Skill, bool, bool) {
	if s.declared {
		return nil, false, false
	}
	e, known := s.entry(id)
	if !known || !e.described {
		return nil, false, false
	}
	if back {
		return e.skills.Back, true, true
	}
	return e.skills.Front, false, true
}

func (s *State) usedThisTurn(src CardID, i int, back bool) bool {
	for _, u := range s.Used {
		if u.Source == src && u.Skill == i && u.Back == back {
			return true
		}
	}
	return false
}

// resolve applies a skill's effects in order. With q.lapse no choice is
// made; otherwise the choices come from q and one that does not fit is a
// violation (the caller restores the state).
func (e *applier) resolve(c ctx, sk *skill.Skill, q *choiceQueue) *Violation {
	var chosen []CardID
	for i := range sk.Effects {
		ef := &sk.Effects[i]
		if len(ef.If) > 0 && !e.s.holds(c, ef.If) {
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

// effect applies one effect; chosen are the cards an earlier effect chose
// ("that card"). It returns the cards this effect chose or moved.
func (e *applier) effect(c ctx, sk *skill.Skill, ef *skill.Effect, q *choiceQueue, chosen []CardID) ([]CardID, *Violation) {
	s := e.s
	p := &s.Players[c.side]
	label := s.skillLabel(c.src, sk)
	switch ef.Kind {
	case skill.Draw:
		n := min(ef.N, len(p.Deck))
		ids := append([]CardID(nil), p.Deck[:n]...)
		e.drawN(c.side, n)
		if n == 1 {
			e.skillEvent(sk, "%s: %s draws 1 card (%s)", label, c.side, s.Name(ids[0]))
		} else {
			e.skillEvent(sk, "%s: %s draws %d cards", label, c.side, n)
		}
		return ids, nil
	case skill.Power:
		ids, v := e.targets(c, sk, ef, q, chosen)
		if v != nil {
			return nil, v
		}
		for _, id := range ids {
			e.addPower(c, id, ef.Amount, ef.For)
			e.skillEvent(sk, forDuration(powerFormats, ef.For), label, e.inPlayLabel(id), ef.Amount)
		}
		return ids, nil
	case skill.ComboPower:
		p.ComboBonus += ef.Amount
		e.skillEvent(sk, "%s: %s gets %+d combo power", label, s.Name(c.src), ef.Amount)
		return nil, nil
	case skill.Gain, skill.CantAttack, skill.CantActivate:
		ids, v := e.targets(c, sk, ef, q, chosen)
		if v != nil {
			return nil, v
		}
		bit := keywordBits[ef.Keyword]
		switch ef.Kind {
		case skill.CantAttack:
			bit = kwNoAttack
		case skill.CantActivate:
			bit = kwNoReady
		}
		for _, id := range ids {
			if bit == 0 || ef.For == skill.WhileHolds || ef.Detail != "" || ef.Kind == skill.CantActivate && ef.For != skill.UntilNextTurn {
				e.notApplied(label, ef)
				break
			}
			e.gain(c, id, bit, ef.For)
			switch ef.Kind {
			case skill.CantAttack:
				e.skillEvent(sk, forDuration(cantAttackFormats, ef.For), label, e.inPlayLabel(id))
			case skill.CantActivate:
				e.skillEvent(sk, "%s: %s can't switch to Active Mode during its player's next turn", label, e.inPlayLabel(id))
			default:
				e.skillEvent(sk, forDuration(gainFormats, ef.For), label, e.inPlayLabel(id), ef.Keyword)
			}
		}
		return ids, nil
	case skill.KO, skill.Rest, skill.Activate, skill.ToHand, skill.ToDeckBottom, skill.ToDeckTop, skill.ToDrop, skill.ToEnergy:
		if ef.Kind == skill.ToDeckTop && ef.Place != "" {
			break // "top or bottom": the player's choice of end, not read
		}
		if ef.Target.Who == skill.CardsInHand || ef.From == skill.Hand || ef.From == skill.Drop {
			return e.moveFromZone(c, sk, ef, q)
		}
		ids, v := e.targets(c, sk, ef, q, chosen)
		if v != nil {
			return nil, v
		}
		for _, id := range ids {
			e.inPlayEffect(c, sk, ef, id)
		}
		return ids, nil
	case skill.Play, skill.AddToHand:
		if ef.Kind == skill.Play && ef.From != skill.Hand && ef.From != skill.Drop || ef.Kind == skill.AddToHand && ef.From != skill.Drop {
			break // from the deck, the energy, the Battle Area: not applied
		}
		return e.moveFromZone(c, sk, ef, q)
	case skill.Discard:
		return e.moveFromZone(c, sk, ef, q)
	case skill.Search:
		return e.search(c, sk, ef, q)
	case skill.LifeToHand, skill.LifeToDrop, skill.LifeToEnergy:
		n := e.count(ef, q, len(p.Life))
		for range n {
			top := p.Life[0]
			p.Life = p.Life[1:]
			switch ef.Kind {
			case skill.LifeToHand:
				p.Hand = append(p.Hand, top)
			case skill.LifeToDrop:
				p.Drop = append(p.Drop, top)
			default:
				p.Energy = append(p.Energy, EnergyCard{ID: top, Rest: ef.Rest})
			}
		}
		if n > 0 {
			switch ef.Kind {
			case skill.LifeToHand:
				e.skillEvent(sk, "%s: %s adds %d card(s) from their life to their hand (not damage)", label, c.side, n)
			case skill.LifeToDrop:
				e.skillEvent(sk, "%s: %s places %d card(s) from their life in the Drop", label, c.side, n)
			default:
				e.skillEvent(sk, "%s: %s adds %d card(s) from their life to their energy", label, c.side, n)
			}
		} else {
			e.skillEvent(sk, "%s: %s takes no life card", label, c.side)
		}
		return nil, nil
	case skill.AddLife, skill.Charge, skill.Mill:
		n := min(ef.N, len(p.Deck))
		ids := append([]CardID(nil), p.Deck[:n]...)
		p.Deck = p.Deck[n:]
		switch ef.Kind {
		case skill.AddLife:
			p.Life = append(ids, p.Life...)
			e.skillEvent(sk, "%s: %s adds the top %d card(s) of their deck to their life", label, c.side, n)
		case skill.Charge:
			for _, id := range ids {
				p.Energy = append(p.Energy, EnergyCard{ID: id, Rest: ef.Rest})
			}
			e.skillEvent(sk, "%s: %s adds the top %d card(s) of their deck to their energy", label, c.side, n)
		default:
			p.Drop = append(p.Drop, ids...)
			e.skillEvent(sk, "%s: %s places the top %d card(s) of their deck in the Drop", label, c.side, n)
		}
		return ids, nil
	case skill.EnergyActive, skill.EnergyRest:
		want := ef.Kind == skill.EnergyRest
		avail := 0
		for _, en := range p.Energy {
			if en.Rest != want {
				avail++
			}
		}
		n := e.count(ef, q, avail)
		if ef.Kind == skill.EnergyRest && n < ef.N && !q.lapse {
			return nil, violation("CR 5-3-1", "%s: %s has only %d Active energy to switch to Rest Mode", label, c.side, avail)
		}
		done := 0
		for i := range p.Energy {
			if done < n && p.Energy[i].Rest != want {
				p.Energy[i].Rest = want
				done++
			}
		}
		if want {
			e.skillEvent(sk, "%s: %s switches %d energy to Rest Mode", label, c.side, done)
		} else {
			e.skillEvent(sk, "%s: %s switches %d energy to Active Mode", label, c.side, done)
		}
		return nil, nil
	case skill.EnergyToDrop:
		n := min(ef.N, len(p.Energy))
		if n < ef.N && !q.lapse {
			return nil, violation("Card skills", "%s: %s has only %d energy to place in the Drop", label, c.side, len(p.Energy))
		}
		for range n {
			// Rested energy first: it has paid already.
			i := len(p.Energy) - 1
			for j := range p.Energy {
				if p.Energy[j].Rest {
					i = j
					break
				}
			}
			p.Drop = append(p.Drop, p.Energy[i].ID)
			p.Energy = removeAt(p.Energy, i)
		}
		e.skillEvent(sk, "%s: %s places %d energy in the Drop", label, c.side, n)
		return nil, nil
	case skill.PlaceMarker:
		p.Markers += ef.N
		e.skillEvent(sk, "%s: %s places %d energy marker(s)", label, c.side, ef.N)
		return nil, nil
	case skill.RemoveMarker:
		if p.Markers < ef.N {
			return nil, violation("CR 5-3-1", "%s: %s has %d energy marker(s), not %d", label, c.side, p.Markers, ef.N)
		}
		p.Markers -= ef.N
		p.Removed += ef.N
		e.skillEvent(sk, "%s: %s removes %d energy marker(s)", label, c.side, ef.N)
		return nil, nil
	case skill.Damage:
		side := c.side.Other()
		if ef.Target.Who == skill.YourLeader {
			side = c.side
		}
		e.damage(side, ef.N, false, nil)
		e.skillEvent(sk, "%s: %s takes %d damage", label, side, ef.N)
		return nil, nil
	case skill.OpponentDiscards:
		return e.opponentDiscards(c, sk, ef, q)
	case skill.NextCost:
		if sks, back, ok := s.skillsOf(c.src); ok {
			for k := range sks {
				if &sks[k] == sk {
					if i := flatIndex(sk, ef); i >= 0 {
						p.Discounts = append(p.Discounts, Discount{Source: c.src, Skill: k, Back: back, Effect: i})
						e.skillEvent(sk, "%s: the next card %s uses this turn that fits costs less", label, c.side)
						return nil, nil
					}
				}
			}
		}
		e.notApplied(label, ef)
		return nil, nil
	case skill.Flip:
		// The awaken action flips the Leader; a skill that flips it otherwise
		// is the players' word.
		return nil, nil
	}
	e.notApplied(label, ef)
	return nil, nil
}

// notApplied flags an effect the engine reads but does not carry out.
func (e *applier) notApplied(label string, ef *skill.Effect) {
	e.events = append(e.events, Event{Rule: "Card skills", Declared: true, Unread: true,
		Format: "%s: the engine reads this effect (%s) but does not apply it; declare it in the log if it matters",
		Args:   []any{label, ef.Kind}})
}

// powerFormats, cantAttackFormats and gainFormats say what a skill does for
// how long, one whole sentence per duration (a page translates each).
var powerFormats = map[skill.Duration]string{
	skill.ForBattle:     "%s: %s gets %+d power for the battle",
	skill.ForTurn:       "%s: %s gets %+d power for the turn",
	skill.UntilNextTurn: "%s: %s gets %+d power until the end of the opponent's next turn",
	skill.Instant:       "%s: %s gets %+d power",
}

var cantAttackFormats = map[skill.Duration]string{
	skill.ForBattle:     "%s: %s can't attack for the battle",
	skill.ForTurn:       "%s: %s can't attack for the turn",
	skill.UntilNextTurn: "%s: %s can't attack during the opponent's next turn",
	skill.Instant:       "%s: %s can't attack",
}

// forDuration is the sentence of a duration; a change with no end of its own
// (Instant, WhileHolds) is said without one.
func forDuration(formats map[skill.Duration]string, d skill.Duration) string {
	if f, ok := formats[d]; ok {
		return f
	}
	return formats[skill.Instant]
}

var gainFormats = map[skill.Duration]string{
	skill.ForBattle:     "%s: %s gains [%s] for the battle",
	skill.ForTurn:       "%s: %s gains [%s] for the turn",
	skill.UntilNextTurn: "%s: %s gains [%s] during the opponent's next turn",
	skill.Instant:       "%s: %s gains [%s]",
}

// inPlayLabel names a Leader or Battle Card in play as the notation does
// ("P2:FS02-05#2", "P1:leader").
func (e *applier) inPlayLabel(id CardID) string {
	side, leader, field, idx, ok := e.s.where(id)
	switch {
	case !ok:
		return e.s.Name(id)
	case leader:
		return side.String() + ":leader"
	case field:
		return side.String() + ":" + e.s.Name(id)
	}
	return side.String() + ":" + e.s.copyName(side, idx)
}

// addPower adds a power change to a Leader or Battle Card in play.
func (e *applier) addPower(c ctx, id CardID, n int, d skill.Duration) {
	s := e.s
	side, leader, _, idx, ok := s.where(id)
	if !ok {
		return
	}
	m := &s.Players[side].Leader.Mods
	if !leader {
		m = &s.Players[side].Battle[idx].Mods
	}
	switch d {
	case skill.ForBattle:
		if s.Battle.Step != NoBattle {
			m.Battle += n
		}
	case skill.UntilNextTurn:
		// Until the end of the next turn of the opponent of the skill's
		// player: the next turn if it is the player's own now.
		end := s.Turn + 1
		if s.TurnPlayer != c.side {
			end = s.Turn + 2
		}
		m.Until += n
		m.UntilTurn = max(m.UntilTurn, end)
	case skill.WhileHolds:
		m.Lasting += n
	default:
		m.Turn += n
	}
}

func (e *applier) gain(c ctx, id CardID, bit uint16, d skill.Duration) {
	s := e.s
	side, leader, _, idx, ok := s.where(id)
	if !ok {
		return
	}
	g := &s.Players[side].Leader.Gained
	if !leader {
		g = &s.Players[side].Battle[idx].Gained
	}
	switch {
	case d == skill.UntilNextTurn:
		// During the next turn of the skill player's opponent.
		end := s.Turn + 1
		if s.TurnPlayer != c.side {
			end = s.Turn + 2
		}
		g.Until |= bit
		g.UntilTurn = max(g.UntilTurn, end)
	case d == skill.ForBattle && s.Battle.Step != NoBattle:
		g.Battle |= bit
	default:
		g.Turn |= bit
	}
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
func (e *applier) targets(c ctx, sk *skill.Skill, ef *skill.Effect, q *choiceQueue, chosen []CardID) ([]CardID, *Violation) {
	s := e.s
	t := &ef.Target
	switch t.Who {
	case skill.ThisCard:
		if _, _, _, _, ok := s.where(c.src); ok {
			return []CardID{c.src}, nil
		}
		return nil, nil
	case skill.YourLeader:
		return []CardID{s.Players[c.side].Leader.ID}, nil
	case skill.ThisAndLeader:
		out := []CardID{s.Players[c.side].Leader.ID}
		if _, _, _, _, ok := s.where(c.src); ok && c.src != out[0] {
			out = append(out, c.src)
		}
		return out, nil
	case skill.ThatCard:
		var out []CardID
		for _, id := range chosen {
			if _, _, _, _, ok := s.where(id); ok {
				out = append(out, id)
			}
		}
		return out, nil
	case skill.InBattleYours:
		var out []CardID
		if s.Battle.Step != NoBattle {
			for _, id := range []CardID{s.Battle.Attacker, s.Battle.Target} {
				if s.owner(id) == c.side && s.covers(c.side, c.src, t, id) {
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
			for _, b := range p.Battle {
				if s.covers(c.side, c.src, t, b.ID) {
					out = append(out, b.ID)
				}
			}
		}
		return out, nil
	}
	return e.choose(c, sk, t, q, func(ref string) (CardID, bool) { return e.inPlayRef(c, t, ref) })
}

// inPlayRef resolves a choice naming a card in play, for target t of side's
// skill: unprefixed, an opponent's target means the opponent's card.
func (e *applier) inPlayRef(c ctx, t *skill.Target, ref string) (CardID, bool) {
	r, err := ParseRef(ref)
	if err != nil {
		return NoCard, false
	}
	sides := []Side{c.side, c.side.Other()}
	if t.Who == skill.Opponents {
		sides = []Side{c.side.Other()}
	}
	if t.Who == skill.Yours || t.Who == skill.LeaderOrYours {
		sides = []Side{c.side}
	}
	if r.Owner != NoSide {
		sides = []Side{r.Owner}
	}
	for _, side := range sides {
		p := &e.s.Players[side]
		if r.Leader {
			return p.Leader.ID, true
		}
		if r.Number == "" {
			continue
		}
		if i, ok := e.s.findCopy(side, r); ok {
			return p.Battle[i].ID, true
		}
		if p.Field != NoCard && e.s.Cards[p.Field].Number == r.Number {
			return p.Field, true
		}
	}
	return NoCard, false
}

// fitsTarget reports whether a chosen card in play is one target t allows.
func (e *applier) fitsTarget(c ctx, t *skill.Target, id CardID) bool {
	s := e.s
	side, leader, field, _, ok := s.where(id)
	if !ok {
		return false
	}
	switch t.Who {
	case skill.LeaderOrYours:
		if side != c.side {
			return false
		}
		if leader {
			return true
		}
	case skill.Yours:
		if side != c.side {
			return false
		}
	case skill.Opponents:
		if side == c.side {
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
	if s.fits(id, &t.Filter, c.src) {
		return true
	}
	for i := range t.Alts {
		if s.fits(id, &t.Alts[i], c.src) {
			return true
		}
	}
	return false
}

// choose takes the log's choices for target t: up to N (or exactly N)
// references that resolve and fit, stopping at "none" or at one that does
// not fit (it may be the next choice's).
func (e *applier) choose(c ctx, sk *skill.Skill, t *skill.Target, q *choiceQueue, resolve func(string) (CardID, bool)) ([]CardID, *Violation) {
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
		if !found || !e.fitsTarget(c, t, id) && !e.fitsZone(c, t, id) || containsID(out, id) {
			if q.miss == "" {
				q.miss, q.missWhat = ref, skill.TargetPhrase(*t)
			}
			break
		}
		out = append(out, id)
		q.pop()
	}
	if !t.UpTo && !t.All && len(out) < t.N && !q.lapse {
		return nil, violation("Card skills", "%s needs %s: name the card(s) after -> in the use line", e.s.skillLabel(c.src, sk), skill.TargetPhrase(*t))
	}
	return out, nil
}

// fitsZone reports whether a card outside play (hand, Drop, deck) is what
// target t allows.
func (e *applier) fitsZone(c ctx, t *skill.Target, id CardID) bool {
	if _, _, _, _, inPlay := e.s.where(id); inPlay {
		return false
	}
	if e.s.fits(id, &t.Filter, c.src) {
		return true
	}
	for i := range t.Alts {
		if e.s.fits(id, &t.Alts[i], c.src) {
			return true
		}
	}
	return false
}

func containsID(l []CardID, id CardID) bool {
	for _, x := range l {
		if x == id {
			return true
		}
	}
	return false
}

// inPlayEffect applies an effect that works on a card in play.
func (e *applier) inPlayEffect(c ctx, sk *skill.Skill, ef *skill.Effect, id CardID) {
	s := e.s
	label := s.skillLabel(c.src, sk)
	side, leader, field, idx, ok := s.where(id)
	if !ok {
		return
	}
	name := e.inPlayLabel(id)
	p := &s.Players[side]
	switch ef.Kind {
	case skill.Rest, skill.Activate:
		rest := ef.Kind == skill.Rest
		switch {
		case leader:
			p.Leader.Rest = rest
		case field:
			p.FieldRest = rest
		default:
			p.Battle[idx].Rest = rest
		}
		if rest {
			e.skillEvent(sk, "%s: %s switches to Rest Mode", label, name)
		} else {
			e.skillEvent(sk, "%s: %s switches to Active Mode", label, name)
		}
		return
	}
	if leader {
		e.skillEvent(sk, "%s: a Leader never leaves the Leader Area; nothing happens to it", label)
		return
	}
	var dest *[]CardID
	format := "" // what happens to the card, one sentence each
	switch ef.Kind {
	case skill.KO:
		if field {
			return
		}
		dest, format = &p.Drop, "%s: %s is KO'd"
	case skill.ToDrop:
		dest, format = &p.Drop, "%s: %s goes to the Drop (not a KO)"
	case skill.ToHand:
		dest, format = &p.Hand, "%s: %s returns to its owner's hand"
	case skill.ToDeckBottom:
		dest, format = &p.Deck, "%s: %s goes to the bottom of its owner's deck"
	case skill.ToDeckTop:
		format = "%s: %s goes on top of its owner's deck"
	case skill.ToEnergy:
		format = "%s: %s goes to its owner's energy"
	}
	e.leaveBattleArea(side, id, field, idx)
	switch ef.Kind {
	case skill.ToDeckTop:
		p.Deck = append([]CardID{id}, p.Deck...)
	case skill.ToEnergy:
		p.Energy = append(p.Energy, EnergyCard{ID: id, Rest: ef.Rest})
	default:
		*dest = append(*dest, id)
	}
	e.skillEvent(sk, format, label, name)
	if ef.Kind == skill.KO {
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
		e.auto("Battle end", "%s has left the Battle Area, so the battle ends", s.Name(id))
		e.endBattle()
	}
}

// moveFromZone plays, adds or discards cards the log chose from the hand or
// the Drop (Play, AddToHand, Discard, ToEnergy or ToDeck from hand).
func (e *applier) moveFromZone(c ctx, sk *skill.Skill, ef *skill.Effect, q *choiceQueue) ([]CardID, *Violation) {
	s := e.s
	p := &s.Players[c.side]
	label := s.skillLabel(c.src, sk)
	from := ef.From
	if ef.Kind == skill.Discard || ef.Target.Who == skill.CardsInHand {
		from = skill.Hand
	}
	if from == skill.NoZone {
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
			if id == c.src {
				*zone = removeAt(*zone, i)
				e.placeFromZone(c, sk, ef, id, label)
				return []CardID{id}, nil
			}
		}
		return nil, nil
	}
	if t.N == 0 {
		t.N = 1
	}
	ids, v := e.choose(c, sk, &t, q, func(ref string) (CardID, bool) {
		r, err := ParseRef(ref)
		if err != nil || r.Owner != NoSide && r.Owner != c.side || r.Leader {
			return NoCard, false
		}
		if from == skill.Hand {
			i, v := e.fromHand(c.side, ref)
			if v != nil {
				return NoCard, false
			}
			return p.Hand[i], true
		}
		i, ok := e.pick(len(*zone), func(i int) CardID { return (*zone)[i] }, r)
		if !ok || r.Number != "" && s.Cards[(*zone)[i]].Number != r.Number {
			return NoCard, false
		}
		return (*zone)[i], true
	})
	if v != nil {
		return nil, v
	}
	for _, id := range ids {
		for i, x := range *zone {
			if x == id {
				*zone = removeAt(*zone, i)
				break
			}
		}
		e.placeFromZone(c, sk, ef, id, label)
	}
	if len(ids) == 0 && (ef.Kind == skill.Discard || ef.Kind == skill.Play || ef.Kind == skill.AddToHand) && !t.UpTo && q.lapse {
		e.notApplied(label, ef)
	}
	return ids, nil
}

// placeFromZone puts a card taken from the hand or Drop where the effect says.
func (e *applier) placeFromZone(c ctx, sk *skill.Skill, ef *skill.Effect, id CardID, label string) {
	s := e.s
	p := &s.Players[c.side]
	switch ef.Kind {
	case skill.Play:
		if cd, ok := s.card(id); ok && cd.Type == "Extra" && hasOwnKeyword(cd, keyword.Field) {
			if p.Field != NoCard {
				p.Drop = append(p.Drop, p.Field)
			}
			p.Field, p.FieldRest = id, ef.Rest
			e.skillEvent(sk, "%s: %s plays the [Field] %s", label, c.side, s.Name(id))
			return
		}
		p.Battle = append(p.Battle, BattleCard{ID: id, Rest: ef.Rest, Copy: s.nextCopy(c.side, s.Cards[id].Number)})
		if ef.Rest {
			e.skillEvent(sk, "%s: %s plays %s in Rest Mode (no cost)", label, c.side, s.Name(id))
		} else {
			e.skillEvent(sk, "%s: %s plays %s (no cost)", label, c.side, s.Name(id))
		}
		e.depth++
		e.trigger(c.side, id, skill.OnPlay, skill.TriggerNone)
		e.depth--
	case skill.AddToHand:
		p.Hand = append(p.Hand, id)
		e.skillEvent(sk, "%s: %s adds %s to their hand", label, c.side, s.Name(id))
	case skill.Discard:
		p.Drop = append(p.Drop, id)
		e.skillEvent(sk, "%s: %s discards %s", label, c.side, s.Name(id))
	case skill.ToEnergy:
		p.Energy = append(p.Energy, EnergyCard{ID: id, Rest: ef.Rest})
		e.skillEvent(sk, "%s: %s adds %s to their energy", label, c.side, s.Name(id))
	case skill.ToDeckTop:
		p.Deck = append([]CardID{id}, p.Deck...)
		e.skillEvent(sk, "%s: %s places %s on top of their deck", label, c.side, s.Name(id))
	case skill.ToDeckBottom:
		p.Deck = append(p.Deck, id)
		e.skillEvent(sk, "%s: %s places %s at the bottom of their deck", label, c.side, s.Name(id))
	default:
		p.Drop = append(p.Drop, id)
	}
}

// search looks at the top N cards of the deck; the log names the card(s)
// revealed and added to the hand, and the rest go to the top or bottom.
func (e *applier) search(c ctx, sk *skill.Skill, ef *skill.Effect, q *choiceQueue) ([]CardID, *Violation) {
	s := e.s
	p := &s.Players[c.side]
	label := s.skillLabel(c.src, sk)
	n := min(ef.N, len(p.Deck))
	top := append([]CardID(nil), p.Deck[:n]...)
	t := ef.Target
	ids, v := e.choose(c, sk, &t, q, func(ref string) (CardID, bool) {
		r, err := ParseRef(ref)
		if err != nil || r.Owner != NoSide && r.Owner != c.side || r.Leader || r.Number == "" {
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
	})
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
	if ef.Place == "bottom" {
		shuffle(s.rng(7), rest)
		if s.paper(c.side) {
			for _, id := range rest {
				s.setNumber(id, "")
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
	bottom := ef.Place == "bottom"
	switch {
	case len(ids) == 0 && bottom:
		e.skillEvent(sk, "%s: %s looks at %d card(s) and adds none to their hand; the rest go to the bottom of the deck", label, c.side, n)
	case len(ids) == 0:
		e.skillEvent(sk, "%s: %s looks at %d card(s) and adds none to their hand; the rest go to the top of the deck", label, c.side, n)
	case bottom:
		e.skillEvent(sk, "%s: %s looks at %d card(s) and adds %s to their hand; the rest go to the bottom of the deck", label, c.side, n, strings.Join(names, ", "))
	default:
		e.skillEvent(sk, "%s: %s looks at %d card(s) and adds %s to their hand; the rest go to the top of the deck", label, c.side, n, strings.Join(names, ", "))
	}
	return ids, nil
}

// opponentDiscards discards the opponent's cards the log names.
func (e *applier) opponentDiscards(c ctx, sk *skill.Skill, ef *skill.Effect, q *choiceQueue) ([]CardID, *Violation) {
	s := e.s
	opp := c.side.Other()
	o := &s.Players[opp]
	label := s.skillLabel(c.src, sk)
	var ids []CardID
	for len(ids) < ef.N && len(o.Hand) > 0 {
		ref, ok := q.peek()
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
		q.pop()
	}
	if len(ids) < ef.N && len(o.Hand) > 0 {
		if !q.lapse {
			return nil, violation("Card skills", "%s: name the card(s) %s discards after -> (for example %s:?)", label, opp, opp)
		}
		e.notApplied(label, ef)
	}
	for _, id := range ids {
		e.skillEvent(sk, "%s: %s discards %s", label, opp, s.Name(id))
	}
	return ids, nil
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
		sks, _, ok := s.skillsOfSide(d.Source, d.Back)
		if !ok || d.Skill >= len(sks) {
			continue
		}
		sk := &sks[d.Skill]
		ef := flatEffect(sk, d.Effect)
		if ef == nil || !e.fitsZone(ctx{side: pl, src: d.Source}, &ef.Target, id) {
			continue
		}
		p.Discounts = append(p.Discounts[:i:i], p.Discounts[i+1:]...)
		label := s.skillLabel(d.Source, sk)
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
