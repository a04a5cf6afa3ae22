package server_test

import (
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"
)

// A log from an event file exported before logs said their notation
// (effects written out line by line, no [Notation] tag) keeps its verdict
// when imported: it is read as notation 1 and stays legal. A log stored
// now without a tag is exported as this notation ("2"), so a copy of it
// reads the same. Issue 29, point 5.
func TestImportedOldLogKeepsItsVerdict(t *testing.T) {
	t.Parallel()
	f := newJudgeFixture(t)
	data, err := os.ReadFile("../rules/engine/testdata/feature-match-declared.log")
	if err != nil {
		t.Fatal(err)
	}
	// As it was written then: no [Effects "declared"], no [Notation].
	old := strings.Replace(string(data), "[Effects \"declared\"]\n", "", 1)
	page := f.uploadLog(t, f.judge, "Old feature match", "[Notation \"1\"]\n"+old)
	mustContain(t, "stored, notation 1", f.judge.get(page).body, `data-testid="no-violation"`)
	f.uploadLog(t, f.judge, "Untagged", firstTurnAttack)

	file := pfExport(t, f.org, strings.TrimSuffix(f.base, "/judge"))
	var ev map[string]any
	if err := json.Unmarshal(file, &ev); err != nil {
		t.Fatal(err)
	}
	logs := ev["tenkaichi"].(map[string]any)["game_logs"].([]any)
	bodies := map[string]string{}
	for _, l := range logs {
		m := l.(map[string]any)
		bodies[m["title"].(string)] = m["body"].(string)
	}
	if !strings.HasPrefix(bodies["Untagged"], "[Notation \"2\"]\n[Seed \"7\"]") {
		t.Errorf("an untagged log stored now is exported without this notation:\n%s", bodies["Untagged"])
	}
	// The file as an older Tenkaichi wrote it: the old log without a tag.
	for _, l := range logs {
		m := l.(map[string]any)
		if m["title"] == "Old feature match" {
			m["body"] = old
		}
	}
	file, err = json.Marshal(ev)
	if err != nil {
		t.Fatal(err)
	}
	path, _ := pfImport(t, f.org, "old-event.json", file)
	console := f.org.get(path + "/judge").body
	var imported string
	for _, m := range regexp.MustCompile(`href="(`+regexp.QuoteMeta(path)+`/judge/logs/\d+)"[^>]*>([^<]*)<`).FindAllStringSubmatch(console, -1) {
		if strings.Contains(m[2], "Old feature match") {
			imported = m[1]
		}
	}
	if imported == "" {
		t.Fatalf("no imported log on the console:\n%s", excerpt(console))
	}
	mustContain(t, "imported old log", f.org.get(imported).body, `data-testid="no-violation"`)
	// Read as this notation, the same lines would not be legal: the
	// Leader's draw after an attack is the engine's and a declared line.
	mustContain(t, "the old log read as this notation", f.judge.get(f.uploadLog(t, f.judge, "Read as now", old)).body,
		`data-testid="first-violation"`, "CR 7-2-9")
}
