package server_test

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/pairing"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
	"github.com/tenkaichi-org/tenkaichi/storage/eventfile"
)

// seasonPlayers are the players of the season fixture, each with a member
// number, so their entries at every event are one player.
var seasonPlayers = []string{"Ann", "Bo", "Cy", "Di"}

// roundRobin is a four-player event's three rounds, each match "A>B" (A
// won); the pairs are A-B and C-D, then A-C and B-D, then A-D and B-C.
type roundRobin [3][2]string

// importFinished stores a finished Fusion World event of the four season
// players at the store, dated day, with the rounds given.
func importFinished(t *testing.T, a *app, store int64, name, day string, rr roundRobin) int64 {
	t.Helper()
	d, _ := time.Parse(time.DateOnly, day)
	ev := storage.Event{Name: name, Game: "fusion-world", Format: "fw-standard", StartsOn: d, RoundMinutes: 35, TopCutBestOf: 3,
		Seed: 7, Status: storage.StatusFinished, StoreID: store, PointsWin: 3, PointsDraw: 1, PointsBye: 3}
	in := &eventfile.EventImport{Event: ev}
	for i, p := range seasonPlayers {
		in.Entries = append(in.Entries, eventfile.ImportedEntry{Key: p, Entry: storage.Entry{PlayerName: p, MemberID: fmt.Sprintf("M%d", i+1)}})
	}
	for n, ms := range rr {
		r := eventfile.ImportedRound{Round: storage.Round{Number: n + 1, Kind: storage.KindSwiss, Status: storage.RoundFinished, LengthSeconds: 2100}}
		for _, m := range ms {
			w, l, _ := strings.Cut(m, ">")
			r.Matches = append(r.Matches, eventfile.ImportedMatch{P1: w, P2: l, Match: storage.Match{Result: storage.ResultP1, Status: storage.MatchConfirmed}})
		}
		in.Rounds = append(in.Rounds, r)
	}
	n := 0
	res, err := eventfile.New(a.store).ImportEvent(context.Background(), storage.Actor{Name: "test"}, in, func(id int64, gen int) string {
		n++
		return fmt.Sprintf("season-%s-%d", strings.ReplaceAll(name, " ", ""), n)
	})
	if err != nil {
		t.Fatal(err)
	}
	return res.Event.ID
}

// seasonFixture is store A's two finished events of January 2027:
//
//	Week 1: Ann 3-0, Bo 2-1, Cy 1-2, Di 0-3 (places in that order)
//	Week 2: Cy 3-0, Di 2-1, Bo 1-2, Ann 0-3
//
// With 3, 2, 1 points for the first places and 1 for playing, Cy has 6,
// Ann and Bo 5 each (Ann won an event, Bo did not), Di 4.
type seasonFixture struct {
	a            *app
	org          *browser
	store        int64
	week1, week2 int64
}

func newSeasonFixture(t *testing.T) *seasonFixture {
	t.Helper()
	a := newApp(t)
	org := a.organiser()
	first, err := accounts.New(a.store).FirstShop(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	f := &seasonFixture{a: a, org: org, store: first.ID}
	f.week1 = importFinished(t, a, f.store, "Week 1", "2027-01-09", roundRobin{{"Ann>Bo", "Cy>Di"}, {"Ann>Cy", "Bo>Di"}, {"Ann>Di", "Bo>Cy"}})
	f.week2 = importFinished(t, a, f.store, "Week 2", "2027-01-16", roundRobin{{"Bo>Ann", "Cy>Di"}, {"Cy>Ann", "Di>Bo"}, {"Di>Ann", "Cy>Bo"}})
	return f
}

func (f *seasonFixture) seasonsPath() string {
	return "/stores/" + strconv.FormatInt(f.store, 10) + "/seasons"
}

// seasonForm is a valid season of January to March 2027.
func seasonForm() url.Values {
	return url.Values{"name": {"Winter 2027"}, "game": {"fusion-world"}, "format": {""}, "starts_on": {"2027-01-01"},
		"ends_on": {"2027-03-31"}, "points_by_placing": {"3, 2, 1"}, "points_attendance": {"1"}, "points_win": {"0"},
		"points_draw": {"0"}, "best_n": {"0"}, "min_players": {"0"}, "final_cut": {"2"},
		"tiebreaker_1": {"events_won"}, "tiebreaker_2": {"best_placing"}, "tiebreaker_3": {""}, "tiebreaker_4": {""}, "public": {"on"}}
}

var seasonBoardPath = regexp.MustCompile(`^/seasons/(\d+)$`)

// createSeason creates the season through the form; it returns its id.
func (f *seasonFixture) createSeason(t *testing.T, form url.Values) int64 {
	t.Helper()
	r := f.org.post(f.seasonsPath()+"/new", f.seasonsPath(), form)
	m := seasonBoardPath.FindStringSubmatch(r.location)
	if r.status != http.StatusSeeOther || m == nil {
		t.Fatalf("create season: %d to %q\n%s", r.status, r.location, excerpt(r.body))
	}
	id, _ := strconv.ParseInt(m[1], 10, 64)
	return id
}

var boardRowRe = regexp.MustCompile(`(?s)<tr[^>]*>\s*<td class="num rank">([^<]*)</td>\s*<td class="name"><a href="/players/\d+">([^<]*)</a>(.*?)</td>\s*<td class="num points"[^>]*>(\d+)</td>`)

// boardLine is a leaderboard row as the page shows it.
type boardLine struct {
	place, name, rest string
	points            int
}

func boardLines(t *testing.T, body string) []boardLine {
	t.Helper()
	var out []boardLine
	for _, m := range boardRowRe.FindAllStringSubmatch(body, -1) {
		p, _ := strconv.Atoi(m[4])
		out = append(out, boardLine{place: html.UnescapeString(m[1]), name: m[2], rest: html.UnescapeString(m[3]), points: p})
	}
	if len(out) == 0 {
		t.Fatalf("no leaderboard rows:\n%s", excerpt(body))
	}
	return out
}

// The organiser makes a season through the form; its leaderboard adds up
// the store's finished events, says why Bo is below Ann on the same
// points, draws the final cut's line, shows ratings with their deviation
// and links each player to their profile. A corrected result changes it.
func TestSeasonLeaderboardOverHTTP(t *testing.T) {
	t.Parallel()
	f := newSeasonFixture(t)
	id := f.createSeason(t, seasonForm())
	board := "/seasons/" + strconv.FormatInt(id, 10)

	page := f.org.get(board)
	expectStatus(t, "leaderboard", page, http.StatusOK)
	lines := boardLines(t, page.body)
	want := []struct {
		name   string
		points int
	}{{"Cy", 6}, {"Ann", 5}, {"Bo", 5}, {"Di", 4}}
	if len(lines) != len(want) {
		t.Fatalf("%d rows, want %d: %+v", len(lines), len(want), lines)
	}
	for i, w := range want {
		if lines[i].name != w.name || lines[i].points != w.points || lines[i].place != strconv.Itoa(i+1) {
			t.Errorf("row %d: %+v, want %s with %d points in place %d", i+1, lines[i], w.name, w.points, i+1)
		}
	}
	if !strings.Contains(lines[2].rest, "Level on points with the player above; Events won decided: 1 against 0.") {
		t.Errorf("Bo's row does not say why Ann is ahead: %q", lines[2].rest)
	}
	for _, s := range []string{
		`data-testid="cut-line"`, "Final cut: the 2 players above this line are invited to the season final.",
		"±", "Players level on points are ordered by these tiebreakers, in this order: Events won, Best place; then by player number.",
		"Points by place in each event: 1st: 3, 2nd: 2, 3rd: 1.", "Week 1", "Week 2",
	} {
		if !strings.Contains(html.UnescapeString(page.body), s) {
			t.Errorf("leaderboard lacks %q", s)
		}
	}
	if i := strings.Index(page.body, `data-testid="cut-line"`); i < strings.Index(page.body, ">Ann</a>") || i > strings.Index(page.body, ">Bo</a>") {
		t.Error("the final cut's line is not between Ann and Bo")
	}

	// Week 2's first match is corrected: Ann beat Bo. Ann is 3rd there,
	// Bo 4th: Cy and Ann have 6 points each and nothing separates them.
	correctFirstMatch(t, f.a, f.week2)
	page = f.a.browser().get(board)
	lines = boardLines(t, page.body)
	if lines[0].points != 6 || lines[1].points != 6 || lines[1].place != "1 (shared)" ||
		!strings.Contains(lines[1].rest, "Level with the player above on points and on every tiebreaker: they share the place.") {
		t.Fatalf("after the correction: %+v", lines)
	}
}

// correctFirstMatch makes P2 of the event's first match the winner, as an
// organiser does when a slip was wrong.
func correctFirstMatch(t *testing.T, a *app, eventID int64) {
	t.Helper()
	ctx := context.Background()
	rounds, err := a.store.Rounds(ctx, eventID)
	if err != nil {
		t.Fatal(err)
	}
	ms, err := a.store.Matches(ctx, rounds[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	in := storage.ResultInput{Result: storage.ResultP2}
	if ms[0].Result == storage.ResultP2 {
		in.Result = storage.ResultP1
	}
	if _, err := a.store.SetMatchResult(ctx, storage.Actor{Name: "test"}, eventID, ms[0].ID, in, true, "wrong slip"); err != nil {
		t.Fatal(err)
	}
}

// Bad values come back with the form, each field's problem beside it.
func TestSeasonFormNamesEachBadField(t *testing.T) {
	t.Parallel()
	f := newSeasonFixture(t)
	bad := seasonForm()
	bad.Set("name", " ")
	bad.Set("ends_on", "2026-12-31")
	bad.Set("points_win", "-1")
	bad.Set("tiebreaker_2", "events_won")
	r := f.org.post(f.seasonsPath()+"/new", f.seasonsPath(), bad)
	expectStatus(t, "bad season", r, http.StatusUnprocessableEntity)
	body := html.UnescapeString(r.body)
	for field, msg := range map[string]string{
		"name":        "Give the season a name.",
		"ends_on":     "The last day (2026-12-31) is before the first day (2027-01-01).",
		"points_win":  "Enter points from 0 to 10000, not -1.",
		"tiebreakers": "Events won is chosen twice: choose each tiebreaker once.",
	} {
		if !strings.Contains(body, msg) {
			t.Errorf("%s: no %q", field, msg)
		}
		if !strings.Contains(body, `aria-describedby="`+field+`-error`) {
			t.Errorf("%s is not marked as wrong", field)
		}
	}

	unreadable := seasonForm()
	unreadable.Set("points_by_placing", "3, x")
	unreadable.Set("best_n", "three")
	unreadable.Set("starts_on", "tomorrow")
	unreadable.Set("name", "")
	r = f.org.post(f.seasonsPath()+"/new", f.seasonsPath(), unreadable)
	expectStatus(t, "unreadable season", r, http.StatusUnprocessableEntity)
	body = html.UnescapeString(r.body)
	for _, msg := range []string{"“x” is not one.", "Enter a whole number, such as 3.", "Enter the day as year-month-day, such as 2027-01-31.",
		"Give the season a name."} {
		if !strings.Contains(body, msg) {
			t.Errorf("no %q", msg)
		}
	}
	if !strings.Contains(body, `value="3, x"`) {
		t.Error("what was typed is not kept")
	}
	if list := f.org.get(f.seasonsPath()); !strings.Contains(list.body, `data-testid="no-seasons"`) {
		t.Error("a bad form created a season")
	}
}

// The organiser leaves an event out and counts it again; edits and
// deletes the season. A season made private is its organisers' only.
func TestSeasonEventsEditAndDelete(t *testing.T) {
	t.Parallel()
	f := newSeasonFixture(t)
	id := f.createSeason(t, seasonForm())
	sid := strconv.FormatInt(id, 10)
	base := f.seasonsPath() + "/" + sid
	events := base + "/events"
	page := f.org.get(events)
	expectStatus(t, "events page", page, http.StatusOK)
	week1 := events + "/" + strconv.FormatInt(f.week1, 10)
	expectRedirect(t, "leave out week 1", f.org.post(events, week1, url.Values{"counts": {"no"}}), events)
	lines := boardLines(t, f.org.get("/seasons/"+sid).body)
	if lines[0].name != "Cy" || lines[0].points != 4 || len(lines) != 4 {
		t.Fatalf("without week 1: %+v", lines)
	}
	if p := f.org.get(events); !strings.Contains(p.body, "Left out by hand") || !strings.Contains(p.body, "Follow the season&#39;s dates again") {
		t.Errorf("the events page does not say week 1 is left out:\n%s", excerpt(p.body))
	}
	expectRedirect(t, "back to the rule", f.org.post(events, week1, url.Values{"counts": {"rule"}}), events)
	if lines := boardLines(t, f.org.get("/seasons/"+sid).body); lines[0].points != 6 {
		t.Fatalf("week 1 back: %+v", lines)
	}
	r := f.org.post(events, week1, url.Values{"counts": {"maybe"}})
	expectStatus(t, "a choice that is none", r, http.StatusUnprocessableEntity)

	// Private: a visitor gets 404, the organiser still sees it.
	form := seasonForm()
	form.Del("public")
	form.Set("version", "3") // created at 1, two event changes since
	expectRedirect(t, "edit", f.org.post(base+"/edit", base, form), "/seasons/"+sid)
	expectStatus(t, "private season, visitor", f.a.browser().get("/seasons/"+sid), http.StatusNotFound)
	expectStatus(t, "private season, API", f.a.browser().get("/api/v1/seasons/"+sid), http.StatusNotFound)
	if p := f.org.get("/seasons/" + sid); p.status != http.StatusOK || !strings.Contains(p.body, `data-testid="season-private"`) {
		t.Fatalf("private season, organiser: %d", p.status)
	}
	// A stale form keeps what was typed and says so.
	form.Set("name", "Winter, renamed")
	r = f.org.post(base+"/edit", base, form)
	if r.status != http.StatusConflict || !strings.Contains(r.body, "Winter, renamed") {
		t.Fatalf("stale edit: %d\n%s", r.status, excerpt(r.body))
	}

	expectRedirect(t, "delete", f.org.post(base+"/delete", base+"/delete", nil), f.seasonsPath())
	expectStatus(t, "deleted season", f.org.get("/seasons/"+sid), http.StatusNotFound)
}

// Another store's organiser neither sees nor changes the season's pages,
// and one store's season is not reached through another's address.
func TestSeasonPagesKeepToTheirStore(t *testing.T) {
	t.Parallel()
	f := newSeasonFixture(t)
	id := f.createSeason(t, seasonForm())
	ctx := context.Background()
	other := &accounts.Shop{Name: "Other store"}
	if err := accounts.New(f.a.store).CreateShop(ctx, storage.Actor{Name: "test"}, other); err != nil {
		t.Fatal(err)
	}
	orgB := f.a.signedInAt("bob", storage.RoleOrganiser, other.ID)
	path := fmt.Sprintf("%s/%d/edit", f.seasonsPath(), id)
	if r := orgB.get(path); r.status != http.StatusForbidden || !strings.Contains(r.body, msgNotYourStore) {
		t.Errorf("other store's organiser: %d", r.status)
	}
	// Through their own store's address, store A's season is not found.
	expectStatus(t, "season under another store", orgB.get(fmt.Sprintf("/stores/%d/seasons/%d/edit", other.ID, id)), http.StatusNotFound)
	// A league is the admin's: an organiser gets 403.
	if r := orgB.get("/leagues/new"); r.status != http.StatusForbidden || !strings.Contains(r.body, msgOnlyAdmin) {
		t.Errorf("organiser on the leagues: %d", r.status)
	}
	// The admin's league needs its stores, named in the form.
	form := seasonForm()
	r := f.org.post("/leagues/new", "/leagues", form)
	if r.status != http.StatusUnprocessableEntity || !strings.Contains(r.body, "Tick at least one store.") {
		t.Fatalf("league without stores: %d\n%s", r.status, excerpt(r.body))
	}
	form["stores"] = []string{strconv.FormatInt(f.store, 10), strconv.FormatInt(other.ID, 10)}
	r = f.org.post("/leagues/new", "/leagues", form)
	if r.status != http.StatusSeeOther || !seasonBoardPath.MatchString(r.location) {
		t.Fatalf("league: %d %q\n%s", r.status, r.location, excerpt(r.body))
	}
	if p := f.a.browser().get(r.location); !strings.Contains(p.body, "A league of Main store, Other store") || len(boardLines(t, p.body)) != 4 {
		t.Errorf("league board:\n%s", excerpt(p.body))
	}
}

// The projector view, the print sheet, the CSV and the API show the same
// board to anyone, the API as its OpenAPI document says.
func TestSeasonProjectorPrintCSVAndAPI(t *testing.T) {
	t.Parallel()
	f := newSeasonFixture(t)
	sid := strconv.FormatInt(f.createSeason(t, seasonForm()), 10)
	anon := f.a.browser()
	for _, path := range []string{"/seasons/" + sid + "/projector", "/seasons/" + sid + "/print"} {
		p := anon.get(path)
		if p.status != http.StatusOK || !strings.Contains(p.body, "Winter 2027") || strings.Index(p.body, ">Cy<") > strings.Index(p.body, ">Di<") {
			t.Errorf("%s: %d\n%s", path, p.status, excerpt(p.body))
		}
	}
	res := anon.get("/seasons/" + sid + "/leaderboard.csv")
	rows, err := csv.NewReader(strings.NewReader(res.body)).ReadAll()
	if err != nil || len(rows) != 5 || rows[0][0] != "place" || rows[1][2] != "Cy" || rows[1][3] != "6" || rows[1][11] != "true" || rows[3][11] != "false" {
		t.Fatalf("CSV: %v %q", err, res.body)
	}
	if rows[1][9] == "" || rows[1][10] == "" {
		t.Errorf("CSV has no rating: %v", rows[1])
	}
	api := newAPIClient(t, f.a, anon)
	var got struct {
		Name        string `json:"name"`
		Leaderboard []struct {
			Place  int    `json:"place"`
			Name   string `json:"name"`
			Points int    `json:"points"`
			Tie    *struct {
				Key        string  `json:"key"`
				Tiebreaker *string `json:"tiebreaker"`
			} `json:"tie"`
			Rating *struct {
				Deviation float64 `json:"deviation"`
			} `json:"rating"`
		} `json:"leaderboard"`
		Events []json.RawMessage `json:"events"`
	}
	if a := api.decode("/seasons/"+sid, &got); a.status != http.StatusOK {
		t.Fatalf("API: %d", a.status)
	}
	lb := got.Leaderboard
	if len(lb) != 4 || lb[0].Name != "Cy" || lb[2].Tie == nil || lb[2].Tie.Key != "tie-decided" || *lb[2].Tie.Tiebreaker != "events_won" ||
		lb[0].Rating == nil || lb[0].Rating.Deviation <= 0 || len(got.Events) != 2 {
		t.Fatalf("API season: %+v", got)
	}
	if a := api.get("/seasons/999999"); a.status != http.StatusNotFound {
		t.Errorf("unknown season: %d", a.status)
	}
}

// An event that seeds round 1 by rating pairs the two best rated players
// of its four against the two others (Cy, 1st, plays the 3rd), and its
// public pairing file carries the order, so the round verifies.
func TestSeedRound1ByRatingOverHTTP(t *testing.T) {
	t.Parallel()
	f := newSeasonFixture(t)
	form := eventForm("Seeded Cup")
	form.Set("seed_by_rating", "on")
	form.Set("top_cut_size", "0")
	id := createEventWith(t, f.org, form)
	ev, err := f.a.store.EventByID(context.Background(), id)
	if err != nil || !ev.SeedByRating {
		t.Fatalf("the event does not keep its seeding: %v %+v", err, ev)
	}
	d := &dayEvent{t: t, a: f.a, org: f.org, id: id, path: "/events/" + strconv.FormatInt(id, 10), links: map[string]string{}, ids: map[string]int64{}}
	for i, name := range seasonPlayers {
		r := f.org.post(d.path+"/players", d.path+"/players", url.Values{"player_name": {name}, "member_id": {fmt.Sprintf("M%d", i+1)}, "entered_round": {"1"}})
		if r.status != http.StatusSeeOther {
			t.Fatalf("add %s: %d\n%s", name, r.status, excerpt(r.body))
		}
		idx := strings.Index(r.location, "added=")
		d.ids[name], _ = strconv.ParseInt(r.location[idx+len("added="):], 10, 64)
	}
	d.pairAndPublish(1)
	// By rating after the two weeks: Cy, Bo, Di, Ann (the fixture's board).
	order := ratingOrder(t, f)
	opp := map[string]string{}
	for _, m := range d.roundMatches(1) {
		p1, p2 := d.nameOf(m.P1EntryID), d.nameOf(*m.P2EntryID)
		opp[p1], opp[p2] = p2, p1
	}
	if opp[order[0]] != order[2] || opp[order[1]] != order[3] {
		t.Fatalf("round 1 by rating %v: %v", order, opp)
	}
	file := f.a.browser().get(d.path + "/pairings.json")
	var pe struct {
		SeedOrder []string `json:"seed_order"`
	}
	if err := json.Unmarshal([]byte(file.body), &pe); err != nil || len(pe.SeedOrder) != 4 {
		t.Fatalf("the pairing file has no seed order: %v %q", err, excerpt(file.body))
	}
	var whole pairing.Event
	if err := json.Unmarshal([]byte(file.body), &whole); err != nil {
		t.Fatal(err)
	}
	rep, err := pairing.Verify(context.Background(), &whole, pairing.VerifyOptions{})
	if err != nil || len(rep.Problems()) > 0 {
		t.Fatalf("the seeded round does not verify: %v %v", err, rep.Problems())
	}
	// The same file without its order is not the random draw's pairing.
	whole.SeedOrder = nil
	whole.Rounds[0].Pairing.SeedOrder = nil
	if rep, err := pairing.Verify(context.Background(), &whole, pairing.VerifyOptions{}); err != nil || len(rep.Problems()) == 0 {
		t.Logf("round 1 by rating is also the random draw here (%v): the check above shows little", err)
	}
}

// ratingOrder is the season players by their Fusion World rating, highest
// first.
func ratingOrder(t *testing.T, f *seasonFixture) []string {
	t.Helper()
	csvPage := f.org.get("/seasons/" + strconv.FormatInt(f.createSeason(t, seasonForm()), 10) + "/leaderboard.csv")
	rows, err := csv.NewReader(strings.NewReader(csvPage.body)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	rows = rows[1:]
	slices.SortFunc(rows, func(a, b []string) int {
		ra, _ := strconv.Atoi(a[9])
		rb, _ := strconv.Atoi(b[9])
		return rb - ra
	})
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = r[2]
	}
	return out
}
