package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

const goldenLog = "../../rules/engine/testdata/fs01-vs-fs02.log"

func replayCards(t *testing.T) string {
	t.Helper()
	// A card file in the real card data's format with the stats the tests need.
	cards := `[
 {"number":"FS01-01","name":"Son Goku","type":"Leader","colors":["Red"],"power":15000,"back_power":20000,"keywords":["Awaken"],"text":"[Awaken] When your life is at 4 or less"},
 {"number":"FS02-01","name":"Vegeta","type":"Leader","colors":["Blue"],"power":15000,"back_power":20000,"keywords":["Awaken"],"text":"[Awaken] When your life is at 4 or less"},
 {"number":"FS01-07","name":"Android 18","type":"Battle","colors":["Red"],"cost":2,"specified_cost":"R","power":20000,"combo_power":10000},
 {"number":"FS02-05","name":"Son Goten","type":"Battle","colors":["Blue"],"cost":1,"specified_cost":"U","power":15000,"combo_power":10000}
]`
	p := filepath.Join(t.TempDir(), "cards.json")
	if err := os.WriteFile(p, []byte(cards), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func writeLog(t *testing.T, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "game.log")
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func runReplayCLI(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	env := &cliEnv{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, getenv: func(string) string { return "" }}
	code := run(context.Background(), env, args)
	return code, out.String(), errb.String()
}

const shortLog = `[Seed "1"]
[P1Leader "FS01-01"]
[P1Deck "4 FS01-07, 46 ?"]
[P2Leader "FS02-01"]
[P2Deck "4 FS02-05, 46 ?"]
P1 first
P1 keep
P2 keep
P1 draw
P1 charge FS01-07
P1 end
P2 draw
P2 charge FS02-05
P2 play FS02-05
P2 attack FS02-05 -> leader
P2 pass
P1 pass
damage
`

func TestReplayLegal(t *testing.T) {
	code, out, errs := runReplayCLI("replay", "--cards", replayCards(t), writeLog(t, shortLog))
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	for _, want := range []string{
		"step 13 (line 18): damage",
		"P1: 7 life cards, 7 cards in hand, 35 cards in the deck, 1 energy card (1 Active), 0 cards in the Drop",
		"P2: 8 life cards, 5 cards in hand, 35 cards in the deck, 1 energy card (0 Active), 1 energy marker, 0 cards in the Drop",
		"Battle Area: FS02-05 (Rest, 15000 power)",
		"[engine]",
		"legal: 13 steps",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q\n%s", want, out)
		}
	}
}

func TestReplayViolation(t *testing.T) {
	bad := strings.Replace(shortLog, "P2 attack FS02-05 -> leader", "P1 attack leader -> leader", 1)
	code, out, _ := runReplayCLI("replay", "--cards", replayCards(t), writeLog(t, bad))
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s", code, out)
	}
	if !strings.Contains(out, "first violation: step 10, line 15, rule CR 7-3-4: it is P2's turn, not P1's") {
		t.Errorf("violation line missing:\n%s", out)
	}
	if strings.Contains(out, "step 11") {
		t.Error("replay should stop at the first violation")
	}
	code, out, _ = runReplayCLI("replay", "--run-on", "--cards", replayCards(t), writeLog(t, bad))
	if code != 1 || !strings.Contains(out, "step 13") {
		t.Errorf("--run-on should go on and still exit 1: %d\n%s", code, out)
	}
}

func TestReplayFirstTurnAttack(t *testing.T) {
	bad := strings.Replace(shortLog, "P1 end", "P1 attack leader -> leader", 1)
	code, out, _ := runReplayCLI("replay", "--cards", replayCards(t), writeLog(t, bad))
	if code != 1 || !strings.Contains(out, "rule CR 7-3-4-3-1") || !strings.Contains(out, "line 11") {
		t.Errorf("exit %d\n%s", code, out)
	}
}

func TestReplayUntilAndJSON(t *testing.T) {
	code, out, errs := runReplayCLI("replay", "--json", "--until", "4", "--cards", replayCards(t), writeLog(t, shortLog))
	if code != 0 {
		t.Fatalf("exit %d %s", code, errs)
	}
	var got struct {
		Start struct {
			Phase string `json:"phase"`
		} `json:"start"`
		Steps []struct {
			Step   int    `json:"step"`
			Line   int    `json:"line"`
			Action string `json:"action"`
			State  struct {
				Phase   string `json:"phase"`
				Players []struct {
					Life int `json:"life"`
					Hand int `json:"hand"`
				} `json:"players"`
			} `json:"state"`
		} `json:"steps"`
		FirstViolation any `json:"first_violation"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(got.Steps) != 4 || got.Start.Phase != "setup" {
		t.Fatalf("steps %d start %q", len(got.Steps), got.Start.Phase)
	}
	last := got.Steps[3]
	if last.Action != "P1 draw" || last.Line != 9 || last.State.Players[0].Hand != 7 || last.State.Players[0].Life != 8 || got.FirstViolation != nil {
		t.Errorf("step 4: %+v", last)
	}
}

// The golden game leaves the Leaders' draws and the [Permanent] power skills
// to the engine: it replays with the card data, and without it the hands
// run short (the note says why).
func TestReplayGoldenGame(t *testing.T) {
	code, out, _ := runReplayCLI("replay", "--cards", fixtureCards, goldenLog)
	if code != 0 || !strings.Contains(out, "Game over: P2 wins") {
		t.Fatalf("exit %d\n%s", code, out[max(0, len(out)-2000):])
	}
	code, out, _ = runReplayCLI("replay", goldenLog)
	if code != 1 || !strings.Contains(out, "note: no card data") || !strings.Contains(out, "card skills are not applied") {
		t.Errorf("without card data: exit %d\n%s", code, out[:min(len(out), 600)])
	}
}

// fixtureCards is the repository's real-card fixture.
const fixtureCards = "../../testdata/fusion-world-cards.json"

func TestReplayUnreadable(t *testing.T) {
	for _, args := range [][]string{
		{"replay"},
		{"replay", filepath.Join(t.TempDir(), "missing.log")},
		{"replay", writeLog(t, "P1 first\nP1 dance\n")},
		{"replay", "--cards", filepath.Join(t.TempDir(), "none.json"), writeLog(t, shortLog)},
		{"replay", "--until", "-1", writeLog(t, shortLog)},
	} {
		code, _, errs := runReplayCLI(args...)
		if code != 2 {
			t.Errorf("%v: exit %d, want 2 (%s)", args, code, errs)
		}
	}
	_, _, errs := runReplayCLI("replay", writeLog(t, "P1 first\nP1 dance\n"))
	if !strings.Contains(errs, "line 2") {
		t.Errorf("parse error should name the line: %s", errs)
	}
}

// Every way a replay cannot start says what is wrong on one line starting
// "tenkaichi replay:", as the other commands do, and exits 2.
func TestReplayUsageErrorsSayWhatIsWrong(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing.log")
	jsonLog := "{\"setup\":{\"seed\":1,\"players\":[{\"leader\":\"FS01-01\"},{\"leader\":\"FS02-01\"}]},\n\"actions\":[\n{\"player\":\"P1\",\"verb\":\"first\"},\n{\"verb\":\"damage\",\"amout\":3}]}\n"
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"replay"}, "tenkaichi replay: expected one LOGFILE, got 0"},
		{[]string{"replay", "a.log", "b.log"}, "tenkaichi replay: expected one LOGFILE, got 2"},
		{[]string{"replay", "--until", "-1", writeLog(t, shortLog)}, "tenkaichi replay: --until -1: STEP is a step number, 0 or more"},
		{[]string{"replay", missing}, "tenkaichi replay: open " + missing},
		{[]string{"replay", writeLog(t, "")}, "line 1: the log has no setup: it needs the tag [P1Leader] and the tag [P2Leader]"},
		{[]string{"replay", writeLog(t, "# nothing but a comment\n\n")}, "the log has no setup"},
		{[]string{"replay", writeLog(t, "[P1Leader \"FS01-01\"]\nP1 first\n")}, "it needs the tag [P2Leader]"},
		{[]string{"replay", writeLog(t, jsonLog)}, `line 4: action 2: unknown field "amout"`},
		{[]string{"replay", "--cards", filepath.Join(t.TempDir(), "none.json"), writeLog(t, shortLog)}, "tenkaichi replay: reading cards:"},
	} {
		code, out, errs := runReplayCLI(tc.args...)
		if code != 2 || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tc.args, code, errs, tc.want)
		}
		if strings.Contains(out, "step 0") {
			t.Errorf("%v: a replay was printed:\n%s", tc.args, out)
		}
		for _, l := range strings.Split(strings.TrimSpace(errs), "\n") {
			if strings.HasPrefix(l, "replay:") {
				t.Errorf("%v: error without the command's prefix: %q", tc.args, l)
			}
		}
	}
}

// Without card data the engine judges only what needs none: the feature
// match, written with every effect declared, plays Kamehameha during a
// battle, which the card might allow.
func TestReplayFeatureMatchWithoutCards(t *testing.T) {
	code, out, errs := runReplayCLI("replay", "../../rules/engine/testdata/feature-match-declared.log")
	if code != 0 || !strings.Contains(out, "legal: 153 steps") {
		t.Fatalf("exit %d %s\n%s", code, errs, out[max(0, len(out)-1500):])
	}
	for _, want := range []string{
		"P1 uses FS01-15 in the battle; it goes to the Drop. Without its card data it is taken as an Extra with [Activate Battle], not checked",
		"the powers cannot be compared",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
}

func TestReplayFeatureMatch(t *testing.T) {
	const logFile = "../../rules/engine/testdata/feature-match.log"
	const cards = fixtureCards
	code, out, errs := runReplayCLI("replay", "--cards", cards, logFile)
	if code != 0 || !strings.Contains(out, "Game over: P1 wins") || !strings.Contains(out, "legal: 144 steps") {
		t.Fatalf("exit %d %s\n%s", code, errs, out[max(0, len(out)-1500):])
	}
	// The same game with Bulma blocking after a combo step began.
	data, err := os.ReadFile(logFile)
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(string(data), "P2 block FS02-12\nP1 pass\n", "P1 pass\nP2 block FS02-12\n", 1)
	code, out, _ = runReplayCLI("replay", "--cards", cards, writeLog(t, bad))
	if code != 1 || !strings.Contains(out, "rule [Blocker]: a Blocker must be used right after the attack, before any combo") {
		t.Errorf("exit %d\n%s", code, out[max(0, len(out)-800):])
	}
}

// Naming the other player's card where one's own is meant is a violation
// with its step, line and rule; it used to crash the replay.
func TestReplayOtherPlayersCardIsAViolation(t *testing.T) {
	const head = "[Seed \"1\"]\n[P1Leader \"FS01-01\"]\n[P2Leader \"FS02-01\"]\n[P1Deck \"50 ?\"]\n[P2Deck \"50 ?\"]\n\n" +
		"P1 first\nP1 keep\nP2 keep\nP1 draw\nP1 charge FS01-10\nP1 play FS01-10\nP1 end\nP2 draw\nP2 play FS02-12\nP2 end\n" +
		"P1 draw\nP1 charge FS01-10\nP1 play FS01-07\n"
	for tail, want := range map[string]string{
		"P1 attack leader -> leader\nP2 block P1:FS01-07\n":             "first violation: step 15, line 21, rule [Blocker]: P2 blocks with their own Battle Cards; P1:FS01-07 is P1's card",
		"P1 attack leader -> leader\nP1 combo P2:FS02-12 from battle\n": "first violation: step 15, line 21, rule Combo: P1 combos with their own cards; P2:FS02-12 is P2's card",
		"P1 evolve ? on P2:FS02-12\n":                                   "first violation: step 14, line 20, rule [Evolve]: P1 evolves onto their own Battle Cards; P2:FS02-12 is P2's card",
		"P1 attack P2:leader -> leader\n":                               "first violation: step 14, line 20, rule CR 8-1-1: P1 attacks with their own Leader or Battle Card; P2:leader is P2's",
	} {
		code, out, errs := runReplayCLI("replay", "--cards", replayCards(t), writeLog(t, head+tail))
		if code != 1 || !strings.Contains(out, want) {
			t.Errorf("%q: exit %d %s\n%s", tail, code, errs, out[max(0, len(out)-600):])
		}
	}
}

// "replay -" reads the log from standard input.
func TestReplayReadsStandardInput(t *testing.T) {
	var out, errb bytes.Buffer
	env := &cliEnv{stdin: strings.NewReader(shortLog), stdout: &out, stderr: &errb, getenv: func(string) string { return "" }}
	code := run(context.Background(), env, []string{"replay", "--cards", replayCards(t), "-"})
	if code != 0 || !strings.Contains(out.String(), "legal:") {
		t.Fatalf("exit %d %s\n%s", code, errb.String(), out.String())
	}
	out.Reset()
	errb.Reset()
	env.stdin = strings.NewReader("P1 first\nP1 dance\n")
	if code := run(context.Background(), env, []string{"replay", "-"}); code != 2 || !strings.Contains(errb.String(), "standard input: line 2") {
		t.Errorf("exit %d, stderr %q", code, errb.String())
	}
}

// --json gives the state at the illegal step too: the state the illegal
// action was tried in, which is what a judge looks at.
func TestReplayJSONStateAtViolation(t *testing.T) {
	bad := shortLog + "P1 attack leader -> leader\n"
	code, out, errs := runReplayCLI("replay", "--json", "--cards", replayCards(t), writeLog(t, bad))
	if code != 1 {
		t.Fatalf("exit %d %s", code, errs)
	}
	var got struct {
		Steps []struct {
			Action    string `json:"action"`
			Violation *struct {
				Rule string `json:"rule"`
			} `json:"violation"`
			State *struct {
				TurnPlayer string `json:"turn_player"`
				Players    []struct {
					Hand int `json:"hand"`
				} `json:"players"`
			} `json:"state"`
		} `json:"steps"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	last := got.Steps[len(got.Steps)-1]
	if last.Violation == nil || last.State == nil || last.State.TurnPlayer != "P2" || len(last.State.Players) != 2 {
		t.Fatalf("the violating step has no state: %+v", last)
	}
	before := got.Steps[len(got.Steps)-2].State
	if before.Players[0].Hand != last.State.Players[0].Hand {
		t.Errorf("the state at the illegal step should be the one it was tried in")
	}
}

func TestCardsCoverage(t *testing.T) {
	code, out, errs := runReplayCLI("cards", "coverage", "--top", "3", fixtureCards)
	if code != 0 {
		t.Fatalf("exit %d %s", code, errs)
	}
	for _, want := range []string{"Fusion World cards: 135", "text not known: ", "understood: ", "phrases not understood"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if !regexp.MustCompile(`understood: \d+ of \d+ cards whose text is known \(\d+\.\d%\)`).MatchString(out) {
		t.Errorf("no percentage:\n%s", out)
	}
	code, _, errs = runReplayCLI("cards", "coverage", "a.json", "b.json")
	if code != 2 || !strings.Contains(errs, "tenkaichi cards coverage: expected at most one FILE") {
		t.Errorf("two files: exit %d %q", code, errs)
	}
	code, _, errs = runReplayCLI("cards", "coverage", "--data", t.TempDir())
	if code != 2 || !strings.Contains(errs, "no card pool") {
		t.Errorf("no stored pool: exit %d %q", code, errs)
	}
}

// A line that does not fit the game (a card the player does not have) is a
// log error, not a rule: the text says so, and --json flags it.
func TestReplayLogError(t *testing.T) {
	bad := strings.Replace(shortLog, "P2 attack FS02-05 -> leader", "P2 attack FS02-04 -> leader", 1)
	code, out, _ := runReplayCLI("replay", "--cards", replayCards(t), writeLog(t, bad))
	if code != 1 || !strings.Contains(out, "first violation: step 10, line 15, log error: P2 has no FS02-04 in play") {
		t.Fatalf("exit %d, want the log error:\n%s", code, out)
	}
	code, out, _ = runReplayCLI("replay", "--json", "--cards", replayCards(t), writeLog(t, bad))
	var got struct {
		FirstViolation struct {
			Rule     string `json:"rule"`
			Text     string `json:"text"`
			LogError bool   `json:"log_error"`
		} `json:"first_violation"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil || code != 1 {
		t.Fatalf("exit %d, %v", code, err)
	}
	if v := got.FirstViolation; !v.LogError || v.Rule != "" || v.Text != "P2 has no FS02-04 in play" {
		t.Errorf("first violation %+v, want a log error without a rule", v)
	}
}

// replayJSONEvents replays log with the real-card fixture as JSON and
// returns the events of each step, by step number.
func replayJSONEvents(t *testing.T, log string) map[int][]jsonEvent {
	t.Helper()
	code, out, errs := runReplayCLI("replay", "--json", "--cards", fixtureCards, writeLog(t, log))
	if code != 0 {
		t.Fatalf("exit %d %s\n%s", code, errs, out)
	}
	var got struct {
		Steps []struct {
			Step   int         `json:"step"`
			Events []jsonEvent `json:"events"`
		} `json:"steps"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	events := map[int][]jsonEvent{}
	for _, st := range got.Steps {
		events[st.Step] = st.Events
	}
	return events
}

// FP-030's "[Permanent] This card has all card names and special traits,
// and all of your energy is treated as all colors." is a skill the engine
// does not read: the JSON says so with "unread" (docs/game-log.md).
func TestReplayJSONMarksUnreadSkills(t *testing.T) {
	log := `[Seed "1"]
[P1Leader "FS01-01"]
[P1Deck "50 ?"]
[P2Leader "FP-030"]
[P2Deck "50 ?"]
P1 first
P1 keep
P2 keep
`
	var unread []jsonEvent
	for _, e := range replayJSONEvents(t, log)[1] {
		if e.Unread {
			unread = append(unread, e)
		}
	}
	if len(unread) == 0 {
		t.Fatal("P1 first: no unread event for FP-030's [Permanent] skill")
	}
	found := false
	for _, e := range unread {
		if !e.Declared {
			t.Errorf("an unread skill's effects are declared: %+v", e)
		}
		if strings.Contains(e.Text, "FP-030") && strings.Contains(e.Text, "all of your energy is treated as all colors") {
			found = true
		}
	}
	if !found {
		t.Errorf("no unread event names FP-030's energy skill: %+v", unread)
	}
}

// In a log written before the engine read skills, Master Roshi's "[On Play]
// Draw 1 card" is the declared line after the play: "declared", not
// "unread" (the engine reads no skill there by choice).
func TestReplayJSONMarksDeclaredEffects(t *testing.T) {
	log := roshiDrawAfterPlay(`[Effects "declared"]`)
	events := replayJSONEvents(t, log)
	for _, e := range events[4] {
		if e.Declared {
			t.Errorf("the turn's draw is not declared: %+v", e)
		}
	}
	declared := 0
	for _, e := range events[7] {
		if e.Unread {
			t.Errorf("a declared draw is not an unread skill: %+v", e)
		}
		if e.Declared {
			declared++
		}
	}
	if declared == 0 {
		t.Errorf("P1 draw after Master Roshi: no declared event: %+v", events[7])
	}
}

// replay --json as docs/game-log.md documents it (issue 29, point 6): in
// this notation a line naming its card (`by leader`, FP-030's skill the
// engine does not read) is "declared" and not "unread"; the skill itself is
// "unread" and "declared" at its moment. A log in notation 1 reads like
// [Effects "declared"]: Master Roshi's draw is a declared line, not unread.
func TestReplayJSONDeclaredAndUnreadByNotation(t *testing.T) {
	byCard := `[Seed "1"]
[Notation "2"]
[P1Leader "FS01-01"]
[P1Deck "50 ?"]
[P2Leader "FP-030"]
[P2Deck "50 ?"]
P1 first
P1 keep
P2 keep
P1 draw
P1 end
P2 draw
P2 draw by leader
`
	events := replayJSONEvents(t, byCard)
	if len(events[7]) != 1 || !events[7][0].Declared || events[7][0].Unread || !strings.Contains(events[7][0].Text, "P2 draws") {
		t.Errorf("P2 draw by leader: %+v", events[7])
	}
	unread := 0
	for _, e := range events[1] {
		if e.Unread && e.Declared && strings.Contains(e.Text, "FP-030") {
			unread++
		}
	}
	if unread == 0 {
		t.Errorf("FP-030's skills are not unread at the start: %+v", events[1])
	}
	old := roshiDrawAfterPlay(`[Notation "1"]`)
	events = replayJSONEvents(t, old)
	if len(events[7]) == 0 || !events[7][0].Declared || events[7][0].Unread {
		t.Errorf("notation 1: the draw after Master Roshi is declared, not unread: %+v", events[7])
	}
}

// roshiDrawAfterPlay is a log under header in which P1 plays Master Roshi
// FS01-03 ("[On Play] Draw 1 card") and writes the draw out: step 7.
func roshiDrawAfterPlay(header string) string {
	return `[Seed "1"]
` + header + `
[P1Leader "FS01-01"]
[P1Deck "4 FS01-03, 46 ?"]
[P2Leader "FS02-01"]
[P2Deck "50 ?"]
P1 first
P1 keep
P2 keep
P1 draw
P1 charge FS01-03
P1 play FS01-03
P1 draw
`
}
