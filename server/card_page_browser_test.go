package server_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// The card page on a phone (390×844) in English, German and Japanese, and
// on a laptop: nothing wider than the screen, the engine's reading under
// each skill line; the tracker's Leader leads to it with a tap.
// TENKAICHI_SCREENSHOTS=dir keeps the pages to look at.
func TestCardPageOnAPhone(t *testing.T) {
	t.Parallel()
	f := newTrackerFixture(t)
	a := f.d.a
	ctx := phone(t)
	axe := axeSource(t)
	for _, lang := range []string{"en", "de", "ja"} {
		navigate(t, ctx, a.srv.URL+"/language?"+url.Values{"lang": {lang}, "back": {"/"}}.Encode())
		for _, number := range []string{"FS01-03", "FB01-131", "FB04-095"} {
			navigate(t, ctx, a.srv.URL+"/rules/cards/"+number)
			waitFor(t, ctx, `[data-testid="card-explain-skill"]`)
			if wide := evalJS[[]string](t, ctx, tooWide); len(wide) > 0 {
				t.Errorf("%s %s: wider than a 390 px screen:\n  %s", lang, number, strings.Join(wide, "\n  "))
			}
			screenshot(t, ctx, "card-"+number+"-"+lang+"-390")
			for _, v := range runAxe(t, ctx, axe) {
				t.Errorf("%s %s: %s", lang, number, v)
			}
		}
	}
	navigate(t, ctx, a.srv.URL+"/language?"+url.Values{"lang": {"en"}, "back": {"/"}}.Encode())
	navigate(t, ctx, a.srv.URL+f.games[0])
	waitFor(t, ctx, `[data-testid="tracker-card-link"]`)
	screenshot(t, ctx, "card-tracker-390")
	for _, v := range runAxe(t, ctx, axe) {
		t.Errorf("tracker: %s", v)
	}
	do(t, ctx, leadsToNewPage(chromedp.Click(chromedp.CSS(`[data-testid="tracker-card-link"]`))))
	waitFor(t, ctx, `[data-testid="card-explain"]`)
	if got := text(t, ctx, `[data-testid="card-title"]`); !strings.HasPrefix(got, "FS01-01") && !strings.HasPrefix(got, "FS02-01") {
		t.Errorf("the tracker's Leader opens %q", got)
	}
	laptop := screen(t, 1280, 800)
	navigate(t, laptop, a.srv.URL+"/rules/cards/FB04-095")
	waitFor(t, laptop, `[data-testid="card-explain-skill"]`)
	screenshot(t, laptop, "card-FB04-095-1280")
}
