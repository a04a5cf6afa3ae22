package enginetext

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/rules/engine"
	"github.com/tenkaichi-org/tenkaichi/rules/skill"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

var (
	de = i18n.WithLanguage(context.Background(), "de")
	ja = i18n.WithLanguage(context.Background(), "ja")
)

// fixtureTargets are the targets of every effect of the repository's card
// fixtures, as the skill reader reads them, and a few more that cover
// every way of saying one.
func fixtureTargets(t *testing.T) []skill.Target {
	t.Helper()
	var out []skill.Target
	var walk func(es []skill.Effect)
	walk = func(es []skill.Effect) {
		for _, e := range es {
			if e.Target.Who != skill.NoTarget {
				out = append(out, e.Target)
			}
			for _, o := range e.Options {
				walk(o)
			}
		}
	}
	for _, p := range []string{"../../testdata/fusion-world-cards.json", "../../testdata/fusion-world-skill-cards.json"} {
		cards, err := rules.ReadCardsFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cards {
			pc := skill.ParseCard(c.Text, c.BackText)
			for _, sides := range [][]skill.Skill{pc.Front, pc.Back} {
				for _, sk := range sides {
					walk(sk.Effects)
				}
			}
		}
	}
	if len(out) < 100 {
		t.Fatalf("only %d targets in the fixtures", len(out))
	}
	cost := skill.Range{Min: 2, Max: 4, HasMin: true, HasMax: true}
	power := skill.Range{Min: 10000, HasMin: true}
	return append(out,
		skill.Target{Who: skill.Opponents, N: 1, UpTo: true, Filter: skill.Filter{Type: "Battle", Rest: true, Other: true, Colour: "Red", Names: []string{"Son Goku", "Vegeta"},
			Cost: cost, Power: power, Traits: []string{"Saiyan", "Earthling"}, Contains: []string{"Goku"}, NotNames: []string{"Son Goku : BR"}}},
		skill.Target{Who: skill.Yours, All: true, Filter: skill.Filter{Type: "Extra"}},
		skill.Target{Who: skill.Yours, N: 2, Filter: skill.Filter{Type: "Field"}},
		skill.Target{Who: skill.Yours, Filter: skill.Filter{Type: "Leader", Cost: skill.Range{Min: 3, Max: 3, HasMin: true, HasMax: true}}},
		skill.Target{Who: skill.Opponents, Filter: skill.Filter{Power: skill.Range{Max: 5000, HasMax: true}}},
		skill.Target{Who: skill.AnyPlayers, N: 1, Filter: skill.Filter{Type: "Battle"}, Alts: []skill.Filter{{Type: "Extra"}}},
		skill.Target{Who: skill.AnyPlayers, All: true, Filter: skill.Filter{Type: "Battle"}},
		skill.Target{Who: skill.AnyPlayers, Filter: skill.Filter{Type: "Battle"}},
		skill.Target{Who: skill.YourLeader, Filter: skill.Filter{Colour: "Blue"}},
		skill.Target{Who: skill.YourLeader},
		skill.Target{Who: skill.ThisCard}, skill.Target{Who: skill.ThisAndLeader}, skill.Target{Who: skill.YourLeaderOrThis},
		skill.Target{Who: skill.InBattleYours}, skill.Target{Who: skill.ThatCard},
		skill.Target{Who: skill.LeaderOrYours, N: 1, Filter: skill.Filter{Type: "Battle"}},
		skill.Target{Who: skill.CardsInHand, N: 1}, skill.Target{Who: skill.CardsInHand, N: 2, Filter: skill.Filter{Type: "Battle"}},
	)
}

// A skill's target is said from its fields: in English word for word as
// the engine's English says it, in German and Japanese without an English
// word of it (card names, traits and keywords stay as printed).
func TestTargetSaysThePhraseInEveryLanguage(t *testing.T) {
	english := regexp.MustCompile(`\b(your|opponent's|up to|of|with|cost|power|cards?|Battle Cards?|Rest Mode|other|all|or|and|from|hand|this|chosen|special traits|name|not)\b`)
	seen := map[string]bool{}
	for _, tg := range fixtureTargets(t) {
		want := tg.Phrase()
		if seen[want] {
			continue
		}
		seen[want] = true
		if got := Target(context.Background(), tg); got != want {
			t.Errorf("English:\n got %q\nwant %q", got, want)
		}
		for _, ctx := range []context.Context{de, ja} {
			got := Target(ctx, tg)
			// Card names, traits and keywords in brackets are the cards' own.
			bare := regexp.MustCompile(`<[^>]*>|«[^»]*»|\[[^\]]*\]`).ReplaceAllString(got, "")
			if m := english.FindString(bare); m != "" {
				t.Errorf("%q: %q has the English %q", want, got, m)
			}
		}
	}
	if len(seen) < 30 {
		t.Errorf("only %d different targets", len(seen))
	}
	// A count agrees with its noun: one card, several cards.
	one := skill.Target{Who: skill.AnyPlayers, N: 1, UpTo: true, Filter: skill.Filter{Type: "Battle"}}
	two := one
	two.N = 2
	for ctx, w := range map[context.Context][2]string{
		context.Background(): {"up to 1 Battle Card", "up to 2 Battle Cards"},
		de:                   {"bis zu 1 Kampfkarte", "bis zu 2 Kampfkarten"},
		ja:                   {"バトルカード1枚まで", "バトルカード2枚まで"},
	} {
		if got := Target(ctx, one); got != w[0] {
			t.Errorf("one: %q, want %q", got, w[0])
		}
		if got := Target(ctx, two); got != w[1] {
			t.Errorf("two: %q, want %q", got, w[1])
		}
	}
}

// A target inside a violation is said in the sentence's language.
func TestViolationSaysItsTarget(t *testing.T) {
	tg := skill.Target{Who: skill.Opponents, N: 1, UpTo: true, Filter: skill.Filter{Type: "Battle", Cost: skill.Range{Max: 3, HasMax: true}}}
	v := &engine.Violation{Format: "%s needs %s: name the card(s) after -> in the use line", Args: []any{"FS01-16 [On Play]", skill.TargetPhrase(tg)}}
	if got, want := Violation(context.Background(), v), "FS01-16 [On Play] needs up to 1 of your opponent's Battle Cards with a cost of 3 or less: name the card after -> in the use line"; got != want {
		t.Errorf("English: %q, want %q", got, want)
	}
	if v.Message() != "FS01-16 [On Play] needs up to 1 of your opponent's Battle Cards with a cost of 3 or less: name the card(s) after -> in the use line" {
		t.Errorf("the engine's own English changed: %q", v.Message())
	}
	got := Violation(de, v)
	if !strings.Contains(got, Target(de, tg)) || !strings.Contains(got, "nenne die Karte nach") || strings.Contains(got, "Battle") {
		t.Errorf("German: %q", got)
	}
}

// Each kind of effect has its name, English word for word the engine's.
func TestEffectKindsHaveNames(t *testing.T) {
	for k := skill.Draw; k < skill.KindCount; k++ {
		if got := EffectKind(context.Background(), k); got != k.String() {
			t.Errorf("kind %d in English: %q, want %q", k, got, k.String())
		}
		if got := EffectKind(de, k); got == k.String() && k != skill.KO {
			t.Errorf("kind %q in German is English", got)
		}
	}
	ev := engine.Event{Format: "%s: the engine reads this effect (%s) but does not apply it; declare it in the log if it matters", Args: []any{"FS01-02 [On Play]", skill.Reorder}}
	if got := Event(ja, ev); !strings.Contains(got, "並べ替える") || strings.Contains(got, "reorder") {
		t.Errorf("Japanese: %q", got)
	}
}

// A sentence with a count takes its plural form: one card, two cards.
func TestSentencesWithACountArePlural(t *testing.T) {
	f := "%s: %s adds %d card(s) from their life to their hand (not damage)"
	for _, c := range []struct {
		ctx  context.Context
		n    int
		want string
	}{
		{context.Background(), 1, "FS01-02: P1 adds 1 card from their life to their hand (not damage)"},
		{context.Background(), 2, "FS01-02: P1 adds 2 cards from their life to their hand (not damage)"},
		{de, 1, "FS01-02: P1 nimmt 1 Karte aus dem Leben auf die Hand (kein Schaden)"},
		{de, 2, "FS01-02: P1 nimmt 2 Karten aus dem Leben auf die Hand (kein Schaden)"},
		{i18n.WithLanguage(context.Background(), "fr"), 0, "FS01-02 : P1 ajoute 0 carte de sa vie à sa main (ce ne sont pas des dégâts)"},
	} {
		if got := Text(c.ctx, f, []any{"FS01-02", engine.P1, c.n}); got != c.want {
			t.Errorf("%d: %q, want %q", c.n, got, c.want)
		}
	}
}

// No message of the engine glues a plural: "card(s)", "Karte(n)",
// "carta/e" are real plural forms now.
func TestEngineMessagesHaveNoGluedPlurals(t *testing.T) {
	files, err := filepath.Glob("../i18n/messages/engine.*.json")
	if err != nil || len(files) < 7 {
		t.Fatalf("engine message files: %v %v", files, err)
	}
	glued := regexp.MustCompile(`\w\((s|n|es|e|en)\)|\b\w+/[ie]\b|\bla ou les\b`)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var msgs map[string]any
		if err := json.Unmarshal(data, &msgs); err != nil {
			t.Fatal(err)
		}
		for id, m := range msgs {
			b, _ := json.Marshal(m)
			if g := glued.FindString(string(b)); g != "" {
				t.Errorf("%s: %s glues a plural: %q", filepath.Base(f), id, g)
			}
		}
	}
}

// The state summary counts with plural forms, in English and German.
func TestSummaryCountsInPluralForms(t *testing.T) {
	power := 15000
	v := engine.StateView{Turn: 3, TurnPlayer: "P2", Phase: "main", Players: []engine.PlayerView{
		{Player: "P1", Life: 1, Hand: 1, Deck: 1, Energy: 1, EnergyActive: 1, Markers: 1, Drop: []string{"FS01-07"},
			Leader: engine.CardView{Card: "FS01-01", Power: &power}},
		{Player: "P2", Life: 2, Hand: 2, Deck: 2, Energy: 2, Markers: 2, Drop: []string{"FS02-05", "FS02-05"},
			Leader: engine.CardView{Card: "FS02-01", Awakened: true, Rest: true},
			Battle: []engine.CardView{{Card: "FS02-05", Copy: 2, Rest: true, Ki: 1, Under: 1}, {Card: "FS02-09", Under: 2}}},
	}}
	for ctx, want := range map[context.Context][]string{
		context.Background(): {
			"Turn 3, P2, main phase",
			"P1: 1 life card, 1 card in hand, 1 card in the deck, 1 energy card (1 Active), 1 energy marker, 1 card in the Drop",
			"P2: 2 life cards, 2 cards in hand, 2 cards in the deck, 2 energy cards (0 Active), 2 energy markers, 2 cards in the Drop",
			"Leader: FS01-01 (front side, Active, 15000 power)",
			"Leader: FS02-01 (back side, awakened, Rest)",
			"Battle Area: FS02-05#2 (Rest, 1 [Ki], 1 card under it), FS02-09 (Active, 2 cards under it)",
		},
		de: {
			"Zug 3, P2, Hauptphase",
			"P1: 1 Lebenskarte, 1 Karte auf der Hand, 1 Karte im Deck, 1 Energiekarte (1 aktiv), 1 Energiemarke, 1 Karte in der Drop-Zone",
			"P2: 2 Lebenskarten, 2 Karten auf der Hand, 2 Karten im Deck, 2 Energiekarten (0 aktiv), 2 Energiemarken, 2 Karten in der Drop-Zone",
			"Kampfzone: FS02-05#2 (Ruhemodus, 1 [Ki], 1 Karte darunter), FS02-09 (aktiv, 2 Karten darunter)",
		},
	} {
		got := Summary(ctx, v)
		for _, w := range want {
			if !strings.Contains(got, w) {
				t.Errorf("summary lacks %q:\n%s", w, got)
			}
		}
	}
	// The end of a game, and a battle.
	v.Outcome = engine.Result{Over: true, Winner: engine.P1, Reason: "defeat check"}
	if got := Summary(de, v); !strings.HasPrefix(got, "Partie vorbei: P1 gewinnt (Niederlagenprüfung)\n") {
		t.Errorf("game over in German:\n%s", got)
	}
	v.Outcome = engine.Result{}
	v.Battle = &engine.BattleView{Step: "offense", Attacker: "FS02-01", Target: "FS01-01", AttackerPower: &power, TargetPower: &power}
	if got := Summary(ja, v); !strings.HasPrefix(got, "ターン3、P2、メインフェイズ。バトル、オフェンスステップ：FS02-01がFS01-01にアタック、15000対15000\n") {
		t.Errorf("battle in Japanese:\n%s", got)
	}
}

// A log in JSON that Go's decoder refuses is said in our own words, with
// the place (column, setup field, player, action and field) and the value
// as written, in every language; none of the decoder's words is left.
func TestJSONLogProblemsNameThePlace(t *testing.T) {
	head := "{\"setup\":{\"seed\":1,\"players\":[{\"leader\":\"FS01-01\"},{\"leader\":\"FS02-01\"}]},\n\"actions\":[\n{\"player\":\"P1\",\"verb\":\"first\"},\n"
	decoder := regexp.MustCompile(`cannot unmarshal|invalid character|Go (struct field|value)|unexpected end|json:`)
	for _, c := range []struct {
		log       string
		line      int
		en, de    string
		jaHas     []string
		placeHint string
	}{
		{head + `{"player":"P1","verb":"keep","amount":"x"}]}`, 4,
			`action 2: "amount" must be a whole number, not "x"`,
			`Aktion 2: "amount" muss eine ganze Zahl sein, nicht "x"`,
			[]string{"アクション2", `"amount"`, "整数", `"x"ではなく`}, "amount"},
		{"{\"setup\":{\"seed\":1},\n\"actions\":[{\"verb\": x}]}", 2,
			`the JSON is not valid at column 21: "x" is not expected there`,
			`das JSON ist in Spalte 21 ungültig: "x" ist dort nicht erwartet`,
			[]string{"21列目", `"x"`}, "x"},
		{"{\"setup\":{\"players\":[{},\n{\"leader\":5}]}}", 2,
			`P2's "leader" must be text in double quotes, not 5`,
			`"leader" von P2 muss Text in doppelten Anführungszeichen sein, nicht 5`,
			[]string{"P2", `"leader"`, "5ではなく", "二重引用符で囲んだ文字列"}, "leader"},
		{"{\"setup\":{\"seed\":1},\n\"actions\":[", 2,
			"the JSON ends too early: a bracket, a brace or a quote is not closed",
			"das JSON endet zu früh: eine eckige oder geschweifte Klammer oder ein Anführungszeichen ist nicht geschlossen",
			[]string{"途中で終わって"}, ""},
	} {
		_, err := engine.ParseLog([]byte(c.log))
		var pe *engine.ParseError
		if !errors.As(err, &pe) {
			t.Fatalf("%q: %v", c.log, err)
		}
		if pe.Line != c.line {
			t.Errorf("%q: line %d, want %d", c.log, pe.Line, c.line)
		}
		if got := ParseError(context.Background(), pe); got != c.en || pe.Msg != c.en {
			t.Errorf("English: %q (Msg %q), want %q", got, pe.Msg, c.en)
		}
		if got := ParseError(de, pe); got != c.de {
			t.Errorf("German: %q, want %q", got, c.de)
		}
		got := ParseError(ja, pe)
		for _, w := range c.jaHas {
			if !strings.Contains(got, w) {
				t.Errorf("Japanese %q lacks %q", got, w)
			}
		}
		for _, ctx := range []context.Context{context.Background(), de, ja} {
			if m := decoder.FindString(ParseError(ctx, pe)); m != "" {
				t.Errorf("%q keeps the decoder's words %q", ParseError(ctx, pe), m)
			}
		}
		if strings.Contains(got, "must be") || strings.Contains(got, "not valid") {
			t.Errorf("Japanese is English: %q", got)
		}
	}
}
