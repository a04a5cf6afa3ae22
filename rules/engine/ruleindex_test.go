package engine

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/rules/engine/ruleindex"
)

// Every rule the engine cites must be in the index, so the judge's lookup can
// explain any violation or step.
func TestEveryCitedRuleIsIndexed(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	cite := regexp.MustCompile(`(?:violation|event|auto)\("([^"]+)",`)
	seen := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range cite.FindAllStringSubmatch(string(src), -1) {
			seen++
			if _, ok := ruleindex.Rule(m[1]); !ok {
				t.Errorf("%s cites %q, which is not in the rule index", f, m[1])
			}
		}
	}
	if seen < 40 {
		t.Errorf("found only %d citations; is the pattern still right?", seen)
	}
	// Keyword rules built at run time.
	ids := []string{"[Evolve]", "[Fusion Evolve]", "[Double Strike]", "[Triple Strike]"}
	for _, r := range timingRules {
		ids = append(ids, r.rule)
	}
	for _, id := range ids {
		if _, ok := ruleindex.Rule(id); !ok {
			t.Errorf("%s missing", id)
		}
	}
}

// unnumbered are the index entries a violation may cite without a rule
// number, because no text we have gives their number in the Rule Manual
// (the keyword section, the battle's steps, how skills are used). A new
// citation of an entry without a number fails the test until it is added
// here, with the reason in docs/engine-rules.md.
var unnumbered = map[string]bool{
	"[Activate Battle]": true, "[Awaken]": true, "[Blocker]": true, "[Evolve]": true,
	"[Fusion Evolve]": true, "[Field]": true, "[Ki]": true, "[Once per turn]": true,
	"[Super Combo]": true, "[Dragon Ball]": true, "[Double Strike]": true, "[Triple Strike]": true,
	"Combo": true, "Damage Step": true, "Card skills": true, "Decklist": true,
}

// Every violation cites an indexed rule, with its number unless the entry
// is one of those above; a line no rule covers is a log error instead
// (logError), never a violation without a rule.
func TestEveryViolationCitesANumberedRule(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	cite := regexp.MustCompile(`violation\(("[^"]*"|[^,]+),`)
	n := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range cite.FindAllStringSubmatch(string(src), -1) {
			arg := m[1]
			if arg == "rule" || arg == "v.Rule" || arg == "gameOverRule(s.Result)" || arg == `"["+kw+"]"` {
				continue // passed on: checked where it is made
			}
			n++
			id := strings.Trim(arg, `"`)
			if !strings.HasPrefix(arg, `"`) || id == "" {
				t.Errorf("%s: violation(%s, ...) cites no rule; use logError for a line no rule covers", f, arg)
				continue
			}
			r, ok := ruleindex.Rule(id)
			if !ok {
				t.Errorf("%s cites %q, which is not in the rule index", f, id)
			} else if r.Number == "" && !unnumbered[id] {
				t.Errorf("%s cites %q, which has no rule number", f, id)
			}
		}
	}
	if n < 100 {
		t.Errorf("found only %d violations; is the pattern still right?", n)
	}
	for _, r := range []Result{{Over: true, Reason: reasonConceded, Winner: P2}, {Over: true, Winner: NoSide}, {Over: true, Winner: P1}} {
		if e, ok := ruleindex.Rule(gameOverRule(r)); !ok || e.Number == "" {
			t.Errorf("game over after %+v cites %q", r, gameOverRule(r))
		}
	}
	for id := range unnumbered {
		if e, ok := ruleindex.Rule(id); !ok || e.Number != "" {
			t.Errorf("%s: listed as unnumbered but not an entry without a number", id)
		}
	}
}
