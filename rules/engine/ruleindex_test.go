package engine

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
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
			if _, ok := Rule(m[1]); !ok {
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
		if _, ok := Rule(id); !ok {
			t.Errorf("%s missing", id)
		}
	}
}

func TestRuleIndexEntriesComplete(t *testing.T) {
	ids := map[string]bool{}
	for _, r := range Rules {
		if ids[r.ID] {
			t.Errorf("duplicate %s", r.ID)
		}
		ids[r.ID] = true
		if r.Title == "" || len(r.Explanation) < 30 || len(r.Terms) == 0 {
			t.Errorf("%s: title, explanation and terms are required", r.ID)
		}
		if strings.HasPrefix(r.ID, "CR ") != (r.Number != "") || (r.Number != "" && r.ID != "CR "+r.Number) {
			t.Errorf("%s: ID and number disagree (%q)", r.ID, r.Number)
		}
	}
}

func TestSearch(t *testing.T) {
	first := func(q string) string {
		r := Search(q)
		if len(r) == 0 {
			return ""
		}
		return r[0].ID
	}
	for q, want := range map[string]string{
		"8-1-1":             "CR 8-1-1",
		"CR 8-1-1":          "CR 8-1-1",
		"blocker":           "[Blocker]",
		"[Critical]":        "[Critical]",
		"mulligan":          "CR 6-2-1-8",
		"double strike":     "[Double Strike]",
		"energy marker":     "Energy marker",
		"6-1-5":             "CR 6-1-5",
		"zero power":        "Power 0",
		"first turn attack": "CR 7-3-4-3-1",
	} {
		if got := first(q); got != want {
			t.Errorf("Search(%q) first = %q, want %q", q, got, want)
		}
	}
	if r := Search("7-2"); len(r) < 3 {
		t.Errorf("a number prefix should find its sub-rules: %d", len(r))
	}
	if r := Search("   "); r != nil {
		t.Error("empty query")
	}
	if r := Search("xyzzy"); len(r) != 0 {
		t.Errorf("nonsense query found %d", len(r))
	}
}
