package server_test

import (
	"context"
	"encoding/json"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/storage"
)

// teamsOfSix are six teams; teamSixStrength orders them, Red strongest.
var (
	teamsOfSix = [][4]string{
		{"Red", "Ann", "Ben", "Cid"}, {"Blue", "Dee", "Eve", "Fay"},
		{"Green", "Gus", "Hal", "Ida"}, {"Gold", "Jo", "Kim", "Lou"},
		{"Black", "Mo", "Ned", "Oz"}, {"White", "Pat", "Quy", "Rae"},
	}
	teamSixStrength = map[string]int{"Red": 6, "Blue": 5, "Green": 4, "Gold": 3, "Black": 2, "White": 1}
)

// newTeamCutEvent is a team event of six teams, three Swiss rounds and a
// top cut of cut teams.
func newTeamCutEvent(t *testing.T, a *app, org *browser, cut int) *dayEvent {
	t.Helper()
	f := eventForm("Team Cup")
	f.Set("team_event", "on")
	f.Set("top_cut_size", strconv.Itoa(cut))
	f.Set("swiss_rounds", "3")
	id := createEventWith(t, org, f)
	d := &dayEvent{t: t, a: a, org: org, id: id, path: "/events/" + strconv.FormatInt(id, 10), links: map[string]string{}, ids: map[string]int64{}}
	for _, tm := range teamsOfSix {
		d.addTeam(tm)
	}
	return d
}

// seatWinner is who wins a seat match in these tests: the stronger team
// wins seats A and B and loses seat C; in the top cut, a team named in
// upsets wins seats A and C instead.
func seatWinner(d *dayEvent, m storage.Match, upsets map[string]bool) (p1Wins bool) {
	t1, t2 := teamOfEntry(d, m.P1EntryID), teamOfEntry(d, *m.P2EntryID)
	en, _ := d.a.store.EntryByID(context.Background(), d.id, m.P1EntryID)
	switch {
	case upsets[t1]:
		return en.TeamSeat != "B"
	case upsets[t2]:
		return en.TeamSeat == "B"
	}
	return teamSixStrength[t1] > teamSixStrength[t2] != (en.TeamSeat == "C")
}

// reportTeamCut has both players of every seat match of top-cut round n
// report the games from their phones (the first seat match's winner 2–1,
// the others 2–0). The first report waits for the opponent's confirmation.
// A seat already confirmed is left as it is.
func (d *dayEvent) reportTeamCut(n int, upsets map[string]bool) {
	d.t.Helper()
	for i, m := range d.roundMatches(n) {
		if m.Status == storage.MatchConfirmed {
			continue
		}
		p1, p2 := d.nameOf(m.P1EntryID), d.nameOf(*m.P2EntryID)
		winner := p2
		if seatWinner(d, m, upsets) {
			winner = p1
		}
		for _, who := range []string{p1, p2} {
			me, them := "me", "them"
			if who != winner {
				me, them = them, me
			}
			form := url.Values{"match": {itoa64(m.ID)}, "result": {"games"}, "g1": {me}, "g2": {me}}
			if i == 0 {
				form = url.Values{"match": {itoa64(m.ID)}, "result": {"games"}, "g1": {them}, "g2": {me}, "g3": {me}}
			}
			link := d.links[who]
			expectRedirect(d.t, who+" reports their seat", d.phone(who).post(link, link+"/report", form), link)
			if who == p1 {
				if got, _ := d.a.store.MatchByID(context.Background(), d.id, m.ID); got.Status != storage.MatchReported {
					d.t.Fatalf("round %d: one report made seat match %d %s, want it to wait for the opponent", n, m.ID, got.Status)
				}
			}
		}
		if got, _ := d.a.store.MatchByID(context.Background(), d.id, m.ID); got.Status != storage.MatchConfirmed {
			d.t.Fatalf("round %d: seat match %d is %s after both reports", n, m.ID, got.Status)
		}
	}
}

// reportTeamSwiss has every seat of Swiss round n reported from both phones.
func (d *dayEvent) reportTeamSwiss(n int) {
	d.t.Helper()
	for _, m := range d.roundMatches(n) {
		if m.P2EntryID == nil {
			continue
		}
		p1, p2 := d.nameOf(m.P1EntryID), d.nameOf(*m.P2EntryID)
		p1Wins := seatWinner(d, m, nil)
		for _, who := range []string{p1, p2} {
			word := "lost"
			if (who == p1) == p1Wins {
				word = "won"
			}
			link := d.links[who]
			expectRedirect(d.t, who+" reports", d.phone(who).post(link, link+"/report", url.Values{"match": {itoa64(m.ID)}, "result": {word}}), link)
		}
	}
}

type apiTeamLine struct {
	Rank    int    `json:"rank"`
	Team    string `json:"team"`
	Placing *int   `json:"placing"`
}

func (d *dayEvent) apiTeams(id int64) []apiTeamLine {
	d.t.Helper()
	body := d.a.browser().get("/api/v1/events/" + itoa64(id) + "/teams").body
	var out []apiTeamLine
	if err := json.Unmarshal([]byte(body), &out); err != nil {
		d.t.Fatalf("teams api: %v\n%s", err, body)
	}
	return out
}

// A team event's top cut through HTTP: six teams, three Swiss rounds, the
// top four teams by the team standings in semifinals (1 v 4, 2 v 3), each
// team match three seat matches at side-by-side tables, every seat a
// best-of-three reported from both players' phones; the team winning two
// seats goes on, the event ends with the final's last seat, and the teams'
// final placings are on the public page, the API and the event file
// (import and export round trip).
func TestTeamTopCutEndToEnd(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newTeamCutEvent(t, a, org, 4)
	for round := 1; round <= 3; round++ {
		d.pairAndPublish(round)
		d.reportTeamSwiss(round)
	}
	swiss := d.apiTeams(d.id)
	if len(swiss) != 6 || swiss[0].Placing != nil {
		t.Fatalf("team standings after the Swiss: %+v", swiss)
	}
	seed := func(i int) string { return swiss[i-1].Team }

	// Semifinals: seed 1 v seed 4 at tables 1–3, seed 2 v seed 3 at 4–6,
	// seat against seat.
	mustContain(t, "rounds page", org.get(d.path+"/rounds").body, `action="`+d.path+`/topcut"`)
	d.startCut(4)
	semis := d.roundMatches(4)
	if len(semis) != 6 {
		t.Fatalf("semifinals: %d seat matches, want 6", len(semis))
	}
	for i, m := range semis {
		en1, _ := a.store.EntryByID(context.Background(), d.id, m.P1EntryID)
		en2, _ := a.store.EntryByID(context.Background(), d.id, *m.P2EntryID)
		want := [2]string{seed(1), seed(4)}
		if i >= 3 {
			want = [2]string{seed(2), seed(3)}
		}
		if *m.TableNo != i+1 || en1.TeamSeat != "ABC"[i%3:i%3+1] || en2.TeamSeat != en1.TeamSeat || en1.Team != want[0] || en2.Team != want[1] {
			t.Fatalf("semifinal seat match %d: %s (%s %s) v %s (%s %s) at table %d; want %s v %s",
				i+1, en1.PlayerName, en1.Team, en1.TeamSeat, en2.PlayerName, en2.Team, en2.TeamSeat, *m.TableNo, want[0], want[1])
		}
	}
	page := org.get(d.path + "/rounds/4").body
	if n := strings.Count(page, `data-testid="team-match"`); n != 2 {
		t.Fatalf("semifinal page: %d team matches\n%s", n, excerpt(page))
	}
	// Seed 4 wins seats A and C against seed 1 (an upset that goes
	// through), and seed 2 seats A and C against seed 3.
	d.reportTeamCut(4, map[string]bool{seed(4): true, seed(2): true})
	page = org.get(d.path + "/rounds/4").body
	mustContain(t, "semifinal page", page, seed(4)+" wins 2–1.", seed(2)+" wins 2–1.")
	if st := eventStatus(t, a, d.id); st != storage.StatusTopCut {
		t.Fatalf("after the semifinals the event is %s", st)
	}

	// The final: seed 4 (from the top half) v seed 2; seed 2 wins seats A
	// and C.
	d.startCut(5)
	final := d.roundMatches(5)
	if len(final) != 3 || teamOfEntry(d, final[0].P1EntryID) != seed(4) || teamOfEntry(d, *final[0].P2EntryID) != seed(2) {
		t.Fatalf("final: %d seat matches, %s v %s", len(final), teamOfEntry(d, final[0].P1EntryID), teamOfEntry(d, *final[0].P2EntryID))
	}
	finalist := d.nameOf(final[0].P1EntryID)
	mustContain(t, "phone in the final", d.phone(finalist).get(d.links[finalist]).body, "Your team plays "+seed(2)+" at tables 1–3.")
	d.reportTeamCut(5, map[string]bool{seed(2): true})
	if st := eventStatus(t, a, d.id); st != storage.StatusFinished {
		t.Fatalf("after the final's three seats the event is %s", st)
	}

	// Placings: the champion, the finalist, the semifinal losers by seed,
	// then the other teams in team standings order.
	want := []string{seed(2), seed(4), seed(1), seed(3), seed(5), seed(6)}
	final2 := d.apiTeams(d.id)
	placeOf := map[string]int{}
	for _, l := range final2 {
		if l.Placing == nil {
			t.Fatalf("team %s has no placing: %+v", l.Team, final2)
		}
		placeOf[l.Team] = *l.Placing
	}
	for i, team := range want {
		if placeOf[team] != i+1 {
			t.Errorf("%s placed %d, want %d", team, placeOf[team], i+1)
		}
	}
	for _, tm := range teamsOfSix {
		if tm[0] == seed(1) {
			mustContain(t, seed(1)+"'s phone", d.phone(tm[3]).get(d.links[tm[3]]).body, "Your team&#39;s final placing: 3rd")
		}
	}
	st := a.browser().get(d.path + "/standings").body
	mustContain(t, "public standings", st, "Final placings", `data-testid="placings"`, "<th scope=\"col\">Team</th>", "bt-round")
	placings := st[strings.Index(st, `data-testid="placings"`):]
	placings = placings[:strings.Index(placings, "</table>")]
	last := -1
	for _, team := range want {
		at := strings.Index(placings, "<td>"+team)
		if at <= last {
			t.Fatalf("placings out of order at %s:\n%s", team, placings)
		}
		last = at
	}

	// The event file: teams' placings and the cut's team matches, the same
	// after an import and a new export.
	data := pfExport(t, org, d.path)
	teamPart := func(data []byte) string {
		ext, _ := pfDecode(t, data)["tenkaichi"].(map[string]any)
		b, _ := json.Marshal([]any{ext["teams"], ext["team_matches"]})
		return regexp.MustCompile(`"\d+"`).ReplaceAllString(string(b), `"id"`)
	}
	first := teamPart(data)
	if n := strings.Count(first, `"top_cut":true`); n != 3 {
		t.Fatalf("event file: %d team matches of the cut, want 3: %s", n, first)
	}
	mustContain(t, "event file", first, `"placing":1`, `"placing":6`)
	_, newID := pfImport(t, org, "team-cut.json", data)
	if again := teamPart(pfExport(t, org, "/events/"+itoa64(newID))); again != first {
		t.Fatalf("teams after the round trip:\n%s\nwant\n%s", again, first)
	}
	for _, l := range d.apiTeams(newID) {
		if l.Placing == nil || *l.Placing != placeOf[l.Team] {
			t.Errorf("imported event: %s placed %v, want %d", l.Team, l.Placing, placeOf[l.Team])
		}
	}
	// tenkaichi verify on the finished event: the three Swiss rounds and
	// the two rounds of the teams' cut hold.
	rep := verifyFile(t, "team event after its cut", data)
	if !rep.OK() || rep.TopCut == nil || rep.TopCut.Rounds != 2 {
		t.Errorf("verify after the team cut: top cut %+v, problems %+v", rep.TopCut, rep.Problems())
	}
	expectCertified(t, "team event after its cut", rep, 3)
}

// A team event's projector and print sheets show teams: the pairings as
// team matches with their three seat tables, the standings as the team
// standings; in the top cut the teams' bracket, at the end the teams'
// placings.
func TestTeamProjectorAndSheets(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newTeamCutEvent(t, a, org, 2)
	d.pairAndPublish(1)
	ms := d.roundMatches(1)
	t1, t2 := teamOfEntry(d, ms[0].P1EntryID), teamOfEntry(d, *ms[0].P2EntryID)
	head := "Team table 1, tables 1–3: " + t1 + " v " + t2
	proj := a.browser().get(d.path + "/projector").body
	if n := strings.Count(proj, `data-testid="team-pairing"`); n != 3 {
		t.Fatalf("projector: %d team matches, want 3\n%s", n, excerpt(proj))
	}
	mustContain(t, "projector", proj, `data-testid="projector-team-pairings"`, head, ">Seat<", `<td class="seat">C</td>`,
		"<td class=\"name\">"+d.nameOf(ms[0].P1EntryID)+"</td><td class=\"name\">"+d.nameOf(*ms[0].P2EntryID)+"</td>")
	byTable := org.get(d.path + "/print/pairings?by=table").body
	if n := strings.Count(byTable, `data-testid="team-pairing"`); n != 3 {
		t.Fatalf("pairings sheet: %d team matches, want 3\n%s", n, excerpt(byTable))
	}
	mustContain(t, "pairings sheet", byTable, head, `<td class="num">9</td>`)
	byName := org.get(d.path + "/print/pairings").body
	mustContain(t, "pairings by name", byName, "Opposing team", "<td>"+t1+"</td><td class=\"num\">1–3</td><td>"+t2+"</td>")

	d.reportTeamSwiss(1)
	proj = a.browser().get(d.path + "/projector").body
	mustContain(t, "projector after round 1", proj, "Team standings after round 1", `data-testid="projector-standings"`)
	if n := strings.Count(proj[strings.Index(proj, `data-testid="projector-standings"`):], "<tr"); n != 7 {
		t.Errorf("projector standings: %d rows, want 6 teams and a heading", n)
	}
	sheet := org.get(d.path + "/print/standings").body
	mustContain(t, "standings sheet", sheet, "Team standings after round 1", `<th scope="col">Team</th>`, "<td>"+t1,
		"Record is team matches won-lost-drawn.")
	if n := strings.Count(sheet, `<tr><td class="num">`); n != 6 {
		t.Errorf("standings sheet: %d rows, want one per team", n)
	}

	for round := 2; round <= 3; round++ {
		d.pairAndPublish(round)
		d.reportTeamSwiss(round)
	}
	d.startCut(4)
	proj = a.browser().get(d.path + "/projector").body
	mustContain(t, "projector in the final", proj, `data-testid="projector-team-pairings"`, "bt-round", "Top 2")
	final := d.roundMatches(4)
	f1, f2 := teamOfEntry(d, final[0].P1EntryID), teamOfEntry(d, *final[0].P2EntryID)
	mustContain(t, "bracket sheet", org.get(d.path+"/print/bracket").body, ">"+f1+"<", ">"+f2+"<")
	d.reportTeamCut(4, nil)
	proj = a.browser().get(d.path + "/projector").body
	mustContain(t, "projector at the end", proj, `data-testid="projector-placings"`, "<th>Team</th>")
}
