package server_test

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// A player on their phone: from the entry's page to "My profile", the
// profile made public and seen, and their removal, asked, confirmed and
// final; each page audited by axe-core when AXE_CORE_JS is set. With
// TENKAICHI_SCREENSHOTS=dir the pages are saved there.
func TestPlayerProfileOnThePhone(t *testing.T) {
	t.Parallel()
	f := newLeagueFixture(t)
	ctx := phone(t)
	navigate(t, ctx, f.a.srv.URL+f.link)
	do(t, ctx, leadsToNewPage(chromedp.Click(chromedp.CSS(`[data-testid=my-profile]`))))
	if got := text(t, ctx, `[data-testid=own-visibility]`); !strings.Contains(got, "Your profile is private") {
		t.Fatalf("own settings say %q", got)
	}
	auditProfilePage(t, ctx, "own settings")
	screenshot(t, ctx, "profile-own-390")
	do(t, ctx, leadsToNewPage(chromedp.Click(chromedp.CSS(`[data-testid=make-public]`))))
	if got := text(t, ctx, `[data-testid=own-visibility]`); !strings.Contains(got, "Your profile is public") {
		t.Fatalf("after making it public the page says %q", got)
	}
	do(t, ctx, leadsToNewPage(chromedp.Click(chromedp.CSS(`[data-testid=open-profile]`))))
	if got := text(t, ctx, `[data-testid=profile-events]`); !strings.Contains(got, "Winter Cup") || !strings.Contains(got, "2-0-0") {
		t.Errorf("the profile's events: %q", got)
	}
	auditProfilePage(t, ctx, "own profile")
	screenshot(t, ctx, "profile-page-390")
	do(t, ctx, leadsToNewPage(chromedp.Click(chromedp.CSS(`[data-testid=own-settings]`))),
		leadsToNewPage(chromedp.Click(chromedp.CSS(`[data-testid=ask-removal]`))))
	auditProfilePage(t, ctx, "removal asked")
	screenshot(t, ctx, "profile-remove-390")
	// The box must be ticked: the browser keeps the form until it is.
	do(t, ctx, chromedp.Click(chromedp.CSS(`[data-testid=remove-me]`)))
	if invalid := evalJS[bool](t, ctx, `!document.querySelector("#confirm").checkValidity()`); !invalid {
		t.Error("the unticked box lets the removal through")
	}
	do(t, ctx, chromedp.Click(chromedp.CSS(`#confirm`)), leadsToNewPage(chromedp.Click(chromedp.CSS(`[data-testid=remove-me]`))))
	if got := evalJS[string](t, ctx, `document.body.innerText`); !strings.Contains(got, "You were removed.") {
		t.Errorf("after the removal the page says:\n%s", got)
	}
	p, err := f.a.store.PlayerByID(context.Background(), f.goku)
	if err != nil || p.AnonymisedAt == nil {
		t.Fatalf("the player is not removed: %+v %v", p, err)
	}
}

// The organiser at a desk: the store's players directory with its possible
// duplicates and a profile, at 1280×800, audited like the phone's pages.
func TestStorePlayersAtTheDesk(t *testing.T) {
	t.Parallel()
	f := newLeagueFixture(t)
	ctx := screen(t, 1280, 800)
	signIn(t, ctx, f.a)
	navigate(t, ctx, f.a.srv.URL+"/stores/"+strconv.FormatInt(f.storeA, 10)+"/players")
	if n := evalJS[int](t, ctx, `document.querySelectorAll("[data-testid=duplicate-group]").length`); n != 2 {
		t.Errorf("%d groups of possible duplicates, want 2", n)
	}
	auditProfilePage(t, ctx, "store's players")
	screenshot(t, ctx, "store-players-1280")
	do(t, ctx, leadsToNewPage(chromedp.Click(chromedp.CSS(`[data-testid=merge]`))))
	if got := text(t, ctx, `[data-testid=merges]`); !strings.Contains(got, "was merged into") {
		t.Errorf("the merges after a merge: %q", got)
	}
	auditProfilePage(t, ctx, "store's players after a merge")
	navigate(t, ctx, f.a.srv.URL+profilePath(f.goku))
	auditProfilePage(t, ctx, "profile, staff")
	screenshot(t, ctx, "profile-staff-1280")
	// The counter: a name checked lists the players like it.
	navigate(t, ctx, f.a.srv.URL+f.running.path+"/players")
	do(t, ctx, fill(`#player_name`, "son goku"), leadsToNewPage(chromedp.Click(chromedp.CSS(`[data-testid=check-name]`))))
	if got := text(t, ctx, `[data-testid=suggestions]`); !strings.Contains(got, "Add as Son Goku") {
		t.Errorf("the counter's suggestions: %q", got)
	}
	auditProfilePage(t, ctx, "players, name checked")
	screenshot(t, ctx, "counter-suggestions-1280")
}

// auditProfilePage reports axe-core's serious and critical findings and the
// controls that share a name on the page shown, when axe-core is at hand.
func auditProfilePage(t *testing.T, ctx context.Context, where string) {
	t.Helper()
	if os.Getenv("AXE_CORE_JS") == "" {
		return
	}
	for _, v := range runAxe(t, ctx, axeSource(t)) {
		t.Errorf("%s: %s", where, v)
	}
	for _, d := range sameNameControls(t, ctx) {
		t.Errorf("%s: %s", where, d)
	}
}
