package server_test

import (
	"os"
	"testing"

	"github.com/chromedp/chromedp"
)

func TestZZShots(t *testing.T) {
	f := newJudgeFixture(t)
	page := f.uploadLog(t, f.judge, "Table 4", firstTurnAttack)
	game, _ := os.ReadFile("../rules/engine/testdata/feature-match.log")
	f.uploadLog(t, f.judge, "Feature", string(game))
	ctx := phone(t)
	// copy cookies: sign in in the browser
	err := chromedp.Do(ctx,
		chromedp.Navigate(f.a.srv.URL+"/login"),
		chromedp.WaitVisible(chromedp.CSS(`#username`)),
		chromedp.SendKeys(chromedp.CSS(`#username`), "jules"),
		chromedp.SendKeys(chromedp.CSS(`#password`), testPassword),
		chromedp.Submit(chromedp.CSS(`#password`)),
		chromedp.WaitVisible(chromedp.CSS(`a[href="/account"]`)),
	)
	if err != nil {
		t.Fatal(err)
	}
	for i, u := range []string{page + "/record", "/rules/cr-7-2"} {
		if err := chromedp.Do(ctx, chromedp.Navigate(f.a.srv.URL+u), chromedp.WaitVisible(chromedp.CSS(`main`))); err != nil {
			t.Fatal(err)
		}
		noSideScroll(t, ctx, u)
		buf, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile("/tmp/shot"+string(rune('0'+i))+".png", buf, 0o644)
	}
}
