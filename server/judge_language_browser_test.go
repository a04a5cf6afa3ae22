package server_test

import (
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// The judge's pages in German (the longest words) and Japanese (no spaces
// to break at) fit a phone's screen: nothing wider than 390 px outside a
// scroll box. With TENKAICHI_SCREENSHOTS=dir each page is also saved there
// as a PNG to look at.
func TestPhoneJudgePagesInGermanAndJapaneseFit(t *testing.T) {
	t.Parallel()
	f := newJudgeFixture(t)
	page := f.uploadLog(t, f.judge, "Table 4, feature match of the second round", firstTurnAttack)
	shots := os.Getenv("TENKAICHI_SCREENSHOTS")
	ctx := phone(t)
	phoneSignIn(t, ctx, f.a, "jules")
	paths := []string{f.base, page + "?step=5", page + "?step=4", page + "/record", "/rules", "/rules?q=blocker",
		"/rules/blocker", "/help/game-log", "/cards", "/decks/check", "/events/" + strconv.FormatInt(f.event.ID, 10) + "/metagame"}
	for _, lang := range []string{"de", "ja"} {
		back := url.QueryEscape(f.base)
		navigate(t, ctx, f.a.srv.URL+"/language?lang="+lang+"&back="+back)
		for i, p := range paths {
			navigate(t, ctx, f.a.srv.URL+p)
			waitFor(t, ctx, "main")
			where := lang + " " + p
			if got := evalJS[string](t, ctx, `document.documentElement.lang`); got != lang {
				t.Errorf("%s: <html lang=%q>", where, got)
			}
			noSideScroll(t, ctx, where)
			if wide := evalJS[[]string](t, ctx, overflowing); len(wide) > 0 {
				t.Errorf("%s: wider than the screen: %s", where, strings.Join(wide, ", "))
			}
			if shots != "" {
				png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
				if err != nil {
					t.Fatal(err)
				}
				name := filepath.Join(shots, lang+"-"+strconv.Itoa(i)+".png")
				if err := os.WriteFile(name, png, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}
