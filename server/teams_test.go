package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/storage"
)

// newTeamEvent is Team Cup, made a team event on the event form: Swiss
// rounds with no top cut and the given teams, each {name, seat A, seat B,
// seat C}, added at the desk.
func newTeamEvent(t *testing.T, a *app, org *browser, rounds int, teams ...[4]string) *dayEvent {
	t.Helper()
	f := eventForm("Team Cup")
	f.Set("team_event", "on")
	f.Set("top_cut_size", "0")
	f.Set("swiss_rounds", strconv.Itoa(rounds))
	id := createEventWith(t, org, f)
	d := &dayEvent{t: t, a: a, org: org, id: id, path: "/events/" + strconv.FormatInt(id, 10), links: map[string]string{}, ids: map[string]int64{}}
	if ev, _ := a.store.EventByID(context.Background(), id); !ev.TeamEvent || ev.SwissRounds == nil || *ev.SwissRounds != rounds {
		t.Fatalf("the event form made %+v", ev)
	}
	for _, tm := range teams {
		d.addTeam(tm)
	}
	return d
}

// addTeam adds a team at the desk and keeps its players' links.
func (d *dayEvent) addTeam(tm [4]string) {
	d.t.Helper()
	form := url.Values{"team_name": {tm[0]}, "seat_A": {tm[1]}, "seat_B": {tm[2]}, "seat_C": {tm[3]}}
	expectRedirect(d.t, "add team "+tm[0], d.org.post(d.path+"/teams", d.path+"/teams", form), d.path+"/teams")
	entries, err := d.a.store.Entries(context.Background(), d.id)
	if err != nil {
		d.t.Fatal(err)
	}
	for _, en := range entries {
		if en.Team != tm[0] {
			continue
		}
		page := d.org.get(d.path + "/players/" + strconv.FormatInt(en.ID, 10))
		m := playerLinkRe.FindStringSubmatch(page.body)
		if m == nil {
			d.t.Fatalf("no link for %s", en.PlayerName)
		}
		d.links[en.PlayerName], d.ids[en.PlayerName] = m[1], en.ID
	}
}

var teamsOfFour = [][4]string{
	{"Red", "Ann", "Ben", "Cid"}, {"Blue", "Dee", "Eve", "Fay"},
	{"Green", "Gus", "Hal", "Ida"}, {"Gold", "Jo", "Kim", "Lou"},
}

// teamStrength orders the teams of teamsOfFour: the stronger team's players
// win seats A and B and lose seat C, so it wins each team match 2–1.
var teamStrength = map[string]int{"Red": 4, "Blue": 3, "Green": 2, "Gold": 1}

// A team event from the desk to the standings, through HTTP: four teams,
// three rounds paired by team with seat A against seat A at side-by-side
// tables, every seat reported from the players' phones (one dispute
// settled by the judge), no rematch between teams, team standings on the
// public page and the API, and the event file round trip.
func TestTeamEventEndToEnd(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newTeamEvent(t, a, org, 3, teamsOfFour...)
	ctx := context.Background()
	mustContain(t, "event form", org.get(d.path+"/edit").body, `name="team_event" value="on" checked`)
	teams := org.get(d.path + "/teams").body
	mustContain(t, "teams page", teams, `data-testid="team-count">4 teams.<`, "Ann", "Lou")
	dup := url.Values{"team_name": {"Red"}, "seat_A": {"X"}, "seat_B": {"Y"}, "seat_C": {"Z"}}
	r := org.post(d.path+"/teams", d.path+"/teams", dup)
	expectStatus(t, "same team name", r, http.StatusConflict)
	mustContain(t, "same team name", r.body, "This event already has a team named Red.")

	teamOf, seatOf := map[string]string{}, map[string]string{}
	entries, _ := a.store.Entries(ctx, d.id)
	for _, en := range entries {
		teamOf[en.PlayerName], seatOf[en.PlayerName] = en.Team, en.TeamSeat
	}
	met := map[string]bool{}
	for round := 1; round <= 3; round++ {
		d.pairAndPublish(round)
		ms := d.roundMatches(round)
		if len(ms) != 6 {
			t.Fatalf("round %d: %d seat matches, want 6", round, len(ms))
		}
		for _, m := range ms {
			p1, p2 := d.nameOf(m.P1EntryID), d.nameOf(*m.P2EntryID)
			if seatOf[p1] != seatOf[p2] || teamOf[p1] == teamOf[p2] {
				t.Fatalf("round %d: %s (%s %s) plays %s (%s %s)", round, p1, teamOf[p1], seatOf[p1], p2, teamOf[p2], seatOf[p2])
			}
			want := "ABC"[(*m.TableNo-1)%3 : (*m.TableNo-1)%3+1]
			if seatOf[p1] != want {
				t.Errorf("round %d: seat %s at table %d", round, seatOf[p1], *m.TableNo)
			}
			pair := min(teamOf[p1], teamOf[p2]) + "–" + max(teamOf[p1], teamOf[p2])
			if seatOf[p1] == "A" {
				if met[pair] {
					t.Errorf("round %d: %s meet again", round, pair)
				}
				met[pair] = true
			}
		}
		if round == 1 {
			mustContain(t, "phone", d.phone("Cid").get(d.links["Cid"]).body, "Team Red, seat C.", "Your team plays ", "Still being played.")
		}
		page := org.get(fmt.Sprintf("%s/rounds/%d", d.path, round)).body
		if n := strings.Count(page, `data-testid="team-match"`); n != 2 {
			t.Fatalf("round %d page: %d team matches\n%s", round, n, excerpt(page))
		}
		mustContain(t, "round page", page, "1–3", "4–6", "Still being played.")
		d.reportTeamRound(round, round == 1)
		page = org.get(fmt.Sprintf("%s/rounds/%d", d.path, round)).body
		if n := strings.Count(page, " wins 2–1."); n != 2 {
			t.Fatalf("round %d page after the reports: %d team matches won 2–1\n%s", round, n, excerpt(page))
		}
	}

	// Red won every team match, Gold none.
	st := a.browser().get(d.path + "/standings").body
	mustContain(t, "public standings", st, `data-testid="team-standings"`, "Team standings", "3-0-0", "0-3-0")
	if strings.Index(st, ">Red<") > strings.Index(st, ">Gold<") {
		t.Errorf("Red is not above Gold:\n%s", excerpt(st))
	}
	var api []struct {
		Rank    int    `json:"rank"`
		Team    string `json:"team"`
		Points  int    `json:"points"`
		Players []struct{ Seat, Name string }
	}
	body := a.browser().get("/api/v1/events/" + itoa64(d.id) + "/teams").body
	if err := json.Unmarshal([]byte(body), &api); err != nil {
		t.Fatalf("api: %v\n%s", err, body)
	}
	if len(api) != 4 || api[0].Team != "Red" || api[0].Points != 9 || api[3].Team != "Gold" || len(api[0].Players) != 3 ||
		api[0].Players[0].Seat != "A" || api[0].Players[0].Name != "Ann" {
		t.Fatalf("api team standings:\n%s", body)
	}

	// The event file carries the teams and seats; the copy's team
	// standings are the same.
	data := pfExport(t, org, d.path)
	mustContain(t, "event file", string(data), `"team_event": true`, `"team_seat": "C"`)
	_, newID := pfImport(t, org, "team.json", data)
	back := a.browser().get("/api/v1/events/" + itoa64(newID) + "/teams").body
	teamMatches := func(data []byte) string {
		ext, _ := pfDecode(t, data)["tenkaichi"].(map[string]any)
		if teams, _ := ext["teams"].([]any); len(teams) != 4 {
			t.Fatalf("event file: %d teams", len(teams))
		}
		tm, _ := json.Marshal(ext["team_matches"])
		return string(tm)
	}
	first := teamMatches(data)
	if n := strings.Count(first, `"result":"p`); n != 6 {
		t.Fatalf("event file: %d decided team matches, want 6: %s", n, first)
	}
	if again := teamMatches(pfExport(t, org, "/events/"+itoa64(newID))); again != first {
		t.Fatalf("team matches after the round trip:\n%s\nwant\n%s", again, first)
	}
	ids := regexp.MustCompile(`"player":"\d+"`)
	if ids.ReplaceAllString(back, "") != ids.ReplaceAllString(body, "") {
		t.Fatalf("imported team standings differ:\n%s\nwant\n%s", back, body)
	}
}

// reportTeamRound has every seat's two players report from their phones:
// the stronger team wins seats A and B and loses seat C. With dispute, the
// first seat match's loser also claims the win; the judge queue gets the
// dispute and the organiser settles it.
func (d *dayEvent) reportTeamRound(n int, dispute bool) {
	d.t.Helper()
	var disputed *storage.Match
	for i, m := range d.roundMatches(n) {
		p1, p2 := d.nameOf(m.P1EntryID), d.nameOf(*m.P2EntryID)
		en1, _ := d.a.store.EntryByID(context.Background(), d.id, m.P1EntryID)
		strong := teamStrength[en1.Team] > teamStrength[teamOfEntry(d, *m.P2EntryID)]
		p1Wins := strong != (en1.TeamSeat == "C")
		for _, who := range []string{p1, p2} {
			word := "lost"
			if (who == p1) == p1Wins || dispute && i == 0 {
				word = "won"
			}
			form := url.Values{"match": {itoa64(m.ID)}, "result": {word}}
			expectRedirect(d.t, who+" reports", d.phone(who).post(d.links[who], d.links[who]+"/report", form), d.links[who])
		}
		if dispute && i == 0 {
			m := m
			disputed = &m
			if p1Wins {
				disputed.Result = "p1"
			} else {
				disputed.Result = "p2"
			}
		}
	}
	if disputed == nil {
		return
	}
	if m, _ := d.a.store.MatchByID(context.Background(), d.id, disputed.ID); m.Status != storage.MatchDisputed {
		d.t.Fatalf("both claimed the win: %s", m.Status)
	}
	mustContain(d.t, "judge queue", d.org.get(d.path+"/calls").body, "The players reported different results.")
	round := fmt.Sprintf("%s/rounds/%d", d.path, n)
	mustContain(d.t, "round page", d.org.get(round).body, "Still being played.")
	expectBackToRound(d.t, "judge's result", d.org.post(round, fmt.Sprintf("%s/matches/%d/result", d.path, disputed.ID),
		url.Values{"result": {disputed.Result}}), round)
}

func teamOfEntry(d *dayEvent, id int64) string {
	en, err := d.a.store.EntryByID(context.Background(), d.id, id)
	if err != nil {
		d.t.Fatal(err)
	}
	return en.Team
}

// A team's decks share no card number in Fusion World Standard: the second
// list holding one is not legal, and the phone names the card, its line and
// the teammate's seat.
func TestTeamDeckCopyLimitOnThePhone(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	importCards(t, a)
	org := a.organiser()
	d := newTeamEvent(t, a, org, 3, [4]string{"Red", "Ann", "Ben", "Cid"})
	list, err := os.ReadFile("../testdata/decklists/fs01-starter-son-goku.txt")
	if err != nil {
		t.Fatal(err)
	}
	send := func(who, text string) string {
		r := d.phone(who).post(d.links[who], d.links[who]+"/deck", url.Values{"deck": {text}})
		expectRedirect(t, who+"'s deck", r, d.links[who])
		return d.phone(who).get(d.links[who]).body
	}
	send("Ann", string(list))
	ben := send("Ben", "1 FB01-001\n4 FS01-03 Master Roshi\n")
	mustContain(t, "Ben's phone", ben, "Line 2:", "FS01-03 Master Roshi is also in the deck of seat A (Ann); a card may be in only one deck of the team")
	ctx := context.Background()
	if en, _ := a.store.EntryByID(ctx, d.id, d.ids["Ann"]); en.DeckStatus != storage.DeckLegal {
		t.Errorf("Ann's list, the first, is %s", en.DeckStatus)
	}
	if en, _ := a.store.EntryByID(ctx, d.id, d.ids["Ben"]); en.DeckStatus != storage.DeckIllegal || !strings.Contains(en.DeckProblems, "team-unique") {
		t.Errorf("Ben's list is %s: %s", en.DeckStatus, en.DeckProblems)
	}
}

// Players of a team event register from their phones with their team's
// name and their seat: the same name makes one team, a seat taken is
// refused with a sentence, and the desk's teams page lists the team.
func TestTeamRegisteredFromThePhones(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newTeamEvent(t, a, org, 3)
	form := d.a.browser().get(d.path + "/register").body
	mustContain(t, "registration form", form, `name="team_name"`, `name="team_seat"`)
	reg := func(name, team, seat string) response {
		b := d.a.browser()
		return b.post(d.path+"/register", d.path+"/register", url.Values{"player_name": {name}, "team_name": {team}, "team_seat": {seat}})
	}
	for _, p := range [][3]string{{"Ann", "Red  Ribbon", "A"}, {"Ben", "Red Ribbon", "B"}, {"Cid", "Red Ribbon", "C"}} {
		if r := reg(p[0], p[1], p[2]); r.status != http.StatusSeeOther {
			t.Fatalf("%s registers: %d\n%s", p[0], r.status, excerpt(r.body))
		}
	}
	r := reg("Dee", "Red Ribbon", "B")
	expectStatus(t, "seat taken", r, http.StatusConflict)
	mustContain(t, "seat taken", r.body, "Team Red Ribbon already has a player in seat B.")
	r = reg("Eve", "", "D")
	expectStatus(t, "no team, no seat", r, http.StatusUnprocessableEntity)
	mustContain(t, "no team, no seat", r.body, "Give the team a name of up to 60 characters.", "Choose your seat: A, B or C.")
	teams := org.get(d.path + "/teams").body
	mustContain(t, "teams page", teams, `data-testid="team-count">1 team.<`, "Red Ribbon", "Ann", "Ben", "Cid")
}
