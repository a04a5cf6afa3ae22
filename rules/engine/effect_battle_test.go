package engine

import (
	"testing"

	"github.com/tenkaichi-org/tenkaichi/rules/engine/gamestate"
	"github.com/tenkaichi-org/tenkaichi/rules/keyword"
)

// Battle, attack, power and protection phrases (issue 29), on real cards.

// The protections for a time are bits of a card's Gains: they must fit.
func TestProtectionBitsFit(t *testing.T) {
	seen := uint16(0)
	for name, bit := range gamestate.KeywordBits {
		if bit == 0 || seen&bit != 0 {
			t.Fatalf("keyword %s has bit %b", name, bit)
		}
		seen |= bit
	}
	for _, p := range protections {
		if p.bit == 0 || (seen&p.bit != 0 && protectBit(p.detail) != p.bit) || p.bit&(gamestate.KwNoAttack|gamestate.KwNoReady) != 0 {
			t.Fatalf("protection %q has bit %b (keywords %d)", p.detail, p.bit, len(keyword.Gainable))
		}
		seen |= p.bit
	}
}

// Son Goku (Mini) : DA FP-037: "[When Attacking] If your Leader is
// awakened, choose up to 1 Battle Card in your Battle Area and it can't be
// KO'd by your opponent's skills until the end of your opponent's next
// turn." God Kamehameha FS01-16, the opponent's skill, does not KO it during
// the opponent's next turn (CR 0-2-2: the card's text goes beyond the
// rules); a KO in battle still does, and the protection ends with that
// turn.
func TestCantBeKOdBySkillsUntilOpponentsNextTurn(t *testing.T) {
	b := realBoard(t).main(P1, 3)
	b.p(P1).Leader.Awakened = true
	b.inBattle(P1, "FP-037", false).inBattle(P1, "FS01-10", false)
	b.do("P1 attack FP-037 -> leader", "P1 use FP-037 -> FP-037")
	b.wantEvent("can't be KO'd by the opponent's skills until the end of the opponent's next turn")
	b.do("P1 pass", "P2 pass", "damage", "P1 end", "P2 draw")
	b.hand(P2, "FS01-16").energy(P2, "FS01-10", 3)
	b.do("P2 play FS01-16", "P2 use FS01-16 -> P1:FP-037")
	if len(b.p(P1).Battle) != 2 {
		t.Fatalf("FP-037 KO'd by the opponent's skill: %s", Summary(&b.s))
	}
	b.wantEvent("can't be KO'd for a time, so it stays in play")
	// In battle the protection does not hold: Majin Buu (20000) KOs it.
	b.inBattle(P2, "FS02-14", false)
	b.do("P2 attack FS02-14 -> P1:FP-037", "P2 pass", "P1 pass", "ko")
	if len(b.p(P1).Battle) != 1 {
		t.Fatalf("FP-037 not KO'd in battle: %s", Summary(&b.s))
	}
}

// Vegeta FB03-020: "[When Attacking] Discard 2 cards from your hand : Until
// the end of your opponent's next turn, this card can't be KO'd and gets
// +30000 power." Both last through the opponent's next turn and end when
// it ends.
func TestUntilOpponentsNextTurnOpensTheSentence(t *testing.T) {
	b := realBoard(t).main(P1, 3).hand(P1, "FS01-04", "FS01-03")
	b.inBattle(P1, "FB03-020", false)
	b.do("P1 attack FB03-020 -> leader", "P1 use FB03-020 -> FS01-04 FS01-03")
	if got := b.power(P1, 0); got != 50000 {
		t.Fatalf("Vegeta's power %d, want 20000 + 30000: %s", got, b.eventText())
	}
	b.do("P1 pass", "P2 pass", "damage", "P1 end", "P2 draw")
	g := b.p(P1).Battle[0].Gained
	if b.power(P1, 0) != 50000 || g.Until&protectBit("") == 0 {
		t.Fatalf("in the opponent's turn: power %d, gains %+v", b.power(P1, 0), g)
	}
	b.do("P2 end", "P1 draw")
	if g := b.p(P1).Battle[0].Gained; b.power(P1, 0) != 20000 || g.Until != 0 {
		t.Fatalf("after the opponent's turn: power %d, gains %+v", b.power(P1, 0), g)
	}
}

// Frieza FB04-018: "[On Play] If your Leader has «Universe 7» in its special
// traits, until the end of your opponent's next turn, this card can't be
// removed from the Battle Area by your opponent's skills and it gets +20000
// power." Son Goku FS01-01 has «Universe 7».
func TestCantBeRemovedUntilOpponentsNextTurn(t *testing.T) {
	b := realBoard(t).main(P1, 3).hand(P1, "FB04-018").energy(P1, "FS01-10", 5)
	b.do("P1 play FB04-018")
	b.wantEvent("can't be removed from the Battle Area by the opponent's skills until the end of the opponent's next turn")
	if got := b.power(P1, 0); got != 45000 {
		t.Fatalf("Frieza's power %d, want 25000 + 20000", got)
	}
	if b.p(P1).Battle[0].Gained.Until&protectBit("removed by your opponent's skills") == 0 {
		t.Fatalf("no protection kept: %+v", b.p(P1).Battle[0].Gained)
	}
}

// Extreme Ultra Instinct FB04-022: "[Activate Main] Choose up to 1 of your
// Battle Cards with an original power of 30000 power or more and «Universe
// 7» in its special traits, and it can't be removed from the Battle Area by
// the skills of your opponent's Battle Cards until the end of your
// opponent's next turn." The original power is the printed one: Frieza
// FB04-018 (25000, +20000 for now) does not fit, Frieza FS01-13 (30000)
// does. An Extra's skill (God Kamehameha FS01-16) is not a Battle Card's,
// so it still KOs FS01-13.
func TestOriginalPowerAndRemovedByBattleCards(t *testing.T) {
	b := realBoard(t).main(P1, 3).hand(P1, "FB04-018", "FB04-022").energy(P1, "FS01-10", 6)
	b.inBattle(P1, "FS01-13", false)
	b.do("P1 play FB04-018", "P1 play FB04-022")
	b.bad("P1 use FB04-022 -> FB04-018", "Card skills")
	b.do("P1 use FB04-022 -> FS01-13")
	b.wantEvent("can't be removed from the Battle Area by the opponent's skills until the end of the opponent's next turn")
	b.do("P1 end", "P2 draw")
	b.hand(P2, "FS01-16").energy(P2, "FS01-10", 2)
	b.do("P2 play FS01-16", "P2 use FS01-16 -> P1:FS01-13")
	for _, bc := range b.p(P1).Battle {
		if b.s.Name(bc.ID) == "FS01-13" {
			t.Fatalf("an Extra's skill is not a Battle Card's: FS01-13 should be KO'd: %s", b.eventText())
		}
	}
}

// Instant Transmission SB01-016: "[Activate Battle][Your Turn] If your
// Leader is an «Android»-only card and you have a <Cell> with an original
// power of 30000 or more in your Battle Area, your card that's in a battle
// gets +15000 power for the battle." Cell SB01-011 prints 30000; Android 18
// FB06-001 is «Android»-only, Son Goku FS01-01 is not.
func TestLeaderOnlyAndOriginalPowerCondition(t *testing.T) {
	for _, tc := range []struct {
		leader string
		want   int
	}{{"FB06-001", 45000}, {"FS01-01", 30000}} {
		b := newBoardWith(t, realCards(t), [2]string{tc.leader, "FS02-01"}, [2]string{"FS01-10", "FS02-05"}).main(P1, 3)
		b.hand(P1, "SB01-016").inBattle(P1, "SB01-011", false)
		b.do("P1 attack SB01-011 -> leader", "P1 play SB01-016 cost 0")
		if got := b.power(P1, 0); got != tc.want {
			t.Errorf("%s: Cell's power %d, want %d: %s", tc.leader, got, tc.want, b.eventText())
		}
	}
}

// Rozie FB02-032: "[When Attacking] This card gets +5000 power for the turn
// for each of your opponent's Battle Cards." Two of them: +10000.
func TestPowerForEachOpponentsBattleCard(t *testing.T) {
	b := realBoard(t).main(P1, 3)
	b.inBattle(P1, "FB02-032", false).inBattle(P2, "FS02-05", true).inBattle(P2, "FS02-14", true)
	b.do("P1 attack FB02-032 -> leader")
	if got := b.power(P1, 0); got != 25000 {
		t.Fatalf("Rozie's power %d, want 15000 + 2 × 5000: %s", got, b.eventText())
	}
}

// Great Priest FB04-014: "[On Play] Choose up to 1 of your opponent's
// Battle Cards and it gets -5000 power for the turn for each of your Battle
// Cards with «Angel» in their special traits." Whis FS01-02 and Great
// Priest itself, in play when its [On Play] resolves, count: -10000.
// Lavender FB02-028 counts the «Trio De Dangers» cards in the Battle Area:
// itself only, -5000.
func TestPowerForEachOfYourCards(t *testing.T) {
	b := realBoard(t).main(P1, 3).hand(P1, "FB04-014").energy(P1, "FS01-10", 3)
	b.inBattle(P1, "FS01-02", true).inBattle(P2, "FS02-14", true)
	b.do("P1 play FB04-014", "P1 use FB04-014 -> P2:FS02-14")
	if got := b.power(P2, 0); got != 10000 {
		t.Fatalf("Majin Buu's power %d, want 20000 - 2 × 5000: %s", got, b.eventText())
	}
	b = realBoard(t).main(P1, 3)
	b.inBattle(P1, "FB02-028", false).inBattle(P1, "FS01-02", true).inBattle(P2, "FS02-14", true)
	b.do("P1 attack FB02-028 -> leader", "P1 use FB02-028 -> P2:FS02-14")
	if got := b.power(P2, 0); got != 15000 {
		t.Fatalf("Majin Buu's power %d, want 20000 - 5000: %s", got, b.eventText())
	}
}

// Bonds of the Ginyu Force FB01-133: "[Activate Battle] Choose your Leader
// or up to 1 of your Battle Cards and it gets +10000 power for the battle.
// Then, that card gets +5000 power for the battle for each card with
// «Ginyu Force» in its special traits among your Leader and Battle Cards."
// Ginyu FB01-104 counts as the Leader; Crusher Ball FB01-135 in the energy
// does not.
func TestPowerForEachAmongLeaderAndBattleCards(t *testing.T) {
	b := newBoardWith(t, realCards(t), [2]string{"FB01-104", "FS02-01"}, [2]string{"FS01-10", "FS02-05"}).main(P1, 3)
	b.hand(P1, "FB01-133").energy(P1, "FB01-135", 1)
	b.do("P1 attack leader -> leader", "P1 play FB01-133", "P1 use FB01-133 -> leader")
	if got, _ := b.s.Power(b.p(P1).Leader.ID); got != 30000 {
		t.Fatalf("Ginyu's power %d, want 15000 + 10000 + 5000: %s", got, b.eventText())
	}
}

// Cheelai : BR FB06-055: "[Permanent][Opponent's Turn] Battle Cards with
// costs of 7 or more in your Battle Area can't be removed from the Battle
// Area by your opponent's skills." In P1's opponent's turn God Kamehameha
// FS01-16 does not KO Whis FB04-002 (cost 7); it KOs Tien Shinhan FS01-10
// (cost 1).
func TestGroupCantBeRemovedByOpponentsSkills(t *testing.T) {
	b := realBoard(t).main(P2, 4).hand(P2, "FS01-16", "FS01-16").energy(P2, "FS01-10", 4)
	b.inBattle(P1, "FB06-055", true).inBattle(P1, "FB04-002", true).inBattle(P1, "FS01-10", true)
	b.do("P2 play FS01-16", "P2 use FS01-16 -> P1:FB04-002")
	b.wantEvent("can't be removed from the Battle Area")
	b.do("P2 play FS01-16", "P2 use FS01-16 -> P1:FS01-10")
	if len(b.p(P1).Battle) != 2 || b.s.Name(b.p(P1).Battle[1].ID) != "FB04-002" {
		t.Fatalf("Whis stays, Tien Shinhan KO'd: %s", Summary(&b.s))
	}
}

// Glorio : DA FB05-006: "[On Play] If your Leader is awakened, your
// opponent's Leader gets -5000 power for the turn."
func TestOpponentsLeaderGetsPower(t *testing.T) {
	b := realBoard(t).main(P1, 3).hand(P1, "FB05-006").energy(P1, "FS01-10", 4)
	b.p(P1).Leader.Awakened = true
	b.do("P1 play FB05-006")
	if got, _ := b.s.Power(b.p(P2).Leader.ID); got != 10000 {
		t.Fatalf("P2's Leader has %d power, want 15000 - 5000: %s", got, b.eventText())
	}
	b.do("P1 end")
	if got, _ := b.s.Power(b.p(P2).Leader.ID); got != 15000 {
		t.Fatalf("the change outlived the turn: %d", got)
	}
}

// Shin (Mini) : DA FS06-03: "[Auto] When your Battle Card with 25000 power
// or more attacks, choose up to 1 of your opponent's Battle Cards and it
// gets -5000 power for the turn." Shin (25000) attacking triggers it; Tien
// Shinhan FS01-10 (15000) does not.
func TestWhenYourBattleCardAttacks(t *testing.T) {
	b := realBoard(t).main(P1, 3)
	b.inBattle(P1, "FS06-03", false).inBattle(P1, "FS01-10", false).inBattle(P2, "FS02-14", true)
	b.do("P1 attack FS06-03 -> leader", "P1 use FS06-03 -> P2:FS02-14")
	if got := b.power(P2, 0); got != 15000 {
		t.Fatalf("Majin Buu's power %d, want 20000 - 5000: %s", got, b.eventText())
	}
	b.do("P1 pass", "P2 pass", "damage", "P1 attack FS01-10 -> leader")
	if len(b.s.Pending) != 0 {
		t.Fatalf("a 15000-power attacker triggered Shin: %s", b.eventText())
	}
}

// Babidi FB03-083: "[Auto][Once per turn] When an opponent's Battle Card
// with a cost of 3 attacks, draw 1 card." Piccolo FS02-11 (cost 3)
// attacking draws P2 a card; Tien Shinhan FS01-10 (cost 1) does not.
func TestWhenAnOpponentsBattleCardAttacks(t *testing.T) {
	b := realBoard(t).main(P1, 3)
	b.inBattle(P1, "FS01-10", false).inBattle(P1, "FS02-11", false).inBattle(P2, "FB03-083", true)
	hand := len(b.p(P2).Hand)
	b.do("P1 attack FS01-10 -> leader", "P1 pass", "P2 pass", "damage")
	if len(b.p(P2).Hand) != hand+1 { // the damage's life card only
		t.Fatalf("P2's hand %d, want %d: %s", len(b.p(P2).Hand), hand+1, b.eventText())
	}
	b.do("P1 attack FS02-11 -> leader")
	if len(b.p(P2).Hand) != hand+2 {
		t.Fatalf("Babidi did not draw: hand %d, want %d: %s", len(b.p(P2).Hand), hand+2, b.eventText())
	}
}

// Krillin SB01-051: "[Permanent] If your Leader has «Adventure» in its
// special traits, this card is in a battle, and you have a card in your
// Combo Area, this card gains [Critical] and +5000 power." With Bulma
// SB01-045 («Adventure»), once Krillin attacks and P1 combos.
func TestInABattleWithAComboGainsAndPower(t *testing.T) {
	b := newBoardWith(t, realCards(t), [2]string{"SB01-045", "FS02-01"}, [2]string{"FS01-10", "FS02-05"}).main(P1, 3)
	b.inBattle(P1, "SB01-051", false).hand(P1, "FS01-04")
	krillin := b.p(P1).Battle[0].ID
	if b.power(P1, 0) != 20000 || b.s.HasKeyword(krillin, "Critical") {
		t.Fatalf("out of battle: power %d", b.power(P1, 0))
	}
	b.do("P1 attack SB01-051 -> leader", "P1 combo FS01-04")
	if b.power(P1, 0) != 25000 || !b.s.HasKeyword(krillin, "Critical") {
		t.Fatalf("in battle with a combo: power %d, [Critical] %v: %s", b.power(P1, 0), b.s.HasKeyword(krillin, "Critical"), b.eventText())
	}
}

// Goku Black FB01-035 (awakened): "[Activate Main][Once per turn] Place 1
// <Zamasu> from your Battle Area at the bottom of your deck : During this
// turn, the next time you use and play <Goku Black> from your hand, reduce
// the cost by 2." Goku Black FB01-038 (cost 4) is then played with 2
// energy.
func TestNextTimeYouUseAndPlay(t *testing.T) {
	b := newBoardWith(t, realCards(t), [2]string{"FB01-035", "FS02-01"}, [2]string{"FS02-05", "FS02-05"}).main(P1, 3)
	b.p(P1).Leader.Awakened = true
	b.inBattle(P1, "FB02-043", false).hand(P1, "FB01-038").energy(P1, "FS02-05", 2)
	b.bad("P1 play FB01-038", "CR 5-3-1")
	b.do("P1 use leader -> FB02-043", "P1 play FB01-038")
	if len(b.p(P1).Battle) != 1 || b.s.Name(b.p(P1).Battle[0].ID) != "FB01-038" {
		t.Fatalf("Goku Black played for 2: %s", Summary(&b.s))
	}
}

// Son Goku FB04-059: "[When Attacking] If attacking a Battle Card with a
// cost of 4 or more, this card gets +25000 power for the battle. ..."
// Attacking Whis FB04-002 (cost 7) it does; attacking Son Goten FS02-05
// (cost 1) it does not.
func TestAttackingABattleCardWithACost(t *testing.T) {
	for _, tc := range []struct {
		target string
		want   int
	}{{"FB04-002", 50000}, {"FS02-05", 25000}} {
		b := realBoard(t).main(P1, 3).energy(P1, "FS01-10", 1)
		b.inBattle(P1, "FB04-059", false).inBattle(P2, tc.target, true)
		b.do("P1 attack FB04-059 -> P2:"+tc.target, "P1 use FB04-059")
		if got := b.power(P1, 0); got != tc.want {
			t.Errorf("attacking %s: power %d, want %d: %s", tc.target, got, tc.want, b.eventText())
		}
	}
}

// Krillin FB01-072: "[Permanent] Your opponent can't attack <Android 18> in
// your Battle Area." Android 18 FS01-07 cannot be attacked; the Leader
// can (CR 8-1-1 names what may be attacked; the card's text goes beyond
// it, CR 0-2-2).
func TestOpponentCantAttackNamedCard(t *testing.T) {
	b := realBoard(t).main(P1, 3)
	b.inBattle(P1, "FS01-10", false).inBattle(P2, "FB01-072", true).inBattle(P2, "FS01-07", true)
	b.bad("P1 attack FS01-10 -> P2:FS01-07", "Card skills")
	b.do("P1 attack FS01-10 -> P2:FB01-072")
}

// Yamcha FB02-099: "[Permanent] If you have 6 or more energy and this card
// is in Rest Mode, your opponent can only attack <Yamcha> Battle Cards."
// With 6 energy neither the Leader nor Son Goten FS02-05 may be attacked,
// Yamcha may; with 5 the Leader may.
func TestOpponentCanOnlyAttackNamedCards(t *testing.T) {
	b := realBoard(t).main(P1, 3).energy(P2, "FS02-05", 6)
	b.inBattle(P1, "FS01-10", false).inBattle(P2, "FB02-099", true).inBattle(P2, "FS02-05", true)
	b.bad("P1 attack FS01-10 -> leader", "Card skills")
	b.bad("P1 attack FS01-10 -> P2:FS02-05", "Card skills")
	b.do("P1 attack FS01-10 -> P2:FB02-099")
	b = realBoard(t).main(P1, 3).energy(P2, "FS02-05", 5)
	b.inBattle(P1, "FS01-10", false).inBattle(P2, "FB02-099", true)
	b.do("P1 attack FS01-10 -> leader")
}

// Android 17 FP-042: "[When Attacking] If an opponent's Battle Card is
// KO'd in battle during this turn, this card gets +15000 power for the
// battle." Only after Tien Shinhan FS01-10 KO'd Son Goten FS02-05 in
// battle this turn; the next turn starts afresh.
func TestOpponentsBattleCardKOdInBattleThisTurn(t *testing.T) {
	b := realBoard(t).main(P1, 3)
	b.inBattle(P1, "FP-042", false).inBattle(P1, "FS01-10", false).inBattle(P2, "FS02-05", true)
	b.do("P1 attack FP-042 -> leader")
	if got := b.power(P1, 0); got != 25000 {
		t.Fatalf("no KO yet: power %d: %s", got, b.eventText())
	}
	b.do("P1 pass", "P2 pass", "damage", "P1 attack FS01-10 -> P2:FS02-05", "P1 pass", "P2 pass", "ko")
	b.p(P1).Battle[0].Rest = false
	b.do("P1 attack FP-042 -> leader")
	if got := b.power(P1, 0); got != 40000 {
		t.Fatalf("after a KO in battle: power %d, want 25000 + 15000: %s", got, b.eventText())
	}
	b.do("P1 pass", "P2 pass", "damage", "P1 end")
	if b.p(P2).KOdInBattle {
		t.Error("the KO in battle outlived the turn")
	}
}

// Android 18 FB06-001 (awakened): "[Activate Battle][Your Turn][Once per
// turn] Your Battle Cards with «Android» in their special traits that are
// in a battle with your opponent's Battle Cards get +20000 power for the
// battle." Android 18 FS01-07 (20000) attacking Son Goten FS02-05 gets it;
// attacking the Leader it does not (a Leader is not a Battle Card).
func TestInABattleWithOpponentsBattleCards(t *testing.T) {
	for _, tc := range []struct {
		target string
		want   int
	}{{"P2:FS02-05", 40000}, {"leader", 20000}} {
		b := newBoardWith(t, realCards(t), [2]string{"FB06-001", "FS02-01"}, [2]string{"FS01-10", "FS02-05"}).main(P1, 3)
		b.p(P1).Leader.Awakened = true
		b.inBattle(P1, "FS01-07", false).inBattle(P2, "FS02-05", true)
		b.do("P1 attack FS01-07 -> "+tc.target, "P1 use leader")
		if got := b.power(P1, 0); got != tc.want {
			t.Errorf("attacking %s: power %d, want %d: %s", tc.target, got, tc.want, b.eventText())
		}
	}
}

// Jiren FB03-001 (awakened): "[Permanent] If you have a Battle Card with
// 30000 power or more, you only take up to 1 damage in each battle." Son
// Goku FS01-08's [Double Strike] deals 1, not 2, while P2 has Frieza
// FS01-13 (30000); a declared 2 is refused; without Frieza it deals 2.
func TestOnlyTakeUpToDamageInEachBattle(t *testing.T) {
	for _, tc := range []struct {
		frieza bool
		want   int
	}{{true, 7}, {false, 6}} {
		b := newBoardWith(t, realCards(t), [2]string{"FS01-01", "FB03-001"}, [2]string{"FS01-10", "FS02-05"}).main(P1, 3)
		b.p(P2).Leader.Awakened = true
		b.inBattle(P1, "FS01-08", false)
		if tc.frieza {
			b.inBattle(P2, "FS01-13", true)
		}
		b.do("P1 attack FS01-08 -> leader", "P1 pass", "P2 pass")
		if tc.frieza {
			b.bad("damage 2", "Card skills")
		}
		b.do("damage")
		if got := len(b.p(P2).Life); got != tc.want {
			t.Errorf("Frieza %v: P2's life %d, want %d: %s", tc.frieza, got, tc.want, b.eventText())
		}
	}
}

// Son Goku : GT FB03-104 (awakened): "[Activate Main][Once per turn](1) :
// Choose up to 1 of your Battle Cards and it gets +10000 power until the
// end of your opponent's next turn. If you removed an energy marker for
// this skill, it gets +15000 power instead." Paid with energy Tien Shinhan
// FS01-10 gets +10000; paid with a marker +15000, not both.
func TestPowerInstead(t *testing.T) {
	for _, tc := range []struct {
		pay  string
		want int
	}{{"", 25000}, {" pay marker", 30000}} {
		b := newBoardWith(t, realCards(t), [2]string{"FB03-104", "FS02-01"}, [2]string{"FS01-10", "FS02-05"}).main(P1, 3)
		b.p(P1).Leader.Awakened = true
		b.p(P1).Markers = 1
		b.energy(P1, "FS01-10", 1).inBattle(P1, "FS01-10", false)
		b.do("P1 use leader -> FS01-10" + tc.pay)
		if got := b.power(P1, 0); got != tc.want {
			t.Errorf("%q: power %d, want %d: %s", tc.pay, got, tc.want, b.eventText())
		}
		b.do("P1 end", "P2 draw")
		if got := b.power(P1, 0); got != tc.want {
			t.Errorf("%q: in the opponent's turn power %d, want %d", tc.pay, got, tc.want)
		}
	}
}

// Bleak Future FB06-022 ([Field]): "[Permanent] If your Leader is <Android
// 18>, your Battle Cards with «Android» in their special traits can attack
// Active Mode Battle Cards in your opponent's Battle Area." Android 18
// FS01-07 may attack Active Son Goten FS02-05 (CR 8-1-1 allows only Rest
// Mode targets; the card goes beyond it, CR 0-2-2); Tien Shinhan FS01-10
// may not.
func TestCanAttackActiveModeBattleCards(t *testing.T) {
	b := newBoardWith(t, realCards(t), [2]string{"FB06-001", "FS02-01"}, [2]string{"FS01-10", "FS02-05"}).main(P1, 3)
	b.inBattle(P1, "FS01-07", false).inBattle(P1, "FS01-10", false).inBattle(P2, "FS02-05", false)
	b.p(P1).Field = b.newCard(P1, "FB06-022")
	b.bad("P1 attack FS01-10 -> P2:FS02-05", "CR 8-1-1")
	b.do("P1 attack FS01-07 -> P2:FS02-05")
}

// Mighty Mask FB03-048: "[Permanent] This card's name is also treated as
// <Son Goten> and <Trunks : Youth> in all areas." Gotenks FS02-03 adds it
// from the Drop as a <Son Goten> ("[On Play] If you have 7 or fewer cards
// in your hand, add up to 1 <Son Goten> and up to 1 <Trunks : Youth>―both
// with a cost of 2 or less―from your Drop to your hand"); Tien Shinhan
// FS01-10 is neither.
func TestNameAlsoTreatedAs(t *testing.T) {
	b := newBoardWith(t, realCards(t), [2]string{"FS02-01", "FS01-01"}, [2]string{"FS02-05", "FS01-10"}).main(P1, 3)
	b.energy(P1, "FS02-05", 4)
	b.p(P1).Hand = b.p(P1).Hand[:2]
	b.hand(P1, "FS02-03")
	b.p(P1).Drop = append(b.p(P1).Drop, b.newCard(P1, "FS01-10"), b.newCard(P1, "FB03-048"))
	b.do("P1 play FS02-03")
	b.bad("P1 use FS02-03 -> FS01-10", "Card skills")
	b.do("P1 use FS02-03 -> FB03-048")
	if len(b.p(P1).Drop) != 1 || b.s.Name(b.p(P1).Hand[len(b.p(P1).Hand)-1]) != "FB03-048" {
		t.Fatalf("Mighty Mask added to the hand: %s", Summary(&b.s))
	}
}

// Hercule FB01-097: "[Permanent] This card must attack whenever possible."
// P1 cannot end the turn while Hercule is Active and may attack; once it
// has attacked (or on the first player's first turn, CR 7-3-4-3-1, when no
// attack is possible) the turn ends.
func TestMustAttackWheneverPossible(t *testing.T) {
	b := realBoard(t).main(P1, 3)
	b.inBattle(P1, "FB01-097", false)
	b.bad("P1 end", "Card skills")
	b.do("P1 attack FB01-097 -> leader", "P1 use FB01-097 -> FS01-10", "P1 pass", "P2 pass", "damage", "P1 end")
	b = realBoard(t).main(P1, 1)
	b.s.First = P1
	b.inBattle(P1, "FB01-097", false)
	b.do("P1 end")
}
