package engine

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/rules/engine/gamelog"
)

func ip(n int) *int { return &n }

// testCards is FS01 and FS02 (numbers, stats and keyword tags only) plus
// made-up TS- cards for keywords those decks lack.
func testCards(t testing.TB) CardMap {
	t.Helper()
	data, err := os.ReadFile("testdata/cards-fs01-fs02.json")
	if err != nil {
		t.Fatal(err)
	}
	var cards []rules.Card
	if err := json.Unmarshal(data, &cards); err != nil {
		t.Fatal(err)
	}
	m := NewCardMap(cards)
	add := m.Add
	red := []string{"Red"}
	add(rules.Card{Number: "TS-01", Name: "Triple", Type: rules.TypeBattle, Colours: red, Cost: ip(1), SpecifiedCost: "R", Power: ip(20000), ComboPower: ip(5000), Text: "[Triple Strike]"})
	add(rules.Card{Number: "TS-02", Name: "Evolver", Type: rules.TypeBattle, Colours: red, Cost: ip(4), SpecifiedCost: "R", Power: ip(30000), ComboPower: ip(5000), Text: "[Evolve]"})
	add(rules.Card{Number: "TS-03", Name: "Fusion", Type: rules.TypeBattle, Colours: red, Cost: ip(6), SpecifiedCost: "RR", Power: ip(40000), Text: "[Fusion Evolve]"})
	add(rules.Card{Number: "TS-04", Name: "Arena", Type: rules.TypeExtra, Colours: red, Cost: ip(1), SpecifiedCost: "R", Text: "[Field]\n[Activate Battle]"})
	add(rules.Card{Number: "TS-05", Name: "Arena Two", Type: rules.TypeExtra, Colours: red, Cost: ip(1), Text: "[Field]"})
	add(rules.Card{Number: "TS-06", Name: "Red Blocker", Type: rules.TypeBattle, Colours: red, Cost: ip(1), Power: ip(10000), ComboPower: ip(5000), Text: "[Blocker]"})
	add(rules.Card{Number: "TS-07", Name: "Dragon Ball", Type: rules.TypeExtra, Colours: red, Cost: ip(1), Text: "[Dragon Ball]"})
	add(rules.Card{Number: "TS-08", Name: "Blue Red", Type: rules.TypeBattle, Colours: []string{"Red", "Blue"}, Cost: ip(1), Power: ip(10000), ComboPower: ip(5000)})
	// Known by number, name, colour and type only, as FB07-FB09 in the real card data.
	add(rules.Card{Number: "TS-09", Name: "Bare", Type: rules.TypeBattle, Colours: red})
	add(rules.Card{Number: "TS-10", Name: "Bare Extra", Type: rules.TypeExtra, Colours: red})
	return m
}

// realCards is the fixture of real Fusion World cards (../../testdata):
// the FS01 and FS02 starters, every Leader and the cards tests name, plus
// the real cards the skill tests read (fusion-world-skill-cards.json).
func realCards(t testing.TB) CardMap {
	t.Helper()
	var all []rules.Card
	for _, path := range []string{"../../testdata/fusion-world-cards.json", "../../testdata/fusion-world-skill-cards.json",
		"../../testdata/fusion-world-coverage-cards.json"} {
		list, err := rules.ReadCardsFile(path)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, list...)
	}
	return NewCardMap(all)
}

// newBoardWith is newBoard with other card data and Leaders; decks are 30
// copies of the given numbers.
func newBoardWith(t *testing.T, cards CardMap, leaders, decks [2]string) *board {
	t.Helper()
	b := &board{t: t, cards: cards}
	var setup Setup
	setup.Seed = 7
	for i := range setup.Players {
		setup.Players[i] = PlayerSetup{Leader: leaders[i], Deck: repeat(decks[i], 30)}
	}
	b.s = NewState(setup, cards)
	b.do("P1 first", "P1 keep", "P2 keep")
	return b
}

// board is a scenario builder: set a board, act with notation lines, then
// check the state or the violation.
type board struct {
	t     *testing.T
	s     State
	cards CardMap
	last  []Event
}

// newBoard starts a game past setup: P1 (FS01-01) goes first, both keep,
// decks of 30 known cards; it is turn 1, P1's Charge Phase.
func newBoard(t *testing.T) *board {
	t.Helper()
	b := &board{t: t, cards: testCards(t)}
	var setup Setup
	setup.Seed = 7
	setup.Players[0] = PlayerSetup{Leader: "FS01-01", Deck: repeat("FS01-10", 30)}
	setup.Players[1] = PlayerSetup{Leader: "FS02-01", Deck: repeat("FS02-05", 30)}
	b.s = NewState(setup, b.cards)
	b.do("P1 first", "P1 keep", "P2 keep")
	return b
}

func repeat(s string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = s
	}
	return out
}

func (b *board) newCard(side Side, num string) CardID {
	b.s.Cards = append(b.s.Cards, CardInstance{Owner: side})
	id := CardID(len(b.s.Cards) - 1)
	b.s.SetNumber(id, num)
	return id
}

func (b *board) hand(side Side, nums ...string) *board {
	for _, n := range nums {
		b.s.Players[side].Hand = append(b.s.Players[side].Hand, b.newCard(side, n))
	}
	return b
}

func (b *board) inBattle(side Side, num string, rest bool) *board {
	id := b.newCard(side, num)
	b.s.Players[side].Battle = append(b.s.Players[side].Battle, BattleCard{ID: id, Rest: rest, Copy: b.s.NextCopy(side, num)})
	return b
}

func (b *board) energy(side Side, num string, n int) *board {
	for range n {
		b.s.Players[side].Energy = append(b.s.Players[side].Energy, EnergyCard{ID: b.newCard(side, num)})
	}
	return b
}

func (b *board) life(side Side, n int) *board {
	p := &b.s.Players[side]
	for len(p.Life) > n {
		p.Life = p.Life[1:]
	}
	for len(p.Life) < n {
		p.Life = append(p.Life, b.newCard(side, "FS01-10"))
	}
	return b
}

func (b *board) deck(side Side, n int) *board {
	p := &b.s.Players[side]
	if n < len(p.Deck) {
		p.Deck = p.Deck[:n]
	}
	return b
}

// main puts the board in side's Main Phase of the given turn, draw taken.
func (b *board) main(side Side, turn int) *board {
	b.s.Turn, b.s.TurnPlayer, b.s.Phase = turn, side, PhaseMain
	b.s.Players[side].Drew = true
	return b
}

func action(t testing.TB, line string) Action {
	t.Helper()
	a, msg := gamelog.ParseAction(strings.Fields(line))
	if msg.Format != "" {
		t.Fatalf("bad test line %q: %s", line, msg)
	}
	return a
}

// do applies lines that must be legal.
func (b *board) do(lines ...string) *board {
	b.t.Helper()
	for _, l := range lines {
		next, ev, v := Apply(b.s, action(b.t, l))
		if v != nil {
			b.t.Fatalf("%q: unexpected violation: %v\n%s", l, v, Summary(&b.s))
		}
		b.s, b.last = next, ev
	}
	return b
}

// bad applies a line that must break rule, and checks the state is unchanged.
// A rule of "" asks for a log error (a line that does not fit the game,
// which no rule covers).
func (b *board) bad(line, rule string) *Violation {
	b.t.Helper()
	before := b.s.Hash()
	next, ev, v := Apply(b.s, action(b.t, line))
	if v == nil {
		b.t.Fatalf("%q: expected a violation of %s, got events %v", line, rule, ev)
	}
	if v.Rule != rule || v.LogError != (rule == "") {
		b.t.Fatalf("%q: violation cites %q (log error %v), want %q (%s)", line, v.Rule, v.LogError, rule, v.Message())
	}
	if next.Hash() != before || b.s.Hash() != before {
		b.t.Fatalf("%q: a violation changed the state", line)
	}
	return v
}

func (b *board) p(side Side) *PlayerState { return &b.s.Players[side] }

func (b *board) power(side Side, i int) int {
	b.t.Helper()
	var id CardID
	if i < 0 {
		id = b.s.Players[side].Leader.ID
	} else {
		id = b.s.Players[side].Battle[i].ID
	}
	p, ok := b.s.Power(id)
	if !ok {
		b.t.Fatalf("power of %s unknown", b.s.Name(id))
	}
	return p
}

func (b *board) hasEvent(rule string, auto bool) bool {
	for _, e := range b.last {
		if e.Rule == rule && e.Auto == auto {
			return true
		}
	}
	return false
}

func (b *board) names(ids []CardID) []string {
	var out []string
	for _, id := range ids {
		out = append(out, b.s.Name(id))
	}
	return out
}
