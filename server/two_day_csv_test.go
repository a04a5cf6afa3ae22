package server_test

import (
	"encoding/csv"
	"net/url"
	"slices"
	"strings"
	"testing"
)

// Issue 28, point 5: a two-day event's standings CSV has a day column (the
// day each player finished on: 1 for those who did not advance, 2 for the
// day-2 players), and the standings projector marks players who finished
// on day 1.
func TestTwoDayStandingsCSVAndProjectorSayTheDay(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d, advanced := twoDayPlayedOut(t, a, org)

	rows, err := csv.NewReader(strings.NewReader(org.get(d.path + "/standings.csv").body)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	head := rows[0]
	day := slices.Index(head, "day")
	if day < 0 || head[len(head)-1] != "placing" {
		t.Fatalf("CSV head %v: no day column before the placing", head)
	}
	days := map[string]int{}
	for _, row := range rows[1:] {
		want := "1"
		if slices.Contains(advanced, row[1]) {
			want = "2"
		}
		if row[day] != want {
			t.Errorf("%s: day %q, want %s", row[1], row[day], want)
		}
		days[row[day]]++
	}
	if days["2"] != 4 || days["1"] != 4 {
		t.Errorf("days in the CSV: %v, want 4 players on each", days)
	}

	proj := a.browser().get(d.path + "/projector?top=8").body
	if n := strings.Count(proj, `data-testid="projector-finished-day1"`); n != 4 {
		t.Errorf("the projector marks %d players as finished on day 1, want 4\n%s", n, excerpt(proj))
	}
	mustContain(t, "projector", proj, "Finished on day 1")

	// A one-day event's CSV has no day column.
	one := newDayEvent(t, a, org, "0", "Ann", "Bo")
	if head := strings.SplitN(org.get(one.path+"/standings.csv").body, "\n", 2)[0]; strings.Contains(head, "day") {
		t.Errorf("one-day CSV head: %s", head)
	}
}

// twoDayPlayedOut is a two-day event of eight players, three day-1 rounds,
// the top 4 into one day-2 round, played out; it returns the players who
// advanced.
func twoDayPlayedOut(t *testing.T, a *app, org *browser) (*dayEvent, []string) {
	t.Helper()
	d := newTwoDayEvent(t, a, org, 3, 1, "size", 4, 0)
	d.playRounds(1, 3)
	page, advanced := d.previewAdvanced()
	m := advancedField.FindStringSubmatch(page.body)
	expectRedirect(t, "close day 1", org.post(d.path+"/day1", d.path+"/day1", url.Values{"advanced": {m[1]}}), d.path+"/rounds")
	d.playRounds(4, 4)
	return d, advanced
}
