// Package gamestate is a Fusion World game's state as a plain value (zones,
// modes, power changes, clone and hash) and what the skills of its cards
// say on it: conditions, keywords, protections and continuous effects. It
// needs nothing of the engine, which applies the actions to it; State
// refers to cards by id, never by pointer, so a State can be copied, hashed
// and compared.
package gamestate

import (
	"encoding/binary"
	"hash/fnv"
	"strconv"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/rules/engine/cardinfo"
)

// Phase is the part of the game or turn the game is in.
type Phase uint8

const (
	PhaseSetup Phase = iota
	PhaseCharge
	PhaseMain
	PhaseEnd
	PhaseOver
)

func (p Phase) String() string {
	return [...]string{"setup", "charge", "main", "end", "over"}[p]
}

// BattleStep is the step of the battle in progress (CR 8).
type BattleStep uint8

const (
	NoBattle    BattleStep = iota
	StepAttack             // attack declared; the defender may use one Blocker
	StepOffense            // the attacker adds combos until they pass
	StepDefense            // the defender adds combos until they pass
	StepDamage             // powers are compared; the log states the outcome
)

func (b BattleStep) String() string {
	return [...]string{"none", "attack", "offense", "defense", "damage"}[b]
}

// CardID indexes State.Cards. It is the card's identity for the whole game.
type CardID int32

// NoCard is the empty CardID (no [Field] in play, no card).
const NoCard CardID = -1

// CardInstance is one physical card in the game. Number is "" while nobody
// knows which card it is (an opponent's hand, an unrevealed deck).
type CardInstance struct {
	Number string
	Owner  Side
	// entry is the card's data and skills for Number, looked up when the
	// number was set (setNumber), so the engine does not look it up again.
	entry *cardinfo.Entry
}

// SetNumber names card id (or makes it unknown with ""), keeping its looked
// up entry in step.
func (s *State) SetNumber(id CardID, number string) {
	c := &s.Cards[id]
	c.Number, c.entry = number, nil
	if number != "" && s.entries != nil {
		c.entry = s.entries[number]
		if c.entry != nil {
			s.flags |= c.entry.Flags[0] | c.entry.Flags[1]
		}
	}
}

// Mods are power changes from effects, kept apart by how long they last.
type Mods struct {
	Battle  int // until the battle ends
	Turn    int // until the end of the turn
	Lasting int // while the card stays where it is
	// Until lasts until the end of turn UntilTurn ("until the end of your
	// opponent's next turn").
	Until     int
	UntilTurn int
}

// Total is the sum of all power changes.
func (m Mods) Total() int { return m.Battle + m.Turn + m.Lasting + m.Until }

// LeaderState is a player's Leader. It never leaves the Leader Area.
type LeaderState struct {
	ID       CardID
	Awakened bool // showing its back side
	Rest     bool
	Mods     Mods
	Gained   Gains
}

// BattleCard is a card in the Battle Area with its mode, power changes, [Ki]
// markers and the cards it evolved from (Under, top first). Copy is its copy
// number among the cards of its number in the owner's Battle Area ("#2"),
// given when it enters and kept until it leaves.
type BattleCard struct {
	ID     CardID
	Rest   bool
	Mods   Mods
	Ki     int
	Under  []CardID
	Copy   int
	Gained Gains
	// CostTurn is a change of its cost for the turn ("reduce its cost by 1
	// for the turn").
	CostTurn int
	// BySkill: a skill played it ("if this card was played by a skill");
	// not hashed, as it follows from the lines that played it.
	BySkill bool
}

// Gains are keywords and limits an effect gave a card for the turn or the
// battle (bits of the kw* constants).
type Gains struct {
	Turn, Battle uint16
	// Until lasts until the end of turn UntilTurn ("during your opponent's
	// next turn").
	Until     uint16
	UntilTurn int
}

// EnergyCard is a card in the Energy Area.
type EnergyCard struct {
	ID   CardID
	Rest bool
}

// PlayerState is everything one player has. Deck and Life are top first.
type PlayerState struct {
	Leader    LeaderState
	Battle    []BattleCard
	Field     CardID // the [Field] Extra in the Battle Area, or NoCard
	Energy    []EnergyCard
	Markers   int // energy markers in the Energy Area
	FieldRest bool
	Life      []CardID
	Deck      []CardID
	Drop      []CardID
	Hand      []CardID
	Combo     []CardID

	Mulligan uint8 // 0 undecided, 1 kept, 2 redrew (CR 6-2-1-8)
	Drew     bool  // took the Charge Phase draw this turn
	Charged  bool  // charged a card this Charge Phase
	// EnergyDropped: a card of the player's energy was placed in the Drop
	// this turn ("if you placed a card from your energy into its owner's
	// Drop during this turn").
	EnergyDropped bool
	// ExtraUsed is one more than the highest original cost of an Extra the
	// player used this turn, 0 for none ("if you use an Extra with an
	// original cost of 1 or more during this turn").
	ExtraUsed int
	// KOdInBattle: a Battle Card of the player was KO'd in battle this turn
	// ("if an opponent's Battle Card is KO'd in battle during this turn").
	KOdInBattle bool
	// Marks are what the player did this turn that a later condition asks
	// about (zone, play and combo conditions, issue 29): MarkComboFromDrop,
	// MarkMarkerRemoved.
	Marks      uint8
	Removed    int // energy markers removed from the game to pay costs
	Conceded   bool
	DeckErrors int // deck-building problems found at setup
	// ComboBonus is the combo power the player's combos gained from skills
	// in the battle in progress ("+10000 combo power").
	ComboBonus int
	// Discounts are "the next time you use ... this turn" cost changes
	// waiting for the card they apply to.
	Discounts []Discount
	// Barred are "you can't play ... for the turn" limits, in the same form.
	Barred []Discount
	// Delayed are "at the end of the turn (battle), ..." effects waiting
	// for that moment, in the same form.
	Delayed []Discount
}

// Discount is a waiting "during this turn, the next time you use ..."
// effect: Effect indexes the effects (options included, in order) of the
// skill of Source that gave it.
type Discount struct {
	Source CardID
	Skill  int
	Back   bool
	Effect int
}

// Battle is the battle in progress.
type Battle struct {
	Step        BattleStep
	Attacker    CardID
	Target      CardID
	BlockerUsed bool
}

// State is the whole game at one step. Copy it with Clone before changing it.
type State struct {
	Seed       uint64
	Step       int // actions applied so far
	Turn       int // 0 during setup
	TurnPlayer Side
	First      Side // gamelog.NoSide until chosen
	Phase      Phase
	Battle     Battle
	Players    [2]PlayerState
	Cards      []CardInstance
	Result     Result
	// Pending are triggered skills waiting for the player's choices (a
	// "use" action), in the order they triggered.
	Pending []Pending
	// Used are the [Once per turn] skills used this turn.
	Used []UsedSkill
	// UnreadWaiting: a skill the engine does not read (or an effect it reads
	// but does not apply) came to its moment since the game last moved on
	// by a rule action (a play, an attack, a pass ...). Until then the log's
	// declared lines are its effects; otherwise a line only an effect can
	// cause must name its card ("by CARD").
	UnreadWaiting bool

	cards Cards
	// entries is the cardinfo.CardMap's index when the game's Cards is one: the
	// engine then reads cards and skills without copying them.
	entries map[string]*cardinfo.Entry
	// flags holds every flag the skills of the game's cards can have (of
	// the whole card pool when a deck has unknown cards): scans for, say,
	// [Permanent] power are skipped when no card has any.
	flags cardinfo.Flags
	// declared: the log's [Effects "declared"]: the engine reads no skill
	// text and every effect is declared, as before the engine read cards.
	declared bool
	// decklists bound the cards of a player whose deck order is not known
	// (a paper game): how many of each number the deck holds. nil otherwise.
	decklists *[2]map[string]int
}

// Pending is a triggered skill waiting for its player's choices: Skill
// indexes the skills of Source's side that was showing when it triggered.
type Pending struct {
	Side   Side
	Source CardID
	Skill  int
	Back   bool
	// Marker: an energy marker paid for the card that triggered it ("if you
	// removed an energy marker to use this card").
	Marker bool
	// Step is the step of the action it triggered at.
	Step int
}

// UsedSkill is a [Once per turn] skill used this turn.
type UsedSkill struct {
	Source CardID
	Skill  int
	Back   bool
}

// Lookup gives the card data the state was built with.
func (s *State) Lookup() Cards { return s.cards }

// Clone copies the state so the copy shares no slice with s. All card-id
// lists share one new backing array, each capped at its length, so an append
// to one reallocates instead of overwriting its neighbour.
func (s State) Clone() State {
	c := s
	c.Cards = append([]CardInstance(nil), s.Cards...)
	n := 0
	for i := range s.Players {
		q := &s.Players[i]
		n += len(q.Life) + len(q.Deck) + len(q.Drop) + len(q.Hand) + len(q.Combo)
		for _, b := range q.Battle {
			n += len(b.Under)
		}
	}
	buf := make([]CardID, n)
	carve := func(l []CardID) []CardID {
		if len(l) == 0 {
			return nil
		}
		k := copy(buf, l)
		out := buf[:k:k]
		buf = buf[k:]
		return out
	}
	for i := range c.Players {
		p := &c.Players[i]
		q := &s.Players[i]
		p.Battle = make([]BattleCard, len(q.Battle))
		for j, b := range q.Battle {
			b.Under = carve(b.Under)
			p.Battle[j] = b
		}
		p.Energy = append([]EnergyCard(nil), q.Energy...)
		p.Life = carve(q.Life)
		p.Deck = carve(q.Deck)
		p.Drop = carve(q.Drop)
		p.Hand = carve(q.Hand)
		p.Combo = carve(q.Combo)
		if len(q.Discounts) > 0 {
			p.Discounts = append([]Discount(nil), q.Discounts...)
		}
		if len(q.Barred) > 0 {
			p.Barred = append([]Discount(nil), q.Barred...)
		}
		if len(q.Delayed) > 0 {
			p.Delayed = append([]Discount(nil), q.Delayed...)
		}
	}
	if len(s.Pending) > 0 {
		c.Pending = append([]Pending(nil), s.Pending...)
	}
	if len(s.Used) > 0 {
		c.Used = append([]UsedSkill(nil), s.Used...)
	}
	return c
}

// Hash is a 64-bit FNV-1a hash of the whole state (zones in order, modes,
// power changes, phase, battle, result). Equal games hash equally.
func (s *State) Hash() uint64 {
	b := hashBuf(make([]byte, 0, 512+12*len(s.Cards)))
	b.put(int64(s.Seed))
	b.put(int64(s.Step))
	b.put(int64(s.Turn))
	b.put(int64(s.TurnPlayer))
	b.put(int64(s.First))
	b.put(int64(s.Phase))
	b.put(int64(s.Battle.Step))
	b.put(int64(s.Battle.Attacker))
	b.put(int64(s.Battle.Target))
	b.put(b2i(s.Battle.BlockerUsed))
	b.put(b2i(s.Result.Over))
	b.put(int64(s.Result.Winner))
	for _, c := range s.Cards {
		b = append(b, c.Number...)
		b = append(b, 0, byte(c.Owner))
	}
	for i := range s.Players {
		b.player(&s.Players[i])
	}
	b.put(b2i(s.UnreadWaiting))
	b.put(int64(len(s.Pending)))
	for _, q := range s.Pending {
		b.put(int64(q.Step))
		b.put(int64(q.Side))
		b.put(int64(q.Source))
		b.put(int64(q.Skill))
		b.put(b2i(q.Back))
		b.put(b2i(q.Marker))
	}
	b.put(int64(len(s.Used)))
	for _, u := range s.Used {
		b.put(int64(u.Source))
		b.put(int64(u.Skill))
		b.put(b2i(u.Back))
	}
	h := fnv.New64a()
	h.Write(b)
	return h.Sum64()
}

// hashBuf is what Hash hashes, written field by field. The order of the
// writes is the hash: changing it changes every stored game's hashes.
type hashBuf []byte

func (b *hashBuf) put(v int64) { *b = binary.AppendVarint(*b, v) }

func (b *hashBuf) mods(m *Mods) {
	for _, v := range [...]int{m.Battle, m.Turn, m.Lasting, m.Until, m.UntilTurn} {
		b.put(int64(v))
	}
}

func (b *hashBuf) gains(g *Gains) {
	for _, v := range [...]int{int(g.Turn), int(g.Battle), int(g.Until), g.UntilTurn} {
		b.put(int64(v))
	}
}

func (b *hashBuf) ids(l []CardID) {
	b.put(int64(len(l)))
	for _, id := range l {
		b.put(int64(id))
	}
}

// player writes one player's side: Leader, Battle Area, energy, zones,
// flags and what waits for them.
func (b *hashBuf) player(p *PlayerState) {
	b.put(int64(p.Leader.ID))
	b.put(b2i(p.Leader.Awakened))
	b.put(b2i(p.Leader.Rest))
	b.mods(&p.Leader.Mods)
	b.gains(&p.Leader.Gained)
	b.put(int64(len(p.Battle)))
	for _, bc := range p.Battle {
		b.put(int64(bc.ID))
		b.put(b2i(bc.Rest))
		b.mods(&bc.Mods)
		b.put(int64(bc.Ki))
		b.put(int64(bc.Copy))
		b.put(int64(bc.CostTurn))
		b.gains(&bc.Gained)
		b.ids(bc.Under)
	}
	b.put(int64(p.Field))
	b.put(int64(len(p.Energy)))
	for _, e := range p.Energy {
		b.put(int64(e.ID))
		b.put(b2i(e.Rest))
	}
	b.put(int64(p.Markers))
	b.ids(p.Life)
	b.ids(p.Deck)
	b.ids(p.Drop)
	b.ids(p.Hand)
	b.ids(p.Combo)
	b.put(int64(p.Mulligan))
	b.put(b2i(p.Drew))
	b.put(b2i(p.Charged))
	// ExtraUsed and Marks are left out: they follow from the turn's own
	// lines (the Extras used, a marker paid), and counting them would
	// change the hash of every stored game that used an Extra or a marker.
	if p.EnergyDropped {
		// Only when set, so the hashes of states before it was kept
		// (golden replays, stored verdicts) stay the same.
		b.put(2)
	}
	// KOdInBattle is left out as ExtraUsed is: it follows from the turn's
	// own lines (a "ko" in its Damage Step).
	b.put(int64(p.Removed))
	b.put(b2i(p.Conceded))
	b.put(int64(p.ComboBonus))
	b.put(int64(len(p.Barred)))
	for _, d := range p.Barred {
		b.put(int64(d.Source))
		b.put(int64(d.Skill))
		b.put(int64(d.Effect))
	}
	b.put(int64(len(p.Discounts)))
	for _, d := range p.Discounts {
		b.put(int64(d.Source))
		b.put(int64(d.Skill))
		b.put(b2i(d.Back))
		b.put(int64(d.Effect))
	}
	// Only when some wait, so earlier hashes stay the same.
	for _, d := range p.Delayed {
		b.put(-int64(d.Source) - 1)
		b.put(int64(d.Skill))
		b.put(b2i(d.Back))
		b.put(int64(d.Effect))
	}
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// Name is the card's number, or "?" when nobody knows it.
func (s *State) Name(id CardID) string {
	if id < 0 || int(id) >= len(s.Cards) {
		return "-"
	}
	if n := s.Cards[id].Number; n != "" {
		return n
	}
	return "?"
}

// Card returns the card data for id; ok is false for unknown cards or cards
// the lookup does not have.
func (s *State) Card(id CardID) (rules.Card, bool) {
	if id < 0 || int(id) >= len(s.Cards) || s.cards == nil {
		return rules.Card{}, false
	}
	n := s.Cards[id].Number
	if n == "" {
		return rules.Card{}, false
	}
	return s.cards.Card(n)
}

func itoa(n int) string { return strconv.Itoa(n) }

// Marks of PlayerState: what the player did this turn.
const (
	MarkComboFromDrop uint8 = 1 << iota // used a card from the Drop in a combo
	MarkMarkerRemoved                   // an energy marker was removed from the game
)

// marked counts 1 when the player has mark m this turn.
func marked(m uint8) func(p, _ *PlayerState) int {
	return func(p, _ *PlayerState) int { return int(b2i(p.Marks&m != 0)) }
}

// Flags holds every flag the skills of the game's cards can have.
func (s *State) Flags() cardinfo.Flags { return s.flags }

// Declared reports the log's [Effects "declared"]: the engine reads no
// skill text.
func (s *State) Declared() bool { return s.declared }

// Decklist is how many of each number side's deck holds when its order is
// not known (a paper game); nil otherwise.
func (s *State) Decklist(side Side) map[string]int {
	if s.decklists == nil {
		return nil
	}
	return s.decklists[side]
}

// SetLookup replaces the card data the state reads, for a test that gives
// the engine a lookup that fails.
func (s *State) SetLookup(cards Cards) { s.cards = cards }
