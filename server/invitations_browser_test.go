package server_test

import (
	"context"
	"net/url"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
)

// signInAs signs the browser in with one of the test accounts.
func signInAs(t *testing.T, ctx context.Context, a *app, username string) {
	t.Helper()
	do(t, ctx,
		chromedp.Navigate(a.srv.URL+"/login"),
		chromedp.WaitVisible(chromedp.CSS(`#username`)),
		chromedp.SendKeys(chromedp.CSS(`#username`), username),
		chromedp.SendKeys(chromedp.CSS(`#password`), testPassword),
		leadsToNewPage(chromedp.Submit(chromedp.CSS(`#password`))),
		chromedp.WaitVisible(chromedp.CSS(`a[href="/account"]`)),
	)
}

// auditPage fails the test for what axe-core finds serious on the page
// and for controls that share a name but do different things.
func auditPage(t *testing.T, ctx context.Context, where string) {
	t.Helper()
	axe := axeSource(t)
	for _, v := range runAxe(t, ctx, axe) {
		t.Errorf("%s: %s", where, v)
	}
	for _, d := range sameNameControls(t, ctx) {
		t.Errorf("%s: %s", where, d)
	}
}

// A judge answers a store's invitation on a phone: the account page lists
// it with Accept and Decline (each named after the store), and accepting
// makes the judge a member. The organiser's store page lists the invited
// names, on a laptop.
func TestInvitationAnsweredOnAPhone(t *testing.T) {
	t.Parallel()
	f := newTwoStores(t)
	storeB := "/stores/" + strconv.FormatInt(f.storeB, 10)
	for _, name := range []string{f.judgeAName, "nobody"} {
		expectRedirect(t, "invite "+name, f.orgB.post(storeB, storeB+"/members", url.Values{"username": {name}}), storeB)
	}

	desk := screen(t, 1280, 800)
	signInAs(t, desk, f.a, f.orgBName)
	navigate(t, desk, f.a.srv.URL+storeB)
	waitFor(t, desk, `[data-testid="invitations"]`)
	auditPage(t, desk, "store page with invitations")
	screenshot(t, desk, "store-invitations-1280")

	judge := phone(t)
	signInAs(t, judge, f.a, f.judgeAName)
	navigate(t, judge, f.a.srv.URL+"/account")
	waitFor(t, judge, `[data-testid="account-invitations"]`)
	auditPage(t, judge, "account page with an invitation")
	screenshot(t, judge, "account-invitation-390")
	do(t, judge, leadsToNewPage(chromedp.Click(chromedp.CSS(`[data-testid="account-invitations"] button[aria-label="Accept the invitation of Other store"]`))))
	if got := waitText(t, judge, `p.flash`, "You have joined the store.", 5*time.Second); got != "You have joined the store." {
		t.Errorf("after accepting, the notice says %q", got)
	}
	if ok, _ := accounts.New(f.a.store).IsShopMember(context.Background(), f.storeB, f.judgeAID); !ok {
		t.Fatal("accepted on the phone, the judge is not a member")
	}
}
