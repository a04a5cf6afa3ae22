package gamelog

import (
	"strings"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// SideIndex is a side's index in a log's players: 0 for "P1", 1 for "P2".
func SideIndex(side string) int {
	if side == "P2" {
		return 1
	}
	return 0
}

// AtTime applies the event's end-of-round procedure to a game's counts once
// time is up: with "count", the player with more life wins, then the one
// with more cards in the deck, else it is a draw. For the other procedures
// it says the counts alone. Zero before the game started.
func AtTime(rule string, t *storage.GameTotals, names [2]string) i18n.Message {
	if t == nil {
		return i18n.Message{}
	}
	args := i18n.Args{"P1": names[0], "P2": names[1], "P1Life": t.Life[0], "P2Life": t.Life[1], "P1Deck": t.Deck[0], "P2Deck": t.Deck[1]}
	if rule != "count" {
		return i18n.M("AtTimeCounts", args)
	}
	switch winner := CountWinner(t); winner {
	case storage.ResultDraw:
		return i18n.M("AtTimeLevel", args)
	default:
		args["Winner"] = names[SideIndex(strings.ToUpper(winner))]
		if t.Life[0] != t.Life[1] {
			return i18n.M("AtTimeByLife", args)
		}
		return i18n.M("AtTimeByDeck", args)
	}
}

// CountWinner is the result the "count" procedure gives a game unfinished
// at time: more life wins, then more deck cards, else a draw.
func CountWinner(t *storage.GameTotals) string {
	switch {
	case t.Life[0] != t.Life[1]:
		if t.Life[0] > t.Life[1] {
			return storage.ResultP1
		}
		return storage.ResultP2
	case t.Deck[0] != t.Deck[1]:
		if t.Deck[0] > t.Deck[1] {
			return storage.ResultP1
		}
		return storage.ResultP2
	}
	return storage.ResultDraw
}
