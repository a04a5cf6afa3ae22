package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/server"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
	"github.com/tenkaichi-org/tenkaichi/storage/eventfile"
	"github.com/tenkaichi-org/tenkaichi/storage/leagues"
	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
	"golang.org/x/crypto/bcrypt"
)

// twoServersOneDatabase are two servers on one database, as a cluster runs them
// (on SQLite two servers on one file): a and b.
func twoServersOneDatabase(t *testing.T) (a, b *app) {
	t.Helper()
	ctx := context.Background()
	cfg := storagetest.Config(t)
	var stores [2]*storage.Store
	for i := range stores {
		st, err := storage.Open(ctx, cfg)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		if i == 0 {
			if _, err := st.Migrate(ctx); err != nil {
				t.Fatal(err)
			}
		}
		stores[i] = st
	}
	apps := make([]*app, 2)
	for i, st := range stores {
		s := server.New(server.Config{Store: st, BcryptCost: bcrypt.MinCost})
		hs := httptest.NewServer(postRedirectGet(t, s.Handler()))
		t.Cleanup(hs.Close)
		apps[i] = &app{t: t, store: st, srv: hs, server: s}
	}
	return apps[0], apps[1]
}

// importNewcomers stores a finished event of the four season players'
// names without member numbers: each entry gets a player record of its
// own, to be merged.
func importNewcomers(t *testing.T, a *app, store int64, name, day string) {
	t.Helper()
	d, _ := time.Parse(time.DateOnly, day)
	in := &eventfile.EventImport{Event: storage.Event{Name: name, Game: "fusion-world", Format: "fw-standard", StartsOn: d, RoundMinutes: 35,
		TopCutBestOf: 3, Seed: 7, Status: storage.StatusFinished, StoreID: store, PointsWin: 3, PointsDraw: 1, PointsBye: 3}}
	for _, p := range seasonPlayers {
		in.Entries = append(in.Entries, eventfile.ImportedEntry{Key: p, Entry: storage.Entry{PlayerName: p}})
	}
	r := eventfile.ImportedRound{Round: storage.Round{Number: 1, Kind: storage.KindSwiss, Status: storage.RoundFinished, LengthSeconds: 2100}}
	for _, m := range [][2]string{{"Di", "Ann"}, {"Bo", "Cy"}} {
		r.Matches = append(r.Matches, eventfile.ImportedMatch{P1: m[0], P2: m[1], Match: storage.Match{Result: storage.ResultP1, Status: storage.MatchConfirmed}})
	}
	in.Rounds = append(in.Rounds, r)
	n := 0
	if _, err := eventfile.New(a.store).ImportEvent(context.Background(), storage.Actor{Name: "test"}, in, func(int64, int) string {
		n++
		return fmt.Sprintf("newcomer-%d", n)
	}); err != nil {
		t.Fatal(err)
	}
}

// Nothing the league's pages keep goes stale: a result changed in a
// finished event, a merge of two players and an edit of the season show
// on the very next request for the leaderboard and the profile, on the
// instance that made the change and on another one on the same database,
// both having kept the pages before; a browser revalidating the old page
// gets the new one, and the new one's ETag answers 304.
func TestLeaguePagesFreshAfterChanges(t *testing.T) {
	t.Parallel()
	a, b := twoServersOneDatabase(t)
	ctx := context.Background()
	org := a.organiser()
	first, err := accounts.New(a.store).FirstShop(ctx)
	if err != nil {
		t.Fatal(err)
	}
	importFinished(t, a, first.ID, "Week 1", "2027-01-09", roundRobin{{"Ann>Bo", "Cy>Di"}, {"Ann>Cy", "Bo>Di"}, {"Ann>Di", "Bo>Cy"}})
	week2 := importFinished(t, a, first.ID, "Week 2", "2027-01-16", roundRobin{{"Bo>Ann", "Cy>Di"}, {"Cy>Ann", "Di>Bo"}, {"Di>Ann", "Cy>Bo"}})
	f := &seasonFixture{a: a, org: org, store: first.ID}
	id := f.createSeason(t, seasonForm())
	board := "/seasons/" + strconv.FormatInt(id, 10)
	ann, err := a.store.PlayerByMemberID(ctx, "M1")
	if err != nil {
		t.Fatal(err)
	}
	if err := leagues.New(a.store).SetPlayerPublic(ctx, storage.Actor{Name: "test"}, ann.ID, true); err != nil {
		t.Fatal(err)
	}
	profile := profilePath(ann.ID)
	visitors := map[string]*browser{"this instance": a.browser(), "another instance": b.browser()}
	check := func(after string, page string, want func(string) bool) {
		t.Helper()
		for name, v := range visitors {
			r := v.get(page)
			expectStatus(t, page+" on "+name, r, http.StatusOK)
			if !want(r.body) {
				t.Errorf("after %s, %s on %s is stale:\n%s", after, page, name, excerpt(r.body))
			}
		}
	}
	leader := func(name string, points int) func(string) bool {
		return func(body string) bool {
			lines := boardLines(t, body)
			return lines[0].name == name && lines[0].points == points
		}
	}
	events := func(n int) func(string) bool {
		return func(body string) bool {
			return strings.Count(regexp.MustCompile(`(?s)data-testid="profile-events".*?</table>`).FindString(body), "<tr") == n+1
		}
	}
	api := "/api/v1/seasons/" + strconv.FormatInt(id, 10)
	check("nothing", api, func(body string) bool { return fmt.Sprint(apiPlaces(t, body)) == "[1 2 3 4]" })
	check("nothing", board, leader("Cy", 6))
	check("nothing", profile, events(2))
	old := etagOf(t, visitors["another instance"], board)

	// A result corrected in Week 2: Ann beat Bo; Cy and Ann share first place on 6.
	correctFirstMatch(t, a, week2)
	check("a corrected result", board, func(body string) bool {
		l := boardLines(t, body)
		return l[0].points == 6 && l[1].points == 6 && l[1].place == "1 (shared)"
	})
	check("a corrected result", profile, func(body string) bool { return strings.Contains(body, "Place 3") })
	check("a corrected result", api, func(body string) bool { return fmt.Sprint(apiPlaces(t, body)) == "[1 1 3 3]" })
	revalidate := func(tag string) int {
		req, _ := http.NewRequest(http.MethodGet, b.srv.URL+board, nil)
		req.Header.Set("If-None-Match", tag)
		return visitors["another instance"].do(req).status
	}
	if s := revalidate(old); s != http.StatusOK {
		t.Errorf("revalidating the page from before the correction: %d, want 200", s)
	}
	if s := revalidate(etagOf(t, visitors["another instance"], board)); s != http.StatusNotModified {
		t.Errorf("revalidating the current page: %d, want 304", s)
	}

	// Week 3 of newcomers' records; Ann's new record merged into hers.
	importNewcomers(t, a, first.ID, "Week 3", "2027-01-23")
	check("a new event", board, func(body string) bool { return len(boardLines(t, body)) == 8 })
	check("a new event", profile, events(2))
	newAnn := playerNamed(t, a, "Ann", ann.ID)
	if _, err := leagues.New(b.store).MergePlayers(ctx, storage.Actor{Name: "test"}, ann.ID, newAnn); err != nil {
		t.Fatal(err)
	}
	check("a merge", board, func(body string) bool { return len(boardLines(t, body)) == 7 })
	check("a merge", profile, events(3))

	editSeason(t, f, id, "Winter League 2027")
	check("a season edit", board, func(body string) bool {
		return strings.Contains(body, "Winter League 2027") && boardLines(t, body)[0].points == 3
	})
	check("a season edit", profile, func(body string) bool {
		return strings.Contains(body, "Winter League 2027") || !strings.Contains(body, "Winter 2027")
	})
}

// etagOf is the ETag a page is sent with.
func etagOf(t *testing.T, v *browser, path string) string {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, v.app.srv.URL+path, nil)
	res, err := v.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	tag := res.Header.Get("ETag")
	if tag == "" {
		t.Fatalf("%s has no ETag", path)
	}
	return tag
}

// playerNamed is the player record of that name other than the one given.
func playerNamed(t *testing.T, a *app, name string, not int64) int64 {
	t.Helper()
	var id int64
	err := a.store.SQL().QueryRowContext(context.Background(), `SELECT id FROM players WHERE name = $1 AND id <> $2`, name, not).Scan(&id)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// apiPlaces are the places of the API's leaderboard, in order.
func apiPlaces(t *testing.T, body string) []int {
	t.Helper()
	var out struct {
		Rows []struct{ Place int } `json:"leaderboard"`
	}
	if err := json.Unmarshal([]byte(body), &out); err != nil {
		t.Fatalf("the API's season: %v", err)
	}
	places := []int{}
	for _, r := range out.Rows {
		places = append(places, r.Place)
	}
	return places
}

// editSeason renames the season through its form and gives no points for
// places.
func editSeason(t *testing.T, f *seasonFixture, id int64, name string) {
	t.Helper()
	path := f.seasonsPath() + "/" + strconv.FormatInt(id, 10)
	edit := f.org.get(path + "/edit")
	version := regexp.MustCompile(`name="version" value="(\d+)"`).FindStringSubmatch(edit.body)
	if version == nil {
		t.Fatalf("no version on the edit form:\n%s", excerpt(edit.body))
	}
	form := seasonForm()
	form.Set("name", name)
	form.Set("points_by_placing", "")
	form.Set("version", version[1])
	expectRedirect(t, "edit the season", f.org.post(path+"/edit", path, form), "/seasons/"+strconv.FormatInt(id, 10))
}
