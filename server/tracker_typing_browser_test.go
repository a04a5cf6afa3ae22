package server_test

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// A phone whose cursor sits in the tracker's "Another action" box still
// follows the game: the other phone's tap shows at once, and the half-typed
// line, the focus and the caret stay as they were (issue 30, point 9).
func TestTrackerFollowsTheGameWhileTyping(t *testing.T) {
	t.Parallel()
	f := newTrackerFixture(t)
	p1, p2 := phone(t), phone(t)
	base := f.d.a.srv.URL
	navigate(t, p1, base+f.games[0])
	navigate(t, p2, base+f.games[1])
	waitFor(t, p1, `html[data-live-open]`)
	waitFor(t, p2, `html[data-live-open]`)
	do(t, p2,
		chromedp.Evaluate[chromedp.Void](`window.__samePage = true`),
		chromedp.Click(chromedp.CSS(`#grp-line summary`)),
		chromedp.SendKeys(chromedp.CSS(`#tk-line`), "P2 dr"),
		// The caret after "P2", as if the player went back to fix a word.
		chromedp.Evaluate[chromedp.Void](`document.querySelector("#tk-line").setSelectionRange(2, 2)`),
	)

	tapMove(t, p1, "P1 first")
	waitShows(t, p2, `[data-testid="tracker-status"]`, "keeps or redraws")
	got, err := chromedp.Run(p2, chromedp.Evaluate[[]any](`(function(){
		var el = document.querySelector("#tk-line");
		return [el.value, document.activeElement === el, el.selectionStart, window.__samePage === true];
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 4 || got[0] != "P2 dr" || got[1] != true || got[2] != float64(2) || got[3] != true {
		t.Fatalf("after the other phone's tap the box reads [value, focused, caret, same page] = %v, want [P2 dr true 2 true]", got)
	}
}
