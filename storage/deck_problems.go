package storage

import "encoding/json"

// DeckProblem is what an entry keeps of one problem its deck check found:
// the rules' fact (rules.Problem's message key and values, the line and card
// at fault, the rule broken), never words. Whoever shows it words it in the
// reader's language (views/deckproblem), so a list saved from a Japanese
// phone reads in German on a German page.
type DeckProblem struct {
	Key  string `json:"key,omitempty"`  // the rules.Messages entry
	Args []any  `json:"args,omitempty"` // its values, in order
	Line int    `json:"line,omitempty"` // decklist line, 0 for the whole deck
	Card string `json:"card,omitempty"` // card number at fault
	Rule string `json:"rule,omitempty"` // the rule broken as rules labels it ("CR 6-1-3", "Card pool")
	// Message is only in problems stored before the facts were (the page's
	// view of a problem, written with English words): a problem from then
	// without a Key keeps its English words, the only thing known of it.
	Message string `json:"message,omitempty"`
}

// EncodeDeckProblems is the JSON an entry keeps of its problems ("" for none).
func EncodeDeckProblems(ps []DeckProblem) string {
	if len(ps) == 0 {
		return ""
	}
	// Args hold what rules put there, strings and whole numbers, which
	// always encode.
	b, _ := json.Marshal(ps)
	return string(b)
}

// DecodeDeckProblems reads an entry's problems: the facts as written now,
// and those written before (in entries and event files) as the page's view
// of each problem, {"Line", "Text", "Card", "Rule", "Message", "Key",
// "Args"}: JSON matches their keys to the facts' without regard to case,
// and the line's text is left out (the list is kept beside its problems).
func DecodeDeckProblems(js string) ([]DeckProblem, error) {
	if js == "" {
		return nil, nil
	}
	var ps []DeckProblem
	if err := json.Unmarshal([]byte(js), &ps); err != nil {
		return nil, err
	}
	for i := range ps {
		if ps[i].Key != "" {
			ps[i].Message = "" // the key says it in any language
		}
	}
	return ps, nil
}
