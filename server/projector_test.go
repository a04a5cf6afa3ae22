package server_test

import (
	"context"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views"
)

// confirm has both players of a match report that P1 won.
func confirm(t *testing.T, st *storage.Store, eventID int64, m storage.Match) {
	t.Helper()
	for _, who := range []int64{m.P1EntryID, *m.P2EntryID} {
		if _, _, err := st.ReportResult(context.Background(), eventID, m.ID, who, storage.ResultInput{Result: storage.ResultP1}); err != nil {
			t.Fatal(err)
		}
	}
}

// rowCells returns the cell texts of each row of the table with a test id.
func rowCells(body, testID string) [][]string {
	i := strings.Index(body, `data-testid="`+testID+`"`)
	if i < 0 {
		return nil
	}
	table := body[i:]
	table = table[:strings.Index(table, "</table>")]
	var rows [][]string
	cell := regexp.MustCompile(`<t[dh][^>]*>(.*?)</t[dh]>`)
	tags := regexp.MustCompile(`<[^>]+>`)
	for _, tr := range strings.Split(table, "<tr")[1:] {
		var cells []string
		for _, m := range cell.FindAllStringSubmatch(tr, -1) {
			cells = append(cells, strings.Join(strings.Fields(tags.ReplaceAllString(m[1], " ")), " "))
		}
		rows = append(rows, cells)
	}
	return rows
}

func TestProjectorShowsPairingsClockAndStandings(t *testing.T) {
	t.Parallel()
	a, _ := newClockedApp(t) // the clock stands still: a paused round shows 35:00
	st := a.store
	ctx := context.Background()
	e, es := liveEvent(t, st, "Proj", 4)
	path := "/events/" + itoa64(e.ID) + "/projector"
	anon := a.browser()

	// Nothing published yet: the page says so (and hides the preview).
	r := anon.get(path)
	expectStatus(t, "projector before round 1", r, http.StatusOK)
	if !strings.Contains(r.body, "Pairings are not published yet.") || strings.Contains(r.body, "Aya Proj") {
		t.Fatalf("before publishing:\n%s", excerpt(r.body))
	}

	// Round 1: A beats B at table 1, C beats D at table 2; round 2 pairs the
	// winners (A v C at table 1) and the others (B v D at table 2).
	publishRound(t, st, e.ID, 1)
	ms := roundMatches(t, st, e.ID, 1)
	confirm(t, st, e.ID, ms[0])
	// One result in: no standings until the round is complete (the early
	// finishers would top a table of players still playing).
	if r := anon.get(path); strings.Contains(r.body, "projector-standings") || strings.Contains(r.body, "Standings after") {
		t.Fatalf("standings shown with round 1 incomplete:\n%s", excerpt(r.body))
	}
	confirm(t, st, e.ID, ms[1])
	if err := st.FinishRound(ctx, liveOrg, e.ID, 1); err != nil {
		t.Fatal(err)
	}
	one, two := 1, 2
	if _, err := st.CreateRound(ctx, liveOrg, e.ID, 2, storage.KindSwiss, 35*time.Minute, []storage.NewMatch{
		{TableNo: &one, P1: es[0].ID, P2: &es[2].ID}, {TableNo: &two, P1: es[1].ID, P2: &es[3].ID},
	}); err != nil {
		t.Fatal(err)
	}
	// Round 2 is a preview: the projector still shows round 1.
	if r := anon.get(path); !strings.Contains(r.body, "Round 1") || strings.Contains(r.body, "Round 2") {
		t.Fatalf("preview of round 2 leaked:\n%s", excerpt(r.body))
	}
	publishRound(t, st, e.ID, 2)
	if _, err := st.ChangeClock(ctx, liveOrg, e.ID, 2, storage.ClockStart, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := st.ChangeClock(ctx, liveOrg, e.ID, 2, storage.ClockPause, 0); err != nil {
		t.Fatal(err)
	}
	// A result of round 2 already in does not change the points players
	// brought to the table.
	confirm(t, st, e.ID, roundMatches(t, st, e.ID, 2)[0])

	r = anon.get(path)
	expectStatus(t, "projector", r, http.StatusOK)
	body := r.body
	for _, want := range []string{
		`<script src="` + views.AssetURL("live.js") + `" defer></script>`,
		`<noscript><meta http-equiv="refresh" content="30"></noscript>`,
		`data-live-topics="pairings results standings clock announcements" data-event="` + itoa64(e.ID) + `"`,
		`Round 2`, `Standings after round 1`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("projector lacks %q", want)
		}
	}
	clock := regexp.MustCompile(`<time class="countdown" data-event="(\d+)" data-round="2" data-state="paused" data-remaining-ms="(\d+)" data-time-up="Time!">(\d+:\d\d)</time>`).FindStringSubmatch(body)
	if clock == nil || clock[1] != itoa64(e.ID) || (clock[3] != "35:00" && clock[3] != "34:59") {
		t.Fatalf("countdown markup: %v\n%s", clock, excerpt(body))
	}

	pairings := rowCells(body, "projector-pairings")
	want := [][]string{
		{"Table", "Player", "Opponent", "Points"},
		{"1", "Aya Proj", "Cya Proj", "3"},
		{"2", "Bya Proj", "Dya Proj", "0"},
		{"1", "Cya Proj", "Aya Proj", "3"},
		{"2", "Dya Proj", "Bya Proj", "0"},
	}
	if !equalRows(pairings, want) {
		t.Fatalf("pairings:\n got %q\nwant %q", pairings, want)
	}

	standings := rowCells(body, "projector-standings")
	if len(standings) != 5 || strings.Join(standings[0], "|") != "#|Player|Pts|Record|OMW%|OOMW%" {
		t.Fatalf("standings: %q", standings)
	}
	// Round 2 is under way, A's win in it is not counted yet: A and C lead
	// with round 1's 3 points.
	for _, row := range standings[1:3] {
		if row[1] != "Aya Proj" && row[1] != "Cya Proj" || row[2] != "3" || row[3] != "1-0-0" {
			t.Fatalf("standings after round 1: %q", standings)
		}
	}
	confirm(t, st, e.ID, roundMatches(t, st, e.ID, 2)[1])
	body = anon.get(path).body
	standings = rowCells(body, "projector-standings")
	// Round 2 complete: A has beaten B and C: first, 6 points, 2-0-0.
	if got := strings.Join(standings[1][:4], "|"); !strings.Contains(body, "Standings after round 2") || got != "1|Aya Proj|6|2-0-0" {
		t.Fatalf("after round 2, first line %q", got)
	}
	for _, row := range standings[1:] {
		if len(row) != 6 || !regexp.MustCompile(`^\d+\.\d\d$`).MatchString(row[4]) {
			t.Fatalf("standings line without tiebreakers: %q", row)
		}
	}
	// ?top=2 keeps the first two lines.
	if rows := rowCells(anon.get(path+"?top=2").body, "projector-standings"); len(rows) != 3 {
		t.Fatalf("top 2: %q", rows)
	}
}

func equalRows(a, b [][]string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if strings.Join(a[i], "|") != strings.Join(b[i], "|") {
			return false
		}
	}
	return true
}

var projectorName = regexp.MustCompile(`(?s)<li[^>]*>\s*<span class="pn-name">(.*?)</span>\s*<span class="pn-table">(.*?)</span>\s*(?:<span class="pn-opp">|</li>)`)

// ?view=pairings lists every player once, alphabetically as people read
// names (case and accents aside), with their table, and nothing else.
func TestProjectorPairingsByName(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	f := pfNewEvent(t, a, org, "Names Cup", "zoe", "Émile", "Ann", "bob", "Eve")
	pfRound(t, a, f, 1, storage.KindSwiss, [][2]string{{"zoe", "Émile"}, {"Ann", "bob"}, {"Eve", ""}})
	r := a.browser().get(f.path + "/projector?view=pairings")
	expectStatus(t, "names view", r, http.StatusOK)
	var got []string
	for _, m := range projectorName.FindAllStringSubmatch(r.body, -1) {
		got = append(got, pfText(m[1])+" "+pfText(m[2]))
	}
	pfSame(t, "pairings by name", got, []string{"Ann Table 2", "bob Table 2", "Émile Table 1", "Eve Bye", "zoe Table 1"})
	if strings.Contains(r.body, "projector-standings") || strings.Contains(r.body, `data-testid="projector-pairings"`) {
		t.Fatal("the names view shows more than the names")
	}
}

// Once the top cut starts the projector draws the bracket; once the event is
// finished it lists the final placings beside it.
func TestProjectorBracketAndFinalPlacings(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "4", "Ann", "Bo", "Cy", "Di", "Ed", "Flo")
	d.pairAndPublish(1)
	d.reportByPhones(1, false, firstNamed)
	path := d.path + "/projector"
	if r := a.browser().get(path); !strings.Contains(r.body, "Standings after round 1") || strings.Contains(r.body, `data-testid="bracket"`) {
		t.Fatalf("Swiss projector:\n%s", excerpt(r.body))
	}
	d.startCut(2)
	r := a.browser().get(path)
	if !strings.Contains(r.body, `data-testid="bracket"`) || strings.Contains(r.body, "projector-standings") || strings.Contains(r.body, "projector-placings") {
		t.Fatalf("top-cut projector:\n%s", excerpt(r.body))
	}
	if n := strings.Count(r.body, `data-testid="bracket-match"`); n != 3 {
		t.Fatalf("%d bracket matches on the projector, want 3 (two semifinals, the final)", n)
	}
	d.reportByPhones(2, true, firstNamed)
	d.startCut(3)
	d.reportByPhones(3, true, firstNamed)
	r = a.browser().get(path + "?top=3")
	rows := rowCells(r.body, "projector-placings")
	if len(rows) != 4 || rows[1][0] != "1st" || rows[3][0] != "3rd" {
		t.Fatalf("final placings on the projector (top 3): %q", rows)
	}
	// The champion is the bracket's, and first.
	if c := pfChampion.FindStringSubmatch(r.body); c == nil || pfText(c[1]) != rows[1][1] {
		t.Fatalf("champion %v, first place %q", c, rows[1][1])
	}
	// Each played match shows both players' games won.
	if n := strings.Count(r.body, `<span class="bt-score">`); n != 6 {
		t.Fatalf("%d game scores, want 6 (two per match)", n)
	}
}
