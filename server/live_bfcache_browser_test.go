package server_test

import "testing"

// A phone going back and forth between live pages keeps loading them: a page
// in the back-forward cache gives up its live stream (browsers allow six
// connections to a server; the seventh page used to hang).
func TestLivePagesInTheBackForwardCacheLetGoOfTheirStream(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "0", "Ann", "Bo")
	d.pairAndPublish(1)
	ctx := phone(t)
	for i := 0; i < 5; i++ {
		navigate(t, ctx, a.srv.URL+d.links["Ann"])
		waitFor(t, ctx, `[data-testid="my-match"]`)
		navigate(t, ctx, a.srv.URL+d.path+"/standings")
		waitFor(t, ctx, `[data-testid="standings"]`)
	}
}
