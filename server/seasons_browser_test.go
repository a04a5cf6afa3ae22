package server_test

import (
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
)

// The season pages pass the accessibility audit on a phone and at the
// desk, and the leaderboard fits a phone's screen: each player one block,
// the tie explained under the name, nothing scrolling sideways.
func TestSeasonPagesOnAPhoneAndAtTheDesk(t *testing.T) {
	t.Parallel()
	sf := newSeasonFixture(t)
	other := &accounts.Shop{Name: "Capsule Corp Games"}
	if err := accounts.New(sf.a.store).CreateShop(context.Background(), storage.Actor{Name: "test"}, other); err != nil {
		t.Fatal(err)
	}
	f := &a11yFixture{a: sf.a, org: sf.org, store: other.ID}
	states := f.seasonStatesOnly(t)
	axe := axeSource(t)
	var public, staff []a11yState
	for _, st := range states {
		if st.staff {
			staff = append(staff, st)
		} else {
			public = append(public, st)
		}
	}
	audit(t, f, phone(t), "390 px", axe, append(public, staff...))
	audit(t, f, screen(t, 1280, 800), "1280 px", axe, staff)

	board := states[len(states)-4].path // the public leaderboard
	for _, view := range []struct {
		name string
		ctx  context.Context
	}{{"phone", phone(t)}, {"desk", screen(t, 1280, 800)}} {
		navigate(t, view.ctx, sf.a.srv.URL+board)
		do(t, view.ctx, chromedp.WaitVisible(chromedp.CSS(`table.leaderboard`)))
		noSideScroll(t, view.ctx, "leaderboard ("+view.name+")")
		if tie := text(t, view.ctx, `table.leaderboard tbody tr:nth-child(4) .tie`); tie != "Level on points with the player above; Events won decided: 1 against 0." {
			t.Errorf("%s: Bo's tie reads %q", view.name, tie)
		}
		screenshot(t, view.ctx, "season-leaderboard-"+view.name)
	}
	if os.Getenv("TENKAICHI_SCREENSHOTS") != "" {
		ctx := screen(t, 1280, 800)
		signIn(t, ctx, sf.a)
		for i, st := range states {
			navigate(t, ctx, sf.a.srv.URL+st.path)
			if st.reach != nil {
				st.reach(t, ctx)
			}
			screenshot(t, ctx, fmt.Sprintf("season-state-%02d", i))
		}
	}
}
