package server

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/judging"
	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
)

// Two instances share one database; each keeps its own read models of the
// event. Whatever one instance (here: its store) changes, the other shows on
// the very next request: a result, a re-pair, a drop, a clock change, an
// announcement. On PostgreSQL this is two servers as a cluster runs them; on
// SQLite two servers on one file.
func TestPagesFreshAcrossInstances(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cfg := storagetest.Config(t)
	writer, err := storage.Open(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { writer.Close() })
	if _, err := writer.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	ev, tokens, matchOf, _ := seedLoadEvent(t, writer, 6)

	readerStore, err := storage.Open(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { readerStore.Close() })
	reader := httptest.NewServer(New(Config{Store: readerStore}).Handler())
	t.Cleanup(reader.Close)

	get := func(path string) string {
		t.Helper()
		res, err := http.Get(reader.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %d\n%s", path, res.StatusCode, b)
		}
		return string(b)
	}
	event := "/events/" + strconv.FormatInt(ev.ID, 10)
	player := func(i int) string { return get("/p/" + tokens[i]) }
	shows := func(page, want, after string) {
		t.Helper()
		if !strings.Contains(page, want) {
			t.Errorf("after %s, the other instance does not show %q", after, want)
		}
	}
	// Every page is read once first, so the other instance holds read models.
	warm := func() { player(0); player(1); player(2); get(event + "/standings"); get(event + "/projector") }
	org := storage.Actor{Name: "other instance"}
	entries, err := writer.Entries(ctx, ev.ID)
	if err != nil {
		t.Fatal(err)
	}

	warm()
	for i, res := range []string{storage.ResultP1, storage.ResultP1} {
		if _, _, err := writer.ReportResult(ctx, ev.ID, matchOf[0], entries[i].ID, storage.ResultInput{Result: res, P1Wins: 1}); err != nil {
			t.Fatal(err)
		}
	}
	shows(player(0), `data-testid="final-result">You won`, "a confirmed result")
	shows(get(event+"/standings"), "Player 0001", "a confirmed result")

	warm()
	// Re-pair table 2 (players 3 and 4) as player 3 against player 6.
	p2 := entries[5].ID
	if err := writer.EditPairing(ctx, org, ev.ID, matchOf[2], entries[2].ID, &p2, "seat mix-up"); err != nil {
		t.Fatal(err)
	}
	shows(player(2), `data-testid="my-opponent">Player 0006`, "a re-pair")

	warm()
	if err := writer.DropEntry(ctx, org, ev.ID, entries[1].ID, 1); err != nil {
		t.Fatal(err)
	}
	shows(player(1), "You have dropped from this event", "a drop")

	warm()
	if _, err := writer.ChangeClock(ctx, org, ev.ID, 1, storage.ClockPause, 0); err != nil {
		t.Fatal(err)
	}
	shows(player(2), `data-state="paused"`, "pausing the clock")
	shows(get(event+"/projector"), `data-state="paused"`, "pausing the clock")

	warm()
	if _, err := writer.PostAnnouncement(ctx, org, ev.ID, "Round 2 starts at 14:10"); err != nil {
		t.Fatal(err)
	}
	shows(player(0), "Round 2 starts at 14:10", "an announcement")
	shows(get(event+"/projector"), "Round 2 starts at 14:10", "an announcement")

	warm()
	if _, err := judging.New(writer).OpenJudgeCall(ctx, ev.ID, &entries[0].ID, &matchOf[0], "help"); err != nil {
		t.Fatal(err)
	}
	shows(player(0), `data-testid="judge-called"`, "a judge call")
}
