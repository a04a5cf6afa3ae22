package rating

import (
	"errors"
	"fmt"

	"github.com/tenkaichi-org/tenkaichi/jsonproblem"
	"github.com/tenkaichi-org/tenkaichi/pairing"
)

// EventPlayer is an entrant of an event file: the file's id, the name
// (the id when the file gives none) and the member number, which only the
// server's export carries.
type EventPlayer struct {
	ID, Name, MemberID string
}

// Event is what the ratings take from one event file: its entrants and
// its rated games, which name the players by their ids in the file.
type Event struct {
	Players []EventPlayer
	Games   []Game
}

// Problem is something in an event file that the ratings cannot use: a key
// of Messages and its values in that message's order, so the command line
// can say it in its language.
type Problem struct {
	Key  string
	Args []any
}

// Messages holds the English of each Problem by key.
var Messages = map[string]string{
	"same-name":      "players %[2]q and %[3]q are both named %[1]q and have no member number: they cannot be told apart in the ratings",
	"same-member":    "players %[2]q and %[3]q have the same member number %[1]q",
	"unknown-player": "tenkaichi.rounds_meta: round %[1]d, match %[2]d names %[3]q, who is not a player of the event",
}

func (p *Problem) Error() string { return fmt.Sprintf(Messages[p.Key], p.Args...) }

// ReadEvent reads an event file held in memory: the pairing tools' plain
// event file or the server's export (docs/event-file.md), which is the
// same file with a "tenkaichi" object added. What counts as a game
// (docs/ratings.md): every Swiss match with a result, a win scoring 1 and a
// draw 0.5, and every decided top-cut match; not a bye, a match without a
// result, nor a double loss, which has no winner to learn from.
func ReadEvent(data []byte) (*Event, error) {
	ev, err := pairing.ParseEvent(data)
	if err != nil {
		return nil, err
	}
	ext, err := readExportParts(data)
	if err != nil {
		return nil, err
	}
	out := &Event{}
	members := make(map[string]string, len(ext.Entries))
	for _, e := range ext.Entries {
		members[e.ID] = e.MemberID
	}
	known := make(map[string]bool, len(ev.Players))
	for _, p := range ev.Players {
		name := p.Name
		if name == "" {
			name = p.ID
		}
		out.Players = append(out.Players, EventPlayer{ID: p.ID, Name: name, MemberID: members[p.ID]})
		known[p.ID] = true
	}
	for _, r := range ev.Rounds {
		for _, m := range r.Matches {
			if gm, ok := swissGame(m); ok {
				out.Games = append(out.Games, gm)
			}
		}
	}
	cut, err := topCutGames(ev, ext, known)
	if err != nil {
		return nil, err
	}
	out.Games = append(out.Games, cut...)
	return out, nil
}

// swissGame is the rated game of a Swiss match, if it is one.
func swissGame(m pairing.Match) (Game, bool) {
	if m.P2 == nil {
		return Game{}, false // a bye
	}
	switch m.Result {
	case pairing.ResultP1:
		return Game{A: m.P1, B: *m.P2, ScoreA: 1}, true
	case pairing.ResultP2:
		return Game{A: m.P1, B: *m.P2, ScoreA: 0}, true
	case pairing.ResultDraw:
		return Game{A: m.P1, B: *m.P2, ScoreA: 0.5}, true
	}
	return Game{}, false // not reported yet, or a double loss
}

// topCutGames are the decided matches of the top cut. An export says each
// match's result as the server decided it (rounds_meta), whatever the
// number of games it was played over; a plain file lists the games, and
// the bracket, rebuilt from the Swiss standings as `tenkaichi topcut`
// does, says who won (best of three).
func topCutGames(ev *pairing.Event, ext *exportParts, known map[string]bool) ([]Game, error) {
	if ext.hasTopCut() {
		return ext.topCutGames(known)
	}
	if ev.TopCut == nil || len(ev.TopCut.Rounds) == 0 {
		return nil, nil
	}
	b, err := pairing.BuildTopCut(ev, 0)
	if err != nil {
		return nil, err
	}
	var games []Game
	for _, r := range b.Rounds {
		for _, m := range r.Matches {
			if m.Bye || m.Winner == nil || m.P1 == nil || m.P2 == nil {
				continue
			}
			score := 0.0
			if *m.Winner == *m.P1 {
				score = 1
			}
			games = append(games, Game{A: *m.P1, B: *m.P2, ScoreA: score})
		}
	}
	return games, nil
}

// exportParts is what the ratings read of an export's "tenkaichi" object:
// the member numbers of the entries and the results of the rounds. The
// rest of the object is the server's (server/export.go) and is not read.
type exportParts struct {
	Entries []struct {
		ID       string `json:"id"`
		MemberID string `json:"member_id"`
	} `json:"entries"`
	RoundsMeta []struct {
		Number  int    `json:"number"`
		Kind    string `json:"kind"`
		Matches []struct {
			P1     string  `json:"p1"`
			P2     *string `json:"p2"`
			Result string  `json:"result"`
		} `json:"matches"`
	} `json:"rounds_meta"`
}

// topCutKind is the kind of a top-cut round in rounds_meta.
const topCutKind = "top-cut"

// readExportParts reads them from the file; a plain event file has none (an
// empty exportParts). A value of the wrong kind is named by its line and
// path, as everywhere in the event file.
func readExportParts(data []byte) (*exportParts, error) {
	var file struct {
		Tenkaichi *exportParts `json:"tenkaichi"`
	}
	if err := jsonproblem.Decode(data, &file, false); err != nil {
		var p *jsonproblem.Problem
		if errors.As(err, &p) {
			// Said as the pairing tools say a JSON problem of the file.
			return nil, &pairing.InputError{Key: "not-valid", Args: []any{p}, Msg: fmt.Sprintf(pairing.EventFileMessages["not-valid"], p)}
		}
		return nil, err
	}
	if file.Tenkaichi == nil {
		return &exportParts{}, nil
	}
	return file.Tenkaichi, nil
}

func (x *exportParts) hasTopCut() bool {
	for _, r := range x.RoundsMeta {
		if r.Kind == topCutKind {
			return true
		}
	}
	return false
}

// topCutGames are the decided top-cut matches of rounds_meta.
func (x *exportParts) topCutGames(known map[string]bool) ([]Game, error) {
	var games []Game
	for _, r := range x.RoundsMeta {
		if r.Kind != topCutKind {
			continue
		}
		for mi, m := range r.Matches {
			for _, id := range []*string{&m.P1, m.P2} {
				if id != nil && !known[*id] {
					return nil, &Problem{Key: "unknown-player", Args: []any{r.Number, mi + 1, *id}}
				}
			}
			if gm, ok := swissGame(pairing.Match{P1: m.P1, P2: m.P2, Result: m.Result}); ok {
				games = append(games, gm)
			}
		}
	}
	return games, nil
}
