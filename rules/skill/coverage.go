package skill

import (
	"cmp"
	"slices"

	"github.com/tenkaichi-org/tenkaichi/rules"
)

// Coverage is how much of a card pool the parser understands.
type Coverage struct {
	Cards int // cards in the pool (Fusion World)
	// WithText counts the cards whose skill text the pool knows: a card with
	// skill text, or one the pool describes (cost or power) without any, a
	// vanilla card. Cards known only by number, name, colour and type
	// (FB07 to FB09 in the public lists) have no text to read and are left
	// out of the percentage.
	WithText   int
	NoText     int
	Understood int // cards of WithText whose every skill line was read
	Vanilla    int // cards of WithText without skills (understood trivially)
	// Phrases are the phrases not understood, most frequent first: each
	// counts the skill lines it stopped.
	Phrases []PhraseCount
}

// PhraseCount is a phrase the parser does not understand and on how many
// skill lines it is the first such phrase.
type PhraseCount struct {
	Phrase string
	Lines  int
}

// Percent is the share of cards with text that are understood, 0 to 100.
func (c Coverage) Percent() float64 {
	if c.WithText == 0 {
		return 0
	}
	return 100 * float64(c.Understood) / float64(c.WithText)
}

// Measure parses every Fusion World card of the pool (front and back) and
// counts what is understood.
func Measure(cards []rules.Card) Coverage {
	var cov Coverage
	count := map[string]int{}
	for i := range cards {
		c := &cards[i]
		if c.Game != "" && c.Game != rules.GameFusionWorld {
			continue
		}
		cov.Cards++
		if c.Text == "" && c.BackText == "" && c.Cost == nil && c.Power == nil && c.ComboPower == nil {
			cov.NoText++
			continue
		}
		cov.WithText++
		if c.Text == "" && c.BackText == "" {
			cov.Vanilla++
			cov.Understood++
			continue
		}
		pc := ParseCard(c.Text, c.BackText)
		if pc.Understood() {
			cov.Understood++
		}
		for _, side := range [][]Skill{pc.Front, pc.Back} {
			for _, sk := range side {
				if !sk.Understood {
					count[sk.Phrase]++
				}
			}
		}
	}
	for p, n := range count {
		cov.Phrases = append(cov.Phrases, PhraseCount{Phrase: p, Lines: n})
	}
	slices.SortFunc(cov.Phrases, func(a, b PhraseCount) int {
		if c := cmp.Compare(b.Lines, a.Lines); c != 0 {
			return c
		}
		return cmp.Compare(a.Phrase, b.Phrase)
	})
	return cov
}
