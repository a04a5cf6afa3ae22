package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/views/cardexplain"
)

// skillFixtureCards holds the cards whose skill text the engine tests read.
const skillFixtureCards = "../../testdata/fusion-world-skill-cards.json"

func explain(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	return runReplayCLI(append([]string{"cards", "explain"}, args...)...)
}

// wantLines checks that out says each of want, wherever the lines wrap.
func wantLines(t *testing.T, out string, want ...string) {
	t.Helper()
	flat := strings.Join(strings.Fields(out), " ")
	for _, w := range want {
		if !strings.Contains(flat, strings.Join(strings.Fields(w), " ")) {
			t.Errorf("output lacks %q\n%s", w, out)
		}
	}
}

// Master Roshi FS01-03: "[On Play] Draw 1 card." is read whole: its
// timing and one draw of 1, nothing left unread.
func TestCardsExplainMasterRoshi(t *testing.T) {
	code, out, errs := explain(t, "--cards", fixtureCards, "FS01-03")
	if code != 0 {
		t.Fatalf("exit %d %s", code, errs)
	}
	wantLines(t, out, "FS01-03 Master Roshi", "skill 1: [On Play] Draw 1 card.", "timing: [On Play]", "effect 1: draw (count: 1)")
	if strings.Contains(out, "not read") || strings.Contains(out, "skill 2") || strings.Contains(out, "does not carry it out") {
		t.Errorf("one skill, read and carried out:\n%s", out)
	}
}

// Son Goku FS01-01: the front's [Awaken] "When your life is at 4 or less,
// draw 1 card. Then, flip this card over." and the back's [Activate
// Battle][Once per turn] +5000 for the battle, a side each.
func TestCardsExplainLeaderSides(t *testing.T) {
	code, out, _ := explain(t, "--cards", fixtureCards, "FS01-01-p1") // a printing names its card
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	wantLines(t, out, "Front:", "timing: [Awaken]", "condition: your life is at 4 or less", "effect 2, then: flip",
		"Back (awakened):", "timing: [Activate Battle][Once per turn]",
		"power (cards: up to 1 of your Battle Cards, change: +5000, lasts: the battle)")
}

// Broly : BR FB06-048's back: the play "with a cost of 1 greater than the
// card chosen by this skill" is not read, and says the phrase. Meta-Cooler
// FB01-131: the deck-building [Permanent] is read as a deck rule (issue
// 29), and the [When KO'd] plays from the hand.
func TestCardsExplainUnreadPhrase(t *testing.T) {
	code, out, _ := explain(t, "--cards", fixtureCards, "FB06-048")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	wantLines(t, out, "not read: the engine does not understand “play up to N <name> with a cost of")
	code, out, _ = explain(t, "--cards", fixtureCards, "FB01-131")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	wantLines(t, out, "effect 1: deck rule (cards: this card",
		"skill 2: [When KO'd] Play up to 1 <Meta-Cooler> with a cost of 3 from your hand.", "timing: [When KO'd]", "from: hand")
}

// Costs and effects the engine leaves to the players, from the card text:
// Vegeta FB01-096 discards 1 card from the hand to KO; Zamasu FB02-042's
// "can't be KO'd" and Soul Punisher FB05-116's "Choose one" are read; the
// rearranged deck of FS05-16 is read; Son Gohan FB03-139 costs (2).
func TestCardsExplainCostsAndNotApplied(t *testing.T) {
	for number, want := range map[string][]string{
		"FB01-096": {"timing: [Activate Main][Once per turn]", "cost: discard (cards: 1 card from your hand)", "KO (cards: up to 1 of your opponent's Battle Cards with a cost of 2 or less)"},
		"FB02-042": {"can't be KO'd", "search (cards: up to 1 <Goku Black> card, count: 5"},
		"FB05-116": {"choose one"},
		"FS05-16":  {"effect 1: reorder (count: 2"},
		"FB03-139": {"cost: 2 energy", "charge (count: 1, in Rest Mode)", "if you have 8 or more energy"},
	} {
		code, out, errs := explain(t, "--cards", skillFixtureCards, number)
		if code != 0 {
			t.Fatalf("%s: exit %d %s", number, code, errs)
		}
		wantLines(t, out, want...)
	}
}

// The JSON of Whis FS01-02: "Choose up to 1 of your opponent's Battle
// Cards and it gets -5000 power for the turn."
func TestCardsExplainJSON(t *testing.T) {
	code, out, errs := explain(t, "--json", "--cards", fixtureCards, "FS01-02")
	if code != 0 {
		t.Fatalf("exit %d %s", code, errs)
	}
	var got cardexplain.JSON
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if got.Number != "FS01-02" || got.Name != "Whis" || !got.TextKnown || len(got.Front) != 1 || len(got.Back) != 0 {
		t.Fatalf("%+v", got)
	}
	sk := got.Front[0]
	if sk.Timing != "[On Play]" || !sk.Understood || !sk.Applied || sk.Unread != "" || len(sk.Effects) != 1 {
		t.Fatalf("skill: %+v", sk)
	}
	ef := sk.Effects[0]
	if ef.Kind != "power" || ef.Amount != -5000 || ef.Duration != "turn" || !ef.UpTo ||
		ef.Target != "up to 1 of your opponent's Battle Cards" || !ef.Applied {
		t.Errorf("effect: %+v", ef)
	}
	_, out, _ = explain(t, "--json", "--cards", fixtureCards, "FB06-048")
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Back) == 0 || got.Back[0].Understood || got.Back[0].Applied || !strings.Contains(got.Back[0].Unread, "greater than the card chosen") {
		t.Errorf("Broly : BR's back [When Attacking]: %+v", got.Back)
	}
}

// A card with no text: Tien Shinhan FS01-10 has stats and no skills;
// Glorio FB07-001 is known only by name.
func TestCardsExplainNoText(t *testing.T) {
	_, out, _ := explain(t, "--cards", fixtureCards, "FS01-10")
	wantLines(t, out, "The card has no skills")
	_, out, _ = explain(t, "--cards", fixtureCards, "FB07-001")
	wantLines(t, out, "gives no skill text for this card")
	_, out, _ = explain(t, "--json", "--cards", fixtureCards, "FB07-001")
	if !strings.Contains(out, `"text_known": false`) {
		t.Errorf("FB07-001 JSON: %s", out)
	}
}

func TestCardsExplainExitStatus(t *testing.T) {
	code, _, errs := explain(t, "--cards", fixtureCards, "FS01-99")
	if code != 1 || !strings.Contains(errs, "tenkaichi cards explain: no Fusion World card numbered FS01-99 in the card list") {
		t.Errorf("unknown number: exit %d %q", code, errs)
	}
	bad := filepath.Join(t.TempDir(), "bad.json")
	if err := os.WriteFile(bad, []byte("[{\"number\": "), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"--cards", filepath.Join(t.TempDir(), "missing.json"), "FS01-03"},
		{"--cards", bad, "FS01-03"},
		{"--cards", fixtureCards},
		{"--cards", fixtureCards, "FS01-03", "FS01-02"},
	} {
		if code, _, errs := explain(t, args...); code != 2 || !strings.Contains(errs, "tenkaichi cards explain:") {
			t.Errorf("%v: exit %d %q", args, code, errs)
		}
	}
}

// In German and Japanese the words are the language's; the card text and
// its bracketed timings stay as printed.
func TestCardsExplainInGermanAndJapanese(t *testing.T) {
	_, out, _ := runReplayIn("de", "cards", "explain", "--cards", fixtureCards, "FS01-02")
	wantLines(t, out, "Fähigkeit 1: [On Play] Choose up to 1", "Timing: [On Play]", "Effekt 1: Stärke (Karten:", "Änderung: -5000", "für den Zug")
	_, out, _ = runReplayIn("ja", "cards", "explain", "--cards", fixtureCards, "FS01-03")
	wantLines(t, out, "効果1: [On Play] Draw 1 card.", "タイミング: [On Play]", "処理1:")
	if strings.Contains(out, "timing:") || strings.Contains(out, "effect 1") {
		t.Errorf("English left in Japanese:\n%s", out)
	}
}

// Shin FS01-05: "[Auto][Opponent's Turn] When you use this card in a combo
// from your hand, this card gets +10000 combo power."; Jiren FB03-001's
// back: "[Auto] When you take damage, draw 1 card."
func TestCardsExplainTriggers(t *testing.T) {
	_, out, _ := explain(t, "--cards", fixtureCards, "FS01-05")
	wantLines(t, out, "keywords: [Super Combo]", "timing: [Auto][Opponent's Turn]", "trigger: this card is used in a combo from the hand",
		"effect 1: combo power (cards: this card, change: +10000)")
	_, out, _ = explain(t, "--cards", fixtureCards, "FB03-001")
	wantLines(t, out, "Back (awakened):", "timing: [Auto]", "trigger: damage is dealt to your Leader", "draw (count: 1)")
}
