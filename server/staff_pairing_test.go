package server_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
)

// The round page links each table's pairing change instead of carrying a
// form with every player twice under every table (issue 31: 40 MB at 1,000
// players); the linked page has the form, and it changes the pairing.
func TestPairingChangeIsAPageOfItsOwn(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	names := []string{"Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"}
	d := newDayEvent(t, a, org, "0", names...)
	d.pairAndPublish(1)
	round := org.get(d.path + "/rounds/1")
	expectStatus(t, "round page", round, http.StatusOK)
	if n := strings.Count(round.body, `<select name="p1"`) + strings.Count(round.body, `name="p2"`); n != 0 {
		t.Fatalf("the round page carries %d player lists", n)
	}
	// Each table's options are its result's (five), not the event's players;
	// the page's language choice has its seven.
	if got, most := strings.Count(round.body, "<option"), 4*5+7; got > most {
		t.Errorf("the round page has %d options for 4 tables, want at most %d", got, most)
	}

	ctx := context.Background()
	r1, _ := a.store.RoundByNumber(ctx, d.id, 1)
	ms, _ := a.store.Matches(ctx, r1.ID)
	edit := fmt.Sprintf("%s/matches/%d/pairing", d.path, ms[0].ID)
	mustContain(t, "round page", round.body, `href="`+edit+`"`)
	form := org.get(edit)
	expectStatus(t, "pairing form", form, http.StatusOK)
	for _, name := range names {
		if strings.Count(form.body, ">"+name+"</option>") != 2 {
			t.Errorf("the pairing form does not offer %s for both seats", name)
		}
	}
	mustContain(t, "pairing form", form.body, `value="`+strconv.FormatInt(ms[0].P1EntryID, 10)+`" selected`, "Back to round 1")

	// Swap the second seats of tables 1 and 2 from the form's page.
	p2 := strconv.FormatInt(*ms[1].P2EntryID, 10)
	expectRedirect(t, "change table 1", org.post(edit, edit, url.Values{"p1": {strconv.FormatInt(ms[0].P1EntryID, 10)}, "p2": {p2}, "reason": {"same household"}}), d.path+"/rounds/1")
	other := fmt.Sprintf("%s/matches/%d/pairing", d.path, ms[1].ID)
	expectRedirect(t, "change table 2", org.post(other, other, url.Values{"p1": {strconv.FormatInt(ms[1].P1EntryID, 10)}, "p2": {strconv.FormatInt(*ms[0].P2EntryID, 10)}, "reason": {"same household"}}), d.path+"/rounds/1")
	m, _ := a.store.MatchByID(ctx, d.id, ms[0].ID)
	if m.P2EntryID == nil || strconv.FormatInt(*m.P2EntryID, 10) != p2 {
		t.Fatalf("table 1 after the change: %+v", m)
	}

	// Players reach neither the form nor the change.
	expectStatus(t, "a player's pairing form", a.browser().get(edit), http.StatusSeeOther)
}
