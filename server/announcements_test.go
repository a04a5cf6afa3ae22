package server_test

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
)

// Staff post an announcement; every player page and the projector show it
// until it is removed; posting and removing are audited; only the event's
// staff may do either.
func TestAnnouncementsPostShowRemove(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "0", "Ann", "Ben")
	page := d.path + "/announcements"

	r := org.post(page, page, url.Values{"text": {"   "}})
	expectStatus(t, "empty announcement", r, http.StatusUnprocessableEntity)
	mustContain(t, "empty announcement", r.body, "Write the announcement first.")
	r = org.post(page, page, url.Values{"text": {strings.Repeat("x", 281)}})
	expectStatus(t, "long announcement", r, http.StatusUnprocessableEntity)
	mustContain(t, "long announcement", r.body, "281 characters long; keep it to 280")

	expectRedirect(t, "post", org.post(page, page, url.Values{"text": {"Round 3 starts at 14:10"}}), page)
	expectRedirect(t, "post", org.post(page, page, url.Values{"text": {"Top 8 in hall B"}}), page)
	for _, where := range []string{d.links["Ann"], d.links["Ben"], d.path + "/projector"} {
		body := a.browser().get(where).body
		i, j := strings.Index(body, "Top 8 in hall B"), strings.Index(body, "Round 3 starts at 14:10")
		if i < 0 || j < 0 || i > j {
			t.Fatalf("%s does not show both announcements, newest first:\n%s", where, excerpt(body))
		}
	}

	// A judge of another event and a visitor may not post or remove.
	other := createEvent(t, org, "Other Event")
	judge := a.signedIn("jules", storage.RoleJudge)
	u, _ := accounts.New(a.store).UserByUsername(context.Background(), "jules")
	if err := a.store.AddEventJudge(context.Background(), storage.Actor{Name: "t"}, other, u.ID); err != nil {
		t.Fatal(err)
	}
	expectStatus(t, "judge of another event", judge.post("/account", page, url.Values{"text": {"Hi"}}), http.StatusForbidden)
	visitor := a.browser()
	if r := visitor.post("/login", page, url.Values{"text": {"Hi"}}); r.status != http.StatusSeeOther || !strings.HasPrefix(r.location, "/login") {
		t.Fatalf("visitor posting: %d %s", r.status, r.location)
	}
	// The event's own judge may.
	if err := a.store.AddEventJudge(context.Background(), storage.Actor{Name: "t"}, d.id, u.ID); err != nil {
		t.Fatal(err)
	}
	staffPage := judge.get(page)
	mustContain(t, "staff page", staffPage.body, "Round 3 starts at 14:10", "UTC · org")
	ids := regexp.MustCompile(`/announcements/(\d+)/remove`).FindAllStringSubmatch(staffPage.body, -1)
	if len(ids) != 2 {
		t.Fatalf("%d remove buttons", len(ids))
	}
	expectRedirect(t, "judge removes", judge.post(page, page+"/"+ids[0][1]+"/remove", nil), page)
	if body := a.browser().get(d.links["Ann"]).body; strings.Contains(body, "Top 8 in hall B") || !strings.Contains(body, "Round 3 starts") {
		t.Fatalf("after removing the newest:\n%s", excerpt(body))
	}
	log, _ := a.store.AuditLog(context.Background(), d.id, 50)
	var posted, removed int
	for _, row := range log {
		if row.Entity == "announcement" && row.Action == "post" {
			posted++
		}
		if row.Entity == "announcement" && row.Action == "remove" && row.Actor == "jules" && strings.Contains(row.BeforeJSON, "hall B") {
			removed++
		}
	}
	if posted != 2 || removed != 1 {
		t.Fatalf("audit: %d posts, %d removals by the judge", posted, removed)
	}
}

// On a phone and on the projector the announcement appears at once and goes
// when removed, without a reload.
func TestAnnouncementsAppearLive(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "0", "Ann", "Ben")
	d.pairAndPublish(1)
	page := d.path + "/announcements"
	ctx := phone(t)
	for _, where := range []string{d.links["Ann"], d.path + "/projector"} {
		navigate(t, ctx, a.srv.URL+where)
		do(t, ctx, chromedp.Evaluate[chromedp.Void](`window.__samePage = true`))
		// Let the stream connect before posting.
		waitFor(t, ctx, `time.countdown[data-synced]`)
		waitFor(t, ctx, `html[data-live-open]`)
		expectRedirect(t, "post", org.post(page, page, url.Values{"text": {"Lunch break until 13:00"}}), page)
		waitFor(t, ctx, `[data-testid="announcements"]`)
		if got := text(t, ctx, `[data-testid="announcements"]`); got != "Lunch break until 13:00" {
			t.Fatalf("%s shows %q", where, got)
		}
		id := regexp.MustCompile(`/announcements/(\d+)/remove`).FindStringSubmatch(org.get(page).body)[1]
		expectRedirect(t, "remove", org.post(page, page+"/"+id+"/remove", nil), page)
		gone := `document.querySelector('[data-testid="announcements"]') === null && window.__samePage === true`
		wctx, cancel := context.WithTimeout(ctx, 20e9)
		_, err := chromedp.Run(wctx, chromedp.Poll[bool](gone))
		cancel()
		if err != nil {
			t.Fatalf("%s: the removed announcement stayed, or the page reloaded: %v\n%s", where, err, pageText(ctx))
		}
	}
}
