package engine

import (
	"slices"
	"strings"
	"testing"
)

func TestSetup(t *testing.T) {
	cards := testCards(t)
	var setup Setup
	setup.Seed = 99
	deck := []string{}
	for _, n := range []string{"FS01-02", "FS01-03", "FS01-04", "FS01-06", "FS01-07", "FS01-10", "FS01-11", "FS01-13", "FS01-14", "FS01-15"} {
		deck = append(deck, repeat(n, 5)...)
	}
	setup.Players[0] = PlayerSetup{Leader: "FS01-01", Deck: deck}
	setup.Players[1] = PlayerSetup{Leader: "FS02-01", Deck: repeat("?", 50)}
	s := NewState(setup, cards)
	b := &board{t: t, s: s, cards: cards}

	b.bad("P1 draw", "CR 6-2-1")
	b.bad("P1 keep", "CR 6-2-1-8")
	b.do("P2 first")
	if b.s.First != P2 || len(b.p(P1).Hand) != 6 || len(b.p(P2).Hand) != 6 || len(b.p(P1).Deck) != 44 {
		t.Fatalf("after first: %s", Summary(&b.s))
	}
	b.bad("P1 first", "CR 6-2-1-5")
	b.bad("P1 keep", "CR 6-2-1-8") // the first player (P2) decides first
	p1Hand := b.names(b.p(P1).Hand)
	b.do("P2 redraw")
	b.bad("P2 redraw", "CR 6-2-1-8-1")
	b.bad("P2 keep", "CR 6-2-1-8-1")
	b.do("P1 redraw")
	if slices.Equal(p1Hand, b.names(b.p(P1).Hand)) {
		t.Log("redraw happened to give the same numbers; allowed but unlikely")
	}
	b.bad("P1 redraw", "CR 6-2-1-8")
	if b.s.Phase != PhaseCharge || b.s.Turn != 1 || b.s.TurnPlayer != P2 {
		t.Fatalf("turn 1 not started: %s", Summary(&b.s))
	}
	for _, side := range []Side{P1, P2} {
		if n := len(b.p(side).Life); n != StartLife {
			t.Errorf("%s life %d, want 8", side, n)
		}
	}
	if b.p(P1).Markers != 1 || b.p(P2).Markers != 0 {
		t.Errorf("markers P1 %d P2 %d: the second player (P1) gets one", b.p(P1).Markers, b.p(P2).Markers)
	}
	if !b.hasEvent("CR 6-2-1-10", true) || !b.hasEvent("CR 7-2-7", true) {
		t.Errorf("setup steps missing from events: %v", b.last)
	}
}

func TestLifeOrderTopOfDeckAtBottom(t *testing.T) {
	cards := testCards(t)
	var setup Setup
	setup.Players[0] = PlayerSetup{Leader: "FS01-01", Deck: repeat("?", 50)}
	setup.Players[1] = PlayerSetup{Leader: "FS02-01", Deck: repeat("?", 50)}
	s := NewState(setup, cards)
	s, _, _ = Apply(s, action(t, "P1 first"))
	s, _, _ = Apply(s, action(t, "P1 keep"))
	deckTop := s.Players[1].Deck[0]
	s, _, v := Apply(s, action(t, "P2 keep"))
	if v != nil {
		t.Fatal(v)
	}
	life := s.Players[1].Life
	if life[len(life)-1] != deckTop {
		t.Errorf("the deck's top card should be the bottom life card")
	}
}

func TestSeedDecidesShuffle(t *testing.T) {
	cards := testCards(t)
	deckOrder := func(seed uint64) []CardID {
		var setup Setup
		setup.Seed = seed
		deck := []string{}
		for _, n := range []string{"FS01-02", "FS01-03", "FS01-04", "FS01-06", "FS01-07"} {
			deck = append(deck, repeat(n, 10)...)
		}
		setup.Players[0] = PlayerSetup{Leader: "FS01-01", Deck: deck}
		setup.Players[1] = PlayerSetup{Leader: "FS02-01", Deck: deck}
		s, _, _ := Apply(NewState(setup, cards), action(t, "P1 first"))
		return s.Players[0].Hand
	}
	if !slices.Equal(deckOrder(1), deckOrder(1)) {
		t.Error("same seed, different shuffle")
	}
	same := 0
	for seed := uint64(2); seed < 12; seed++ {
		if slices.Equal(deckOrder(1), deckOrder(seed)) {
			same++
		}
	}
	if same > 1 {
		t.Errorf("%d of 10 other seeds gave the same opening hand", same)
	}
}

func TestApplyIsPure(t *testing.T) {
	b := newBoard(t)
	before := b.s.Hash()
	next, _, v := Apply(b.s, action(t, "P1 draw"))
	if v != nil {
		t.Fatal(v)
	}
	if b.s.Hash() != before {
		t.Error("Apply changed its input state")
	}
	if next.Hash() == before {
		t.Error("drawing did not change the state hash")
	}
}

func TestChargePhase(t *testing.T) {
	b := newBoard(t)
	b.bad("P1 charge FS01-10", "CR 7-2-9")
	b.bad("P1 play FS01-10", "CR 7-2-9")
	b.bad("P1 end", "CR 7-2-9")
	b.bad("P2 draw FS01-10", "") // P2 draws by effect only, and the card named is wrong: no rule number
	b.do("P1 draw", "P1 charge FS01-10")
	b.bad("P1 charge FS01-10", "CR 7-2-11")
	if len(b.p(P1).Energy) != 1 {
		t.Fatal("charge did not add energy")
	}
	b.do("P1 play FS01-10")
	if b.s.Phase != PhaseMain || !b.p(P1).Energy[0].Rest {
		t.Fatalf("play should start the Main Phase and rest the energy: %s", Summary(&b.s))
	}
	b.bad("P1 charge FS01-10", "CR 7-2-11")
}

func TestReadyAllAtStartOfTurn(t *testing.T) {
	b := newBoard(t).main(P1, 3)
	b.inBattle(P1, "FS01-07", true).energy(P1, "FS01-10", 2)
	b.p(P1).Energy[0].Rest = true
	b.p(P1).Leader.Rest = true
	b.inBattle(P2, "FS02-05", true)
	b.do("P1 end")
	if b.s.TurnPlayer != P2 || b.s.Phase != PhaseCharge || b.s.Turn != 4 {
		t.Fatalf("end: %s", Summary(&b.s))
	}
	if !b.p(P1).Leader.Rest || !b.p(P1).Battle[0].Rest {
		t.Error("the non-turn player's cards must stay rested")
	}
	if b.p(P2).Battle[0].Rest {
		t.Error("P2's cards should be readied in P2's Charge Phase")
	}
	if !b.hasEvent("CR 7-2-7", true) {
		t.Error("ready all is not shown as an engine step")
	}
	b.do("P2 draw", "P2 end")
	if b.p(P1).Leader.Rest || b.p(P1).Battle[0].Rest || b.p(P1).Energy[0].Rest {
		t.Error("P1's cards should be readied in P1's Charge Phase")
	}
}

func TestTurnPlayerOnly(t *testing.T) {
	b := newBoard(t).main(P1, 3).hand(P2, "FS02-05").energy(P2, "FS02-05", 1)
	b.bad("P2 play FS02-05", "CR 7-3-4")
	b.bad("P2 end", "CR 7-3-4")
	b.bad("P2 attack leader -> leader", "CR 7-3-4")
}

func TestPlayPaysCostWithColours(t *testing.T) {
	b := newBoard(t).main(P1, 3)
	b.hand(P1, "FS01-13", "FS01-08").energy(P1, "FS02-05", 4) // blue energy only
	b.bad("P1 play FS01-13", "CR 5-3-1")                      // needs 1 red
	b.energy(P1, "FS01-10", 1)
	b.do("P1 play FS01-13")
	rested := 0
	for _, e := range b.p(P1).Energy {
		if e.Rest {
			rested++
		}
	}
	if rested != 4 || len(b.p(P1).Battle) != 1 || b.p(P1).Battle[0].Rest {
		t.Fatalf("Frieza (cost 4) should rest 4 energy and enter Active: %s", Summary(&b.s))
	}
	b.bad("P1 play FS01-08", "CR 5-3-1") // one active energy left for a cost of 5
}

func TestEnergyMarkerCountsAsLeaderColour(t *testing.T) {
	b := newBoard(t).main(P1, 3).hand(P1, "FS01-07")
	b.energy(P1, "FS02-05", 1) // a blue card: the red orb has to come from the marker
	b.bad("P1 play FS01-07", "CR 5-3-1")
	b.p(P1).Markers = 1
	b.do("P1 play FS01-07")
	if b.p(P1).Markers != 0 || b.p(P1).Removed != 1 || !b.p(P1).Energy[0].Rest {
		t.Fatalf("marker should be removed and the card rested: %+v", b.p(P1))
	}
	// A marker is the Leader's colour only: a blue orb is not paid by P1's red marker.
	b2 := newBoard(t).main(P1, 3).hand(P1, "FS02-13")
	b2.energy(P1, "FS01-10", 4)
	b2.p(P1).Markers = 1
	b2.bad("P1 play FS02-13", "CR 5-3-1")
}

func TestDeclaredCost(t *testing.T) {
	b := newBoard(t).main(P1, 3).hand(P1, "FS01-16").energy(P1, "FS01-10", 1)
	b.bad("P1 play FS01-16", "CR 5-3-1")
	b.do("P1 play FS01-16 cost 1")
	if len(b.p(P1).Drop) != 1 {
		t.Fatal("an Extra goes to the Drop when used")
	}
	found := false
	for _, e := range b.last {
		found = found || (e.Rule == "CR 12-2-2" && strings.Contains(e.Text(), "declared cost 1"))
	}
	if !found {
		t.Errorf("a declared cost should be marked as declared: %v", b.last)
	}
}

func TestExtraTiming(t *testing.T) {
	b := newBoard(t).main(P1, 3).hand(P1, "FS01-15", "FS01-16").energy(P1, "FS01-10", 5)
	b.bad("P1 play FS01-15", "CR 7-3-4-2") // Kamehameha is [Activate Battle] only
	b.do("P1 attack leader -> leader")
	b.bad("P1 play FS01-16", "CR 7-3-4-2") // God Kamehameha is [Activate Main] only
	b.do("P1 play FS01-15", "P1 power leader +15000 battle by TS-09")
	if b.s.Battle.Step != StepOffense || b.power(P1, -1) != 30000 {
		t.Fatalf("after Kamehameha: %s", Summary(&b.s))
	}
	b.bad("P1 play FS01-16", "CR 7-3-4-2")
}

func TestLeaderCannotBePlayed(t *testing.T) {
	b := newBoard(t).main(P1, 3).hand(P1, "FS01-01")
	b.bad("P1 play FS01-01", "CR 6-1-3")
}

func TestFirstPlayerCannotAttackFirstTurn(t *testing.T) {
	b := newBoard(t).do("P1 draw")
	b.bad("P1 attack leader -> leader", "CR 7-3-4-3-1")
	b.do("P1 end", "P2 draw", "P2 attack leader -> leader")
	if b.s.Battle.Step != StepAttack || !b.p(P2).Leader.Rest {
		t.Fatal("the second player may attack on their first turn")
	}
}

func TestAttackTargets(t *testing.T) {
	b := newBoard(t).main(P1, 3)
	b.inBattle(P1, "FS01-07", false).inBattle(P1, "FS01-11", true)
	b.inBattle(P2, "FS02-05", false).inBattle(P2, "FS02-14", true)
	b.bad("P1 attack FS01-11 -> leader", "CR 8-1-1")  // rested attacker
	b.bad("P1 attack FS01-07 -> FS02-05", "CR 8-1-1") // active target
	b.bad("P1 attack FS01-07 -> P1:FS01-11", "CR 8-1-1")
	b.do("P1 attack FS01-07 -> FS02-14")
	if !b.p(P1).Battle[0].Rest || b.s.Battle.Target != b.p(P2).Battle[1].ID {
		t.Fatalf("attack: %s", Summary(&b.s))
	}
	b.bad("P1 attack leader -> leader", "CR 7-3-4") // one battle at a time
}

func TestBlocker(t *testing.T) {
	b := newBoard(t).main(P1, 3).inBattle(P1, "FS01-07", false)
	b.inBattle(P2, "FS02-12", false).inBattle(P2, "FS02-05", false).inBattle(P2, "TS-06", false)
	b.do("P1 attack FS01-07 -> leader")
	b.bad("P1 block FS02-12", "[Blocker]")
	b.bad("P2 block FS02-05", "[Blocker]") // no [Blocker]
	b.do("P2 block FS02-12")
	if b.s.Battle.Target != b.p(P2).Battle[0].ID || !b.p(P2).Battle[0].Rest {
		t.Fatal("the Blocker should be rested and become the target")
	}
	v := b.bad("P2 block TS-06", "[Blocker]")
	if v.Message() != "only one Blocker can be used in a battle" {
		t.Errorf("message %q", v.Message())
	}
	// Too late once combos start.
	b2 := newBoard(t).main(P1, 3).inBattle(P2, "FS02-12", false).hand(P1, "FS01-07")
	b2.do("P1 attack leader -> leader", "P1 combo FS01-07")
	b2.bad("P2 block FS02-12", "[Blocker]")
	// A rested Blocker cannot block.
	b3 := newBoard(t).main(P1, 3).inBattle(P2, "FS02-12", true)
	b3.do("P1 attack leader -> leader")
	b3.bad("P2 block FS02-12", "[Blocker]")
}

func TestCombos(t *testing.T) {
	b := newBoard(t).main(P1, 3)
	b.inBattle(P1, "FS01-07", false).inBattle(P1, "FS01-11", true).hand(P1, "FS01-04", "FS01-15")
	b.hand(P2, "FS02-05", "FS02-10")
	b.do("P1 attack leader -> leader")
	b.bad("P2 combo FS02-05", "Combo")             // defender waits for the attacker to pass
	b.bad("P1 combo FS01-15", "Combo")             // an Extra has no combo power
	b.bad("P1 combo leader", "")                   // not a card in hand
	b.bad("P1 combo FS01-11 from battle", "Combo") // rested
	b.do("P1 combo FS01-04", "P1 combo FS01-07 from battle")
	atk, _, _ := b.s.BattlePowers()
	if atk != 15000+10000+10000 {
		t.Errorf("attacker power %d, want 35000", atk)
	}
	b.do("P1 pass")
	b.bad("P1 combo FS01-15", "Combo") // not after passing
	b.do("P2 combo FS02-05", "P2 combo FS02-10")
	_, def, _ := b.s.BattlePowers()
	if def != 35000 {
		t.Errorf("defender power %d, want 35000", def)
	}
	b.do("P2 pass")
	b.bad("P2 combo FS02-05", "Damage Step")
	b.bad("miss", "Damage Step") // tie goes to the attacker
	b.do("damage")
	if len(b.p(P1).Combo)+len(b.p(P2).Combo) != 0 || len(b.p(P1).Drop) != 2 || len(b.p(P2).Drop) != 2 {
		t.Fatalf("battle end should move combos to the Drop: %s", Summary(&b.s))
	}
	if !b.hasEvent("Battle end", true) {
		t.Error("battle end clean-up is not shown as an engine step")
	}
	if b.s.Battle.Step != NoBattle {
		t.Error("battle still in progress")
	}
}

func TestDamageAndMiss(t *testing.T) {
	b := newBoard(t).main(P1, 3).hand(P2, "FS02-05")
	b.do("P1 attack leader -> leader", "P1 pass", "P2 combo FS02-05", "P2 pass")
	b.bad("damage", "Damage Step")
	b.do("miss")
	if len(b.p(P2).Life) != 8 {
		t.Fatal("a failed attack deals no damage")
	}
	b.bad("damage", "") // no battle any more: a log error
	b2 := newBoard(t).main(P1, 3)
	top := b2.p(P2).Life[0]
	b2.do("P1 attack leader -> leader", "P1 pass", "P2 pass")
	b2.bad("ko", "CR 3-5-3")
	b2.do("damage")
	if len(b2.p(P2).Life) != 7 || b2.p(P2).Hand[len(b2.p(P2).Hand)-1] != top {
		t.Fatal("damage moves the top life card to hand")
	}
}

func TestOutcomeNeedsDamageStep(t *testing.T) {
	b := newBoard(t).main(P1, 3)
	b.do("P1 attack leader -> leader")
	b.bad("damage", "Damage Step")
	b.bad("P1 end", "CR 7-3-4")
}

func TestStrikes(t *testing.T) {
	for _, tc := range []struct {
		card string
		life int
		drop int
	}{{"FS01-07", 7, 0}, {"FS01-08", 6, 0}, {"TS-01", 5, 0}, {"FS01-14", 7, 1}} {
		b := newBoard(t).main(P1, 3).inBattle(P1, tc.card, false)
		b.do("P1 attack "+tc.card+" -> leader", "P1 pass", "P2 pass", "damage")
		if len(b.p(P2).Life) != tc.life || len(b.p(P2).Drop) != tc.drop {
			t.Errorf("%s: life %d drop %d, want %d and %d", tc.card, len(b.p(P2).Life), len(b.p(P2).Drop), tc.life, tc.drop)
		}
	}
}

func TestKO(t *testing.T) {
	b := newBoard(t).main(P1, 3).inBattle(P1, "FS01-07", false).inBattle(P2, "FS02-14", true)
	b.p(P2).Battle[0].Ki = 2
	b.do("P1 attack FS01-07 -> FS02-14", "P1 pass", "P2 pass")
	b.bad("damage", "Damage Step")
	b.do("ko")
	if len(b.p(P2).Battle) != 0 || len(b.p(P2).Drop) != 1 {
		t.Fatal("a KO'd card goes to the Drop")
	}
	// A stronger target is not KO'd.
	b2 := newBoard(t).main(P1, 3).inBattle(P1, "FS01-02", false).inBattle(P2, "FS02-14", true)
	b2.do("P1 attack FS01-02 -> FS02-14", "P1 pass", "P2 pass")
	b2.bad("ko", "Damage Step")
	b2.do("miss")
}

func TestDefeatByLife(t *testing.T) {
	b := newBoard(t).main(P1, 3).life(P2, 1).inBattle(P1, "FS01-08", false)
	b.do("P1 attack FS01-08 -> leader", "P1 pass", "P2 pass", "damage")
	if !b.s.Result.Over || b.s.Result.Winner != P1 || b.s.Phase != PhaseOver {
		t.Fatalf("P2 at 0 life should lose: %s", Summary(&b.s))
	}
	if !b.hasEvent("CR 14-1-2-1", true) {
		t.Error("defeat check is not an engine step")
	}
	b.bad("P2 draw", "CR 0-1-3-2")
}

func TestDefeatByDeck(t *testing.T) {
	b := newBoard(t).deck(P1, 1)
	b.do("P1 draw")
	if !b.s.Result.Over || b.s.Result.Winner != P2 {
		t.Fatalf("P1 with an empty deck should lose at once: %s", Summary(&b.s))
	}
}

func TestDefeatBothAtOnceIsDraw(t *testing.T) {
	b := newBoard(t).main(P1, 3).deck(P1, 1).life(P2, 1)
	// One declared effect empties P1's deck and takes P2's last life card.
	b.s.Players[P2].Life = nil
	b.do("P1 move top from deck to drop by TS-09")
	if !b.s.Result.Over || b.s.Result.Winner != NoSide {
		t.Fatalf("want a draw: %s", Summary(&b.s))
	}
}

func TestPowerZeroGoesToDropNotKO(t *testing.T) {
	b := newBoard(t).main(P1, 3).inBattle(P2, "FS02-08", false)
	b.do("P1 power P2:FS02-08 -5000 by TS-09")
	if len(b.p(P2).Battle) != 0 || len(b.p(P2).Drop) != 1 || !b.hasEvent("Power 0", true) {
		t.Fatalf("power 0: %s %v", Summary(&b.s), b.last)
	}
	for _, e := range b.last {
		if e.Rule == "Damage Step" {
			t.Error("power 0 is not a KO")
		}
	}
}

func TestEndOfTurnClearsTurnEffects(t *testing.T) {
	b := newBoard(t).main(P1, 3).inBattle(P1, "FS01-07", false)
	b.do("P1 power FS01-07 +5000 by TS-09", "P1 power FS01-07 +1000 lasting by TS-09")
	if b.power(P1, 0) != 26000 {
		t.Fatalf("power %d", b.power(P1, 0))
	}
	b.do("P1 end")
	if b.power(P1, 0) != 21000 {
		t.Errorf("after the turn: %d, want 21000 (only the lasting change stays)", b.power(P1, 0))
	}
	if !b.hasEvent("CR 7-4", false) {
		t.Error("end of turn event missing")
	}
}

func TestBattlePowerChangeNeedsBattle(t *testing.T) {
	b := newBoard(t).main(P1, 3)
	b.bad("P1 power leader +5000 battle by TS-09", "")
	b.do("P1 attack leader -> leader", "P1 power leader +5000 battle by TS-09")
	if b.power(P1, -1) != 20000 {
		t.Fatal("battle power change missing")
	}
	b.do("P1 pass", "P2 pass", "damage")
	if b.power(P1, -1) != 15000 {
		t.Error("battle power change outlived the battle")
	}
}

func TestConcede(t *testing.T) {
	b := newBoard(t)
	b.do("P2 concede")
	if b.s.Result.Winner != P1 || !b.s.Result.Over {
		t.Fatal("concession")
	}
	b.bad("P1 draw", "CR 0-1-3-4")
}

func TestAwaken(t *testing.T) {
	b := newBoard(t).main(P1, 3)
	b.bad("P1 awaken", "[Awaken]") // 8 life; FS01-01 needs 4 or less
	b.life(P1, 4)
	b.do("P1 awaken")
	if !b.p(P1).Leader.Awakened || b.power(P1, -1) != 20000 {
		t.Fatal("awakened Leader should show its back power")
	}
	b.bad("P1 awaken", "[Awaken]")
	// In the Defense Step of the opponent's turn, a rested Leader stays rested.
	b2 := newBoard(t).main(P1, 3).life(P2, 3)
	b2.p(P2).Leader.Rest = true
	b2.bad("P2 awaken", "CR 7-3-4-2") // not P2's Main Phase and no battle
	b2.do("P1 attack leader -> leader", "P1 pass", "P2 awaken")
	if !b2.p(P2).Leader.Awakened || !b2.p(P2).Leader.Rest {
		t.Fatal("awaken in the Defense Step keeps the mode")
	}
}

func TestEvolve(t *testing.T) {
	b := newBoard(t).main(P1, 3).inBattle(P1, "FS01-07", true).hand(P1, "TS-02", "FS01-11").energy(P1, "FS01-10", 2)
	b.do("P1 power FS01-07 +5000 by TS-09")
	b.bad("P1 evolve FS01-11 on FS01-07", "[Evolve]")
	b.bad("P1 evolve TS-02 on FS01-13", "")
	b.bad("P1 evolve TS-02 on FS01-07 cost 3", "CR 5-3-1")
	b.do("P1 evolve TS-02 on FS01-07 cost 2")
	bc := b.p(P1).Battle[0]
	if b.s.Name(bc.ID) != "TS-02" || !bc.Rest || len(bc.Under) != 1 || b.power(P1, 0) != 35000 {
		t.Fatalf("evolve should keep mode and power changes: %s", Summary(&b.s))
	}
	// The evolved card and what it evolved from all go to the Drop on a KO.
	b.do("P1 end", "P2 draw", "P2 attack leader -> TS-02", "P2 power leader +30000 battle by TS-09", "P2 pass", "P1 pass", "ko")
	if len(b.p(P1).Drop) != 2 || len(b.p(P1).Battle) != 0 {
		t.Fatalf("KO of an evolved card: %s", Summary(&b.s))
	}
}

func TestFusionEvolve(t *testing.T) {
	b := newBoard(t).main(P1, 3).inBattle(P1, "FS01-07", false).inBattle(P1, "FS01-11", false).hand(P1, "TS-03", "TS-02")
	b.bad("P1 evolve TS-02 on FS01-07 FS01-11", "[Fusion Evolve]")
	b.bad("P1 evolve TS-03 on FS01-07 FS01-07", "[Fusion Evolve]")
	b.do("P1 evolve TS-03 on FS01-07 FS01-11")
	if len(b.p(P1).Battle) != 1 || len(b.p(P1).Battle[0].Under) != 2 || b.power(P1, 0) != 40000 {
		t.Fatalf("fusion: %s", Summary(&b.s))
	}
}

func TestField(t *testing.T) {
	b := newBoard(t).main(P1, 3).hand(P1, "TS-04", "TS-05").energy(P1, "FS01-10", 2)
	b.do("P1 play TS-04")
	if b.p(P1).Field == NoCard || len(b.p(P1).Drop) != 0 {
		t.Fatal("a [Field] stays in the Battle Area")
	}
	b.do("P1 play TS-05")
	if b.s.Name(b.p(P1).Field) != "TS-05" || len(b.p(P1).Drop) != 1 {
		t.Fatal("a new [Field] sends the old one to the Drop")
	}
	b.do("P1 rest TS-05 by TS-09")
	if !b.p(P1).FieldRest {
		t.Fatal("rest a [Field]")
	}
	b.bad("P1 attack TS-05 -> leader", "CR 8-1-1")
	// A [Field] is placed in the Main Phase, not during a battle.
	b.hand(P1, "TS-04").energy(P1, "FS01-10", 1)
	b.do("P1 attack leader -> leader")
	b.bad("P1 play TS-04", "CR 7-3-4")
}

func TestKi(t *testing.T) {
	b := newBoard(t).main(P1, 3).inBattle(P1, "FS01-07", false).hand(P1, "FS01-02")
	b.do("P1 ki FS01-07 +2 by TS-09")
	if b.p(P1).Battle[0].Ki != 2 {
		t.Fatal("ki")
	}
	b.bad("P1 ki FS01-07 -3 by TS-09", "[Ki]")
	b.bad("P1 play FS01-02", "CR 5-3-1") // [Ki] cannot pay costs
	b.do("P1 move FS01-07 from battle to hand by TS-09")
	if len(b.p(P1).Battle) != 0 {
		t.Fatal("move from battle")
	}
	b.do("P1 move FS01-07 from hand to battle by TS-09")
	if b.p(P1).Battle[0].Ki != 0 {
		t.Error("[Ki] is lost when the card leaves play")
	}
}

func TestDeclaredMoves(t *testing.T) {
	b := newBoard(t).main(P1, 3)
	top := b.p(P1).Life[0]
	b.do("P1 move top from life to hand by TS-09")
	if b.p(P1).Hand[len(b.p(P1).Hand)-1] != top || len(b.p(P1).Life) != 7 {
		t.Fatal("life to hand")
	}
	if !b.last[0].Declared {
		t.Error("effect actions are marked declared")
	}
	b.bad("P1 move leader from battle to drop by TS-09", "CR 3-5-3")
	b.bad("P1 move FS09-01 from drop to hand by TS-09", "")
	b.do("P1 move FS01-10 from hand to deck bottom by TS-09")
	if b.s.Name(b.p(P1).Deck[len(b.p(P1).Deck)-1]) != "FS01-10" {
		t.Error("to the bottom of the deck")
	}
	b.do("P1 shuffle by TS-09")
}

func TestUnknownCardsAreRevealed(t *testing.T) {
	cards := testCards(t)
	var setup Setup
	setup.Players[0] = PlayerSetup{Leader: "FS01-01", Deck: repeat("?", 50)}
	setup.Players[1] = PlayerSetup{Leader: "FS02-01", Deck: repeat("?", 50)}
	b := &board{t: t, s: NewState(setup, cards), cards: cards}
	b.do("P1 first", "P1 keep", "P2 keep", "P1 draw FS01-07", "P1 charge FS01-10", "P1 end", "P2 draw", "P2 charge FS02-05")
	b.do("P2 play FS02-08")
	if b.s.Name(b.p(P2).Battle[0].ID) != "FS02-08" {
		t.Fatal("playing from an unknown hand reveals the card")
	}
	b.do("P2 move top from deck to hand by TS-09", "P2 end", "P1 draw FS01-02")
	if n := b.p(P2).Hand; b.s.Name(n[len(n)-1]) != "?" {
		t.Error("an unnamed card stays unknown")
	}
	// A named draw must match a known top card.
	b.s.Players[P1].Deck[0] = b.newCard(P1, "FS01-03")
	v := b.bad("P1 draw FS01-04", "")
	if v.Message() != "the top card of P1's deck is FS01-03, not FS01-04" {
		t.Errorf("message %q", v.Message())
	}
}

func TestDeckChecks(t *testing.T) {
	cards := testCards(t)
	ok := append(repeat("FS01-02", 4), repeat("FS01-03", 4)...)
	for len(ok) < 50 {
		ok = append(ok, "?")
	}
	if vs := CheckDeck("FS01-01", ok, cards); len(vs) != 0 {
		t.Fatalf("legal deck flagged: %v", vs)
	}
	rule := func(leader string, deck []string) []string {
		var out []string
		for _, v := range CheckDeck(leader, deck, cards) {
			out = append(out, v.Rule)
		}
		return out
	}
	withCards := func(extra ...string) []string {
		d := append([]string{}, extra...)
		for len(d) < 50 {
			d = append(d, "?")
		}
		return d
	}
	for _, tc := range []struct {
		name string
		deck []string
		want string
	}{
		{"too small", repeat("?", 49), "CR 6-1-3"},
		{"too big", repeat("?", 61), "CR 6-1-3"},
		{"five copies", withCards(repeat("FS01-02", 5)...), "CR 6-1-4-2"},
		{"wrong colour", withCards("FS02-05"), "CR 6-1-4-1"},
		{"one colour of two missing", withCards("TS-08"), "CR 6-1-4-1"},
		{"super combo", withCards(append(repeat("FS01-05", 4), "FS01-05")...), "[Super Combo]"},
		{"dragon balls", withCards(repeat("TS-07", 8)...), "[Dragon Ball]"},
		{"leader in deck", withCards("FS01-01"), "CR 6-1-3"},
	} {
		if got := rule("FS01-01", tc.deck); !slices.Contains(got, tc.want) {
			t.Errorf("%s: rules %v, want %s", tc.name, got, tc.want)
		}
	}
	if got := rule("FS01-02", ok); !slices.Contains(got, "CR 6-1-2") {
		t.Errorf("a Battle Card as Leader: %v", got)
	}
}

func TestDefenderUsesBattleExtraInDefenseStep(t *testing.T) {
	b := newBoard(t).main(P1, 3).hand(P2, "FS02-15").energy(P2, "FS02-05", 1)
	b.do("P1 attack leader -> leader")
	b.bad("P2 play FS02-15", "Combo") // not before the attacker passes
	b.do("P1 pass", "P2 play FS02-15", "P2 power leader +15000 battle by TS-09", "P2 pass")
	b.bad("damage", "Damage Step")
	b.do("miss")
	if len(b.p(P2).Drop) != 1 || !b.p(P2).Energy[0].Rest {
		t.Fatalf("Galick Gun should be paid and dropped: %s", Summary(&b.s))
	}
}

func TestEffectKOOfAttackerEndsBattle(t *testing.T) {
	b := newBoard(t).main(P1, 3).inBattle(P1, "FS01-07", false).hand(P1, "FS01-02")
	b.do("P1 attack FS01-07 -> leader", "P1 combo FS01-02", "P2 ko P1:FS01-07 by TS-09")
	if b.s.Battle.Step != NoBattle || len(b.p(P1).Drop) != 2 {
		t.Fatalf("the battle ends when its attacker leaves: %s", Summary(&b.s))
	}
	b.bad("P2 ko P1:leader by TS-09", "CR 3-5-3")
}

func TestMovesBetweenPlayZones(t *testing.T) {
	b := newBoard(t).main(P1, 3).energy(P1, "FS01-10", 2).hand(P1, "TS-04").inBattle(P1, "FS01-07", false)
	b.do("P1 rest FS01-10 in energy by TS-09")
	if !b.p(P1).Energy[0].Rest {
		t.Fatal("rest in energy")
	}
	b.bad("P1 rest FS01-11 in energy by TS-09", "")
	b.do("P1 ready FS01-10 in energy by TS-09", "P1 move FS01-10 from energy to drop by TS-09", "P1 play TS-04", "P1 move TS-04 from battle to hand by TS-09")
	if b.p(P1).Field != NoCard || len(b.p(P1).Energy) != 1 || !b.p(P1).Energy[0].Rest {
		t.Fatalf("moves: %s", Summary(&b.s))
	}
	b.do("P1 move FS01-07 from battle to energy by TS-09")
	if len(b.p(P1).Energy) != 2 || len(b.p(P1).Battle) != 0 {
		t.Fatal("battle to energy")
	}
	b.do("P1 rest leader by TS-09", "P1 ready leader by TS-09", "P1 move P2:top from life to drop by TS-09")
	if len(b.p(P2).Life) != 7 {
		t.Fatal("moving an opponent's card")
	}
}

func TestReplayDeckProblemsStopUnlessRunOn(t *testing.T) {
	cards := testCards(t)
	l := &Log{}
	l.Setup.Players[0] = PlayerSetup{Leader: "FS01-01", Deck: repeat("FS01-07", 50)}
	l.Setup.Players[1] = PlayerSetup{Leader: "FS02-01", Deck: repeat("?", 50)}
	l.Actions = []Action{action(t, "P1 first"), action(t, "P1 keep")}
	r := Run(l, cards, ReplayOptions{})
	if v := r.FirstViolation(); v == nil || v.Rule != "CR 6-1-4-2" || len(r.Steps) != 0 {
		t.Fatalf("deck problem: %v, %d steps", v, len(r.Steps))
	}
	r = Run(l, cards, ReplayOptions{RunOn: true, Until: 1})
	if len(r.Steps) != 1 || r.FirstViolation() == nil {
		t.Fatalf("run on, until 1: %d steps", len(r.Steps))
	}
}

func TestViolationNamesStepAndLine(t *testing.T) {
	l, err := ParseText([]byte("[P1Leader \"FS01-01\"]\n[P2Leader \"FS02-01\"]\n[P1Deck \"50 ?\"]\n[P2Deck \"50 ?\"]\nP1 first\nP1 keep\nP2 keep\n\nP1 attack leader -> leader\n"))
	if err != nil {
		t.Fatal(err)
	}
	v := Run(l, testCards(t), ReplayOptions{}).FirstViolation()
	if v == nil || v.Step != 4 || v.Line != 9 || v.Rule != "CR 7-2-9" {
		t.Fatalf("%+v", v)
	}
	if got := v.Error(); got != "step 4 (line 9): CR 7-2-9: P1 must draw a card in the Charge Phase first" {
		t.Errorf("Error() = %q", got)
	}
}
