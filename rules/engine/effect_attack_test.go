package engine

import "testing"

// Trunks : Future FB01-093: "[Permanent] This card can't attack your
// opponent's Leader." It may still attack a Rest Mode Battle Card.
func TestFutureTrunksCannotAttackTheLeader(t *testing.T) {
	b := realBoard(t).main(P1, 3)
	b.inBattle(P1, "FB01-093", false).inBattle(P2, "FS02-05", true)
	b.bad("P1 attack FB01-093 -> leader", "Card skills")
	b.do("P1 attack FB01-093 -> P2:FS02-05")
	if b.s.Battle.Step == NoBattle {
		t.Fatalf("Trunks could not attack a Battle Card: %s", b.eventText())
	}
}
