package server_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
)

// The store tokens page on a phone and a laptop: a token made and shown
// once, with the command to copy, then revoked. TENKAICHI_SCREENSHOTS=DIR
// keeps the screenshots there to look at.
func TestStoreTokensPageInTheBrowser(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	a.organiser()
	first, err := accounts.New(a.store).FirstShop(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	page := a.srv.URL + "/stores/" + strconv.FormatInt(first.ID, 10) + "/tokens"
	for _, size := range [][2]int64{{390, 844}, {1280, 800}} {
		ctx := chromium(t, size[0], size[1], size[0] < 500)
		signIn(t, ctx, a)
		name := "Shop laptop " + strconv.FormatInt(size[0], 10)
		do(t, ctx,
			chromedp.Navigate(page),
			chromedp.WaitVisible(chromedp.CSS(`#name`)),
			fill(`#name`, name),
			leadsToNewPage(chromedp.Submit(chromedp.CSS(`#name`))),
			chromedp.WaitVisible(chromedp.CSS(`[data-testid="new-token"]`)),
		)
		if cmd := text(t, ctx, `[data-testid="push-command"]`); !strings.HasPrefix(cmd, "tenkaichi push --to "+a.srv.URL+" --token tkst_") {
			t.Fatalf("the command to copy: %q", cmd)
		}
		noSideScroll(t, ctx, "a token just made")
		snShot(t, ctx, "store-token-made", size)
		do(t, ctx,
			chromedp.Navigate(page),
			chromedp.WaitVisible(chromedp.CSS(`[data-testid="tokens"]`)),
			leadsToNewPage(chromedp.Submit(chromedp.CSS(`form[action$="/revoke"] button`))),
			chromedp.WaitVisible(chromedp.CSS(`.flash`)),
		)
		if flash := text(t, ctx, `.flash`); !strings.Contains(flash, "The token was revoked") {
			t.Fatalf("after revoking: %q", flash)
		}
		noSideScroll(t, ctx, "tokens list")
		snShot(t, ctx, "store-tokens", size)
	}
}
