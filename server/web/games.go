package web

import (
	"context"
	"strings"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/gamewords"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// EventGame is a game events run for: the tournament defaults a new event of
// it starts with, and what of the product covers it. Its formats are the
// rules package's (rules.Formats), so a format added there is offered here.
type EventGame struct {
	ID rules.Game
	// Message ids (views/i18n): the game's full name and how a decklist of
	// the game is written (its short name: gamewords.ShortName).
	nameID, deckHintID string
	Defaults           GameDefaults
	// Engine: the rules engine, its rule index and the game-log replay know
	// this game (Fusion World only).
	Engine bool
	// MainPersonality: decks are built around a main personality (the DBZ
	// CCGs), not a Leader card; a deck's "colours" are its Mastery's style.
	MainPersonality bool
}

// GameDefaults are a new event's tournament settings for a game. Values come
// from docs/event-day.md ("Defaults per game"), which says where each is from.
type GameDefaults struct {
	RoundMinutes, TopCutBestOf, ExtraTurns       int
	PointsWin, PointsDraw, PointsLoss, PointsBye int
}

// bandaiDefaults are the Fusion World values (the Bandai template of the
// rules research), kept for games whose own values were not found.
var bandaiDefaults = GameDefaults{RoundMinutes: 35, TopCutBestOf: 3, ExtraTurns: 3, PointsWin: 3, PointsDraw: 1, PointsLoss: 0, PointsBye: 3}

// EventGames lists the games in the order the event form offers them:
// Fusion World first, then the others.
var EventGames = []EventGame{
	{ID: rules.GameFusionWorld, nameID: "GameNameFusionWorld", deckHintID: "DeckHintFusionWorld",
		Defaults: bandaiDefaults, Engine: true},
	// Masters-era store rules (2018): matches are best of three in 60
	// minutes; at time the game ends once both players have had as many
	// turns (0 or 1 more turn), then it is a draw; 3/1/0, a bye is a win.
	{ID: rules.GameMasters, nameID: "GameNameMasters", deckHintID: "DeckHintMasters",
		Defaults: GameDefaults{RoundMinutes: 60, TopCutBestOf: 3, ExtraTurns: 1, PointsWin: 3, PointsDraw: 1, PointsLoss: 0, PointsBye: 3}},
	// The Score rule book plays two games out of three (the top cut's best
	// of three); round time and points were not found.
	{ID: rules.GameScoreDBZ, nameID: "GameNameScoreDBZ", deckHintID: "DeckHintScoreDBZ",
		Defaults: bandaiDefaults, MainPersonality: true},
	// Nothing found for Panini events: the Bandai values.
	{ID: rules.GamePaniniDBZ, nameID: "GameNamePaniniDBZ", deckHintID: "DeckHintPaniniDBZ",
		Defaults: bandaiDefaults, MainPersonality: true},
}

// LookupGame finds a game events can be run for.
func LookupGame(id string) (EventGame, bool) {
	for _, g := range EventGames {
		if string(g.ID) == id {
			return g, true
		}
	}
	return EventGame{}, false
}

// GameOf is the event game of a game id; an unknown id gets the Fusion World
// behaviour's neighbour: no engine and Leader words (it is only shown).
func GameOf(id string) EventGame {
	g, ok := LookupGame(id)
	if !ok {
		return EventGame{ID: rules.Game(id)}
	}
	return g
}

// FormatsOf are the rules formats of a game, in the rules package's order.
func FormatsOf(g rules.Game) []*rules.Format {
	var out []*rules.Format
	for _, f := range rules.Formats() {
		if f.Game == g {
			out = append(out, f)
		}
	}
	return out
}

// GameKnown reports whether events can be run for game.
func GameKnown(game string) bool {
	_, ok := LookupGame(game)
	return ok
}

// FormatBelongsTo reports whether format is one of game's formats.
func FormatBelongsTo(game, format string) bool {
	f, ok := rules.LookupFormat(format)
	return ok && f.ID == format && string(f.Game) == game && GameKnown(game)
}

// GameName is a game's full name ("Dragon Ball Super Card Game Masters").
func GameName(ctx context.Context, g rules.Game) string { return GameNameMessage(g).In(ctx) }

// GameNameMessage is GameName as a fact, for a view or another sentence.
func GameNameMessage(g rules.Game) i18n.Message {
	if eg, ok := LookupGame(string(g)); ok {
		return i18n.M(eg.nameID, nil)
	}
	return i18n.Verbatim(string(g))
}

// GameShortName is a game's name where space is short ("Masters").
func GameShortName(ctx context.Context, g rules.Game) string { return gamewords.ShortName(ctx, g) }

// FormatName is a format's name within its game ("Standard", "Draft").
func FormatName(ctx context.Context, id string) string { return gamewords.FormatName(ctx, id) }

// GameFormatName names a format with its game ("Masters: Standard"), where
// formats of several games stand side by side.
func GameFormatName(ctx context.Context, format string) string {
	f, ok := rules.LookupFormat(format)
	if !ok {
		return format
	}
	return i18n.M("GameFormat", i18n.Args{"Game": GameShortName(ctx, f.Game), "Format": FormatName(ctx, f.ID)}).In(ctx)
}

// GameFormatOptions are every game's formats, each group headed by the
// game's name, for a format select box.
func GameFormatOptions(ctx context.Context) []views.OptionGroup {
	var out []views.OptionGroup
	for _, g := range EventGames {
		grp := views.OptionGroup{Label: GameShortName(ctx, g.ID)}
		for _, f := range FormatsOf(g.ID) {
			grp.Options = append(grp.Options, views.Option{Value: f.ID, Label: FormatName(ctx, f.ID)})
		}
		out = append(out, grp)
	}
	return out
}

// LeaderWord is what a deck is built around in game g: "Leader", or "Main
// personality" in the DBZ CCGs (a column heading or a label).
func LeaderWord(ctx context.Context, g EventGame) string { return LeaderWordMessage(g).In(ctx) }

// LeaderWordMessage is LeaderWord as a fact.
func LeaderWordMessage(g EventGame) i18n.Message {
	if g.MainPersonality {
		return i18n.M("DeckMainPersonality", nil)
	}
	return i18n.M("DeckLeader", nil)
}

// LeaderLabel names a deck's Leader by the pool ("Champa (BT1-001)"); a
// main personality (DBZ) or a card the pool lacks is shown as stored.
func LeaderLabel(ctx context.Context, pool rules.CardPool, leader string) string {
	leader = strings.TrimSpace(leader)
	if c, ok := pool.Card(leader); ok && leader != "" && c.Name != "" {
		return CardName(ctx, c) + " (" + c.Number + ")"
	}
	return leader
}

// DeckHeadline is the line over a published decklist: its Leader, or its
// main personality and Mastery style (DBZ); "" when the list has neither.
func DeckHeadline(ctx context.Context, g EventGame, pool rules.CardPool, en *storage.Entry) string {
	leader := LeaderLabel(ctx, pool, en.DeckLeader)
	switch {
	case leader == "":
		return ""
	case !g.MainPersonality:
		return i18n.M("DeckLeaderLine", i18n.Args{"Leader": leader}).In(ctx)
	case en.DeckColours != "":
		return i18n.M("DeckMainPersonalityStyleLine", i18n.Args{"Name": leader, "Style": en.DeckColours}).In(ctx)
	}
	return i18n.M("DeckMainPersonalityLine", i18n.Args{"Name": leader}).In(ctx)
}

// EndOfRound is the event's rule at time as the round page words it: in the
// DBZ CCGs, whose life is the Life Deck, "count" is "count-life-deck".
func EndOfRound(e *storage.Event) string {
	if e.EndOfRound == "count" && GameOf(e.Game).MainPersonality {
		return "count-life-deck"
	}
	return e.EndOfRound
}
