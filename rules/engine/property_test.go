package engine

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// lineGen makes plausible (often illegal) action lines for the test decks.
func lineGen() *rapid.Generator[string] {
	cards := []string{"leader", "FS01-02", "FS01-07", "FS01-08", "FS01-14", "FS01-15", "FS02-05", "FS02-12", "TS-02", "TS-04", "P2:FS02-05", "P1:FS01-07", "top", "?"}
	verbs := []string{"draw", "draw", "end", "end", "pass", "pass", "charge %c", "charge %c", "play %c", "attack leader -> leader", "charge %c", "play %c", "attack %c -> %c", "block %c", "combo %c", "combo %c from battle", "pass", "end", "awaken",
		"evolve %c on %c", "evolve %c on %c %c", "power %c -5000", "power %c +5000 battle", "rest %c", "ready %c", "ki %c +1", "move %c from hand to drop",
		"move top from life to hand", "shuffle", "ko %c"}
	return rapid.Custom(func(t *rapid.T) string {
		outcome := rapid.IntRange(0, 9).Draw(t, "outcome")
		if outcome == 0 {
			return rapid.SampledFrom([]string{"damage", "ko", "miss", "damage 2"}).Draw(t, "o")
		}
		v := rapid.SampledFrom(verbs).Draw(t, "verb")
		for strings.Contains(v, "%c") {
			v = strings.Replace(v, "%c", rapid.SampledFrom(cards).Draw(t, "card"), 1)
		}
		return rapid.SampledFrom([]string{"P1 ", "P2 "}).Draw(t, "player") + v
	})
}

// Apply never panics, leaves the state alone on a violation, and matches the
// in-place path Replay uses; Replay's StateAt matches the same walk.
func TestPropertyApply(t *testing.T) {
	cards := testCards(t)
	rapid.Check(t, func(rt *rapid.T) {
		var setup Setup
		setup.Seed = rapid.Uint64().Draw(rt, "seed")
		setup.Players[0] = PlayerSetup{Leader: "FS01-01", Deck: append(repeat("FS01-07", 20), append(repeat("FS01-15", 15), repeat("TS-02", 15)...)...)}
		setup.Players[1] = PlayerSetup{Leader: "FS02-01", Deck: append(repeat("FS02-05", 25), repeat("FS02-12", 25)...)}
		l := &Log{Setup: setup}
		lines := append([]string{"P1 first", "P1 keep", "P2 keep"}, rapid.SliceOfN(lineGen(), 1, 80).Draw(rt, "lines")...)
		for _, line := range lines {
			a, msg := parseAction(strings.Fields(line))
			if msg != "" {
				rt.Fatalf("generator wrote %q: %s", line, msg)
			}
			l.Actions = append(l.Actions, a)
		}
		s := NewState(setup, cards)
		var states []uint64
		for _, a := range l.Actions {
			before := s.Hash()
			next, _, v := Apply(s, a)
			if s.Hash() != before {
				rt.Fatalf("Apply changed its input on %q", FormatAction(a))
			}
			inPlace := s.Clone()
			_, v2 := apply(&inPlace, a)
			if (v == nil) != (v2 == nil) {
				rt.Fatalf("%q: Apply and apply disagree on legality", FormatAction(a))
			}
			if v != nil {
				if inPlace.Hash() != before {
					rt.Fatalf("%q: violation %v changed the state in place", FormatAction(a), v)
				}
				s.Step++ // Replay counts skipped actions as steps
			} else {
				if inPlace.Hash() != next.Hash() {
					rt.Fatalf("%q: in-place and copying apply differ", FormatAction(a))
				}
				s = next
			}
			states = append(states, s.Hash())
		}
		r := Run(l, cards, ReplayOptions{RunOn: true, SnapshotEvery: 7})
		for i := range states {
			if at := r.StateAt(i + 1); at.Hash() != states[i] {
				rt.Fatalf("StateAt(%d) differs", i+1)
			}
		}
	})
}
