package server

import (
	"context"
	"strings"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/gamewords"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// eventGame is a game events run for: the tournament defaults a new event of
// it starts with, and what of the product covers it. Its formats are the
// rules package's (rules.Formats), so a format added there is offered here.
type eventGame struct {
	ID rules.Game
	// Message ids (views/i18n): the game's full name and how a decklist of
	// the game is written (its short name: gamewords.ShortName).
	nameID, deckHintID string
	Defaults           gameDefaults
	// Engine: the rules engine, its rule index and the game-log replay know
	// this game (Fusion World only).
	Engine bool
	// MainPersonality: decks are built around a main personality (the DBZ
	// CCGs), not a Leader card; a deck's "colours" are its Mastery's style.
	MainPersonality bool
}

// gameDefaults are a new event's tournament settings for a game. Values come
// from docs/event-day.md ("Defaults per game"), which says where each is from.
type gameDefaults struct {
	RoundMinutes, TopCutBestOf, ExtraTurns       int
	PointsWin, PointsDraw, PointsLoss, PointsBye int
}

// bandaiDefaults are the Fusion World values (the Bandai template of the
// rules research), kept for games whose own values were not found.
var bandaiDefaults = gameDefaults{RoundMinutes: 35, TopCutBestOf: 3, ExtraTurns: 3, PointsWin: 3, PointsDraw: 1, PointsLoss: 0, PointsBye: 3}

// eventGames lists the games in the order the event form offers them:
// Fusion World first, then the others.
var eventGames = []eventGame{
	{ID: rules.GameFusionWorld, nameID: "GameNameFusionWorld", deckHintID: "DeckHintFusionWorld",
		Defaults: bandaiDefaults, Engine: true},
	// Masters-era store rules (2018): matches are best of three in 60
	// minutes; at time the game ends once both players have had as many
	// turns (0 or 1 more turn), then it is a draw; 3/1/0, a bye is a win.
	{ID: rules.GameMasters, nameID: "GameNameMasters", deckHintID: "DeckHintMasters",
		Defaults: gameDefaults{RoundMinutes: 60, TopCutBestOf: 3, ExtraTurns: 1, PointsWin: 3, PointsDraw: 1, PointsLoss: 0, PointsBye: 3}},
	// The Score rule book plays two games out of three (the top cut's best
	// of three); round time and points were not found.
	{ID: rules.GameScoreDBZ, nameID: "GameNameScoreDBZ", deckHintID: "DeckHintScoreDBZ",
		Defaults: bandaiDefaults, MainPersonality: true},
	// Nothing found for Panini events: the Bandai values.
	{ID: rules.GamePaniniDBZ, nameID: "GameNamePaniniDBZ", deckHintID: "DeckHintPaniniDBZ",
		Defaults: bandaiDefaults, MainPersonality: true},
}

// lookupGame finds a game events can be run for.
func lookupGame(id string) (eventGame, bool) {
	for _, g := range eventGames {
		if string(g.ID) == id {
			return g, true
		}
	}
	return eventGame{}, false
}

// gameOf is the event game of a game id; an unknown id gets the Fusion World
// behaviour's neighbour: no engine and Leader words (it is only shown).
func gameOf(id string) eventGame {
	g, ok := lookupGame(id)
	if !ok {
		return eventGame{ID: rules.Game(id)}
	}
	return g
}

// formatsOf are the rules formats of a game, in the rules package's order.
func formatsOf(g rules.Game) []*rules.Format {
	var out []*rules.Format
	for _, f := range rules.Formats() {
		if f.Game == g {
			out = append(out, f)
		}
	}
	return out
}

func gameKnown(game string) bool {
	_, ok := lookupGame(game)
	return ok
}

// formatBelongsTo reports whether format is one of game's formats.
func formatBelongsTo(game, format string) bool {
	f, ok := rules.LookupFormat(format)
	return ok && f.ID == format && string(f.Game) == game && gameKnown(game)
}

// gameName is a game's full name ("Dragon Ball Super Card Game Masters").
func gameName(ctx context.Context, g rules.Game) string {
	if eg, ok := lookupGame(string(g)); ok {
		return i18n.T(ctx, eg.nameID, nil)
	}
	return string(g)
}

// gameShortName is a game's name where space is short ("Masters").
func gameShortName(ctx context.Context, g rules.Game) string { return gamewords.ShortName(ctx, g) }

// formatName is a format's name within its game ("Standard", "Draft").
func formatName(ctx context.Context, id string) string { return gamewords.FormatName(ctx, id) }

// gameFormatName names a format with its game ("Masters: Standard"), where
// formats of several games stand side by side.
func gameFormatName(ctx context.Context, format string) string {
	f, ok := rules.LookupFormat(format)
	if !ok {
		return format
	}
	return i18n.T(ctx, "GameFormat", i18n.Args{"Game": gameShortName(ctx, f.Game), "Format": formatName(ctx, f.ID)})
}

// gameFormatOptions are every game's formats, each group headed by the
// game's name, for a format select box.
func gameFormatOptions(ctx context.Context) []views.OptionGroup {
	var out []views.OptionGroup
	for _, g := range eventGames {
		grp := views.OptionGroup{Label: gameShortName(ctx, g.ID)}
		for _, f := range formatsOf(g.ID) {
			grp.Options = append(grp.Options, views.Option{Value: f.ID, Label: formatName(ctx, f.ID)})
		}
		out = append(out, grp)
	}
	return out
}

// leaderWord is what a deck is built around in game g: "Leader", or "Main
// personality" in the DBZ CCGs (a column heading or a label).
func leaderWord(ctx context.Context, g eventGame) string {
	if g.MainPersonality {
		return i18n.T(ctx, "DeckMainPersonality", nil)
	}
	return i18n.T(ctx, "DeckLeader", nil)
}

// leaderLabel names a deck's Leader by the pool ("Champa (BT1-001)"); a
// main personality (DBZ) or a card the pool lacks is shown as stored.
func leaderLabel(ctx context.Context, pool rules.CardPool, leader string) string {
	leader = strings.TrimSpace(leader)
	if c, ok := pool.Card(leader); ok && leader != "" && c.Name != "" {
		return cardName(ctx, c) + " (" + c.Number + ")"
	}
	return leader
}

// deckHeadline is the line over a published decklist: its Leader, or its
// main personality and Mastery style (DBZ); "" when the list has neither.
func deckHeadline(ctx context.Context, g eventGame, pool rules.CardPool, en *storage.Entry) string {
	leader := leaderLabel(ctx, pool, en.DeckLeader)
	switch {
	case leader == "":
		return ""
	case !g.MainPersonality:
		return i18n.T(ctx, "DeckLeaderLine", i18n.Args{"Leader": leader})
	case en.DeckColours != "":
		return i18n.T(ctx, "DeckMainPersonalityStyleLine", i18n.Args{"Name": leader, "Style": en.DeckColours})
	}
	return i18n.T(ctx, "DeckMainPersonalityLine", i18n.Args{"Name": leader})
}

// endOfRound is the event's rule at time as the round page words it: in the
// DBZ CCGs, whose life is the Life Deck, "count" is "count-life-deck".
func endOfRound(e *storage.Event) string {
	if e.EndOfRound == "count" && gameOf(e.Game).MainPersonality {
		return "count-life-deck"
	}
	return e.EndOfRound
}
