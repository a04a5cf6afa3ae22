package server_test

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// requestLog records the requests a browser tab sends from now on.
type requestLog struct {
	mu   sync.Mutex
	seen []string // "GET http://…"
}

func recordRequests(t *testing.T, ctx context.Context) *requestLog {
	t.Helper()
	l := &requestLog{}
	err := chromedp.Listen(ctx, func(ev any) {
		if e, ok := ev.(*network.EventRequestWillBeSent); ok {
			l.mu.Lock()
			l.seen = append(l.seen, e.Request.Method+" "+e.Request.URL)
			l.mu.Unlock()
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func (l *requestLog) list() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.seen...)
}

// A live update of a page that answers a POST (a paste refused, shown with
// its error) asks the server for nothing but GETs: the page's declared
// address and the stream, never the form's address. The control that had
// the focus keeps it, at the same place on the screen, and the live region
// says what changed.
func TestLiveUpdateOfAPostedPageOnlyGets(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "0", "Ann", "Ben")
	d.pairAndPublish(1)
	ben := phone(t)
	navigate(t, ben, a.srv.URL+d.links["Ben"])
	waitFor(t, ben, `[data-testid="report-won"]`)
	do(t, ben,
		fill(`#deck`, "4 FS01-03 Master Roshi\n\x01\n"),
		leadsToNewPage(chromedp.Submit(chromedp.CSS(`#deck`))),
		chromedp.WaitVisible(chromedp.CSS(`#deck-error`)),
	)
	if p := evalJS[string](t, ben, `location.pathname`); !strings.HasSuffix(p, "/deck") {
		t.Fatalf("the refused paste's page is %s", p)
	}
	// Ben's focus is on "I won", the page scrolled so it sits mid-screen.
	do(t, ben, chromedp.Evaluate[chromedp.Void](`(() => {
		const b = document.querySelector('[data-testid="report-won"]');
		b.focus(); window.scrollTo(0, b.getBoundingClientRect().top + scrollY - 300);
	})()`))
	before := evalJS[float64](t, ben, `document.activeElement.getBoundingClientRect().top`)
	waitFor(t, ben, `html[data-live-open]`)
	reqs := recordRequests(t, ben)

	expectRedirect(t, "Ann's report", d.report(d.phone("Ann"), "Ann", "won"), d.links["Ann"])
	waitFor(t, ben, `[data-testid="confirm"]`)

	for _, r := range reqs.list() {
		if !strings.HasPrefix(r, "GET ") {
			t.Errorf("the live update sent %s", r)
		}
		if strings.Contains(r, "/deck") {
			t.Errorf("the live update asked for the form's address: %s", r)
		}
	}
	fetched := false
	for _, r := range reqs.list() {
		fetched = fetched || r == "GET "+a.srv.URL+d.links["Ben"]
	}
	if !fetched {
		t.Errorf("the page's own address was not fetched; requests: %v", reqs.list())
	}
	if f := evalJS[string](t, ben, `document.activeElement.dataset.testid || document.activeElement.tagName`); f != "report-won" {
		t.Errorf("after the update the focus is on %s, not on I won", f)
	}
	if after := evalJS[float64](t, ben, `document.activeElement.getBoundingClientRect().top`); after < before-2 || after > before+2 {
		t.Errorf("the focused button moved on the screen from %.0f to %.0f", before, after)
	}
	said := waitText(t, ben, `[data-live-announce]`, "Ann reported", 15*time.Second)
	if said != "Ann reported “You lost”. Confirm it, or report what happened." {
		t.Errorf("the live region said %q", said)
	}
	if kept := evalJS[string](t, ben, `document.querySelector("#deck").value`); !strings.Contains(kept, "Master Roshi") {
		t.Errorf("the refused paste was lost: %q", kept)
	}
}

// waitText waits (up to d) until the element's text contains want, and
// returns it.
func waitText(t *testing.T, ctx context.Context, css, want string, d time.Duration) string {
	t.Helper()
	deadline := time.Now().Add(d)
	for {
		got, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`(document.querySelector(`+jsString(css)+`) || {}).textContent || ""`))
		if strings.Contains(got, want) || time.Now().After(deadline) {
			return strings.TrimSpace(got)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func jsString(s string) string { return fmt.Sprintf("%q", s) }

// press sends keys as a keyboard does.
func press(keys string) chromedp.Action[chromedp.Void] { return chromedp.KeyEvent(keys) }

// tabTo presses Tab until the focus is on an element matching css, and
// returns how many presses it took; it fails after max.
func tabTo(t *testing.T, ctx context.Context, css string, max int) int {
	t.Helper()
	for n := 1; n <= max; n++ {
		do(t, ctx, press(kb.Tab))
		if evalJS[bool](t, ctx, `document.activeElement.matches(`+jsString(css)+`)`) {
			return n
		}
	}
	t.Fatalf("%s not reached in %d Tab presses (focus on %s)", css, max, evalJS[string](t, ctx, `document.activeElement.outerHTML.slice(0, 120)`))
	return 0
}

// fromTop starts keyboard navigation at the top of the page, as a page
// just opened does: the next Tab goes to its first control.
func fromTop(t *testing.T, ctx context.Context) {
	t.Helper()
	do(t, ctx, chromedp.Evaluate[chromedp.Void](`(() => {
		const mark = document.createElement("span");
		mark.tabIndex = -1;
		document.body.prepend(mark);
		mark.focus();
		mark.remove();
		window.scrollTo(0, 0);
	})()`))
}

// insertText types text at the focus as a paste does.
func insertText(text string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, input.InsertText, input.InsertTextParams{Text: text})
		return err
	})
}

// A player with a keyboard alone pastes a decklist (the verdict, not
// legal, takes the focus as an alert, and the saved notice is not styled
// as good news), calls a judge (a few Tab presses from the top, before the
// decklist), reports a win; the opponent confirms it, and the loss is not
// shown as a success.
func TestKeyboardOnlyPlayer(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	importCards(t, a)
	d := newDayEvent(t, a, org, "0", "Ann", "Ben")
	d.pairAndPublish(1)
	ctx := phone(t)
	navigate(t, ctx, a.srv.URL+d.links["Ann"])
	waitFor(t, ctx, `[data-testid="report-won"]`)

	// The judge is within reach: before the decklist in the Tab order.
	fromTop(t, ctx)
	toJudge := tabTo(t, ctx, `[data-testid="call-judge"]`, 30)
	fromTop(t, ctx)
	toDeck := tabTo(t, ctx, `#deck`, 40)
	if toJudge >= toDeck {
		t.Errorf("Call a judge is %d Tab presses from the top, the decklist %d: the judge must come first", toJudge, toDeck)
	}
	if y := evalJS[float64](t, ctx, `document.querySelector('[data-testid="call-judge"]').getBoundingClientRect().top - document.querySelector('.deck-section').getBoundingClientRect().top`); y >= 0 {
		t.Error("Call a judge is below the decklist")
	}

	// Paste a list that is not legal, then Tab to the button and Enter.
	deck := string(fixture(t, "decklists/fs01-starter-son-goku.txt")) + "\n4 FB01-056\n"
	do(t, ctx, insertText(deck))
	tabTo(t, ctx, `.deck-section button[type=submit]`, 3)
	do(t, ctx, leadsToNewPage(press(kb.Enter)))
	waitFor(t, ctx, `#deck-verdict`)
	if f := evalJS[string](t, ctx, `document.activeElement.id + " " + document.activeElement.getAttribute("role")`); f != "deck-verdict alert" {
		t.Errorf("after saving a list that is not legal the focus is on %q, not on the verdict (an alert)", f)
	}
	notice := evalJS[string](t, ctx, `getComputedStyle(document.querySelector('[data-testid="player-notice"]')).borderLeftColor`)
	ok := evalJS[string](t, ctx, `(() => { const p = document.createElement("p"); p.style.color = "var(--ok)"; document.body.append(p); const c = getComputedStyle(p).color; p.remove(); return c; })()`)
	if notice == ok {
		t.Errorf("'Decklist saved, not legal' is shown in the success colour %s", ok)
	}

	// Call a judge.
	fromTop(t, ctx)
	tabTo(t, ctx, `[data-testid="call-judge"]`, 30)
	do(t, ctx, leadsToNewPage(press(kb.Enter)))
	waitFor(t, ctx, `[data-testid="judge-called"]`)

	// Report a win.
	fromTop(t, ctx)
	tabTo(t, ctx, `[data-testid="report-won"]`, 30)
	do(t, ctx, leadsToNewPage(press(kb.Enter)))
	waitFor(t, ctx, `[data-testid="my-report"]`)
	if s := text(t, ctx, `[data-testid="match-status"]`); s != "Waiting for Ben to confirm." {
		t.Fatalf("after Ann's report: %q", s)
	}

	// Ben confirms with the keyboard, and sees his loss, not as a success.
	navigate(t, ctx, a.srv.URL+d.links["Ben"])
	waitFor(t, ctx, `[data-testid="confirm"]`)
	fromTop(t, ctx)
	tabTo(t, ctx, `[data-testid="confirm"]`, 30)
	do(t, ctx, leadsToNewPage(press(kb.Enter)))
	waitFor(t, ctx, `[data-testid="final-result"]`)
	if r := text(t, ctx, `[data-testid="final-result"]`); r != "You lost" {
		t.Fatalf("Ben's result: %q", r)
	}
	if c := evalJS[string](t, ctx, `getComputedStyle(document.querySelector('[data-testid="final-result"]')).color`); c == ok {
		t.Errorf("a lost match is shown in the success colour %s", c)
	}
}

// Staff enter results with the keyboard: the skip link leads past the
// navigation, and after each Save the page comes back with the focus on the
// next table without a result, and "Save" names its table.
func TestKeyboardOnlyStaffResultEntry(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "0", "Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
	d.pairAndPublish(1)
	ctx := screen(t, 1280, 800)
	signIn(t, ctx, a)
	navigate(t, ctx, a.srv.URL+d.path+"/rounds/1")
	waitFor(t, ctx, `table.matches`)

	fromTop(t, ctx)
	do(t, ctx, press(kb.Tab))
	if f := evalJS[string](t, ctx, `document.activeElement.className`); f != "skip-link" {
		t.Fatalf("the first Tab stop is %q, not the skip link", f)
	}
	do(t, ctx, press(kb.Enter))
	if f := evalJS[string](t, ctx, `document.activeElement.id`); f != "main" {
		t.Fatalf("the skip link took the focus to %q", f)
	}
	stops := tabTo(t, ctx, `select[name=result]`, 40)
	t.Logf("first result box: %d Tab presses after the skip link", stops)

	ms := d.roundMatches(1)
	for i := 0; i < 3; i++ {
		label := evalJS[string](t, ctx, `document.activeElement.getAttribute("aria-label")`)
		if want := fmt.Sprintf("Result at table %d", i+1); label != want {
			t.Fatalf("result %d: the focus is on %q, want %q", i+1, label, want)
		}
		do(t, ctx, press(kb.ArrowDown))
		do(t, ctx, press(kb.Tab))
		save := evalJS[string](t, ctx, `document.activeElement.getAttribute("aria-label") || ""`)
		if !strings.HasPrefix(save, fmt.Sprintf("Save the result of table %d (", i+1)) {
			t.Fatalf("after the result box the focus is on %q", save)
		}
		do(t, ctx, leadsToNewPage(press(kb.Enter)))
		waitFor(t, ctx, `select[name=result]`)
		m, err := a.store.MatchByID(context.Background(), d.id, ms[i].ID)
		if err != nil || m.Status != "confirmed" {
			t.Fatalf("table %d after Save: %v %v", i+1, m, err)
		}
		// The saved table stays in view: the page did not jump to the top.
		if y := evalJS[float64](t, ctx, `scrollY`); i > 0 && y == 0 && evalJS[bool](t, ctx, `document.documentElement.scrollHeight > innerHeight`) {
			t.Errorf("after saving table %d the page is back at the top", i+1)
		}
	}
	if f := evalJS[string](t, ctx, `document.activeElement.getAttribute("aria-label")`); f != "Result at table 4" {
		t.Fatalf("after three results the focus is on %q", f)
	}
}

// The standings fit a phone (390 px) and a laptop at 200 % zoom (640 CSS
// px): no cell is cut off or pushed past the screen's edge, and the page
// does not scroll sideways.
func TestStandingsFitAPhoneAndZoom(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "0", "Anastasia Konstantinopoulou-Wolfeschlegelsteinhausen", "Ben", "Cat", "Dan", "Eve", "Fay")
	d.pairAndPublish(1)
	d.reportByPhones(1, false, firstNamed)
	for _, view := range []struct {
		name  string
		ctx   func() context.Context
		scale float64
	}{
		{"phone 390 px", func() context.Context { return phone(t) }, 0},
		{"1280 px at 200 %", func() context.Context { return screen(t, 1280, 800) }, 2},
	} {
		ctx := view.ctx()
		if view.scale > 0 {
			// 200 % zoom: a 1280×800 window shows 640×400 CSS pixels.
			do(t, ctx, chromedp.EmulateViewport(640, 400, chromedp.EmulateScale(view.scale)))
		}
		navigate(t, ctx, a.srv.URL+d.path+"/standings")
		waitFor(t, ctx, `table.standings`)
		noSideScroll(t, ctx, "standings, "+view.name)
		cut := evalJS[[]string](t, ctx, `[...document.querySelectorAll("table.standings td")].filter(td => {
			const r = td.getBoundingClientRect();
			return r.right > innerWidth + 1 || r.left < -1 || td.scrollWidth > td.clientWidth + 1;
		}).map(td => td.className + ": " + td.textContent.trim())`)
		for _, c := range cut {
			t.Errorf("%s: cut off: %s", view.name, c)
		}
		if n := evalJS[int](t, ctx, `document.querySelectorAll("table.standings td.tiebreak").length`); n == 0 {
			t.Errorf("%s: no tiebreakers shown", view.name)
		}
	}
}

// Without JavaScript the player's page says its clock does not count down,
// and offers a reload; with JavaScript it says nothing of the kind.
func TestPlayerClockWithoutJavaScript(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "0", "Ann", "Ben")
	d.pairAndPublish(1)
	round := d.path + "/rounds/1"
	expectRedirect(t, "start the clock", org.post(round, round+"/clock", url.Values{"action": {"start"}}), round)
	ctx := phone(t)
	navigate(t, ctx, a.srv.URL+d.links["Ann"])
	waitFor(t, ctx, `time.countdown[data-synced]`)
	if n := evalJS[bool](t, ctx, `!!document.querySelector('[data-testid="clock-not-live"]')`); n {
		t.Error("with JavaScript the page says the clock is not live")
	}
	do(t, ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true})
		return err
	}))
	navigate(t, ctx, a.srv.URL+d.links["Ann"])
	waitFor(t, ctx, `[data-testid="clock-not-live"]`)
	note := text(t, ctx, `[data-testid="clock-not-live"]`)
	if !strings.Contains(note, "does not count down") {
		t.Errorf("the note: %q", note)
	}
	if href := evalJS[string](t, ctx, `document.querySelector('[data-testid="clock-not-live"] a').getAttribute("href")`); href != d.links["Ann"] {
		t.Errorf("the reload link goes to %q", href)
	}
}

// The clock is a timer (silent as it ticks); at a whole minute the live
// region says the time left.
func TestClockAnnouncesWholeMinutes(t *testing.T) {
	t.Parallel()
	a, clock := newClockedApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "0", "Ann", "Ben")
	d.pairAndPublish(1)
	round := d.path + "/rounds/1"
	expectRedirect(t, "start the clock", org.post(round, round+"/clock", url.Values{"action": {"start"}}), round)
	ctx := phone(t)
	// 35 minutes less 70 seconds later: 1:10 is left.
	clock.advance(t, 35*time.Minute-70*time.Second)
	clock.follow(t, ctx, 0)
	navigate(t, ctx, a.srv.URL+d.links["Ann"])
	waitFor(t, ctx, `time.countdown[data-synced]`)
	if r := evalJS[string](t, ctx, `document.querySelector("time.countdown").getAttribute("role")`); r != "timer" {
		t.Errorf("the countdown's role is %q", r)
	}
	if s := evalJS[string](t, ctx, `document.querySelector("[data-live-announce]").textContent`); s != "" {
		t.Errorf("the live region spoke before a minute mark: %q", s)
	}
	clock.advance(t, 10*time.Second)
	if said := waitText(t, ctx, `[data-live-announce]`, "minute", 40*time.Second); said != "1 minute left" {
		t.Errorf("at 1:00 the live region said %q", said)
	}
}
