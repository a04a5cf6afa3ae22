// Package gamewords names the games and their formats in a language: the
// pages, the deck problems (views/deckproblem) and the command line all say
// them from here.
package gamewords

import (
	"context"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// ShortName is a game's name where space is short ("Masters"); a game
// Tenkaichi does not know keeps its id.
func ShortName(ctx context.Context, g rules.Game) string {
	switch g {
	case rules.GameFusionWorld:
		return i18n.T(ctx, "GameShortFusionWorld", nil)
	case rules.GameMasters:
		return i18n.T(ctx, "GameShortMasters", nil)
	case rules.GameScoreDBZ:
		return i18n.T(ctx, "GameShortScoreDBZ", nil)
	case rules.GamePaniniDBZ:
		return i18n.T(ctx, "GameShortPaniniDBZ", nil)
	}
	return string(g)
}

// FormatName is a format's name within its game ("Standard", "Draft").
func FormatName(ctx context.Context, id string) string {
	switch id {
	case "fw-standard", "masters-standard":
		return i18n.T(ctx, "FormatStandard", nil)
	case "fw-draft":
		return i18n.T(ctx, "FormatDraft", nil)
	case "fw-sealed":
		return i18n.T(ctx, "FormatSealed", nil)
	case "score-dbz", "panini-dbz":
		return i18n.T(ctx, "FormatConstructed", nil)
	}
	if f, ok := rules.LookupFormat(id); ok {
		return f.Name
	}
	return id
}

// Format names a format with its game ("Fusion World Standard"), as the
// deck check says which format a deck was checked against.
func Format(ctx context.Context, f *rules.Format) string {
	return i18n.T(ctx, "JudgeDeckFormatName", i18n.Args{"Game": ShortName(ctx, f.Game), "Format": FormatName(ctx, f.ID)})
}
