package server_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/storage"
)

// A big event's player list is shown 200 players a page, with a search by
// name or member number (plain links and a GET form: no script), and a
// row's button comes back to the page and search it was on. A small
// event's list is whole, without them.
func TestPlayersPagedAndSearched(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	small := newDayEvent(t, a, org, "0", "Ann", "Ben")
	if page := org.get(small.path + "/players"); strings.Contains(page.body, `data-testid="player-search"`) || strings.Contains(page.body, `data-testid="player-pages"`) {
		t.Error("a two-player list has a search or pages")
	}

	d := newDayEvent(t, a, org, "0")
	ctx := context.Background()
	for i := 1; i <= 450; i++ {
		en := storage.Entry{EventID: d.id, PlayerName: fmt.Sprintf("Player %03d", i), MemberID: fmt.Sprintf("M%04d", 7000+i), TokenHash: fmt.Sprintf("h%d", i), EnteredRound: 1}
		if err := a.store.CreateEntry(ctx, storage.Actor{Name: "test"}, &en); err != nil {
			t.Fatal(err)
		}
	}
	first := org.get(d.path + "/players")
	expectStatus(t, "players", first, http.StatusOK)
	for _, want := range []string{`data-testid="player-search"`, "Player 001<", "Player 200<", "Page 1 of 3", `href="` + d.path + `/players?page=2"`} {
		if !strings.Contains(first.body, want) {
			t.Errorf("first page lacks %s", want)
		}
	}
	if strings.Contains(first.body, "Player 201<") {
		t.Error("the first page shows the 201st player")
	}
	last := org.get(d.path + "/players?page=3")
	if !strings.Contains(last.body, "Player 450<") || strings.Contains(last.body, "Player 400<") || !strings.Contains(last.body, "Page 3 of 3") {
		t.Errorf("third page:\n%s", excerpt(last.body))
	}
	found := org.get(d.path + "/players?q=" + url.QueryEscape("  m7123 "))
	if !strings.Contains(found.body, "Player 123<") || strings.Contains(found.body, "Player 124<") || !strings.Contains(found.body, "1 player matches “m7123”.") {
		t.Errorf("search by member number:\n%s", excerpt(found.body))
	}
	byName := org.get(d.path + "/players?q=player+12")
	if !strings.Contains(byName.body, "10 players match “player 12”.") || strings.Contains(byName.body, `data-testid="player-pages"`) {
		t.Errorf("search by name:\n%s", excerpt(byName.body))
	}
	// Checking in from a search comes back to it.
	r := org.post(d.path+"/players?q=m7123", fmt.Sprintf("%s/players/%d?q=m7123", d.path, entryID(t, a, d.id, "Player 123")), url.Values{"action": {"checkin"}, "version": {"1"}})
	expectRedirect(t, "check in from a search", r, d.path+"/players?q=m7123")
}

func entryID(t *testing.T, a *app, eventID int64, name string) int64 {
	t.Helper()
	es, err := a.store.Entries(context.Background(), eventID)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range es {
		if e.PlayerName == name {
			return e.ID
		}
	}
	t.Fatalf("no entry %s", name)
	return 0
}
