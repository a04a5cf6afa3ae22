package views

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/a-h/templ"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// render gives a component's HTML as a page in ctx's language would hold it.
func render(t *testing.T, ctx context.Context, c templ.Component) string {
	t.Helper()
	var b strings.Builder
	if err := c.Render(ctx, &b); err != nil {
		t.Fatalf("render: %v", err)
	}
	return b.String()
}

func mustHave(t *testing.T, what, html string, parts ...string) {
	t.Helper()
	for _, p := range parts {
		if !strings.Contains(html, p) {
			t.Errorf("%s: no %q in\n%s", what, p, html)
		}
	}
}

func mustNotHave(t *testing.T, what, html string, parts ...string) {
	t.Helper()
	for _, p := range parts {
		if strings.Contains(html, p) {
			t.Errorf("%s: %q in\n%s", what, p, html)
		}
	}
}

// The round clock shows the time left as the server computed it, for
// live.js to tick from, and says a paused or not-started clock in words.
func TestCountdownShowsTimeLeft(t *testing.T) {
	ctx := context.Background()
	running := render(t, ctx, countdown(Clock{EventID: 7, Round: 2, State: "running", RemainingMS: 70_000, Text: "1:10"}))
	mustHave(t, "running", running, `role="timer"`, `data-event="7"`, `data-round="2"`, `data-state="running"`,
		`data-remaining-ms="70000"`, `>1:10</time>`, `data-time-up="Time!"`, `1 minute left`)
	// The time is said at 10, 5 and 1 minutes, not at every minute.
	mustNotHave(t, "running", running, "Paused", "Not started", "Round complete", "2 minutes left")

	paused := render(t, ctx, countdown(Clock{EventID: 7, Round: 2, State: "paused", RemainingMS: 600_000, Text: "10:00"}))
	mustHave(t, "paused", paused, `>10:00</time>`, `<span class="clock-state">Paused</span>`)
	notStarted := render(t, ctx, countdown(Clock{State: "not-started", RemainingMS: 2_100_000, Text: "35:00"}))
	mustHave(t, "not started", notStarted, `>35:00</time>`, `<span class="clock-state">Not started</span>`)

	de := i18n.WithLanguage(ctx, "de")
	if got := render(t, de, countdown(Clock{State: "paused", Text: "10:00"})); strings.Contains(got, ">Paused<") {
		t.Errorf("a German page's paused clock is in English:\n%s", got)
	}
}

// The live countdown (projector, phones) marks time up with its note, and a
// complete round's clock has no time's-up.
func TestCountdownClockTimeUp(t *testing.T) {
	ctx := context.Background()
	up := render(t, ctx, CountdownClock(Countdown{EventID: 3, Round: 1, State: "running", RemainingMS: -5_000, Text: "0:00"}))
	mustHave(t, "time up", up, `class="countdown time-up"`, `>0:00</time>`, `<span class="countdown-note">Time!</span>`)
	extended := render(t, ctx, CountdownClock(Countdown{State: "running", RemainingMS: -5_000, ExtensionMS: 300_000, Text: "4:55"}))
	mustHave(t, "extended", extended, `data-extension-ms="300000"`, `>4:55</time>`)
	mustNotHave(t, "extended", extended, `class="countdown time-up"`, "countdown-note")
	done := render(t, ctx, CountdownClock(Countdown{State: "finished", RemainingMS: -5_000, Text: "0:00"}))
	mustHave(t, "finished", done, `data-testid="round-complete"`, "Round complete")
	mustNotHave(t, "finished", done, `<span class="countdown-note">Time!`)
}

// A match row on the round page names both players, with their points, and
// carries the form that enters the table's result.
func TestRoundPageMatchRow(t *testing.T) {
	m := RoundPage{EventID: 7, Number: 2, Status: "published", Kind: "swiss",
		Clock:   Clock{EventID: 7, Round: 2, State: "running", RemainingMS: 60_000, Text: "1:00"},
		Matches: []MatchRow{{ID: 42, Table: "5", P1: "Ann Avery", P2: "Ben Brook", P1Points: 3, P2Points: 6, Status: "pending", Suggested: "p2"}}}
	html := render(t, context.Background(), RoundPageView(Page{CSRF: "tok"}, m))
	row := regexp.MustCompile(`(?s)<tr id="match-42".*?</tr>`).FindString(html)
	if row == "" {
		t.Fatalf("no row for match 42:\n%s", html)
	}
	mustHave(t, "match row", row, `>5</td>`, "Ann Avery", "(3)", "Ben Brook", "(6)",
		`action="/events/7/matches/42/result"`, `name="_csrf" value="tok"`,
		`<option value="p1">Ann Avery won</option>`, `<option value="p2" selected>Ben Brook won</option>`,
		`aria-label="Save the result of table 5 (Ann Avery v Ben Brook)"`)

	bye := RoundPage{EventID: 7, Number: 2, Status: "published", Matches: []MatchRow{{ID: 43, P1: "Cat Cole", Bye: true, Status: "confirmed"}}}
	row = regexp.MustCompile(`(?s)<tr id="match-43".*?</tr>`).FindString(render(t, context.Background(), RoundPageView(Page{}, bye)))
	mustHave(t, "bye row", row, "Cat Cole", "Bye")
	mustNotHave(t, "bye row", row, `/matches/43/result`)
}

// A stored decklist's problems are listed in order, each with its line and
// the line's text, in the page's language.
func TestDeckProblemList(t *testing.T) {
	probs := []DeckProblem{
		{Line: 3, Text: "4 FB01-999 Nobody", Key: "unknown-card", Args: []any{"FB01-999", "Nobody"}, Message: "FB01-999 Nobody is not in the card pool"},
		{Message: "the deck has 49 cards, not 50"},
	}
	html := render(t, context.Background(), deckProblemList(probs))
	items := regexp.MustCompile(`(?s)<li>(.*?)</li>`).FindAllStringSubmatch(html, -1)
	if len(items) != 2 {
		t.Fatalf("%d items, want 2:\n%s", len(items), html)
	}
	mustHave(t, "first problem", items[0][1], `<span class="line">Line 3:</span>`, `<q class="line-text">4 FB01-999 Nobody</q>`,
		"FB01-999 Nobody is not in the card pool")
	mustHave(t, "second problem", items[1][1], "the deck has 49 cards, not 50")
	mustNotHave(t, "second problem", items[1][1], `class="line"`)

	de := render(t, i18n.WithLanguage(context.Background(), "de"), deckProblemList(probs[:1]))
	mustNotHave(t, "in German", de, "Line 3:", "is not in the card pool")
}

// The language selector names each language in itself and marks the page's
// own as chosen, and only that one.
func TestLanguageSelectorMarksCurrent(t *testing.T) {
	p := Page{Lang: "de", Back: "/events/7", Languages: []Option{{Value: "en", Label: "English"}, {Value: "de", Label: "Deutsch"}, {Value: "ja", Label: "日本語"}}}
	html := render(t, context.Background(), languageSelector(p))
	mustHave(t, "selector", html, `action="/language"`, `name="back" value="/events/7"`,
		`<option value="de" lang="de" selected>Deutsch</option>`, `<option value="ja" lang="ja">日本語</option>`)
	if n := strings.Count(html, " selected"); n != 1 {
		t.Errorf("%d languages marked chosen, want 1:\n%s", n, html)
	}
}
