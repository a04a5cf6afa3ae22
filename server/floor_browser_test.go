package server_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// On two phones (390×844): one player proposes an intentional draw, the
// other sees it without a reload and accepts it, and both read the final
// result. A judge then picks a table for a deck check and records it at
// 1280×800. TENKAICHI_SCREENSHOTS=dir keeps the pages to look at.
func TestIntentionalDrawAndDeckCheckInTheBrowser(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "0", "Ann", "Ben", "Cid", "Dee")
	d.pairAndPublish(1)
	ms := d.roundMatches(1)
	p1, p2 := d.nameOf(ms[0].P1EntryID), d.nameOf(*ms[0].P2EntryID)
	one, two := phone(t), phone(t)

	navigate(t, two, a.srv.URL+d.links[p2])
	waitFor(t, two, `[data-testid="propose-draw"]`)
	navigate(t, one, a.srv.URL+d.links[p1])
	do(t, one, leadsToNewPage(chromedp.Click(chromedp.CSS(`[data-testid="propose-draw"]`))))
	waitFor(t, one, `[data-testid="withdraw-draw"]`)
	if got := text(t, one, `[data-testid="match-status"]`); !strings.Contains(got, "You proposed an intentional draw") {
		t.Fatalf("proposer reads %q", got)
	}
	noSideScroll(t, one, "proposer")
	screenshot(t, one, "draw-proposed-390")
	// The opponent's page shows the proposal live.
	waitFor(t, two, `[data-testid="accept-draw"]`)
	if got := text(t, two, `[data-testid="match-status"]`); !strings.Contains(got, p1+" proposes an intentional draw") {
		t.Fatalf("opponent reads %q", got)
	}
	noSideScroll(t, two, "opponent")
	screenshot(t, two, "draw-to-answer-390")
	do(t, two, leadsToNewPage(chromedp.Click(chromedp.CSS(`[data-testid="accept-draw"]`))))
	waitFor(t, two, `[data-testid="final-result"]`)
	if got := text(t, two, `[data-testid="final-result"]`); got != "Intentional draw" {
		t.Fatalf("final on the accepting phone: %q", got)
	}
	waitFor(t, one, `[data-testid="final-result"]`)
	if got := text(t, one, `[data-testid="final-result"]`); got != "Intentional draw" {
		t.Fatalf("final on the proposing phone: %q", got)
	}
	screenshot(t, one, "draw-final-390")

	// The judge's deck check, on a laptop.
	laptop := screen(t, 1280, 800)
	signIn(t, laptop, a)
	page := d.path + "/deckchecks"
	expectRedirect(t, "pick", org.post(page, page, url.Values{"count": {"1"}}), page)
	navigate(t, laptop, a.srv.URL+page)
	waitFor(t, laptop, `[data-testid="deckcheck-seed"]`)
	screenshot(t, laptop, "deckchecks-running-1280")
	do(t, laptop,
		chromedp.Click(chromedp.CSS(`input[name="outcome"][value="ok"]`)),
		leadsToNewPage(chromedp.Submit(chromedp.CSS(`input[name="outcome"][value="ok"]`))))
	waitFor(t, laptop, `[data-testid="deckcheck-outcome"]`)
	if got := text(t, laptop, `[data-testid="deckcheck-outcome"]`); got != "The decks are in order." {
		t.Fatalf("outcome: %q", got)
	}
	screenshot(t, laptop, "deckchecks-done-1280")
	navigate(t, laptop, a.srv.URL+d.path+"/rounds/1")
	waitFor(t, laptop, `[data-testid="deckchecks-link"]`)
	screenshot(t, laptop, "round-after-check-1280")
	navigate(t, one, a.srv.URL+page) // not signed in on the phone
	signIn(t, one, a)
	navigate(t, one, a.srv.URL+page)
	waitFor(t, one, `[data-testid="deckchecks"]`)
	noSideScroll(t, one, "deck checks")
	screenshot(t, one, "deckchecks-390")
}
