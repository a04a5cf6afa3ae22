package server_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"
)

// phone opens a headless Chromium with a phone-sized screen. Under CI=true a
// missing browser fails the test; elsewhere it is skipped with a note.
func phone(t *testing.T) context.Context {
	t.Helper()
	return chromium(t, 390, 844, true)
}

// screen opens a headless Chromium with a laptop's (or a venue screen's)
// window of w×h.
func screen(t *testing.T, w, h int64) context.Context {
	t.Helper()
	return chromium(t, w, h, false)
}

// chromium opens a tab of w×h in the test binary's one headless Chromium, in
// a browser context of its own (cookies, storage and cache apart from every
// other test's, as a browser of its own would have them).
func chromium(t *testing.T, w, h int64, mobile bool) context.Context {
	t.Helper()
	bctx, err := sharedChromium(t)
	if err != nil {
		t.Fatalf("start Chromium: %v", err)
	}
	ctx, cancelCtx := chromedp.NewContext(bctx, chromedp.WithNewBrowserContext())
	ctx, cancelTimeout := context.WithTimeout(ctx, 3*time.Minute)
	t.Cleanup(func() { cancelTimeout(); cancelCtx() })
	view := []chromedp.EmulateViewportOption{}
	if mobile {
		view = append(view, chromedp.EmulateScale(3), chromedp.EmulateMobile)
	}
	if err := chromedp.Do(ctx, windowSize(w, h), chromedp.EmulateViewport(w, h, view...)); err != nil {
		t.Fatalf("open a Chromium tab: %v", err)
	}
	return ctx
}

// windowSize gives the tab's window the size a browser of its own was
// started with (--window-size).
func windowSize(w, h int64) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		win, err := cdp.Call(ctx, tg, cdpbrowser.GetWindowForTarget, cdpbrowser.GetWindowForTargetParams{})
		if err != nil {
			return err
		}
		_, err = cdp.Call(ctx, tg, cdpbrowser.SetWindowBounds, cdpbrowser.SetWindowBoundsParams{WindowID: win.WindowID,
			Bounds: &cdpbrowser.Bounds{Width: w, Height: h}})
		return err
	})
}

// The test binary's Chromium: started by the first browser test, stopped by
// TestMain when every test has run. Starting one per test cost about a
// second each, and more on a busy machine.
var shared struct {
	once   sync.Once
	ctx    context.Context // the browser's first context; tests open tabs under it
	err    error
	cancel context.CancelFunc
}

// sharedChromium starts the browser once, or skips the test without one
// (fails it under CI=true).
func sharedChromium(t *testing.T) (context.Context, error) {
	t.Helper()
	path := chromiumPath()
	if path == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("no Chromium found (install Debian's chromium package; make test does under CI)")
		}
		t.Skip("no Chromium found; browser tests skipped (make test installs it under CI=true)")
	}
	shared.once.Do(func() {
		opts := append(chromedp.DefaultExecAllocatorOptions[:],
			chromedp.ExecPath(path),
			chromedp.NoSandbox,
			chromedp.DisableGPU,
			chromedp.Flag("disable-background-networking", true),
			chromedp.Flag("disable-component-update", true),
			chromedp.Flag("disable-sync", true),
			chromedp.Flag("disable-quic", true),
		)
		actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		ctx, cancelCtx := chromedp.NewContext(actx)
		shared.ctx, shared.cancel = ctx, func() { cancelCtx(); cancelAlloc() }
		// The first run starts the process (and opens its first tab).
		shared.err = chromedp.Do(ctx)
	})
	return shared.ctx, shared.err
}

func chromiumPath() string {
	if path := os.Getenv("CHROMIUM"); path != "" {
		return path
	}
	for _, p := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if found, err := exec.LookPath(p); err == nil {
			return found
		}
	}
	return ""
}

// TestMain stops the shared Chromium after the tests.
func TestMain(m *testing.M) {
	code := m.Run()
	if shared.cancel != nil {
		shared.cancel()
	}
	os.Exit(code)
}

// noSideScroll fails when the page is wider than the phone's screen.
func noSideScroll(t *testing.T, ctx context.Context, where string) {
	t.Helper()
	wide, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.documentElement.scrollWidth > window.innerWidth + 1`))
	if err != nil {
		t.Fatal(err)
	}
	if wide {
		t.Errorf("%s: page is wider than a phone screen", where)
	}
}

func TestPhoneSetupAndCreateEvent(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	ctx := phone(t)
	err := chromedp.Do(ctx,
		chromedp.Navigate(a.srv.URL+"/"),
		chromedp.WaitVisible(chromedp.CSS(`#username`)),
	)
	if err != nil {
		t.Fatal(err)
	}
	if heading := text(t, ctx, `h1`); heading != "Welcome to Tenkaichi" {
		t.Fatalf("first page heading %q", heading)
	}
	noSideScroll(t, ctx, "setup page")
	err = chromedp.Do(ctx,
		chromedp.SendKeys(chromedp.CSS(`#username`), "org"),
		chromedp.SendKeys(chromedp.CSS(`#password`), testPassword),
		chromedp.SendKeys(chromedp.CSS(`#password2`), testPassword),
		leadsToNewPage(chromedp.Submit(chromedp.CSS(`#password2`))),
		chromedp.WaitVisible(chromedp.CSS(`a.button[href="/events/new"]`)),
		leadsToNewPage(chromedp.Click(chromedp.CSS(`a.button[href="/events/new"]`))),
		chromedp.WaitVisible(chromedp.CSS(`#name`)),
		chromedp.SendKeys(chromedp.CSS(`#name`), "Phone Cup"),
		chromedp.SetValue(chromedp.CSS(`#status`), "registration"),
		leadsToNewPage(chromedp.Submit(chromedp.CSS(`#name`))),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="event-facts"]`)),
	)
	if err != nil {
		t.Fatal(err)
	}
	url, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	if facts := text(t, ctx, `[data-testid="event-facts"]`); !strings.Contains(url, "/events/") || !strings.Contains(facts, "35 minutes") {
		t.Fatalf("after creating: %s\n%s", url, facts)
	}
	noSideScroll(t, ctx, "event page")
	// The event is public now: a visitor's phone finds it on the home page.
	if err := chromedp.Do(ctx, chromedp.Navigate(a.srv.URL+"/")); err != nil {
		t.Fatal(err)
	}
	if home := text(t, ctx, `main`); !strings.Contains(home, "Phone Cup") {
		t.Fatalf("home page does not list the event:\n%s", home)
	}
}

// leadsToNewPage runs a step that sends a form or follows a link and waits
// until the browser has left the page it was on. Without it, a wait for an
// element that the old page also has (a status line, a results table) can
// succeed before the request has even been sent, and the next step then
// cancels it; on a busy machine that happens.
func leadsToNewPage(step chromedp.Action[chromedp.Void]) chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		if _, err := chromedp.Evaluate[chromedp.Void](`window.__tenkaichiOldPage = true`)(ctx, tg); err != nil {
			return chromedp.Void{}, err
		}
		if _, err := step(ctx, tg); err != nil {
			return chromedp.Void{}, err
		}
		for {
			// While the page is being replaced the evaluation may fail;
			// only a page without the mark is the new one, and it is ready
			// once parsed (a loaded machine may show it half-parsed).
			old, err := chromedp.Evaluate[bool](`window.__tenkaichiOldPage === true || document.readyState === "loading"`)(ctx, tg)
			if err == nil && !old {
				return chromedp.Void{}, nil
			}
			select {
			case <-ctx.Done():
				return chromedp.Void{}, fmt.Errorf("the page did not change after the step: %w", ctx.Err())
			case <-time.After(20 * time.Millisecond):
			}
		}
	}
}

// text returns the visible text of the first element matching a CSS selector.
func text(t *testing.T, ctx context.Context, css string) string {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(css)))
	if err != nil {
		t.Fatalf("text of %s: %v", css, err)
	}
	return strings.TrimSpace(s)
}
