package gamestate

import (
	"slices"
	"strings"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/rules/engine/cardinfo"
	"github.com/tenkaichi-org/tenkaichi/rules/engine/gamelog"
	"github.com/tenkaichi-org/tenkaichi/rules/keyword"
	"github.com/tenkaichi-org/tenkaichi/rules/skill"
)

// entry is what the engine knows of a card: its data and its skills. A
// cardinfo.CardMap's entry is shared; for other Cards one is built (the skill text
// read once per distinct text). ok is false for an unknown card or number.
func (s *State) entry(id CardID) (*cardinfo.Entry, bool) {
	if id < 0 || int(id) >= len(s.Cards) || s.cards == nil {
		return nil, false
	}
	ci := &s.Cards[id]
	n := ci.Number
	if n == "" {
		return nil, false
	}
	if ci.entry != nil {
		return ci.entry, true
	}
	if s.entries != nil {
		e, ok := s.entries[n]
		return e, ok
	}
	c, ok := s.cards.Card(n)
	if !ok {
		return nil, false
	}
	var sc *skill.Card
	if src, ok := s.cards.(cardinfo.SkillCards); ok {
		sc, _ = src.Skills(n)
	}
	if sc == nil {
		sc = cardinfo.Parsed(c.Text, c.BackText)
	}
	return cardinfo.NewEntry(c, *sc), true
}

// SkillsOf gives the skills showing on a card: a Leader's back side once it
// has awakened. ok is false when the engine does not read the card's text:
// its data is missing, the card list does not describe it (FB07 to FB09), or
// the log declares every effect ([Effects "declared"]). back says which
// side of a Leader the skills are on.
func (s *State) SkillsOf(id CardID) (sks []skill.Skill, back bool, ok bool) {
	if s.declared {
		return nil, false, false
	}
	e, known := s.entry(id)
	if !known || !e.Described {
		return nil, false, false
	}
	if e.Card.Type == rules.TypeLeader && s.isAwakened(id) {
		return e.Skills.Back, true, true
	}
	return e.Skills.Front, false, true
}

// FlagsOf is the summary of the skills showing on a card the engine reads.
func (s *State) FlagsOf(id CardID) cardinfo.Flags {
	if s.declared {
		return 0
	}
	if id >= 0 && int(id) < len(s.Cards) {
		if e := s.Cards[id].entry; e != nil && e.Card.Type != rules.TypeLeader && s.Cards[id].Number != "" {
			return e.Flags[0]
		}
	}
	e, known := s.entry(id)
	if !known || !e.Described {
		return 0
	}
	if e.Card.Type == rules.TypeLeader && s.isAwakened(id) {
		return e.Flags[1]
	}
	return e.Flags[0]
}

// The flag summaries of a Leader's two sides are kept apart: its back side
// shows once it has awakened.

// ReadsCard reports whether the engine reads the card's skill text.
func (s *State) ReadsCard(id CardID) bool {
	_, _, ok := s.SkillsOf(id)
	return ok
}

// Owner is the side a card belongs to.
func (s *State) Owner(id CardID) Side {
	if id < 0 || int(id) >= len(s.Cards) {
		return gamelog.NoSide
	}
	return s.Cards[id].Owner
}

// Where tells where a card in play is: its side, whether it is the Leader
// or the [Field], and its index in the Battle Area (-1 otherwise). ok is
// false when the card is not in play.
func (s *State) Where(id CardID) (side Side, leader, field bool, idx int, ok bool) {
	for i := range s.Players {
		p := &s.Players[i]
		if p.Leader.ID == id {
			return Side(i), true, false, -1, true
		}
		if p.Field == id {
			return Side(i), false, true, -1, true
		}
		for j := range p.Battle {
			if p.Battle[j].ID == id {
				return Side(i), false, false, j, true
			}
		}
	}
	return gamelog.NoSide, false, false, -1, false
}

// InPlayRest reports whether a card in play is in Rest Mode.
func (s *State) InPlayRest(id CardID) bool {
	side, leader, field, idx, ok := s.Where(id)
	switch {
	case !ok:
		return false
	case leader:
		return s.Players[side].Leader.Rest
	case field:
		return s.Players[side].FieldRest
	}
	return s.Players[side].Battle[idx].Rest
}

// Fits reports whether card id is what filter f asks for; src is the card
// whose skill asks (for "other"). A card whose data is missing fits: the
// engine cannot tell, and the choice stays the players' word.
func (s *State) Fits(id CardID, f *skill.Filter, src CardID) bool {
	if f.Other && id == src {
		return false
	}
	c, known := s.Card(id)
	if !known || !cardinfo.Described(c) {
		return true
	}
	switch f.Type {
	case "Battle":
		if c.Type != rules.TypeBattle {
			return false
		}
	case "Extra":
		if c.Type != rules.TypeExtra {
			return false
		}
	case "Field":
		if c.Type != rules.TypeExtra || !cardinfo.HasOwnKeyword(c, keyword.Field) {
			return false
		}
	case "Leader":
		if c.Type != rules.TypeLeader {
			return false
		}
	}
	names := s.namesOf(id, c.Name)
	named := func(n string) bool {
		return slices.ContainsFunc(names, func(name string) bool { return strings.EqualFold(n, name) })
	}
	if len(f.Names) > 0 && !slices.ContainsFunc(f.Names, named) {
		return false
	}
	if slices.ContainsFunc(f.NotNames, named) {
		return false
	}
	if len(f.Contains) > 0 && !slices.ContainsFunc(f.Contains, func(n string) bool {
		return slices.ContainsFunc(names, func(name string) bool { return strings.Contains(strings.ToLower(name), strings.ToLower(n)) })
	}) {
		return false
	}
	if len(f.Traits) > 0 {
		traits := c.Traits
		if c.Type == rules.TypeLeader && s.isAwakened(id) && len(c.BackTraits) > 0 {
			traits = c.BackTraits
		}
		if !slices.ContainsFunc(f.Traits, func(t string) bool { return containsFold(traits, t) }) {
			return false
		}
		if f.Only && len(traits) != len(f.Traits) {
			return false
		}
	}
	for _, t := range f.AllTraits {
		traits := c.Traits
		if c.Type == rules.TypeLeader && s.isAwakened(id) && len(c.BackTraits) > 0 {
			traits = c.BackTraits
		}
		if !containsFold(traits, t) {
			return false
		}
	}
	if f.Colour != "" && !containsFold(c.Colours, f.Colour) {
		return false
	}
	if f.Cost.Set() && (c.Cost == nil || !f.Cost.Holds(*c.Cost+s.CostChange(id))) {
		return false
	}
	if f.Power.Set() {
		pw, ok := s.Power(id)
		if !ok && c.Power != nil {
			pw, ok = *c.Power, true
		}
		if !ok || !f.Power.Holds(pw) {
			return false
		}
	}
	if f.OrigPower.Set() && (c.Power == nil || !f.OrigPower.Holds(*c.Power)) {
		return false
	}
	if f.ComboPower > 0 && (c.ComboPower == nil || *c.ComboPower != f.ComboPower) {
		return false
	}
	if f.NoSkill && strings.TrimSpace(c.Text) != "" {
		return false
	}
	if f.Rest && !s.InPlayRest(id) {
		return false
	}
	if f.Active && s.InPlayRest(id) {
		return false
	}
	return true
}

func containsFold(list []string, x string) bool {
	return slices.ContainsFunc(list, func(y string) bool { return strings.EqualFold(x, y) })
}

func (s *State) isAwakened(id CardID) bool {
	for i := range s.Players {
		if s.Players[i].Leader.ID == id {
			return s.Players[i].Leader.Awakened
		}
	}
	return false
}

// TurnOK reports whether a skill of side's card works in this turn:
// [Your Turn] and [Opponent's Turn] limit it.
func (s *State) TurnOK(side Side, sk *skill.Skill) bool {
	if sk.YourTurn && s.TurnPlayer != side {
		return false
	}
	if sk.OpponentsTurn && s.TurnPlayer == side {
		return false
	}
	return true
}

// Ctx is what a condition is judged against: whose skill, which card, and
// whether its cost was paid with an energy marker.
type Ctx struct {
	Side       Side
	Src        CardID
	MarkerPaid bool
	// that is the card an effect before revealed or chose, for "if the
	// revealed card ..." (thatSet once the skill resolves; before, such a
	// condition may hold).
	That    CardID
	ThatSet bool
	// gone counts the cards an effect before chose that are no longer in
	// play ("if you returned 3 or more cards").
	Gone int
}

// Holds reports whether every condition holds.
func (s *State) Holds(c Ctx, conds []skill.Cond) bool {
	for i := range conds {
		if !s.Cond(c, &conds[i]) {
			return false
		}
	}
	return true
}

// Cond reports whether condition k holds for c: a count of a zone
// (countConds) or what is on the board.
func (s *State) Cond(c Ctx, k *skill.Cond) bool {
	p := &s.Players[c.Side]
	o := &s.Players[c.Side.Other()]
	var r bool
	if cc, ok := countConds[k.Kind]; ok {
		r = cc.holds(cc.count(p, o), k.N)
	} else if r, ok = s.boardCond(c, k); !ok {
		return false
	}
	return r != k.Not
}

// countCond is a condition on a count of the player's (p) or the
// opponent's (o) zones: the count against the condition's N.
type countCond struct {
	count func(p, o *PlayerState) int
	holds func(count, n int) bool
}

func atMost(count, n int) bool   { return count <= n }
func atLeast(count, n int) bool  { return count >= n }
func exactly(count, n int) bool  { return count == n }
func positive(count, _ int) bool { return count > 0 }

// countConds are the conditions on counts, by kind.
var countConds = map[skill.CondKind]countCond{
	skill.HandAtMost:          {func(p, _ *PlayerState) int { return len(p.Hand) }, atMost},
	skill.HandAtLeast:         {func(p, _ *PlayerState) int { return len(p.Hand) }, atLeast},
	skill.OppHandAtLeast:      {func(_, o *PlayerState) int { return len(o.Hand) }, atLeast},
	skill.OppHandAtMost:       {func(_, o *PlayerState) int { return len(o.Hand) }, atMost},
	skill.LifeAtMost:          {func(p, _ *PlayerState) int { return len(p.Life) }, atMost},
	skill.LifeAtLeast:         {func(p, _ *PlayerState) int { return len(p.Life) }, atLeast},
	skill.LifeIs:              {func(p, _ *PlayerState) int { return len(p.Life) }, exactly},
	skill.OppLifeAtMost:       {func(_, o *PlayerState) int { return len(o.Life) }, atMost},
	skill.OppLifeAtLeast:      {func(_, o *PlayerState) int { return len(o.Life) }, atLeast},
	skill.DropAtLeast:         {func(p, _ *PlayerState) int { return len(p.Drop) }, atLeast},
	skill.EnergyAtLeast:       {func(p, _ *PlayerState) int { return len(p.Energy) }, atLeast},
	skill.EnergyIs:            {func(p, _ *PlayerState) int { return len(p.Energy) }, exactly},
	skill.EnergyAtMost:        {func(p, _ *PlayerState) int { return len(p.Energy) }, atMost},
	skill.EnergyLess:          {func(p, o *PlayerState) int { return len(o.Energy) - len(p.Energy) }, positive},
	skill.HasMarker:           {func(p, _ *PlayerState) int { return p.Markers }, positive},
	skill.OppHasMarker:        {func(_, o *PlayerState) int { return o.Markers }, positive},
	skill.AnyMarker:           {func(p, o *PlayerState) int { return p.Markers + o.Markers }, positive},
	skill.ComboAtLeast:        {func(p, _ *PlayerState) int { return len(p.Combo) }, atLeast},
	skill.ActiveEnergyAtLeast: {activeEnergy, atLeast},
	skill.ExtraUsedAtLeast:    {func(p, _ *PlayerState) int { return p.ExtraUsed - 1 }, atLeast},
	skill.DroppedEnergy:       {func(p, _ *PlayerState) int { return int(b2i(p.EnergyDropped)) }, positive},
	skill.OppKOdInBattle:      {func(_, o *PlayerState) int { return int(b2i(o.KOdInBattle)) }, positive},
	// zone, play and combo conditions (issue 29)
	skill.ComboFromDropUsed: {marked(MarkComboFromDrop), positive},
	skill.MarkerRemoved:     {marked(MarkMarkerRemoved), positive},
	skill.DeckIs:            {func(p, _ *PlayerState) int { return len(p.Deck) }, exactly},
}

// activeEnergy is the player's energy in Active Mode.
func activeEnergy(p, _ *PlayerState) int {
	n := 0
	for _, e := range p.Energy {
		if !e.Rest {
			n++
		}
	}
	return n
}

// boardCond reports whether a condition on the cards in play, the Drop or
// the energy, or on the battle, holds; ok is false for a kind it does not
// know.
func (s *State) boardCond(c Ctx, k *skill.Cond) (r, ok bool) {
	p := &s.Players[c.Side]
	switch k.Kind {
	case skill.LeaderAwakened:
		return p.Leader.Awakened, true
	case skill.LeaderIs:
		return s.Fits(p.Leader.ID, &k.Card, NoCard), true
	case skill.Have:
		return s.have(c, k), true
	case skill.HaveInDrop:
		return s.haveInDrop(c, k), true
	case skill.HaveInAreaOrDrop:
		return s.haveInAreaOrDrop(c, k), true
	case skill.OppHave:
		n := 0
		for _, b := range s.Players[c.Side.Other()].Battle {
			if s.Fits(b.ID, &k.Card, c.Src) {
				n++
			}
		}
		return n >= max(1, k.N), true
	case skill.HaveInEnergy:
		return s.haveInEnergy(c, k), true
	}
	return s.battleCond(c, k)
}

// battleCond reports whether a condition on this card's battle or mode
// holds; ok is false for a kind it does not know.
func (s *State) battleCond(c Ctx, k *skill.Cond) (r, ok bool) {
	switch k.Kind {
	case skill.InBattleWithBattle:
		if s.Battle.Step == NoBattle || s.Battle.Attacker != c.Src && s.Battle.Target != c.Src {
			return false, true
		}
		other := s.Battle.Target
		if other == c.Src {
			other = s.Battle.Attacker
		}
		_, leader, _, _, inPlay := s.Where(other)
		return inPlay && !leader, true
	case skill.BattleOfBattle:
		return s.Battle.Step != NoBattle && s.isBattleCardInPlay(s.Battle.Attacker) && s.isBattleCardInPlay(s.Battle.Target), true
	case skill.AttackerIs:
		return s.Battle.Step != NoBattle && s.Fits(s.Battle.Attacker, &k.Card, c.Src), true
	case skill.InBattle:
		return s.Battle.Step != NoBattle && (s.Battle.Attacker == c.Src || s.Battle.Target == c.Src), true
	case skill.ThisRest:
		return s.InPlayRest(c.Src), true
	case skill.InPlayAnywhere:
		for i := range s.Players {
			p := &s.Players[i]
			if s.Fits(p.Leader.ID, &k.Card, c.Src) || s.anyInBattleArea(Side(i), &k.Card, c.Src) {
				return true, true
			}
		}
		return false, true
	case skill.ThisPowerAtLeast:
		pw, known := s.Power(c.Src)
		_, _, _, _, inPlay := s.Where(c.Src)
		return inPlay && known && pw >= k.N, true
	case skill.PaidWithMarker:
		return c.MarkerPaid, true
	case skill.ThatCardIs:
		return !c.ThatSet || c.That != NoCard && s.Fits(c.That, &k.Card, c.Src), true
	case skill.ReturnedAtLeast:
		return !c.ThatSet || c.Gone >= k.N, true
	case skill.PlayedBySkill:
		side, _, _, idx, ok := s.Where(c.Src)
		return ok && idx >= 0 && idx < len(s.Players[side].Battle) && s.Players[side].Battle[idx].ID == c.Src && s.Players[side].Battle[idx].BySkill, true
	case skill.ThatCostAtMostEnergy:
		if !c.ThatSet {
			return true, true
		}
		cd, known := s.Card(c.That)
		return c.That != NoCard && known && cd.Cost != nil && *cd.Cost <= len(s.Players[c.Side].Energy), true
	case skill.AttackingBattle:
		return s.Battle.Step != NoBattle && s.Battle.Attacker == c.Src && s.Owner(s.Battle.Target) != c.Side &&
			s.Battle.Target != s.Players[c.Side.Other()].Leader.ID && s.Fits(s.Battle.Target, &k.Card, c.Src), true
	}
	return false, false
}

// have: "you have (at least N) cards matching Card in the Battle Area"; for
// "<A> and <B>" (All), one of each.
func (s *State) have(c Ctx, k *skill.Cond) bool {
	p := &s.Players[c.Side]
	if k.All {
		for _, name := range k.Card.Names {
			f := skill.Filter{Names: []string{name}}
			if !s.anyInBattleArea(c.Side, &f, c.Src) {
				return false
			}
		}
		return true
	}
	n := 0
	for _, b := range p.Battle {
		if s.Fits(b.ID, &k.Card, c.Src) {
			n++
		}
	}
	if p.Field != NoCard && k.Card.Type != "Battle" && s.Fits(p.Field, &k.Card, c.Src) {
		n++
	}
	if k.WithLeader && s.Fits(p.Leader.ID, &k.Card, c.Src) {
		n++
	}
	return n >= max(1, k.N)
}

// haveInDrop: N or more known cards matching Card in the Drop; for All,
// one of each name.
func (s *State) haveInDrop(c Ctx, k *skill.Cond) bool {
	p := &s.Players[c.Side]
	if k.All {
		r := true
		for _, name := range k.Card.Names {
			f := skill.Filter{Names: []string{name}}
			found := false
			for _, id := range p.Drop {
				found = found || s.Cards[id].Number != "" && s.Fits(id, &f, c.Src)
			}
			r = r && found
		}
		return r
	}
	n := 0
	for _, id := range p.Drop {
		if s.Cards[id].Number != "" && s.Fits(id, &k.Card, c.Src) {
			n++
		}
	}
	return n >= max(1, k.N)
}

// haveInEnergy: every named card among the known cards of the energy.
func (s *State) haveInEnergy(c Ctx, k *skill.Cond) bool {
	p := &s.Players[c.Side]
	for _, name := range k.Card.Names {
		found := false
		for _, e := range p.Energy {
			f := skill.Filter{Names: []string{name}}
			if s.Fits(e.ID, &f, NoCard) && s.Cards[e.ID].Number != "" {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

func (s *State) anyInBattleArea(side Side, f *skill.Filter, src CardID) bool {
	p := &s.Players[side]
	for _, b := range p.Battle {
		if s.Fits(b.ID, f, src) {
			return true
		}
	}
	return p.Field != NoCard && s.Fits(p.Field, f, src)
}

// Covers reports whether a fixed target ("this card", "your Leader", "all
// your Battle Cards with «Saiyan»") of side's card src includes card id.
func (s *State) Covers(side Side, src CardID, t *skill.Target, id CardID) bool {
	idSide, leader, field, _, ok := s.Where(id)
	if !ok || field {
		return false
	}
	match := func() bool {
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
	switch t.Who {
	case skill.ThisCard:
		return id == src
	case skill.YourLeader:
		return leader && idSide == side && match()
	case skill.ThisAndLeader:
		return id == src || leader && idSide == side
	case skill.InBattleYours:
		return idSide == side && s.Battle.Step != NoBattle && (s.Battle.Attacker == id || s.Battle.Target == id) && match()
	case skill.Yours, skill.Opponents, skill.AnyPlayers:
		if !t.All || leader && t.Filter.Type != "Leader" {
			return false
		}
		want := side
		if t.Who == skill.Opponents {
			want = side.Other()
		}
		return (t.Who == skill.AnyPlayers || idSide == want) && match()
	}
	return false
}

// inPlaySources calls fn with every card in play whose text the engine
// reads (Leaders, Battle Cards, [Field]s) and whose skills have one of the
// flags, with its skills; fn returns false to stop.
func (s *State) inPlaySources(flags cardinfo.Flags, fn func(side Side, src CardID, sks []skill.Skill) bool) {
	if s.declared || s.cards == nil || s.flags&flags == 0 {
		return
	}
	for i := range s.Players {
		p := &s.Players[i]
		n := len(p.Battle)
		for j := -1; j <= n; j++ {
			var id CardID
			switch {
			case j < 0:
				id = p.Leader.ID
			case j == n:
				id = p.Field
			default:
				id = p.Battle[j].ID
			}
			if id == NoCard || s.FlagsOf(id)&flags == 0 {
				continue
			}
			if sks, _, ok := s.SkillsOf(id); ok && len(sks) > 0 && !fn(Side(i), id, sks) {
				return
			}
			if len(p.Battle) != n {
				return // fn changed the Battle Area; callers only read
			}
		}
	}
}

// anyInPlay reports whether a card in play has skills with one of the flags.
func (s *State) anyInPlay(flags cardinfo.Flags) bool {
	if s.declared || s.cards == nil || s.flags&flags == 0 {
		return false
	}
	for i := range s.Players {
		p := &s.Players[i]
		if s.FlagsOf(p.Leader.ID)&flags != 0 || p.Field != NoCard && s.FlagsOf(p.Field)&flags != 0 {
			return true
		}
		for j := range p.Battle {
			if s.FlagsOf(p.Battle[j].ID)&flags != 0 {
				return true
			}
		}
	}
	return false
}

// continuous sums the [Permanent] power skills in play that apply to card
// id now.
func (s *State) continuous(id CardID) int {
	if s.declared || s.cards == nil {
		return 0
	}
	total := 0
	s.inPlaySources(cardinfo.FlagPermanentPower, func(side Side, src CardID, sks []skill.Skill) bool {
		for k := range sks {
			sk := &sks[k]
			if !sk.Understood || !sk.Timing.Has(skill.Permanent) || !s.TurnOK(side, sk) {
				continue
			}
			for j := range sk.Effects {
				e := &sk.Effects[j]
				if e.Kind != skill.Power || e.For != skill.WhileHolds {
					continue
				}
				if s.Covers(side, src, &e.Target, id) && s.Holds(Ctx{Side: side, Src: src}, e.If) {
					total += e.Amount
				}
			}
		}
		return true
	})
	return total
}

// The bits of a card's Gains: one for each Gained keyword of rules/keyword,
// in its order, then the limits an effect puts on a card.
var (
	KeywordBits = func() map[string]uint16 {
		m := make(map[string]uint16, len(keyword.Gainable))
		for i, name := range keyword.Gainable {
			m[name] = 1 << i
		}
		return m
	}()
	KwNoAttack = uint16(1) << len(keyword.Gainable) // "can't attack" for the turn
	KwNoReady  = KwNoAttack << 1                    // "can't switch to Active Mode" (stays rested when its turn begins)
)

// HasKeyword reports whether a card in play has keyword kw now: printed on
// it (on the side showing), given for the turn or battle by an effect, or
// granted by a [Permanent] skill whose conditions hold ("this card gains
// [Blocker]" while you have a <Goku Black> Battle Card).
func (s *State) HasKeyword(id CardID, kw string) bool {
	if c, ok := s.Card(id); ok {
		if s.isAwakened(id) && strings.TrimSpace(c.BackText) != "" {
			if cardinfo.HasKeywordIn(c.BackText, kw) {
				return true
			}
		} else if cardinfo.HasOwnKeyword(c, kw) {
			return true
		}
	}
	bit := KeywordBits[kw]
	if bit != 0 {
		side, leader, _, idx, ok := s.Where(id)
		if ok {
			g := s.Players[side].Leader.Gained
			if !leader {
				g = s.Players[side].Battle[idx].Gained
			}
			if (g.Turn|g.Battle|g.Until)&bit != 0 {
				return true
			}
		}
	}
	return s.Granted(id, skill.Gain, kw)
}

// Granted reports whether a [Permanent] skill in play gives card id an
// effect of kind (a keyword for Gain, a limit for CantAttack) now.
func (s *State) Granted(id CardID, kind skill.Kind, kw string) bool {
	found := false
	s.PermanentEffects(cardinfo.FlagPermanentGrant, func(side Side, src CardID, _ int, _ *skill.Skill, e *skill.Effect) bool {
		// kw is the keyword gained (Gain) or what the limit says
		// (CantAttack: "leader" for "can't attack your opponent's Leader").
		if e.Kind != kind || e.For != skill.WhileHolds || kind == skill.Gain && e.Keyword != kw ||
			(kind == skill.CantAttack || kind == skill.CantActivate) && e.Detail != kw {
			return true
		}
		found = s.Covers(side, src, &e.Target, id) && s.Holds(Ctx{Side: side, Src: src}, e.If)
		return !found
	})
	return found
}

// PermanentEffects calls visit with each effect of every understood
// [Permanent] skill in play (of the sources flags names) whose turn it
// is, with the skill and its index on its card, until visit returns false.
func (s *State) PermanentEffects(flags cardinfo.Flags, visit func(side Side, src CardID, k int, sk *skill.Skill, ef *skill.Effect) bool) {
	s.inPlaySources(flags, func(side Side, src CardID, sks []skill.Skill) bool {
		for k := range sks {
			sk := &sks[k]
			if !sk.Understood || !sk.Timing.Has(skill.Permanent) || !s.TurnOK(side, sk) {
				continue
			}
			for j := range sk.Effects {
				if !visit(side, src, k, sk, &sk.Effects[j]) {
					return false
				}
			}
		}
		return true
	})
}

// NegativeContinuous reports whether a [Permanent] skill in play lowers
// power, so the power-0 check must look at every Battle Card.
func (s *State) NegativeContinuous() bool {
	if s.declared || s.cards == nil {
		return false
	}
	return s.anyInPlay(cardinfo.FlagNegativePower)
}

// CostChange is how much the cost of a card in play differs from its
// printed one now: changes for the turn ("reduce its cost by 1 for the
// turn") and [Permanent] ones whose conditions hold ("add 3 to the cost of
// this card in a Battle Area").
func (s *State) CostChange(id CardID) int {
	side, _, _, idx, ok := s.Where(id)
	if !ok {
		return 0
	}
	n := 0
	if idx >= 0 {
		n = s.Players[side].Battle[idx].CostTurn
	}
	if s.declared || s.cards == nil {
		return n
	}
	s.inPlaySources(cardinfo.FlagPermanentGrant|cardinfo.FlagPermanentPower, func(side Side, src CardID, sks []skill.Skill) bool {
		for k := range sks {
			sk := &sks[k]
			if !sk.Understood || !sk.Timing.Has(skill.Permanent) || !s.TurnOK(side, sk) {
				continue
			}
			for j := range sk.Effects {
				e := &sk.Effects[j]
				if e.Kind == skill.CostChange && e.Detail == "in battle area" && s.Covers(side, src, &e.Target, id) &&
					s.Holds(Ctx{Side: side, Src: src}, e.If) {
					n += e.Amount
				}
			}
		}
		return true
	})
	return n
}

// haveInAreaOrDrop: N or more cards matching Card in the player's Battle
// Area (its [Field] too) and known cards in the Drop, together ("an Extra
// with a cost of 2 or more in your Battle Area or Drop", SB01-017).
func (s *State) haveInAreaOrDrop(c Ctx, k *skill.Cond) bool {
	p := &s.Players[c.Side]
	n := 0
	for _, b := range p.Battle {
		if s.Fits(b.ID, &k.Card, c.Src) {
			n++
		}
	}
	if p.Field != NoCard && s.Fits(p.Field, &k.Card, c.Src) {
		n++
	}
	for _, id := range p.Drop {
		if s.Cards[id].Number != "" && s.Fits(id, &k.Card, c.Src) {
			n++
		}
	}
	return n >= max(1, k.N)
}

// SkillLabel names a skill in events: "FS01-03 [On Play]".
func (s *State) SkillLabel(src CardID, sk *skill.Skill) string {
	t := sk.Timing.String()
	if t == "" {
		return s.Name(src)
	}
	return s.Name(src) + " " + t
}

// NothingToDo reports whether a skill without a cost has only effects whose
// conditions do not hold now ("If your Leader is an «Android»-only card,
// ..."): it then waits for no choice.
func (s *State) NothingToDo(c Ctx, sk *skill.Skill) bool {
	if sk.Cost.Energy > 0 || len(sk.Cost.Parts) > 0 || len(sk.Effects) == 0 {
		return false
	}
	for i := range sk.Effects {
		if len(sk.Effects[i].If) == 0 || !s.KnownNow(c, sk, i) || s.Holds(c, sk.Effects[i].If) {
			return false
		}
	}
	return true
}

// KnownNow reports whether effect i's conditions can be judged before the
// skill resolves: no effect before it will happen (each has a condition
// that does not hold), so nothing changes what they look at. After an
// effect that happens, they are judged once it is done (Old Kai FB05-044
// mills 2, "then, if you have 10 or more cards in your Drop").
func (s *State) KnownNow(c Ctx, sk *skill.Skill, i int) bool {
	for j := range i {
		if ef := &sk.Effects[j]; len(ef.If) == 0 || s.Holds(c, ef.If) {
			return false
		}
	}
	return true
}

// SkillsOfSide is SkillsOf for a given side of the card (a Pending keeps
// the side that was showing when it triggered).
func (s *State) SkillsOfSide(id CardID, back bool) ([]skill.Skill, bool, bool) {
	if s.declared {
		return nil, false, false
	}
	e, known := s.entry(id)
	if !known || !e.Described {
		return nil, false, false
	}
	if back {
		return e.Skills.Back, true, true
	}
	return e.Skills.Front, false, true
}

// UsedThisTurn reports whether skill i of src (its back side's with back)
// was used this turn.
func (s *State) UsedThisTurn(src CardID, i int, back bool) bool {
	for _, u := range s.Used {
		if u.Source == src && u.Skill == i && u.Back == back {
			return true
		}
	}
	return false
}

// pendingLabel names a waiting skill: "FS01-02 [On Play]".
func (s *State) pendingLabel(q Pending) string {
	if sks, _, ok := s.SkillsOfSide(q.Source, q.Back); ok && q.Skill < len(sks) {
		return s.SkillLabel(q.Source, &sks[q.Skill])
	}
	return s.Name(q.Source)
}

// Strict reports whether the engine judges effects itself: it has card
// data and the log does not declare every effect.
func (s *State) Strict() bool { return !s.declared && s.cards != nil }
