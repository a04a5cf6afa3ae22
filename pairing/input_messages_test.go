package pairing

import (
	"errors"
	"fmt"
	"testing"
)

// The problems an organiser can meet while pairing or starting a top cut
// carry a key and values from which their message can be rebuilt (a page
// says them in its language), and every key has one.
func TestInputErrorsCarryTheirKey(t *testing.T) {
	b := "b"
	players := []Player{{ID: "a"}, {ID: "b"}, {ID: "c", Dropped: true}}
	open := &Event{Players: players[:2], Rounds: []Round{{Number: 1, Matches: []Match{{Table: 1, P1: "a", P2: &b}}}}}
	allDropped := &Event{Players: []Player{{ID: "a", Dropped: true}, {ID: "b", Dropped: true}}}
	played := &Event{Players: players, Rounds: []Round{{Number: 1, Matches: []Match{{Table: 1, P1: "a", P2: &b, Result: "p1"}}}}}
	cases := []struct {
		key string
		err error
	}{
		{"no-result", func() error { _, err := PairNextRound(open, PairOptions{}); return err }()},
		{"no-active-player", func() error { _, err := PairNextRound(allDropped, PairOptions{}); return err }()},
		{"cut-no-size", func() error { _, err := BuildTopCut(played, 0); return err }()},
		{"cut-too-small", func() error { _, err := BuildTopCut(played, 1); return err }()},
		{"cut-too-few-left", func() error { _, err := BuildTopCut(played, 4); return err }()},
	}
	seen := map[string]bool{}
	for _, c := range cases {
		var ie *InputError
		if !errors.As(c.err, &ie) || ie.Key != c.key {
			t.Errorf("%s: got %v", c.key, c.err)
			continue
		}
		if got := fmt.Sprintf(InputMessages[ie.Key], ie.Args...); got != ie.Msg {
			t.Errorf("%s: message %q cannot be rebuilt (%q)", c.key, ie.Msg, got)
		}
		seen[c.key] = true
	}
	if ie := inputError(0, 0, 0, "too-large"); ie.Msg != InputMessages["too-large"] {
		t.Errorf("too-large: %q", ie.Msg)
	}
	seen["too-large"] = true
	for key := range InputMessages {
		if !seen[key] {
			t.Errorf("%s: no case here", key)
		}
	}
}
