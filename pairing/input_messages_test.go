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
		{"day2-too-few", func() error {
			ev := *played
			ev.TwoDay = &TwoDay{Day1Rounds: 1, Cut: CutByRecord, Points: 3}
			_, err := CutDay1(&ev)
			return err
		}()},
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

// Every problem only a hand-written event file can have carries its key
// and values too, so the import page and the command line can say it in
// their language; a JSON problem is kept whole in "not-valid".
func TestEventFileProblemsCarryTheirKey(t *testing.T) {
	const players = `"players": [{"id": "a"}, {"id": "b"}, {"id": "c"}]`
	round := func(matches string) string {
		return `{` + players + `, "rounds": [{"number": 1, "matches": [` + matches + `]}]}`
	}
	cut := func(matches string) string {
		return `{` + players + `, "rounds": [], "top_cut": {"size": 2, "rounds": [{"number": 1, "matches": [` + matches + `]}]}}`
	}
	cases := []struct {
		key, file, want string
	}{
		{"not-valid", `{"players": [], "rounds": [], "colour": 1}`, `event file is not valid: line 1: there is no field "colour" at the top of the file`},
		{"players-missing", `{"rounds": []}`, `"players" is missing`},
		{"rounds-missing", `{"players": []}`, `"rounds" is missing`},
		{"points-negative", `{"players": [], "rounds": [], "points": {"win": -1}}`, "points must not be negative"},
		{"points-too-large", `{"players": [], "rounds": [], "points": {"win": 1001}}`, "points above 1000 are not supported"},
		{"unknown-profile", `{"players": [], "rounds": [], "tiebreakers": "chess"}`, `unknown tiebreaker profile "chess" (use bandai, pokemon or mtg)`},
		{"player-no-id", `{"players": [{"id": "a"}, {"id": " "}], "rounds": []}`, "player 2 has no id"},
		{"player-twice", `{"players": [{"id": "a"}, {"id": "a"}], "rounds": []}`, `player id "a" is listed twice`},
		{"entered-round", `{"players": [{"id": "a", "entered_round": -1}], "rounds": []}`, `player "a": entered_round must be 1 or more`},
		{"round-order", `{` + players + `, "rounds": [{"number": 2, "matches": []}]}`, "round 2: rounds must be numbered 1, 2, 3… in order; expected round 1 here"},
		{"table-negative", round(`{"table": -1, "p1": "a", "p2": "b"}`), "round 1, match 1: table number must be positive"},
		{"table-twice", round(`{"table": 3, "p1": "a", "p2": "b"}, {"table": 3, "p1": "c", "p2": null}`), "round 1, match 2 (table 3): table 3 is also used by match 1"},
		{"player-empty", round(`{"p1": "", "p2": "b"}`), "round 1, match 1: a player id is empty"},
		{"unknown-player", round(`{"p1": "a", "p2": "z"}`), `round 1, match 1: unknown player "z"`},
		{"paired-self", round(`{"p1": "a", "p2": "a"}`), `round 1, match 1: player "a" is paired against themselves`},
		{"paired-twice", round(`{"p1": "a", "p2": "b"}, {"p1": "a", "p2": null}`), `round 1, match 2: player "a" is also in match 1 of this round`},
		{"not-entered", `{"players": [{"id": "a", "entered_round": 2}, {"id": "b"}], "rounds": [{"number": 1, "matches": [{"p1": "a", "p2": "b"}]}]}`, `round 1, match 1: player "a" entered in round 2 but plays in round 1`},
		{"bye-result", round(`{"p1": "a", "p2": null, "result": "p1"}`), `round 1, match 1: a bye has no opponent, so its result must be "bye", not "p1"`},
		{"bye-with-opponent", round(`{"p1": "a", "p2": "b", "result": "bye"}`), `round 1, match 1: result "bye" given for a match between "a" and "b"`},
		{"unknown-result", round(`{"p1": "a", "p2": "b", "result": "win"}`), `round 1, match 1: result "win" is not one of p1, p2, draw, double-loss, bye`},
		{"bye-games", round(`{"p1": "a", "p2": null, "result": "bye", "games": ["p1"]}`), "round 1, match 1: a bye has no games"},
		{"unknown-game-result", round(`{"p1": "a", "p2": "b", "result": "p1", "games": ["p1", "me"]}`), `round 1, match 1: game 2: "me" is not one of p1, p2, draw`},
		{"games-disagree", round(`{"p1": "a", "p2": "b", "result": "p1", "games": ["p2"]}`), `round 1, match 1: result "p1" does not match the games (p1 won 0, p2 won 1)`},
		{"forbidden-unknown", `{` + players + `, "rounds": [], "forbidden_pairs": [["a", "z"]]}`, `forbidden pair 1: unknown player "z"`},
		{"forbidden-same", `{` + players + `, "rounds": [], "forbidden_pairs": [["a", "a"]]}`, `forbidden pair 1 names "a" twice`},
		{"bye-unknown", `{` + players + `, "rounds": [], "byes": [{"player": "z", "round": 1}]}`, `awarded bye 1: unknown player "z"`},
		{"bye-round", `{` + players + `, "rounds": [], "byes": [{"player": "a", "round": 0}]}`, "awarded bye 1: round must be 1 or more"},
		{"bye-twice", `{` + players + `, "rounds": [], "byes": [{"player": "a", "round": 1}, {"player": "a", "round": 1}]}`, `awarded bye 2: "a" already has a bye in round 1`},
		{"bye-paired", `{` + players + `, "rounds": [{"number": 1, "matches": [{"table": 1, "p1": "a", "p2": "b"}]}], "byes": [{"player": "a", "round": 1}]}`, `round 1, match 1 (table 1): player "a" has an awarded bye this round but is paired`},
		{"cut-size-negative", `{` + players + `, "rounds": [], "top_cut": {"size": -2}}`, "top_cut size must not be negative"},
		{"cut-round-order", `{` + players + `, "rounds": [], "top_cut": {"rounds": [{"number": 2, "matches": []}]}}`, "top cut round 2: rounds must be numbered 1, 2, 3… in order"},
		{"cut-unknown-player", cut(`{"p1": "a", "p2": "z", "games": []}`), `top cut round 1, match 1: unknown player "z"`},
		{"cut-paired-self", cut(`{"p1": "a", "p2": "a", "games": []}`), `top cut round 1, match 1: player "a" is paired against themselves`},
		{"cut-game-winner", cut(`{"p1": "a", "p2": "b", "games": [{"winner": "me"}]}`), `top cut round 1, match 1: game 1: winner "me" is not one of p1, p2, draw`},
		{"two-day-invalid", `{` + players + `, "rounds": [], "two_day": {"day1_rounds": 0, "cut": "size"}}`, `two_day needs day1_rounds of 1 or more, a cut of "record" or "size", no negative numbers, and a size of 2 or more for a cut by size`},
		{"two-day-advanced", `{` + players + `, "rounds": [], "two_day": {"day1_rounds": 1, "cut": "size", "size": 2, "advanced": ["z"]}}`, `two_day.advanced: "z" is not a player of the event or is listed twice`},
		{"cut-game-first", cut(`{"p1": "a", "p2": "b", "games": [{"winner": "p1", "first": "me"}]}`), `top cut round 1, match 1: game 1: first "me" is not p1 or p2`},
	}
	seen := map[string]bool{}
	for _, c := range cases {
		_, err := ParseEvent([]byte(c.file))
		var ie *InputError
		if !errors.As(err, &ie) || ie.Key != c.key || err.Error() != c.want {
			t.Errorf("%s: got %v\n want %s", c.key, err, c.want)
			continue
		}
		if got := fmt.Sprintf(EventFileMessages[ie.Key], ie.Args...); got != ie.Msg {
			t.Errorf("%s: message %q cannot be rebuilt (%q)", c.key, ie.Msg, got)
		}
		seen[c.key] = true
	}
	for key := range EventFileMessages {
		if !seen[key] {
			t.Errorf("%s: no case here", key)
		}
		if _, both := InputMessages[key]; both {
			t.Errorf("%s is in both InputMessages and EventFileMessages", key)
		}
	}
}
