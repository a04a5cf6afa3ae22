package server_test

import (
	"context"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/tenkaichi-org/tenkaichi/server"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
	"golang.org/x/crypto/bcrypt"
)

// twoInstances returns two servers on one database: on PostgreSQL two
// stores (each with its own LISTEN), so a change made through one reaches
// pages served by the other; on SQLite (one process) the same server twice.
func twoInstances(t *testing.T) (*app, *app) {
	t.Helper()
	if storagetest.Backend() != "postgres" {
		a := newApp(t)
		return a, a
	}
	cfg := storagetest.Config(t)
	open := func() *app {
		st, err := storage.Open(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = st.Close() })
		if _, err := st.Migrate(context.Background()); err != nil {
			t.Fatal(err)
		}
		hs := httptest.NewServer(postRedirectGet(t, server.New(server.Config{Store: st, BcryptCost: bcrypt.MinCost}).Handler()))
		t.Cleanup(hs.Close)
		return &app{t: t, store: st, srv: hs}
	}
	return open(), open()
}

// drainSSE reads what a stream sends until it has been quiet for d (more
// than the stream's pacing of 1 s and its spread of 0.5 s).
func drainSSE(ch <-chan sseEvent, d time.Duration) {
	for {
		select {
		case <-ch:
		case <-time.After(d):
			return
		}
	}
}

// A player's own stream (/p/{token}/live) says "mine" when their match
// changes, and only then; a result at another table, which no page of the
// phone follows, does not wake it (a public stream still gets "results").
func TestPlayerStreamSaysMine(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "0", "Ann", "Ben", "Cat", "Dan")
	d.pairAndPublish(1)
	ctx := context.Background()
	r1, _ := a.store.RoundByNumber(ctx, d.id, 1)
	ms, _ := a.store.Matches(ctx, r1.ID)
	names := map[int64]string{}
	for n, id := range d.ids {
		names[id] = n
	}
	// The first player of table 1 follows their phone's stream.
	me, opp := names[ms[0].P1EntryID], names[*ms[0].P2EntryID]
	other := names[ms[1].P1EntryID]
	stream := sse(t, a.srv.URL+d.links[me]+"/live")
	expectSSE(t, stream, "hello", d.id)
	// On PostgreSQL the notices of the publishing just done go out after
	// its commit and may reach this new stream after its hello.
	drainSSE(stream, 1600*time.Millisecond)

	public := sse(t, a.srv.URL+"/events/"+itoa64(d.id)+"/live")
	expectSSE(t, public, "hello", d.id)
	drainSSE(public, 100*time.Millisecond)

	expectRedirect(t, "other table's report", d.report(d.phone(other), other, "won"), d.links[other])
	expectSSE(t, public, "results", d.id)
	expectQuiet(t, stream, 1500*time.Millisecond)

	expectRedirect(t, "opponent's report", d.report(d.phone(opp), opp, "won"), d.links[opp])
	expectSSE(t, stream, "mine", d.id)
	expectQuiet(t, stream, 1500*time.Millisecond)
	expectSSE(t, public, "results", d.id)

	// A wrong link gets no stream.
	if r := a.browser().get("/p/not-a-real-link/live"); r.status != 404 {
		t.Fatalf("stream of a wrong link: %d", r.status)
	}
}

// On their phones (Chromium, 390×844), the opponent's page shows the
// confirm choice the moment a report arrives, and the reporter's page shows
// the confirmation, without a reload, across two instances on PostgreSQL.
// "Waiting for … to confirm" is the reporter's alone. A page that answers a
// POST (a decklist refused, the text kept) is updated in place: its form's
// address is never fetched and nothing is sent again.
func TestPhonesFollowTheirMatchLive(t *testing.T) {
	t.Parallel()
	a, b := twoInstances(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "0", "Ann", "Ben")
	d.pairAndPublish(1)
	ben := phone(t)

	// Ben's page is the answer to a POST: a paste with a control character
	// is refused, the text kept.
	navigate(t, ben, b.srv.URL+d.links["Ben"])
	waitFor(t, ben, `[data-testid="report-won"]`)
	do(t, ben,
		chromedp.SetValue(chromedp.CSS(`#deck`), "4 FS01-03 Master Roshi\n\x01\n"),
		leadsToNewPage(chromedp.Click(chromedp.CSS(`.deck-section button[type=submit]`))),
		chromedp.WaitVisible(chromedp.CSS(`#deck-error`)),
		chromedp.Evaluate[chromedp.Void](`window.__samePage = "ben"`),
	)
	if u, _ := chromedp.Run(ben, chromedp.Evaluate[string](`location.pathname`)); !strings.HasSuffix(u, "/deck") {
		t.Fatalf("Ben's page after the refused paste is %s", u)
	}
	if status := text(t, ben, `[data-testid="match-status"]`); status != "Waiting for a report" {
		t.Fatalf("Ben before any report: %q", status)
	}

	// Ann reports through the other instance, once Ben's phone listens.
	waitFor(t, ben, `html[data-live-open]`)
	expectRedirect(t, "Ann's report", d.report(d.phone("Ann"), "Ann", "won"), d.links["Ann"])
	waitFor(t, ben, `[data-testid="confirm"]`)
	same, _ := chromedp.Run(ben, chromedp.Evaluate[bool](`window.__samePage === "ben" && location.pathname.endsWith("/deck")`))
	if !same {
		t.Fatal("Ben's page was reloaded or left to show the report")
	}
	if status := text(t, ben, `[data-testid="match-status"]`); status != "Ann reported a result: confirm it, or report what happened." {
		t.Fatalf("Ben after Ann's report: %q", status)
	}
	kept, _ := chromedp.Run(ben, chromedp.Evaluate[string](`document.querySelector("#deck").value + "|" + document.querySelector("#deck-error").textContent`))
	if !strings.Contains(kept, "Master Roshi") || !strings.Contains(kept, "Line 2 holds a control character") {
		t.Fatalf("the refused paste and its error were lost in the update: %q", kept)
	}
	en, _ := a.store.EntryByID(context.Background(), d.id, d.ids["Ben"])
	if en.DeckText != "" {
		t.Fatalf("the refused paste was stored (sent again?): %q", en.DeckText)
	}

	// Ann's page waits for Ben; Ben confirms through instance A; Ann's page
	// shows the final result without a reload.
	ann := ben // the same phone, now on Ann's link
	navigate(t, ann, b.srv.URL+d.links["Ann"])
	waitFor(t, ann, `[data-testid="match-status"]`)
	if status := text(t, ann, `[data-testid="match-status"]`); status != "Waiting for Ben to confirm." {
		t.Fatalf("Ann after her report: %q", status)
	}
	do(t, ann, chromedp.Evaluate[chromedp.Void](`window.__samePage = "ann"`))
	waitFor(t, ann, `html[data-live-open]`)
	benPhone := d.phone("Ben")
	page := benPhone.get(d.links["Ben"])
	m := regexp.MustCompile(`name="match" value="(\d+)"`).FindStringSubmatch(page.body)
	res := regexp.MustCompile(`name="result" value="(p[12])"`).FindStringSubmatch(page.body)
	expectRedirect(t, "Ben confirms", benPhone.post(d.links["Ben"], d.links["Ben"]+"/report",
		url.Values{"match": {m[1]}, "result": {res[1]}, "games": {"same"}}), d.links["Ben"])
	waitFor(t, ann, `[data-testid="final-result"]`)
	if final := text(t, ann, `[data-testid="final-result"]`); final != "You won" {
		t.Fatalf("Ann's final result: %q", final)
	}
	if same, _ := chromedp.Run(ann, chromedp.Evaluate[bool](`window.__samePage === "ann"`)); !same {
		t.Fatal("Ann's page was reloaded to show the confirmation")
	}
	noSideScroll(t, ann, "player page updated live")
}
