package server_test

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// After a report the page that says "Result sent." puts the focus on that
// sentence, so a screen reader reads it and the player is not sent back to
// the top; a registration refused puts the focus on the wrong field, whose
// error is read with it (issue 30, point 14).
func TestReportAndRegistrationErrorsTakeTheFocus(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "0", "Ann", "Ben")
	d.pairAndPublish(1)
	ctx := phone(t)
	navigate(t, ctx, a.srv.URL+d.links["Ann"])
	do(t, ctx, leadsToNewPage(chromedp.Click(chromedp.CSS(`[data-testid="report-won"]`))))
	waitFor(t, ctx, `[data-testid="player-notice"]`)
	screenshot(t, ctx, "phone-after-report-390")
	if got := evalJS[string](t, ctx, `document.activeElement.getAttribute("data-testid") || document.activeElement.tagName`); got != "player-notice" {
		t.Errorf("after a report the focus is on %q, want the notice %q", got, text(t, ctx, `[data-testid="player-notice"]`))
	}

	path := org.post("/events/new", "/events", eventForm("Open Cup")).location
	navigate(t, ctx, a.srv.URL+path+"/register")
	do(t, ctx,
		chromedp.Evaluate[chromedp.Void](`document.querySelector("#player_name").removeAttribute("required")`),
		chromedp.SendKeys(chromedp.CSS(`#player_name`), "   "),
		leadsToNewPage(chromedp.Click(chromedp.CSS(`form[action$="/register"] button[type="submit"]`))),
	)
	waitFor(t, ctx, `#player_name-error`)
	screenshot(t, ctx, "register-refused-390")
	if got := evalJS[string](t, ctx, `document.activeElement.id + " " + document.activeElement.getAttribute("aria-describedby")`); got != "player_name player_name-error" {
		t.Errorf("after a refused registration the focus is on %q, want the name field described by its error", got)
	}
}
