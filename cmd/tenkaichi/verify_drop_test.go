package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// Pairing files the server wrote (server/drop_before_round1_test.go): Gus
// (id 7) dropped before round 1; in the team event Ben (id 2, seat B of
// Red) did, and his vacant seat lost from round 1 on.
const (
	droppedBeforeEvent = "../../pairing/testdata/dropped-before-round-1.json"
	teamDroppedEvent   = "../../pairing/testdata/team-dropped-before-round-1.json"
)

// tamperFile is the event file at path changed by edit, written anew.
func tamperFile(t *testing.T, path string, edit func(raw map[string]any)) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	raw := map[string]any{}
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.UseNumber()
	if err := dec.Decode(&raw); err != nil {
		t.Fatal(err)
	}
	edit(raw)
	out, _ := json.Marshal(raw)
	return writeEvent(t, string(out))
}

func roundMatchesOf(raw map[string]any, n int) []any {
	return raw["rounds"].([]any)[n-1].(map[string]any)["matches"].([]any)
}

// tenkaichi verify holds both files, and fails round 1 of a copy that
// pairs Gus or gives Ben's vacant seat the win, naming the player, in
// every language; the file with the drop's round left out (as written
// before it was kept) still reads, and cannot tell.
func TestVerifyDropBeforeRound1(t *testing.T) {
	gusPlays := tamperFile(t, droppedBeforeEvent, func(raw map[string]any) {
		roundMatchesOf(raw, 1)[0].(map[string]any)["p1"] = "7"
	})
	benWins := tamperFile(t, teamDroppedEvent, func(raw map[string]any) {
		for _, m := range roundMatchesOf(raw, 1) {
			m := m.(map[string]any)
			switch "2" {
			case m["p1"]:
				m["result"] = "p1"
			case m["p2"]:
				m["result"] = "p2"
			}
		}
	})
	code, out, errs := runPairingCLI("", "verify", "--in", gusPlays)
	if code != 1 || !strings.Contains(out, "round 1: does not hold\n  table 1: 7 plays in this round but dropped before round 1") {
		t.Errorf("Gus paired in round 1: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = runPairingCLI("", "verify", "--in", benWins)
	if code != 1 || !strings.Contains(out, "round 1: does not hold") ||
		!strings.Contains(out, "seat B of Red had no player left (2 had dropped before round 1), so its game is lost") {
		t.Errorf("Ben's vacant seat won round 1: exit %d\n%s%s", code, out, errs)
	}
	for _, lang := range []string{"en", "de", "fr", "es", "it", "ja", "pt-BR"} {
		cat := catalogue(t, lang, "cli", "teams")
		for _, c := range []struct {
			file string
			code int
			ids  []string
		}{
			{droppedBeforeEvent, 0, []string{"CliVerifyAllHold"}},
			{teamDroppedEvent, 0, []string{"CliVerifyAllHold"}},
			{gusPlays, 1, []string{"CliVerifyRoundFails", "CliVerifyDroppedBeforePlays"}},
			{benWins, 1, []string{"CliVerifyRoundFails", "CliVerifyTeamSeatVacantBefore"}},
		} {
			code, out, errs := runPairingCLI("", "--lang", lang, "verify", "--in", c.file)
			if code != c.code {
				t.Errorf("%s, %s: exit %d, want %d\n%s%s", lang, c.file, code, c.code, out, errs)
			}
			for _, id := range c.ids {
				if !says(cat, id, out) {
					t.Errorf("%s, %s does not say %s:\n%s", lang, c.file, id, out)
				}
			}
		}
	}
	older := tamperFile(t, droppedBeforeEvent, func(raw map[string]any) {
		roundMatchesOf(raw, 1)[0].(map[string]any)["p1"] = "7"
		for _, p := range raw["players"].([]any) {
			delete(p.(map[string]any), "dropped_after_round")
		}
	})
	if _, out, errs := runPairingCLI("", "verify", "--in", older); strings.Contains(out, "dropped before round 1") || errs != "" {
		t.Errorf("a file without the drop's round is read as a drop before round 1:\n%s%s", out, errs)
	}
}
