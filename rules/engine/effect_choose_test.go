package engine

import (
	"slices"
	"testing"
)

// SB01-031 (Babidi): "[End of Your Turn] Choose up to 1 Battle Card with
// «Majin» or «Wicked Soul» in its special traits in your Battle Area,
// switch it to Active Mode, and it gains [Blocker] until the end of your
// opponent's next turn." Majin Buu (Mini) FS07-09 («Majin») is readied and
// blocks on the opponent's turn; Tien Shinhan FS01-10 cannot be chosen.
func TestBabidiReadiesAMajinWithBlocker(t *testing.T) {
	b := realBoard(t).main(P1, 3)
	b.inBattle(P1, "SB01-031", false).inBattle(P1, "FS07-09", true).inBattle(P1, "FS01-10", true)
	b.do("P1 end")
	b.bad("P1 use SB01-031 -> FS01-10", "Card skills")
	b.do("P1 use SB01-031 -> FS07-09")
	buu := b.p(P1).Battle[1]
	if buu.Rest || !b.s.HasKeyword(buu.ID, "Blocker") {
		t.Fatalf("Majin Buu rest %v, blocker %v: %s", buu.Rest, b.s.HasKeyword(buu.ID, "Blocker"), b.eventText())
	}
	if b.s.HasKeyword(b.p(P1).Battle[2].ID, "Blocker") {
		t.Error("Tien Shinhan gained [Blocker] too")
	}
}

// Videl FB03-099: "[Activate Main] Choose up to 1 of your opponent's
// Battle Cards, switch it to Rest Mode, and it can't switch to Active Mode
// during your opponent's next turn. Then, if that card has a cost of 4 or
// more, draw 1 card." Son Goku FS02-03 costs 4: rested, and a card drawn;
// Son Goten FS02-05 (cost 1) draws none.
func TestVidelRestsAndDrawsForACostlyCard(t *testing.T) {
	for _, tc := range []struct {
		target string
		drawn  int
	}{{"FS02-03", 1}, {"FS02-05", 0}} {
		b := realBoard(t).main(P1, 3).hand(P1, "FB03-099").energy(P1, "FB03-099", 1)
		b.inBattle(P2, tc.target, false)
		hand := len(b.p(P1).Hand)
		b.do("P1 play FB03-099", "P1 use FB03-099 -> P2:"+tc.target)
		if !b.p(P2).Battle[0].Rest {
			t.Fatalf("%s not rested: %s", tc.target, b.eventText())
		}
		if got := len(b.p(P1).Hand) - (hand - 1); got != tc.drawn {
			t.Errorf("%s: drew %d, want %d: %s", tc.target, got, tc.drawn, b.eventText())
		}
		b.do("P1 end", "P2 draw")
		if !b.p(P2).Battle[0].Rest {
			t.Errorf("%s switched to Active Mode on its player's next turn", tc.target)
		}
	}
}

// FB06-092 (a [Field]): "[On Play] Choose up to 1 Battle Card with a cost of
// 4 or less and includes «Demon Realm» or «Demon World» in its special
// traits in your Battle Area and switch it to Active Mode." FB05-005
// («Demon Realm», cost 1) is readied; Tien Shinhan FS01-10 cannot be.
func TestDemonWorldFieldReadiesADemonRealmCard(t *testing.T) {
	b := realBoard(t).main(P1, 3).hand(P1, "FB06-092").energy(P1, "FB06-092", 2)
	b.inBattle(P1, "FS01-10", true).inBattle(P1, "FB05-005", true)
	b.do("P1 play FB06-092")
	b.bad("P1 use FB06-092 -> FS01-10", "Card skills")
	b.do("P1 use FB06-092 -> FB05-005")
	if b.p(P1).Battle[1].Rest || !b.p(P1).Battle[0].Rest {
		t.Fatalf("FB05-005 rest %v, FS01-10 rest %v: %s", b.p(P1).Battle[1].Rest, b.p(P1).Battle[0].Rest, b.eventText())
	}
}

// FB01-068: "[Activate Main] Choose up to 2 of your opponent's Battle
// Cards with costs of 4 or less and place them at the bottom of their
// owner's deck in any order." They go in the order the use line names them,
// the last named at the very bottom; FS02-10 (cost 7) cannot be chosen.
func TestTwoCardsGoToTheBottomInTheOrderNamed(t *testing.T) {
	b := realBoard(t).main(P1, 3).hand(P1, "FB01-068").energy(P1, "FB01-068", 3)
	b.inBattle(P2, "FS02-05", false).inBattle(P2, "FS02-03", false).inBattle(P2, "FS02-10", false)
	b.do("P1 play FB01-068")
	b.bad("P1 use FB01-068 -> P2:FS02-10", "Card skills")
	b.do("P1 use FB01-068 -> P2:FS02-03 P2:FS02-05")
	if _, bottom := b.deckEnds(P2, 2); !slices.Equal(bottom, []string{"FS02-03", "FS02-05"}) || len(b.p(P2).Battle) != 1 {
		t.Fatalf("P2's deck bottom %v, Battle Area %d: %s", bottom, len(b.p(P2).Battle), b.eventText())
	}
}

// An [End of Your Turn] skill with a choice waits in the End Phase: the
// next player's draw before its use line is the log error "choice
// missing"; once used, the turn passes (CR 7-4).
func TestEndOfTurnChoiceWaitsForItsUseLine(t *testing.T) {
	b := realBoard(t).main(P1, 3)
	b.inBattle(P1, "SB01-031", false).inBattle(P1, "FS07-09", true)
	b.do("P1 end")
	if b.s.Phase != PhaseEnd || b.s.TurnPlayer != P1 || len(b.s.Pending) != 1 {
		t.Fatalf("phase %v, turn player %v, waiting %d: %s", b.s.Phase, b.s.TurnPlayer, len(b.s.Pending), b.eventText())
	}
	v := b.bad("P2 draw", "")
	if v.ID != msgChoiceMissing.ID {
		t.Errorf("the draw before the use line: %s, want choice missing", v.Message())
	}
	b.do("P1 use SB01-031 -> none", "P2 draw")
	if b.s.TurnPlayer != P2 || !b.p(P1).Battle[1].Rest {
		t.Fatalf("turn player %v, Majin Buu rest %v", b.s.TurnPlayer, b.p(P1).Battle[1].Rest)
	}
}

// Time-Skip FB01-033: "[Activate Main] Choose any number of your opponent's
// Battle Cards that add up to a total power of 35000 or less and KO them."
// Son Goku FS02-03 (25000) and Son Goten FS02-05 (15000) add up to 40000:
// refused; Son Gohan FS02-07 (20000) and Son Goten, 35000: both KO'd.
func TestTimeSkipKOsUpToATotalPower(t *testing.T) {
	b := realBoard(t).main(P1, 3).hand(P1, "FB01-033").energy(P1, "FS01-10", 3)
	b.inBattle(P2, "FS02-03", false).inBattle(P2, "FS02-05", false).inBattle(P2, "FS02-07", false)
	b.do("P1 play FB01-033")
	b.bad("P1 use FB01-033 -> P2:FS02-03 P2:FS02-05", "Card skills")
	b.do("P1 use FB01-033 -> P2:FS02-07 P2:FS02-05")
	if got := b.names(b.p(P2).Drop); !slices.Equal(got, []string{"FS02-07", "FS02-05"}) || len(b.p(P2).Battle) != 1 {
		t.Fatalf("P2's Drop %v, Battle Area %d: %s", got, len(b.p(P2).Battle), b.eventText())
	}
}

// Sleepy Boy Technique FB06-046: "[Activate Main] Discard 1 card from your
// hand : Choose up to 2 Battle Cards with a total cost of 5 or less in your
// opponent's Battle Area and place them at the bottom of their owner's
// deck in any order." FS02-03 (cost 4) with FS02-07 (3) is 7: refused;
// with FS02-05 (1), 5.
func TestSleepyBoyTechniqueKeepsToATotalCost(t *testing.T) {
	b := realBoard(t).main(P1, 3).hand(P1, "FB06-046", "FS01-10").energy(P1, "FS02-05", 2)
	b.inBattle(P2, "FS02-03", false).inBattle(P2, "FS02-05", false).inBattle(P2, "FS02-07", false)
	b.do("P1 play FB06-046")
	b.bad("P1 use FB06-046 -> FS01-10 P2:FS02-03 P2:FS02-07", "Card skills")
	b.do("P1 use FB06-046 -> FS01-10 P2:FS02-03 P2:FS02-05")
	if _, bottom := b.deckEnds(P2, 2); !slices.Equal(bottom, []string{"FS02-03", "FS02-05"}) {
		t.Fatalf("P2's deck bottom %v: %s", bottom, b.eventText())
	}
}

// Panzy : DA FB05-014: "[On Play] Choose up to 1 of your Leaders or up to 1
// Battle Card―both with <DA> in their card names―in your Battle Area and it
// gets +5000 power for the turn." Son Goku FS01-01, a Leader without DA in
// its name, cannot be chosen; Majin Buu (Mini) : DA FS07-09 can.
func TestPanzyPowersADACardNotTheLeader(t *testing.T) {
	b := realBoard(t).main(P1, 3).hand(P1, "FB05-014").energy(P1, "FS01-10", 1)
	b.inBattle(P1, "FS07-09", false)
	b.do("P1 play FB05-014")
	b.bad("P1 use FB05-014 -> leader", "Card skills")
	b.do("P1 use FB05-014 -> FS07-09")
	if got := b.power(P1, 0); got != 25000 {
		t.Fatalf("Majin Buu has %d power, want 20000 + 5000: %s", got, b.eventText())
	}
}

// Old Kai FB05-044: "... Then, if you have 10 or more cards in your Drop,
// choose up to 1 of your Leaders or up to 1 Battle Card in your Battle
// Area―both with «Saiyan» in their special traits―and it gets +5000 power
// for the turn." Son Goku FS01-01 is a «Saiyan» Leader.
func TestOldKaiPowersASaiyanLeader(t *testing.T) {
	b := realBoard(t).main(P1, 3).hand(P1, "FB05-044").energy(P1, "FS02-05", 1)
	for range 8 {
		b.p(P1).Drop = append(b.p(P1).Drop, b.newCard(P1, "FS01-10"))
	}
	b.do("P1 play FB05-044", "P1 use FB05-044 -> leader")
	if got := b.power(P1, -1); got != 20000 {
		t.Fatalf("Son Goku has %d power, want 15000 + 5000: %s", got, b.eventText())
	}
}
