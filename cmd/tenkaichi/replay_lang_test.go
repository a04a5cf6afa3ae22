package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// runReplayIn runs the command line in a language: German by --lang,
// Japanese by the locale (LANG), English with neither.
func runReplayIn(lang string, args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	getenv := func(string) string { return "" }
	switch lang {
	case "ja":
		getenv = func(k string) string {
			if k == "LANG" {
				return "ja_JP.UTF-8"
			}
			return ""
		}
	case "de":
		args = append([]string{"--lang", "de"}, args...)
	}
	env := &cliEnv{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, getenv: getenv}
	code := run(context.Background(), env, args)
	return code, out.String(), errb.String()
}

// A replay with a violation is said in German and in Japanese: every step's
// events, the violation with its rule number, and the state after each
// step with its counts in plural forms. No English phrase of the engine's
// or the command line's messages is left; --json stays as in English.
func TestReplayWithAViolationInGermanAndJapanese(t *testing.T) {
	cards := replayCards(t)
	bad := writeLog(t, strings.Replace(shortLog, "P2 attack FS02-05 -> leader", "P1 attack leader -> leader", 1))
	en := catalogue(t, "en", "cli", "engine")
	code, englishJSON, _ := runReplayIn("en", "replay", "--json", "--run-on", "--cards", cards, bad)
	if code != 1 || !strings.Contains(englishJSON, `"text": "it is P2's turn, not P1's"`) {
		t.Fatalf("English --json: exit %d\n%s", code, englishJSON)
	}
	for lang, want := range map[string][]string{
		// P2 after charging and playing: the counts of one and of many.
		"de": {"P2: 8 Lebenskarten, 5 Karten auf der Hand, 35 Karten im Deck, 1 Energiekarte (0 aktiv), 1 Energiemarke, 0 Karten in der Drop-Zone",
			"Kampfzone: FS02-05 (aktiv, Stärke 15000)"},
		"ja": {"P2：ライフ8枚、手札5枚、デッキ35枚、エナジー1枚（アクティブ0枚）、エナジーマーカー1個、ドロップ0枚",
			"バトルエリア：FS02-05（アクティブ、パワー15000）"},
	} {
		t.Run(lang, func(t *testing.T) {
			cat := catalogue(t, lang, "cli", "engine")
			code, out, errs := runReplayIn(lang, "replay", "--run-on", "--cards", cards, bad)
			if code != 1 {
				t.Fatalf("exit %d, want 1\n%s%s", code, out, errs)
			}
			// The violation names its rule, and the first one is said again
			// at the end.
			if strings.Count(out, "CR 7-3-4") != 2 {
				t.Errorf("the rule number is not shown twice:\n%s", out)
			}
			for _, id := range []string{
				"CliReplayStart", "CliReplayStep", "CliReplayViolation", "CliReplayFirstViolation", "CliReplayRule",
				"EngineTurnNot", "EngineGoesFirst", "EngineKeepsHand", "EngineDraws", "EngineCharges", "EnginePlaysActiveModeCost",
				"EngineSummarySetup", "EngineSummaryTurn", "EngineSummaryPlayer", "EngineSummaryPlayerMarkers", "EngineSummaryLife",
				"EngineSummaryHand", "EngineSummaryDeck", "EngineSummaryEnergy", "EngineSummaryMarkers", "EngineSummaryDrop",
				"EngineSummaryLeader", "EngineSummaryFrontSide", "EngineSummaryBattleArea", "EngineSummaryPower", "EnginePhaseMain",
			} {
				if !says(cat, id, out) {
					t.Errorf("the replay does not say %s in %s:\n%s", id, lang, out)
				}
			}
			for _, w := range want {
				if !strings.Contains(out, w) {
					t.Errorf("the replay lacks %q:\n%s", w, out)
				}
			}
			if left := englishLeft(en, cat, out); len(left) > 0 {
				t.Errorf("still English:\n  %s\n%s", strings.Join(left, "\n  "), out)
			}
			for _, english := range []string{"it is P2's turn, not P1's", "life card", "cards in hand", "Battle Area", "goes first", "power"} {
				if strings.Contains(out, english) {
					t.Errorf("the replay says %q in English:\n%s", english, out)
				}
			}
			code, js, _ := runReplayIn(lang, "replay", "--json", "--run-on", "--cards", cards, bad)
			if code != 1 || js != englishJSON {
				t.Errorf("--json in %s differs from English (exit %d)", lang, code)
			}
		})
	}
}

// A game log in JSON that does not decode is refused with the line, the
// action and the field at fault, in the command line's language and in
// our own words, not the JSON decoder's.
func TestReplayJSONLogErrorInTheLanguage(t *testing.T) {
	log := writeLog(t, "{\"setup\":{\"seed\":1,\"players\":[{\"leader\":\"FS01-01\"},{\"leader\":\"FS02-01\"}]},\n\"actions\":[\n{\"player\":\"P1\",\"verb\":\"first\"},\n{\"player\":\"P1\",\"verb\":\"keep\",\"amount\":\"x\"}]}\n")
	for lang, want := range map[string]string{
		"en": `line 4: action 2: "amount" must be a whole number, not "x"`,
		"de": `Zeile 4: Aktion 2: "amount" muss eine ganze Zahl sein, nicht "x"`,
		"ja": `4行目: アクション2："amount" は"x"ではなく、整数でなければなりません`,
	} {
		code, out, errs := runReplayIn(lang, "replay", log)
		if code != 2 || !strings.Contains(errs, want) || out != "" {
			t.Errorf("%s: exit %d, stderr %q; want 2 and %q", lang, code, errs, want)
		}
		if strings.Contains(errs, "unmarshal") || strings.Contains(errs, "Go ") {
			t.Errorf("%s: the decoder's words are left: %q", lang, errs)
		}
	}
}
