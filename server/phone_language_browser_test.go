package server_test

import (
	"context"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// The phone pages in every offered language on a 390×844 phone: the
// player's page with a result to confirm, the page with a bye, the game
// tracker's start and the registration page are no wider than the screen
// and nothing reaches past its edge (long German words, Japanese without
// spaces). With TENKAICHI_SCREENSHOTS=DIR each page is saved there as a
// PNG to look at.
func TestPhonePagesFitInEveryLanguage(t *testing.T) {
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "0", "Annemarie Schwarzenbach-Oberhuber", "Ben", "Cal")
	ctx := context.Background()
	ev, _ := a.store.EventByID(ctx, d.id)
	ev.SelfRegistration = true
	if err := a.store.UpdateEvent(ctx, storage.Actor{Name: "test"}, ev); err != nil {
		t.Fatal(err)
	}
	d.pairAndPublish(1)
	var paired []string
	bye := ""
	for name, link := range d.links {
		if strings.Contains(d.phone(name).get(link).body, `data-testid="my-table"`) {
			paired = append(paired, name)
		} else {
			bye = name
		}
	}
	if len(paired) != 2 || bye == "" {
		t.Fatalf("round 1: paired %v, bye %q", paired, bye)
	}
	d.report(d.phone(paired[1]), paired[1], "won")
	pages := map[string]string{
		"confirm":  d.links[paired[0]],
		"bye":      d.links[bye],
		"tracker":  d.links[paired[0]] + "/game",
		"register": d.path + "/register",
	}
	shots := os.Getenv("TENKAICHI_SCREENSHOTS")
	b := phone(t)
	for _, l := range i18n.Languages() {
		for name, path := range pages {
			where := l.Code + " " + name
			// The selector's link sets this phone's language and comes back.
			navigate(t, b, a.srv.URL+"/language?"+url.Values{"lang": {l.Code}, "back": {path}}.Encode())
			waitFor(t, b, "main")
			if got := evalJS[string](t, b, `document.documentElement.lang`); got != l.Code {
				t.Fatalf("%s: <html lang=%q>", where, got)
			}
			noSideScroll(t, b, where)
			if out := evalJS[[]string](t, b, overflowing); len(out) > 0 {
				t.Errorf("%s: past the screen's edge: %v", where, out)
			}
			if shots != "" {
				png, err := chromedp.Run(b, chromedp.FullScreenshot(100))
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(shots, l.Code+"-"+name+".png"), png, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}
