package server

import (
	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/storage"
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
