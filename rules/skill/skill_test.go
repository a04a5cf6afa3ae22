package skill

import (
	"slices"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/rules"
)

// fixture is the real Fusion World cards the repository's tests read.
func fixture(t testing.TB) []rules.Card {
	t.Helper()
	var all []rules.Card
	for _, p := range []string{"../../testdata/fusion-world-cards.json", "../../testdata/fusion-world-skill-cards.json"} {
		list, err := rules.ReadCardsFile(p)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, list...)
	}
	return all
}

func byNumber(t *testing.T, cards []rules.Card, number string) rules.Card {
	t.Helper()
	for _, c := range cards {
		if c.Number == number {
			return c
		}
	}
	t.Fatalf("%s is not in the fixture", number)
	return rules.Card{}
}

// Each effect family, read from real card text: the skill's structured form.
func TestParseRealCards(t *testing.T) {
	cards := fixture(t)
	for _, tc := range []struct {
		number string
		back   bool
		line   int
		want   string
	}{
		// Draw; a Leader's [When Attacking] and [Awaken].
		{"FS01-03", false, 0, "[On Play] draw 1"},
		{"FS01-01", false, 0, "[When Attacking] draw 1"},
		{"FS01-01", false, 1, "[Awaken] if life<=4 draw 1; then flip"},
		{"FB01-037", false, 0, "[On Play] if hand<=7: draw 1"},
		// Power for the battle, the turn, or while a condition holds.
		{"FS01-15", false, 0, "[Activate Battle] power(up to 1 your leader or Battle) +15000 battle; then power(up to 1 opponent's Battle) -5000 turn"},
		{"FS01-02", false, 0, "[On Play] power(up to 1 opponent's Battle) -5000 turn"},
		{"FS01-04", false, 0, "[Permanent][Your Turn] power(this card) +5000 while"},
		{"FS02-07", false, 0, "[Permanent][Your Turn] if hand<=7: power(this card) +15000 while"},
		{"FB01-001", true, 0, "[Permanent][Your Turn] power(all your Battle «Universe 7») +5000 while"},
		{"FS01-12", false, 1, "[When Attacking] power(up to 1 your Battle other) +5000 turn"},
		// Combo power.
		{"FS01-05", false, 1, "[Auto][Opponent's Turn] when combo from hand combo power(this card) +10000"},
		// KO, rest, switch to Active, return to hand, bottom of the deck, with limits.
		{"FS01-16", false, 1, "[Activate Main] KO(up to 1 opponent's Battle power<=30000)"},
		{"FB01-135", false, 0, "[Activate Main] draw 1; then rest(up to 1 opponent's Battle)"},
		{"FB01-059", false, 0, "[When Attacking][Once per turn] to deck bottom(up to 1 opponent's Battle cost<=1); then activate(this card)"},
		{"FS02-06", false, 0, "[When Attacking] life to hand up to 1; then if hand<=7: return to hand(up to 1 opponent's Battle cost<=2)"},
		{"FS02-13", false, 1, "[On Play] to deck bottom(up to 1 opponent's Battle cost<=4)"},
		{"FB01-099", false, 0, "[Activate Main] KO(up to 2 opponent's Battle cost<=1)"},
		// Play from hand or Drop with a cost limit.
		{"FB02-013", false, 1, "[On Play] draw 1; then play(up to 1 any Battle «Tournament of Power» cost<=3) from hand"},
		{"SB01-011", false, 1, "[When KO'd] if leader is «Android» only: play(up to 1 any <Android 18> cost<=2) from drop"},
		// Life: add life, life to hand (mandatory or up to).
		{"FB01-090", false, 0, "[On Play] add life 1"},
		{"FB01-124", false, 1, "[On Play] life to hand 1"},
		{"FS01-06", false, 1, "[On Play] life to hand up to 1"},
		// Charge energy, with an energy cost.
		{"FB03-139", false, 1, "[When Attacking][Once per turn] cost 2 energy : charge 1 in rest"},
		{"FB02-087", false, 0, "[On Play] cost energy to Drop 1 : charge 1"},
		// A keyword while a condition holds; a limit.
		{"FB01-043", false, 0, "[Permanent] if have Battle <Goku Black>: gain keyword(this card) [Blocker] while"},
		{"FB01-017", false, 0, "[Permanent] can't attack(this card) while"},
		// Costs to activate.
		{"FB01-096", false, 1, "[Activate Main][Once per turn] cost discard(1 in hand) 1 : KO(up to 1 opponent's Battle cost<=2)"},
		{"FB01-032", false, 1, "[Activate Battle] cost rest(this card) : power(up to 1 your leader or Battle) +5000 battle"},
		{"FS02-16", false, 0, "[Permanent] if hand<=7: cost change(this card) -1 while"},
		{"FB01-005", false, 0, "[Activate Main][Once per turn] cost life to hand 1 : next cost(1 any Extra) -1 turn (R)"},
		// Search and keywords.
		{"FB02-042", false, 1, "[On Play] search(up to 1 any <Goku Black>) 5, rest to bottom"},
		{"FS02-12", false, 0, "[Blocker]"},
		{"FS01-09", false, 0, "[Critical]"},
		// Can't attack or switch to Active during the opponent's next turn.
		{"FB04-048", false, 0, "[Activate Main] draw 2; then can't attack(up to 1 opponent's Battle) until next turn"},
	} {
		c := byNumber(t, cards, tc.number)
		text := c.Text
		if tc.back {
			text = c.BackText
		}
		sks := Parse(text)
		if tc.line >= len(sks) {
			t.Errorf("%s: %d skills, want line %d", tc.number, len(sks), tc.line)
			continue
		}
		sk := sks[tc.line]
		if got := sk.String(); got != tc.want {
			t.Errorf("%s line %d:\n text %q\n got  %s\n want %s", tc.number, tc.line, sk.Text, got, tc.want)
		}
	}
}

// Text the parser does not understand is said so, with the phrase, and the
// whole card is then not understood.
func TestNotUnderstood(t *testing.T) {
	// FP-030's "This card can only be used in specified events."
	sks := Parse("[On Play] Draw 1 card.\n[Permanent] This card can only be used in specified events.")
	if len(sks) != 2 || !sks[0].Understood || sks[1].Understood {
		t.Fatalf("got %+v", sks)
	}
	if want := "this card can only be used in specified events"; sks[1].Phrase != want {
		t.Errorf("phrase %q, want %q", sks[1].Phrase, want)
	}
	c := ParseCard("[On Play] Draw 1 card.", "[Permanent] This card flies.")
	if c.Understood() {
		t.Error("a card with a back side not read is not understood")
	}
	// Names, traits and numbers are replaced in phrases, so equal phrases count together.
	p := Parse("[On Play] Tell <Son Goku> with 《Saiyan》 a 7 joke.")[0].Phrase
	if p != "tell <name> with «trait» a N joke" {
		t.Errorf("phrase %q", p)
	}
}

func TestNormalForm(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		// Names with " : " and parentheses are names, not costs or reminders.
		{"[On Play] Play up to 1 <Son Goku : BR> with a cost of 3 from your hand.", "[On Play] play(up to 1 any <Son Goku : BR> cost=3) from hand"},
		{"[On Play] Play up to 1 <Vegeta (Mini)> from your Drop.", "[On Play] play(up to 1 any <Vegeta (Mini)>) from drop"},
		// Reminder text goes; an energy cost stays.
		{"[Awaken] (Can be activated during [Activate Main/Battle] if the conditions are met.) When your life is at 3 or less, draw 1 card. Then, flip this card over.", "[Awaken] if life<=3 draw 1; then flip"},
		{"[Activate Main](2)(Switch the specified number of energy to Rest Mode) : Draw 1 card.", "[Activate Main] cost 2 energy : draw 1"},
		// HTML entities and a line cut in two by the card list.
		{"[On Play] Play up to 1 ＆lt;Vegeta (Mini) : DA＆gt; from your hand.", "[On Play] play(up to 1 any <Vegeta (Mini) : DA>) from hand"},
		{"[On Play] During this turn, the next time you use an Extra with a cost of 3 or less from your hand, you don't have to pay the\ncost.", "[On Play] next cost(1 any Extra cost<=3) turn (free)"},
		// Options of "Choose one―" on their own lines.
		{"[On Play] Choose one―\n・Draw 1 card.\n・Add the top card of your deck to your life.", "[On Play] choose one | option 1: draw 1 | option 2: add life 1"},
		{"[On Play] Choose oneー・Draw 1 card.・Draw 2 cards.", "[On Play] choose one | option 1: draw 1 | option 2: draw 2"},
	} {
		sks := Parse(tc.text)
		if len(sks) != 1 {
			t.Errorf("%q: %d skills", tc.text, len(sks))
			continue
		}
		if got := sks[0].String(); got != tc.want {
			t.Errorf("%q:\n got  %s\n want %s", tc.text, got, tc.want)
		}
	}
}

// The coverage of the fixture's cards: every card whose text is known is
// counted, those known only by name are set apart, and the phrases not
// understood come most frequent first.
func TestCoverageOfFixture(t *testing.T) {
	cards := fixture(t)
	cov := Measure(cards)
	if cov.Cards != len(cards) || cov.WithText+cov.NoText != cov.Cards {
		t.Fatalf("counts %+v for %d cards", cov, len(cards))
	}
	if cov.NoText < 3 {
		t.Errorf("the fixture's FB07-FB09 cards have no text: only %d counted apart", cov.NoText)
	}
	if p := cov.Percent(); p < 80 {
		t.Errorf("coverage of the fixture %.1f%%, want at least 80%%; not understood: %v", p, cov.Phrases)
	}
	if !slices.IsSortedFunc(cov.Phrases, func(a, b PhraseCount) int { return b.Lines - a.Lines }) {
		t.Errorf("phrases not most frequent first: %v", cov.Phrases)
	}
	// Masters cards are not Fusion World cards and are not counted.
	withMasters := append(append([]rules.Card(nil), cards...), rules.Card{Game: rules.GameMasters, Number: "BT1-001", Text: "[Auto] Something."})
	if Measure(withMasters).Cards != cov.Cards {
		t.Error("a Masters card was counted")
	}
}

func TestTargetPhrase(t *testing.T) {
	sk := Parse("[Activate Main] Choose up to 1 of your opponent's Rest Mode Battle Cards with a cost of 3 or less and KO it.")[0]
	if got, want := sk.Effects[0].Target.Phrase(), "up to 1 of your opponent's Rest Mode Battle Cards with a cost of 3 or less"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// Parse reads any text without panicking, and its phrases never hold the
// names or numbers of the text.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"[On Play] Draw 1 card.", "[Activate Main](2) : KO 1 <A>.", "[Auto] When you use this card in a combo from your hand, this card gets +10000 combo power.",
		"[Permanent] If you have a <Goku Black> Battle Card, this card gains [Blocker].", "・", "[", "((((", "Choose one―・・", "[On Play] If , , , then, and"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, sk := range Parse(text) {
			_ = sk.String()
			if !sk.Understood && strings.ContainsAny(sk.Phrase, "0123456789") {
				t.Errorf("phrase %q keeps a number", sk.Phrase)
			}
		}
	})
}

// BenchmarkParseFixture reads the skill text of every card of the fixture,
// as building a card map does.
func BenchmarkParseFixture(b *testing.B) {
	cards := fixture(b)
	b.ReportAllocs()
	for b.Loop() {
		for i := range cards {
			_ = ParseCard(cards[i].Text, cards[i].BackText)
		}
	}
	b.ReportMetric(float64(len(cards)), "cards/op")
}

// Real card text (the public card list, December 2026) the reader read
// since: two cost parts joined by "and", a clause cut by ", and", "the
// chosen card", the combo triggers of a card in a battle, a cost change of
// this card for the turn, this card to the energy, a search whose rest
// goes to the Drop, "less than N" cards in the Drop, "your <Name> Leader",
// a card "from your Battle Area", "a cost of 5 or 6", "you or your
// opponent has an energy marker", "this card … has N power or more",
// "place 1 <Name> and this card from your Battle Area into … Drop".
func TestParseJoinedCostsAndComboTriggers(t *testing.T) {
	for _, tc := range []struct{ number, text, want string }{
		{"FB02-080", "[Activate Main] Discard 1 card from your hand and KO this card : Choose up to 1 of your <Android 17> cards and switch it to Active Mode.",
			"[Activate Main] cost discard(1 in hand) 1, KO(this card) : activate(up to 1 your <Android 17>)"},
		{"FB06-043", "[Activate Battle] Discard 1 Extra from your hand and switch this card in a Battle Area to Rest Mode : Your cards that are in a battle get +15000 power for the battle.",
			"[Activate Battle] cost discard(1 in hand Extra) 1, rest(this card) : power(your cards in battle) +15000 battle"},
		{"FB05-080", "[On Play] Add up to 1 card from your life to your hand. Then, switch 1 of your energy to Active Mode, choose up to 1 Battle Card in your opponent's Battle Area, and switch it to Rest Mode.",
			"[On Play] life to hand up to 1; then energy to Active 1; rest(up to 1 opponent's Battle)"},
		{"FP-005", "[Activate Main] Choose up to 1 of your opponent’s Battle Cards and it gets -15000 power for the turn. Then, if your Leader is awakened, the chosen card gets -10000 power for the turn.",
			"[Activate Main] power(up to 1 opponent's Battle) -15000 turn; then if leader awakened: power(that card) -10000 turn"},
		{"FB05-098", "[Auto][Once per turn] When a Card is used in a combo from your Battle Area while this card is in a battle, draw 2 cards. Then, discard 1 card from your hand.",
			"[Auto][Once per turn] when combo from battle area while in battle draw 2; then discard(1 in hand) 1"},
		{"FB05-106", "[Auto][Your Turn][Once per turn] If your Leader is <Bardock>, when your card is used in a combo while this card is in a battle, choose up to 1 Battle Card with a cost of 4 or less in your opponent's Battle Area and KO it.",
			"[Auto][Your Turn][Once per turn] when combo while in battle if leader is <Bardock> KO(up to 1 opponent's Battle cost<=4)"},
		{"FB06-061", "[When Attacking] Discard 1 card from your hand : Play up to 1 Battle Card with a cost of 1 from your hand. Then, add 3 to the cost of this card for the turn.",
			"[When Attacking] cost discard(1 in hand) 1 : play(up to 1 any Battle cost=1) from hand; then cost change(this card) +3 turn"},
		{"FB02-086", "[Activate Main][Once per turn] If your Leader is <Son Gohan : Childhood>, choose up to 1 of your opponent's Battle Cards with a cost of 5 or less and add it to its owner's energy in Rest Mode. Then, add this card to your energy in Rest Mode.",
			"[Activate Main][Once per turn] if leader is <Son Gohan : Childhood>: to energy(up to 1 opponent's Battle cost<=5) in rest; then to energy(this card) in rest"},
		{"FB06-042", "[Activate Main] If your Leader is <Vegito>, look at 3 cards from the top of your deck, reveal up to 1 card with a cost of 4 or less and 《Saiyan》 in its special traits and add it to your hand. Place the rest into its owner's Drop.",
			"[Activate Main] if leader is <Vegito>: search(up to 1 any «Saiyan» cost<=4) 3, rest to drop"},
		{"FB04-107", "[On Play] If you have less than 3 cards with 《Machine Mutant》 in their special traits in your Drop, KO this card.",
			"[On Play] if not have in drop 3 «Machine Mutant»: KO(this card)"},
		{"FB04-061", "[Permanent][Your Turn] If you have 6 or more energy, your <Broly> Leader gets +10000 power.",
			"[Permanent][Your Turn] if energy>=6: power(your leader <Broly>) +10000 while"},
		{"SB01-012", "[Activate Main][Once per turn] Place 1 card with 《Android》 in its special traits from your Battle Area into its owner's Drop : Choose up to 2 Battle Cards in your opponent's Battle Area and they get -20000 power for the turn.",
			"[Activate Main][Once per turn] cost to Drop(1 your «Android») : power(up to 2 opponent's Battle) -20000 turn"},
		{"FB03-057", "[When Blocking] If you have 6 or more energy, add up to 1 card with a cost of 5 or 6 from your Drop to your hand.",
			"[When Blocking] if energy>=6: add to hand(up to 1 any cost=5..6) from drop"},
		{"FB04-046", "[Activate Main](2), discard 1 card from your hand and place this card into its owner's Drop : If you have 10 or more cards in your Drop, play up to 1 <Vegito> with a cost of 5 or 6 from your Drop.",
			"[Activate Main] cost 2 energy, discard(1 in hand) 1, to Drop(this card) : if drop>=10: play(up to 1 any <Vegito> cost=5..6) from drop"},
		{"FB04-105", "[Permanent] If you or your opponent has an energy marker, reduce the cost of this card in your hand by 2.",
			"[Permanent] if any energy marker: cost change(this card) -2 while"},
		{"FB06-021", "[Activate Battle][Once per turn] If this card in a Battle Area has 30000 power or more, draw 1 card.",
			"[Activate Battle][Once per turn] if this power>=30000: draw 1"},
		{"FB04-088", "[When KO'd] If there is a <Majin Buu> in a Leader Area or Battle Area, choose up to 1 of your opponent's Battle Cards and switch it to Rest Mode.",
			"[When KO'd] if in any leader or battle area <Majin Buu>: rest(up to 1 opponent's Battle)"},
		{"SB01-010", "[Activate Main] Place 1 <Android 18> and this card from your Battle Area into their owner's Drop : If your Leader is an 《Android》-only card, draw 1 card. Then, play up to 1 <Cell> with 30000 power from your hand.",
			"[Activate Main] cost to Drop(1 your <Android 18>), to Drop(this card) : if leader is «Android» only: draw 1; then play(up to 1 any <Cell> power=30000) from hand"},
		{"FB04-034", "[Activate Main] Place this card and 1 <Kibito> from your Battle Area into their owners' Drop : Play up to 1 skill-less <Kibito Kai> from your Drop.",
			"[Activate Main] cost to Drop(this card), to Drop(1 your <Kibito>) : play(up to 1 any skill-less <Kibito Kai>) from drop"},
	} {
		sks := Parse(tc.text)
		if len(sks) != 1 || !sks[0].Understood || sks[0].String() != tc.want {
			t.Errorf("%s:\n got  %v\n want %s", tc.number, sks, tc.want)
		}
	}
}
