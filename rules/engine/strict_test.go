package engine

import (
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/rules/engine/gamestate"
	"github.com/tenkaichi-org/tenkaichi/rules/skill"
)

// The engine trusts no line it can check: an action only a card's effect
// causes needs a skill it does not read waiting to act, or the card named
// ("by CARD"); a skill waiting for choices needs its use line. Expectations
// come from the cards' text and the rules, on real cards.

// Master Roshi FS01-03: "[On Play] Draw 1 card." The engine draws that card;
// two more draws after it are no card's effect. Dealt 6, the Charge Phase
// draw (7), a charge (6), Roshi played (5) and his draw: 6 cards, and each
// extra draw breaks CR 7-2-9 (a player draws in the Charge Phase, or by an
// effect).
func TestRoshiExtraDrawsAreViolations(t *testing.T) {
	log := `[Seed "3"]
[P1Leader "FS01-01"]
[P1Deck "50 ?"]
[P2Leader "FS02-01"]
[P2Deck "50 ?"]
P1 first
P1 keep
P2 keep
P1 draw
P1 charge FS01-10
P1 play FS01-03
P1 draw
P1 draw
`
	l, err := ParseLog([]byte(log))
	if err != nil {
		t.Fatal(err)
	}
	r := Run(l, realCards(t), ReplayOptions{RunOn: true})
	var steps []int
	for _, st := range r.Steps {
		if v := st.Violation; v != nil {
			if v.Rule != "CR 7-2-9" {
				t.Errorf("step %d: %v, want CR 7-2-9", st.Index, v)
			}
			steps = append(steps, st.Index)
		}
	}
	if len(steps) != 2 || steps[0] != 7 || steps[1] != 8 {
		t.Errorf("violations at steps %v, want the two extra draws (7 and 8)", steps)
	}
	if got := len(r.Final.Players[P1].Hand); got != 6 {
		t.Errorf("P1 has %d cards in hand, want 6", got)
	}
}

// Each action a skill could cause is refused when nothing explains it:
// life to hand, a search (a card from the deck to the hand), a power change,
// a KO, a card to the Drop, energy switched, [Ki], a shuffle (CR 0-2-2: only
// card text goes beyond the rules).
func TestEffectActionsNeedAnEffect(t *testing.T) {
	b := realBoard(t).main(P1, 3).energy(P1, "FS01-10", 2)
	b.inBattle(P2, "FS02-05", true).inBattle(P1, "FS01-10", false)
	for _, line := range []string{
		"P1 move top from life to hand",
		"P1 move top from deck to hand",
		"P1 power P2:FS02-05 -5000",
		"P1 ko P2:FS02-05",
		"P1 move P2:FS02-05 from battle to drop",
		"P1 rest FS01-10 in energy",
		"P1 ki FS01-10 +1",
		"P1 shuffle",
	} {
		v := b.bad(line, "CR 0-2-2")
		if !strings.Contains(v.Message(), "by CARD") {
			t.Errorf("%q: %s", line, v.Message())
		}
	}
}

// A card whose text the engine does not read (FB08-020 Piccolo: the card
// list gives no text) may have an [On Play]: the declared lines after it
// are its effects, until the game moves on by the rules (an attack).
func TestUnreadSkillWaitsForDeclaredLines(t *testing.T) {
	b := realBoard(t).main(P1, 3).hand(P1, "FB08-020").energy(P1, "FS01-10", 2)
	life := len(b.p(P1).Life)
	b.do("P1 play FB08-020 cost 1", "P1 move top from life to hand", "P1 draw")
	if len(b.p(P1).Life) != life-1 || !b.s.UnreadWaiting {
		t.Fatalf("declared lines after an unread card: life %d, waiting %v", len(b.p(P1).Life), b.s.UnreadWaiting)
	}
	b.do("P1 attack leader -> leader")
	b.bad("P1 power leader +5000 battle", "CR 0-2-2")
	b.bad("P1 draw", "CR 7-2-9")
}

// "by CARD" names the card whose effect a line is: a card the engine does
// not carry out in full (Baby Vegeta FB04-103's back side lets Rest Mode
// cards be used in combos, which is left to the players) may have declared
// effects; Master Roshi, whose one skill the engine applies, may not; "?"
// names no card.
func TestDeclaredLineNamesItsCard(t *testing.T) {
	b := realBoard(t).main(P1, 3)
	b.inBattle(P2, "FS02-05", true)
	b.do("P1 ko P2:FS02-05 by FB04-103", "P1 draw by FB04-103")
	if len(b.p(P2).Battle) != 0 || len(b.p(P2).Drop) != 1 {
		t.Fatalf("the KO by Soul Punisher: %s", Summary(&b.s))
	}
	v := b.bad("P1 draw by FS01-03", "CR 0-2-2")
	if !strings.Contains(v.Message(), "reads every skill of FS01-03") {
		t.Errorf("message: %s", v.Message())
	}
	b.bad("P1 draw by ?", "")
	// The Charge Phase draw is the rules' own.
	b.s.Phase, b.p(P1).Drew = PhaseCharge, false
	b.bad("P1 draw by FB04-103", "")
}

// Kakarot FS05-03: "[On Play] Place 1 card from your hand at the top or
// bottom of its owner's deck : If you don't have an energy marker, you
// place 1 energy marker." The cost is paid with the card the use line
// names (on top, or at the bottom with "bottom"); the marker comes only
// without one; "-> none" declines the cost and nothing happens.
func TestKakarotPaysItsHandCost(t *testing.T) {
	b := realBoard(t).main(P1, 3).hand(P1, "FS05-03", "FS05-03", "FS05-03", "FS01-10", "FS01-13")
	b.energy(P1, "FS05-03", 3)
	b.do("P1 play FS05-03")
	if len(b.s.Pending) != 1 {
		t.Fatalf("Kakarot's [On Play] with a cost should wait: %s", b.eventText())
	}
	b.bad("P1 end", "") // choice missing
	b.bad("P1 use FS05-03", "Card skills")
	hand := len(b.p(P1).Hand)
	b.do("P1 use FS05-03 -> FS01-10")
	p := b.p(P1)
	if len(p.Hand) != hand-1 || b.s.Name(p.Deck[0]) != "FS01-10" || p.Markers != 1 {
		t.Fatalf("FS01-10 on top of the deck and a marker: hand %d, top %s, markers %d", len(p.Hand), b.s.Name(p.Deck[0]), p.Markers)
	}
	b.do("P1 play FS05-03", "P1 use FS05-03 -> FS01-13 bottom")
	if b.s.Name(p.Deck[len(p.Deck)-1]) != "FS01-13" || p.Markers != 1 {
		t.Fatalf("FS01-13 at the bottom and no second marker: bottom %s, markers %d", b.s.Name(p.Deck[len(p.Deck)-1]), p.Markers)
	}
	hand = len(p.Hand)
	b.do("P1 play FS05-03", "P1 use FS05-03 -> none")
	if len(p.Hand) != hand-1 || len(b.s.Pending) != 0 {
		t.Fatalf("declined: hand %d, want %d; pending %v", len(p.Hand), hand-1, b.s.Pending)
	}
	b.wantEvent("does not pay its cost")
}

// A skill with nothing to choose does not wait: Whis FS01-02 chooses among
// the opponent's Battle Cards, and P2 has none.
func TestNothingToChooseDoesNotWait(t *testing.T) {
	b := realBoard(t).main(P1, 3).hand(P1, "FS01-02").energy(P1, "FS01-10", 2)
	b.do("P1 play FS01-02")
	if len(b.s.Pending) != 0 {
		t.Fatalf("nothing to choose, yet Whis waits: %s", b.eventText())
	}
	b.do("P1 end")
}

// A log that declares every effect reads no skill and accepts its declared
// lines as before.
func TestDeclaredLogAcceptsEffects(t *testing.T) {
	cards := realCards(t)
	var setup Setup
	setup.Seed, setup.Effects = 7, EffectsDeclared
	setup.Players[0] = PlayerSetup{Leader: "FS01-01", Deck: repeat("FS01-10", 30)}
	setup.Players[1] = PlayerSetup{Leader: "FS02-01", Deck: repeat("FS02-05", 30)}
	b := &board{t: t, cards: cards, s: NewState(setup, cards)}
	b.do("P1 first", "P1 keep", "P2 keep").main(P1, 3)
	b.do("P1 draw", "P1 move top from life to hand", "P1 power leader +5000")
}

// Hercule (Mini) : DA FS07-10: "[On Play] Choose up to 1 of your opponent's
// Battle Cards and reduce its cost by 1 for the turn." Majin Buu : Good
// FS02-14 (cost 2) then fits "a cost of 1 or less", until the turn ends.
func TestCostReducedForTheTurn(t *testing.T) {
	b := realBoard(t).main(P1, 3).hand(P1, "FS07-10").energy(P1, "FS07-10", 2)
	b.inBattle(P2, "FS02-14", true)
	buu := b.p(P2).Battle[0].ID
	costOne := skill.Filter{Cost: skill.Range{Max: 1, HasMax: true}}
	if b.s.Fits(buu, &costOne, NoCard) {
		t.Fatal("Majin Buu costs 2")
	}
	b.do("P1 play FS07-10", "P1 use FS07-10 -> P2:FS02-14")
	if !b.s.Fits(buu, &costOne, NoCard) {
		t.Fatalf("Majin Buu's cost is 1 for the turn: %s", b.eventText())
	}
	b.do("P1 end")
	if b.s.Fits(buu, &costOne, NoCard) {
		t.Error("the cost change outlived the turn")
	}
}

// Frieza FB01-129: "[Permanent] This card can't be switched to Active Mode
// during your Charge Phase." It stays rested when its turn begins.
func TestStaysRestedInChargePhase(t *testing.T) {
	b := realBoard(t).main(P1, 3)
	b.inBattle(P1, "FB01-129", true).inBattle(P1, "FS01-10", true)
	b.do("P1 end", "P2 draw", "P2 end")
	if !b.p(P1).Battle[0].Rest || b.p(P1).Battle[1].Rest {
		t.Fatalf("Frieza rested, Tien Shinhan active: %s", Summary(&b.s))
	}
}

// Jiren FB03-009: "[Permanent] This card can't be KO'd once per turn." The
// first KO of the turn leaves it in play, the second KOs it. Zamasu
// FB02-043: "[Permanent] This card can't be removed from the Battle Area by
// your opponent's skills." God Kamehameha FS01-16 KOs a Battle Card with
// 30000 power or less.
func TestCantBeKOdKeepsTheCard(t *testing.T) {
	b := realBoard(t).main(P1, 3).hand(P1, "FS01-16", "FS01-16", "FS01-16").energy(P1, "FS01-10", 6)
	b.inBattle(P2, "FB03-009", true).inBattle(P2, "FB02-043", true)
	b.do("P1 play FS01-16", "P1 use FS01-16 -> P2:FB03-009")
	if len(b.p(P2).Battle) != 2 {
		t.Fatalf("Jiren KO'd the first time: %s", b.eventText())
	}
	b.wantEvent("can't be KO'd, so it stays in play")
	b.do("P1 play FS01-16", "P1 use FS01-16 -> P2:FB03-009")
	if len(b.p(P2).Battle) != 1 || b.s.Name(b.p(P2).Drop[0]) != "FB03-009" {
		t.Fatalf("Jiren not KO'd the second time: %s", Summary(&b.s))
	}
	b.do("P1 play FS01-16", "P1 use FS01-16 -> P2:FB02-043")
	if len(b.p(P2).Battle) != 1 {
		t.Fatalf("Zamasu left the Battle Area by the opponent's skill: %s", b.eventText())
	}
	b.wantEvent("can't be removed from the Battle Area")
}

// Raditz FB03-074: "[When KO'd] Look at 5 cards from the top of your deck
// and play up to 1 skill-less Battle Card with a cost of 7 or less. Then,
// place the rest at the bottom of its owner's deck in a random order."
// Tien Shinhan FS01-10 (no skills, cost 1) is played from P1's deck; the
// other four go to the bottom.
func TestPlayFromTheDeck(t *testing.T) {
	b := realBoard(t).main(P2, 2)
	b.inBattle(P1, "FB03-074", true)
	deck := len(b.p(P1).Deck)
	b.do("P2 ko P1:FB03-074 by FB04-103")
	if len(b.s.Pending) != 1 {
		t.Fatalf("Raditz's [When KO'd] should wait for its choice: %s", b.eventText())
	}
	b.bad("P1 use FB03-074 -> FB03-074", "Card skills") // not among the five
	b.do("P1 use FB03-074 -> FS01-10")
	if len(b.p(P1).Battle) != 1 || b.s.Name(b.p(P1).Battle[0].ID) != "FS01-10" || len(b.p(P1).Deck) != deck-1 {
		t.Fatalf("Tien Shinhan played from the deck: deck %d of %d, %s", len(b.p(P1).Deck), deck, Summary(&b.s))
	}
	b.wantEvent("looks at 5 card(s) of their deck")
}

// Obuni FB04-003: "[On Play] Play up to 1 <Obuni> with 20000 power or less
// from your hand. Then, you can't play <Obuni> for the turn." The second
// Obuni comes from the hand by the skill; a third cannot be played this
// turn, and can the next.
func TestCantPlayForTheTurn(t *testing.T) {
	b := realBoard(t).main(P1, 3).hand(P1, "FB04-003", "FB04-003", "FB04-003").energy(P1, "FS01-10", 6)
	b.do("P1 play FB04-003", "P1 use FB04-003 -> FB04-003", "P1 use FB04-003 -> none")
	if len(b.p(P1).Battle) != 2 {
		t.Fatalf("two Obuni in play: %s", Summary(&b.s))
	}
	v := b.bad("P1 play FB04-003", "Card skills")
	if !strings.Contains(v.Message(), "can't be played this turn") {
		t.Errorf("message: %s", v.Message())
	}
	b.do("P1 end", "P2 draw", "P2 end", "P1 draw", "P1 play FB04-003")
}

// Soul Punisher FB05-116: "[Activate Main] Choose one―・Choose up to 1
// Battle Card in your opponent's Battle Area and KO it.・If you removed an
// energy marker to use this card, choose up to 2 Battle Cards in your
// opponent's Battle Area and KO them." The use line picks the option first.
func TestChooseOneTakesTheOption(t *testing.T) {
	b := realBoard(t).main(P1, 3).hand(P1, "FB05-116").energy(P1, "FB05-116", 4)
	b.inBattle(P2, "FS02-05", true).inBattle(P2, "FS02-08", true)
	b.do("P1 play FB05-116")
	if len(b.s.Pending) != 1 {
		t.Fatalf("Soul Punisher waits for its option: %s", b.eventText())
	}
	v := b.bad("P1 use FB05-116 -> P2:FS02-05", "Card skills")
	if !strings.Contains(v.Message(), "option1") {
		t.Errorf("message: %s", v.Message())
	}
	// Without a marker paid, the second option does nothing.
	b.bad("P1 use FB05-116 -> option2 P2:FS02-05 P2:FS02-08", "Card skills")
	b.do("P1 use FB05-116 -> option1 P2:FS02-08")
	if len(b.p(P2).Battle) != 1 || b.s.Name(b.p(P2).Drop[0]) != "FS02-08" {
		t.Fatalf("Trunks KO'd by the first option: %s", Summary(&b.s))
	}
	b.wantEvent("chooses option 1")
}

// FB04-108: "[Auto][Once per turn] When a card is used in a combo from your
// Battle Area while this card is in a battle, draw 1 card." A combo from
// the hand does not trigger it; one from the Battle Area does, once.
func TestComboFromBattleAreaWhileInBattle(t *testing.T) {
	b := realBoard(t).main(P1, 3).hand(P1, "FS01-10")
	b.inBattle(P1, "FB04-108", false).inBattle(P1, "FS01-10", false).inBattle(P1, "FS01-10", false)
	hand := len(b.p(P1).Hand)
	b.do("P1 attack FB04-108 -> leader", "P1 combo FS01-10")
	if len(b.p(P1).Hand) != hand-1 {
		t.Fatalf("a combo from the hand drew: hand %d, want %d", len(b.p(P1).Hand), hand-1)
	}
	b.do("P1 combo FS01-10 from battle")
	if len(b.p(P1).Hand) != hand {
		t.Fatalf("the combo from the Battle Area should draw 1: hand %d, want %d: %s", len(b.p(P1).Hand), hand, b.eventText())
	}
	b.do("P1 combo FS01-10#2 from battle")
	if len(b.p(P1).Hand) != hand {
		t.Errorf("once per turn: hand %d, want %d", len(b.p(P1).Hand), hand)
	}
}

// "If you or your opponent has an energy marker" (FB04-105) holds for
// either player while one has a marker; "if this card in a Battle Area has
// 30000 power or more" (FB06-021) counts the card's power now.
func TestMarkerAndPowerConditions(t *testing.T) {
	b := realBoard(t).main(P1, 3)
	b.inBattle(P1, "FS01-10", false)
	id := b.p(P1).Battle[0].ID
	marker := skill.Cond{Kind: skill.AnyMarker}
	if b.p(P2).Markers != 1 || !b.s.Cond(gamestate.Ctx{Side: P1, Src: id}, &marker) {
		t.Fatalf("P2's marker counts for P1's skill: markers %d", b.p(P2).Markers)
	}
	b.p(P2).Markers = 0
	if b.s.Cond(gamestate.Ctx{Side: P1, Src: id}, &marker) {
		t.Error("no marker on either side, yet the condition holds")
	}
	pw := b.power(P1, 0)
	strong := skill.Cond{Kind: skill.ThisPowerAtLeast, N: pw}
	stronger := skill.Cond{Kind: skill.ThisPowerAtLeast, N: pw + 1}
	if !b.s.Cond(gamestate.Ctx{Side: P1, Src: id}, &strong) || b.s.Cond(gamestate.Ctx{Side: P1, Src: id}, &stronger) {
		t.Errorf("power %d: at least %d holds, at least %d does not", pw, pw, pw+1)
	}
}

// FB04-088: "If there is a <Majin Buu> in a Leader Area or Battle Area":
// either player's Leader or Battle Cards count.
func TestCardAnywhereInPlay(t *testing.T) {
	b := realBoard(t).main(P1, 3)
	buu := skill.Cond{Kind: skill.InPlayAnywhere, Card: skill.Filter{Names: []string{"Majin Buu : Good"}}}
	if b.s.Cond(gamestate.Ctx{Side: P1, Src: NoCard}, &buu) {
		t.Fatal("no Majin Buu : Good in play, yet the condition holds")
	}
	b.inBattle(P2, "FS02-14", true) // Majin Buu : Good, the opponent's
	if !b.s.Cond(gamestate.Ctx{Side: P1, Src: NoCard}, &buu) {
		t.Error("the opponent's Majin Buu : Good counts")
	}
}
