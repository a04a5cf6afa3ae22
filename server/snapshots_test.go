package server_test

import (
	"context"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
)

var snapLinks = regexp.MustCompile(`href="(/events/\d+/snapshots/(\d+))/restore"`)

// snList reads the snapshots page: each snapshot's label and id, newest first.
func snList(t *testing.T, org *browser, path string) (labels []string, ids []string, page string) {
	t.Helper()
	r := org.get(path + "/snapshots")
	expectStatus(t, "snapshots page", r, http.StatusOK)
	for _, m := range regexp.MustCompile(`<h2 class="snapshot-label">([^<]*)</h2>`).FindAllStringSubmatch(r.body, -1) {
		labels = append(labels, m[1])
	}
	for _, m := range snapLinks.FindAllStringSubmatch(r.body, -1) {
		ids = append(ids, m[2])
	}
	if len(labels) != len(ids) {
		t.Fatalf("snapshots page: %d labels, %d restore links", len(labels), len(ids))
	}
	return labels, ids, pfText(r.body)
}

// snResults enters every result of round n as staff: the first player wins.
func snResults(t *testing.T, a *app, d *dayEvent, n int) []storage.Match {
	t.Helper()
	ctx := context.Background()
	r, err := a.store.RoundByNumber(ctx, d.id, n)
	if err != nil {
		t.Fatal(err)
	}
	ms, err := a.store.Matches(ctx, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range ms {
		if m.P2EntryID != nil {
			if _, err := a.store.SetMatchResult(ctx, pfActor, d.id, m.ID, storage.ResultInput{Result: storage.ResultP1, P1Wins: 1}, false, ""); err != nil {
				t.Fatal(err)
			}
		}
	}
	return ms
}

// snWithout drops the parts of an export that a restore adds to (its audit
// row and its announcement), to compare the rest.
func snWithout(t *testing.T, data []byte) map[string]any {
	t.Helper()
	x := pfDecode(t, data)
	ext := x["tenkaichi"].(map[string]any)
	delete(ext, "audit_log")
	delete(ext, "announcements")
	return x
}

// Every publish keeps a snapshot; restoring one puts the event back as it
// was then, in one go: later rounds, results, reports and players go, the
// players of the snapshot keep their entries and links, their open pages
// get an announcement, and the state replaced is itself kept as a snapshot
// that undoes the restore.
func TestSnapshotRestoreGoesBackAndCanBeUndone(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	ctx := context.Background()
	d := newDayEvent(t, a, org, "0", "Ann", "Bo", "Cy", "Di")
	d.pairAndPublish(1)
	snResults(t, a, d, 1)
	d.pairAndPublish(2)

	labels, ids, text := snList(t, org, d.path)
	if strings.Join(labels, "|") != "Round 2 published|Round 1 published" || !strings.Contains(text, "2 snapshots,") {
		t.Fatalf("snapshots after two rounds: %q\n%s", labels, text)
	}
	if !regexp.MustCompile(`\d+(\.\d+)? kB \(\d+(\.\d+)? kB stored\)`).MatchString(text) {
		t.Fatalf("the page does not show sizes:\n%s", text)
	}
	round2 := ids[0]
	snapPath := d.path + "/snapshots/" + round2

	// The download is the event file as it was, and is audited.
	req, _ := http.NewRequest(http.MethodGet, a.srv.URL+snapPath, nil)
	res, err := org.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var saved strings.Builder
	buf := make([]byte, 32<<10)
	for {
		n, err := res.Body.Read(buf)
		saved.Write(buf[:n])
		if err != nil {
			break
		}
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK || !strings.Contains(res.Header.Get("Content-Disposition"), "-snapshot-"+round2+".json") {
		t.Fatalf("download: %d %v", res.StatusCode, res.Header)
	}
	snapshotFile := []byte(saved.String())
	if pe := pfPairingPart(t, snapshotFile); len(pe.Rounds) != 2 || len(pe.Players) != 4 {
		t.Fatalf("snapshot of round 2: %d rounds, %d players", len(pe.Rounds), len(pe.Players))
	}

	// Since the snapshot: Ann reports her round-2 match, Eve registers.
	r := d.report(d.phone("Ann"), "Ann", "won")
	if r.status != http.StatusSeeOther {
		t.Fatalf("Ann reports: %d", r.status)
	}
	d.addPlayer("Eve")
	before, _ := a.store.Entries(ctx, d.id)
	hashes := map[string]string{}
	for _, e := range before {
		hashes[e.PlayerName] = e.TokenHash
	}

	page := org.get(snapPath + "/restore")
	expectStatus(t, "restore page", page, http.StatusOK)
	pt := pfText(page.body)
	for _, want := range []string{"Now the latest round is Round 2, published.", "After the restore it is Round 2, published.",
		"1 match has a result or report that is undone.", "1 player registered since is removed, and their link stops working: Eve",
		"4 players keep their entries and their phone links.", "The audit log: nothing is erased"} {
		if !strings.Contains(pt, want) {
			t.Errorf("restore page lacks %q:\n%s", want, pt)
		}
	}
	expectRedirect(t, "restore", org.post(snapPath+"/restore", snapPath+"/restore", nil), d.path+"/snapshots")

	// The event is the snapshot again, with the same entries.
	after, _ := a.store.Entries(ctx, d.id)
	if len(after) != 4 {
		t.Fatalf("entries after the restore: %+v", after)
	}
	for _, e := range after {
		if e.TokenHash != hashes[e.PlayerName] || e.ID != d.ids[e.PlayerName] {
			t.Errorf("%s: entry %d link %q after the restore (was %d, %q)", e.PlayerName, e.ID, e.TokenHash, d.ids[e.PlayerName], hashes[e.PlayerName])
		}
	}
	if !reflect.DeepEqual(snWithout(t, pfExport(t, org, d.path)), snWithout(t, snapshotFile)) {
		t.Fatalf("the event after the restore is not the snapshot:\n%s", pfExport(t, org, d.path))
	}
	// Ann's link works and her page says what happened; Eve's is gone.
	ann := d.phone("Ann").get(d.links["Ann"])
	if ann.status != http.StatusOK || !strings.Contains(pfText(ann.body), "The organiser put the event back as it was at") ||
		!strings.Contains(pfText(ann.body), "Round 2 published") {
		t.Fatalf("Ann's page after the restore: %d\n%s", ann.status, excerpt(pfText(ann.body)))
	}
	if eve := d.phone("Eve").get(d.links["Eve"]); eve.status != http.StatusNotFound {
		t.Fatalf("Eve's link after the restore: %d", eve.status)
	}
	log, _ := a.store.AuditLog(ctx, d.id, 500)
	actions := map[string]int{}
	for _, row := range log {
		actions[row.Action+" "+row.Entity]++
	}
	if actions["restore event"] != 1 || actions["download snapshot"] != 1 || actions["take snapshot"] != 3 {
		t.Fatalf("audit after the restore: %v", actions)
	}

	// Undo: the newest snapshot is the state the restore replaced.
	labels, ids, _ = snList(t, org, d.path)
	if len(labels) != 3 || labels[0] != "Before restoring snapshot no. "+round2 {
		t.Fatalf("snapshots after the restore: %q", labels)
	}
	undo := d.path + "/snapshots/" + ids[0]
	pt = pfText(org.get(undo + "/restore").body)
	if !strings.Contains(pt, "1 player deleted since comes back with a new link (print it from their player page): Eve") {
		t.Fatalf("undo page:\n%s", pt)
	}
	expectRedirect(t, "undo", org.post(undo+"/restore", undo+"/restore", nil), d.path+"/snapshots")
	es, _ := a.store.Entries(ctx, d.id)
	var eve *storage.Entry
	for i := range es {
		if es[i].PlayerName == "Eve" {
			eve = &es[i]
		}
	}
	if len(es) != 5 || eve == nil || eve.ID == d.ids["Eve"] {
		t.Fatalf("entries after the undo: %+v", es)
	}
	m := regexp.MustCompile(`name="match" value="(\d+)"`).FindStringSubmatch(d.phone("Ann").get(d.links["Ann"]).body)
	if m == nil {
		t.Fatal("Ann has no match after the undo")
	}
	matchID, _ := strconv.ParseInt(m[1], 10, 64)
	reps, _ := a.store.Reports(ctx, matchID)
	if len(reps) != 1 || reps[0].EntryID != d.ids["Ann"] {
		t.Fatalf("Ann's report after the undo: %+v", reps)
	}
}

// A finished event keeps a snapshot; snapshot pages and restores are for
// organisers only, and a snapshot is reached only through its own event.
func TestSnapshotsAreTheOrganisersAndFinishKeepsOne(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	ctx := context.Background()
	d := newDayEvent(t, a, org, "0", "Ann", "Bo")
	d.pairAndPublish(1)
	snResults(t, a, d, 1)
	ev, _ := a.store.EventByID(ctx, d.id)
	ev.Status = storage.StatusFinished
	if err := a.store.UpdateEvent(ctx, pfActor, ev); err != nil {
		t.Fatal(err)
	}
	labels, ids, _ := snList(t, org, d.path)
	if strings.Join(labels, "|") != "Event finished|Round 1 published" {
		t.Fatalf("snapshots of a finished event: %q", labels)
	}
	other := newDayEvent(t, a, org, "0", "Cy", "Di")
	expectStatus(t, "another event's snapshot", org.get(other.path+"/snapshots/"+ids[0]), http.StatusNotFound)
	expectStatus(t, "another event's restore page", org.get(other.path+"/snapshots/"+ids[0]+"/restore"), http.StatusNotFound)

	judge := a.signedIn("jules", storage.RoleJudge)
	jules, _ := accounts.New(a.store).UserByUsername(ctx, "jules")
	if err := a.store.AddEventJudge(ctx, pfActor, d.id, jules.ID); err != nil {
		t.Fatal(err)
	}
	restore := d.path + "/snapshots/" + ids[1] + "/restore"
	for _, p := range []string{"/snapshots", "/snapshots/" + ids[1], "/snapshots/" + ids[1] + "/restore"} {
		expectStatus(t, "judge GET "+p, judge.get(d.path+p), http.StatusForbidden)
	}
	expectStatus(t, "judge restores", judge.post(d.path+"/calls", restore, nil), http.StatusForbidden)
	expectStatus(t, "judge takes a snapshot", judge.post(d.path+"/calls", d.path+"/snapshots", nil), http.StatusForbidden)
	if r := a.browser().get(d.path + "/snapshots"); r.status == http.StatusOK {
		t.Fatalf("a visitor sees the snapshots: %d", r.status)
	}
	// A restore without the form's token changes nothing.
	expectStatus(t, "restore without CSRF", org.postRaw(restore, url.Values{}), http.StatusForbidden)
	if ev, _ := a.store.EventByID(ctx, d.id); ev.Status != storage.StatusFinished {
		t.Fatalf("status after refused restores: %s", ev.Status)
	}
	// By hand.
	expectRedirect(t, "take a snapshot", org.post(d.path+"/snapshots", d.path+"/snapshots", nil), d.path+"/snapshots")
	if labels, _, _ = snList(t, org, d.path); labels[0] != "Taken by hand" {
		t.Fatalf("after taking one by hand: %q", labels)
	}
}

// The snapshots page and the restore page at phone and laptop sizes, with
// a restore done in the browser. TENKAICHI_SCREENSHOTS=DIR keeps the
// screenshots there to look at.
func TestSnapshotsPageInTheBrowser(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "0", "Ann", "Bo", "Cy", "Di", "Ed")
	d.pairAndPublish(1)
	snResults(t, a, d, 1)
	d.pairAndPublish(2)
	for _, size := range [][2]int64{{390, 844}, {1280, 800}} {
		ctx := chromium(t, size[0], size[1], size[0] < 500)
		signIn(t, ctx, a)
		do(t, ctx,
			chromedp.Navigate(a.srv.URL+d.path+"/snapshots"),
			chromedp.WaitVisible(chromedp.CSS(`[data-testid="snapshot-list"]`)),
		)
		noSideScroll(t, ctx, "snapshots page")
		snShot(t, ctx, "snapshots", size)
		do(t, ctx,
			leadsToNewPage(chromedp.Click(chromedp.CSS(`[data-testid="snapshot"] a.button`))),
			chromedp.WaitVisible(chromedp.CSS(`[data-testid="restore"]`)),
		)
		noSideScroll(t, ctx, "restore page")
		snShot(t, ctx, "restore", size)
	}
	ctx := chromium(t, 390, 844, true)
	signIn(t, ctx, a)
	do(t, ctx,
		chromedp.Navigate(a.srv.URL+d.path+"/snapshots"),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="snapshot"] a.button`)),
		leadsToNewPage(chromedp.Click(chromedp.CSS(`[data-testid="snapshot"] a.button`))),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="restore"]`)),
		leadsToNewPage(chromedp.Click(chromedp.CSS(`[data-testid="restore"]`))),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="snapshot-list"]`)),
	)
	if flash := text(t, ctx, `.flash`); !strings.Contains(flash, "The event is restored") {
		t.Fatalf("after restoring in the browser: %q", flash)
	}
	if first := text(t, ctx, `[data-testid="snapshot"] h2`); !strings.HasPrefix(first, "Before restoring snapshot no.") {
		t.Fatalf("newest snapshot after the restore: %q", first)
	}
	snShot(t, ctx, "after-restore", [2]int64{390, 844})
}

func snShot(t *testing.T, ctx context.Context, name string, size [2]int64) {
	t.Helper()
	dir := os.Getenv("TENKAICHI_SCREENSHOTS")
	if dir == "" {
		return
	}
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, name+"-"+strconv.FormatInt(size[0], 10)+"x"+strconv.FormatInt(size[1], 10)+".png")
	if err := os.WriteFile(file, png, 0o644); err != nil {
		t.Fatal(err)
	}
}
