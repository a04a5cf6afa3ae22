package server_test

import (
	"context"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
)

// A name already registered is not added twice by mistake: the form says
// so and adds only when the organiser confirms.
func TestSameNameAskedBeforeAdding(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "0", "Ann Lee")
	players := d.path + "/players"
	r := org.post(players, players, url.Values{"player_name": {"  ann   LEE "}, "entered_round": {"1"}})
	expectStatus(t, "same name", r, http.StatusConflict)
	mustContain(t, "same name", r.body, "“ann LEE” is already registered. Is this the same player? Nothing was added.", `data-testid="add-anyway"`)
	es, _ := a.store.Entries(context.Background(), d.id)
	if len(es) != 1 {
		t.Fatalf("%d entries after the warning", len(es))
	}
	r = org.post(players, players, url.Values{"player_name": {"Ann Lee"}, "entered_round": {"1"}, "same_name_ok": {"1"}})
	if r.status != http.StatusSeeOther || !strings.Contains(r.location, "/players?added=") {
		t.Fatalf("add anyway: %d %s", r.status, r.location)
	}
	page := org.get(r.location)
	mustContain(t, "players page after adding", page.body, "Ann Lee is registered.", `data-testid="added-player-link"`, "autofocus")
	if es, _ := a.store.Entries(context.Background(), d.id); len(es) != 2 {
		t.Fatalf("%d entries after confirming", len(es))
	}
}

// An entry made by mistake is deleted (audited) until the player has a
// match; after that the page says to drop the player and the store refuses.
func TestDeleteEntryMadeByMistake(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "0", "Ann", "Ben", "Cat", "Dup")
	ctx := context.Background()
	dup := d.path + "/players/" + strconv.FormatInt(d.ids["Dup"], 10)
	mustContain(t, "detail page", org.get(dup).body, `data-testid="delete-entry"`)
	// Judges may not delete.
	judge := a.signedIn("jules", "judge")
	if r := judge.post("/account", dup+"/delete", nil); r.status != http.StatusForbidden {
		t.Fatalf("judge deletes: %d", r.status)
	}
	expectRedirect(t, "delete", org.post(dup, dup+"/delete", url.Values{"reason": {"Registered twice"}}), d.path+"/players")
	if _, err := a.store.EntryByID(ctx, d.id, d.ids["Dup"]); err == nil {
		t.Fatal("the entry is still there")
	}
	page := org.get(d.path + "/players")
	mustContain(t, "players page", page.body, "3 registered")
	if strings.Contains(page.body, ">Dup<") {
		t.Fatal("the deleted entry is still listed")
	}
	log, _ := a.store.AuditLog(ctx, d.id, 20)
	found := false
	for _, row := range log {
		if row.Entity == "entry" && row.Action == "delete" && strings.Contains(row.BeforeJSON, "Registered twice") && strings.Contains(row.BeforeJSON, "Dup") {
			found = true
		}
	}
	if !found {
		t.Fatal("no audit row for the deletion")
	}
	// Once paired (a preview is enough), an entry stays.
	expectRedirect(t, "pair", org.post(d.path+"/rounds", d.path+"/rounds", url.Values{"decks_ok": {"1"}}), d.path+"/rounds/1")
	ann := d.path + "/players/" + strconv.FormatInt(d.ids["Ann"], 10)
	page = org.get(ann)
	if strings.Contains(page.body, `data-testid="delete-entry"`) || !strings.Contains(page.body, "Drop the player instead") {
		t.Fatalf("a paired player offers deletion:\n%s", excerpt(page.body))
	}
	r := org.post(ann, ann+"/delete", nil)
	expectStatus(t, "delete a paired player", r, http.StatusConflict)
	mustContain(t, "delete a paired player", r.body, "Drop the player instead")
	if _, err := a.store.EntryByID(ctx, d.id, d.ids["Ann"]); err != nil {
		t.Fatalf("a paired entry was deleted: %v", err)
	}
}

// Pairing round 1 with decklists missing or not legal names the players
// and needs "Pair anyway"; later rounds do not ask again.
func TestPairRoundOneWarnsAboutDecklists(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	importCards(t, a)
	d := newDayEvent(t, a, org, "0", "Ann", "Ben", "Cat", "Dan")
	deck := string(fixture(t, "decklists/fs01-starter-son-goku.txt"))
	for _, n := range []string{"Ann", "Ben"} {
		expectRedirect(t, "deck", d.phone(n).post(d.links[n], d.links[n]+"/deck", url.Values{"deck": {deck}}), d.links[n])
	}
	expectRedirect(t, "bad deck", d.phone("Cat").post(d.links["Cat"], d.links["Cat"]+"/deck", url.Values{"deck": {deck + "4 FB01-056\n"}}), d.links["Cat"])
	rounds := d.path + "/rounds"
	page := org.get(rounds)
	mustContain(t, "rounds page", page.body, "1 player has no decklist: Dan", "1 player&#39;s decklist is not legal: Cat", `data-testid="pair-anyway"`, "Pair round 1 anyway")
	r := org.post(rounds, rounds, nil)
	expectStatus(t, "pair without confirming", r, http.StatusConflict)
	mustContain(t, "pair without confirming", r.body, "Some players have no legal decklist yet", "no decklist: Dan")
	if rs, _ := a.store.Rounds(context.Background(), d.id); len(rs) != 0 {
		t.Fatalf("paired without confirming: %d rounds", len(rs))
	}
	expectRedirect(t, "pair anyway", org.post(rounds, rounds, url.Values{"decks_ok": {"1"}}), rounds+"/1")
}

// Issue 30, point 7: an event that collects no decklists (no deadline, no
// lock, nobody has sent one) pairs round 1 without asking "Pair anyway";
// once the organiser sets a deadline, the same event asks.
func TestRoundOneAsksAboutDecklistsOnlyWhereTheEventCollectsThem(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	ctx := context.Background()
	org := a.organiser()
	casual := newDayEvent(t, a, org, "0", "Ann", "Ben")
	listed := newDayEvent(t, a, org, "0", "Cat", "Dan")
	ev, _ := a.store.EventByID(ctx, listed.id)
	deadline := ev.StartsOn.AddDate(0, 0, 1)
	ev.DeckDeadline = &deadline
	if err := a.store.UpdateEvent(ctx, storage.Actor{Name: "t"}, ev); err != nil {
		t.Fatal(err)
	}

	rounds := casual.path + "/rounds"
	if page := org.get(rounds); strings.Contains(page.body, `data-testid="pair-anyway"`) || strings.Contains(page.body, "no decklist") {
		t.Fatalf("an event without decklists asks about them:\n%s", excerpt(page.body))
	}
	expectRedirect(t, "pair an event without decklists", org.post(rounds, rounds, nil), rounds+"/1")

	rounds = listed.path + "/rounds"
	mustContain(t, "event with a deadline", org.get(rounds).body, "2 players have no decklist: Cat · Dan", `data-testid="pair-anyway"`)
	expectStatus(t, "pair without confirming", org.post(rounds, rounds, nil), http.StatusConflict)
}
