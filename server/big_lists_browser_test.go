package server_test

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// A big event's round, decks and standings on a phone (390×844) and a
// laptop (1280×800): the search and the pager fit without a sideways
// scroll, and finding a player by the search form shows their table.
// TENKAICHI_SCREENSHOTS=dir keeps the pages to look at.
func TestBigEventListsInTheBrowser(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "0")
	seedBigRound(t, a, d, 450)
	for _, size := range []struct {
		name string
		w, h int64
	}{{"390", 390, 844}, {"1280", 1280, 800}} {
		ctx := phone(t)
		if size.w > 390 {
			ctx = screen(t, size.w, size.h)
		}
		signIn(t, ctx, a)
		navigate(t, ctx, a.srv.URL+d.path+"/rounds/1")
		waitFor(t, ctx, `[data-testid="player-pages"]`)
		noSideScroll(t, ctx, "round "+size.name)
		screenshot(t, ctx, "big-round-"+size.name)
		do(t, ctx,
			chromedp.SendKeys(chromedp.CSS(`#player_search`), "Player 301"),
			leadsToNewPage(chromedp.Submit(chromedp.CSS(`#player_search`))))
		waitFor(t, ctx, `[data-testid="player-search-found"]`)
		if got := text(t, ctx, `[data-testid="matches"] tbody td.table-no`); got != "151" {
			t.Errorf("%s: the search for Player 301 shows table %q", size.name, got)
		}
		noSideScroll(t, ctx, "round search "+size.name)
		screenshot(t, ctx, "big-round-found-"+size.name)
		for _, p := range []string{"decks", "standings"} {
			navigate(t, ctx, a.srv.URL+d.path+"/"+p+"?page=2")
			waitFor(t, ctx, `[data-testid="player-pages"]`)
			noSideScroll(t, ctx, p+" "+size.name)
			screenshot(t, ctx, "big-"+p+"-"+size.name)
			do(t, ctx, chromedp.ScrollIntoView(chromedp.CSS(`[data-testid="player-pages"]`)))
			screenshot(t, ctx, "big-"+p+"-pager-"+size.name)
		}
	}
}
