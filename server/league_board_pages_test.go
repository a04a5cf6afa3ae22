package server_test

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
	"github.com/tenkaichi-org/tenkaichi/storage/eventfile"
)

// importCrowd stores a finished event of n players ("Player 001"…) over
// one round, the first of each pair winning.
func importCrowd(t *testing.T, a *app, store int64, n int) {
	t.Helper()
	d, _ := time.Parse(time.DateOnly, "2027-01-09")
	in := &eventfile.EventImport{Event: storage.Event{Name: "Crowd Cup", Game: "fusion-world", Format: "fw-standard", StartsOn: d, RoundMinutes: 35,
		TopCutBestOf: 3, Seed: 7, Status: storage.StatusFinished, StoreID: store, PointsWin: 3, PointsDraw: 1, PointsBye: 3}}
	r := eventfile.ImportedRound{Round: storage.Round{Number: 1, Kind: storage.KindSwiss, Status: storage.RoundFinished, LengthSeconds: 2100}}
	for i := 1; i <= n; i++ {
		key := fmt.Sprintf("p%03d", i)
		in.Entries = append(in.Entries, eventfile.ImportedEntry{Key: key, Entry: storage.Entry{PlayerName: fmt.Sprintf("Player %03d", i), MemberID: "C" + key}})
		if i%2 == 0 {
			r.Matches = append(r.Matches, eventfile.ImportedMatch{P1: fmt.Sprintf("p%03d", i-1), P2: key,
				Match: storage.Match{Result: storage.ResultP1, Status: storage.MatchConfirmed}})
		}
	}
	in.Rounds = append(in.Rounds, r)
	k := 0
	if _, err := eventfile.New(a.store).ImportEvent(context.Background(), storage.Actor{Name: "test"}, in, func(int64, int) string {
		k++
		return fmt.Sprintf("crowd-%d", k)
	}); err != nil {
		t.Fatal(err)
	}
}

// A leaderboard of 150 players is shown 100 rows a page, with links to
// the next and previous pages; a search by name lists the players whose
// name has it; ?player= opens the page with that player's row, marked.
func TestLeaderboardPagesAndSearch(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	first, err := accounts.New(a.store).FirstShop(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	importCrowd(t, a, first.ID, 150)
	f := &seasonFixture{a: a, org: org, store: first.ID}
	board := "/seasons/" + strconv.FormatInt(f.createSeason(t, seasonForm()), 10)
	visitor := a.browser()

	page1 := visitor.get(board)
	expectStatus(t, "page 1", page1, http.StatusOK)
	if n := len(boardLines(t, page1.body)); n != 100 {
		t.Errorf("page 1 has %d rows, want 100", n)
	}
	if !strings.Contains(page1.body, "Page 1 of 2") || !strings.Contains(page1.body, `href="`+board+`?page=2" rel="next"`) {
		t.Errorf("page 1 does not lead to page 2:\n%s", excerpt(page1.body))
	}
	page2 := visitor.get(board + "?page=2")
	if lines := boardLines(t, page2.body); len(lines) != 50 || !strings.Contains(page2.body, `href="`+board+`" rel="prev"`) {
		t.Errorf("page 2: %d rows", len(lines))
	}
	found := visitor.get(board + "?q=player+12")
	lines := boardLines(t, found.body)
	if len(lines) != 10 {
		t.Errorf("search for “player 12”: %d rows, want Player 120 to 129", len(lines))
	}
	for _, l := range lines {
		if !strings.HasPrefix(l.name, "Player 12") {
			t.Errorf("search for “player 12” lists %s", l.name)
		}
	}
	if none := visitor.get(board + "?q=Vegeta"); !strings.Contains(none.body, "No player on this leaderboard has “Vegeta” in their name.") {
		t.Errorf("a search without a match:\n%s", excerpt(none.body))
	}
	// The first player of page 2, asked for: page 2, the row marked.
	number := strings.TrimPrefix(boardLines(t, page2.body)[0].name, "Player ")
	last, err := a.store.PlayerByMemberID(context.Background(), "Cp"+number)
	if err != nil {
		t.Fatal(err)
	}
	id := strconv.FormatInt(last.ID, 10)
	mine := visitor.get(board + "?player=" + id)
	if !strings.Contains(mine.body, "Page 2 of 2") || !strings.Contains(mine.body, `class="highlight" id="player-`+id+`"`) {
		t.Errorf("the page with Player %s's row:\n%s", number, excerpt(mine.body))
	}
}
