package engine

import (
	"slices"
	"strings"
	"testing"
)

func moveLines(moves []Action) []string {
	out := make([]string, 0, len(moves))
	for _, a := range moves {
		out = append(out, FormatAction(a))
	}
	return out
}

func wantMoves(t *testing.T, what string, got []string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !slices.Contains(got, w) {
			t.Errorf("%s: %q is missing from %q", what, w, got)
		}
	}
}

func unwantedMoves(t *testing.T, what string, got []string, unwanted ...string) {
	t.Helper()
	for _, w := range unwanted {
		if slices.Contains(got, w) {
			t.Errorf("%s: %q is offered but the rules do not allow it (%q)", what, w, got)
		}
	}
}

// A paper game from the start: what each player may tap is what the rules
// allow, cards named from the decklist with copies left.
func TestNextMovesFollowTheRules(t *testing.T) {
	cards := realCards(t)
	var setup Setup
	setup.Seed = 3
	setup.Players[0] = PlayerSetup{Leader: "FS01-01", Decklist: append(append(repeat("FS01-07", 4), repeat("FS01-13", 2)...), repeat("FS01-10", 44)...)}
	setup.Players[1] = PlayerSetup{Leader: "FS02-01", Deck: repeat("FS02-05", 50)}
	b := &board{t: t, cards: cards, s: NewState(setup, cards)}

	wantMoves(t, "setup", moveLines(NextMoves(&b.s, P1)), "P1 first")
	b.do("P1 first")
	got := moveLines(NextMoves(&b.s, P2))
	unwantedMoves(t, "P2 before the first player decides", got, "P2 keep", "P2 redraw", "P2 first")
	wantMoves(t, "P1's mulligan", moveLines(NextMoves(&b.s, P1)), "P1 keep", "P1 redraw")
	b.do("P1 keep", "P2 keep")

	got = moveLines(NextMoves(&b.s, P1))
	wantMoves(t, "P1's Charge Phase", got, "P1 draw", "P1 draw FS01-07", "P1 draw FS01-13")
	unwantedMoves(t, "P1's Charge Phase", got, "P1 end", "P1 attack leader -> leader", "P1 draw FS02-05")
	if got := NextMoves(&b.s, P2); len(got) != 0 {
		t.Errorf("P2 in P1's Charge Phase: %q", moveLines(got))
	}

	// Two FS01-13 named: no third is offered.
	b.do("P1 draw FS01-13")
	b.s.SetNumber(b.p(P1).Hand[0], "FS01-13")
	if left := (&moveGen{s: &b.s, side: P1}).decklistLeft(); !slices.Equal(left, []string{"FS01-07", "FS01-10"}) {
		t.Errorf("decklist numbers left with both FS01-13 known: %q", left)
	}
	got = moveLines(NextMoves(&b.s, P1))
	wantMoves(t, "after the draw", got, "P1 charge FS01-13", "P1 charge FS01-07", "P1 end")
	unwantedMoves(t, "after the draw", got, "P1 draw", "P1 attack leader -> leader") // turn 1: no attack for the first player
	b.do("P1 charge FS01-13")
	got = moveLines(NextMoves(&b.s, P1))
	unwantedMoves(t, "after charging", got, "P1 charge FS01-07", "P1 play FS01-13")
	// FS01-07 costs 2; P1 has one energy: not offered.
	unwantedMoves(t, "one energy", got, "P1 play FS01-07")
	b.do("P1 end", "P2 draw", "P2 charge FS02-05")
	got = moveLines(NextMoves(&b.s, P2))
	wantMoves(t, "P2's Main Phase", got, "P2 attack leader -> leader", "P2 end")

	b.do("P2 attack leader -> leader")
	wantMoves(t, "P2 attacking", moveLines(NextMoves(&b.s, P2)), "P2 pass")
	unwantedMoves(t, "P1 defending before P2 passes", moveLines(NextMoves(&b.s, P1)), "P1 pass")
	b.do("P2 pass")
	wantMoves(t, "P1 defending", moveLines(NextMoves(&b.s, P1)), "P1 pass")
	b.do("P1 pass")
	got = moveLines(NextMoves(&b.s, NoSide))
	// 15000 against 15000: the attack succeeds; only damage is allowed.
	if !slices.Equal(got, []string{"damage"}) {
		t.Errorf("outcomes of 15000 against 15000: %q", got)
	}
	b.do("damage")
	if got := NextMoves(&b.s, NoSide); len(got) != 0 {
		t.Errorf("outcomes after the battle: %q", moveLines(got))
	}
	// Every move offered is legal, by construction; check it on the whole
	// list once more from a state a test did not build by hand.
	for _, side := range []Side{P1, P2, NoSide} {
		for _, a := range NextMoves(&b.s, side) {
			if _, _, v := Apply(b.s, a); v != nil {
				t.Errorf("%s offered but refused: %v", FormatAction(a), v)
			}
		}
	}
	b.do("P2 concede")
	if got := NextMoves(&b.s, P1); got != nil {
		t.Errorf("moves after the game: %q", moveLines(got))
	}
}

// A skill waiting for choices is offered without them; Blockers and combos
// are offered to the defender.
func TestNextMovesInBattle(t *testing.T) {
	b := newBoard(t)
	b.main(P2, 2).inBattle(P2, "FS02-05", false)
	b.inBattle(P1, "TS-06", false).hand(P1, "FS01-10")
	b.do("P2 attack FS02-05 -> leader")
	got := moveLines(NextMoves(&b.s, P1))
	wantMoves(t, "defender in the attack step", got, "P1 block TS-06")
	unwantedMoves(t, "defender in the attack step", got, "P1 pass")
	b.do("P2 pass")
	got = moveLines(NextMoves(&b.s, P1))
	wantMoves(t, "defender's combo step", got, "P1 combo FS01-10", "P1 combo TS-06 from battle", "P1 pass")
	unwantedMoves(t, "defender's combo step", got, "P1 block TS-06")
	for _, l := range got {
		if strings.HasPrefix(l, "P2 ") {
			t.Errorf("P1's moves list P2's: %q", l)
		}
	}
	if only := moveLines(NextMoves(&b.s, P1, VerbPass, VerbBlock)); !slices.Equal(only, []string{"P1 pass"}) {
		t.Errorf("only passes and blocks: %q", only)
	}
}

// Trying the moves on one copy of the state (kept while moves are refused)
// gives the same moves as trying each on a copy of its own, at every step
// of a whole game with real cards, for both players and the battle's
// outcomes; the state asked about is left as it was.
func TestNextMovesOnOneCopyAsOnFreshCopies(t *testing.T) {
	l, cards := realGame(t)
	s := NewState(l.Setup, cards)
	for i, a := range l.Actions {
		for _, side := range []Side{NoSide, P1, P2} {
			before := s.Hash()
			shared := moveLines(NextMoves(&s, side))
			tryOnFreshCopies = true
			fresh := moveLines(NextMoves(&s, side))
			tryOnFreshCopies = false
			if !slices.Equal(shared, fresh) {
				t.Fatalf("step %d, %s: on one copy %q, on fresh copies %q", i, side, shared, fresh)
			}
			if s.Hash() != before {
				t.Fatalf("step %d: NextMoves for %s changed the state", i, side)
			}
		}
		next, _, v := Apply(s, a)
		if v != nil {
			t.Fatalf("step %d (%s): %v", i+1, FormatAction(a), v)
		}
		s = next
	}
}
