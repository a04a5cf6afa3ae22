package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"
)

const sampleLog = `# A short game
[Seed "42"]
[Event "Locals"]
[P1 "Ana"]
[P1Leader "FS01-01"]
[P1Deck "4 FS01-02, 46 ?"]
[P2Leader "FS02-01"]
[P2Deck "50 ?"]

P1 first
P1 keep   # happy with it
P2 redraw
P1 draw FS01-07
P1 charge FS01-07
P1 play FS01-02 cost 1
P1 end
P2 draw
P2 attack leader -> leader
P2 combo FS02-05
P2 combo FS02-11 from battle
P2 pass
P1 pass
damage 2
P2 evolve TS-02 on FS02-05 FS02-07#2 cost 0
P2 move top from life to hand bottom
P2 power P1:FS01-02 -5000 battle
P2 rest FS02-05 in energy
P2 ki FS02-05 +1
P2 block FS02-12
ko
P2 ko P1:FS01-02
miss
P2 shuffle
P2 awaken
P1 play FS01-07 pay FS01-11#2 marker
P2 evolve TS-02 on FS02-05 cost 1 pay marker
P1 use FS01-02 -> P2:FS02-05 none leader
P1 use leader pay FS01-11
damage 2 FS02-05 ?
P2 concede
`

func TestParseText(t *testing.T) {
	l, err := ParseText([]byte(sampleLog))
	if err != nil {
		t.Fatal(err)
	}
	if l.Setup.Seed != 42 || l.Setup.Players[0].Name != "Ana" || len(l.Setup.Players[0].Deck) != 50 || l.Setup.Players[0].Deck[0] != "FS01-02" || l.Setup.Players[0].Deck[4] != "" {
		t.Fatalf("setup: %+v", l.Setup)
	}
	if len(l.Actions) != 31 {
		t.Fatalf("%d actions", len(l.Actions))
	}
	a := l.Actions[0]
	if a.Player != P1 || a.Verb != VerbFirst || a.Line != 10 {
		t.Errorf("first action %+v", a)
	}
	at := l.Actions[8]
	if at.Verb != VerbAttack || at.Card != "leader" || at.Targets[0] != "leader" {
		t.Errorf("attack %+v", at)
	}
	if d := l.Actions[13]; d.Player != NoSide || *d.Amount != 2 {
		t.Errorf("damage %+v", d)
	}
}

func TestFormatRoundTrip(t *testing.T) {
	l, err := ParseText([]byte(sampleLog))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := Format(&buf, l); err != nil {
		t.Fatal(err)
	}
	l2, err := ParseText(buf.Bytes())
	if err != nil {
		t.Fatalf("%v\n%s", err, buf.String())
	}
	clearLines(l)
	clearLines(l2)
	l.Setup.Players[0].Name, l2.Setup.Players[0].Name = "", ""
	if !reflect.DeepEqual(l, l2) {
		t.Errorf("text round trip differs\n%s", buf.String())
	}
	js, err := json.Marshal(l)
	if err != nil {
		t.Fatal(err)
	}
	l3, err := ParseLog(js)
	if err != nil {
		t.Fatal(err)
	}
	clearLines(l3)
	if !reflect.DeepEqual(l, l3) {
		t.Errorf("JSON round trip differs\n%s", js)
	}
}

func clearLines(l *Log) {
	for i := range l.Actions {
		l.Actions[i].Line = 0
	}
}

func TestParseUsePayAndLifeNames(t *testing.T) {
	l, err := ParseText([]byte(sampleLog))
	if err != nil {
		t.Fatal(err)
	}
	n := len(l.Actions)
	play, evolve, use, use2, dmg := l.Actions[n-6], l.Actions[n-5], l.Actions[n-4], l.Actions[n-3], l.Actions[n-2]
	if play.Verb != VerbPlay || play.Card != "FS01-07" || !reflect.DeepEqual(play.Pay, []string{"FS01-11#2", Marker}) {
		t.Errorf("play %+v", play)
	}
	if evolve.Verb != VerbEvolve || *evolve.Amount != 1 || !reflect.DeepEqual(evolve.Pay, []string{Marker}) {
		t.Errorf("evolve %+v", evolve)
	}
	if use.Verb != VerbUse || use.Card != "FS01-02" || !reflect.DeepEqual(use.Targets, []string{"P2:FS02-05", NoChoice, "leader"}) {
		t.Errorf("use %+v", use)
	}
	if use2.Card != "leader" || len(use2.Targets) != 0 || !reflect.DeepEqual(use2.Pay, []string{"FS01-11"}) {
		t.Errorf("use %+v", use2)
	}
	if dmg.Verb != VerbDamage || *dmg.Amount != 2 || !reflect.DeepEqual(dmg.Targets, []string{"FS02-05", "?"}) {
		t.Errorf("damage %+v", dmg)
	}
	for _, bad := range []string{"P1 use", "P1 use FS01-02 ->", "P1 use FS01-02 P2:FS02-05", "P1 play FS01-07 pay", "P1 play FS01-07 pay leader",
		"P1 use FS01-02 -> nothing", "P1 play FS01-07 pay FS01-11 cost 2", "damage 2 3", "P1 charge FS01-07 pay marker"} {
		if _, err := ParseText([]byte(bad)); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}

// A paper game: P2 gives a decklist; the log says every effect is declared.
const paperLog = `[Seed "3"]
[Effects "declared"]
[P1Leader "FS01-01"]
[P1Deck "50 ?"]
[P2Leader "FS02-01"]
[P2Decklist "4 FS02-05, 4 FS02-12, 42 FS02-14"]
P1 first
`

func TestParseDecklistAndEffectsTags(t *testing.T) {
	l, err := ParseText([]byte(paperLog))
	if err != nil {
		t.Fatal(err)
	}
	p2 := l.Setup.Players[1]
	if l.Setup.Effects != EffectsDeclared || len(p2.Deck) != 0 || len(p2.Decklist) != 50 || p2.Decklist[0] != "FS02-05" {
		t.Fatalf("setup %+v", l.Setup)
	}
	var buf bytes.Buffer
	if err := Format(&buf, l); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), `[P2Decklist "4 FS02-05, 4 FS02-12, 42 FS02-14"]`) || !strings.Contains(buf.String(), `[Effects "declared"]`) {
		t.Errorf("format:\n%s", buf.String())
	}
	js, err := json.Marshal(l)
	if err != nil {
		t.Fatal(err)
	}
	l2, err := ParseLog(js)
	if err != nil {
		t.Fatalf("%v\n%s", err, js)
	}
	if !reflect.DeepEqual(l2.Setup, l.Setup) {
		t.Errorf("JSON round trip: %+v", l2.Setup)
	}
	for _, tc := range []struct{ log, msg string }{
		{"[P1Deck \"50 ?\"]\n[P1Decklist \"50 FS01-10\"]", "cannot both be given"},
		{"[P1Decklist \"49 FS01-10, 1 ?\"]", "no ? in it"},
		{"[Effects \"cards\"]", `Effects can only be "declared"`},
		{`{"setup":{"players":[{"leader":"FS01-01","deck":["FS01-10"],"decklist":["FS01-10"]}]}}`, "a deck and a decklist"},
		{`{"setup":{"effects":"some"}}`, `the setup's effects can only be "declared"`},
	} {
		_, err := ParseLog([]byte(tc.log))
		if err == nil || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%q: error %v, want %q", tc.log, err, tc.msg)
		}
	}
}

func TestJSONMissingPlayerIsNoSide(t *testing.T) {
	l, err := ParseJSON([]byte(`{"setup":{"seed":1,"players":[{"leader":"FS01-01","deck":[]},{"leader":"FS02-01","deck":[]}]},"actions":[{"verb":"damage"},{"player":"P2","verb":"pass"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if l.Actions[0].Player != NoSide || l.Actions[1].Player != P2 || l.Actions[1].Line != 2 {
		t.Errorf("%+v", l.Actions)
	}
}

func TestParseErrorsNameTheLine(t *testing.T) {
	for _, tc := range []struct {
		log  string
		line int
		msg  string
	}{
		{"P1 first\nP1 fly\n", 2, `unknown action "fly"`},
		{"\n\nfirst\n", 3, "needs a player"},
		{"P1 attack leader leader", 1, "expected: attack ATTACKER -> TARGET"},
		{"P1 play FS01-07 cost x", 1, "expected: play CARD"},
		{"P1 move FS01-07 from hand to space", 1, "zones are"},
		{"P1 first\n[Seed \"1\"]", 2, "before the first action"},
		{"[Seed 1]", 1, "double quotes"},
		{"[P1Deck \"4 FS01-02, x y z\"]", 1, "count and a card number"},
		{"[P1Deck \"9999 ?\"]", 1, "not a card count"},
		{"[Colour \"red\"]", 1, "unknown tag"},
		{"P1 charge FS01-07#0", 1, "expected: charge CARD"},
		{"P1\n", 1, "no action"},
		{"damage 9", 1, "expected: damage"},
		{`{"setup":{},"actions":[{"verb":"fly"}]}`, 1, "unknown action"},
		{"{\n\"setup\": 3}", 2, "the setup must be a JSON object, not 3"},
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
}

func TestCommentKeepsCopyNumber(t *testing.T) {
	l, err := ParseText([]byte("P1 block FS02-12#2 # the second one\n"))
	if err != nil {
		t.Fatal(err)
	}
	r, _ := ParseRef(l.Actions[0].Card)
	if r.Number != "FS02-12" || r.Nth != 2 {
		t.Errorf("%+v", r)
	}
}

func FuzzParseLog(f *testing.F) {
	f.Add([]byte(sampleLog))
	f.Add([]byte(`{"setup":{"seed":1},"actions":[{"verb":"draw","player":"P1","amount":3}]}`))
	f.Add([]byte("P1 attack P2:FS01-07#3 -> leader\n"))
	f.Add([]byte(paperLog + "P1 keep\nP2 keep\nP1 draw FS01-04\nP1 use FS01-04 -> none P2:FS02-05\nP1 play FS01-07 pay marker FS01-04\ndamage FS02-12\n"))
	f.Add([]byte("{\"setup\":{\"seed\":1,\"players\":[{\"leader\":\"FS01-01\",\"deck\":[\"FB01-004_p1\",\"\"]},{\"leader\":\"FS02-01\"}]},\n\"actions\":[{\"player\":\"P1\",\"verb\":\"first\"},{\"verb\":\"damage\",\"amount\":2}]}"))
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := ParseLog(data)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Line < 1 {
				t.Fatalf("error without a line: %v", err)
			}
			return
		}
		// Whatever parses must replay without panicking and format back.
		r := Run(l, testCards(t), ReplayOptions{RunOn: true})
		if r.Err != nil {
			t.Fatalf("the engine failed: %v", r.Err)
		}
		_ = r.StateAt(len(r.Steps) / 2)
		var buf bytes.Buffer
		if err := Format(&buf, l); err != nil {
			t.Fatal(err)
		}
		if _, err := ParseText(buf.Bytes()); err != nil {
			t.Fatalf("formatted log does not parse: %v\n%s", err, buf.String())
		}
	})
}

// The examples in docs/game-log.md parse, and the text one is a legal game.
func TestDocExamples(t *testing.T) {
	doc, err := os.ReadFile("../../docs/game-log.md")
	if err != nil {
		t.Skip("docs not present:", err)
	}
	blocks := strings.Split(string(doc), "```")
	var text, js string
	for i := 1; i < len(blocks); i += 2 {
		b := blocks[i]
		switch {
		case strings.HasPrefix(b, "json\n"):
			js = b[5:]
		case strings.HasPrefix(b, "\n# FS01") && text == "":
			text = b
		}
	}
	l, err := ParseLog([]byte(text))
	if err != nil {
		t.Fatalf("text example: %v", err)
	}
	r := Run(l, realCards(t), ReplayOptions{})
	if v := r.FirstViolation(); v != nil {
		t.Errorf("text example is not legal: %v", v)
	}
	if _, err := ParseLog([]byte(js)); err != nil {
		t.Errorf("JSON example: %v", err)
	}
}

// "by CARD" ends a declared line, a draw or an effect's KO: the card whose
// effect it is. It reads back as written, in both notations; other verbs
// do not take it.
func TestByNamesTheEffectsCard(t *testing.T) {
	for _, line := range []string{"P1 draw by FB05-116", "P1 draw FS01-04 by FB05-116", "P1 ko P2:FS02-05 by leader",
		"P1 move top from life to hand by P2:FS02-12", "P1 power leader +5000 battle by FB05-116", "P1 shuffle by FB05-116"} {
		l, err := ParseText([]byte(line))
		if err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		a := l.Actions[0]
		if a.By == "" || FormatAction(a) != line {
			t.Errorf("%q: by %q, written back %q", line, a.By, FormatAction(a))
		}
	}
	for _, bad := range []string{"P1 play FS01-07 by FB05-116", "ko by FB05-116", "P1 draw by", "P1 end by FB05-116"} {
		if _, err := ParseText([]byte(bad)); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
	j := `{"setup":{"seed":1,"players":[{"leader":"FS01-01"},{"leader":"FS02-01"}]},"actions":[
{"player":"P1","verb":"draw","by":"FB05-116"},{"player":"P1","verb":"end","by":"FB05-116"}]}`
	if _, err := ParseJSON([]byte(j)); err == nil || !strings.Contains(err.Error(), "only a declared effect") {
		t.Errorf("JSON end with by: %v", err)
	}
}

// A log says which notation it is written in: [Notation "2"] is this one;
// "1", the notation before the engine read card skills, declares every
// effect, as [Effects "declared"] does; a newer one is refused. Format
// writes it back, and JSON carries it as setup.notation.
func TestNotationVersion(t *testing.T) {
	head := "[Seed \"1\"]\n[P1Leader \"FS01-01\"]\n[P2Leader \"FS02-01\"]\n"
	for v, declares := range map[string]bool{"1": true, "2": false} {
		l, err := ParseText([]byte("[Notation \"" + v + "\"]\n" + head))
		if err != nil {
			t.Fatal(err)
		}
		if l.Setup.DeclaresEffects() != declares {
			t.Errorf("notation %s: declares effects %v", v, l.Setup.DeclaresEffects())
		}
		var buf strings.Builder
		if err := Format(&buf, l); err != nil || !strings.Contains(buf.String(), "[Notation \""+v+"\"]") {
			t.Errorf("notation %s written back: %v\n%s", v, err, buf.String())
		}
	}
	if _, err := ParseText([]byte("[Notation \"3\"]\n" + head)); err == nil || !strings.Contains(err.Error(), "reads notations up to 2") {
		t.Errorf("a newer notation: %v", err)
	}
	j := `{"setup":{"seed":1,"notation":1,"players":[{"leader":"FS01-01"},{"leader":"FS02-01"}]},"actions":[]}`
	l, err := ParseJSON([]byte(j))
	if err != nil || l.Setup.Notation != 1 || !l.Setup.DeclaresEffects() {
		t.Errorf("JSON notation: %v %+v", err, l)
	}
}
