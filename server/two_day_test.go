package server_test

import (
	"context"
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

	"github.com/tenkaichi-org/tenkaichi/pairing"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
)

var eightPlayers = []string{"Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"}

// newTwoDayEvent makes a two-day event through the event form: day1
// rounds, then the cut (record or size, at value), then day2 rounds and a
// top cut of topCut.
func newTwoDayEvent(t *testing.T, a *app, org *browser, day1, day2 int, cut string, value, topCut int) *dayEvent {
	t.Helper()
	id := createEventWith(t, org, twoDayForm(t, a, day1, day2, cut, value, topCut))
	d := &dayEvent{t: t, a: a, org: org, id: id, path: "/events/" + strconv.FormatInt(id, 10), links: map[string]string{}, ids: map[string]int64{}}
	for _, name := range eightPlayers {
		d.addPlayer(name)
	}
	return d
}

// twoDayForm is the event form of newTwoDayEvent's event.
func twoDayForm(t *testing.T, a *app, day1, day2 int, cut string, value, topCut int) url.Values {
	t.Helper()
	f := eventForm("Two-Day Regional")
	f.Set("top_cut_size", strconv.Itoa(topCut))
	f.Set("player_cap", "")
	f.Set("two_day", "on")
	f.Set("day1_rounds", strconv.Itoa(day1))
	f.Set("day2_rounds", strconv.Itoa(day2))
	f.Set("day2_cut", cut)
	f.Set("day2_cut_value", strconv.Itoa(value))
	// With several stores (the accessibility fixture's) the form asks which.
	first, err := accounts.New(a.store).FirstShop(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	f.Set("store_id", strconv.FormatInt(first.ID, 10))
	return f
}

// playDay1 plays rounds 1 to n, the first-named player winning each
// match: 8 players end 1 on 9 points, 3 on 6, 3 on 3 and 1 on 0.
func (d *dayEvent) playRounds(from, to int) {
	d.t.Helper()
	for n := from; n <= to; n++ {
		d.pairAndPublish(n)
		d.reportByPhones(n, false, firstNamed)
	}
}

type apiLine struct {
	Rank    int    `json:"rank"`
	Name    string `json:"name"`
	Points  int    `json:"points"`
	Placing *int   `json:"placing"`
	Day     int    `json:"day"`
}

func (d *dayEvent) apiStandings() []apiLine {
	d.t.Helper()
	var out []apiLine
	r := d.a.browser().get(fmt.Sprintf("/api/v1/events/%d/standings", d.id))
	if err := json.Unmarshal([]byte(r.body), &out); err != nil {
		d.t.Fatalf("standings: %v\n%s", err, excerpt(r.body))
	}
	return out
}

var advancedField = regexp.MustCompile(`name="advanced" value="([0-9,]*)"`)

// previewAdvanced opens the close-day-1 preview and returns it with the
// names of the players it says advance.
func (d *dayEvent) previewAdvanced() (response, []string) {
	d.t.Helper()
	page := d.org.get(d.path + "/day1")
	expectStatus(d.t, "close-day-1 preview", page, http.StatusOK)
	m := advancedField.FindStringSubmatch(page.body)
	if m == nil {
		d.t.Fatalf("no cut to confirm on the preview:\n%s", excerpt(page.body))
	}
	var names []string
	for _, id := range strings.Split(m[1], ",") {
		n, _ := strconv.ParseInt(id, 10, 64)
		names = append(names, d.nameOf(n))
	}
	return page, names
}

// Issue 28, point 5: a two-day event cut by record. Day 1 for everyone,
// the close-day-1 step previews and confirms who advances, day 2 pairs
// only them with their day-1 records, the top cut is seeded from the final
// standings, and those who did not advance finish below every day-2
// player. Phones, the round pages and the API say the day; the pairing
// file verifies; the event file carries the days.
func TestTwoDayEventCutByRecord(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newTwoDayEvent(t, a, org, 3, 2, "record", 6, 2)
	d.playRounds(1, 3)
	mustContain(t, "round 3 page", org.get(d.path+"/rounds/3").body, "Two-Day Regional: day 1, round 3")

	rounds := org.get(d.path + "/rounds")
	mustContain(t, "rounds page after day 1", rounds.body, `data-testid="close-day1-link"`, "Day 1, round 2")
	if strings.Contains(rounds.body, "Pair day 2") {
		t.Error("day 2 can be paired before day 1 is closed")
	}
	r := org.post(d.path+"/rounds", d.path+"/rounds", url.Values{"decks_ok": {"1"}})
	expectStatus(t, "pairing day 2 before the close", r, http.StatusConflict)
	mustContain(t, "pairing day 2 before the close", r.body, "Close day 1 first")

	page, advanced := d.previewAdvanced()
	mustContain(t, "preview", page.body, "every player with at least 6 match points after day 1 advances",
		"Advancing to day 2: 4. Finishing on day 1: 4.", "A cut by record takes everyone on the same points")
	day1 := d.apiStandings()
	var want []string
	for _, s := range day1 {
		if s.Points >= 6 {
			want = append(want, s.Name)
		}
	}
	if len(want) != 4 || !slices.Equal(advanced, want) {
		t.Fatalf("preview advances %v; day-1 standings give %v", advanced, want)
	}
	out := ""
	for _, n := range eightPlayers {
		if !slices.Contains(advanced, n) {
			out = n
			break
		}
	}
	if strings.Contains(d.phone(out).get(d.links[out]).body, `data-testid="day-note"`) {
		t.Error("a phone says the day before day 1 is closed")
	}
	form := url.Values{"advanced": {"1,2"}}
	r = org.post(d.path+"/day1", d.path+"/day1", form)
	expectStatus(t, "a stale confirm", r, http.StatusConflict)
	mustContain(t, "a stale confirm", r.body, "The standings changed after this preview was shown.")
	m := advancedField.FindStringSubmatch(page.body)
	expectRedirect(t, "close day 1", org.post(d.path+"/day1", d.path+"/day1", url.Values{"advanced": {m[1]}}), d.path+"/rounds")
	expectStatus(t, "close day 1 twice", org.post(d.path+"/day1", d.path+"/day1", url.Values{"advanced": {m[1]}}), http.StatusConflict)
	// Who advanced was decided by the cut: it no longer changes, though the
	// rest of the event's settings still do.
	edit := twoDayForm(t, a, 3, 2, "record", 3, 2)
	r = org.post(d.path+"/edit", d.path, edit)
	expectStatus(t, "a lower cut after the close", r, http.StatusUnprocessableEntity)
	mustContain(t, "a lower cut after the close", r.body, `id="two_day-error"`, "Day 1 is closed, so the two days and the cut can no longer change.")
	if ev, _ := a.store.EventByID(context.Background(), d.id); ev.Day2CutValue != 6 {
		t.Errorf("the cut changed after the close: %d points", ev.Day2CutValue)
	}
	edit = twoDayForm(t, a, 3, 2, "record", 6, 2)
	edit.Set("venue", "Hall B")
	if ev, _ := a.store.EventByID(context.Background(), d.id); ev != nil {
		edit.Set("version", strconv.Itoa(ev.Version))
	}
	if r = org.post(d.path+"/edit", d.path, edit); r.status != http.StatusSeeOther {
		t.Errorf("an edit keeping the cut after the close: %d\n%s", r.status, excerpt(r.body))
	}

	mustContain(t, "rounds page after the close", org.get(d.path+"/rounds").body, "Pair day 2, round 1")
	d.pairAndPublish(4)
	for _, mt := range d.roundMatches(4) {
		if !slices.Contains(advanced, d.nameOf(mt.P1EntryID)) || mt.P2EntryID == nil || !slices.Contains(advanced, d.nameOf(*mt.P2EntryID)) {
			t.Errorf("day 2 pairs a player who did not advance: %+v", mt)
		}
	}
	if n := len(d.roundMatches(4)); n != 2 {
		t.Errorf("day 2, round 1 has %d matches, want 2", n)
	}
	mustContain(t, "day-2 round page", org.get(d.path+"/rounds/4").body, "Two-Day Regional: day 2, round 1")
	in := advanced[0]
	mustContain(t, "an advanced player's phone", d.phone(in).get(d.links[in]).body, "Day 2, round 1", "You advanced to day 2.")
	outPhone := d.phone(out).get(d.links[out]).body
	mustContain(t, "the phone of a player who did not advance", outPhone, "You did not advance to day 2")
	if strings.Contains(outPhone, `data-testid="no-match"`) {
		t.Error("a player who finished on day 1 is told to wait for a pairing")
	}
	mustContain(t, "projector", a.browser().get(d.path+"/projector").body, "Day 2, round 1")

	// Records carry: after day 2's first round, points are day 1's plus it.
	d.reportByPhones(4, false, firstNamed)
	points := map[string]int{}
	for _, s := range day1 {
		points[s.Name] = s.Points
	}
	for _, mt := range d.roundMatches(4) {
		p1, p2 := d.nameOf(mt.P1EntryID), d.nameOf(*mt.P2EntryID)
		points[firstNamed(p1, p2)] += 3
	}
	for _, s := range d.apiStandings() {
		if s.Points != points[s.Name] {
			t.Errorf("%s has %d points after day 2, round 1; want %d", s.Name, s.Points, points[s.Name])
		}
	}
	d.playRounds(5, 5)
	d.startCut(6)
	d.reportByPhones(6, true, firstNamed)

	final := d.apiStandings()
	for i, s := range final {
		wantDay := 2
		if i >= 4 {
			wantDay = 1
		}
		if s.Day != wantDay || slices.Contains(advanced, s.Name) != (wantDay == 2) {
			t.Errorf("final standings place %d: %s on day %d", i+1, s.Name, s.Day)
		}
	}
	// Those who finished on day 1 keep their day-1 order.
	var day1Out, finalOut []string
	for _, s := range day1 {
		if !slices.Contains(advanced, s.Name) {
			day1Out = append(day1Out, s.Name)
		}
	}
	for _, s := range final[4:] {
		finalOut = append(finalOut, s.Name)
	}
	if !slices.Equal(day1Out, finalOut) {
		t.Errorf("day-1 finishers %v, in day-1 order %v", finalOut, day1Out)
	}
	for _, s := range final {
		if s.Placing != nil && *s.Placing <= 2 && s.Day != 2 {
			t.Errorf("%s placed %d from day 1", s.Name, *s.Placing)
		}
	}
	mustContain(t, "standings page", a.browser().get(d.path+"/standings").body, `data-testid="finished-day1"`)
	var apiRounds []struct {
		Name string `json:"name"`
		Day  int    `json:"day"`
	}
	_ = json.Unmarshal([]byte(a.browser().get(fmt.Sprintf("/api/v1/events/%d/rounds", d.id)).body), &apiRounds)
	if len(apiRounds) != 6 || apiRounds[3].Name != "Day 2, round 1" || apiRounds[3].Day != 2 || apiRounds[5].Day != 0 {
		t.Errorf("API rounds: %+v", apiRounds)
	}

	pairings := []byte(a.browser().get(d.path + "/pairings.json").body)
	expectCertified(t, "two-day pairing file", verifyFile(t, "two-day pairing file", pairings), 5)
	twoDayRoundTrip(t, a, org, d, advanced)
}

// twoDayRoundTrip exports the event, imports the file as a copy and
// checks the copy has the same days, cut and players on day 2.
func twoDayRoundTrip(t *testing.T, a *app, org *browser, d *dayEvent, advanced []string) {
	t.Helper()
	export := pfExport(t, org, d.path)
	pe, err := pairing.ParseEvent(export)
	if err != nil || pe.TwoDay == nil || pe.TwoDay.Day1Rounds != 3 || pe.TwoDay.Day2Rounds != 2 || pe.TwoDay.Cut != "record" ||
		pe.TwoDay.Points != 6 || len(pe.TwoDay.Advanced) != 4 {
		t.Fatalf("export's two_day: %+v (%v)", pe.TwoDay, err)
	}
	if rec := pe.Rounds[3].Pairing; rec == nil || rec.Day != 2 || len(rec.Eligible) != 4 {
		t.Errorf("day 2, round 1's record: %+v", rec)
	}
	_, id := pfImport(t, org, "two-day.json", export)
	ctx := context.Background()
	copied, _ := a.store.EventByID(ctx, id)
	if copied.Day1Rounds != 3 || copied.Day2Rounds != 2 || copied.Day2Cut != "record" || copied.Day2CutValue != 6 {
		t.Errorf("the copy's days: %+v", copied)
	}
	entries, _ := a.store.Entries(ctx, id)
	var day2 []string
	for _, en := range entries {
		if en.Day2 {
			day2 = append(day2, en.PlayerName)
		}
	}
	slices.Sort(day2)
	want := slices.Sorted(slices.Values(advanced))
	if !slices.Equal(day2, want) {
		t.Errorf("the copy's day-2 players %v, want %v", day2, want)
	}
	again, err := pairing.ParseEvent(pfExport(t, org, "/events/"+strconv.FormatInt(id, 10)))
	if err != nil || again.TwoDay == nil || len(again.TwoDay.Advanced) != 4 {
		t.Fatalf("the copy's export: %+v (%v)", again.TwoDay, err)
	}
	expectCertified(t, "the copy's export", verifyFile(t, "the copy's export", pfExport(t, org, "/events/"+strconv.FormatInt(id, 10))), 5)
}

// A cut by size stops inside a points group: the preview says who is tied
// at the line and which side the tiebreakers put each on; day 2 pairs the
// three who advanced (one with a bye). A cut by size that falls between
// two point totals says no tie is broken.
func TestTwoDayEventCutBySizeTiesAtTheLine(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newTwoDayEvent(t, a, org, 3, 1, "size", 3, 0)
	d.playRounds(1, 3)
	page, advanced := d.previewAdvanced()
	day1 := d.apiStandings()
	if len(advanced) != 3 || advanced[0] != day1[0].Name || advanced[1] != day1[1].Name || advanced[2] != day1[2].Name {
		t.Fatalf("a cut by size of 3 advances %v; the standings' top 3 are %+v", advanced, day1[:3])
	}
	if day1[2].Points != 6 || day1[3].Points != 6 {
		t.Fatalf("no tie at the line: %+v", day1[:4])
	}
	body := html.UnescapeString(page.body)
	mustContain(t, "preview with a tie at the line", body, "the top 3 players of the day-1 standings advance",
		fmt.Sprintf("Players are tied on 6 points at the line: the tiebreakers put %s, %s above it and %s below it.", day1[1].Name, day1[2].Name, day1[3].Name),
		"Advances, on tiebreakers at the line", "Finishes on day 1, on tiebreakers at the line")
	m := advancedField.FindStringSubmatch(page.body)
	expectRedirect(t, "close day 1", org.post(d.path+"/day1", d.path+"/day1", url.Values{"advanced": {m[1]}}), d.path+"/rounds")
	d.pairAndPublish(4)
	byes := 0
	for _, mt := range d.roundMatches(4) {
		if mt.P2EntryID == nil {
			byes++
		}
		for _, id := range []*int64{&mt.P1EntryID, mt.P2EntryID} {
			if id != nil && !slices.Contains(advanced, d.nameOf(*id)) {
				t.Errorf("%s plays day 2 without advancing", d.nameOf(*id))
			}
		}
	}
	if byes != 1 || len(d.roundMatches(4)) != 2 {
		t.Errorf("day 2 of three players: %d matches, %d byes", len(d.roundMatches(4)), byes)
	}

	// Top 4 falls between 6 and 3 points: no tie to break.
	b := newTwoDayEvent(t, a, org, 3, 1, "size", 4, 0)
	b.playRounds(1, 3)
	page, advanced = b.previewAdvanced()
	mustContain(t, "preview without a tie", page.body, "Nobody below the line has 6 points")
	if len(advanced) != 4 {
		t.Errorf("top 4 advances %v", advanced)
	}
}

// The event form checks the two-day part; without the box the event is
// played in one day whatever the fields hold.
func TestTwoDayEventForm(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	for _, c := range []struct{ field, value, want string }{
		{"day1_rounds", "0", "Give a number of rounds from 1 to 20."},
		{"day2_rounds", "", "Give a number of rounds from 1 to 20."},
		{"day2_cut", "best", "Choose a cut by record or by size."},
		{"day2_cut_value", "1", "A cut by size takes from 2 to 10,000 players."},
		{"team_event", "on", "A team event is played in one day."},
	} {
		f := eventForm("Bad Days")
		f.Set("two_day", "on")
		f.Set("day1_rounds", "5")
		f.Set("day2_rounds", "3")
		f.Set("day2_cut", "size")
		f.Set("day2_cut_value", "8")
		f.Set(c.field, c.value)
		r := org.post("/events/new", "/events", f)
		expectStatus(t, c.field+" "+c.value, r, http.StatusUnprocessableEntity)
		field := c.field
		if field == "team_event" {
			field = "two_day" // the two days are refused, not the team
		}
		mustContain(t, c.field+" "+c.value, r.body, `id="`+field+`-error"`, c.want)
	}
	f := eventForm("One Day")
	f.Set("day1_rounds", "5")
	ev, _ := a.store.EventByID(context.Background(), createEventWith(t, org, f))
	if ev.TwoDay() {
		t.Errorf("an event without the box is two-day: %+v", ev)
	}
	f = eventForm("Two Days")
	f.Set("two_day", "on")
	f.Set("day1_rounds", "9")
	f.Set("day2_rounds", "5")
	f.Set("day2_cut", "record")
	f.Set("day2_cut_value", "19")
	id := createEventWith(t, org, f)
	ev, _ = a.store.EventByID(context.Background(), id)
	if ev.Day1Rounds != 9 || ev.Day2Rounds != 5 || ev.Day2Cut != "record" || ev.Day2CutValue != 19 || ev.SwissTarget() != 14 {
		t.Errorf("saved: %+v", ev)
	}
	edit := org.get(fmt.Sprintf("/events/%d/edit", id))
	mustContain(t, "edit form", edit.body, `name="two_day" value="on" checked`, `value="19"`)
}
