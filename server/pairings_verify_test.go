package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/pairing"
	"github.com/tenkaichi-org/tenkaichi/storage"
)

// verifyFile checks an event file as `tenkaichi verify` does.
func verifyFile(t *testing.T, what string, data []byte) *pairing.VerifyReport {
	t.Helper()
	ev, err := pairing.ParseEvent(data)
	if err != nil {
		t.Fatalf("%s does not read as an event file: %v\n%s", what, err, excerpt(string(data)))
	}
	rep, err := pairing.Verify(context.Background(), ev, pairing.VerifyOptions{})
	if err != nil {
		t.Fatalf("verify %s: %v", what, err)
	}
	return rep
}

// expectCertified fails unless every Swiss round of the report holds with
// its certificate.
func expectCertified(t *testing.T, what string, rep *pairing.VerifyReport, rounds int) {
	t.Helper()
	if len(rep.Rounds) != rounds {
		t.Fatalf("%s: %d rounds checked, want %d", what, len(rep.Rounds), rounds)
	}
	for _, rc := range rep.Rounds {
		if len(rc.Problems) > 0 || !rc.Certified {
			t.Errorf("%s, round %d: certified %v, problems %+v", what, rc.Number, rc.Certified, rc.Problems)
		}
	}
}

// Issue 28, point 4: every round the server pairs keeps its pairing record
// (what it was computed from and its optimality certificate); anyone who
// can see the standings downloads the published rounds as an event file
// and checks them with tenkaichi verify. The file holds nothing private and
// no round in preview; a tampered file fails, naming its round; the export
// carries the records, and a copy imported on another server exports them
// again under its own player ids, still certified.
func TestPublishedPairingsCanBeVerifiedByAnyone(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "0", "Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus")
	for n := 1; n <= 3; n++ {
		d.pairAndPublish(n)
		d.reportByPhones(n, false, firstNamed)
	}
	// Round 4 is paired but still a preview: not in the public file.
	expectRedirect(t, "pair round 4", org.post(d.path+"/rounds", d.path+"/rounds", nil), d.path+"/rounds/4")

	visitor := a.browser()
	standings := visitor.get(d.path + "/standings")
	mustContain(t, "public standings", standings.body, `data-testid="check-pairings"`, `href="`+d.path+`/pairings.json"`,
		"tenkaichi verify --in FILE", "Download the pairing file")
	r := visitor.get(d.path + "/pairings.json")
	expectStatus(t, "pairing file", r, http.StatusOK)
	for _, private := range []string{"decklist", "member", "penalt", "note", "tenkaichi\":"} {
		if strings.Contains(strings.ToLower(r.body), private) {
			t.Errorf("the public pairing file carries %q", private)
		}
	}
	expectCertified(t, "public pairing file", verifyFile(t, "public pairing file", []byte(r.body)), 3)
	var file struct {
		Rounds []struct {
			Pairing *pairing.RoundRecord `json:"pairing"`
			Matches []map[string]any     `json:"matches"`
		} `json:"rounds"`
	}
	if err := json.Unmarshal([]byte(r.body), &file); err != nil {
		t.Fatal(err)
	}
	for i, rd := range file.Rounds {
		if rd.Pairing == nil || rd.Pairing.Algorithm != pairing.AlgorithmVersion || len(rd.Pairing.Standings) != 7 {
			t.Fatalf("round %d's record: %+v", i+1, rd.Pairing)
		}
	}

	// A file whose round 2 had two players swapped between tables fails.
	raw := pfDecode(t, []byte(r.body)) // numbers kept exact: the seed and keys are 64-bit
	ms := raw["rounds"].([]any)[1].(map[string]any)["matches"].([]any)
	m0, m1 := ms[0].(map[string]any), ms[1].(map[string]any)
	m0["p2"], m1["p2"] = m1["p2"], m0["p2"]
	tampered, _ := json.Marshal(raw)
	rep := verifyFile(t, "tampered file", tampered)
	if len(rep.Rounds[1].Problems) == 0 {
		t.Error("a file with round 2 changed verifies")
	}
	if len(rep.Rounds[0].Problems) > 0 {
		t.Errorf("round 1 of the tampered file: %+v", rep.Rounds[0].Problems)
	}

	// The organiser's export carries the records too; imported on another
	// server (new player ids), its export still verifies with them.
	export := pfExport(t, org, d.path)
	if !bytes.Contains(export, []byte(`"certificate"`)) {
		t.Fatal("the export has no pairing records")
	}
	other := newApp(t)
	otherOrg := other.organiser()
	newDayEvent(t, other, otherOrg, "0", "Xia", "Yan", "Zed") // so the copy's players get other ids
	path, _ := pfImport(t, otherOrg, "event.json", export)
	again := pfExport(t, otherOrg, path)
	rep = verifyFile(t, "export of the imported copy", again)
	// Round 4 (a preview in the export) is checked from the seed alone.
	expectCertified(t, "export of the imported copy", &pairing.VerifyReport{Rounds: rep.Rounds[:3]}, 3)

	// A draft event's file is as hidden as its pages.
	ctx := context.Background()
	draft, _ := a.store.EventByID(ctx, createEvent(t, org, "Hidden Cup"))
	draft.Status = storage.StatusDraft
	if err := a.store.UpdateEvent(ctx, storage.Actor{Name: "test"}, draft); err != nil {
		t.Fatal(err)
	}
	expectStatus(t, "draft's pairing file", visitor.get("/events/"+itoa64(draft.ID)+"/pairings.json"), http.StatusNotFound)
}
