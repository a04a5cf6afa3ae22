package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/judging"
)

// A judge picks tables at random from a seed the audit log keeps, or names
// one; finishing a check puts the time it took on the match's clock (round
// page and phones) and may give a penalty; the event file carries it all.
func TestDeckChecksPickFinishAndTravel(t *testing.T) {
	t.Parallel()
	a, clock := newClockedApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "0", "Ann", "Ben", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal")
	page := d.path + "/deckchecks"
	ctx := context.Background()

	mustContain(t, "before round 1", org.get(page).body, "No round is in play, so there is no table to check.")
	expectStatus(t, "pick without a round", org.post(page, page, url.Values{"count": {"1"}}), http.StatusConflict)
	d.pairAndPublish(1)
	mustContain(t, "round 1", org.get(page).body, "Round 1 is in play: 4 tables can be checked.")
	mustContain(t, "round page links it", org.get(d.path+"/rounds/1").body, `href="`+page+`"`)
	mustContain(t, "console links it", org.get(d.path+"/judge").body, `href="`+page+`"`)

	expectStatus(t, "no count", org.post(page, page, url.Values{"count": {"0"}}), http.StatusUnprocessableEntity)
	r := org.post(page, page, url.Values{"table": {"9"}})
	expectStatus(t, "table 9", r, http.StatusConflict)
	mustContain(t, "table 9", r.body, "Table 9 cannot be checked")

	expectRedirect(t, "pick 2", org.post(page, page, url.Values{"count": {"2"}}), page)
	checks, _ := judging.New(a.store).DeckChecksOldestFirst(ctx, d.id)
	if len(checks) != 2 || checks[0].Seed == "" || checks[0].Seed != checks[1].Seed {
		t.Fatalf("picked: %+v", checks)
	}
	// The pick follows from the seed and the tables it was made from, as
	// the audit log has them.
	log, _ := a.store.AuditLog(ctx, d.id, 50)
	i := slices.IndexFunc(log, func(e storage.AuditEntry) bool { return e.Action == "pick" && e.Entity == "deck-check" })
	if i < 0 {
		t.Fatal("the pick is not in the audit log")
	}
	var pick struct {
		Seed   string
		Tables []int
		Picked []int
	}
	json.Unmarshal([]byte(log[i].AfterJSON), &pick)
	if pick.Seed != checks[0].Seed || !slices.Equal(pick.Tables, []int{1, 2, 3, 4}) {
		t.Fatalf("audit: %s", log[i].AfterJSON)
	}
	picked := judging.PickTables(pick.Seed, pick.Tables, 2)
	if !slices.Equal(picked, pick.Picked) || tableOf(t, a, d.id, checks[0].MatchID) != picked[0] || tableOf(t, a, d.id, checks[1].MatchID) != picked[1] {
		t.Fatalf("pick %v from seed, audit %v", picked, pick.Picked)
	}
	mustContain(t, "list", org.get(page).body, checks[0].Seed, "The check is under way.", "Round 1 is in play: 2 tables can be checked.")
	r = org.post(page, page, url.Values{"table": {strconv.Itoa(picked[0])}})
	expectStatus(t, "checked already", r, http.StatusConflict)

	// Four minutes and ten seconds later: five minutes on the clock.
	clock.advance(t, 4*time.Minute+10*time.Second)
	finish := page + "/" + itoa64(checks[0].ID)
	expectStatus(t, "no outcome", org.post(page, finish, url.Values{}), http.StatusUnprocessableEntity)
	expectStatus(t, "penalty with ok", org.post(page, finish, url.Values{"outcome": {"ok"}, "player": {itoa64(d.ids["Ann"])},
		"kind": {"warning"}, "infraction": {"x"}}), http.StatusUnprocessableEntity)
	expectRedirect(t, "finish ok", org.post(page, finish, url.Values{"outcome": {"ok"}}), page)
	expectStatus(t, "finish twice", org.post(page, finish, url.Values{"outcome": {"ok"}}), http.StatusConflict)
	m, _ := a.store.MatchByID(ctx, d.id, checks[0].MatchID)
	if m.ExtensionSeconds != 300 {
		t.Fatalf("extension %d s, want 300", m.ExtensionSeconds)
	}
	mustContain(t, "list after", org.get(page).body, "The decks are in order.", "5 minutes were added to the match")
	mustContain(t, "round page", org.get(d.path+"/rounds/1?show=extended").body, "+5 min")
	phone := d.a.browser().get(d.links[d.nameOf(m.P1EntryID)])
	mustContain(t, "phone", phone.body, `data-extension-ms="300000"`)

	// A problem with a penalty for one of the match's players.
	m2, _ := a.store.MatchByID(ctx, d.id, checks[1].MatchID)
	finish = page + "/" + itoa64(checks[1].ID)
	expectStatus(t, "penalty for a stranger", org.post(page, finish, url.Values{"outcome": {"problem"}, "player": {itoa64(m.P1EntryID)},
		"kind": {"warning"}, "infraction": {"Decklist problem"}}), http.StatusUnprocessableEntity)
	expectRedirect(t, "finish problem", org.post(page, finish, url.Values{"outcome": {"problem"}, "player": {itoa64(m2.P1EntryID)},
		"kind": {"warning"}, "infraction": {"Decklist problem"}}), page)
	checks, _ = judging.New(a.store).DeckChecksOldestFirst(ctx, d.id)
	pens, _ := judging.New(a.store).Penalties(ctx, d.id)
	if len(pens) != 1 || checks[1].PenaltyID == nil || *checks[1].PenaltyID != pens[0].ID || *pens[0].MatchID != m2.ID || checks[1].Outcome != "problem" {
		t.Fatalf("penalty %+v, check %+v", pens, checks[1])
	}

	// The event file carries the checks, and an import brings them back.
	data := pfExport(t, org, d.path)
	ext := pfDecode(t, data)["tenkaichi"].(map[string]any)
	if got := ext["deck_checks"].([]any); len(got) != 2 || got[1].(map[string]any)["penalty"] != json.Number("1") {
		t.Fatalf("exported: %v", got)
	}
	_, newID := pfImport(t, org, "event.json", data)
	back, _ := judging.New(a.store).DeckChecksOldestFirst(ctx, newID)
	if len(back) != 2 || back[0].Seed != checks[0].Seed || back[1].PenaltyID == nil || back[0].ExtensionSeconds != 300 {
		t.Fatalf("imported: %+v", back)
	}
	ext["deck_checks"].([]any)[0].(map[string]any)["outcome"] = "maybe"
	file := pfDecode(t, data)
	file["tenkaichi"] = ext
	bad, _ := json.Marshal(file)
	r = pfUpload(t, org, "bad.json", bad)
	expectStatus(t, "bad outcome", r, http.StatusUnprocessableEntity)
	mustContain(t, "bad outcome", r.body, "Deck check 1 has the outcome")
}

func tableOf(t *testing.T, a *app, eventID, matchID int64) int {
	t.Helper()
	m, err := a.store.MatchByID(context.Background(), eventID, matchID)
	if err != nil || m.TableNo == nil {
		t.Fatalf("match %d: %v", matchID, err)
	}
	return *m.TableNo
}

// mustTableOf is the table number of a match.
func mustTableOf(t *testing.T, a *app, eventID, matchID int64) int {
	return tableOf(t, a, eventID, matchID)
}
