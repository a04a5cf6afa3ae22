package server_test

import (
	"context"
	"encoding/json"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
)

// When every match of a round is final the round is complete: the rounds
// list and the round page say so, the clock stops (no clock buttons, no
// end-of-round procedure, no time's-up), and the phones say so too.
func TestRoundCompleteStopsItsClock(t *testing.T) {
	t.Parallel()
	a, tc := newClockedApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "0", "Ann", "Ben", "Cat", "Dan")
	d.pairAndPublish(1)
	round := d.path + "/rounds/1"
	expectRedirect(t, "start clock", org.post(round, round+"/clock", url.Values{"action": {"start"}}), round)
	ctx := context.Background()
	r1, _ := a.store.RoundByNumber(ctx, d.id, 1)
	ms, _ := a.store.Matches(ctx, r1.ID)

	list := org.get(d.path + "/rounds")
	mustContain(t, "rounds list while playing", list.body, "In play", "2 of 2")
	// One result in: still in play.
	expectBackToRound(t, "result 1", org.post(round, d.path+"/matches/"+itoa64(ms[0].ID)+"/result", url.Values{"result": {"p1"}}), round)
	if page := org.get(round); strings.Contains(page.body, "Round complete") || !strings.Contains(page.body, "Pause") {
		t.Fatalf("round with a result missing looks complete:\n%s", excerpt(page.body))
	}
	// The second by the players' phones.
	var p1, p2 string
	for n, id := range d.ids {
		if id == ms[1].P1EntryID {
			p1 = n
		}
		if id == *ms[1].P2EntryID {
			p2 = n
		}
	}
	expectRedirect(t, "report", d.report(d.phone(p1), p1, "won"), d.links[p1])
	expectRedirect(t, "agree", d.report(d.phone(p2), p2, "lost"), d.links[p2])

	page := org.get(round)
	mustContain(t, "complete round page", page.body, "Complete: every result is final", `data-testid="round-complete"`, "0 results missing")
	for _, gone := range []string{"Pause", `data-testid="end-of-round"`, "+5 min", ">Time!<"} {
		if strings.Contains(page.body, gone) {
			t.Errorf("complete round page still shows %q", gone)
		}
	}
	mustContain(t, "rounds list", org.get(d.path+"/rounds").body, "Complete: every result is final", "0 of 2")
	mustContain(t, "phone", d.phone(p1).get(d.links[p1]).body, "Round complete: every result is in.")

	// The clock stays stopped: an hour later it says the same, and
	// countdowns learn the state.
	tc.advance(t, time.Hour)
	var clock struct {
		State       string `json:"state"`
		RemainingMS int64  `json:"remaining_ms"`
	}
	res := org.get(d.path + "/clock")
	if err := json.Unmarshal([]byte(res.body), &clock); err != nil {
		t.Fatal(err)
	}
	if clock.State != storage.ClockFinished || clock.RemainingMS <= 30*60*1000 {
		t.Fatalf("clock of a complete round an hour later: %+v", clock)
	}
	projector := a.browser().get(d.path + "/projector")
	mustContain(t, "projector", projector.body, "Round complete")
	if strings.Contains(projector.body, ">Time!<") {
		t.Fatal("the projector shows time's up for a complete round")
	}
}
