package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
	"github.com/tenkaichi-org/tenkaichi/storage/eventfile"
	"github.com/tenkaichi-org/tenkaichi/storage/leagues"
)

// Players across events through HTTP (server/profiles): the counter's
// suggestions, the store's directory with merges, the profile and who sees
// it, the player's own pages, and the public API.

// leagueFixture is a store with two finished events of Son Goku (member
// number M-1): "Winter Cup", whose lists are public, and "Closed Cup",
// whose lists are not; and a running event where Goku has a phone link.
type leagueFixture struct {
	a       *app
	org     *browser
	storeA  int64
	goku    int64 // Goku's player record
	winter  int64
	closed  int64
	running *dayEvent
	link    string // Goku's phone link in the running event
}

func newLeagueFixture(t *testing.T) *leagueFixture {
	t.Helper()
	a := newApp(t)
	f := &leagueFixture{a: a, org: a.organiser()}
	ctx := context.Background()
	first, err := accounts.New(a.store).FirstShop(ctx)
	if err != nil {
		t.Fatal(err)
	}
	f.storeA = first.ID
	var ents map[string]int64
	f.winter, ents = importPlayerEvent(t, a, "Winter Cup", f.storeA, true, "2026-11-01")
	f.closed, _ = importPlayerEvent(t, a, "Closed Cup", f.storeA, false, "2026-11-08")
	en, err := a.store.EntryByID(ctx, f.winter, ents["goku"])
	if err != nil || en.PlayerID == nil {
		t.Fatalf("Goku's entry: %+v %v", en, err)
	}
	f.goku = *en.PlayerID
	f.running = newDayEvent(t, a, f.org, "0")
	r := f.org.post(f.running.path+"/players", f.running.path+"/players", url.Values{"player_name": {"Son Goku"}, "member_id": {"M-1"}, "entered_round": {"1"}})
	if r.status != http.StatusSeeOther {
		t.Fatalf("add Goku: %d\n%s", r.status, excerpt(r.body))
	}
	entries, err := a.store.Entries(ctx, f.running.id)
	if err != nil || len(entries) != 1 || entries[0].PlayerID == nil || *entries[0].PlayerID != f.goku {
		t.Fatalf("Goku at the counter with his member number is not his record %d: %+v %v", f.goku, entries, err)
	}
	page := f.org.get(f.running.path + "/players/" + strconv.FormatInt(entries[0].ID, 10))
	m := playerLinkRe.FindStringSubmatch(page.body)
	if m == nil {
		t.Fatalf("no phone link:\n%s", excerpt(page.body))
	}
	f.link = m[1]
	if !strings.Contains(page.body, `href="`+profilePath(f.goku)+`" data-testid="entry-profile"`) {
		t.Errorf("the entry's page does not link to the player's profile:\n%s", excerpt(page.body))
	}
	return f
}

// importPlayerEvent stores a finished event of store with Son Goku (M-1),
// Vegeta and Piccolo over two rounds, with Goku's list (Leader FB01-001),
// and its results as the server would compute them; it returns the event
// and its entries by key.
func importPlayerEvent(t *testing.T, a *app, name string, store int64, listsPublic bool, day string) (int64, map[string]int64) {
	t.Helper()
	id, ids := importPlayerEventOnly(t, a, name, store, listsPublic, day)
	ctx := context.Background()
	lg := leagues.New(a.store)
	vs, err := lg.EventsVersions(ctx, []int64{id})
	if err != nil {
		t.Fatal(err)
	}
	rows := []leagues.EventResult{
		{EntryID: ids["goku"], Place: 1, SwissRank: 1, MatchPoints: 6, Wins: 2},
		{EntryID: ids["piccolo"], Place: 2, SwissRank: 2, MatchPoints: 3, Losses: 1, Byes: 1},
		{EntryID: ids["vegeta"], Place: 3, SwissRank: 3, MatchPoints: 3, Losses: 1, Byes: 1},
	}
	if err := lg.ReplaceEventResults(ctx, id, vs[0].PlayVersion, rows); err != nil {
		t.Fatal(err)
	}
	return id, ids
}

// importPlayerEventOnly is importPlayerEvent without its results: the
// server computes them when a page needs them.
func importPlayerEventOnly(t *testing.T, a *app, name string, store int64, listsPublic bool, day string) (int64, map[string]int64) {
	t.Helper()
	ctx := context.Background()
	d, _ := time.Parse(time.DateOnly, day)
	in := &eventfile.EventImport{Event: storage.Event{Name: name, Game: "fusion-world", Format: "fw-standard", StartsOn: d,
		RoundMinutes: 35, TopCutBestOf: 3, Seed: 7, Status: storage.StatusFinished, StoreID: store, DecksPublic: listsPublic,
		PointsWin: 3, PointsDraw: 1, PointsBye: 3}}
	for _, p := range []struct{ key, name, member, leader string }{
		{"goku", "Son Goku", "M-1", "FB01-001"}, {"vegeta", "Vegeta", "", "FB01-002"}, {"piccolo", "Piccolo", "", ""}} {
		e := storage.Entry{PlayerName: p.name, MemberID: p.member}
		if p.leader != "" {
			e.DeckText, e.DeckStatus, e.DeckLeader = "Leader\n1 "+p.leader+"\nMain\n4 FB01-010\n", storage.DeckLegal, p.leader
		}
		in.Entries = append(in.Entries, eventfile.ImportedEntry{Key: p.key, Entry: e})
	}
	round := func(n int, ms ...eventfile.ImportedMatch) eventfile.ImportedRound {
		return eventfile.ImportedRound{Round: storage.Round{Number: n, Kind: storage.KindSwiss, Status: storage.RoundFinished, LengthSeconds: 2100}, Matches: ms}
	}
	won := storage.Match{Result: "p1", Status: storage.MatchConfirmed}
	bye := storage.Match{Result: storage.ResultBye, Status: storage.MatchConfirmed}
	in.Rounds = []eventfile.ImportedRound{
		round(1, eventfile.ImportedMatch{P1: "goku", P2: "vegeta", Match: won}, eventfile.ImportedMatch{P1: "piccolo", Match: bye}),
		round(2, eventfile.ImportedMatch{P1: "goku", P2: "piccolo", Match: won}, eventfile.ImportedMatch{P1: "vegeta", Match: bye}),
	}
	res, err := eventfile.New(a.store).ImportEvent(ctx, storage.Actor{Name: "test"}, in, nil)
	if err != nil {
		t.Fatal(err)
	}
	entries, err := a.store.Entries(ctx, res.Event.ID)
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]int64{}
	for i, e := range in.Entries {
		ids[e.Key] = entries[i].ID
	}
	return res.Event.ID, ids
}

func profilePath(id int64) string { return "/players/" + strconv.FormatInt(id, 10) }

// signedInPlayer is a phone signed in as the player of the entry link.
func signedInPlayer(t *testing.T, a *app, link string) *browser {
	t.Helper()
	b := a.browser()
	expectRedirect(t, "sign in from the phone link", b.get(link+"/me"), "/me")
	return b
}

// At the counter, "Check name" lists the players named alike and the one
// with the member number; the organiser picks one or adds a new player,
// and nothing is linked by name without the pick.
func TestCounterRecognisesReturningPlayers(t *testing.T) {
	t.Parallel()
	f := newLeagueFixture(t)
	a, org := f.a, f.org
	ctx := context.Background()
	d := newDayEvent(t, a, org, "0")
	players := d.path + "/players"
	add := func(form url.Values) response {
		form.Set("entered_round", "1")
		return org.post(players, players, form)
	}
	// "Check name" posts the form and leads to the players page with the
	// players like it.
	checking := add(url.Values{"player_name": {"son gokū"}, "check": {"1"}})
	if checking.status != http.StatusSeeOther || !strings.Contains(checking.location, "check=1") {
		t.Fatalf("check name: %d to %q", checking.status, checking.location)
	}
	check := org.get(checking.location)
	expectStatus(t, "check name", check, http.StatusOK)
	pick := regexp.MustCompile(`name="player_id" value="(\d+)"`).FindStringSubmatch(check.body)
	if !strings.Contains(check.body, `data-testid="suggestions"`) || pick == nil || pick[1] != strconv.FormatInt(f.goku, 10) ||
		!strings.Contains(check.body, "Add as Son Goku") || !strings.Contains(check.body, "played at this store") {
		t.Fatalf("no suggestion of Son Goku:\n%s", excerpt(check.body))
	}
	if es, _ := a.store.Entries(ctx, d.id); len(es) != 0 {
		t.Fatalf("checking a name added %d entries", len(es))
	}
	// Picked: the entry is Goku's, under the name typed.
	if r := add(url.Values{"player_name": {"son gokū"}, "player_id": {pick[1]}}); r.status != http.StatusSeeOther {
		t.Fatalf("pick Goku: %d\n%s", r.status, excerpt(r.body))
	}
	// Not picked: a new player, though the name is alike.
	if r := add(url.Values{"player_name": {"Son Goku"}, "same_name_ok": {"1"}}); r.status != http.StatusSeeOther {
		t.Fatalf("add a new Son Goku: %d\n%s", r.status, excerpt(r.body))
	}
	// The member number says whose it is, and links.
	owner := org.get(add(url.Values{"player_name": {"Kakarot"}, "member_id": {"M-1"}, "check": {"1"}}).location)
	if !strings.Contains(owner.body, `data-testid="member-owner"`) || !strings.Contains(owner.body, "Member number M-1 belongs to Son Goku") {
		t.Errorf("the member number's owner is not named:\n%s", excerpt(owner.body))
	}
	if r := add(url.Values{"player_name": {"Kakarot"}, "member_id": {"M-1"}}); r.status != http.StatusSeeOther {
		t.Fatalf("add Kakarot: %d", r.status)
	}
	es, err := a.store.Entries(ctx, d.id)
	if err != nil || len(es) != 3 {
		t.Fatalf("entries: %+v %v", es, err)
	}
	want := []bool{true, false, true} // Goku's record?
	for i, e := range es {
		if got := e.PlayerID != nil && *e.PlayerID == f.goku; got != want[i] {
			t.Errorf("entry %q is Goku's: %v, want %v", e.PlayerName, got, want[i])
		}
	}
	none := org.get(add(url.Values{"player_name": {"Beerus"}, "check": {"1"}}).location)
	if !strings.Contains(none.body, `data-testid="no-suggestions"`) {
		t.Errorf("no word that nobody is named alike:\n%s", excerpt(none.body))
	}
	gone := add(url.Values{"player_name": {"Beerus"}, "player_id": {"999999"}})
	expectStatus(t, "pick a player who is not there", gone, http.StatusUnprocessableEntity)
	if !strings.Contains(gone.body, "The player you picked was merged or removed meanwhile") || !strings.Contains(gone.body, `id="player_name-error"`) {
		t.Errorf("a gone pick is not explained on the name field:\n%s", excerpt(gone.body))
	}
	// Self-registration: the member number links; a name alone never does.
	for _, reg := range []struct {
		name, member string
		goku         bool
	}{{"Goku", "M-1", true}, {"Son Goku", "", false}} {
		r := a.browser().post(d.path+"/register", d.path+"/register", url.Values{"player_name": {reg.name}, "member_id": {reg.member}})
		if r.status != http.StatusSeeOther {
			t.Fatalf("register %s: %d\n%s", reg.name, r.status, excerpt(r.body))
		}
	}
	es, _ = a.store.Entries(ctx, d.id)
	if len(es) != 5 || *es[3].PlayerID != f.goku || *es[4].PlayerID == f.goku {
		t.Errorf("self-registered entries: %+v", es[3:])
	}
}

// The store's directory lists its players a page at a time and finds them
// by name or member number; another store's organiser is refused.
func TestStorePlayersDirectory(t *testing.T) {
	t.Parallel()
	f := newLeagueFixture(t)
	a, org := f.a, f.org
	ctx := context.Background()
	for i := range 55 {
		en := &storage.Entry{EventID: f.running.id, PlayerName: fmt.Sprintf("Saibaman %02d", i), EnteredRound: 1, TokenHash: fmt.Sprintf("saibaman-%d", i)}
		if err := a.store.CreateEntry(ctx, storage.Actor{Name: "test"}, en); err != nil {
			t.Fatal(err)
		}
	}
	dir := "/stores/" + strconv.FormatInt(f.storeA, 10) + "/players"
	first := org.get(dir)
	expectStatus(t, "directory", first, http.StatusOK)
	// Son Goku (one record: his member number), Vegeta and Piccolo (two
	// records each: no member number), 55 Saibamen.
	if !strings.Contains(first.body, "60 players.") || !strings.Contains(first.body, "Page 1 of 2") || !strings.Contains(first.body, `data-testid="next-page"`) {
		t.Fatalf("first page:\n%s", excerpt(first.body))
	}
	second := org.get(dir + "?page=2")
	if !strings.Contains(second.body, `data-testid="prev-page"`) || strings.Contains(second.body, `data-testid="next-page"`) || !strings.Contains(second.body, "Vegeta") {
		t.Errorf("second page:\n%s", excerpt(second.body))
	}
	found := org.get(dir + "?q=" + url.QueryEscape("GOKU"))
	if !strings.Contains(found.body, "1 player.") || !strings.Contains(found.body, profilePath(f.goku)) {
		t.Errorf("search by name:\n%s", excerpt(found.body))
	}
	if byNumber := org.get(dir + "?q=M-1"); !strings.Contains(byNumber.body, "1 player.") || !strings.Contains(byNumber.body, "<td>Private</td>") {
		t.Errorf("search by member number:\n%s", excerpt(byNumber.body))
	}
	signedInPlayer(t, a, f.link).post("/me", "/me/public", url.Values{"public": {"1"}})
	if byNumber := org.get(dir + "?q=M-1"); !strings.Contains(byNumber.body, "<td>Public</td>") {
		t.Errorf("a public profile is not said so:\n%s", excerpt(byNumber.body))
	}
	// Piccolo played twice without a member number: a possible duplicate.
	if !strings.Contains(first.body, `data-testid="duplicate-group"`) {
		t.Errorf("no possible duplicates:\n%s", excerpt(first.body))
	}
	otherStore := &accounts.Shop{Name: "Capsule Corp Games"}
	if err := accounts.New(a.store).CreateShop(ctx, storage.Actor{Name: "test"}, otherStore); err != nil {
		t.Fatal(err)
	}
	orgB := a.signedInAt("bulma", storage.RoleOrganiser, otherStore.ID)
	expectStatus(t, "another store's organiser", orgB.get(dir), http.StatusForbidden)
	expectStatus(t, "a judge of the store", a.signedIn("whis", storage.RoleJudge).get(dir), http.StatusForbidden)
	if r := a.browser().get(dir); r.status != http.StatusSeeOther || !strings.HasPrefix(r.location, "/login") {
		t.Errorf("signed out: %d to %q", r.status, r.location)
	}
}

// Two records of one person are merged from the possible duplicates and
// the merge is undone; an undo a later merge stands in the way of is
// refused with the reason; another store's players cannot be merged.
func TestMergeAndUndoFromTheDirectory(t *testing.T) {
	t.Parallel()
	f := newLeagueFixture(t)
	a, org := f.a, f.org
	ctx := context.Background()
	dir := "/stores/" + strconv.FormatInt(f.storeA, 10) + "/players"
	lg := leagues.New(a.store)
	groups, err := lg.LikelyDuplicates(ctx, f.storeA)
	if err != nil || len(groups) != 2 {
		t.Fatalf("duplicates: %+v %v", groups, err)
	}
	piccolo, vegeta := groups[0].Players, groups[1].Players
	merge := func(b *browser, kept, merged int64) response {
		// The account page has a CSRF token for whoever is signed in.
		return b.post("/account", dir+"/merge", url.Values{"kept": {strconv.FormatInt(kept, 10)}, "merged": {strconv.FormatInt(merged, 10)}})
	}
	expectRedirect(t, "merge Piccolo", merge(org, piccolo[0].ID, piccolo[1].ID), dir)
	page := org.get(dir)
	if !strings.Contains(page.body, "The records were merged.") || !strings.Contains(page.body, "“Piccolo” was merged into “Piccolo” (1 entry moved).") {
		t.Fatalf("after the merge:\n%s", excerpt(page.body))
	}
	undo := regexp.MustCompile(`action="(/stores/\d+/players/merges/(\d+)/undo)"`).FindStringSubmatch(page.body)
	if undo == nil {
		t.Fatal("no undo button")
	}
	expectRedirect(t, "undo", org.post(dir, undo[1], nil), dir)
	if p, _ := a.store.PlayerByID(ctx, piccolo[1].ID); p.MergedInto != nil {
		t.Errorf("undone, yet the record is merged into %d", *p.MergedInto)
	}
	again := org.post(dir, undo[1], nil)
	expectStatus(t, "undo twice", again, http.StatusConflict)
	if !strings.Contains(again.body, "This merge was undone already.") {
		t.Errorf("second undo:\n%s", excerpt(again.body))
	}
	// Vegeta's second record into the first, then the first into Piccolo:
	// the first merge cannot be undone before the second.
	expectRedirect(t, "merge Vegeta", merge(org, vegeta[0].ID, vegeta[1].ID), dir)
	ms, _ := lg.StoreMerges(ctx, f.storeA, 5)
	expectRedirect(t, "merge Vegeta into Piccolo", merge(org, piccolo[0].ID, vegeta[0].ID), dir)
	refused := org.post(dir, dir+"/merges/"+strconv.FormatInt(ms[0].ID, 10)+"/undo", nil)
	expectStatus(t, "undo behind a later merge", refused, http.StatusConflict)
	if !strings.Contains(refused.body, "cannot be undone: a later merge or a removal changed these records") || !strings.Contains(refused.body, "Undo the later merge first.") {
		t.Errorf("refused undo not explained:\n%s", excerpt(refused.body))
	}
	if r := merge(org, piccolo[0].ID, piccolo[0].ID); r.status != http.StatusUnprocessableEntity || !strings.Contains(r.body, "cannot be merged into itself") {
		t.Errorf("merge into itself: %d\n%s", r.status, excerpt(r.body))
	}
	if r := org.post(dir, dir+"/merge", url.Values{"kept": {"x"}}); r.status != http.StatusUnprocessableEntity || !strings.Contains(r.body, "Choose the record to keep") {
		t.Errorf("merge without a choice: %d", r.status)
	}
	// Another store: its players are not this store's to merge, nor its merges to undo.
	other := &accounts.Shop{Name: "Capsule Corp Games"}
	if err := accounts.New(a.store).CreateShop(ctx, storage.Actor{Name: "test"}, other); err != nil {
		t.Fatal(err)
	}
	farEvent, far := importPlayerEvent(t, a, "Far Cup", other.ID, true, "2026-11-15")
	farEntry, err := a.store.EntryByID(ctx, farEvent, far["vegeta"])
	if err != nil {
		t.Fatal(err)
	}
	if r := merge(org, piccolo[0].ID, *farEntry.PlayerID); r.status != http.StatusUnprocessableEntity || !strings.Contains(r.body, "Only records of players of this store") {
		t.Errorf("merge another store's player: %d\n%s", r.status, excerpt(r.body))
	}
	orgB := a.signedInAt("bulma", storage.RoleOrganiser, other.ID)
	if r := merge(orgB, piccolo[0].ID, piccolo[1].ID); r.status != http.StatusForbidden {
		t.Errorf("another store's organiser merges: %d", r.status)
	}
	dirB := "/stores/" + strconv.FormatInt(other.ID, 10) + "/players"
	if r := orgB.post(dirB, dirB+"/merges/"+strconv.FormatInt(ms[0].ID, 10)+"/undo", nil); r.status != http.StatusNotFound {
		t.Errorf("another store's organiser undoes this store's merge through their own store: %d", r.status)
	}
}

// A private profile is seen by the player and by the organisers of the
// stores they played at; anyone else, another store's organiser and
// another player get 404. Public, everyone sees it, without the member
// number and without lists the events did not publish.
func TestProfileIsSeenOnlyByWhomItMay(t *testing.T) {
	t.Parallel()
	f := newLeagueFixture(t)
	a := f.a
	ctx := context.Background()
	path := profilePath(f.goku)
	other := &accounts.Shop{Name: "Capsule Corp Games"}
	if err := accounts.New(a.store).CreateShop(ctx, storage.Actor{Name: "test"}, other); err != nil {
		t.Fatal(err)
	}
	orgB := a.signedInAt("bulma", storage.RoleOrganiser, other.ID)
	f.running.addPlayer("Krillin")
	krillin := signedInPlayer(t, a, f.running.links["Krillin"])
	goku := signedInPlayer(t, a, f.link)
	for who, b := range map[string]*browser{"anonymous": a.browser(), "another store's organiser": orgB, "another player": krillin,
		"a judge": a.signedIn("whis", storage.RoleJudge)} {
		expectStatus(t, who+" on a private profile", b.get(path), http.StatusNotFound)
	}
	staff := f.org.get(path)
	expectStatus(t, "the store's organiser", staff, http.StatusOK)
	for _, want := range []string{"Son Goku", "Member number M-1", "Winter Cup", "Closed Cup", "Place 1", "2-0-0", "This profile is private",
		"Record by Leader", "in 2 events", "Published decklists", `data-testid="profile-deck"`} {
		if !strings.Contains(staff.body, want) {
			t.Errorf("the organiser's view lacks %q", want)
		}
	}
	own := goku.get(path)
	expectStatus(t, "the player", own, http.StatusOK)
	if !strings.Contains(own.body, `data-testid="own-settings"`) || !strings.Contains(own.body, "Member number M-1") {
		t.Errorf("the player's own view:\n%s", excerpt(own.body))
	}
	expectRedirect(t, "make public", goku.post("/me", "/me/public", url.Values{"public": {"1"}}), "/me")
	public := a.browser().get(path)
	expectStatus(t, "anonymous on a public profile", public, http.StatusOK)
	if strings.Contains(public.body, "M-1") || strings.Contains(public.body, "This profile is") {
		t.Errorf("the public view shows the member number or the visibility:\n%s", excerpt(public.body))
	}
	// The lists of Closed Cup are not published: its Leader is not counted
	// and its list is not shown.
	if !strings.Contains(public.body, "in 1 event") || strings.Count(public.body, `data-testid="profile-deck"`) != 1 {
		t.Errorf("the public view shows unpublished lists:\n%s", excerpt(public.body))
	}
	expectStatus(t, "no such player", a.browser().get("/players/999999"), http.StatusNotFound)
	expectStatus(t, "not a number", a.browser().get("/players/x"), http.StatusNotFound)
	// A merged record's address leads to the record it is now.
	lg := leagues.New(a.store)
	ents, _ := a.store.Entries(ctx, f.closed)
	if _, err := lg.MergePlayers(ctx, storage.Actor{Name: "test"}, f.goku, *ents[1].PlayerID); err != nil {
		t.Fatal(err)
	}
	if r := a.browser().get(profilePath(*ents[1].PlayerID)); r.status != http.StatusMovedPermanently || r.location != path {
		t.Errorf("a merged record: %d to %q", r.status, r.location)
	}
}

// The public API answers public profiles only, without member numbers, and
// with lists only where the event published them.
func TestPublicProfileAPI(t *testing.T) {
	t.Parallel()
	f := newLeagueFixture(t)
	a := f.a
	api := newAPIClient(t, a, a.browser()) // every answer checked against openapi.json
	path := profilePath(f.goku)
	if r := api.get(path); r.status != http.StatusNotFound || !strings.Contains(string(r.body), `"error"`) {
		t.Fatalf("private profile over the API: %d %s", r.status, r.body)
	}
	goku := signedInPlayer(t, a, f.link)
	goku.post("/me", "/me/public", url.Values{"public": {"1"}})
	var got struct {
		ID     int64  `json:"id"`
		Name   string `json:"name"`
		Events []struct {
			Name     string  `json:"name"`
			Place    *int    `json:"place"`
			Wins     int     `json:"wins"`
			Decklist *string `json:"decklist"`
		} `json:"events"`
	}
	r := api.decode(path, &got)
	if strings.Contains(string(r.body), "M-1") || strings.Contains(string(r.body), "member") {
		t.Errorf("the API gives the member number: %s", r.body)
	}
	if got.ID != f.goku || got.Name != "Son Goku" || len(got.Events) != 3 {
		t.Fatalf("profile: %+v", got)
	}
	for _, e := range got.Events {
		switch e.Name {
		case "Winter Cup":
			if e.Place == nil || *e.Place != 1 || e.Wins != 2 || e.Decklist == nil {
				t.Errorf("Winter Cup: %+v", e)
			}
		case "Closed Cup":
			if e.Decklist != nil {
				t.Errorf("Closed Cup's list is not published, yet the API gives it")
			}
		}
	}
	if again := api.get(path, "If-None-Match", r.header.Get("ETag")); again.status != http.StatusNotModified {
		t.Errorf("the same ETag again: %d", again.status)
	}
	if r := api.get("/players/999999"); r.status != http.StatusNotFound {
		t.Errorf("no such player: %d", r.status)
	}
}

var ownLinkRe = regexp.MustCompile(`data-testid="own-link">[^<]*?(/me/signin/\d+/[A-Za-z0-9_-]+)<`)

// The player's own pages answer only the player signed in on that browser:
// from an entry's link or their own link, which a new link revokes; the
// download is theirs, and their removal is confirmed first and final.
func TestPlayerOwnPagesAreTheirsAlone(t *testing.T) {
	t.Parallel()
	f := newLeagueFixture(t)
	a := f.a
	ctx := context.Background()
	anon := a.browser()
	for _, p := range []string{"/me", "/me/data", "/me/remove"} {
		r := anon.get(p)
		expectStatus(t, "signed out "+p, r, http.StatusNotFound)
		if !strings.Contains(r.body, "You are not signed in as a player here.") {
			t.Errorf("%s signed out says:\n%s", p, excerpt(r.body))
		}
	}
	expectStatus(t, "a wrong entry link", anon.get("/p/not-a-link/me"), http.StatusNotFound)
	// A forged cookie is nobody.
	forged := a.browser()
	u, _ := url.Parse(a.srv.URL)
	forged.http.Jar.SetCookies(u, []*http.Cookie{{Name: "tenkaichi_player", Value: fmt.Sprintf("%d.1.9999999999.forged", f.goku), Path: "/"}})
	expectStatus(t, "forged cookie", forged.get("/me"), http.StatusNotFound)

	phone := signedInPlayer(t, a, f.link)
	me := phone.get("/me")
	expectStatus(t, "own settings", me, http.StatusOK)
	m := ownLinkRe.FindStringSubmatch(me.body)
	if m == nil {
		t.Fatalf("no own sign-in link:\n%s", excerpt(me.body))
	}
	laptop := a.browser()
	expectRedirect(t, "own link", laptop.get(m[1]), "/me")
	expectStatus(t, "signed in by the own link", laptop.get("/me"), http.StatusOK)
	expectStatus(t, "a wrong own link", a.browser().get(m[1]+"x"), http.StatusNotFound)
	// A new link: the old one and the laptop's sign-in stop; the phone stays.
	expectRedirect(t, "new link", phone.post("/me", "/me/link", nil), "/me")
	expectStatus(t, "the old own link", a.browser().get(m[1]), http.StatusNotFound)
	expectStatus(t, "signed in by the old link", laptop.get("/me"), http.StatusNotFound)
	expectStatus(t, "the phone after a new link", phone.get("/me"), http.StatusOK)
	// Forms need their CSRF token.
	if r := phone.postRaw("/me/public", url.Values{"public": {"1"}}); r.status != http.StatusForbidden {
		t.Errorf("no CSRF token: %d", r.status)
	}

	req, _ := http.NewRequest(http.MethodGet, a.srv.URL+"/me/data", nil)
	res, err := phone.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var data map[string]json.RawMessage
	err = json.NewDecoder(res.Body).Decode(&data)
	res.Body.Close()
	if err != nil || res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Disposition"), "attachment;") {
		t.Fatalf("download: %d %q %v", res.StatusCode, res.Header.Get("Content-Disposition"), err)
	}
	if !strings.Contains(string(data["entries"]), "Winter Cup") || !strings.Contains(string(data["player"]), "M-1") || strings.Contains(string(data["player"]), "link_generation") {
		t.Errorf("downloaded data: %s", data["player"])
	}

	ask := phone.get("/me/remove")
	if !strings.Contains(ask.body, "This cannot be undone.") {
		t.Errorf("the removal does not say it is final:\n%s", excerpt(ask.body))
	}
	unconfirmed := phone.post("/me/remove", "/me/remove", nil)
	expectStatus(t, "removal unconfirmed", unconfirmed, http.StatusUnprocessableEntity)
	if !strings.Contains(unconfirmed.body, `id="confirm-error"`) {
		t.Errorf("the unticked box is not named:\n%s", excerpt(unconfirmed.body))
	}
	if p, _ := a.store.PlayerByID(ctx, f.goku); p.AnonymisedAt != nil {
		t.Fatal("removed without confirmation")
	}
	expectRedirect(t, "removal", phone.post("/me/remove", "/me/remove", url.Values{"confirm": {"1"}}), "/")
	p, _ := a.store.PlayerByID(ctx, f.goku)
	if p.AnonymisedAt == nil || p.Name != storage.AnonymousName(f.goku) || p.MemberID != "" {
		t.Fatalf("after removal: %+v", p)
	}
	expectStatus(t, "own pages after removal", phone.get("/me"), http.StatusNotFound)
	expectStatus(t, "the phone link after removal", a.browser().get(f.link), http.StatusNotFound)
	expectStatus(t, "the profile after removal, public", a.browser().get(profilePath(f.goku)), http.StatusNotFound)
	staff := f.org.get(profilePath(f.goku))
	if !strings.Contains(staff.body, "This player asked to be removed.") || strings.Contains(staff.body, "Son Goku") || !strings.Contains(staff.body, "Winter Cup") {
		t.Errorf("the organiser's view after removal:\n%s", excerpt(staff.body))
	}
}

// The phone's entry page links to the player's profile, and signing out
// forgets the player on that browser.
func TestPhonePageLinksToMyProfile(t *testing.T) {
	t.Parallel()
	f := newLeagueFixture(t)
	phone := f.a.browser()
	home := phone.get(f.link)
	if !strings.Contains(home.body, `href="`+f.link+`/me"`) {
		t.Fatalf("no My profile link on the phone:\n%s", excerpt(home.body))
	}
	expectRedirect(t, "sign in", phone.get(f.link+"/me"), "/me")
	expectRedirect(t, "sign out", phone.post("/me", "/me/signout", nil), "/")
	expectStatus(t, "after signing out", phone.get("/me"), http.StatusNotFound)
}

// A finished event whose results were never computed (imported, say) has
// them computed before the profile shows them (readmodel.FreshEventResults).
func TestProfileComputesStaleResults(t *testing.T) {
	t.Parallel()
	f := newLeagueFixture(t)
	ctx := context.Background()
	spring, _ := importPlayerEventOnly(t, f.a, "Spring Cup", f.storeA, true, "2026-11-22")
	lg := leagues.New(f.a.store)
	if stale, err := lg.StaleEventResults(ctx, []int64{spring}); err != nil || len(stale) != 1 {
		t.Fatalf("Spring Cup's results are not stale: %v %v", stale, err)
	}
	page := f.org.get(profilePath(f.goku))
	expectStatus(t, "profile", page, http.StatusOK)
	row := regexp.MustCompile(`(?s)Spring Cup</a>.*?</tr>`).FindString(page.body)
	if !strings.Contains(row, "Place 1") || !strings.Contains(row, "2-0-0") {
		t.Errorf("Spring Cup's row: %s", row)
	}
	if stale, err := lg.StaleEventResults(ctx, []int64{spring}); err != nil || len(stale) != 0 {
		t.Errorf("after the profile Spring Cup's results are still stale: %v %v", stale, err)
	}
}

// The profile shows the player's place in the seasons running today that
// the viewer may see (a private season only to its store's organisers)
// and their rating with its deviation.
func TestProfileShowsSeasonAndRating(t *testing.T) {
	t.Parallel()
	f := newLeagueFixture(t)
	ctx := context.Background()
	lg := leagues.New(f.a.store)
	today := time.Now().UTC().Truncate(24 * time.Hour)
	for _, se := range []*leagues.Season{
		{Name: "Winter Season", Public: true},
		{Name: "Staff Ladder", Public: false},
	} {
		se.Game, se.StoreID, se.PointsByPlacing, se.PointsAttendance = "fusion-world", &f.storeA, []int{3, 2, 1}, 1
		se.StartsOn, se.EndsOn = time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC), today.AddDate(0, 1, 0)
		if err := lg.CreateSeason(ctx, storage.Actor{Name: "test"}, se); err != nil {
			t.Fatal(err)
		}
	}
	// The ratings were never computed: the profile has them computed.
	goku := signedInPlayer(t, f.a, f.link)
	goku.post("/me", "/me/public", url.Values{"public": {"1"}})
	staff := f.org.get(profilePath(f.goku))
	// Two events won: 2 × (3 + 1) points, first of five records (Vegeta and
	// Piccolo have two each).
	for _, want := range []string{"Winter Season: place 1 of 5, 8 points", "Staff Ladder: place 1 of 5", "Fusion World: rating ", " ± ", "(4 rated matches)"} {
		if !strings.Contains(staff.body, want) {
			t.Errorf("the organiser's view lacks %q", want)
		}
	}
	public := f.a.browser().get(profilePath(f.goku))
	if !strings.Contains(public.body, "Winter Season: place 1 of 5") || strings.Contains(public.body, "Staff Ladder") {
		t.Errorf("the public view's seasons:\n%s", excerpt(public.body))
	}
}

// The profile's pages speak every language of the catalogue: no message
// is missing (a missing one shows its id), and each page is in the
// language chosen.
func TestProfilePagesInEveryLanguage(t *testing.T) {
	t.Parallel()
	f := newLeagueFixture(t)
	phone := signedInPlayer(t, f.a, f.link)
	dir := "/stores/" + strconv.FormatInt(f.storeA, 10) + "/players"
	missing := regexp.MustCompile(`\bProfile[A-Z][A-Za-z]+\b`)
	for _, lang := range []string{"en", "de", "fr", "es", "it", "ja", "pt-BR"} {
		for _, b := range []*browser{phone, f.org} {
			b.get("/language?" + url.Values{"lang": {lang}, "back": {"/"}}.Encode())
		}
		pages := map[string]response{
			"own settings": phone.get("/me"), "removal": phone.get("/me/remove"), "own profile": phone.get(profilePath(f.goku)),
			"directory": f.org.get(dir), "staff profile": f.org.get(profilePath(f.goku)),
			"check name": f.org.get(f.running.path + "/players?check=1&player_name=Goku&entered_round=1"),
		}
		for name, r := range pages {
			if r.status != http.StatusOK || !strings.Contains(r.body, `<html lang="`+lang+`"`) {
				t.Errorf("%s, %s: %d, not in the language", lang, name, r.status)
			}
			if ids := missing.FindAllString(r.body, -1); len(ids) > 0 {
				t.Errorf("%s, %s: message ids shown: %v", lang, name, ids)
			}
		}
	}
}
