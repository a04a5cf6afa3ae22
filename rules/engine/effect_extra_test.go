package engine

import "testing"

// Jackie Chun FB06-029: "[End of Your Turn] If you use an Extra with an
// original cost of 1 or more during this turn, draw 1 card." After Time
// Ring FB02-069 (cost 1) the turn's end draws 1; without an Extra, none.
func TestJackieChunDrawsAfterAnExtra(t *testing.T) {
	for _, extra := range []bool{true, false} {
		b := realBoard(t).main(P1, 3).hand(P1, "FB02-069").energy(P1, "FS02-05", 1)
		b.inBattle(P1, "FB06-029", false)
		if extra {
			b.do("P1 play FB02-069", "P1 use FB02-069")
		}
		hand := len(b.p(P1).Hand)
		b.do("P1 end")
		want := hand
		if extra {
			want++
		}
		if got := len(b.p(P1).Hand); got != want {
			t.Errorf("Extra used %v: hand %d at the turn's end, want %d: %s", extra, got, want, b.eventText())
		}
		if b.p(P1).ExtraUsed != 0 {
			t.Errorf("the Extra used still counts on the next turn")
		}
	}
}
