package server_test

import (
	"context"
	"encoding/csv"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
)

// seasonRegulars are the four players of every weekly event, each with the
// member number they give at the counter.
var seasonRegulars = []struct{ name, member string }{{"Ann", "S-1"}, {"Bo", "S-2"}, {"Cy", "S-3"}, {"Di", "S-4"}}

// weeklyEvent runs a store's weekly event on server a, through its pages
// and the players' phones, on the given day: the four regulars added at
// the counter with their member numbers, one Swiss round, then a final of
// the top two that champion wins. The event is finished at the end.
func weeklyEvent(t *testing.T, a *app, org *browser, day time.Time, champion string) *dayEvent {
	t.Helper()
	d := newDayEvent(t, a, org, "2")
	ctx := context.Background()
	ev, _ := a.store.EventByID(ctx, d.id)
	ev.Name, ev.StartsOn = "Weekly "+day.Format(time.DateOnly), day
	if err := a.store.UpdateEvent(ctx, storage.Actor{Name: "test"}, ev); err != nil {
		t.Fatal(err)
	}
	for _, p := range seasonRegulars {
		d.addMember(p.name, p.member)
	}
	wins := func(p1, p2 string) string {
		if p1 == champion || p2 == champion {
			return champion
		}
		return min(p1, p2)
	}
	d.pairAndPublish(1)
	d.reportByPhones(1, false, wins)
	d.startCut(2)
	d.reportByPhones(2, true, wins)
	if s := eventStatus(t, a, d.id); s != storage.StatusFinished {
		t.Fatalf("%s: status %s after the final", ev.Name, s)
	}
	return d
}

// Issue 27's "done when": a store runs a three-month season of weekly
// events, two of them offline on a laptop and pushed to the league server
// afterwards, and its players see their history, rating and league place
// on their phones. Twelve weekly events; each regular wins three. The
// season's dates are around today so that it is running.
func TestAStoreSeasonWithTwoLaptopEventsPushedLater(t *testing.T) {
	t.Parallel()
	league := newApp(t)
	org := league.organiser()
	first, err := accounts.New(league.store).FirstShop(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	today := time.Now().UTC().Truncate(24 * time.Hour)
	seasons := "/stores/" + strconv.FormatInt(first.ID, 10) + "/seasons"
	form := seasonForm()
	form.Set("name", "Three months")
	form.Set("starts_on", today.AddDate(0, 0, -90).Format(time.DateOnly))
	form.Set("ends_on", today.AddDate(0, 0, 30).Format(time.DateOnly))
	r := org.post(seasons+"/new", seasons, form)
	m := seasonBoardPath.FindStringSubmatch(r.location)
	if r.status != http.StatusSeeOther || m == nil {
		t.Fatalf("create season: %d to %q\n%s", r.status, r.location, excerpt(r.body))
	}
	board := m[0]

	laptop := newApp(t)
	laptopOrg := laptop.organiser()
	token := makeStoreToken(t, org, first.ID, "Laptop")
	var last *dayEvent
	for week := 0; week < 12; week++ {
		day := today.AddDate(0, 0, -84+7*week)
		champion := seasonRegulars[week%4].name
		if week == 3 || week == 8 {
			// Offline: the laptop runs it, and pushes it when back online.
			d := weeklyEvent(t, laptop, laptopOrg, day, champion)
			status, got := pushTo(t, league, token, pfExport(t, laptopOrg, d.path), "")
			if status != http.StatusCreated || got.Event == nil {
				t.Fatalf("push of week %d: %d %+v", week+1, status, got)
			}
			continue
		}
		last = weeklyEvent(t, league, org, day, champion)
	}

	// The leaderboard counts all twelve: each regular played twelve and won
	// three; 3, 2 and 1 points for the first places and 1 for playing make
	// 10 points an event, 120 in all.
	rows := seasonCSV(t, league.browser(), board)
	total := 0
	for _, row := range rows {
		points, _ := strconv.Atoi(row["points"])
		total += points
		if row["events_played"] != "12" || row["events_won"] != "3" || row["rating"] == "" || row["deviation"] == "" {
			t.Errorf("%s on the board: %v", row["name"], row)
		}
	}
	if len(rows) != 4 || total != 120 {
		t.Fatalf("the board: %d players, %d points in all: %v", len(rows), total, rows)
	}

	// On her phone, Ann opens her profile from the last event's page: her
	// twelve events, her rating with its deviation and her place in the
	// season.
	phone := league.browser()
	home := phone.get(last.links["Ann"])
	mustContain(t, "Ann's phone", home.body, `href="`+last.links["Ann"]+`/me"`)
	expectRedirect(t, "Ann signs in", phone.get(last.links["Ann"]+"/me"), "/me")
	own := phone.get("/me")
	profile := openProfile.FindStringSubmatch(own.body)
	if profile == nil {
		t.Fatalf("no link to her profile:\n%s", excerpt(own.body))
	}
	page := phone.get(profile[1])
	expectStatus(t, "Ann's profile", page, http.StatusOK)
	mustContain(t, "Ann's profile", page.body, `data-testid="profile-season"`, "Three months: place ", "Fusion World: rating ", " ± ")
	// Each event once, by its link's text (its label names it too).
	if n := strings.Count(page.body, ">Weekly "); n != 12 {
		t.Errorf("Ann's profile lists %d weekly events, want 12", n)
	}
}

// openProfile is the own settings page's link to the player's profile.
var openProfile = regexp.MustCompile(`href="(/players/\d+)" data-testid="open-profile"`)

// seasonCSV reads a season's leaderboard CSV into rows by column name.
func seasonCSV(t *testing.T, b *browser, board string) []map[string]string {
	t.Helper()
	r := b.get(board + "/leaderboard.csv")
	expectStatus(t, "leaderboard CSV", r, http.StatusOK)
	recs, err := csv.NewReader(strings.NewReader(r.body)).ReadAll()
	if err != nil || len(recs) < 2 {
		t.Fatalf("leaderboard CSV: %v\n%s", err, r.body)
	}
	var out []map[string]string
	for _, rec := range recs[1:] {
		row := map[string]string{}
		for i, col := range recs[0] {
			row[col] = rec[i]
		}
		out = append(out, row)
	}
	return out
}
