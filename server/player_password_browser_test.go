package server_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
)

// A player on their phone sets a password of their own, then signs in with
// their player number and it on another phone, through the sign-in form;
// both pages audited by axe-core when AXE_CORE_JS is set and saved with
// TENKAICHI_SCREENSHOTS=dir.
func TestPlayerPasswordOnThePhone(t *testing.T) {
	t.Parallel()
	f := newLeagueFixture(t)
	ctx := phone(t)
	navigate(t, ctx, f.a.srv.URL+f.link)
	do(t, ctx, leadsToNewPage(chromedp.Click(chromedp.CSS(`[data-testid=my-profile]`))))
	// Too short: the form comes back naming the field.
	do(t, ctx, fill(`#password`, "short"), fill(`#password_confirm`, "short"),
		leadsToNewPage(chromedp.Click(chromedp.CSS(`[data-testid=set-password]`))))
	if got := evalJS[string](t, ctx, `document.querySelector("#password").getAttribute("aria-invalid") + " " + document.body.innerText`); !strings.HasPrefix(got, "true ") ||
		!strings.Contains(got, "The password needs at least 8 characters.") {
		t.Errorf("a five-letter password: %.300s", got)
	}
	screenshot(t, ctx, "player-password-error-390")
	do(t, ctx, fill(`#password`, "kamehameha"), fill(`#password_confirm`, "kamehameha"),
		leadsToNewPage(chromedp.Click(chromedp.CSS(`[data-testid=set-password]`))))
	if got := text(t, ctx, `[data-testid=own-password]`); !strings.Contains(got, "sign in with your player number "+strconv.FormatInt(f.goku, 10)) {
		t.Fatalf("after setting the password the page says %q", got)
	}
	auditProfilePage(t, ctx, "own settings with a password")
	screenshot(t, ctx, "player-password-390")

	other := phone(t)
	navigate(t, other, f.a.srv.URL+"/me/signin")
	auditProfilePage(t, other, "player sign-in")
	screenshot(t, other, "player-signin-390")
	do(t, other, fill(`#number`, strconv.FormatInt(f.goku, 10)), fill(`#password`, "kamehameha"),
		leadsToNewPage(chromedp.Click(chromedp.CSS(`[data-testid=player-sign-in-button]`))))
	if got := text(t, other, `[data-testid=own-visibility]`); !strings.Contains(got, "Your profile is private") {
		t.Errorf("signed in by password, the page says %q", got)
	}
}

// A long leaderboard on a phone: 100 rows a page, the next page a tap
// away, and a player found by name through the search form.
func TestLongLeaderboardOnThePhone(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	first, err := accounts.New(a.store).FirstShop(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	importCrowd(t, a, first.ID, 150)
	f := &seasonFixture{a: a, org: org, store: first.ID}
	board := "/seasons/" + strconv.FormatInt(f.createSeason(t, seasonForm()), 10)
	ctx := phone(t)
	navigate(t, ctx, a.srv.URL+board)
	if n := evalJS[int](t, ctx, `document.querySelectorAll("[data-testid=leaderboard] tbody tr:not(.cut-line)").length`); n != 100 {
		t.Errorf("%d rows on the first page, want 100", n)
	}
	auditProfilePage(t, ctx, "long leaderboard")
	screenshot(t, ctx, "leaderboard-long-390")
	do(t, ctx, leadsToNewPage(chromedp.Click(chromedp.CSS(`[data-testid=next-page]`))))
	if got := text(t, ctx, `[data-testid=board-pages]`); !strings.Contains(got, "Page 2 of 2") {
		t.Errorf("after Next page: %q", got)
	}
	do(t, ctx, fill(`#board-q`, "player 07"), leadsToNewPage(chromedp.Click(chromedp.CSS(`[data-testid=board-search] button`))))
	if n := evalJS[int](t, ctx, `document.querySelectorAll("[data-testid=leaderboard] tbody tr:not(.cut-line)").length`); n != 10 {
		t.Errorf("%d rows found for “player 07”, want 10", n)
	}
	screenshot(t, ctx, "leaderboard-search-390")
}
