package engine

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/rules"
)

// Scenarios for defects found in review: each failed before its fix.

func TestAttackerIsTheActingPlayersOwn(t *testing.T) {
	b := newBoard(t).main(P1, 3).inBattle(P2, "FS02-05", false)
	v := b.bad("P1 attack P2:leader -> leader", "CR 8-1-1")
	if want := "P1 attacks with their own Leader or Battle Card; P2:leader is P2's"; v.Message() != want {
		t.Errorf("message %q, want %q", v.Message(), want)
	}
	b.bad("P1 attack P2:FS02-05 -> leader", "CR 8-1-1")
	b.do("P1 attack P1:leader -> leader") // one's own card, named with its owner
	if !b.p(P1).Leader.Rest || b.p(P2).Leader.Rest {
		t.Fatalf("the attacker is P1's Leader: %s", Summary(&b.s))
	}
}

// block, combo from battle and evolve use the acting player's own Battle
// Cards. A reference to the other player's card used to index the wrong
// Battle Area: the wrong card, or an index out of range.
func TestBlockComboEvolveUseOwnCards(t *testing.T) {
	b := newBoard(t).main(P1, 3).inBattle(P1, "FS01-07", false).inBattle(P1, "FS01-10", false)
	b.inBattle(P2, "FS02-12", false)
	b.do("P1 attack FS01-07 -> leader")
	v := b.bad("P2 block P1:FS01-10", "[Blocker]") // P1's index 1; P2 has one card
	if want := "P2 blocks with their own Battle Cards; P1:FS01-10 is P1's card"; v.Message() != want {
		t.Errorf("message %q, want %q", v.Message(), want)
	}
	b.bad("P2 block P1:FS01-07", "[Blocker]")
	b.do("P2 block P2:FS02-12")

	c := newBoard(t).main(P1, 3).inBattle(P1, "FS01-07", false)
	c.inBattle(P2, "FS02-05", false).inBattle(P2, "FS02-14", false).hand(P2, "FS02-05")
	c.do("P1 attack FS01-07 -> leader")
	v = c.bad("P1 combo P2:FS02-14 from battle", "Combo") // P2's index 1; P1 has one card
	if want := "P1 combos with their own cards; P2:FS02-14 is P2's card"; v.Message() != want {
		t.Errorf("message %q, want %q", v.Message(), want)
	}
	c.bad("P1 combo P2:FS02-05 from battle", "Combo") // P2's index 0 is P1's attacker
	c.bad("P1 combo P2:FS02-05", "")                  // from hand: one's own hand only
	c.do("P1 pass", "P2 combo P2:FS02-14 from battle", "P2 combo FS02-05")

	e := newBoard(t).main(P1, 3).inBattle(P1, "FS01-07", false).hand(P1, "TS-02", "TS-03")
	e.inBattle(P2, "FS02-05", false).inBattle(P2, "FS02-14", false)
	v = e.bad("P1 evolve TS-02 on P2:FS02-14", "[Evolve]")
	if !strings.Contains(v.Message(), "P2:FS02-14 is P2's card") {
		t.Errorf("message %q", v.Message())
	}
	e.bad("P1 evolve TS-03 on FS01-07 P2:FS02-05", "[Fusion Evolve]")
	e.bad("P1 play P2:FS02-05", "")
	e.bad("P1 draw P2:FS02-05", "")
	// Declared effects still reach the opponent's cards.
	e.do("P1 ki P2:FS02-14 +1 by TS-09", "P1 power P2:FS02-14 -5000 by TS-09", "P1 move P2:FS02-14 from battle to hand by TS-09")
	e.do("P1 evolve TS-02 on P1:FS01-07")
}

func TestAwakenLifeConditionAfterReminder(t *testing.T) {
	const text = "[When Attacking] Draw 1 card.\n[Awaken] (Can be activated during [Activate Main/Battle] if the conditions are met.) When your life is at 3 or less, draw 1 card. Then, flip this card over."
	if n, ok := awakenLifeLimit(text); !ok || n != 3 {
		t.Fatalf("awakenLifeLimit = %d, %v; want 3", n, ok)
	}
	if n, ok := awakenLifeLimit("[Awaken] When your life is at 4 or less"); !ok || n != 4 {
		t.Fatalf("plain form: %d, %v", n, ok)
	}
	cards := testCards(t)
	cards.Add(rules.Card{Number: "FB03-001", Name: "Jiren", Type: rules.TypeLeader, Colours: []string{"Red"},
		Power: ip(15000), BackPower: ip(25000), Keywords: []string{"Awaken"}, Text: text})
	b := newBoardWith(t, cards, [2]string{"FB03-001", "FS02-01"}, [2]string{"FS01-10", "FS02-05"}).main(P1, 3)
	b.life(P1, 4)
	v := b.bad("P1 awaken", "[Awaken]")
	if want := "FB03-001 can awaken at 3 life or less; P1 has 4"; v.Message() != want {
		t.Errorf("message %q, want %q", v.Message(), want)
	}
	b.life(P1, 3)
	b.do("P1 awaken")
}

// The same with real card data (the fixture): FB03-001 and every Leader whose
// [Awaken] names a life condition, reminder or not.
func TestAwakenLifeConditionRealCards(t *testing.T) {
	cards := realCards(t)
	withReminder := 0
	for num, c := range cards.All() {
		if c.Number != num || c.Type != rules.TypeLeader || !strings.Contains(c.Text, "When your life is at") {
			continue
		}
		if _, ok := awakenLifeLimit(c.Text); !ok {
			t.Errorf("%s: the life condition of its [Awaken] is not read: %q", num, c.Text)
		}
		if strings.Contains(c.Text, "[Awaken] (") {
			withReminder++
		}
	}
	if withReminder < 10 {
		t.Errorf("only %d Leaders with the reminder text; is the data right?", withReminder)
	}
	b := newBoardWith(t, cards, [2]string{"FB03-001", "FS02-01"}, [2]string{"FB03-002", "FS02-05"}).main(P1, 3)
	b.life(P1, 4)
	b.bad("P1 awaken", "[Awaken]")
	b.life(P1, 3)
	b.do("P1 awaken")
	if b.power(P1, -1) != 25000 {
		t.Errorf("Jiren's back side: %d", b.power(P1, -1))
	}
}

func TestComboNeedsComboPower(t *testing.T) {
	b := newBoard(t).main(P1, 3).inBattle(P1, "FS01-08", false).inBattle(P1, "FS01-07", false)
	b.hand(P1, "FS01-08").hand(P2, "FS02-13", "FS02-05")
	b.do("P1 attack FS01-07 -> leader")
	v := b.bad("P1 combo FS01-08", "Combo")
	if want := "FS01-08 has no combo power, so it cannot be a combo: only Battle Cards with combo power go to the Combo Area"; v.Message() != want {
		t.Errorf("message %q", v.Message())
	}
	b.bad("P1 combo FS01-08 from battle", "Combo")
	b.do("P1 pass")
	b.bad("P2 combo FS02-13", "Combo")
	b.do("P2 combo FS02-05", "P2 pass")
	b.bad("damage", "Damage Step") // 20000 against 25000: still checked
	b.do("miss")
}

// Where a power is not known the outcome cannot be checked: the step says so
// (declared), rather than saying nothing.
func TestUnknownPowerIsRecordedNotJudged(t *testing.T) {
	b := newBoard(t).main(P1, 3).hand(P1, "TS-09", "").inBattle(P1, "FS01-07", false)
	b.do("P1 attack leader -> leader", "P1 combo TS-09", "P1 combo ?", "P1 pass", "P2 pass", "miss")
	found := false
	for _, e := range b.last {
		if e.Rule == "Damage Step" && e.Declared && strings.Contains(e.Text(), "cannot be compared") &&
			strings.Contains(e.Text(), "TS-09, ?") {
			found = true
		}
	}
	if !found {
		t.Errorf("the outcome should say the power check was not made: %v", b.last)
	}
	// With every power known, the comparison is an ordinary rule step.
	b.do("P1 attack FS01-07 -> leader", "P1 pass", "P2 pass", "damage")
	for _, e := range b.last {
		if e.Declared {
			t.Errorf("known powers: unexpected declared event %q", e.Text())
		}
	}
}

// A card the data knows only by number, name, colour and type (FB07-FB09)
// is unknown for keyword checks, not keyword-less.
func TestCardWithoutTextIsUnknownForKeywords(t *testing.T) {
	b := newBoard(t).main(P1, 3).inBattle(P1, "FS01-07", false).inBattle(P1, "FS01-10", false).inBattle(P2, "TS-09", false)
	b.hand(P1, "TS-09", "TS-09")
	b.do("P1 attack FS01-07 -> leader", "P2 block TS-09", "P1 pass", "P2 pass", "ko")
	b.do("P1 evolve TS-09 on FS01-10")
	b.do("P1 evolve TS-09 on FS01-07 TS-09")
	// A described card without the keyword is still judged.
	c := newBoard(t).main(P1, 3).inBattle(P2, "FS02-05", false)
	c.do("P1 attack leader -> leader")
	c.bad("P2 block FS02-05", "[Blocker]")
}

func TestCardWithoutTextRealCards(t *testing.T) {
	cards := realCards(t)
	b := newBoardWith(t, cards, [2]string{"FS01-01", "FS02-01"}, [2]string{"FS01-10", "FS02-05"}).main(P1, 3)
	b.inBattle(P1, "FB09-008", false).inBattle(P1, "FB09-018", false).hand(P1, "FB09-006")
	b.do("P1 evolve FB09-006 on FB09-008 FB09-018")
	if len(b.p(P1).Battle) != 1 || len(b.p(P1).Battle[0].Under) != 2 {
		t.Fatalf("Gogeta : BR: %s", Summary(&b.s))
	}
	c := newBoardWith(t, cards, [2]string{"FS01-01", "FS02-01"}, [2]string{"FS01-10", "FS02-05"}).main(P1, 3)
	c.inBattle(P2, "FB08-020", false)
	c.do("P1 attack leader -> leader", "P2 block FB08-020", "P1 pass", "P2 pass", "ko")
	c.inBattle(P2, "FS02-05", false)
	c.do("P1 end", "P2 draw", "P2 end", "P1 draw", "P1 attack leader -> leader")
	c.bad("P2 block FS02-05", "[Blocker]") // a vanilla card of the described sets
}

func TestAwakenTimingInBattle(t *testing.T) {
	// The defender awakens in the Defense Step, not before the attacker passes.
	b := newBoard(t).main(P1, 3).life(P1, 3).life(P2, 3)
	b.do("P1 attack leader -> leader")
	v := b.bad("P2 awaken", "[Awaken]")
	if want := "the defender awakens in the Defense Step, after the attacker passes"; v.Message() != want {
		t.Errorf("message %q", v.Message())
	}
	b.do("P1 awaken") // the attacker, before passing
	if b.s.Battle.Step != StepOffense {
		t.Errorf("the attacker's [Awaken] is in the Offense Step: step %s", b.s.Battle.Step)
	}
	b.do("P1 pass", "P2 awaken", "P2 pass", "damage")

	// The attacker cannot awaken after passing; nobody can once both passed.
	c := newBoard(t).main(P1, 3).life(P1, 3).life(P2, 3)
	c.do("P1 attack leader -> leader", "P1 pass")
	v = c.bad("P1 awaken", "[Awaken]")
	if want := "P1 already passed; the attacker awakens in the Offense Step, before passing"; v.Message() != want {
		t.Errorf("message %q", v.Message())
	}
	c.do("P2 pass")
	c.bad("P1 awaken", "[Awaken]")
	c.bad("P2 awaken", "[Awaken]")

	// Awakening closes the chance to block, as a combo does.
	d := newBoard(t).main(P1, 3).life(P1, 3).inBattle(P2, "FS02-12", false)
	d.do("P1 attack leader -> leader", "P1 awaken")
	d.bad("P2 block FS02-12", "[Blocker]")
}

// The battle ends once its attacker or target leaves the Battle Area, by a
// declared move as by a KO or power 0.
func TestMoveOutOfBattleEndsIt(t *testing.T) {
	b := newBoard(t).main(P1, 3).inBattle(P1, "FS01-07", false).hand(P1, "FS01-02")
	b.do("P1 attack FS01-07 -> leader", "P1 combo FS01-02", "P1 move FS01-07 from battle to hand by TS-09")
	if b.s.Battle.Step != NoBattle || len(b.p(P1).Combo) != 0 || !slices.Contains(b.names(b.p(P1).Drop), "FS01-02") {
		t.Fatalf("the battle should end, its combos to the Drop: %s", Summary(&b.s))
	}
	if !b.hasEvent("Battle end", true) {
		t.Errorf("no battle end step: %v", b.last)
	}
	b.bad("P1 pass", "")
	b.bad("damage", "")
	if len(b.p(P2).Life) != 8 {
		t.Error("a card back in hand dealt damage")
	}
	b.do("P1 attack leader -> leader") // a new battle may begin

	c := newBoard(t).main(P1, 3).inBattle(P1, "FS01-07", false).inBattle(P2, "FS02-14", true)
	c.do("P1 attack FS01-07 -> FS02-14", "P2 move FS02-14 from battle to deck bottom by TS-09")
	if c.s.Battle.Step != NoBattle {
		t.Fatalf("the target left: %s", Summary(&c.s))
	}
	c.bad("ko", "")
}

func TestPrintingsCountAsOneNumber(t *testing.T) {
	var deck []string
	for _, p := range []string{"FB01-004", "FB01-004-p1", "FB01-004_p1", "FB01-004-F"} {
		deck = append(deck, repeat(p, 3)...)
	}
	for len(deck) < 50 {
		deck = append(deck, "?")
	}
	var msgs []string
	for _, v := range CheckDeck("FS01-01", deck, testCards(t)) {
		msgs = append(msgs, v.Rule+": "+v.Message())
	}
	if !slices.Contains(msgs, "CR 6-1-4-2: the deck has 12 copies of FB01-004; at most 4 are allowed") {
		t.Errorf("problems %q", msgs)
	}
	// A printing names its card in play, whichever way round.
	cards := testCards(t)
	var setup Setup
	setup.Players[0] = PlayerSetup{Leader: "FS01-01-F", Deck: repeat("FS01-07_p1", 30)}
	setup.Players[1] = PlayerSetup{Leader: "FS02-01", Deck: repeat("FS02-05", 30)}
	b := &board{t: t, s: NewState(setup, cards), cards: cards}
	b.do("P1 first", "P1 keep", "P2 keep", "P1 draw", "P1 charge FS01-07-p2", "P1 move FS01-07 from hand to energy by TS-09", "P1 play FS01-07_p3")
	if got := b.s.Name(b.p(P1).Battle[0].ID); got != "FS01-07" || b.power(P1, 0) != 20000 {
		t.Errorf("played %s", got)
	}
	if b.power(P1, -1) != 15000 {
		t.Error("the Leader FS01-01-F is FS01-01")
	}
	// The text notation writes printings too.
	if _, err := ParseText([]byte("[P1Deck \"4 FB01-004_p1, 46 ?\"]\nP1 play FB01-004_p1\n")); err != nil {
		t.Error(err)
	}
}

func TestJSONErrorsNameTheFileLine(t *testing.T) {
	const head = "{\"setup\":{\"seed\":1,\"players\":[{\"leader\":\"FS01-01\",\"deck\":[]},{\"leader\":\"FS02-01\",\"deck\":[]}]},\n\"actions\":[\n{\"player\":\"P1\",\"verb\":\"first\"},\n"
	for _, tc := range []struct {
		log  string
		line int
		msg  string
	}{
		{head + `{"player":"P3","verb":"keep"}]}`, 4, `action 2: the player must be P1 or P2, not "P3"`},
		{head + `{"player":"P1","verb":"keep","amount":"x"}]}`, 4, `action 2: "amount" must be a whole number, not "x"`},
		{head + `{"player":"P1","verb":"keep", "colour":1}]}`, 4, `action 2: unknown field "colour"`},
		{head + "{\"player\":\"P1\",\n\"verb\":\"keep\"},\n{\"verb\":\"damage\",\n\n\"amout\":3}]}", 8, `action 3: unknown field "amout"`},
		{head + `{"verb":"damage","amount":-3}]}`, 4, "action 2: expected: damage [N]"},
		{head + `{"verb":"draw"}]}`, 4, `action 2: the action "draw" needs a player`},
		{head + `{"player":"P1","verb":"attack","card":"leader"}]}`, 4, "expected: attack ATTACKER -> TARGET"},
		{head + `{"player":"P1","verb":"pass","card":"leader"}]}`, 4, "expected: pass"},
		{head + `{"player":"P1","verb":"move","card":"top","from":"life","to":"space"}]}`, 4, "zones are"},
		{"{\"setup\":{\"seed\":1,\n\"sed\":2}}", 2, `unknown field "sed" in setup`},
		{"{\"setup\":{\"players\":[{\"leader\":\"FS01-01\",\n\"decks\":[]}]}}", 2, `unknown field "decks" in a player`},
		{"{\"setup\":{\"players\":[{\"leader\":\"FS01-01\",\"deck\":[\n\"FS01-07\",\n\"a b\"]}]}}", 3, `"a b" is not a card number`},
		{"{\"setup\":{},\n\"extra\":1}", 2, `unknown field "extra"`},
		{"{\"setup\":{},\n\"actions\":[]}\n{}", 3, `the JSON is not valid at column 1: "{" is not expected there`},
		// The decoder's findings in our words, with the place: the column of
		// a broken character, an end too early, a value of the wrong kind
		// in the setup, a player, a deck or an action's list.
		{"{\"setup\":{\"seed\":1},\n\"actions\":[{\"verb\": x}]}", 2, `the JSON is not valid at column 21: "x" is not expected there`},
		{"{\"setup\":{\"seed\":1},\n\"actions\":[", 2, "the JSON ends too early"},
		{"{\"setup\":{\n\"seed\":-1}}", 2, `the setup's "seed" must be a whole number from 0, not -1`},
		{"{\"setup\":{\"seed\":1.5}}", 1, `the setup's "seed" must be a whole number from 0, not 1.5`},
		{"{\"setup\":{\"players\":[{},\n{\"leader\":5}]}}", 2, `P2's "leader" must be text in double quotes, not 5`},
		{"{\"setup\":{\"players\":[{\"deck\":[\"FS01-07\",\n7]}]}}", 2, `each card of P1's "deck" must be text in double quotes, not 7`},
		{"{\"setup\":{\"players\":[[]]}}", 1, "P1 in the setup's players must be a JSON object, not []"},
		{"{\"setup\":{},\"actions\":{}}", 1, `the log's "actions" must be a JSON list, not {}`},
		{head + `{"player":"P1","verb":"attack","card":"leader","targets":["leader",3]}]}`, 4, `action 2: each entry of "targets" must be text in double quotes, not 3`},
		{head + `{"player":"P1","verb":"keep","bottom":"yes"}]}`, 4, `action 2: "bottom" must be true or false, not "yes"`},
		{head + `"keep"]}`, 4, `action 2 must be a JSON object, not "keep"`},
	} {
		_, err := ParseLog([]byte(tc.log))
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("%q: error %v, want a ParseError", tc.log, err)
			continue
		}
		if pe.Line != tc.line || !strings.Contains(pe.Msg, tc.msg) {
			t.Errorf("%q: line %d %q, want line %d containing %q", tc.log, pe.Line, pe.Msg, tc.line, tc.msg)
		}
	}
	// Still read: lines of their own, positions without, a printing as a deck card.
	l, err := ParseLog([]byte(head + "{\"line\":40,\"player\":\"P1\",\"verb\":\"keep\"},\n{\"player\":\"P2\",\"verb\":\"keep\"}]}"))
	if err != nil {
		t.Fatal(err)
	}
	if l.Actions[0].Line != 1 || l.Actions[1].Line != 40 || l.Actions[2].Line != 3 {
		t.Errorf("lines %d %d %d", l.Actions[0].Line, l.Actions[1].Line, l.Actions[2].Line)
	}
}

// A violation names the card even when naming it revealed an unknown card
// (which the violation then undoes).
func TestViolationNamesRevealedCard(t *testing.T) {
	b := newBoard(t).main(P1, 3).hand(P1, "", "").inBattle(P1, "FS01-07", false)
	for _, tc := range []struct{ line, rule, want string }{
		{"P1 play FS01-01", "CR 6-1-3", "FS01-01 is a Leader and cannot be played: a Leader starts in the Leader Area and stays there"},
		{"P1 evolve FS01-11 on FS01-07", "[Evolve]", "FS01-11 has no [Evolve]"},
	} {
		if v := b.bad(tc.line, tc.rule); v.Message() != tc.want {
			t.Errorf("%s: %q, want %q", tc.line, v.Message(), tc.want)
		}
	}
	b.do("P1 attack leader -> leader")
	if v := b.bad("P1 combo FS01-15", "Combo"); v.Message() != "only Battle Cards can be combos; FS01-15 is of type Extra" {
		t.Errorf("combo: %q", v.Message())
	}
	// In a replay (which applies in place) the reveal is undone.
	l, err := ParseText([]byte("[P1Leader \"FS01-01\"]\n[P2Leader \"FS02-01\"]\n[P1Deck \"50 ?\"]\n[P2Deck \"50 ?\"]\nP1 first\nP1 keep\nP2 keep\nP1 draw\nP1 play FS01-01\n"))
	if err != nil {
		t.Fatal(err)
	}
	r := Run(l, testCards(t), ReplayOptions{})
	v := r.FirstViolation()
	if v == nil || v.Step != 5 || !strings.HasPrefix(v.Message(), "FS01-01 is a Leader") {
		t.Fatalf("violation %v", v)
	}
	for _, id := range r.Final.Players[P1].Hand {
		if r.Final.Name(id) != "?" {
			t.Errorf("the refused play left %s revealed in hand", r.Final.Name(id))
		}
	}
}

func TestRulesCitedForFieldMarkerAndExtras(t *testing.T) {
	b := newBoard(t).main(P1, 3)
	b.p(P2).Field = b.newCard(P2, "TS-05")
	b.bad("P1 ko P2:TS-05 by TS-09", "[Field]")
	b.bad("P1 ko P2:leader by TS-09", "CR 3-5-3")
	b.hand(P1, "FS01-15", "FS01-16").energy(P1, "FS02-05", 1)
	b.p(P1).Markers = 1
	b.do("P1 play FS01-16 cost 2")
	if !b.hasEvent("CR 12-2-2", false) || !b.hasEvent("CR 5-3-1", false) {
		t.Errorf("an Extra in the Main Phase, paid with a marker: %v", b.last)
	}
	b.energy(P1, "FS01-10", 1)
	b.do("P1 attack leader -> leader", "P1 play FS01-15")
	if !b.hasEvent("[Activate Battle]", false) {
		t.Errorf("an Extra in a battle: %v", b.last)
	}
}

// Without card data a card played in a battle may be an Extra with
// [Activate Battle]: it is not judged by what needs card data, only by the
// battle's timing.
func TestPlayInBattleWithoutCardData(t *testing.T) {
	var setup Setup
	setup.Players[0] = PlayerSetup{Leader: "FS01-01", Deck: repeat("?", 50)}
	setup.Players[1] = PlayerSetup{Leader: "FS02-01", Deck: repeat("?", 50)}
	b := &board{t: t, s: NewState(setup, nil)}
	b.do("P1 first", "P1 keep", "P2 keep").main(P1, 3)
	b.do("P1 attack leader -> leader")
	b.bad("P2 play FS02-15", "Combo") // the defender waits for the attacker to pass
	b.do("P1 play FS01-15")
	if b.s.Battle.Step != StepOffense || !slices.Contains(b.names(b.p(P1).Drop), "FS01-15") || !strings.Contains(b.last[0].Text(), "Without its card data") {
		t.Fatalf("Kamehameha without card data: %s %v", Summary(&b.s), b.last)
	}
	b.do("P1 pass", "P2 play FS02-15", "P2 pass")
	b.bad("P1 play FS01-15", "Damage Step")
	b.do("miss")
	b.do("P1 play FS01-13") // outside battles: a Battle Card, as before
	if len(b.p(P1).Battle) != 1 {
		t.Fatalf("main phase play: %s", Summary(&b.s))
	}
}

// panicCards fails on one card, standing in for any bug the engine might have.
type panicCards struct{ CardMap }

func (p panicCards) Card(n string) (rules.Card, bool) {
	if n == "FS01-13" {
		panic("lookup failed")
	}
	return p.CardMap.Card(n)
}

func TestEngineFailureIsRecoveredNamingTheStep(t *testing.T) {
	cards := panicCards{testCards(t)}
	l, err := ParseText([]byte("[P1Leader \"FS01-01\"]\n[P2Leader \"FS02-01\"]\n[P1Deck \"50 ?\"]\n[P2Deck \"50 ?\"]\n" +
		"P1 first\nP1 keep\nP2 keep\nP1 draw\nP1 charge FS01-10\nP1 play FS01-13\nP1 end\nP2 draw\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, runOn := range []bool{false, true} {
		r := Run(l, cards, ReplayOptions{RunOn: runOn, SnapshotEvery: 2})
		if r.Err == nil || r.Err.Step != 6 || r.Err.Line != 10 || !strings.Contains(r.Err.Error(), "step 6 (line 10)") {
			t.Fatalf("run on %v: Err %v", runOn, r.Err)
		}
		st := r.Steps[5]
		if st.Violation == nil || st.Violation.Format != EngineFailure || !strings.Contains(st.Violation.Message(), "lookup failed") {
			t.Fatalf("step 6: %+v", st.Violation)
		}
		want := 6
		if runOn {
			want = 8
		}
		if len(r.Steps) != want {
			t.Fatalf("run on %v: %d steps", runOn, len(r.Steps))
		}
		// The failed step changed nothing: the card is unknown again and unpaid.
		s := r.StateAt(6)
		if len(s.Players[P1].Battle) != 0 || s.Players[P1].Energy[0].Rest || s.Step != 6 {
			t.Errorf("state after the failed step: %s", Summary(&s))
		}
		r.Walk(func(*Step, *State) {})
		s8 := r.StateAt(8)
		if runOn && (r.Final.TurnPlayer != P2 || r.Final.Hash() != s8.Hash()) {
			t.Errorf("the replay should go on: %s", Summary(&r.Final))
		}
	}
	// So do the deck checks.
	l.Setup.Players[0].Deck[0] = "FS01-13"
	if r := Run(l, cards, ReplayOptions{}); r.Err == nil || r.Err.Step != 0 || len(r.Steps) != 0 || r.FirstViolation().Format != EngineFailure {
		t.Errorf("deck checks: %v", r.Err)
	}
	// Apply recovers too, leaving the state as it was.
	b := newBoard(t).main(P1, 3).hand(P1, "FS01-13")
	b.s.SetLookup(cards)
	before := b.s.Hash()
	next, _, v := Apply(b.s, action(t, "P1 play FS01-13"))
	if v == nil || v.Format != EngineFailure || next.Hash() != before {
		t.Errorf("Apply: %v", v)
	}
}

// A JSON log that reads also has a text form (Format), which reads back.
func TestJSONLogHasATextForm(t *testing.T) {
	js := `{"setup":{"seed":3,"players":[{"name":"Ana # 2 \"A\\\"","leader":"FS01-01-F","deck":["FB01-004_p1","?",""]},{"leader":"FS02-01"}]},
"actions":[{"player":"P1","verb":"first"},{"verb":"damage","amount":2},{"player":"P2","verb":"combo","card":"P2:FS02-05","from":"hand"}]}`
	l, err := ParseLog([]byte(js))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := Format(&b, l); err != nil {
		t.Fatal(err)
	}
	back, err := ParseText([]byte(b.String()))
	if err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	if back.Setup.Players[0].Name != `Ana # 2 "A\"` || len(back.Actions) != 3 || !slices.Equal(back.Setup.Players[0].Deck, []string{"FB01-004_P1", "", ""}) {
		t.Errorf("read back: %+v\n%s", back.Setup, b.String())
	}
}
