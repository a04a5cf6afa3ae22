package server_test

import (
	"strings"
	"testing"
)

// The standings projector of a two-day event marks the players who
// finished on day 1, on a venue screen (1280×800) and a phone (390×844).
// TENKAICHI_SCREENSHOTS=dir keeps the pages to look at.
func TestTwoDayProjectorMarksDay1InTheBrowser(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	d, _ := twoDayPlayedOut(t, a, a.organiser())
	for _, size := range []struct {
		name string
		w, h int64
	}{{"1280", 1280, 800}, {"390", 390, 844}} {
		ctx := screen(t, size.w, size.h)
		navigate(t, ctx, a.srv.URL+d.path+"/projector?top=8")
		waitFor(t, ctx, `[data-testid="projector-finished-day1"]`)
		if got := text(t, ctx, `[data-testid="projector-standings"]`); strings.Count(got, "Finished on day 1") != 4 {
			t.Errorf("%s: the projector's standings mark %d players as finished on day 1:\n%s", size.name, strings.Count(got, "Finished on day 1"), got)
		}
		screenshot(t, ctx, "two-day-projector-"+size.name)
	}
}
