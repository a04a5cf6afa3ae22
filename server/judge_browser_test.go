package server_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"golang.org/x/crypto/bcrypt"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
	"github.com/tenkaichi-org/tenkaichi/storage/judging"
)

// A judge at a table signs in on a phone, looks up "blocker" and opens the
// rule, all without side-scrolling.
func TestPhoneJudgeLooksUpBlocker(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	a.organiser()
	hash, _ := bcrypt.GenerateFromPassword([]byte(testPassword), bcrypt.MinCost)
	if err := accounts.New(a.store).CreateUser(context.Background(), &storage.User{Username: "jules", PasswordHash: string(hash), Role: storage.RoleJudge}); err != nil {
		t.Fatal(err)
	}
	ctx := phone(t)
	phoneSignIn(t, ctx, a, "jules")
	err := chromedp.Do(ctx,
		chromedp.Navigate(a.srv.URL+"/rules"),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="rule-index"]`)),
	)
	if err != nil {
		t.Fatal(err)
	}
	noSideScroll(t, ctx, "rule index")
	err = chromedp.Do(ctx,
		chromedp.SendKeys(chromedp.CSS(`#q`), "blocker"),
		leadsToNewPage(chromedp.Submit(chromedp.CSS(`#q`))),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="rule-results"]`)),
	)
	if err != nil {
		t.Fatal(err)
	}
	if results := text(t, ctx, `[data-testid="rule-results"]`); !strings.Contains(results, "[Blocker]") || !strings.Contains(results, "before any combo") {
		t.Fatalf("search results for blocker:\n%s", results)
	}
	noSideScroll(t, ctx, "search results")
	err = chromedp.Do(ctx,
		leadsToNewPage(chromedp.Click(chromedp.CSS(`[data-testid="rule-results"] a[href="/rules/blocker"]`))),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="rule-title"]`)),
	)
	if err != nil {
		t.Fatal(err)
	}
	if title := text(t, ctx, `[data-testid="rule-title"]`); title != "[Blocker]" {
		t.Fatalf("rule page title %q", title)
	}
	if body := text(t, ctx, `main`); !strings.Contains(body, "Only one Blocker per battle") {
		t.Fatalf("rule page:\n%s", body)
	}
	noSideScroll(t, ctx, "rule page")
}

func phoneSignIn(t *testing.T, ctx context.Context, a *app, username string) {
	t.Helper()
	err := chromedp.Do(ctx,
		chromedp.Navigate(a.srv.URL+"/login"),
		chromedp.WaitVisible(chromedp.CSS(`#username`)),
		chromedp.SendKeys(chromedp.CSS(`#username`), username),
		chromedp.SendKeys(chromedp.CSS(`#password`), testPassword),
		leadsToNewPage(chromedp.Submit(chromedp.CSS(`#password`))),
		chromedp.WaitVisible(chromedp.CSS(`a[href="/account"]`)),
	)
	if err != nil {
		t.Fatalf("sign in as %s: %v", username, err)
	}
}

// A scorekeeper records a feature match on a phone: one tap for a usual
// action, a typed line sent with Enter, and a refused line explained.
func TestPhoneScorekeeperRecordsActions(t *testing.T) {
	t.Parallel()
	f := newJudgeFixture(t)
	r := f.judge.post(f.base, f.base+"/logs/new", url.Values{"p1": {"Ana"}, "p1_leader": {"FS01-01"}, "p2": {"Ben"}, "p2_leader": {"FS02-01"}})
	if r.status != http.StatusSeeOther {
		t.Fatalf("new log: %d", r.status)
	}
	record := r.location
	ctx := phone(t)
	phoneSignIn(t, ctx, f.a, "jules")
	err := chromedp.Do(ctx,
		chromedp.Navigate(f.a.srv.URL+record),
		chromedp.WaitVisible(chromedp.CSS(`button[value="P1 first"]`)),
		leadsToNewPage(chromedp.Click(chromedp.CSS(`button[value="P1 first"]`))),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="recent"]`)),
		chromedp.SendKeys(chromedp.CSS(`#line`), "P1 keep"),
		leadsToNewPage(chromedp.Submit(chromedp.CSS(`#line`))),
		// Only the page after the second action lists two.
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="recent"] li:nth-child(2)`)),
	)
	if err != nil {
		t.Fatal(err)
	}
	if recent := text(t, ctx, `[data-testid="recent"]`); !strings.Contains(recent, "P1 first") || !strings.Contains(recent, "P1 keep") {
		t.Fatalf("recorded actions:\n%s", recent)
	}
	noSideScroll(t, ctx, "scorekeeper page")
	err = chromedp.Do(ctx,
		chromedp.SendKeys(chromedp.CSS(`#line`), "P1 attack leader -> leader"),
		leadsToNewPage(chromedp.Submit(chromedp.CSS(`#line`))),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="record-problem"]`)),
	)
	if err != nil {
		t.Fatal(err)
	}
	if problem := text(t, ctx, `[data-testid="record-problem"]`); !strings.Contains(problem, "Not allowed (CR 6-2-1)") {
		t.Fatalf("refused line: %q", problem)
	}
	gl, err := judging.New(f.a.store).GameLogs(context.Background(), f.event.ID)
	if err != nil || len(gl) != 1 {
		t.Fatal(err)
	}
	full, _ := judging.New(f.a.store).GameLogByID(context.Background(), f.event.ID, gl[0].ID)
	if !strings.HasSuffix(full.Body, "\nP1 first\nP1 keep\n") {
		t.Fatalf("log body:\n%s", full.Body)
	}
}

// On a phone, the judge sees a card skill waiting for a player's choices,
// with the line that makes them, and the board's copy numbers, without
// side-scrolling.
func TestPhoneJudgeSeesWaitingSkill(t *testing.T) {
	t.Parallel()
	f := newJudgeFixture(t)
	page := f.uploadLog(t, f.judge, "Skills", skillsGame)
	ctx := phone(t)
	phoneSignIn(t, ctx, f.a, "jules")
	err := chromedp.Do(ctx,
		chromedp.Navigate(f.a.srv.URL+page+"?step=99"), // the last step: the skill waits
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="waiting"]`)),
	)
	if err != nil {
		t.Fatal(err)
	}
	if w := text(t, ctx, `[data-testid="waiting"]`); !strings.Contains(w, "Waiting for P1 Ana's choices") || !strings.Contains(w, "P1 use FS01-02 ->") {
		t.Fatalf("waiting skill:\n%s", w)
	}
	if b := text(t, ctx, `[data-testid="board-P2"]`); !strings.Contains(b, "FS02-05#2 Son Goten") {
		t.Fatalf("P2's board:\n%s", b)
	}
	noSideScroll(t, ctx, "log step with a waiting skill")
}
