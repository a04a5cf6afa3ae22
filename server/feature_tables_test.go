package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
)

// matchAtTable is the match of round n seated at table t (nil for none).
func (d *dayEvent) matchAtTable(n, t int) *storage.Match {
	for _, m := range d.roundMatches(n) {
		if m.TableNo != nil && *m.TableNo == t {
			return &m
		}
	}
	return nil
}

// Issue 28, point 3: the event's feature tables take each Swiss round's
// top pairings, best first, after pairing (who plays whom is the optimal
// pairing; only tables move), and the round page, the pairing page and
// the players' phones say so; an organiser puts a chosen match there from
// its table's page. The setting is checked field by field and travels in
// the event file.
func TestFeatureTablesSeatTheTopPairings(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "0", "Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")
	ctx := context.Background()
	ev, _ := a.store.EventByID(ctx, d.id)
	ev.FeatureTables = "3"
	if err := a.store.UpdateEvent(ctx, storage.Actor{Name: "test"}, ev); err != nil {
		t.Fatal(err)
	}
	d.pairAndPublish(1)
	d.reportByPhones(1, false, firstNamed)

	// After round 1 the leader's pairing is round 2's best: it sits at
	// feature table 3, and the tables are still 1 to 4.
	var standings []struct {
		Rank int    `json:"rank"`
		Name string `json:"name"`
	}
	r := a.browser().get(fmt.Sprintf("/api/v1/events/%d/standings", d.id))
	if err := json.Unmarshal([]byte(r.body), &standings); err != nil || len(standings) == 0 {
		t.Fatalf("standings: %v\n%s", err, excerpt(r.body))
	}
	d.pairAndPublish(2)
	feature := d.matchAtTable(2, 3)
	if feature == nil {
		t.Fatal("nobody sits at feature table 3")
	}
	if leader := d.ids[standings[0].Name]; feature.P1EntryID != leader && *feature.P2EntryID != leader {
		t.Errorf("table 3 holds %s v %s, not the leader %s", d.nameOf(feature.P1EntryID), d.nameOf(*feature.P2EntryID), standings[0].Name)
	}
	for tbl := 1; tbl <= 4; tbl++ {
		if d.matchAtTable(2, tbl) == nil {
			t.Errorf("round 2 has no table %d", tbl)
		}
	}

	// Seats are not the pairing: the rounds still verify.
	expectCertified(t, "pairing file with a feature table", verifyFile(t, "pairing file", []byte(a.browser().get(d.path+"/pairings.json").body)), 2)

	round := org.get(d.path + "/rounds/2")
	mustContain(t, "round page", round.body, `data-testid="feature-tables-note"`, "Feature tables: 3.", `data-testid="feature-table"`)
	if n := strings.Count(round.body, `data-testid="feature-table"`); n != 1 {
		t.Errorf("%d tables tagged feature, want 1", n)
	}
	name := d.nameOf(feature.P1EntryID)
	mustContain(t, "phone at the feature table", d.phone(name).get(d.links[name]).body, `data-testid="feature-table-note"`,
		"This is a feature table")
	other := d.matchAtTable(2, 1)
	otherName := d.nameOf(other.P1EntryID)
	if strings.Contains(d.phone(otherName).get(d.links[otherName]).body, "feature-table-note") {
		t.Error("a phone at table 1 says it is a feature table")
	}

	// The organiser moves table 1's match to the feature table: the two
	// matches swap tables, players unchanged.
	pairingPage := fmt.Sprintf("%s/matches/%d/pairing", d.path, other.ID)
	page := org.get(pairingPage)
	mustContain(t, "table 1's pairing page", page.body, `data-testid="move-to-feature"`, "Move to table 3")
	move := fmt.Sprintf("%s/matches/%d/feature", d.path, other.ID)
	expectStatus(t, "move to a table that is no feature table", org.post(pairingPage, move, url.Values{"table": {"2"}}), http.StatusUnprocessableEntity)
	expectRedirect(t, "move to table 3", org.post(pairingPage, move, url.Values{"table": {"3"}}), d.path+"/rounds/2")
	if m := d.matchAtTable(2, 3); m == nil || m.ID != other.ID || m.P1EntryID != other.P1EntryID {
		t.Errorf("table 3 after the move: %+v, want match %d", m, other.ID)
	}
	if m := d.matchAtTable(2, 1); m == nil || m.ID != feature.ID {
		t.Errorf("table 1 after the move: %+v, want match %d", m, feature.ID)
	}
	// A judge of the event may not move tables (an organiser's change).
	jay := a.signedIn("jay", storage.RoleJudge)
	judge, _ := accounts.New(a.store).UserByUsername(ctx, "jay")
	if err := a.store.AddEventJudge(ctx, storage.Actor{Name: "test"}, d.id, judge.ID); err != nil {
		t.Fatal(err)
	}
	expectStatus(t, "a judge's move", jay.post(d.path+"/rounds/2", move, url.Values{"table": {"1"}}), http.StatusForbidden)
	if m := d.matchAtTable(2, 3); m == nil || m.ID != other.ID {
		t.Error("a judge moved a match")
	}

	// The event form checks the field; the event file carries it.
	for _, bad := range []string{"0", "3, 3", "x", "1,2,3,4,5,6,7,8,9", "5001"} {
		f := eventForm("Bad Cup")
		f.Set("feature_tables", bad)
		r := org.post("/events/new", "/events", f)
		expectStatus(t, "feature tables "+bad, r, http.StatusUnprocessableEntity)
		mustContain(t, "feature tables "+bad, r.body, `id="feature_tables-error"`, "separated by commas, each once and at most 8.")
	}
	f := eventForm("Stream Cup")
	f.Set("feature_tables", " 7 , 2")
	saved, _ := a.store.EventByID(ctx, createEventWith(t, org, f))
	if saved.FeatureTables != "7,2" {
		t.Errorf("feature tables saved as %q", saved.FeatureTables)
	}
	export := pfExport(t, org, d.path)
	if !strings.Contains(string(export), `"feature_tables": "3"`) {
		t.Fatal("the export lacks the feature tables")
	}
	_, id := pfImport(t, org, "copy.json", export)
	if copied, _ := a.store.EventByID(ctx, id); copied.FeatureTables != "3" {
		t.Errorf("the imported copy's feature tables: %q", copied.FeatureTables)
	}
	bad := strings.Replace(string(export), `"feature_tables": "3"`, `"feature_tables": "3,3"`, 1)
	r = pfUpload(t, org, "bad.json", []byte(bad))
	expectStatus(t, "import with bad feature tables", r, http.StatusUnprocessableEntity)
	mustContain(t, "import with bad feature tables", r.body, "The event&#39;s feature tables must be table numbers")
}
