package engine

import (
	"strings"
	"testing"
)

// Scenarios for the effect families the engine reads from card text, each
// on real cards (the fixture's text, unchanged).

// realBoard is a board with real card data: P1 FS01-01 Son Goku, P2 FS02-01
// Vegeta, decks of 30 Tien Shinhan (FS01-10, a vanilla card) and Son Goten
// (FS02-05).
func realBoard(t *testing.T) *board {
	t.Helper()
	return newBoardWith(t, realCards(t), [2]string{"FS01-01", "FS02-01"}, [2]string{"FS01-10", "FS02-05"})
}

func (b *board) eventText() string {
	var parts []string
	for _, e := range b.last {
		parts = append(parts, e.Text())
	}
	return strings.Join(parts, " | ")
}

func (b *board) wantEvent(substr string) {
	b.t.Helper()
	if !strings.Contains(b.eventText(), substr) {
		b.t.Fatalf("no event with %q: %s", substr, b.eventText())
	}
}

func TestLeaderDrawsWhenAttackingByItself(t *testing.T) {
	b := realBoard(t).main(P2, 2)
	hand, deck := len(b.p(P2).Hand), len(b.p(P2).Deck)
	b.do("P2 attack leader -> leader")
	if len(b.p(P2).Hand) != hand+1 || len(b.p(P2).Deck) != deck-1 {
		t.Fatalf("hand %d deck %d, want %d and %d: %s", len(b.p(P2).Hand), len(b.p(P2).Deck), hand+1, deck-1, b.eventText())
	}
	if !b.hasEvent("[When Attacking]", false) {
		t.Errorf("the draw is not cited as [When Attacking]: %v", b.last)
	}
	// A draw written after it, as logs did before, is one more draw that
	// no skill explains: outside the Charge Phase only an effect draws.
	b.bad("P2 draw", "CR 7-2-9")
	if len(b.p(P2).Hand) != hand+1 {
		t.Errorf("the refused draw changed the hand: %d", len(b.p(P2).Hand))
	}
}

func TestEffectsDeclaredLogDrawsNothingItself(t *testing.T) {
	cards := realCards(t)
	var setup Setup
	setup.Seed, setup.Effects = 7, EffectsDeclared
	setup.Players[0] = PlayerSetup{Leader: "FS01-01", Deck: repeat("FS01-10", 30)}
	setup.Players[1] = PlayerSetup{Leader: "FS02-01", Deck: repeat("FS02-05", 30)}
	b := &board{t: t, cards: cards, s: NewState(setup, cards)}
	b.do("P1 first", "P1 keep", "P2 keep").main(P2, 2)
	hand := len(b.p(P2).Hand)
	b.do("P2 attack leader -> leader")
	if len(b.p(P2).Hand) != hand {
		t.Fatalf("with [Effects \"declared\"] the engine drew for the Leader: %s", b.eventText())
	}
}

func TestAwakenDrawsThenFlips(t *testing.T) {
	b := realBoard(t).main(P1, 3).life(P1, 4)
	hand := len(b.p(P1).Hand)
	b.do("P1 awaken")
	if !b.p(P1).Leader.Awakened || len(b.p(P1).Hand) != hand+1 {
		t.Fatalf("awakened %v, hand %d (want %d): %s", b.p(P1).Leader.Awakened, len(b.p(P1).Hand), hand+1, b.eventText())
	}
	// The back side's [Activate Battle][Once per turn]: +5000 to a Battle Card.
	b.inBattle(P1, "FS01-10", false)
	b.do("P1 attack FS01-10 -> leader", "P1 use leader -> FS01-10")
	if got := b.power(P1, 0); got != 20000 {
		t.Errorf("Tien Shinhan has %d power, want 15000 + 5000", got)
	}
	b.bad("P1 use leader -> FS01-10", "[Once per turn]")
}

func TestOnPlayDrawAndCostReduction(t *testing.T) {
	b := realBoard(t).main(P1, 3).hand(P1, "FS01-03").energy(P1, "FS01-10", 1)
	hand := len(b.p(P1).Hand)
	b.do("P1 play FS01-03")
	if len(b.p(P1).Hand) != hand { // one played, one drawn
		t.Fatalf("Master Roshi's [On Play] did not draw: hand %d, want %d", len(b.p(P1).Hand), hand)
	}
	b.wantEvent("FS01-03 [On Play]: P1 draws 1 card")
}

func TestPermanentPowerWhileItsConditionHolds(t *testing.T) {
	b := realBoard(t).main(P1, 3)
	b.inBattle(P1, "FS01-04", false) // Krillin: [Permanent][Your Turn] +5000
	if got := b.power(P1, 0); got != 20000 {
		t.Errorf("Krillin on its player's turn: %d, want 20000", got)
	}
	b.s.TurnPlayer = P2
	if got := b.power(P1, 0); got != 15000 {
		t.Errorf("Krillin on the opponent's turn: %d, want 15000", got)
	}
	// Son Gohan (FS02-07): +15000 on its turn with 7 or fewer cards in hand.
	b.inBattle(P2, "FS02-07", false)
	b.p(P2).Hand = b.p(P2).Hand[:0]
	b.hand(P2, repeat("FS02-05", 8)...)
	if got := b.power(P2, 0); got != 20000 {
		t.Errorf("Son Gohan with 8 cards in hand: %d, want 20000", got)
	}
	b.p(P2).Hand = b.p(P2).Hand[:7]
	if got := b.power(P2, 0); got != 35000 {
		t.Errorf("Son Gohan with 7 cards in hand: %d, want 35000", got)
	}
}

func TestComboPowerOnTheOpponentsTurn(t *testing.T) {
	b := realBoard(t).main(P2, 2).hand(P1, "FS01-05", "FS01-05")
	b.do("P2 attack leader -> leader", "P2 pass", "P1 combo FS01-05")
	atk, def, ok := b.s.BattlePowers()
	if !ok || def != 15000+10000+10000 {
		t.Fatalf("Shin from hand on the opponent's turn: %d against %d, want 35000 defending", atk, def)
	}
	b.do("P1 pass", "miss", "P2 end", "P1 draw")
	b.do("P1 attack leader -> leader", "P1 combo FS01-05")
	if atk, _, _ := b.s.BattlePowers(); atk != 15000+10000 {
		t.Errorf("Shin on its own player's turn gets no bonus: attacker %d, want 25000", atk)
	}
}

func TestChoiceWaitsForUse(t *testing.T) {
	b := realBoard(t).main(P1, 3).hand(P1, "FS01-02", "FS01-02").energy(P1, "FS01-10", 2)
	b.inBattle(P2, "FS02-05", true)
	b.inBattle(P1, "FS01-10", false)
	b.do("P1 play FS01-02")
	if len(b.s.Pending) != 1 {
		t.Fatalf("Whis's [On Play] should wait for a choice: %s", b.eventText())
	}
	// Only the opponent's Battle Cards can be chosen.
	v := b.bad("P1 use FS01-02 -> FS01-10", "Card skills")
	if !strings.Contains(v.Message(), "cannot choose FS01-10") || !strings.Contains(v.Message(), "of your opponent's Battle Cards") {
		t.Errorf("message: %s", v.Message())
	}
	b.do("P1 use FS01-02 -> P2:FS02-05")
	if got := b.power(P2, 0); got != 10000 || len(b.s.Pending) != 0 {
		t.Fatalf("Son Goten %d power, want 15000 - 5000; pending %v", got, b.s.Pending)
	}
	// The second Whis: a log that goes on without its use line cannot say
	// whether the player chose none; the engine does not guess.
	b.do("P1 play FS01-02")
	v = b.bad("P1 end", "")
	if !v.LogError || !strings.Contains(v.Message(), "choice missing: FS01-02 [On Play] (step") {
		t.Errorf("a missing choice: %v", v)
	}
	b.do("P1 use FS01-02 -> none", "P1 end")
	if got := b.power(P2, 0); got != 15000 || len(b.s.Pending) != 0 {
		t.Errorf("after the turn: Son Goten %d power, pending %v", got, b.s.Pending)
	}
	b.bad("P1 use FS01-02 -> P2:FS02-05", "Card skills") // no skill waits any more
}

func TestKOWithPowerLimitAndOwnCostReduction(t *testing.T) {
	b := realBoard(t).main(P1, 3).hand(P1, "FS01-16", "FS01-16").energy(P1, "FS01-10", 1)
	b.inBattle(P2, "FS02-13", true) // Vegeta, 35000
	b.inBattle(P2, "FS02-05", true) // Son Goten, 15000
	// God Kamehameha costs 2, 1 less while P1 has no Battle Cards.
	b.do("P1 play FS01-16")
	b.wantEvent("reduces its cost by 1")
	v := b.bad("P1 use FS01-16 -> P2:FS02-13", "Card skills")
	if !strings.Contains(v.Message(), "power of 30000 or less") {
		t.Errorf("message: %s", v.Message())
	}
	b.do("P1 use FS01-16 -> P2:FS02-05")
	if len(b.p(P2).Battle) != 1 || b.names(b.p(P2).Drop)[0] != "FS02-05" {
		t.Fatalf("Son Goten not KO'd: %s", Summary(&b.s))
	}
	// With a Battle Card in play the second one costs 2, and P1 has no energy left.
	b.inBattle(P1, "FS01-10", false)
	v = b.bad("P1 play FS01-16", "CR 5-3-1")
	if !strings.Contains(v.Message(), "no Active energy left") {
		t.Errorf("message: %s", v.Message())
	}
}

func TestRestChoiceAfterDraw(t *testing.T) {
	b := realBoard(t).main(P1, 3).hand(P1, "FB01-135").energy(P1, "FB01-135", 1)
	b.inBattle(P2, "FS02-05", false)
	hand := len(b.p(P1).Hand)
	b.do("P1 play FB01-135", "P1 use FB01-135 -> P2:FS02-05")
	if !b.p(P2).Battle[0].Rest || len(b.p(P1).Hand) != hand {
		t.Fatalf("draw 1 then rest: rest %v, hand %d want %d: %s", b.p(P2).Battle[0].Rest, len(b.p(P1).Hand), hand, b.eventText())
	}
}

func TestWhenAttackingBottomOfDeckThenActive(t *testing.T) {
	b := realBoard(t).main(P1, 3)
	b.inBattle(P1, "FB01-059", false)
	b.inBattle(P2, "FS02-05", true) // cost 1
	b.inBattle(P2, "FS02-07", true) // cost 3
	b.do("P1 attack FB01-059 -> leader")
	b.bad("P1 use FB01-059 -> P2:FS02-07", "Card skills") // cost 1 or less
	deck := len(b.p(P2).Deck)
	b.do("P1 use FB01-059 -> P2:FS02-05")
	if b.p(P1).Battle[0].Rest || len(b.p(P2).Deck) != deck+1 || b.s.Name(b.p(P2).Deck[deck]) != "FS02-05" {
		t.Fatalf("FB01-059: rest %v, P2 deck %d: %s", b.p(P1).Battle[0].Rest, len(b.p(P2).Deck), b.eventText())
	}
	// The attack goes on; [Once per turn] stops the second attack's skill.
	b.do("P1 pass", "P2 pass", "damage", "P1 attack FB01-059 -> leader")
	if len(b.s.Pending) != 0 {
		t.Errorf("a [Once per turn] skill triggered twice: %v", b.s.Pending)
	}
}

func TestReturnToHandWithCostLimitAndLifeToHand(t *testing.T) {
	b := realBoard(t).main(P2, 2)
	b.inBattle(P2, "FS02-06", false) // Son Goten: life to hand, then bounce cost 2 or less
	b.inBattle(P1, "FS01-04", true)  // Krillin, cost 2
	b.inBattle(P1, "FS01-06", true)  // Android 17, cost 3
	life, hand := len(b.p(P2).Life), len(b.p(P2).Hand)
	b.do("P2 attack FS02-06 -> leader")
	b.bad("P2 use FS02-06 -> P1:FS01-06", "Card skills")
	b.do("P2 use FS02-06 -> P1:FS01-04")
	if len(b.p(P2).Life) != life-1 || len(b.p(P2).Hand) != hand+1 || len(b.p(P1).Battle) != 1 || b.s.Name(b.p(P1).Hand[len(b.p(P1).Hand)-1]) != "FS01-04" {
		t.Fatalf("life %d hand %d, P1 battle %d: %s", len(b.p(P2).Life), len(b.p(P2).Hand), len(b.p(P1).Battle), b.eventText())
	}
}

func TestDecliningAnUpToLifeCard(t *testing.T) {
	b := realBoard(t).main(P1, 3).hand(P1, "FS01-04", "FS01-04").energy(P1, "FS01-10", 4)
	life := len(b.p(P1).Life)
	b.do("P1 play FS01-04", "P1 use FS01-04 -> none")
	if len(b.p(P1).Life) != life {
		t.Fatalf("'none' declines Krillin's life card: life %d", len(b.p(P1).Life))
	}
	b.do("P1 play FS01-04", "P1 use FS01-04")
	if len(b.p(P1).Life) != life-1 {
		t.Fatalf("a use line takes the life card: life %d", len(b.p(P1).Life))
	}
}

func TestMandatoryLifeToHandAndAddLife(t *testing.T) {
	b := realBoard(t).main(P1, 3).hand(P1, "FB01-124", "FB01-090").energy(P1, "FB01-124", 2).energy(P1, "FB01-090", 6)
	life, deck := len(b.p(P1).Life), len(b.p(P1).Deck)
	b.do("P1 play FB01-124")
	if len(b.p(P1).Life) != life-1 {
		t.Fatalf("FB01-124 [On Play] Add 1 card from your life: life %d: %s", len(b.p(P1).Life), b.eventText())
	}
	b.do("P1 play FB01-090")
	if len(b.p(P1).Life) != life || len(b.p(P1).Deck) != deck-1 {
		t.Fatalf("FB01-090 adds the deck's top card to life: life %d deck %d: %s", len(b.p(P1).Life), len(b.p(P1).Deck), b.eventText())
	}
}

func TestPlayFromHandWithCostAndTraitLimit(t *testing.T) {
	b := realBoard(t).main(P1, 3).hand(P1, "FB02-013", "FB02-012", "FS01-13").energy(P1, "FS01-10", 4)
	b.do("P1 play FB02-013")
	b.bad("P1 use FB02-013 -> FS01-13", "Card skills") // Frieza: not «Tournament of Power»
	b.do("P1 use FB02-013 -> FB02-012")
	if len(b.p(P1).Battle) != 2 || b.s.Name(b.p(P1).Battle[1].ID) != "FB02-012" {
		t.Fatalf("Kefla not played: %s", Summary(&b.s))
	}
	b.wantEvent("plays FB02-012 (no cost)")
}

func TestChargeWithEnergyCost(t *testing.T) {
	b := realBoard(t).main(P1, 3).energy(P1, "FB03-139", 2)
	b.inBattle(P1, "FB03-139", false)
	energy := len(b.p(P1).Energy)
	b.do("P1 attack FB03-139 -> leader", "P1 use FB03-139")
	if len(b.p(P1).Energy) != energy+1 || !b.p(P1).Energy[energy].Rest || b.p(P1).Energy[0].Rest != true {
		t.Fatalf("FB03-139 pays 2 and charges in Rest Mode: %s", b.eventText())
	}
	b.wantEvent("pays with FB03-139, FB03-139 (rested)")
}

func TestBlockerWhileYouHaveGokuBlack(t *testing.T) {
	b := realBoard(t).main(P2, 2)
	b.inBattle(P1, "FB01-043", false) // Zamasu: [Blocker] while P1 has a <Goku Black> Battle Card
	b.do("P2 attack leader -> leader")
	v := b.bad("P1 block FB01-043", "[Blocker]")
	if !strings.Contains(v.Message(), "only while its condition holds") {
		t.Errorf("message: %s", v.Message())
	}
	b.inBattle(P1, "FB01-038", false) // Goku Black
	b.do("P1 block FB01-043")
	if b.s.Battle.Target != b.p(P1).Battle[0].ID {
		t.Fatalf("Zamasu is not the target")
	}
}

func TestActivateCostDiscardAndOncePerTurn(t *testing.T) {
	b := realBoard(t).main(P1, 3).hand(P1, "FS01-10", "FS01-11")
	b.inBattle(P1, "FB01-096", false)
	b.inBattle(P2, "FS02-05", true)
	b.inBattle(P2, "FS02-08", true)
	v := b.bad("P1 use FB01-096", "Card skills")
	if !strings.Contains(v.Message(), "needs 1 card from your hand") {
		t.Errorf("message: %s", v.Message())
	}
	b.do("P1 use FB01-096 -> FS01-11 P2:FS02-05")
	if len(b.p(P2).Battle) != 1 || b.names(b.p(P1).Drop)[0] != "FS01-11" {
		t.Fatalf("discard FS01-11, KO Son Goten: %s", Summary(&b.s))
	}
	b.bad("P1 use FB01-096 -> FS01-10 P2:FS02-08", "[Once per turn]")
	b.bad("P1 use FB01-096 -> FS01-10", "[Once per turn]")
}

func TestActivateBattleRestCostOfAField(t *testing.T) {
	b := realBoard(t).main(P1, 3).hand(P1, "FB01-032").energy(P1, "FS01-10", 2)
	b.do("P1 play FB01-032")
	b.bad("P1 use FB01-032 -> leader", "[Activate Battle]") // not in a battle
	b.do("P1 attack leader -> leader", "P1 use FB01-032 -> leader")
	if b.p(P1).Leader.Mods.Battle != 5000 || !b.p(P1).FieldRest {
		t.Fatalf("+5000 for the battle and the [Field] rested: %s", b.eventText())
	}
	b.bad("P1 use FB01-032 -> leader", "Card skills") // in Rest Mode now
}

func TestSearchTakesANamedCardFromTheTop(t *testing.T) {
	cards := realCards(t)
	var setup Setup
	setup.Seed = 7
	deck := append(repeat("FS01-10", 30), "FB01-038")
	setup.Players[0] = PlayerSetup{Leader: "FB01-036", Deck: deck}
	setup.Players[1] = PlayerSetup{Leader: "FS02-01", Deck: repeat("FS02-05", 30)}
	b := &board{t: t, cards: cards, s: NewState(setup, cards)}
	b.do("P1 first", "P1 keep", "P2 keep").main(P1, 3).hand(P1, "FB02-042").energy(P1, "FB02-042", 1)
	// Put one Goku Black on top of the deck, then search.
	p := b.p(P1)
	for i, id := range p.Deck {
		if b.s.Name(id) == "FB01-038" {
			p.Deck[0], p.Deck[i] = p.Deck[i], p.Deck[0]
		}
	}
	if b.s.Name(p.Deck[0]) != "FB01-038" {
		p.Deck[0] = b.newCard(P1, "FB01-038")
	}
	b.do("P1 play FB02-042")
	b.bad("P1 use FB02-042 -> FS01-10", "Card skills") // not a <Goku Black>
	deck0 := len(p.Deck)
	b.do("P1 use FB02-042 -> FB01-038")
	p = b.p(P1)
	if b.s.Name(p.Hand[len(p.Hand)-1]) != "FB01-038" || len(p.Deck) != deck0-1 {
		t.Fatalf("Goku Black not added: %s", b.eventText())
	}
}

func TestPermanentCantAttack(t *testing.T) {
	b := realBoard(t).main(P1, 3)
	b.inBattle(P1, "FB01-017", false)
	b.bad("P1 attack FB01-017 -> leader", "Card skills")
}

// Korin FB02-072's "[Permanent] Reduce the cost of Extras with «Korin
// Tower» in their special traits in your hand by (Green)(1)." is not read.
// (Meta-Cooler FB01-131's deck-building text, read since issue 29, was the
// example before.)
func TestUnreadSkillsAreFlagged(t *testing.T) {
	b := realBoard(t).main(P1, 3).hand(P1, "FB02-072").energy(P1, "FB02-072", 1)
	b.do("P1 play FB02-072")
	found := false
	for _, e := range b.last {
		if e.Declared && e.Rule == "Card skills" && strings.Contains(e.Text(), "does not read") {
			found = true
		}
	}
	if !found {
		t.Errorf("Korin's unread skill is not flagged: %s", b.eventText())
	}
}

func TestPayListNamesEnergyAndMarker(t *testing.T) {
	b := realBoard(t).main(P2, 2).hand(P2, "FS02-09", "FS02-09")
	b.energy(P2, "FS02-05", 2)
	b.bad("P2 play FS02-09 pay FS02-05 FS02-05 marker", "CR 5-3-1") // pays 3 for 2
	b.bad("P2 play FS02-09 pay FS02-05 marker marker", "CR 5-3-1")
	b.do("P2 play FS02-09 pay FS02-05 marker")
	if b.p(P2).Markers != 0 || !b.p(P2).Energy[0].Rest || b.p(P2).Energy[1].Rest {
		t.Fatalf("paid with the first FS02-05 and the marker: %s", Summary(&b.s))
	}
	b.wantEvent("removes 1 energy marker(s) from the game")
	b.do("P2 use FS02-09 -> none") // Trunks's [On Play]: no life card to hand
	v := b.bad("P2 play FS02-09 pay FS02-05#1 FS02-05", "CR 5-3-1")
	if !strings.Contains(v.Message(), "Rest Mode") && !strings.Contains(v.Message(), "no Active energy") {
		t.Errorf("message: %s", v.Message())
	}
}

func TestNextExtraCostsLess(t *testing.T) {
	b := realBoard(t).main(P1, 3).hand(P1, "FS01-16").energy(P1, "FS01-10", 1)
	b.inBattle(P1, "FB01-005", false) // Master Roshi: life to hand : next Extra costs 1 Red less
	b.inBattle(P1, "FS01-10", false)  // so God Kamehameha costs its full 2
	b.bad("P1 play FS01-16", "CR 5-3-1")
	life := len(b.p(P1).Life)
	b.do("P1 use FB01-005")
	if len(b.p(P1).Life) != life-1 {
		t.Fatalf("the cost (a life card to hand) was not paid: life %d", len(b.p(P1).Life))
	}
	b.do("P1 play FS01-16")
	b.wantEvent("FS01-16 costs 1 less (1)")
	if len(b.p(P1).Discounts) != 0 {
		t.Errorf("the reduction is used once: %v", b.p(P1).Discounts)
	}
}

func TestCantAttackDuringTheOpponentsNextTurn(t *testing.T) {
	b := realBoard(t).main(P1, 3).hand(P1, "FB04-048").energy(P1, "FB04-048", 3)
	b.inBattle(P2, "FS02-05", false)
	b.do("P1 play FB04-048", "P1 use FB04-048 -> P2:FS02-05", "P1 end", "P2 draw")
	b.bad("P2 attack FS02-05 -> leader", "Card skills")
	b.do("P2 end", "P1 draw", "P1 end", "P2 draw", "P2 attack FS02-05 -> leader")
}

func TestCantSwitchToActiveDuringTheOpponentsNextTurn(t *testing.T) {
	b := realBoard(t).main(P1, 3)
	b.inBattle(P1, "FS04-03", false)
	b.inBattle(P2, "FS02-05", true)
	b.inBattle(P2, "FS02-06", true)
	b.do("P1 attack FS04-03 -> leader", "P1 use FS04-03 -> P2:FS02-05", "P1 pass", "P2 pass", "damage", "P1 end")
	if !b.p(P2).Battle[0].Rest || b.p(P2).Battle[1].Rest {
		t.Fatalf("Son Goten should stay rested and FS02-06 be readied: %s", Summary(&b.s))
	}
	b.wantEvent("stay in Rest Mode")
	b.do("P2 draw", "P2 end", "P1 draw", "P1 end")
	if b.p(P2).Battle[0].Rest {
		t.Errorf("only for one turn: %s", Summary(&b.s))
	}
}

// A Leader's skills the engine does not read are flagged when the game
// starts (front) and when it awakens (back).
func TestLeaderUnreadSkillsFlagged(t *testing.T) {
	cards := realCards(t)
	var setup Setup
	setup.Seed = 7
	setup.Players[0] = PlayerSetup{Leader: "FP-030", Deck: repeat("FS01-10", 30)}
	setup.Players[1] = PlayerSetup{Leader: "FB03-001", Deck: repeat("FS02-05", 30)}
	b := &board{t: t, cards: cards, s: NewState(setup, cards)}
	b.do("P1 first")
	unread := func() []string {
		var out []string
		for _, e := range b.last {
			if e.Unread {
				out = append(out, e.Text())
			}
		}
		return out
	}
	if got := unread(); len(got) != 2 || !strings.Contains(got[0], "FP-030") {
		t.Fatalf("FP-030's two unread lines at the start: %v", got)
	}
	b.do("P1 keep", "P2 keep").main(P1, 3).life(P1, 3)
	b.do("P1 awaken")
	if got := unread(); len(got) != 1 || !strings.Contains(got[0], "This card has all card names") {
		t.Errorf("FP-030's back side: %v", got)
	}
}

// Play from the Drop with a cost limit, when a Battle Card is KO'd (here by a
// declared effect): Cell
// (SB01-011) with an «Android»-only Leader plays Android 18 (FS01-07,
// cost 2) from the Drop; with another Leader its condition fails.
func TestPlayFromDropWhenKOd(t *testing.T) {
	for _, tc := range []struct {
		leader string
		plays  bool
	}{{"FB06-001", true}, {"FS01-01", false}} {
		b := newBoardWith(t, realCards(t), [2]string{tc.leader, "FS02-01"}, [2]string{"FS01-10", "FS02-05"}).main(P2, 2)
		b.inBattle(P1, "SB01-011", true)
		b.p(P1).Drop = append(b.p(P1).Drop, b.newCard(P1, "FS01-13"), b.newCard(P1, "FS01-07"))
		b.do("P2 ko P1:SB01-011 by FB07-001") // a declared KO (an effect of a card the engine does not read)
		if len(b.s.Pending) != 1 {
			if tc.plays {
				t.Fatalf("%s: Cell's [When KO'd] should wait for its choice: %s", tc.leader, b.eventText())
			}
			continue
		}
		if !tc.plays {
			t.Fatalf("%s: the condition («Android»-only Leader) should fail", tc.leader)
		}
		b.bad("P1 use SB01-011 -> FS01-13", "Card skills") // Frieza, not <Android 18>
		b.do("P1 use SB01-011 -> FS01-07")
		if len(b.p(P1).Battle) != 1 || b.s.Name(b.p(P1).Battle[0].ID) != "FS01-07" {
			t.Fatalf("Android 18 not played from the Drop: %s", Summary(&b.s))
		}
	}
}
