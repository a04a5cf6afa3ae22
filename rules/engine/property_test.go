package engine

import (
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/rules/engine/gamelog"
	"pgregory.net/rapid"
)

// lineGen makes plausible (often illegal) action lines for the test decks.
func lineGen() *rapid.Generator[string] {
	cards := []string{"leader", "FS01-02", "FS01-07", "FS01-08", "FS01-14", "FS01-15", "FS02-05", "FS02-12", "TS-02", "TS-04", "top", "?"}
	cards = append(cards, prefixedRefs...)
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

// prefixedRefs name either player's cards with an owner prefix, in play or
// not, so an action may name the other player's card where it must not.
var prefixedRefs = []string{"P1:leader", "P2:leader", "P1:FS01-07", "P1:FS01-07#2", "P1:FS01-02", "P1:TS-02", "P1:?",
	"P2:FS02-05", "P2:FS02-05#2", "P2:FS02-12", "P2:FS02-14", "P2:top", "P2:?", "P1:bottom"}

// noEngineFailure fails the test if v is the engine failing, not a rule.
func noEngineFailure(rt *rapid.T, line string, v *Violation) {
	if v != nil && v.Format == EngineFailure {
		rt.Fatalf("%q: %s", line, v.Message())
	}
}

// From a board with Battle Cards on both sides and a battle in any step,
// actions naming either player's cards never make the engine fail (panic),
// in Apply or in a replay.
func TestPropertyPrefixedRefsNeverFail(t *testing.T) {
	verbs := []string{"attack %c -> %c", "block %c", "combo %c", "combo %c from battle", "evolve %c on %c", "evolve %c on %c %c",
		"play %c", "charge %c", "draw %c", "ko %c", "power %c -5000", "power %c +5000 battle", "rest %c", "ready %c", "ki %c +1",
		"move %c from battle to hand", "move %c from hand to battle", "move %c from life to drop", "awaken", "pass"}
	rapid.Check(t, func(rt *rapid.T) {
		b := newBoard(t).main(P1, 3)
		p1 := []string{"FS01-07", "FS01-02", "TS-02", "FS01-07"}
		p2 := []string{"FS02-05", "FS02-12", "FS02-14", "FS02-05", "FS02-12"}
		for i := range rapid.IntRange(0, len(p1)).Draw(rt, "p1 battle") {
			b.inBattle(P1, p1[i], rapid.Bool().Draw(rt, "rest"))
		}
		for i := range rapid.IntRange(0, len(p2)).Draw(rt, "p2 battle") {
			b.inBattle(P2, p2[i], rapid.Bool().Draw(rt, "rest"))
		}
		b.hand(P1, "TS-02", "TS-03", "FS01-02", "").hand(P2, "FS02-05", "")
		s := b.s
		if rapid.Bool().Draw(rt, "battle") {
			if next, _, v := Apply(s, action(t, "P1 attack leader -> leader")); v == nil {
				s = next
				for range rapid.IntRange(0, 2).Draw(rt, "passes") {
					who := "P1 pass" // the attacker, then the defender
					if s.Battle.Step == StepDefense {
						who = "P2 pass"
					}
					if next, _, v := Apply(s, action(t, who)); v == nil {
						s = next
					}
				}
			}
		}
		s0 := s
		l := &Log{}
		for range rapid.IntRange(1, 30).Draw(rt, "n") {
			v := rapid.SampledFrom(verbs).Draw(rt, "verb")
			for strings.Contains(v, "%c") {
				v = strings.Replace(v, "%c", rapid.SampledFrom(prefixedRefs).Draw(rt, "card"), 1)
			}
			line := rapid.SampledFrom([]string{"P1 ", "P2 "}).Draw(rt, "player") + v
			a := action(t, line)
			next, _, v2 := Apply(s, a)
			noEngineFailure(rt, line, v2)
			if v2 == nil {
				s = next
			}
			l.Actions = append(l.Actions, a)
		}
		// The same lines applied in place, as a replay does.
		w := s0.Clone()
		for _, a := range l.Actions {
			_, v, cause, ok := applyRecovered(&w, a, nil)
			if !ok {
				rt.Fatalf("%q: the engine failed in place: %s", FormatAction(a), cause)
			}
			if v != nil {
				w.Step++
			}
		}
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
		checkApply(rt, setup, cards, rapid.SliceOfN(lineGen(), 1, 80).Draw(rt, "lines"), true)
	})
}

// The same with real cards whose skills the engine reads, "use" lines, pay
// lists and named life cards: skills triggered, waiting, used with choices
// that fit or not, and lapsing never make the engine fail, and a violation
// (even one found half-way through a skill) changes nothing.
func TestPropertyApplyRealCards(t *testing.T) {
	cards := realCards(t)
	refs := []string{"leader", "FS01-02", "FS01-03", "FS01-04", "FS01-05", "FS01-15", "FS01-16", "FB01-096", "FB01-135",
		"FB01-043", "FB01-038", "FB03-139", "FS02-05", "FS02-06", "FS02-12", "FS02-13", "P1:leader", "P2:leader",
		"P2:FS02-05", "P2:FS02-06#2", "P1:FS01-04#2", "P1:FB01-038", "none", "?", "top", "P2:?"}
	verbs := []string{"draw", "end", "pass", "pass", "charge %c", "play %c", "play %c", "attack leader -> leader", "attack %c -> %c",
		"block %c", "combo %c", "awaken", "use %c", "use %c -> %c", "use %c -> %c %c", "use %c -> %c %c %c", "play %c pay %c marker",
		"play %c pay marker", "power %c -5000", "ko %c", "move %c from hand to battle"}
	gen := rapid.Custom(func(t *rapid.T) string {
		if rapid.IntRange(0, 9).Draw(t, "outcome") == 0 {
			return rapid.SampledFrom([]string{"damage", "ko", "miss", "damage 2", "damage FS02-05", "damage FS01-10 FS01-10"}).Draw(t, "o")
		}
		v := rapid.SampledFrom(verbs).Draw(t, "verb")
		for strings.Contains(v, "%c") {
			r := rapid.SampledFrom(refs).Draw(t, "card")
			if r == "none" && !strings.HasPrefix(v, "use") {
				r = "FS01-04"
			}
			v = strings.Replace(v, "%c", r, 1)
		}
		return rapid.SampledFrom([]string{"P1 ", "P2 "}).Draw(t, "player") + v
	})
	rapid.Check(t, func(rt *rapid.T) {
		var setup Setup
		setup.Seed = rapid.Uint64().Draw(rt, "seed")
		p1 := []string{"FS01-02", "FS01-03", "FS01-04", "FS01-05", "FS01-15", "FS01-16", "FS01-10"}
		p2 := []string{"FS02-05", "FS02-06", "FS02-12", "FS02-13", "FS02-15"}
		var d1, d2 []string
		for _, n := range p1 {
			d1 = append(d1, repeat(n, 7)...)
		}
		for _, n := range p2 {
			d2 = append(d2, repeat(n, 10)...)
		}
		setup.Players[0] = PlayerSetup{Leader: "FS01-01", Deck: d1}
		if rapid.Bool().Draw(rt, "paper") {
			setup.Players[1] = PlayerSetup{Leader: "FS02-01", Decklist: d2}
		} else {
			setup.Players[1] = PlayerSetup{Leader: "FS02-01", Deck: d2}
		}
		checkApply(rt, setup, cards, rapid.SliceOfN(gen, 1, 120).Draw(rt, "lines"), false)
	})
}

// checkApply applies lines after "P1 first" and both keeps, checking that
// Apply does not fail or change its input, agrees with the in-place apply,
// and that Run's StateAt gives the same states. strict: every generated
// line must parse (otherwise lines that do not are left out).
func checkApply(rt *rapid.T, setup Setup, cards Cards, body []string, strict bool) {
	l := &Log{Setup: setup}
	lines := append([]string{"P1 first", "P1 keep", "P2 keep"}, body...)
	for _, line := range lines {
		a, msg := gamelog.ParseAction(strings.Fields(line))
		if msg.Format != "" && !strict {
			continue
		}
		if msg.Format != "" {
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
		noEngineFailure(rt, FormatAction(a), v)
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
	if r.Err != nil {
		rt.Fatalf("replay: %v", r.Err)
	}
	for i := range states {
		if at := r.StateAt(i + 1); at.Hash() != states[i] {
			rt.Fatalf("StateAt(%d) differs", i+1)
		}
	}
}

// FuzzReplay replays any action lines after a setup with known cards on both
// sides: the engine never fails on a log that parses.
func FuzzReplay(f *testing.F) {
	const body = "P1 first\nP1 keep\nP2 keep\nP1 draw\nP1 charge FS01-10\nP1 play FS01-10\nP1 end\nP2 draw\nP2 play FS02-12\nP2 end\nP1 draw\nP1 charge FS01-10\nP1 play FS01-07\n"
	for _, tail := range []string{
		"P1 attack leader -> leader\nP2 block P1:FS01-07\n",
		"P1 attack leader -> leader\nP1 combo P2:FS02-12 from battle\n",
		"P1 evolve ? on P2:FS02-12\n",
		"P1 attack P2:leader -> leader\n",
		"P1 attack FS01-07 -> leader\nP1 move FS01-07 from battle to hand\nP1 pass\nP2 pass\ndamage\n",
		"P1 attack leader -> leader\nP2 awaken\nP1 pass\nP1 awaken\n",
	} {
		f.Add([]byte(body + tail))
	}
	cards := testCards(f)
	const head = "[Seed \"1\"]\n[P1Leader \"FS01-01\"]\n[P2Leader \"FS02-01\"]\n[P1Deck \"25 FS01-10, 25 FS01-07\"]\n[P2Deck \"25 FS02-12, 25 FS02-14\"]\n"
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := ParseLog(append([]byte(head), data...))
		if err != nil {
			return
		}
		r := Run(l, cards, ReplayOptions{RunOn: true})
		if r.Err != nil {
			t.Fatalf("the engine failed: %v", r.Err)
		}
		_ = r.StateAt(len(r.Steps) / 2)
	})
}

// From a board with real cards in hand, energy and Battle Cards on both
// sides, random plays, attacks and use lines with choices never make the
// engine fail, and a violation changes nothing, in Apply or in place.
func TestPropertySkillsNeverFail(t *testing.T) {
	refs := []string{"leader", "FS01-02", "FS01-04", "FS01-05", "FS01-16", "FB01-096", "FB01-135", "FB01-043", "FB01-059",
		"FB01-032", "FB02-013", "FB02-012", "FB02-042", "FS02-05", "FS02-06", "FS02-13", "P1:leader", "P2:leader",
		"P2:FS02-05", "P2:FS02-05#2", "P2:FS02-13", "P1:FS01-04", "P1:FB01-038", "none", "?", "P2:?", "FS01-10"}
	verbs := []string{"play %c", "play %c", "attack %c -> %c", "attack leader -> leader", "block %c", "combo %c", "pass",
		"use %c", "use %c -> %c", "use %c -> %c %c", "use %c -> %c %c %c", "use leader -> %c", "awaken", "end", "draw",
		"play %c pay %c", "play %c pay marker", "ko %c"}
	cards := realCards(t)
	rapid.Check(t, func(rt *rapid.T) {
		b := newBoardWith(t, cards, [2]string{"FS01-01", "FS02-01"}, [2]string{"FB01-038", "FS02-05"}).main(P1, 3)
		for _, n := range []string{"FS01-10", "FB01-096", "FB01-135", "FB02-042", "FB03-139"} {
			b.energy(P1, n, rapid.IntRange(0, 2).Draw(rt, "energy"))
		}
		b.p(P1).Markers = rapid.IntRange(0, 1).Draw(rt, "markers")
		b.hand(P1, "FS01-02", "FS01-04", "FS01-16", "FB01-135", "FB02-013", "FB02-012", "FB02-042", "FB01-032", "")
		b.hand(P2, "FS01-05", "FS02-05", "")
		for _, n := range []string{"FB01-096", "FB01-043", "FB01-059", "FB01-038"} {
			if rapid.Bool().Draw(rt, "p1 "+n) {
				b.inBattle(P1, n, rapid.Bool().Draw(rt, "rest"))
			}
		}
		for _, n := range []string{"FS02-05", "FS02-05", "FS02-06", "FS02-13"} {
			if rapid.Bool().Draw(rt, "p2 "+n) {
				b.inBattle(P2, n, rapid.Bool().Draw(rt, "rest"))
			}
		}
		s := b.s
		for range rapid.IntRange(1, 40).Draw(rt, "n") {
			var line string
			// Half the lines come from the board: use a waiting skill or a
			// card in play with choices among the cards in play and in hand.
			if rapid.Bool().Draw(rt, "from board") {
				line = boardLine(rt, &s)
			} else {
				v := rapid.SampledFrom(verbs).Draw(rt, "verb")
				for strings.Contains(v, "%c") {
					v = strings.Replace(v, "%c", rapid.SampledFrom(refs).Draw(rt, "card"), 1)
				}
				line = rapid.SampledFrom([]string{"P1 ", "P1 ", "P2 "}).Draw(rt, "player") + v
			}
			a, msg := gamelog.ParseAction(strings.Fields(line))
			if msg.Format != "" {
				continue
			}
			before := s.Hash()
			next, _, v2 := Apply(s, a)
			noEngineFailure(rt, line, v2)
			inPlace := s.Clone()
			_, v3, cause, ok := applyRecovered(&inPlace, a, nil)
			if !ok {
				rt.Fatalf("%q: the engine failed in place: %s", line, cause)
			}
			if (v2 == nil) != (v3 == nil) {
				rt.Fatalf("%q: Apply and in place disagree", line)
			}
			if v2 != nil {
				if inPlace.Hash() != before {
					rt.Fatalf("%q: violation %v changed the state in place", line, v2)
				}
				continue
			}
			if inPlace.Hash() != next.Hash() {
				rt.Fatalf("%q: in place and Apply differ", line)
			}
			s = next
		}
	})
}

// boardLine is an action built from what is on the board: a play from hand,
// or a use line for a waiting skill or a card in play, with choices drawn
// from the cards in play and in hand of both players.
func boardLine(rt *rapid.T, s *State) string {
	var cands []string
	for i := range s.Players {
		p := &s.Players[i]
		cands = append(cands, Side(i).String()+":leader")
		for j := range p.Battle {
			cands = append(cands, Side(i).String()+":"+s.CopyName(Side(i), j))
		}
		for _, id := range p.Hand {
			cands = append(cands, s.Name(id))
		}
	}
	cands = append(cands, "none")
	me := s.TurnPlayer
	if len(s.Pending) > 0 {
		me = s.Pending[0].Side
	} else if s.Battle.Step == StepDefense {
		me = me.Other()
	}
	p := &s.Players[me]
	var src string
	switch {
	case len(s.Pending) > 0:
		src = s.Name(s.Pending[0].Source)
		if s.Pending[0].Source == p.Leader.ID {
			src = "leader"
		}
	case len(p.Hand) > 0 && rapid.Bool().Draw(rt, "play"):
		return me.String() + " play " + s.Name(p.Hand[rapid.IntRange(0, len(p.Hand)-1).Draw(rt, "hand card")])
	case len(p.Battle) > 0:
		src = s.CopyName(me, rapid.IntRange(0, len(p.Battle)-1).Draw(rt, "source"))
	default:
		src = "leader"
	}
	line := me.String() + " use " + src
	if n := rapid.IntRange(0, 3).Draw(rt, "choices"); n > 0 {
		line += " ->"
		for range n {
			line += " " + rapid.SampledFrom(cands).Draw(rt, "choice")
		}
	}
	return line
}
