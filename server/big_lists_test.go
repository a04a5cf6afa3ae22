package server_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
)

// At 5,000 players the decks, a round's tables and the standings were
// megabytes each: a list longer than 200 rows is shown a page at a time
// with a search (plain links and a GET form, no script), and a row's
// button comes back to its search and page (issue 31, goal 1).
func TestBigEventListsPagedAndSearched(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "0")
	matchAt := seedBigRound(t, a, d, 450)

	t.Run("decks", func(t *testing.T) {
		first := org.get(d.path + "/decks")
		expectStatus(t, "decks", first, http.StatusOK)
		if n := strings.Count(first.body, `value="deck-checked"`); n != 200 || !strings.Contains(first.body, "Page 1 of 3") || !strings.Contains(first.body, `data-testid="player-search"`) {
			t.Errorf("first page: %d rows\n%s", n, excerpt(first.body))
		}
		found := org.get(d.path + "/decks?q=m7123")
		if !strings.Contains(found.body, "Player 123<") || strings.Count(found.body, `value="deck-checked"`) != 1 {
			t.Errorf("search by member number:\n%s", excerpt(found.body))
		}
		res := org.post(d.path+"/decks?q=m7123", fmt.Sprintf("%s/players/%d?q=m7123", d.path, entryID(t, a, d.id, "Player 123")), url.Values{"action": {"deck-checked"}, "version": {"1"}})
		expectRedirect(t, "deck checked from a search", res, d.path+"/decks?q=m7123")
	})

	t.Run("round", func(t *testing.T) {
		round := d.path + "/rounds/1"
		first := org.get(round)
		if !strings.Contains(first.body, "Page 1 of 2") || !strings.Contains(first.body, fmt.Sprintf(`id="match-%d"`, matchAt[200])) || strings.Contains(first.body, fmt.Sprintf(`id="match-%d"`, matchAt[201])) {
			t.Errorf("first page of 225 tables:\n%s", excerpt(first.body))
		}
		if !strings.Contains(first.body, "Not reported (225)") {
			t.Errorf("the filters count every table:\n%s", excerpt(first.body))
		}
		found := org.get(round + "?q=" + url.QueryEscape("Player 301"))
		if !strings.Contains(found.body, fmt.Sprintf(`id="match-%d"`, matchAt[151])) || strings.Count(found.body, `class="result-form"`) != 1 || !strings.Contains(found.body, "1 table matches “Player 301”.") {
			t.Errorf("search by name:\n%s", excerpt(found.body))
		}
		// Table 212, and table 106 where Player 212 plays.
		byTable := org.get(round + "?q=212")
		if !strings.Contains(byTable.body, fmt.Sprintf(`id="match-%d"`, matchAt[212])) || !strings.Contains(byTable.body, fmt.Sprintf(`id="match-%d"`, matchAt[106])) || strings.Count(byTable.body, `class="result-form"`) != 2 {
			t.Errorf("search by table:\n%s", excerpt(byTable.body))
		}
		// A result saved on the second page comes back to the next table,
		// on the page that holds it, with its result box focused.
		res := org.post(round+"?page=2", fmt.Sprintf("%s/matches/%d/result", d.path, matchAt[210]), url.Values{"result": {"p1"}, "page": {"2"}})
		want := fmt.Sprintf("%s?next=%d&page=2", round, matchAt[211])
		expectRedirect(t, "result on page 2", res, want)
		next := org.get(fmt.Sprintf("%s?next=%d", round, matchAt[211]))
		if !strings.Contains(next.body, "Page 2 of 2") || !strings.Contains(next.body, `aria-label="Result at table 211" autofocus`) {
			t.Errorf("the next table's page:\n%s", excerpt(next.body))
		}
	})

	t.Run("standings", func(t *testing.T) {
		first := org.get(d.path + "/standings")
		if n := strings.Count(first.body, `class="num rank"`); n != 200 || !strings.Contains(first.body, "Page 1 of 3") {
			t.Errorf("first page: %d lines\n%s", n, excerpt(first.body))
		}
		last := org.get(d.path + "/standings?page=3")
		if n := strings.Count(last.body, `class="num rank"`); n != 50 || !strings.Contains(last.body, `<td class="num rank">450</td>`) {
			t.Errorf("third page: %d lines\n%s", n, excerpt(last.body))
		}
		found := org.get(d.path + "/standings?q=player+123")
		if n := strings.Count(found.body, `class="num rank"`); n != 1 || !strings.Contains(found.body, "Player 123") {
			t.Errorf("search: %d lines\n%s", n, excerpt(found.body))
		}
		// A visitor's pages are shared, one per page.
		for _, page := range []int{1, 2, 3, 2} {
			p := a.browser().get(d.path + "/standings?page=" + strconv.Itoa(page))
			if !strings.Contains(p.body, fmt.Sprintf("Page %d of 3", page)) {
				t.Errorf("a visitor's page %d:\n%s", page, excerpt(p.body))
			}
		}
	})
}

// seedBigRound adds n players (Player 001…, member numbers M7001…) and
// publishes round 1 pairing them in order; it returns each table's match.
func seedBigRound(t *testing.T, a *app, d *dayEvent, n int) map[int]int64 {
	t.Helper()
	ctx := context.Background()
	actor := storage.Actor{Name: "test"}
	var ids []int64
	for i := 1; i <= n; i++ {
		en := storage.Entry{EventID: d.id, PlayerName: fmt.Sprintf("Player %03d", i), MemberID: fmt.Sprintf("M%04d", 7000+i), TokenHash: fmt.Sprintf("h%d", i), EnteredRound: 1}
		if err := a.store.CreateEntry(ctx, actor, &en); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, en.ID)
	}
	var nm []storage.NewMatch
	for i := 0; i+1 < len(ids); i += 2 {
		table, p2 := i/2+1, ids[i+1]
		nm = append(nm, storage.NewMatch{TableNo: &table, P1: ids[i], P2: &p2})
	}
	r, err := a.store.CreateRound(ctx, actor, d.id, 1, storage.KindSwiss, 35*time.Minute, nm)
	if err != nil {
		t.Fatal(err)
	}
	if err := a.store.PublishRound(ctx, actor, d.id, 1); err != nil {
		t.Fatal(err)
	}
	ms, err := a.store.Matches(ctx, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	matchAt := map[int]int64{}
	for _, m := range ms {
		matchAt[*m.TableNo] = m.ID
	}
	return matchAt
}
