package rating

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/pairing"
)

// A plain event file: a win each way, a draw, a bye, a double loss, a match
// not reported yet, and a top cut of four whose final is still running.
const plainEvent = `{"players": [{"id": "a", "name": "Ann"}, {"id": "b", "name": "Bo"}, {"id": "c"},
  {"id": "d", "name": "Dee"}, {"id": "e", "name": "Eve"}],
 "rounds": [
  {"number": 1, "matches": [{"p1": "a", "p2": "b", "result": "p1"}, {"p1": "c", "p2": "d", "result": "draw"}, {"p1": "e", "p2": null, "result": "bye"}]},
  {"number": 2, "matches": [{"p1": "a", "p2": "c", "result": "p2"}, {"p1": "b", "p2": "e", "result": "double-loss"}, {"p1": "d", "p2": null, "result": "bye"}]},
  {"number": 3, "matches": [{"p1": "a", "p2": "d", "result": "p1"}, {"p1": "b", "p2": "e"}, {"p1": "c", "p2": null, "result": "bye"}]}],
 "top_cut": {"size": 4, "rounds": [{"number": 1, "matches": [
   {"p1": "c", "p2": "e", "games": [{"winner": "p1"}, {"winner": "p2"}, {"winner": "p2"}]},
   {"p1": "d", "p2": "a", "games": [{"winner": "p2"}, {"winner": "p2"}]}]},
  {"number": 2, "matches": [{"p1": "e", "p2": "a", "games": [{"winner": "p1"}]}]}]}}`

func TestReadPlainEvent(t *testing.T) {
	ev, err := ReadEvent([]byte(plainEvent))
	if err != nil {
		t.Fatal(err)
	}
	wantPlayers := []EventPlayer{{"a", "Ann", ""}, {"b", "Bo", ""}, {"c", "c", ""}, {"d", "Dee", ""}, {"e", "Eve", ""}}
	if !slices.Equal(ev.Players, wantPlayers) {
		t.Errorf("players %v, want %v", ev.Players, wantPlayers)
	}
	// Byes, the double loss, the unreported match and the unfinished final
	// are not games; the top cut's semifinals are. Standings: c 7 points,
	// a 6, d 4, e 3, b 0, so the bracket is c (1) v e (4), e winning 2-1,
	// and a (2) v d (3), a winning 2-0, each seen from the higher seed.
	want := []Game{{"a", "b", 1}, {"c", "d", 0.5}, {"a", "c", 0}, {"a", "d", 1}, {"c", "e", 0}, {"a", "d", 1}}
	if !slices.Equal(ev.Games, want) {
		t.Errorf("games %v, want %v", ev.Games, want)
	}
}

// An export: member numbers from its entries, the top cut's results as the
// server decided them (a best-of-one final decided by one game).
const exportEvent = `{"players": [{"id": "12", "name": "Ann"}, {"id": "15", "name": "Bo"}, {"id": "17", "name": "Cy"}],
 "rounds": [{"number": 1, "matches": [{"table": 1, "p1": "12", "p2": "15", "result": "draw"}, {"p1": "17", "p2": null, "result": "bye"}]}],
 "top_cut": {"size": 2, "rounds": [{"number": 1, "matches": [{"p1": "12", "p2": "17", "games": [{"winner": "p2"}]}]}]},
 "tenkaichi": {"version": 2, "event": {"name": "Week 1", "top_cut_best_of": 1},
  "entries": [{"id": "12", "name": "Ann", "member_id": "0001"}, {"id": "15", "name": "Bo", "member_id": ""}, {"id": "17", "name": "Cy", "member_id": "0003"}],
  "rounds_meta": [{"number": 1, "kind": "swiss", "matches": [{"p1": "12", "p2": "15", "result": "draw", "status": "confirmed"}]},
                  {"number": 2, "kind": "top-cut", "matches": [{"p1": "12", "p2": "17", "result": "p2", "status": "confirmed"}]}]}}`

func TestReadExport(t *testing.T) {
	ev, err := ReadEvent([]byte(exportEvent))
	if err != nil {
		t.Fatal(err)
	}
	wantPlayers := []EventPlayer{{"12", "Ann", "0001"}, {"15", "Bo", ""}, {"17", "Cy", "0003"}}
	if !slices.Equal(ev.Players, wantPlayers) {
		t.Errorf("players %v, want %v", ev.Players, wantPlayers)
	}
	if want := []Game{{"12", "15", 0.5}, {"12", "17", 0}}; !slices.Equal(ev.Games, want) {
		t.Errorf("games %v, want %v", ev.Games, want)
	}
}

// What the ratings cannot use is said with its place.
func TestReadEventProblems(t *testing.T) {
	for _, c := range []struct{ name, file, key, text string }{
		{"export entries of the wrong kind", strings.Replace(exportEvent, `"entries": [`, `"entries": 5, "x": [`, 1),
			"not-valid", `event file is not valid: line 5: "tenkaichi.entries" should be a list`},
		{"top cut naming a stranger", strings.Replace(exportEvent, `"p1": "12", "p2": "17", "result": "p2"`, `"p1": "12", "p2": "99", "result": "p2"`, 1),
			"unknown-player", `tenkaichi.rounds_meta: round 2, match 1 names "99", who is not a player of the event`},
		{"the pairing tools' own check", strings.Replace(plainEvent, `"p1": "a", "p2": "b"`, `"p1": "a", "p2": "x"`, 1),
			"unknown-player", `unknown player "x"`},
	} {
		_, err := ReadEvent([]byte(c.file))
		var key string
		var p *Problem
		var ie *pairing.InputError
		switch {
		case errors.As(err, &p):
			key = p.Key
		case errors.As(err, &ie):
			key = ie.Key
		}
		if err == nil || key != c.key || !strings.Contains(err.Error(), c.text) {
			t.Errorf("%s: %v (key %q), want %q saying %q", c.name, err, key, c.key, c.text)
		}
	}
}

func mustRead(t *testing.T, file string) *Event {
	t.Helper()
	ev, err := ReadEvent([]byte(file))
	if err != nil {
		t.Fatal(err)
	}
	return ev
}

// Players are the same across events by member number, whatever their
// name, else by exact name; everyone is rated each period, and the games
// count for both players.
func TestLedgerMatchesPlayersAcrossEvents(t *testing.T) {
	l := NewLedger(Tau)
	if err := l.AddEvent(mustRead(t, exportEvent)); err != nil {
		t.Fatal(err)
	}
	// Week 2: member 0001 now calls herself "Annie"; Bo again without a
	// number; a new "Ann" without a number is someone else.
	week2 := `{"players": [{"id": "1", "name": "Annie"}, {"id": "2", "name": "Bo"}, {"id": "3", "name": "Ann"}],
	 "rounds": [{"number": 1, "matches": [{"p1": "1", "p2": "2", "result": "p1"}, {"p1": "3", "p2": null, "result": "bye"}]}],
	 "tenkaichi": {"entries": [{"id": "1", "member_id": "0001"}, {"id": "2", "member_id": ""}, {"id": "3", "member_id": ""}]}}`
	if err := l.AddEvent(mustRead(t, week2)); err != nil {
		t.Fatal(err)
	}
	byName := map[string]Player{}
	for _, p := range l.Players() {
		byName[p.Name] = p
	}
	if len(byName) != 4 {
		t.Fatalf("players %v, want Annie, Bo, Cy and the new Ann", l.Players())
	}
	// Independently: period 1 from Start, period 2 from period 1's ratings.
	p1 := map[string]Rating{
		"annie": Update(Start, []Result{{Start, 0.5}, {Start, 0}}, Tau),
		"bo":    Update(Start, []Result{{Start, 0.5}}, Tau),
		"cy":    Update(Start, []Result{{Start, 1}}, Tau),
	}
	want := map[string]Player{
		"Annie": {"Annie", "0001", Update(p1["annie"], []Result{{p1["bo"], 1}}, Tau), 3},
		"Bo":    {"Bo", "", Update(p1["bo"], []Result{{p1["annie"], 0}}, Tau), 2},
		"Cy":    {"Cy", "0003", Update(p1["cy"], nil, Tau), 1},
		"Ann":   {"Ann", "", Update(Start, nil, Tau), 0},
	}
	for name, w := range want {
		if byName[name] != w {
			t.Errorf("%s: %+v, want %+v", name, byName[name], w)
		}
	}
	if got := l.Players(); got[0].Name != "Cy" || got[1].Name != "Annie" || got[len(got)-1].Name != "Bo" {
		t.Errorf("order %v: the highest rating first (Cy, who won the final, then Annie)", got)
	}
}

// Two entrants of one event the ledger could not tell apart are refused,
// and the ledger is left as it was.
func TestLedgerRefusesPlayersItCannotTellApart(t *testing.T) {
	for _, c := range []struct{ file, key string }{
		{`{"players": [{"id": "a", "name": "Ann"}, {"id": "b", "name": "Ann"}], "rounds": []}`, "same-name"},
		{`{"players": [{"id": "a", "name": "Ann"}, {"id": "b", "name": "Bo"}], "rounds": [],
		  "tenkaichi": {"entries": [{"id": "a", "member_id": "7"}, {"id": "b", "member_id": "7"}]}}`, "same-member"},
	} {
		l := NewLedger(Tau)
		err := l.AddEvent(mustRead(t, c.file))
		var p *Problem
		if !errors.As(err, &p) || p.Key != c.key || !strings.Contains(err.Error(), `players "a" and "b"`) {
			t.Errorf("%s: %v", c.key, err)
		}
		if len(l.Players()) != 0 {
			t.Errorf("%s: the ledger changed: %v", c.key, l.Players())
		}
	}
}
