package server_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/pairing"
	"github.com/tenkaichi-org/tenkaichi/server/readmodel"
)

// pairingFileOf is the event's public pairing file.
func pairingFileOf(t *testing.T, d *dayEvent) []byte {
	t.Helper()
	r := d.a.browser().get(d.path + "/pairings.json")
	expectStatus(t, "pairing file", r, http.StatusOK)
	return []byte(r.body)
}

// playerOf is the pairing file's player id, raw, of name.
func playerOf(t *testing.T, raw map[string]any, name string) map[string]any {
	t.Helper()
	for _, p := range raw["players"].([]any) {
		if pl := p.(map[string]any); pl["name"] == name {
			return pl
		}
	}
	t.Fatalf("the pairing file has no player %s", name)
	return nil
}

// firstProblem fails unless round 1 of rep fails with key first, about
// player id.
func firstProblem(t *testing.T, what string, rep *pairing.VerifyReport, key, id, text string) {
	t.Helper()
	if rep.OK() || len(rep.Rounds) == 0 || len(rep.Rounds[0].Problems) == 0 {
		t.Fatalf("%s: round 1 holds: %+v", what, rep.Problems())
	}
	p := rep.Rounds[0].Problems[0]
	if p.Key != key || p.Round != 1 || len(p.Args) == 0 || p.Args[0] != id || !strings.Contains(p.Msg, text) {
		t.Errorf("%s: round 1's first problem is %+v, want %s about %s saying %q", what, p, key, id, text)
	}
}

// A player dropped at the desk before round 1 is never paired, and the
// pairing file says so ("dropped_after_round": 0): verify holds it, and
// fails round 1 of a copy that pairs them, naming them. Imported on another
// server, the file keeps the drop before round 1.
func TestDropBeforeRound1IsVerified(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "0", "Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus")
	d.dropEntry("Gus")
	for n := 1; n <= 2; n++ {
		d.pairAndPublish(n)
		d.reportByPhones(n, false, firstNamed)
	}
	gus := readmodel.PlayerID(d.ids["Gus"])
	for n := 1; n <= 2; n++ {
		for _, m := range d.roundMatches(n) {
			if m.P1EntryID == d.ids["Gus"] || m.P2EntryID != nil && *m.P2EntryID == d.ids["Gus"] {
				t.Fatalf("round %d pairs Gus, who dropped before round 1", n)
			}
		}
	}
	file := pairingFileOf(t, d)
	raw := pfDecode(t, file)
	if pl := playerOf(t, raw, "Gus"); pl["dropped"] != true || pl["dropped_after_round"] != json.Number("0") {
		t.Fatalf("the pairing file's Gus: %v, want dropped after round 0", pl)
	}
	expectCertified(t, "pairing file", verifyFile(t, "pairing file", file), 2)

	// Round 1 with Gus in Ann's place.
	m0 := raw["rounds"].([]any)[0].(map[string]any)["matches"].([]any)[0].(map[string]any)
	m0["p1"] = gus
	tampered, _ := json.Marshal(raw)
	firstProblem(t, "Gus paired in round 1", verifyFile(t, "tampered file", tampered), "dropped-before-plays", gus,
		gus+" plays in this round but dropped before round 1")

	// The pairing file imported elsewhere keeps Gus's drop before round 1.
	other := newApp(t)
	otherOrg := other.organiser()
	path, _ := pfImport(t, otherOrg, "pairings.json", file)
	again := pfDecode(t, pfExport(t, otherOrg, path))
	if pl := playerOf(t, again, "Gus"); pl["dropped_after_round"] != json.Number("0") {
		t.Errorf("the imported copy's Gus: %v, want dropped after round 0", pl)
	}
}

// A teammate dropped before round 1 holds a vacant seat from round 1 on,
// which loses its game; the pairing file verifies, and a copy in which the
// seat won fails round 1, naming the player and the seat.
func TestTeamSeatDroppedBeforeRound1IsVerified(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newTeamEvent(t, a, org, 2, teamsOfFour...)
	d.dropEntry("Ben") // Red, seat B
	for n := 1; n <= 2; n++ {
		d.pairAndPublish(n)
		d.staffResults(n)
	}
	file := pairingFileOf(t, d)
	expectCertified(t, "team pairing file", verifyFile(t, "team pairing file", file), 2)

	ben := readmodel.PlayerID(d.ids["Ben"])
	raw := pfDecode(t, file)
	flipped := ""
	for _, m := range raw["rounds"].([]any)[0].(map[string]any)["matches"].([]any) {
		m := m.(map[string]any)
		switch ben {
		case m["p1"]:
			if m["result"] != "p2" {
				t.Fatalf("round 1: Ben's vacant seat has %v, want the loss p2", m["result"])
			}
			flipped = "p1"
		case m["p2"]:
			if m["result"] != "p1" {
				t.Fatalf("round 1: Ben's vacant seat has %v, want the loss p1", m["result"])
			}
			flipped = "p2"
		default:
			continue
		}
		m["result"] = flipped
	}
	if flipped == "" {
		t.Fatal("round 1: Ben's vacant seat is not paired")
	}
	tampered, _ := json.Marshal(raw)
	firstProblem(t, "Ben's vacant seat won", verifyFile(t, "tampered team file", tampered), "team-vacant-before", ben,
		"seat B of Red had no player left ("+ben+" had dropped before round 1), so its game is lost; the file has the result "+flipped)
}
