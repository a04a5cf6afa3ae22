package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
	"github.com/tenkaichi-org/tenkaichi/storage/leagues"
)

// pushAnswer is the JSON answer of POST /api/v1/push.
type pushAnswer struct {
	Status string `json:"status"`
	Event  *struct {
		ID   int64  `json:"id"`
		Name string `json:"name"`
		URL  string `json:"url"`
	} `json:"event"`
	Message string `json:"message"`
	Error   string `json:"error"`
	Key     string `json:"key"`
}

// pushTo sends an event file to a league server as `tenkaichi push` does.
func pushTo(t *testing.T, a *app, token string, body []byte, lang string) (int, pushAnswer) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, a.srv.URL+"/api/v1/push", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if lang != "" {
		req.Header.Set("Accept-Language", lang)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var out pushAnswer
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil {
		t.Fatalf("push answered %d with no JSON: %v", res.StatusCode, err)
	}
	return res.StatusCode, out
}

var newTokenInput = regexp.MustCompile(`id="new-token" readonly value="(tkst_[A-Za-z0-9_-]+)"`)

// makeStoreToken makes a token on the store's tokens page and reads it
// off the page, where it is shown once.
func makeStoreToken(t *testing.T, b *browser, storeID int64, name string) string {
	t.Helper()
	page := "/stores/" + strconv.FormatInt(storeID, 10) + "/tokens"
	r := b.post(page, page, url.Values{"name": {name}})
	expectStatus(t, "make a token", r, http.StatusOK)
	m := newTokenInput.FindStringSubmatch(r.body)
	if m == nil || !strings.Contains(pfText(r.body), "Copy it now: it will not be shown again.") {
		t.Fatalf("the new token is not shown:\n%s", excerpt(pfText(r.body)))
	}
	if again := b.get(page); strings.Contains(again.body, m[1]) || !strings.Contains(again.body, name) {
		t.Fatalf("the tokens page shows the token again, or not its name %q", name)
	}
	return m[1]
}

// addMember adds a player with a member number at the counter.
func addMember(t *testing.T, d *dayEvent, name, member string) {
	t.Helper()
	r := d.org.post(d.path+"/players", d.path+"/players", url.Values{"player_name": {name}, "member_id": {member}, "entered_round": {"1"}})
	if r.status != http.StatusSeeOther {
		t.Fatalf("add %s: %d\n%s", name, r.status, excerpt(r.body))
	}
}

// storeEvents is what the stores hold: their events and each one's entries.
func storeEvents(t *testing.T, a *app, stores ...int64) string {
	t.Helper()
	ctx := context.Background()
	es, err := a.store.EventsOfShops(ctx, stores)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, e := range es {
		entries, _ := a.store.Entries(ctx, e.ID)
		b.WriteString(strconv.FormatInt(e.StoreID, 10) + ":" + e.Name + ":" + strconv.Itoa(len(entries)) + ";")
	}
	return b.String()
}

// laptopEvent is an event run on a laptop (a server of its own, on its own
// database) with two players who gave member numbers, round 1 published.
func laptopEvent(t *testing.T) (*dayEvent, *app) {
	t.Helper()
	laptop := newApp(t)
	d := newDayEvent(t, laptop, laptop.organiser(), "0", "Cy", "Di")
	addMember(t, d, "Ann", "T-1001")
	addMember(t, d, "Bo", "T-2002")
	d.pairAndPublish(1)
	return d, laptop
}

// A laptop's event reaches its store on the league server with a token:
// once (the same file again changes nothing), its players matched by
// member number; the event in another state is refused, pointing at the
// store's copy.
func TestPushAddsALaptopsEventToItsStoreOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newTwoStores(t)
	d, _ := laptopEvent(t)
	file := pfExport(t, d.org, d.path)
	if !regexp.MustCompile(`"origin": "[0-9a-f]{32}"`).Match(file) {
		t.Fatalf("the export carries no origin")
	}
	// The league already knows Ann by her member number.
	if err := f.a.store.CreateEntry(ctx, storage.Actor{Name: "test"}, &storage.Entry{EventID: f.draft, PlayerName: "Ann Known", MemberID: "T-1001"}); err != nil {
		t.Fatal(err)
	}
	known, err := f.a.store.PlayerByMemberID(ctx, "T-1001")
	if err != nil {
		t.Fatal(err)
	}

	token := makeStoreToken(t, f.orgA, f.storeA, "Shop laptop")
	status, got := pushTo(t, f.a, token, file, "")
	if status != http.StatusCreated || got.Status != "created" || got.Event == nil ||
		!strings.HasSuffix(got.Event.URL, "/events/"+strconv.FormatInt(got.Event.ID, 10)) || got.Message != "The event Saturday Cup was added to the store." {
		t.Fatalf("first push: %d %+v", status, got)
	}
	ev, err := f.a.store.EventByID(ctx, got.Event.ID)
	if err != nil || ev.StoreID != f.storeA {
		t.Fatalf("the pushed event is in store %d, want store A %d (%v)", ev.StoreID, f.storeA, err)
	}
	entries, _ := f.a.store.Entries(ctx, ev.ID)
	if len(entries) != 4 {
		t.Fatalf("%d players came with the push, want 4", len(entries))
	}
	for _, e := range entries {
		switch {
		case e.PlayerID == nil:
			t.Errorf("%s has no player record", e.PlayerName)
		case e.MemberID == "T-1001" && *e.PlayerID != known.ID:
			t.Errorf("Ann (T-1001) is player %d, want the league's %d", *e.PlayerID, known.ID)
		case e.MemberID == "" && *e.PlayerID == known.ID:
			t.Errorf("%s, without a member number, was linked to Ann", e.PlayerName)
		}
	}
	held := storeEvents(t, f.a, f.storeA, f.storeB)

	// The same file again: nothing changes.
	status, again := pushTo(t, f.a, token, file, "")
	if status != http.StatusOK || again.Status != "exists" || again.Event == nil || again.Event.ID != ev.ID ||
		!strings.Contains(again.Message, "from this same file: nothing was changed") {
		t.Fatalf("second push: %d %+v", status, again)
	}
	// The event moved on on the laptop: the store keeps what it has.
	if _, err := d.a.store.PostAnnouncement(ctx, storage.Actor{Name: "test"}, d.id, "Round 2 at 14:10"); err != nil {
		t.Fatal(err)
	}
	status, newer := pushTo(t, f.a, token, pfExport(t, d.org, d.path), "")
	if status != http.StatusConflict || newer.Status != "conflict" || newer.Event == nil || newer.Event.ID != ev.ID ||
		!strings.Contains(newer.Message, "in another state than this file: nothing was changed") {
		t.Fatalf("push of a newer state: %d %+v", status, newer)
	}
	if after := storeEvents(t, f.a, f.storeA, f.storeB); after != held {
		t.Fatalf("pushing again changed the stores:\n%s\n%s", held, after)
	}

	// Uploaded on the import page, the same file is already there too.
	r := pfUploadTo(t, f.orgA, "", "saturday.json", file)
	expectRedirect(t, "upload of a pushed file", r, "/events/import?existing="+strconv.FormatInt(ev.ID, 10))
	mustContain(t, "upload of a pushed file", pfText(f.orgA.get(r.location).body), "This store already has the event Saturday Cup, from this same file")
	if after := storeEvents(t, f.a, f.storeA, f.storeB); after != held {
		t.Fatalf("the upload changed the stores:\n%s\n%s", held, after)
	}
	// Another store's organiser is not told about it.
	expectStatus(t, "organiser B on A's existing event", f.orgB.get(r.location), http.StatusNotFound)

	// An export of store A's own event, pushed back: nothing changes.
	status, own := pushTo(t, f.a, token, pfExport(t, f.admin, f.event.path), "")
	if status != http.StatusConflict || own.Status != "conflict" || own.Event == nil || own.Event.ID != f.event.id ||
		!strings.Contains(own.Message, "made on this server: nothing was changed") {
		t.Fatalf("push of the store's own event: %d %+v", status, own)
	}
	if after := storeEvents(t, f.a, f.storeA, f.storeB); after != held {
		t.Fatalf("pushing the store's own event changed the stores:\n%s\n%s", held, after)
	}
}

// A token adds to its own store only, works until revoked, and a file that
// is hostile or wrong is refused naming what is wrong, with nothing stored.
func TestPushKeepsToItsStoreAndRefusesBadFiles(t *testing.T) {
	t.Parallel()
	f := newTwoStores(t)
	d, _ := laptopEvent(t)
	file := string(pfExport(t, d.org, d.path))
	tokenA := makeStoreToken(t, f.orgA, f.storeA, "Laptop A")
	tokenB := makeStoreToken(t, f.orgB, f.storeB, "Laptop B")
	// Store B's organiser sees neither store A's tokens nor revokes them.
	expectStatus(t, "organiser B on store A's tokens", f.orgB.get("/stores/"+strconv.FormatInt(f.storeA, 10)+"/tokens"), http.StatusForbidden)
	held := storeEvents(t, f.a, f.storeA, f.storeB)

	bad := map[string]struct {
		body   string
		status int
		says   string
	}{
		"not JSON":           {"{\n  \"players\": [\n    1,,\n  ]}", http.StatusUnprocessableEntity, "line 3"},
		"a list":             {`[1, 2]`, http.StatusUnprocessableEntity, "not an event file"},
		"another game":       {strings.Replace(file, `"game": "fusion-world"`, `"game": "magic"`, 1), http.StatusUnprocessableEntity, `"magic"`},
		"a store named":      {strings.Replace(file, `"game": "fusion-world"`, `"store_id": 1, "game": "fusion-world"`, 1), http.StatusUnprocessableEntity, "store_id"},
		"a forged origin":    {regexp.MustCompile(`"origin": "[0-9a-f]+"`).ReplaceAllString(file, `"origin": "1 OR 1=1"`), http.StatusUnprocessableEntity, `origin "1 OR 1=1"`},
		"an unknown player":  {regexp.MustCompile(`("entries": \[\s*\{\s*"id": )"\d+"`).ReplaceAllString(file, `$1"999999"`), http.StatusUnprocessableEntity, `"999999"`},
		"larger than 16 MB":  {`{"players": [], "rounds": [], "x": "` + strings.Repeat("a", 16<<20) + `"}`, http.StatusRequestEntityTooLarge, "larger than 16 MB"},
		"larger than 17 MB":  {strings.Repeat(" ", 18<<20), http.StatusRequestEntityTooLarge, "larger than 16 MB"},
		"an event file, bad": {`{"players": [{"id": ""}], "rounds": []}`, http.StatusUnprocessableEntity, "player 1 has no id"},
	}
	for what, c := range bad {
		status, got := pushTo(t, f.a, tokenA, []byte(c.body), "")
		if status != c.status || got.Status != "refused" || !strings.Contains(got.Error, c.says) || got.Event != nil {
			t.Errorf("%s: %d %+v, want %d saying %q", what, status, got, c.status, c.says)
		}
	}
	for what, token := range map[string]string{"no token": "", "a made-up token": "tkst_" + strings.Repeat("A", 43), "a store's token changed": tokenA + "x"} {
		if status, got := pushTo(t, f.a, token, []byte(file), ""); status != http.StatusUnauthorized || got.Status != "refused" || got.Error == "" {
			t.Errorf("%s: %d %+v, want 401", what, status, got)
		}
	}
	if status, got := pushTo(t, f.a, "", []byte(file), "de"); !strings.Contains(got.Error, "Eine Übertragung braucht das Token des Ladens") {
		t.Errorf("no token, in German: %d %+v", status, got)
	}
	if after := storeEvents(t, f.a, f.storeA, f.storeB); after != held {
		t.Fatalf("refused pushes changed the stores:\n%s\n%s", held, after)
	}

	// Store B's token puts the file in store B, whatever the file says.
	status, got := pushTo(t, f.a, tokenB, []byte(file), "")
	if status != http.StatusCreated || got.Event == nil {
		t.Fatalf("push with store B's token: %d %+v", status, got)
	}
	if ev, err := f.a.store.EventByID(context.Background(), got.Event.ID); err != nil || ev.StoreID != f.storeB {
		t.Fatalf("store B's push went to store %d (%v)", ev.StoreID, err)
	}
	if storeEvents(t, f.a, f.storeA) != storeEventsOf(held, f.storeA) {
		t.Fatalf("store B's push changed store A")
	}

	// Revoked, store A's token stops working; the list says when.
	page := "/stores/" + strconv.FormatInt(f.storeA, 10) + "/tokens"
	id := regexp.MustCompile(`/tokens/(\d+)/revoke`).FindStringSubmatch(f.orgA.get(page).body)
	if id == nil {
		t.Fatal("no revoke button on store A's tokens page")
	}
	// Store B's organiser cannot revoke it, nor can store A's page revoke B's.
	expectStatus(t, "organiser B revokes A's token", f.orgB.post("/account", page+"/"+id[1]+"/revoke", nil), http.StatusForbidden)
	expectRedirect(t, "revoke", f.orgA.post(page, page+"/"+id[1]+"/revoke", nil), page)
	listed := pfText(f.orgA.get(page).body)
	if !strings.Contains(listed, "The token was revoked: it no longer works.") || !strings.Contains(listed, "Revoked on") {
		t.Fatalf("the tokens page after revoking:\n%s", excerpt(listed))
	}
	if status, got := pushTo(t, f.a, tokenA, []byte(file), ""); status != http.StatusUnauthorized || !strings.Contains(got.Error, "revoked") {
		t.Fatalf("push with a revoked token: %d %+v", status, got)
	}
}

// storeEventsOf is the part of a storeEvents fingerprint about one store.
func storeEventsOf(held string, store int64) string {
	var out strings.Builder
	for _, part := range strings.SplitAfter(held, ";") {
		if strings.HasPrefix(part, strconv.FormatInt(store, 10)+":") {
			out.WriteString(part)
		}
	}
	return out.String()
}

// A token's name is required; pushes are rate limited per address.
func TestStoreTokensFormAndPushRateLimit(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	first, _ := accounts.New(a.store).FirstShop(context.Background())
	page := "/stores/" + strconv.FormatInt(first.ID, 10) + "/tokens"
	mustContain(t, "no tokens yet", pfText(org.get(page).body), "This store has no tokens yet.")
	mustContain(t, "the store links to its tokens", org.get("/stores/"+strconv.FormatInt(first.ID, 10)).body, `href="`+page+`"`)
	r := org.post(page, page, url.Values{"name": {"  "}})
	expectStatus(t, "a token without a name", r, http.StatusUnprocessableEntity)
	mustContain(t, "a token without a name", pfText(r.body), "Give the token a name of 1 to 100 characters")
	expectStatus(t, "CSRF", org.postRaw(page, url.Values{"name": {"x"}}), http.StatusForbidden)
	for i := range 20 {
		if status, _ := pushTo(t, a, "", []byte(`{}`), ""); status != http.StatusUnauthorized {
			t.Fatalf("push %d: %d, want 401", i+1, status)
		}
	}
	if status, got := pushTo(t, a, "", []byte(`{}`), ""); status != http.StatusTooManyRequests || got.Status != "refused" {
		t.Fatalf("push 21: %d %+v, want 429", status, got)
	}
}

// A finished event pushed from a laptop counts for the league at once: its
// final results are stored with the push, its players linked.
func TestPushOfAFinishedEventStoresItsResults(t *testing.T) {
	t.Parallel()
	laptop := newApp(t)
	d := newDayEvent(t, laptop, laptop.organiser(), "2", "Ann", "Bo", "Cy", "Di")
	d.pairAndPublish(1)
	d.reportByPhones(1, false, firstNamed)
	d.startCut(2)
	d.reportByPhones(2, true, firstNamed)
	if s := eventStatus(t, laptop, d.id); s != storage.StatusFinished {
		t.Fatalf("status after the final: %s", s)
	}

	league := newApp(t)
	org := league.organiser()
	first, _ := accounts.New(league.store).FirstShop(context.Background())
	token := makeStoreToken(t, org, first.ID, "Shop laptop")
	status, got := pushTo(t, league, token, pfExport(t, d.org, d.path), "")
	if status != http.StatusCreated || got.Event == nil {
		t.Fatalf("push: %d %+v", status, got)
	}
	ctx := context.Background()
	lgs := leagues.New(league.store)
	rows, err := lgs.EventResults(ctx, got.Event.ID)
	if err != nil || len(rows) != 4 || rows[0].Place != 1 || rows[0].PlayerID == 0 {
		t.Fatalf("results of the pushed event: %+v (%v)", rows, err)
	}
	if stale, err := lgs.StaleEventResults(ctx, []int64{got.Event.ID}); err != nil || len(stale) != 0 {
		t.Fatalf("stale after the push: %v, %v", stale, err)
	}
}

// The same file pushed several times at once (a retry while the first is
// under way) adds one event: the others are told it is already there.
func TestPushTwiceAtOnceAddsOneEvent(t *testing.T) {
	t.Parallel()
	d, _ := laptopEvent(t)
	file := pfExport(t, d.org, d.path)
	league := newApp(t)
	org := league.organiser()
	first, _ := accounts.New(league.store).FirstShop(context.Background())
	token := makeStoreToken(t, org, first.ID, "Shop laptop")
	const n = 4
	statuses := make(chan string, n)
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			status, got := pushTo(t, league, token, file, "")
			statuses <- strconv.Itoa(status) + " " + got.Status
		})
	}
	wg.Wait()
	close(statuses)
	count := map[string]int{}
	for s := range statuses {
		count[s]++
	}
	if count["201 created"] != 1 || count["200 exists"] != n-1 {
		t.Fatalf("answers to %d pushes at once: %v", n, count)
	}
	if held := storeEvents(t, league, first.ID); strings.Count(held, ";") != 1 {
		t.Fatalf("the store after %d pushes at once: %s", n, held)
	}
}
