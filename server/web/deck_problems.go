package web

import (
	"strings"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views"
)

// StoredDeckProblems is an entry's saved problems as pages show them, each
// with the text of its line in the saved list; the view words them when it
// renders. Problems that cannot be read show as none, as before.
func StoredDeckProblems(en *storage.Entry) []views.DeckProblem {
	facts, err := storage.DecodeDeckProblems(en.DeckProblems)
	if err != nil || len(facts) == 0 {
		return nil
	}
	lines := strings.Split(en.DeckText, "\n")
	out := make([]views.DeckProblem, 0, len(facts))
	for _, f := range facts {
		out = append(out, views.DeckProblem{Line: f.Line, Text: DeckLineText(lines, f.Line), Card: f.Card, Rule: f.Rule,
			Key: f.Key, Args: f.Args, Message: f.Message})
	}
	return out
}

// DeckLineText is line n (from 1) of a pasted list, trimmed; "" when there
// is none.
func DeckLineText(lines []string, n int) string {
	if n < 1 || n > len(lines) {
		return ""
	}
	return strings.TrimSpace(lines[n-1])
}
