package engine

import (
	"strconv"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/rules/engine/gamelog"
	"github.com/tenkaichi-org/tenkaichi/rules/skill"
)

// The decks of the golden game: the FS01 starter list from the test fixture
// and an FS02-style list (FS02 cards only, 4 [Super Combo] at most).
var (
	fs01Deck = expand("4 FS01-02, 4 FS01-03, 2 FS01-04, 4 FS01-05, 4 FS01-06, 4 FS01-07, 2 FS01-08, 2 FS01-09, 4 FS01-10, 4 FS01-11, 2 FS01-12, 4 FS01-13, 4 FS01-14, 4 FS01-15, 2 FS01-16")
	fs02Deck = expand("4 FS02-02, 2 FS02-03, 4 FS02-04, 4 FS02-05, 4 FS02-06, 4 FS02-07, 4 FS02-08, 4 FS02-09, 4 FS02-10, 4 FS02-11, 4 FS02-12, 2 FS02-13, 4 FS02-14, 2 FS02-15")
)

func expand(s string) []string {
	d, msg := gamelog.ParseDeck(s)
	if msg.Format != "" {
		panic(msg)
	}
	return d
}

// autoplay plays a game with a simple greedy strategy for both players and
// returns its log. It is how the golden and benchmark logs were written: the
// engine checks every action it proposes, so the log is legal by construction
// and the golden test then holds the engine to the same result.
// long makes the game run long: one Battle Card attacks a turn, and
// defenders defend every attack with combos from hand and then from the
// Battle Area.
type autoplayer struct {
	t    testing.TB
	s    State
	log  *Log
	long bool
	// declared: the engine does not read the cards' skills (the test cards
	// without text), so the log declares them as a scorekeeper would.
	declared bool
}

func autoplay(t testing.TB, setup Setup, cards Cards, long bool, limit int) *Log {
	ap := &autoplayer{t: t, s: NewState(setup, cards), log: &Log{Setup: setup}, long: long}
	// The test cards' text is cut short: their Leader's draw is not read.
	ap.declared = true
	if sks, _, ok := ap.s.SkillsOf(ap.s.Players[0].Leader.ID); ok {
		for _, sk := range sks {
			if sk.Understood && sk.Timing == skill.WhenAttacking {
				ap.declared = false
			}
		}
	}
	if ap.declared {
		// Its declared lines are the skills' effects: a log that says so.
		setup.Effects = EffectsDeclared
		ap.s, ap.log.Setup = NewState(setup, cards), setup
	}
	ap.must("P1 first")
	ap.must("P1 keep")
	ap.must("P2 redraw")
	for !ap.s.Result.Over && len(ap.log.Actions) < limit {
		ap.turn()
	}
	return ap.log
}

func (ap *autoplayer) try(line string) bool {
	a, msg := gamelog.ParseAction(strings.Fields(line))
	if msg.Format != "" {
		ap.t.Fatalf("autoplay wrote a bad line %q: %s", line, msg)
	}
	next, _, v := Apply(ap.s, a)
	if v != nil {
		return false
	}
	a.Line = len(ap.log.Actions) + 1
	ap.s = next
	ap.log.Actions = append(ap.log.Actions, a)
	return true
}

func (ap *autoplayer) must(line string) {
	if !ap.try(line) {
		_, _, v := Apply(ap.s, action(ap.t, line))
		ap.t.Fatalf("autoplay: %q is illegal: %v\n%s", line, v, Summary(&ap.s))
	}
}

func (ap *autoplayer) over() bool { return ap.s.Result.Over }

func (ap *autoplayer) turn() {
	s := &ap.s
	me := s.TurnPlayer
	P := me.String() + " "
	ap.must(P + "draw")
	if ap.over() {
		return
	}
	p := &s.Players[me]
	// Charge the most expensive card while energy is short.
	if len(p.Energy) < 6 && len(p.Hand) > 1 {
		best, bestCost := "", -100
		for _, id := range p.Hand {
			c, _ := s.Card(id)
			cost := 0
			if c.Cost != nil {
				cost = *c.Cost
			}
			if c.Type == "Extra" {
				cost = -1 + cost/10 // keep Extras for battles unless nothing else
			}
			if cost > bestCost {
				best, bestCost = s.Name(id), cost
			}
		}
		ap.must(P + "charge " + best)
	}
	// Play Battle Cards, most expensive first, keeping two cards for combos.
	for played := true; played && len(s.Players[me].Hand) > 2; {
		played = false
		for _, num := range ap.handByCost(me) {
			if ap.try(P + "play " + num) {
				played = true
				if ap.declared && (num == "FS01-03" || num == "FS02-08") {
					ap.try(P + "draw") // [On Play] Draw 1 card (declared)
				}
				ap.choose(me)
				break
			}
		}
	}
	if ap.declared {
		ap.permanents(me)
	}
	ap.try(P + "awaken")
	if ap.over() {
		return
	}
	// Attack the Leader with everything that can.
	if s.Turn > 1 {
		if ap.long {
			// Battle Cards only: the Leaders' attack skill draws, and the
			// long game is to last until a deck runs out. With the real
			// cards' skills (more draws and life cards) a game ends
			// sooner: then attack every third turn.
			if !ap.declared && s.Turn%3 != 0 {
				ap.must(P + "end")
				return
			}
			for _, b := range s.Players[me].Battle {
				if !b.Rest {
					ap.attack(me, s.Name(b.ID))
					break
				}
			}
		} else {
			ap.attack(me, "leader")
			for i := 0; !ap.over() && i < len(s.Players[me].Battle); i++ {
				b := s.Players[me].Battle[i]
				if b.Rest {
					continue
				}
				n := len(s.Players[me].Battle)
				ap.attack(me, s.Name(b.ID))
				if len(s.Players[me].Battle) < n {
					i = -1 // the attacker left play; look again
				}
			}
		}
	}
	if !ap.over() {
		ap.must(P + "end")
	}
}

func (ap *autoplayer) handByCost(pl Side) []string {
	s := &ap.s
	var out []string
	for cost := 10; cost >= 0; cost-- {
		for _, id := range s.Players[pl].Hand {
			c, _ := s.Card(id)
			if c.Type == "Battle" && c.Cost != nil && *c.Cost == cost {
				out = append(out, s.Name(id))
			}
		}
	}
	return out
}

func (ap *autoplayer) attack(me Side, attacker string) {
	s := &ap.s
	opp := me.Other()
	P, O := me.String()+" ", opp.String()+" "
	if !ap.try(P + "attack " + attacker + " -> leader") {
		return
	}
	if attacker == "leader" && ap.declared {
		ap.must(P + "draw") // the Leaders' [When Attacking] Draw 1 card (declared)
	}
	if ap.over() {
		return
	}
	ap.choose(me)
	if ap.over() {
		return
	}
	for _, b := range s.Players[opp].Battle {
		if !b.Rest && ap.try(O+"block "+s.Name(b.ID)) {
			break
		}
	}
	// The attacker tops up with one combo when behind (in a long game, two
	// whenever the hand allows).
	want := 0
	if atk, def, ok := s.BattlePowers(); ok && atk < def {
		want = 1
	}
	if ap.long && len(s.Players[me].Hand) > 3 {
		want = 2
	}
	for _, num := range ap.comboCards(me) {
		if want == 0 {
			break
		}
		if ap.try(P + "combo " + num) {
			want--
		}
	}
	if ap.over() {
		return
	}
	ap.must(P + "pass")
	// The defender defends when low on life, or always in a long game.
	if s.Battle.Target == s.Players[opp].Leader.ID && (ap.long || len(s.Players[opp].Life) <= 4) {
		for _, num := range ap.comboCards(opp) {
			atk, def, ok := s.BattlePowers()
			if !ok || def > atk || len(s.Players[opp].Hand) <= 1 {
				break
			}
			ap.try(O + "combo " + num)
		}
		for i := 0; ap.long && i < len(s.Players[opp].Battle); i++ {
			atk, def, ok := s.BattlePowers()
			if !ok || def > atk {
				break
			}
			if ap.try(O + "combo " + s.Name(s.Players[opp].Battle[i].ID) + " from battle") {
				i = -1
			}
		}
	}
	ap.must(O + "pass")
	atk, def, _ := s.BattlePowers()
	switch {
	case atk < def:
		ap.must("miss")
	case s.Battle.Target == s.Players[opp].Leader.ID:
		ap.must("damage")
	default:
		ap.must("ko")
	}
}

// choose makes the choices of a skill waiting for them: the opponent's
// first Battle Card if the skill takes it, else no card (an "up to" count
// takes its most).
func (ap *autoplayer) choose(me Side) {
	s := &ap.s
	for len(s.Pending) > 0 && s.Pending[0].Side == me {
		src := s.Name(s.Pending[0].Source)
		if s.Pending[0].Source == s.Players[me].Leader.ID {
			src = "leader"
		}
		done := false
		for i := range s.Players[me.Other()].Battle {
			if ap.try(me.String() + " use " + src + " -> " + me.Other().String() + ":" + s.CopyName(me.Other(), i)) {
				done = true
				break
			}
		}
		if !done && !ap.try(me.String()+" use "+src) {
			return
		}
	}
}

func (ap *autoplayer) comboCards(pl Side) []string {
	s := &ap.s
	var out []string
	for _, id := range s.Players[pl].Hand {
		if c, ok := s.Card(id); ok && c.Type == "Battle" && c.ComboPower != nil && *c.ComboPower > 0 {
			out = append(out, s.Name(id))
		}
	}
	return out
}

// permanents declares the [Permanent] power skills of the two decks for
// this turn, as a judge's log would: Krillin +5000 on its player's turn,
// Android 17 +5000 on the opponent's, Son Gohan and Trunks with 7 or fewer
// cards in hand.
func (ap *autoplayer) permanents(me Side) {
	s := &ap.s
	for _, side := range []Side{me, me.Other()} {
		handOK := len(s.Players[side].Hand) <= 7
		var lines []string
		for _, b := range s.Players[side].Battle {
			n := s.Name(b.ID)
			switch {
			case side == me && n == "FS01-04":
				lines = append(lines, "power FS01-04 +5000")
			case side != me && n == "FS01-06":
				lines = append(lines, "power FS01-06 +5000")
			case side == me && n == "FS02-07" && handOK:
				lines = append(lines, "power FS02-07 +15000")
			case side == me && n == "FS02-09" && handOK:
				lines = append(lines, "power FS02-09 +10000")
			}
		}
		// Each copy gets its own line; "#k" picks the copy.
		count := map[string]int{}
		for _, l := range lines {
			f := strings.Fields(l)
			count[f[1]]++
			ap.must(side.String() + " power " + f[1] + "#" + strconv.Itoa(count[f[1]]) + " " + f[2])
		}
	}
}
