package server_test

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/storage"
)

// nameOf is the player name of an entry id of the day event.
func (d *dayEvent) nameOf(id int64) string {
	for n, i := range d.ids {
		if i == id {
			return n
		}
	}
	d.t.Fatalf("no player with entry %d", id)
	return ""
}

// roundMatches are the matches of round n.
func (d *dayEvent) roundMatches(n int) []storage.Match {
	d.t.Helper()
	ctx := context.Background()
	rounds, err := d.a.store.Rounds(ctx, d.id)
	if err != nil {
		d.t.Fatal(err)
	}
	for _, r := range rounds {
		if r.Number == n {
			ms, err := d.a.store.Matches(ctx, r.ID)
			if err != nil {
				d.t.Fatal(err)
			}
			return ms
		}
	}
	d.t.Fatalf("no round %d", n)
	return nil
}

// reportByPhones has both players of every match of round n report from
// their phones that the player winner picks won: "won"/"lost" in a Swiss
// round, 2-0 in games in the top cut. The two reports agree, so each result
// is final.
func (d *dayEvent) reportByPhones(n int, topCut bool, winner func(p1, p2 string) string) {
	d.t.Helper()
	for _, m := range d.roundMatches(n) {
		if m.P2EntryID == nil {
			continue
		}
		p1, p2 := d.nameOf(m.P1EntryID), d.nameOf(*m.P2EntryID)
		w := winner(p1, p2)
		for _, who := range []string{p1, p2} {
			word, game := "lost", "them"
			if who == w {
				word, game = "won", "me"
			}
			form := url.Values{"match": {fmt.Sprint(m.ID)}, "result": {word}}
			if topCut {
				form = url.Values{"match": {fmt.Sprint(m.ID)}, "result": {"games"}, "g1": {game}, "g2": {game}}
			}
			link := d.links[who]
			r := d.phone(who).post(link, link+"/report", form)
			expectRedirect(d.t, who+" reports round "+fmt.Sprint(n), r, link)
		}
	}
	for _, m := range d.roundMatches(n) {
		if m.Status != storage.MatchConfirmed {
			d.t.Fatalf("round %d: match %d is %s after both reports", n, m.ID, m.Status)
		}
	}
}

// startCut pairs and publishes the next top-cut round (number n).
func (d *dayEvent) startCut(n int) {
	d.t.Helper()
	want := fmt.Sprintf("%s/rounds/%d", d.path, n)
	expectRedirect(d.t, "top cut", d.org.post(d.path+"/rounds", d.path+"/topcut", nil), want)
	expectRedirect(d.t, "publish cut", d.org.post(want, want+"/publish", nil), want)
}

// firstNamed makes the player whose name sorts first win.
func firstNamed(p1, p2 string) string { return min(p1, p2) }

func eventStatus(t *testing.T, a *app, id int64) string {
	t.Helper()
	ev, err := a.store.EventByID(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return ev.Status
}

// A top 4 played entirely from the phones: the event is Finished the moment
// the second finalist's report makes the final's result final.
func TestEventFinishesWhenFinalistsReportFromPhones(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "4", "Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")
	d.pairAndPublish(1)
	d.reportByPhones(1, false, firstNamed)
	d.startCut(2)
	if s := eventStatus(t, a, d.id); s != storage.StatusTopCut {
		t.Fatalf("status in the semifinals: %s", s)
	}
	d.reportByPhones(2, true, firstNamed)
	if s := eventStatus(t, a, d.id); s != storage.StatusTopCut {
		t.Fatalf("status after the semifinals: %s", s)
	}
	d.startCut(3)
	final := d.roundMatches(3)[0]
	p1, p2 := d.nameOf(final.P1EntryID), d.nameOf(*final.P2EntryID)
	// One finalist's report is not final yet.
	link := d.links[p1]
	r := d.phone(p1).post(link, link+"/report", url.Values{"match": {fmt.Sprint(final.ID)}, "result": {"games"}, "g1": {"me"}, "g2": {"me"}})
	expectRedirect(t, "first finalist", r, link)
	if s := eventStatus(t, a, d.id); s != storage.StatusTopCut {
		t.Fatalf("status after one finalist's report: %s", s)
	}
	link = d.links[p2]
	r = d.phone(p2).post(link, link+"/report", url.Values{"match": {fmt.Sprint(final.ID)}, "result": {"games"}, "g1": {"them"}, "g2": {"them"}})
	expectRedirect(t, "second finalist", r, link)
	if s := eventStatus(t, a, d.id); s != storage.StatusFinished {
		t.Fatalf("status after both finalists reported: %s", s)
	}
	log, err := a.store.AuditLog(context.Background(), d.id, 5)
	if err != nil {
		t.Fatal(err)
	}
	// The last change, and after it the snapshot that finishing takes.
	if log[0].Action != "take" || log[0].Entity != "snapshot" || !strings.Contains(log[0].AfterJSON, `"reason":"finish"`) {
		t.Fatalf("no snapshot taken at the finish: %+v", log[0])
	}
	if log[1].Action != "finish" || log[1].Actor != "player "+p2 || !strings.Contains(log[1].AfterJSON, "finished") {
		t.Fatalf("finishing not audited as the last change: %+v", log[1])
	}
	page := d.phone(p1).get(d.links[p1])
	if !strings.Contains(page.body, "Finished") {
		t.Fatalf("player page does not say the event is finished:\n%s", excerpt(page.body))
	}
}

// A match loss given in the final decides it, and the event is finished.
func TestEventFinishesWhenAPenaltyDecidesTheFinal(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "2", "Ann", "Bo", "Cy", "Di")
	d.pairAndPublish(1)
	d.reportByPhones(1, false, firstNamed)
	d.startCut(2)
	final := d.roundMatches(2)[0]
	loser := d.nameOf(*final.P2EntryID)
	r := org.post(d.path+"/penalties", d.path+"/penalties", url.Values{"entry_id": {fmt.Sprint(d.ids[loser])},
		"kind": {"match-loss"}, "infraction": {"Unsporting conduct"}})
	expectRedirect(t, "penalty", r, d.path+"/penalties")
	if m := d.roundMatches(2)[0]; m.Status != storage.MatchConfirmed || m.Result != storage.ResultP1 {
		t.Fatalf("the penalty did not decide the final: %+v", m)
	}
	if s := eventStatus(t, a, d.id); s != storage.StatusFinished {
		t.Fatalf("status after a match loss in the final: %s", s)
	}
	// A result in a round before the final does not finish an event.
	d2 := newDayEvent(t, a, org, "4", "Ann", "Bo", "Cy", "Di")
	d2.pairAndPublish(1)
	d2.reportByPhones(1, false, firstNamed)
	d2.startCut(2)
	semi := d2.roundMatches(2)[0]
	r = org.post(d2.path+"/penalties", d2.path+"/penalties", url.Values{"entry_id": {fmt.Sprint(*semi.P2EntryID)},
		"kind": {"match-loss"}, "infraction": {"Unsporting conduct"}})
	expectStatus(t, "penalty in a semifinal", r, http.StatusSeeOther)
	if s := eventStatus(t, a, d2.id); s != storage.StatusTopCut {
		t.Fatalf("a semifinal result finished the event: %s", s)
	}
}

var placingRow = regexp.MustCompile(`(?s)<tr>\s*<td class="num">(.*?)</td>\s*<td>(.*?)</td>`)

// placingsOnPage reads the placings table of the standings page as
// "place name" lines ("– name" while undecided).
func placingsOnPage(t *testing.T, b *browser, path string) []string {
	t.Helper()
	r := b.get(path + "/standings")
	expectStatus(t, "standings", r, http.StatusOK)
	i := strings.Index(r.body, `data-testid="placings"`)
	if i < 0 {
		return nil
	}
	table := r.body[i : strings.Index(r.body[i:], "</table>")+i]
	var out []string
	for _, m := range placingRow.FindAllStringSubmatch(table, -1) {
		place := pfText(m[1])
		if strings.Contains(place, "still being played for") {
			place = "–"
		}
		out = append(out, place+" "+pfText(m[2]))
	}
	return out
}

func TestFinalPlacingsEverywhere(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "4", "Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")
	d.pairAndPublish(1)
	d.reportByPhones(1, false, firstNamed)
	d.pairAndPublish(2)
	d.reportByPhones(2, false, firstNamed)
	if p := placingsOnPage(t, a.browser(), d.path); p != nil {
		t.Fatalf("placings before the top cut: %v", p)
	}
	// Swiss order after two rounds, from the standings themselves.
	st := d.swissOrder()
	d.startCut(3)
	// The cut is seeds 1-4; 5th to 8th are already final.
	got := placingsOnPage(t, a.browser(), d.path)
	want := []string{"5th " + st[4], "6th " + st[5], "7th " + st[6], "8th " + st[7], "– " + st[0], "– " + st[1], "– " + st[2], "– " + st[3]}
	pfSame(t, "placings at the start of the cut", got, want)
	// A player outside the cut reads their place, not "No pairing for you yet".
	page := d.phone(st[6]).get(d.links[st[6]])
	if !strings.Contains(page.body, "Final placing: 7th") || strings.Contains(page.body, `data-testid="no-match"`) {
		t.Fatalf("7th place's phone:\n%s", excerpt(page.body))
	}
	// Semifinals 1 v 4 and 2 v 3: the lower seed wins the first, the higher the second.
	semis := d.roundMatches(3)
	one := semis[0]
	p1, p2 := d.nameOf(one.P1EntryID), d.nameOf(*one.P2EntryID)
	for _, who := range []string{p1, p2} {
		g := "them"
		if who == p2 {
			g = "me"
		}
		link := d.links[who]
		expectRedirect(t, "semifinal report", d.phone(who).post(link, link+"/report",
			url.Values{"match": {fmt.Sprint(one.ID)}, "result": {"games"}, "g1": {g}, "g2": {g}}), link)
	}
	// Out in one semifinal while the other plays: no place yet, but told why.
	page = d.phone(p1).get(d.links[p1])
	if !strings.Contains(page.body, "You are out of the top cut (Semifinals)") || strings.Contains(page.body, "Final placing:") {
		t.Fatalf("semifinal loser's phone while the other semifinal plays:\n%s", excerpt(page.body))
	}
	d.reportByPhones(3, true, func(a, b string) string {
		if a == p1 || a == p2 {
			return p2
		}
		return a
	})
	loser2 := d.nameOf(*semis[1].P2EntryID)
	// Seed 1 lost its semifinal, seed 3 too: 3rd and 4th in Swiss order.
	page = d.phone(p1).get(d.links[p1])
	if !strings.Contains(page.body, "Final placing: 3rd") {
		t.Fatalf("seed 1, out in the semifinals:\n%s", excerpt(page.body))
	}
	page = d.phone(loser2).get(d.links[loser2])
	if !strings.Contains(page.body, "Final placing: 4th") {
		t.Fatalf("seed 3, out in the semifinals:\n%s", excerpt(page.body))
	}
	d.startCut(4)
	final := d.roundMatches(4)[0]
	winner, finalist := d.nameOf(final.P1EntryID), d.nameOf(*final.P2EntryID)
	d.reportByPhones(4, true, func(string, string) string { return winner })
	got = placingsOnPage(t, a.browser(), d.path)
	want = []string{"1st " + winner, "2nd " + finalist, "3rd " + p1, "4th " + loser2, "5th " + st[4], "6th " + st[5], "7th " + st[6], "8th " + st[7]}
	pfSame(t, "final placings", got, want)
	if r := a.browser().get(d.path + "/standings"); !strings.Contains(r.body, "Final placings") {
		t.Fatal("the finished event's placings are not called final")
	}
	for name, place := range map[string]string{winner: "1st", finalist: "2nd"} {
		if page := d.phone(name).get(d.links[name]); !strings.Contains(page.body, "Final placing: "+place) {
			t.Errorf("%s's phone does not say %s:\n%s", name, place, excerpt(page.body))
		}
	}
	// The CSV's placing column and the export's players[].placing agree.
	rows, err := csv.NewReader(strings.NewReader(org.get(d.path + "/standings.csv").body)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	csvPlace := map[string]string{}
	for _, row := range rows[1:] {
		csvPlace[row[1]] = row[len(row)-1]
	}
	exp := org.get(d.path + "/export")
	var file struct {
		Players []struct {
			Name    string `json:"name"`
			Placing int    `json:"placing"`
		} `json:"players"`
	}
	if err := json.Unmarshal([]byte(exp.body), &file); err != nil {
		t.Fatal(err)
	}
	for i, line := range want {
		name := strings.SplitN(line, " ", 2)[1]
		if csvPlace[name] != strconv.Itoa(i+1) {
			t.Errorf("CSV placing of %s: %q, want %d", name, csvPlace[name], i+1)
		}
		for _, p := range file.Players {
			if p.Name == name && p.Placing != i+1 {
				t.Errorf("export placing of %s: %d, want %d", name, p.Placing, i+1)
			}
		}
	}
}

// swissOrder is the names in the order of the standings page.
func (d *dayEvent) swissOrder() []string {
	d.t.Helper()
	r := d.a.browser().get(d.path + "/standings")
	var out []string
	for _, row := range pfRows(r.body[strings.Index(r.body, `data-testid="standings"`):]) {
		f := strings.Fields(row)
		out = append(out, f[1])
	}
	return out
}
