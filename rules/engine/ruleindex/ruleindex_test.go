package ruleindex

import (
	"os"
	"strings"
	"testing"
)

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
		"energy marker":     "CR 6-1-5",
		"pay with a marker": "CR 5-3-1",
		"whose turn":        "CR 7-3-4",
		"play leader":       "CR 6-1-3",
		"game over":         "CR 0-1-3-2",
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

// Every rule number in the index is one the public rules guide cites: a
// number we cannot point to is not given (testdata/rule-numbers.txt).
func TestRuleNumbersAreKnown(t *testing.T) {
	src, err := os.ReadFile("testdata/rule-numbers.txt")
	if err != nil {
		t.Fatal(err)
	}
	known := map[string]bool{}
	for _, line := range strings.Split(string(src), "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			known[line] = true
		}
	}
	if len(known) < 50 {
		t.Fatalf("only %d known numbers: is the file right?", len(known))
	}
	for _, r := range Rules {
		if r.Number != "" && !known[r.Number] {
			t.Errorf("%s: %s is not a number the rules guide cites", r.ID, r.Number)
		}
	}
}
