package server_test

import (
	"context"
	"net/url"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// overflowing lists the elements that reach past the right edge of the
// screen, leaving out those inside a box that scrolls sideways by design
// (a wide table in a scroll box).
const overflowing = `(() => {
	const out = [];
	for (const el of document.body.querySelectorAll('*')) {
		const r = el.getBoundingClientRect();
		if (r.width === 0 || r.right <= window.innerWidth + 1) continue;
		let scrolls = false;
		for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
			const x = getComputedStyle(p).overflowX;
			if (x === 'auto' || x === 'scroll' || x === 'hidden') { scrolls = true; break; }
		}
		if (!scrolls) out.push(el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + ' ' + Math.round(r.right));
	}
	return out;
})()`

// A player switches their phone to Deutsch with the selector at the foot of
// the page, with JavaScript off and on: the page comes back in German
// (<html lang="de">, the selector's own label), the choice sticks on the
// next visit, and nothing is wider than the screen.
func TestPhoneSwitchesToGermanWithTheSelector(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "0", "Ann", "Ben")
	d.pairAndPublish(1)
	for _, js := range []bool{false, true} {
		name := "JavaScript on"
		if !js {
			name = "JavaScript off"
		}
		t.Run(name, func(t *testing.T) {
			ctx := phone(t)
			if !js {
				do(t, ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
					_, err := cdp.Call(ctx, tg, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true})
					return err
				}))
			}
			link := a.srv.URL + d.links["Ann"]
			navigate(t, ctx, link)
			waitFor(t, ctx, `[data-testid="language-selector"]`)
			if lang := evalJS[string](t, ctx, `document.documentElement.lang`); lang != "en" {
				t.Fatalf("before choosing: <html lang=%q>", lang)
			}
			if label := text(t, ctx, `label[for="site-language"]`); label != "Language" {
				t.Errorf("selector label %q", label)
			}
			noSideScroll(t, ctx, "player page in English")
			do(t, ctx,
				chromedp.SetValue(chromedp.CSS(`#site-language`), "de"),
				leadsToNewPage(chromedp.Click(chromedp.CSS(`[data-testid="language-selector"] button`))),
				chromedp.WaitVisible(chromedp.CSS(`[data-testid="language-selector"]`)),
			)
			if url := evalJS[string](t, ctx, `location.href`); url != link {
				t.Errorf("after choosing, the phone is at %s, not back on its page", url)
			}
			if lang := evalJS[string](t, ctx, `document.documentElement.lang`); lang != "de" {
				t.Errorf("after choosing Deutsch: <html lang=%q>", lang)
			}
			if label := text(t, ctx, `label[for="site-language"]`); label != "Sprache" {
				t.Errorf("selector label after choosing Deutsch: %q", label)
			}
			if v := evalJS[string](t, ctx, `document.querySelector('#site-language').value`); v != "de" {
				t.Errorf("the selector shows %q", v)
			}
			noSideScroll(t, ctx, "player page in German")
			if wide := evalJS[[]string](t, ctx, overflowing); len(wide) > 0 {
				t.Errorf("wider than the screen in German: %v", wide)
			}
			// The choice sticks: the standings, opened afresh, are German too.
			navigate(t, ctx, a.srv.URL+d.path+"/standings")
			waitFor(t, ctx, `[data-testid="language-selector"]`)
			if lang := evalJS[string](t, ctx, `document.documentElement.lang`); lang != "de" {
				t.Errorf("standings after choosing Deutsch: <html lang=%q>", lang)
			}
			if wide := evalJS[[]string](t, ctx, overflowing); len(wide) > 0 {
				t.Errorf("standings wider than the screen in German: %v", wide)
			}
		})
	}
}

// germanClockEvent is a German event (its projector in German) with Ann and
// Ben paired in round 1, published, its clock changed by actions in turn;
// it gives the round as the last action left it, and the test clock the
// server runs on.
func germanClockEvent(t *testing.T, actions ...storage.ClockAction) (*app, *dayEvent, *storage.Round, *testClock) {
	t.Helper()
	a, clock := newClockedApp(t)
	d := newDayEvent(t, a, a.organiser(), "0", "Ann", "Ben")
	d.pairAndPublish(1)
	setEventLanguage(t, a, d.id, "de")
	var r *storage.Round
	for _, action := range actions {
		var err error
		if r, err = a.store.ChangeClock(context.Background(), liveOrg, d.id, 1, action, 0); err != nil {
			t.Fatal(err)
		}
	}
	return a, d, r, clock
}

// When a round's clock runs out while a page is open, live.js puts the
// time's-up note beside the countdown in the page's language, as the
// server renders it: on a player's phone in Japanese (the selector's
// cookie) and on the projector in the event's language, German.
func TestTimeUpNoteInThePagesLanguage(t *testing.T) {
	t.Parallel()
	a, d, r, clock := germanClockEvent(t, storage.ClockStart)
	// leave sets the running clock to a few seconds from now.
	leave := func(r *storage.Round) {
		t.Helper()
		if _, err := a.store.ChangeClock(context.Background(), liveOrg, d.id, 1, storage.ClockAdd, 4*time.Second-r.Deadline.Sub(clock.Now())); err != nil {
			t.Fatal(err)
		}
	}
	leave(r)
	ctx := phone(t)
	clock.follow(t, ctx, 0)
	note := `(document.querySelector("time.countdown + .countdown-note") || {}).textContent`
	timeUp := func(where, lang string) {
		t.Helper()
		want := i18n.T(i18n.WithLanguage(context.Background(), lang), "PhoneTimeUp", nil)
		if want == i18n.T(context.Background(), "PhoneTimeUp", nil) {
			t.Fatalf("%s: PhoneTimeUp is English in %s", where, lang)
		}
		waitFor(t, ctx, `time.countdown[data-synced]`)
		if evalJS[bool](t, ctx, note+` !== undefined`) {
			t.Fatalf("%s: a time's-up note before time is up:\n%s", where, pageText(ctx))
		}
		clock.advance(t, 4*time.Second)
		wctx, cancel := context.WithTimeout(ctx, 15*time.Second)
		defer cancel()
		js := `document.querySelector("time.countdown").textContent === "0:00" && ` + note + ` !== undefined`
		if _, err := chromedp.Run(wctx, chromedp.Poll[bool](js, chromedp.WithPollingInterval(100*time.Millisecond))); err != nil {
			t.Fatalf("%s: time is not up on the page: %v\n%s", where, err, pageText(ctx))
		}
		if got := evalJS[string](t, ctx, note); got != want {
			t.Errorf("%s: the note at time up says %q, not %q", where, got, want)
		}
	}
	navigate(t, ctx, a.srv.URL+"/language?"+url.Values{"lang": {"ja"}, "back": {"/"}}.Encode())
	navigate(t, ctx, a.srv.URL+d.links["Ann"])
	timeUp("player page in Japanese", "ja")

	r, err := a.store.RoundByNumber(context.Background(), d.id, 1)
	if err != nil {
		t.Fatal(err)
	}
	leave(r)
	navigate(t, ctx, a.srv.URL+d.path+"/projector")
	timeUp("projector in German", "de")
}

// A paused clock says so in the page's language, and only once: on the
// projector in the event's language (German) and on a player's phone in
// Japanese, with nothing of the style sheet's own words beside it (it used
// to add " (paused)" after every paused countdown).
func TestPausedClockInThePagesLanguage(t *testing.T) {
	t.Parallel()
	a, d, _, _ := germanClockEvent(t, storage.ClockStart, storage.ClockPause)
	ctx := phone(t)
	navigate(t, ctx, a.srv.URL+"/language?"+url.Values{"lang": {"ja"}, "back": {"/"}}.Encode())
	for _, p := range []struct{ where, lang, path string }{
		{"projector in German", "de", d.path + "/projector"},
		{"player page in Japanese", "ja", d.links["Ann"]},
	} {
		navigate(t, ctx, a.srv.URL+p.path)
		waitFor(t, ctx, `time.countdown[data-synced][data-state="paused"]`)
		want := i18n.T(i18n.WithLanguage(context.Background(), p.lang), "StaffClockPaused", nil)
		if got := evalJS[[]string](t, ctx, `[...document.querySelectorAll(".clock-state")].map(e => e.textContent)`); len(got) != 1 || got[0] != want {
			t.Errorf("%s: the paused clock says %q, want [%q]", p.where, got, want)
		}
		if after := evalJS[string](t, ctx, `getComputedStyle(document.querySelector("time.countdown"), "::after").content`); after != "none" && after != "normal" {
			t.Errorf("%s: the style sheet adds %s to the countdown", p.where, after)
		}
	}
}
