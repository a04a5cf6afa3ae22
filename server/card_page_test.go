package server_test

import (
	"context"
	"html"
	"net/http"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// The card page (issue 29, point 4) says what the rules engine reads from a
// card, as `tenkaichi cards explain` does, in each of the seven languages:
// Master Roshi FS01-03's "[On Play] Draw 1 card." is a draw of 1 at [On
// Play]; FB06-119's "[On Play] During this turn, the next time you use ...,
// activate that Extra's skill again." is not read, and the page says the
// phrase. The card text stays as the card list gives it (English).
func TestCardPageSaysWhatTheEngineReads(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	a.organiser()
	importCards(t, a)
	b := a.browser()
	for _, lang := range []string{"en", "de", "fr", "es", "it", "ja", "pt-BR"} {
		ctx := i18n.WithLanguage(context.Background(), lang)
		r, _ := b.getIn("/rules/cards/FS01-03", lang)
		expectStatus(t, lang+" Master Roshi", r, http.StatusOK)
		expectLang(t, lang+" Master Roshi", r, lang)
		body := html.UnescapeString(r.body)
		mustContain(t, lang+" Master Roshi", body, `data-testid="card-title">FS01-03 `,
			`<p class="card-text" lang="en">[On Play] Draw 1 card.</p>`,
			i18n.T(ctx, "RuleCardEngineReads", nil),
			i18n.T(ctx, "CliExplainTiming", i18n.Args{"Timing": "[On Play]"}),
			i18n.T(ctx, "CliExplainEffect", i18n.Args{"N": 1, "Effect": i18n.T(ctx, "CliExplainEffectValues",
				i18n.Args{"Kind": i18n.T(ctx, "EngineEffectDraw", nil), "Values": i18n.T(ctx, "CliExplainCount", i18n.Args{"N": 1})})}))
		r, _ = b.getIn("/rules/cards/FB06-119", lang)
		body = html.UnescapeString(r.body)
		unread := i18n.T(ctx, "CliExplainUnread", i18n.Args{"Phrase": "during this turn"})
		if !strings.Contains(body, `class="explain-missing"`) || !strings.Contains(strings.ToLower(body), strings.ToLower(unread)) {
			t.Errorf("%s FB06-119: no unread line %q\n%s", lang, unread, excerpt(r.body))
		}
	}
	// A printing names its card; an unknown number is not found.
	mustContain(t, "printing", b.get("/rules/cards/FS01-03-p1").body, "FS01-03 Master Roshi")
	expectStatus(t, "unknown card", b.get("/rules/cards/FS99-99"), http.StatusNotFound)
	// A card known only by number, name, colour and type says its text is not known.
	r := b.get("/rules/cards/FB07-001")
	mustContain(t, "FB07-001", html.UnescapeString(r.body), i18n.T(context.Background(), "CliExplainNoText", nil))
	// The rulings lookup links each Fusion World card to its page.
	mustContain(t, "lookup", b.get("/rules?q=FS01-03").body, `href="/rules/cards/FS01-03" data-testid="card-explain-link"`)
}

// The judge console's board and the game tracker link each card in play to
// its page (plain links: they work without JavaScript).
func TestBoardAndTrackerLinkTheCardPage(t *testing.T) {
	t.Parallel()
	f := newJudgeFixture(t)
	page := f.uploadLog(t, f.judge, "Table 4", firstTurnAttack)
	mustContain(t, "judge board", f.judge.get(page+"?step=4").body,
		`<a href="/rules/cards/FS01-01" data-testid="board-card-link">FS01-01 Son Goku</a>`,
		`<a href="/rules/cards/FS02-01" data-testid="board-card-link">FS02-01 Vegeta</a>`)

	tf := newTrackerFixture(t)
	p, _ := tf.page(0)
	mustContain(t, "tracker", p.body, `href="/rules/cards/FS01-01" data-testid="tracker-card-link"`)
	expectStatus(t, "the tracker's Leader's page", tf.phones[0].get("/rules/cards/FS01-01"), http.StatusOK)
	// A card named in one's own hand links to its page too.
	tf.tap(0, "P1 first", "P1 keep")
	tf.tap(1, "P2 keep")
	drawn := "FS01-03" // in Ann's decklist; Ben's holds FS02-03
	if tf.names[0] == "Ben" {
		drawn = "FS02-03"
	}
	tf.tap(0, "P1 draw "+drawn)
	p, _ = tf.page(0)
	mustContain(t, "tracker hand", p.body, `<a href="/rules/cards/`+drawn+`" data-testid="tracker-hand-card">`)
}
