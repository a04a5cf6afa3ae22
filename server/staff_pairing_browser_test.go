package server_test

import (
	"context"
	"fmt"
	"testing"
)

// The pairing form fits a phone and a laptop's screen, and the round page
// still fits a phone with a link in place of the form.
func TestPairingPageFitsTheScreen(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "0", "Ann", "Ben", "Cat", "Dan")
	d.pairAndPublish(1)
	r1, _ := a.store.RoundByNumber(context.Background(), d.id, 1)
	ms, _ := a.store.Matches(context.Background(), r1.ID)
	edit := fmt.Sprintf("%s/matches/%d/pairing", d.path, ms[0].ID)
	for _, size := range [][2]int64{{390, 844}, {1280, 800}} {
		ctx := screen(t, size[0], size[1])
		signIn(t, ctx, a)
		where := fmt.Sprintf("%d", size[0])
		navigate(t, ctx, a.srv.URL+d.path+"/rounds/1")
		waitFor(t, ctx, `[data-testid="change-pairing"]`)
		noSideScroll(t, ctx, "round page at "+where)
		screenshot(t, ctx, "round-"+where)
		navigate(t, ctx, a.srv.URL+edit)
		waitFor(t, ctx, `[data-testid="pairing-form"]`)
		noSideScroll(t, ctx, "pairing form at "+where)
		screenshot(t, ctx, "pairing-"+where)
	}
}
