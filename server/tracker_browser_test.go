package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/chromedp"

	"github.com/tenkaichi-org/tenkaichi/storage/judging"
)

// waitShows waits until the element's text contains want, and fails with
// the page and the requests it made when it does not.
func waitShows(t *testing.T, ctx context.Context, css, want string) {
	t.Helper()
	if got := waitText(t, ctx, css, want, 20*time.Second); !strings.Contains(got, want) {
		res, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`performance.getEntriesByType("resource").map(function(e){return Math.round(e.startTime)+" "+Math.round(e.duration)+" "+e.name}).join("\n")`))
		t.Fatalf("waiting for %q in %s, which reads %q\nrequests made:\n%s\npage:\n%s", want, css, got, res, pageText(ctx))
	}
}

// tapMove taps the tracker's button for a line of the notation (opening its
// group first when it sits in one) and waits for the tracker to show the
// step after it.
func tapMove(t *testing.T, ctx context.Context, line string) {
	t.Helper()
	sel, _ := json.Marshal(`button[name="line"][value="` + line + `"]`)
	// As a thumb would: open the group, scroll the button to the middle
	// of the screen (clear of the bar at the bottom), tap it.
	do(t, ctx, chromedp.WaitReady(chromedp.CSS(`button[name="line"][value="`+line+`"]`)), chromedp.Evaluate[chromedp.Void](`(function(){
		var b = document.querySelector(`+string(sel)+`);
		var d = b.closest("details");
		if (d) d.open = true;
		if (!b.closest(".tk-bar")) b.scrollIntoView({block: "center"});
	})()`))
	before, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector(`+string(sel)+`).form.step.value`))
	do(t, ctx, chromedp.Click(chromedp.CSS(`button[name="line"][value="`+line+`"]`)))
	n, _ := strconv.Atoi(before)
	want := strconv.Itoa(n + 1)
	if !stepReaches(ctx, want) {
		t.Fatalf("tapping %q: the tracker is at step %s, want %s\npage:\n%s", line, before, want, pageText(ctx))
	}
}

// trackerStep is the step the tracker on the page is at ("" if none).
func trackerStep(ctx context.Context) string {
	s, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`(document.querySelector('input[name="step"]')||{}).value||""`))
	return s
}

// stepReaches waits up to 20 seconds for the tracker to be at step want.
func stepReaches(ctx context.Context, want string) bool {
	for deadline := time.Now().Add(20 * time.Second); trackerStep(ctx) != want; time.Sleep(30 * time.Millisecond) {
		if time.Now().After(deadline) {
			return false
		}
	}
	return true
}

// screenshot saves the page as a PNG under $TENKAICHI_SCREENSHOTS, when
// set, for a person to look at; it checks nothing.
func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv("TENKAICHI_SCREENSHOTS")
	if dir == "" {
		return
	}
	// What the screen shows, and the whole page.
	for suffix, shot := range map[string]chromedp.Action[[]byte]{"": chromedp.CaptureScreenshot(), "-full": chromedp.FullScreenshot(100)} {
		png, err := chromedp.Run(ctx, shot)
		if err != nil {
			t.Logf("screenshot %s: %v", name, err)
			return
		}
		_ = os.WriteFile(filepath.Join(dir, name+suffix+".png"), png, 0o644)
	}
}

// Two phones (390×844) play the start of a game with the tracker: each tap
// shows on the other phone without a reload, an illegal action is flagged
// on both with its rule and undone from the phone that entered it, a judge
// is called from the game, and the judge replays it in the console, steps
// back, and rules; both phones show the ruling. On PostgreSQL the second
// phone is served by another instance on the same database, so every tap
// reaches it through LISTEN/NOTIFY.
func TestPhonesTrackAGameAndAJudgeReplaysIt(t *testing.T) {
	t.Parallel()
	a, b := twoInstances(t)
	f := newTrackerMatchOn(t, a, new(atomic.Int64))
	p1, p2 := phone(t), phone(t)
	phones := [2]context.Context{p1, p2}
	base := a.srv.URL

	// P1 opens the tracker from the match and starts it; P2's link opens
	// the same game.
	navigate(t, p1, base+f.d.links[f.names[0]])
	do(t, p1, leadsToNewPage(chromedp.Click(chromedp.CSS(`[data-testid="open-tracker"]`))))
	waitFor(t, p1, `[data-testid="tracker-start"]`)
	screenshot(t, p1, "tracker-start-390")
	do(t, p1, leadsToNewPage(chromedp.Click(chromedp.CSS(`[data-testid="tracker-start"]`))))
	waitFor(t, p1, `[data-testid="tracker"]`)
	gl, err := judging.New(f.d.a.store).TrackerLog(context.Background(), f.d.id, f.match, 1)
	if err != nil {
		t.Fatal(err)
	}
	f.logID = gl.ID
	navigate(t, p2, b.srv.URL+f.d.links[f.names[1]]+"/game")
	waitFor(t, p2, `[data-testid="tracker"]`)
	for i, ctx := range phones {
		// Taps go only once both phones listen (their stream is open).
		waitFor(t, ctx, `html[data-live-open]`)
		do(t, ctx, chromedp.Evaluate[chromedp.Void](`window.__samePage = true`))
		noSideScroll(t, ctx, "tracker of "+f.names[i])
	}
	screenshot(t, p1, "tracker-setup-390")

	tapMove(t, p1, "P1 first")
	waitShows(t, p2, `[data-testid="tracker-status"]`, "keeps or redraws")
	tapMove(t, p1, "P1 keep")
	tapMove(t, p2, "P2 keep")
	waitShows(t, p1, `[data-testid="tracker-status"]`, "Turn 1 · your turn")
	tapMove(t, p1, "P1 draw")
	// Charge a card from the decklist's names: one tap on the group, one
	// on the card.
	do(t, p1, chromedp.Click(chromedp.CSS(`#grp-charge summary`)))
	screenshot(t, p1, "tracker-charge-390")
	charge, _ := chromedp.Run(p1, chromedp.Evaluate[string](`document.querySelector('#grp-charge button[name="line"]').value`))
	tapMove(t, p1, charge)
	waitShows(t, p2, `[data-testid="tracker-energy-P1"]`, "1 active")
	tapMove(t, p1, "P1 end")
	waitShows(t, p2, `[data-testid="tracker-status"]`, "Turn 2 · your turn")
	tapMove(t, p2, "P2 draw")
	tapMove(t, p2, "P2 end")
	tapMove(t, p1, "P1 draw")
	tapMove(t, p1, "P1 attack leader -> leader")
	waitShows(t, p2, `[data-testid="tracker-battle"]`, "attacks")
	tapMove(t, p1, "P1 pass")
	tapMove(t, p2, "P2 pass")
	screenshot(t, p2, "tracker-damage-step-390")
	tapMove(t, p2, "damage")
	for _, ctx := range phones {
		waitShows(t, ctx, `[data-testid="tracker-life-P2"]`, "7")
	}

	// P2 types an attack in P1's turn: recorded, flagged on both phones.
	do(t, p2,
		chromedp.Click(chromedp.CSS(`#grp-line summary`)),
		chromedp.SendKeys(chromedp.CSS(`#tk-line`), "P2 attack leader -> leader\r"),
	)
	for _, ctx := range phones {
		waitShows(t, ctx, `[data-testid="tracker-flag"]`, "is not allowed")
		waitShows(t, ctx, `[data-testid="tracker-flag-rule"]`, "CR 7-3-4")
	}
	screenshot(t, p1, "tracker-flag-390")
	if has, _ := chromedp.Run(p1, chromedp.Evaluate[bool](`!!document.querySelector('[data-testid="tracker-undo"]')`)); has {
		t.Fatal("P1's phone offers to undo P2's action")
	}
	do(t, p2, chromedp.Click(chromedp.CSS(`[data-testid="tracker-undo"]`)))
	for _, ctx := range phones {
		deadline := time.Now().Add(20 * time.Second)
		for {
			gone, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`!document.querySelector('[data-testid="tracker-flag"]')`))
			if gone {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("the undone action is still flagged:\n%s", pageText(ctx))
			}
			time.Sleep(50 * time.Millisecond)
		}
	}

	// P1 calls a judge from the game; P2's phone shows it.
	do(t, p1, chromedp.Click(chromedp.CSS(`[data-testid="tracker-call-judge"]`)))
	waitFor(t, p2, `[data-testid="tracker-judge-called"]`)
	for i, ctx := range phones {
		if same, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.__samePage === true`)); !same {
			t.Fatalf("%s's phone reloaded the page during the game", f.names[i])
		}
		noSideScroll(t, ctx, "tracker during the game")
	}
	screenshot(t, p1, "tracker-game-390")

	// The judge, on a laptop, opens the call, replays the game from where
	// it was called, steps back, and rules.
	judge := screen(t, 1280, 800)
	phoneSignIn(t, judge, f.d.a, "org")
	navigate(t, judge, base+f.d.path+"/calls")
	waitFor(t, judge, `[data-testid="call-game"]`)
	do(t, judge, leadsToNewPage(chromedp.Click(chromedp.CSS(`[data-testid="call-game"]`))))
	waitFor(t, judge, `[data-testid="game-call"]`)
	steps := len(f.actions())
	waitShows(t, judge, `[data-testid="step"]`, "Step ")
	if got := text(t, judge, `.step-count`); got != strconv.Itoa(steps)+" / "+strconv.Itoa(steps) {
		t.Fatalf("the judge's console opened at %q, want the current step %d", got, steps)
	}
	do(t, judge, leadsToNewPage(chromedp.Click(chromedp.CSS(`a[rel="prev"]`))))
	if got := text(t, judge, `.step-count`); got != strconv.Itoa(steps-1)+" / "+strconv.Itoa(steps) {
		t.Fatalf("one step back: %q", got)
	}
	do(t, judge, chromedp.Evaluate[chromedp.Void](`document.querySelectorAll("details.judge-form").forEach(function(d){d.open=true})`))
	do(t, judge,
		chromedp.SendKeys(chromedp.CSS(`#note`), "Only the turn player attacks: the attack was taken back."),
		leadsToNewPage(chromedp.Click(chromedp.CSS(`[data-testid="ruling-form"] button[type=submit]`))),
	)
	waitFor(t, judge, `[data-testid="rulings"]`)
	screenshot(t, judge, "judge-log-1280")
	for _, ctx := range phones {
		waitShows(t, ctx, `[data-testid="tracker-ruling"]`, "the attack was taken back")
	}
	if calls, _ := judging.New(f.d.a.store).JudgeCalls(context.Background(), f.d.id); len(calls) != 0 {
		t.Fatalf("the call is open after the ruling: %+v", calls)
	}

	// The same tracker on a laptop's screen.
	wide := screen(t, 1280, 800)
	navigate(t, wide, base+f.d.links[f.names[0]]+"/games/"+strconv.FormatInt(f.logID, 10))
	waitFor(t, wide, `[data-testid="tracker"]`)
	screenshot(t, wide, "tracker-1280")
}

// Without JavaScript a tap is a plain form: post, redirect, and the board
// as it now is.
func TestPhoneTracksWithoutJavaScript(t *testing.T) {
	t.Parallel()
	f := newTrackerFixture(t)
	ctx := phone(t)
	do(t, ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true})
		return err
	}))
	navigate(t, ctx, f.d.a.srv.URL+f.games[0])
	waitFor(t, ctx, `button[value="P1 first"]`)
	do(t, ctx, leadsToNewPage(chromedp.Click(chromedp.CSS(`button[value="P1 first"]`))))
	waitShows(t, ctx, `[data-testid="tracker-status"]`, "keeps or redraws")
	do(t, ctx, leadsToNewPage(chromedp.Click(chromedp.CSS(`button[value="P1 keep"]`))))
	waitShows(t, ctx, `[data-testid="tracker-recent"]`, "kept the hand")
	if u, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`location.pathname`)); u != f.games[0] {
		t.Fatalf("after a tap without script the phone is on %s", u)
	}
	// A group opens without script (<details>), and its card is one tap.
	f.tap(1, "P2 keep")
	navigate(t, ctx, f.d.a.srv.URL+f.games[0])
	do(t, ctx, leadsToNewPage(chromedp.Click(chromedp.CSS(`button[value="P1 draw"]`))))
	do(t, ctx, chromedp.Click(chromedp.CSS(`#grp-charge summary`)))
	do(t, ctx, leadsToNewPage(chromedp.Click(chromedp.CSS(`#grp-charge button[name="line"]`))))
	waitShows(t, ctx, `[data-testid="tracker-recent"]`, "charged")
	if n := len(f.actions()); n != 5 {
		t.Fatalf("%d actions after five taps without script", n)
	}
}

// A tap whose answer is slow: meanwhile the live refetch brings the board
// with the tap on it, and the player taps the next action there. That tap
// is sent (it is not a second tap of the same form), and the slow answer,
// older than what the screen shows when it comes, does not put the earlier
// board back.
func TestTrackerTapOnARefetchedBoardIsSentAndAnOlderAnswerNotShown(t *testing.T) {
	t.Parallel()
	f := newTrackerFixture(t)
	ctx := phone(t)
	navigate(t, ctx, f.d.a.srv.URL+f.games[0])
	waitFor(t, ctx, `html[data-live-open]`)

	// The browser holds the answer to the first tap (at the response
	// stage: the server has applied the tap) until released: the POST's own
	// answer, or when that is a redirect, the page it leads to.
	held := make(chan fetch.RequestID, 1)
	paused := chromedp.Events(ctx, fetch.RequestPaused)
	cont := func(id fetch.RequestID) error {
		return chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: id})
			return err
		}))
	}
	go func() {
		holding := true
		for ev, err := range paused {
			if err != nil {
				return
			}
			redirect := ev.ResponseStatusCode >= 300 && ev.ResponseStatusCode < 400
			answer := ev.Request.Method == http.MethodPost || ev.RedirectedRequestID != ""
			if holding && answer && !redirect {
				holding = false
				held <- ev.RequestID
				continue
			}
			_ = cont(ev.RequestID)
		}
	}()
	do(t, ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, fetch.Enable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{
			{URLPattern: "*" + f.games[0], RequestStage: fetch.RequestStageResponse},
		}})
		return err
	}))
	waitStep := func(want string) {
		t.Helper()
		if !stepReaches(ctx, want) {
			t.Fatalf("the tracker is at step %q, want %s (%d actions stored)\npage:\n%s", trackerStep(ctx), want, len(f.actions()), pageText(ctx))
		}
	}

	do(t, ctx, chromedp.Click(chromedp.CSS(`button[value="P1 first"]`)))
	var first fetch.RequestID
	select {
	case first = <-held:
	case <-time.After(20 * time.Second):
		t.Fatal("the tap's POST was not seen")
	}
	waitStep("1") // brought by the refetch the tap's notice set off
	// Fetches of the game begun by now: the held POST and the refetch.
	begun, _ := chromedp.Run(ctx, chromedp.Evaluate[float64](`performance.now()`))
	do(t, ctx, chromedp.Click(chromedp.CSS(`button[value="P1 keep"]`)))
	waitStep("2")
	if n := len(f.actions()); n != 2 {
		t.Fatalf("%d actions stored after two taps, want 2", n)
	}

	// The held answer (the board at step 1) now comes; once the page has
	// read it, the screen still shows step 2.
	answered := `performance.getEntriesByType("resource").filter(function(e){return e.initiatorType==="fetch" && e.startTime<` +
		strconv.FormatFloat(begun, 'f', -1, 64) + ` && e.name.indexOf(` + strconv.Quote(f.games[0]) + `)>=0}).length`
	before, _ := chromedp.Run(ctx, chromedp.Evaluate[int](answered))
	if err := cont(first); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		if n, _ := chromedp.Run(ctx, chromedp.Evaluate[int](answered)); n > before {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the held answer was never read")
		}
		time.Sleep(30 * time.Millisecond)
	}
	// A turn of the page's event loop for the answer's handlers to run.
	do(t, ctx, chromedp.Evaluate[chromedp.Void](`new Promise(function(r){setTimeout(r, 50)})`, chromedp.EvalAwaitPromise))
	if s := trackerStep(ctx); s != "2" {
		t.Fatalf("after the older answer came, the tracker shows step %s, want 2", s)
	}
}

// Issue 30, point 8: the "Another action" box is emptied once its line is
// taken, so the next line is not appended to it; a refused line stays in
// the box to be corrected.
func TestTrackerLineBoxIsClearedOnceTheLineIsTaken(t *testing.T) {
	t.Parallel()
	f := newTrackerFixture(t)
	ctx := phone(t)
	navigate(t, ctx, f.d.a.srv.URL+f.games[0])
	waitFor(t, ctx, `html[data-live-open]`)
	box := func() string { return evalJS[string](t, ctx, `document.querySelector("#tk-line").value`) }
	send := func(line string) {
		t.Helper()
		do(t, ctx, chromedp.Evaluate[chromedp.Void](`document.querySelector("#grp-line").open = true`),
			chromedp.SendKeys(chromedp.CSS(`#tk-line`), line+"\r"))
	}
	for i, line := range []string{"P1 first", "P1 keep"} {
		send(line)
		if !stepReaches(ctx, strconv.Itoa(i+1)) {
			t.Fatalf("%q was not taken (box %q):\n%s", line, box(), pageText(ctx))
		}
		if got := box(); got != "" {
			t.Fatalf("after %q was taken the box still holds %q", line, got)
		}
	}
	send("P1 fly away")
	waitFor(t, ctx, `.form-error, [role="alert"]`)
	if got := box(); got != "P1 fly away" || trackerStep(ctx) != "2" {
		t.Fatalf("a refused line: box %q, step %s", got, trackerStep(ctx))
	}
}

// The second phone, waiting on the start page, opens the game the first
// phone starts by itself: no second tap on Start.
func TestTrackerStartPageFollowsInTheBrowser(t *testing.T) {
	t.Parallel()
	f := newTrackerMatch(t)
	p2 := phone(t)
	second := f.d.links[f.names[1]]
	navigate(t, p2, f.d.a.srv.URL+second+"/game")
	waitFor(t, p2, `[data-testid="tracker-start"]`)
	waitFor(t, p2, `html[data-live-open]`)
	first := f.d.links[f.names[0]]
	r := f.phones[0].post(first+"/game", first+"/game", url.Values{"game": {"1"}})
	if r.status != http.StatusSeeOther {
		t.Fatalf("start: %d\n%s", r.status, excerpt(r.body))
	}
	waitFor(t, p2, `[data-testid="tracker"]`)
	at, err := chromedp.Run(p2, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	if want := f.d.a.srv.URL + second + r.location[len(first):]; at != want {
		t.Errorf("the second phone is at %s, want %s", at, want)
	}
}
