package server_test

import (
	"context"
	"net/http"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
)

// eventJudgeNames are the usernames of the judges attached to an event.
func eventJudgeNames(t *testing.T, a *app, eventID int64) string {
	t.Helper()
	js, err := a.store.EventJudges(context.Background(), eventID)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, j := range js {
		names = append(names, j.Username)
	}
	sort.Strings(names)
	return strings.Join(names, ",")
}

// importedEvent follows an import's redirect to the new event's id.
func importedEvent(t *testing.T, what string, r response) int64 {
	t.Helper()
	m := regexp.MustCompile(`^/events/import\?imported=(\d+)$`).FindStringSubmatch(r.location)
	if r.status != http.StatusSeeOther || m == nil {
		t.Fatalf("%s: %d to %q\n%s", what, r.status, r.location, excerpt(r.body))
	}
	id, _ := strconv.ParseInt(m[1], 10, 64)
	return id
}

// An event made from a file, or put back from a snapshot, belongs to the
// store it was imported into or already belonged to: its players come with
// it, only judges of that store are attached, and only that store's
// organisers and judges reach it.
func TestImportAndRestoreKeepEventsInTheirStore(t *testing.T) {
	t.Parallel()
	f := newTwoStores(t)
	ctx := context.Background()
	// Store A's event file names jay (a judge of store A); joe (store B's
	// judge) is added to it.
	file := []byte(strings.Replace(string(pfExport(t, f.admin, f.event.path)), `"judges": [`, `"judges": ["`+f.judgeBN+`", `, 1))
	if !strings.Contains(string(file), `"`+f.judgeAName+`"`) {
		t.Fatalf("store A's event file does not name its judge %s", f.judgeAName)
	}

	// Organiser B runs one store: the file goes into it without a choice.
	id := importedEvent(t, "organiser B imports", pfUpload(t, f.orgB, "saturday.json", file))
	ev, err := f.a.store.EventByID(ctx, id)
	if err != nil || ev.StoreID != f.storeB {
		t.Fatalf("imported event %+v in store %d, want store B %d (%v)", ev, ev.StoreID, f.storeB, err)
	}
	entries, _ := f.a.store.Entries(ctx, id)
	if len(entries) != 2 {
		t.Fatalf("%d players came with the file, want 2", len(entries))
	}
	for _, e := range entries {
		if e.EventID != id {
			t.Fatalf("player %s is in event %d, want %d", e.PlayerName, e.EventID, id)
		}
	}
	if got := eventJudgeNames(t, f.a, id); got != f.judgeBN {
		t.Fatalf("judges attached to the import: %q, want only store B's %s", got, f.judgeBN)
	}
	result := pfText(f.orgB.get("/events/import?imported=" + strconv.FormatInt(id, 10)).body)
	if !strings.Contains(result, "1 judge named in the file has no judge account in this event's store") || !strings.Contains(result, f.judgeAName) {
		t.Fatalf("the import page does not say %s was left out:\n%s", f.judgeAName, excerpt(result))
	}
	imported := "/events/" + strconv.FormatInt(id, 10)
	for who, b := range map[string]*browser{"organiser A": f.orgA, "judge A": f.judgeA} {
		for _, p := range []string{imported + "/edit", imported + "/judge", imported + "/players", imported + "/snapshots"} {
			if r := b.get(p); r.status != http.StatusForbidden {
				t.Errorf("%s on the event imported into store B, %s: %d, want 403", who, p, r.status)
			}
		}
	}
	expectStatus(t, "organiser B edits the import", f.orgB.get(imported+"/edit"), http.StatusOK)
	expectStatus(t, "judge B judges the import", f.judgeB.get(imported+"/judge"), http.StatusOK)

	// The admin runs both stores: must choose, and gets the store chosen.
	storeB := strconv.FormatInt(f.storeB, 10)
	r := pfUploadTo(t, f.admin, "", "saturday.json", file)
	expectStatus(t, "admin imports without a store", r, http.StatusUnprocessableEntity)
	mustContain(t, "admin imports without a store", r.body, "Choose the store.")
	// Store B has this event (organiser B's import): a second copy is asked for.
	byAdmin := importedEvent(t, "admin imports into store B", pfUploadCopy(t, f.admin, storeB, "saturday.json", file))
	if e, _ := f.a.store.EventByID(ctx, byAdmin); e.StoreID != f.storeB {
		t.Fatalf("the admin's import went to store %d, want %d", e.StoreID, f.storeB)
	}
	if got := eventJudgeNames(t, f.a, byAdmin); got != f.judgeBN {
		t.Fatalf("judges of the admin's import: %q", got)
	}

	// Snapshot restore: B takes a snapshot (joe judges the event), then joe
	// leaves store B; the restore keeps the event in store B and does not
	// attach joe again.
	expectRedirect(t, "take a snapshot", f.orgB.post(imported+"/snapshots", imported+"/snapshots", nil), imported+"/snapshots")
	_, ids, _ := snList(t, f.orgB, imported)
	if len(ids) == 0 {
		t.Fatal("no snapshot listed")
	}
	joe, _ := accounts.New(f.a.store).UserByUsername(ctx, f.judgeBN)
	members := "/stores/" + storeB
	expectRedirect(t, "joe leaves store B", f.orgB.post(members, members+"/members/"+strconv.FormatInt(joe.ID, 10)+"/remove", nil), members)
	f.orgB.get(imported) // a page to leave the flash on
	snap := imported + "/snapshots/" + ids[0]
	expectStatus(t, "organiser A restores B's snapshot", f.orgA.post(snap+"/restore", snap+"/restore", nil), http.StatusForbidden)
	expectRedirect(t, "organiser B restores", f.orgB.post(snap+"/restore", snap+"/restore", nil), imported+"/snapshots")
	if e, _ := f.a.store.EventByID(ctx, id); e.StoreID != f.storeB {
		t.Fatalf("the restored event is in store %d, want %d", e.StoreID, f.storeB)
	}
	if got := eventJudgeNames(t, f.a, id); got != "" {
		t.Fatalf("judges after the restore: %q, want none (joe left the store)", got)
	}
	if after, _ := f.a.store.Entries(ctx, id); len(after) != 2 {
		t.Fatalf("%d players after the restore", len(after))
	}
	expectStatus(t, "joe after the restore", f.judgeB.get(imported+"/judge"), http.StatusForbidden)
	expectStatus(t, "organiser A after the restore", f.orgA.get(imported+"/edit"), http.StatusForbidden)
	rows, err := f.a.store.AuditLogFor(ctx, "event", id)
	if err != nil {
		t.Fatal(err)
	}
	var restoreAudit string
	for _, row := range rows {
		if row.Action == "restore" {
			restoreAudit = row.AfterJSON
		}
	}
	if !strings.Contains(restoreAudit, `"judges_not_attached":["`+f.judgeBN+`"]`) {
		t.Fatalf("the restore's audit row does not name %s as not attached: %q", f.judgeBN, restoreAudit)
	}
}

// The account list with its Make admin and Remove admin buttons at phone
// and laptop sizes, and a change made in the browser.
// TENKAICHI_SCREENSHOTS=DIR keeps the screenshots there to look at.
func TestInstanceAdminsInTheBrowser(t *testing.T) {
	t.Parallel()
	f := newTwoStores(t)
	for _, size := range [][2]int64{{390, 844}, {1280, 800}} {
		ctx := chromium(t, size[0], size[1], size[0] < 500)
		signIn(t, ctx, f.a)
		do(t, ctx,
			chromedp.Navigate(f.a.srv.URL+"/account"),
			chromedp.WaitVisible(chromedp.CSS(`button[aria-label="Make admin: amy becomes an instance admin"]`)),
		)
		noSideScroll(t, ctx, "account page")
		snShot(t, ctx, "account-admins", size)
	}
	ctx := chromium(t, 390, 844, true)
	signIn(t, ctx, f.a)
	do(t, ctx,
		chromedp.Navigate(f.a.srv.URL+"/account"),
		chromedp.WaitVisible(chromedp.CSS(`button[aria-label="Make admin: amy becomes an instance admin"]`)),
		leadsToNewPage(chromedp.Click(chromedp.CSS(`button[aria-label="Make admin: amy becomes an instance admin"]`))),
		chromedp.WaitVisible(chromedp.CSS(`button[aria-label="Remove admin: amy stops being an instance admin"]`)),
	)
	if flash := text(t, ctx, `.flash`); flash != "Instance admins changed." {
		t.Fatalf("after making amy an admin: %q", flash)
	}
	snShot(t, ctx, "account-admin-made", [2]int64{390, 844})
	if amy, _ := accounts.New(f.a.store).UserByUsername(context.Background(), f.orgAName); !amy.IsAdmin {
		t.Fatal("amy is not an admin after the click")
	}
}
