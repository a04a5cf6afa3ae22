package web

import (
	"encoding/json"
	"strconv"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// game is one game of a best-of-three as stored on the match: its winner and
// who went first, both as "p1"/"p2" of the match.
type game struct {
	Winner string `json:"winner"`
	First  string `json:"first,omitempty"`
}

// ReadGames reads games 1..bestOf from a form, in the match's terms. name
// maps a form value ("p1", or "won" for a player) to "p1"/"p2"/"". It checks
// that the games make a finished match: someone reaches a majority with the
// last game played and no game follows. Otherwise it says what is wrong, in
// terms of games (problem is empty when the games are fine).
func ReadGames(c echo.Context, bestOf int, name func(string) string) (in storage.ResultInput, problem i18n.Message) {
	need := bestOf/2 + 1
	var gs []game
	missing := 0 // the first game not given
	for g := 1; g <= bestOf; g++ {
		w := name(c.FormValue("g" + strconv.Itoa(g)))
		if w == "" {
			if missing == 0 {
				missing = g
			}
			continue
		}
		if in.P1Wins >= need || in.P2Wins >= need {
			return in, i18n.MN("GamesAfterDecided", need, i18n.Args{"BestOf": bestOf, "Game": g})
		}
		if missing != 0 {
			return in, i18n.M("GamesWithGap", i18n.Args{"Game": g, "Missing": missing})
		}
		gs = append(gs, game{Winner: w, First: name(c.FormValue("g" + strconv.Itoa(g) + "_first"))})
		if w == storage.ResultP1 {
			in.P1Wins++
		} else {
			in.P2Wins++
		}
	}
	switch {
	case in.P1Wins >= need:
		in.Result = storage.ResultP1
	case in.P2Wins >= need:
		in.Result = storage.ResultP2
	case len(gs) == 0:
		return in, i18n.MN("GamesNone", need, i18n.Args{"BestOf": bestOf})
	default:
		return in, i18n.MN("GamesUndecided", need, i18n.Args{"BestOf": bestOf, "Wins": max(in.P1Wins, in.P2Wins)})
	}
	b, _ := json.Marshal(gs)
	in.Games = string(b)
	return in, i18n.Message{}
}

// GamesInPlayerTerms turns games stored in the match's terms (JSON) into
// the phone form's fields from one side: "g1": "won", "g1_first": "me".
func GamesInPlayerTerms(stored, side string) map[string]string {
	var gs []game
	if stored == "" || json.Unmarshal([]byte(stored), &gs) != nil {
		return nil
	}
	words := func(who, mine, theirs string) string {
		switch who {
		case "":
			return ""
		case side:
			return mine
		}
		return theirs
	}
	out := map[string]string{}
	for i, g := range gs {
		n := "g" + strconv.Itoa(i+1)
		out[n], out[n+"_first"] = words(g.Winner, "won", "lost"), words(g.First, "me", "them")
	}
	return out
}

// SideNames maps a player's own words to the match's p1/p2.
func SideNames(side string) func(string) string {
	other := storage.ResultP2
	if side == storage.ResultP2 {
		other = storage.ResultP1
	}
	return func(v string) string {
		switch v {
		case "won", "me":
			return side
		case "lost", "them":
			return other
		}
		return ""
	}
}

// MatchNames accepts the match's own p1/p2 (organiser forms).
func MatchNames(v string) string {
	if v == storage.ResultP1 || v == storage.ResultP2 {
		return v
	}
	return ""
}
