package server

import (
	"strings"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views"
)

// deckProblemFacts is what an entry keeps of a check's problems: the rules'
// facts, which any page words in its reader's language.
func deckProblemFacts(ps []rules.Problem) []storage.DeckProblem {
	out := make([]storage.DeckProblem, 0, len(ps))
	for _, p := range ps {
		out = append(out, storage.DeckProblem{Key: p.Key, Args: p.Args, Line: p.Line, Card: p.Card, Rule: p.Rule})
	}
	return out
}

// storedDeckProblems is an entry's saved problems as pages show them, each
// with the text of its line in the saved list; the view words them when it
// renders. Problems that cannot be read show as none, as before.
func storedDeckProblems(en *storage.Entry) []views.DeckProblem {
	facts, err := storage.DecodeDeckProblems(en.DeckProblems)
	if err != nil || len(facts) == 0 {
		return nil
	}
	lines := strings.Split(en.DeckText, "\n")
	out := make([]views.DeckProblem, 0, len(facts))
	for _, f := range facts {
		out = append(out, views.DeckProblem{Line: f.Line, Text: deckLineText(lines, f.Line), Card: f.Card, Rule: f.Rule,
			Key: f.Key, Args: f.Args, Message: f.Message})
	}
	return out
}

// deckLineText is line n (from 1) of a pasted list, trimmed; "" when there
// is none.
func deckLineText(lines []string, n int) string {
	if n < 1 || n > len(lines) {
		return ""
	}
	return strings.TrimSpace(lines[n-1])
}
