package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/storage"
)

// fiveTeams are teamsOfFour and Silver: an odd number, so a team has the
// bye each round.
var fiveTeams = append(append([][4]string{}, teamsOfFour...), [4]string{"Silver", "Max", "Ned", "Oli"})

// staffResults enters every pending seat result of round n at the desk,
// P1 winning.
func (d *dayEvent) staffResults(n int) {
	d.t.Helper()
	round := fmt.Sprintf("%s/rounds/%d", d.path, n)
	for _, m := range d.roundMatches(n) {
		if m.Status == storage.MatchConfirmed {
			continue
		}
		expectBackToRound(d.t, "result", d.org.post(round, fmt.Sprintf("%s/matches/%d/result", d.path, m.ID), url.Values{"result": {"p1"}}), round)
	}
}

// dropEntry drops a player at the desk.
func (d *dayEvent) dropEntry(name string) {
	d.t.Helper()
	en, err := d.a.store.EntryByID(context.Background(), d.id, d.ids[name])
	if err != nil {
		d.t.Fatal(err)
	}
	form := url.Values{"action": {"drop"}, "version": {fmt.Sprint(en.Version)}}
	if r := d.org.post(d.path+"/players", fmt.Sprintf("%s/players/%d", d.path, en.ID), form); r.status != http.StatusSeeOther {
		d.t.Fatalf("drop %s: %d\n%s", name, r.status, excerpt(r.body))
	}
}

// Issue 28, points 4 and 6: a team event's published rounds keep the teams'
// pairing record; the public standings and the API link the pairing file,
// which carries each player's team and seat, and tenkaichi verify holds it
// round by round (with a team bye each round); a file with two seat
// matches swapped fails, naming the round.
func TestTeamPairingsCanBeVerified(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newTeamEvent(t, a, org, 3, fiveTeams...)
	for n := 1; n <= 3; n++ {
		d.pairAndPublish(n)
		d.staffResults(n)
	}
	visitor := a.browser()
	mustContain(t, "public standings", visitor.get(d.path+"/standings").body, `data-testid="check-pairings"`, `href="`+d.path+`/pairings.json"`)
	var ev struct {
		PairingFile string `json:"pairing_file"`
	}
	if err := json.Unmarshal([]byte(visitor.get("/api/v1/events/"+itoa64(d.id)).body), &ev); err != nil || ev.PairingFile != d.path+"/pairings.json" {
		t.Fatalf("the API's event links %q (%v)", ev.PairingFile, err)
	}
	r := visitor.get(d.path + "/pairings.json")
	expectStatus(t, "pairing file", r, http.StatusOK)
	mustContain(t, "pairing file", r.body, `"team": "Silver"`, `"seat": "C"`)
	rep := verifyFile(t, "team pairing file", []byte(r.body))
	expectCertified(t, "team pairing file", rep, 3)
	var file struct {
		Rounds []struct {
			Pairing *struct {
				Standings []struct{ ID string } `json:"standings"`
			} `json:"pairing"`
		} `json:"rounds"`
	}
	if err := json.Unmarshal([]byte(r.body), &file); err != nil {
		t.Fatal(err)
	}
	for i, rd := range file.Rounds {
		if rd.Pairing == nil || len(rd.Pairing.Standings) != 5 {
			t.Fatalf("round %d's record is not the five teams': %+v", i+1, rd.Pairing)
		}
	}

	// Round 2's first two seat A players swapped between team matches.
	raw := pfDecode(t, []byte(r.body))
	ms := raw["rounds"].([]any)[1].(map[string]any)["matches"].([]any)
	m0, m3 := ms[0].(map[string]any), ms[3].(map[string]any)
	m0["p2"], m3["p2"] = m3["p2"], m0["p2"]
	tampered, _ := json.Marshal(raw)
	rep = verifyFile(t, "tampered team file", tampered)
	if rep.OK() || len(rep.Rounds[1].Problems) == 0 || len(rep.Rounds[0].Problems) > 0 {
		t.Errorf("tampered round 2: %+v", rep.Problems())
	}

	// The organiser's export verifies too.
	expectCertified(t, "team export", verifyFile(t, "team export", pfExport(t, org, d.path)), 3)
}

// Issue 28, point 6: a dropped teammate does not stop the team. The team is
// paired on; the dropped player's seat loses its game without playing,
// confirmed at pairing and said so on the round page, both phones and the
// standings. Dropping the whole team takes it out, as a dropped player.
// The pairing file still verifies.
func TestDroppedTeammateSeatLosesItsGame(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newTeamEvent(t, a, org, 3, teamsOfFour...)
	mustContain(t, "players page", org.get(d.path+"/players").body, `data-testid="team-drop-rule"`, "the team keeps playing")
	d.pairAndPublish(1)
	d.staffResults(1)
	d.dropEntry("Ben") // Red, seat B
	d.pairAndPublish(2)
	var ben *storage.Match
	for _, m := range d.roundMatches(2) {
		if m.P1EntryID == d.ids["Ben"] || m.P2EntryID != nil && *m.P2EntryID == d.ids["Ben"] {
			m := m
			ben = &m
		}
	}
	if ben == nil {
		t.Fatal("round 2: Red's seat B is not paired")
	}
	wantResult := "p2"
	opponent := *ben.P2EntryID
	if ben.P2EntryID != nil && *ben.P2EntryID == d.ids["Ben"] {
		wantResult, opponent = "p1", ben.P1EntryID
	}
	if ben.Result != wantResult || ben.Status != storage.MatchConfirmed {
		t.Fatalf("Ben's seat match: %s %s, want %s confirmed", ben.Result, ben.Status, wantResult)
	}
	round := org.get(d.path + "/rounds/2").body
	mustContain(t, "round page", round, "Not played: Ben&#39;s seat has no player left, so it loses this game.")
	other := d.nameOf(opponent)
	mustContain(t, "opponent's phone", d.phone(other).get(d.links[other]).body, `data-testid="seat-not-played"`, "Ben has dropped", "you win this game without playing")
	d.staffResults(2)
	mustContain(t, "standings", a.browser().get(d.path+"/standings").body, `data-testid="seats-not-played"`, "1 seat game lost unplayed")

	// Gold drops as a whole team: it is out of round 3.
	teams := org.post(d.path+"/teams", d.path+"/teams/drop", url.Values{"team": {"Gold"}})
	expectRedirect(t, "drop Gold", teams, d.path+"/teams")
	mustContain(t, "teams page", org.get(d.path+"/teams").body, "The team has dropped: it is no longer paired.", `data-testid="team-out"`)
	again := org.post(d.path+"/teams", d.path+"/teams/drop", url.Values{"team": {"Gold"}})
	expectStatus(t, "drop Gold again", again, http.StatusConflict)
	mustContain(t, "drop Gold again", again.body, "Team Gold has no player left to drop.")
	d.pairAndPublish(3)
	byes := 0
	for _, m := range d.roundMatches(3) {
		if teamOfEntry(d, m.P1EntryID) == "Gold" || m.P2EntryID != nil && teamOfEntry(d, *m.P2EntryID) == "Gold" {
			t.Errorf("round 3: dropped team Gold plays (match %d)", m.ID)
		}
		if m.P2EntryID == nil {
			byes++
		}
	}
	if byes != 3 {
		t.Errorf("round 3 of three teams: %d byes, want a team's three", byes)
	}
	d.staffResults(3)
	expectCertified(t, "pairing file with a vacant seat", verifyFile(t, "pairing file", []byte(a.browser().get(d.path+"/pairings.json").body)), 3)
}
