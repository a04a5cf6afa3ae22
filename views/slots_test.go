package views

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// The deck's status is one sentence with its badge inside, wherever the
// language puts it, and the bracket's score sits inside one hidden sentence
// ("games won: 2 (advances)"), not after a label glued to it.
func TestMarkupInsideOneMessage(t *testing.T) {
	cases := []struct {
		lang, status, score, winner string
	}{
		{"en", `Status: <span class="deck deck-missing" data-testid="deck-status">Missing</span>`,
			`<span class="visually-hidden">games won: </span><span class="bt-score">1</span>`,
			`<span class="visually-hidden">games won: </span><span class="bt-score">2</span><span class="visually-hidden"> (advances)</span>`},
		{"de", `Status: <span class="deck deck-missing" data-testid="deck-status">`,
			`<span class="visually-hidden">gewonnene Spiele: </span><span class="bt-score">1</span>`,
			`<span class="visually-hidden">gewonnene Spiele: </span><span class="bt-score">2</span><span class="visually-hidden"> (kommt weiter)</span>`},
		{"ja", `状態：<span class="deck deck-missing" data-testid="deck-status">`,
			`<span class="visually-hidden">勝利ゲーム数：</span><span class="bt-score">1</span>`,
			`<span class="visually-hidden">勝利ゲーム数：</span><span class="bt-score">2</span><span class="visually-hidden">（勝ち上がり）</span>`},
	}
	for _, c := range cases {
		ctx := i18n.WithLanguage(context.Background(), c.lang)
		var b bytes.Buffer
		if err := withSlots(i18n.T(ctx, "PhoneDeckStatus", i18n.Args{"Status": slot(0)}), deckStatusBadge("missing")).Render(ctx, &b); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(b.String(), c.status) {
			t.Errorf("%s: deck status %q, want it to start %q", c.lang, b.String(), c.status)
		}
		b.Reset()
		if err := bracketSide(BracketSide{Seed: 1, Name: "Ann", Wins: 1}, true, false).Render(ctx, &b); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), c.score) {
			t.Errorf("%s: loser's side %q, want %q", c.lang, b.String(), c.score)
		}
		b.Reset()
		if err := bracketSide(BracketSide{Seed: 2, Name: "Ben", Wins: 2, Winner: true}, true, false).Render(ctx, &b); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), c.winner) {
			t.Errorf("%s: winner's side %q, want %q", c.lang, b.String(), c.winner)
		}
	}
}

// A chart's caption and its key are one message, so a Japanese caption
// ends its sentence with 。, not an English full stop glued in the markup.
func TestMetaChartCaptionIsOneMessage(t *testing.T) {
	for lang, want := range map[string]string{
		"en": "<figcaption>Leaders played. Thick bar:",
		"de": "<figcaption>Leaders played. Dicker Balken:",
		"ja": "<figcaption>Leaders played。太い棒：",
	} {
		ctx := i18n.WithLanguage(context.Background(), lang)
		var b bytes.Buffer
		if err := metaChart("leaders-chart", "Leaders played", nil).Render(ctx, &b); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), want) {
			t.Errorf("%s: %q lacks %q", lang, b.String(), want)
		}
	}
}
