package server_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// A judge of a 121-player event, on a phone and on a laptop, finds the
// penalised player by table number in the console (no script: the search
// is a GET form), chooses them and saves a warning.
func TestJudgeFindsThePenalisedPlayerOfABigEvent(t *testing.T) {
	t.Parallel()
	f, tables := bigJudgeFixture(t)
	for _, size := range []struct {
		name string
		open func(*testing.T) context.Context
	}{{"390", phone}, {"1280", func(t *testing.T) context.Context { return screen(t, 1280, 800) }}} {
		ctx := size.open(t)
		phoneSignIn(t, ctx, f.a, "jules")
		navigate(t, ctx, f.a.srv.URL+f.base)
		do(t, ctx, chromedp.Click(chromedp.CSS(`details.judge-form:has(#ruling-find) > summary`)))
		waitFor(t, ctx, `#ruling_player`)
		do(t, ctx, chromedp.SendKeys(chromedp.CSS(`#ruling_player`), "2"),
			leadsToNewPage(chromedp.Submit(chromedp.CSS(`#ruling_player`))))
		waitShows(t, ctx, `[data-testid="ruling-found"]`, "Table 2 of round 1")
		noSideScroll(t, ctx, "ruling form with table 2 found")
		screenshot(t, ctx, "judge-ruling-find-"+size.name)
		entry := strconv.FormatInt(*tables[2].P2EntryID, 10)
		do(t, ctx,
			chromedp.SetValue(chromedp.CSS(`#entry`), entry),
			chromedp.SetValue(chromedp.CSS(`#penalty`), "warning"),
			chromedp.SendKeys(chromedp.CSS(`#note`), "Looked at the opponent's deck ("+size.name+")."),
			chromedp.SendKeys(chromedp.CSS(`#infraction`), "Outside assistance"),
			leadsToNewPage(chromedp.Click(chromedp.CSS(`[data-testid="ruling-form"] button[type=submit]`))),
		)
		waitShows(t, ctx, `[data-testid="rulings"]`, "Looked at the opponent's deck ("+size.name+").")
		if got := text(t, ctx, `[data-testid="rulings"]`); !strings.Contains(got, "Warning for Player 003: Outside assistance") {
			t.Fatalf("rulings at %s:\n%s", size.name, got)
		}
	}
}

// The big event's ruling form, before a search and with what a search
// finds or does not, passes the accessibility audit on a phone and a laptop.
func TestBigEventRulingFormIsAccessible(t *testing.T) {
	t.Parallel()
	axeSource(t) // skips without axe-core, as the whole audit does
	f, _ := bigJudgeFixture(t)
	for _, size := range []struct {
		name string
		open func(*testing.T) context.Context
	}{{"390", phone}, {"1280", func(t *testing.T) context.Context { return screen(t, 1280, 800) }}} {
		ctx := size.open(t)
		phoneSignIn(t, ctx, f.a, "jules")
		for _, q := range []string{"", "?player=2", "?player=player", "?player=zz"} {
			navigate(t, ctx, f.a.srv.URL+f.base+q)
			// The ruling's disclosure only: the console's other forms are closed.
			do(t, ctx, chromedp.Evaluate[chromedp.Void](`document.querySelector("details.judge-form:has(#ruling-find)").open = true`))
			auditPage(t, ctx, "judge console"+q+" at "+size.name)
		}
		// A penalty with no player: the form comes back with its problems.
		do(t, ctx,
			chromedp.SetValue(chromedp.CSS(`#penalty`), "warning"),
			leadsToNewPage(chromedp.Click(chromedp.CSS(`[data-testid="ruling-form"] button[type=submit]`))),
		)
		waitFor(t, ctx, `[data-testid="problem-summary"]`)
		auditPage(t, ctx, "ruling form sent back at "+size.name)
		screenshot(t, ctx, "judge-ruling-problems-"+size.name)
	}
}
