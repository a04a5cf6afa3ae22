package server_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/tenkaichi-org/tenkaichi/server"
)

// testClock is a clock the test moves by hand, so the clock tests never
// wait on the wall: the server reads it (Config.Now and the store's clock)
// and so does every browser tab that follows it (Date.now in the page).
// It stands still until the test advances it.
type testClock struct {
	mu   sync.Mutex
	now  time.Time
	tabs []clockTab
}

// clockTab is a browser tab whose pages read the test clock.
type clockTab struct {
	ctx    context.Context
	skew   time.Duration
	script page.ScriptIdentifier
}

// newClockedApp is newApp with the server and its store on a test clock,
// which starts at the wall's time (so sessions and deadlines look ordinary).
func newClockedApp(t *testing.T) (*app, *testClock) {
	t.Helper()
	c := &testClock{now: time.Now().UTC().Truncate(time.Second)}
	a := newAppWith(t, func(cfg *server.Config) { cfg.Now = c.Now })
	a.store.SetClock(c.Now)
	return a, c
}

// Now is the clock's time.
func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// advance moves the clock on by d, on the server and in every tab that
// follows it (the page's countdowns see it at their next tick).
func (c *testClock) advance(t *testing.T, d time.Duration) {
	t.Helper()
	c.mu.Lock()
	c.now = c.now.Add(d)
	tabs := append([]clockTab(nil), c.tabs...)
	c.mu.Unlock()
	for i, tab := range tabs {
		id := c.pin(t, tab)
		c.mu.Lock()
		c.tabs[i].script = id
		c.mu.Unlock()
	}
}

// follow makes the tab's pages read the clock, skew ahead of it (a phone
// whose own clock is off): Date.now stands still between advances.
func (c *testClock) follow(t *testing.T, ctx context.Context, skew time.Duration) {
	t.Helper()
	tab := clockTab{ctx: ctx, skew: skew}
	tab.script = c.pin(t, tab)
	c.mu.Lock()
	c.tabs = append(c.tabs, tab)
	c.mu.Unlock()
}

// pin sets the tab's time to the clock's: for pages loaded from now on (a
// script run before the page's own, replacing the one of the last time),
// and for the page open now. It returns the script's identifier.
func (c *testClock) pin(t *testing.T, tab clockTab) page.ScriptIdentifier {
	t.Helper()
	ms := c.Now().Add(tab.skew).UnixMilli()
	src := fmt.Sprintf(`window.__tenkaichiNow = %d; Date.now = function () { return window.__tenkaichiNow; };`, ms)
	var id page.ScriptIdentifier
	err := chromedp.Do(tab.ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if tab.script != "" {
			if _, err := cdp.Call(ctx, tg, page.RemoveScriptToEvaluateOnNewDocument,
				page.RemoveScriptToEvaluateOnNewDocumentParams{Identifier: tab.script}); err != nil {
				return err
			}
		}
		res, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: src})
		id = res.Identifier
		return err
	}), chromedp.Evaluate[chromedp.Void](src))
	if err != nil {
		t.Fatalf("set the browser's clock: %v", err)
	}
	return id
}
