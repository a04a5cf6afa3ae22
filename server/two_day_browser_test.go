package server_test

import (
	"context"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// A two-day event across the day boundary in Chromium: a player's phone
// says "Day 1, round 2"; the organiser's close-day-1 preview (on a laptop
// and on a phone) explains the cut and the tie at the line and is
// confirmed with its button; then the phone of a player who advanced says
// "Day 2, round 1" and the phone of one who did not says their event
// ended with day 1. TENKAICHI_SCREENSHOTS=dir keeps the pages.
func TestTwoDayPhoneAcrossTheDayBoundary(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	// 8 players, 2 rounds: 2 on 6 points, 4 on 3, 2 on 0; the top 3 cut
	// through the four on 3 points.
	d := newTwoDayEvent(t, a, org, 2, 1, "size", 3, 0)
	d.playRounds(1, 1)
	d.pairAndPublish(2)
	ph := phone(t)
	navigate(t, ph, a.srv.URL+d.links["Ann"])
	waitFor(t, ph, `[data-live-part="match"]`)
	if text := pageText(ph); !strings.Contains(text, "Day 1, round 2") {
		t.Errorf("Ann's phone on day 1 lacks the day:\n%s", text)
	}
	screenshot(t, ph, "two-day-phone-day1-390")
	d.reportByPhones(2, false, firstNamed)

	for _, size := range []struct {
		name   string
		w, h   int64
		mobile bool
	}{{"390", 390, 844, true}, {"1280", 1280, 800, false}} {
		desk := chromium(t, size.w, size.h, size.mobile)
		signIn(t, desk, a)
		navigate(t, desk, a.srv.URL+d.path+"/rounds")
		waitFor(t, desk, `[data-testid="close-day1-link"]`)
		do(t, desk, leadsToNewPage(chromedp.Click(chromedp.CSS(`[data-testid="close-day1-link"]`))))
		waitFor(t, desk, `[data-testid="cut-preview"]`)
		text := pageText(desk)
		for _, want := range []string{"the top 3 players of the day-1 standings advance", "Players are tied on 3 points at the line",
			"Advancing to day 2: 3. Finishing on day 1: 5.", "Advances, on tiebreakers at the line"} {
			if !strings.Contains(text, want) {
				t.Errorf("the preview at %s lacks %q:\n%s", size.name, want, text)
			}
		}
		screenshot(t, desk, "two-day-close-preview-"+size.name)
		if size.name == "1280" {
			do(t, desk, leadsToNewPage(chromedp.Click(chromedp.CSS(`[data-testid="close-day1"]`))))
			waitFor(t, desk, `[data-testid="rounds"]`)
			if text := pageText(desk); !strings.Contains(text, "Day 1 is closed.") || !strings.Contains(text, "Pair day 2, round 1") {
				t.Errorf("the rounds page after the close:\n%s", text)
			}
		}
	}
	// Once day 1 is closed the form refuses to change the days or the cut,
	// saying why beside the two-day fields.
	for _, size := range []struct {
		name   string
		w, h   int64
		mobile bool
	}{{"390", 390, 844, true}, {"1280", 1280, 800, false}} {
		desk := chromium(t, size.w, size.h, size.mobile)
		signIn(t, desk, a)
		navigate(t, desk, a.srv.URL+d.path+"/edit")
		waitFor(t, desk, `#day2_rounds`)
		do(t, desk, chromedp.SetValue(chromedp.CSS(`#day2_rounds`), "3"),
			leadsToNewPage(chromedp.Submit(chromedp.CSS(`#day2_rounds`))))
		waitFor(t, desk, `#two_day-error`)
		text := pageText(desk)
		if strings.Count(text, "Day 1 is closed, so the two days and the cut can no longer change.") != 2 ||
			!strings.Contains(text, "The form was not saved: one entry needs fixing.") {
			t.Errorf("the event form at %s after day 1 closed, without the problem at the top and at its field:\n%s", size.name, text)
		}
		screenshot(t, desk, "two-day-form-closed-"+size.name)
	}
	d.pairAndPublish(3)
	var advanced, out []string
	for _, s := range d.apiStandings() {
		if s.Day == 2 {
			advanced = append(advanced, s.Name)
		} else {
			out = append(out, s.Name)
		}
	}
	if len(advanced) != 3 || !slices.Contains(advanced, "Ann") {
		t.Fatalf("advanced: %v", advanced)
	}
	for _, size := range []struct {
		name string
		ctx  context.Context
	}{{"390", ph}, {"1280", screen(t, 1280, 800)}} {
		navigate(t, size.ctx, a.srv.URL+d.links["Ann"])
		waitFor(t, size.ctx, `[data-testid="day-note"]`)
		if text := pageText(size.ctx); !strings.Contains(text, "Day 2, round 1") || !strings.Contains(text, "You advanced to day 2.") {
			t.Errorf("Ann's phone on day 2 (%s):\n%s", size.name, text)
		}
		screenshot(t, size.ctx, "two-day-phone-day2-"+size.name)
		navigate(t, size.ctx, a.srv.URL+d.links[out[0]])
		waitFor(t, size.ctx, `[data-testid="day-note"]`)
		if text := pageText(size.ctx); !strings.Contains(text, "You did not advance to day 2") {
			t.Errorf("%s's phone after the cut (%s):\n%s", out[0], size.name, text)
		}
		screenshot(t, size.ctx, "two-day-phone-finished-"+size.name)
	}
}

// twoDayStates are the two-day pages of the accessibility audit: the
// close-day-1 preview with a tie at the line, and the phone of a player
// who finished on day 1. Two small events: one at the end of day 1, one
// with day 1 closed.
func twoDayStates(t *testing.T, a *app, org *browser) []a11yState {
	t.Helper()
	open := newTwoDayEvent(t, a, org, 1, 1, "size", 3, 0)
	open.playRounds(1, 1)
	closed := newTwoDayEvent(t, a, org, 1, 1, "record", 3, 0)
	renameEvent(t, a, closed.id, "Two-Day Open") // links to events differ by name
	closed.playRounds(1, 1)
	page, advanced := closed.previewAdvanced()
	m := advancedField.FindStringSubmatch(page.body)
	expectRedirect(t, "close day 1", org.post(closed.path+"/day1", closed.path+"/day1", url.Values{"advanced": {m[1]}}), closed.path+"/rounds")
	closed.pairAndPublish(2)
	out := ""
	for _, n := range eightPlayers {
		if !slices.Contains(advanced, n) {
			out = n
			break
		}
	}
	return []a11yState{
		{name: "close day 1, preview", route: "/events/:id/day1", path: open.path + "/day1", staff: true},
		{name: "close day 1, closed", route: "/events/:id/day1", path: closed.path + "/day1", staff: true},
		{name: "player page: finished on day 1", route: "/p/:token", path: closed.links[out]},
		{name: "player page: day 2", route: "/p/:token", path: closed.links[advanced[0]]},
	}
}
