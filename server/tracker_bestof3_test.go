package server_test

import (
	"net/http"
	"net/url"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// newTopCutTracker is Ann v Ben in the final of a top 2 (best of three,
// the event's default), both decklists registered, with game 1 tracked
// and conceded: each phone is on game 1's finished page.
func newTopCutTracker(t *testing.T) *trackerFixture {
	t.Helper()
	a := newApp(t)
	org := a.organiser()
	importCards(t, a)
	d := newDayEvent(t, a, org, "2", "Ann", "Ben")
	ann, err := os.ReadFile("../testdata/decklists/fs01-starter-son-goku.txt")
	if err != nil {
		t.Fatal(err)
	}
	for name, list := range map[string]string{"Ann": string(ann), "Ben": benDecklist} {
		link := d.links[name]
		expectRedirect(t, "decklist of "+name, d.phone(name).post(link, link+"/deck", url.Values{"deck": {list}}), link)
	}
	d.pairAndPublish(1)
	d.reportByPhones(1, false, firstNamed)
	d.startCut(2)
	final := d.roundMatches(2)[0]
	f := &trackerFixture{t: t, later: new(atomic.Int64), d: d, match: final.ID, names: [2]string{d.nameOf(final.P1EntryID), d.nameOf(*final.P2EntryID)}}
	for i, name := range f.names {
		f.phones[i] = d.phone(name)
		link := d.links[name]
		r := f.phones[i].post(link, link+"/game", url.Values{"game": {"1"}})
		if r.status != http.StatusSeeOther || !strings.HasPrefix(r.location, link+"/games/") {
			t.Fatalf("%s starts game 1: %d to %q\n%s", name, r.status, r.location, excerpt(r.body))
		}
		f.games[i] = r.location
	}
	f.tap(0, "P1 concede")
	return f
}

// A finished game of a best of three follows the match: its page's live
// address is the tracker's link, which leads to game 2 as soon as the other
// phone starts it.
func TestTrackerFinishedGameFollowsToTheNextGame(t *testing.T) {
	t.Parallel()
	f := newTopCutTracker(t)
	second := f.d.links[f.names[1]]
	done, _ := f.page(1)
	mustContain(t, "game 1 over, on P2's phone", done.body, `data-testid="tracker-next-game"`,
		`data-live-url="`+second+`/game"`, "data-live-follow")
	// Until game 2 starts, the tracker's link leads back to game 1.
	expectRedirect(t, "tracker link before game 2", f.phones[1].get(second+"/game"), f.games[1])
	first := f.d.links[f.names[0]]
	r := f.phones[0].post(f.games[0], first+"/game", url.Values{"game": {"2"}})
	if r.status != http.StatusSeeOther || r.location == f.games[0] {
		t.Fatalf("game 2: %d to %q\n%s", r.status, r.location, excerpt(r.body))
	}
	expectRedirect(t, "tracker link after game 2 started", f.phones[1].get(second+"/game"), second+r.location[len(first):])
	// A game still being played keeps its own address.
	playing := f.phones[0].get(r.location)
	mustContain(t, "game 2 in play", playing.body, `data-live-url="`+r.location+`"`)
	if strings.Contains(playing.body, "data-live-follow") {
		t.Error("a game in play follows the tracker's link")
	}
}

// In the browser: the second phone, left on game 1's finished page, opens
// game 2 by itself when the first phone starts it.
func TestTrackerFinishedGameFollowsInTheBrowser(t *testing.T) {
	t.Parallel()
	f := newTopCutTracker(t)
	p2 := phone(t)
	navigate(t, p2, f.d.a.srv.URL+f.games[1])
	waitFor(t, p2, `[data-testid="tracker-next-game"]`)
	waitFor(t, p2, `html[data-live-open]`)
	first, second := f.d.links[f.names[0]], f.d.links[f.names[1]]
	r := f.phones[0].post(f.games[0], first+"/game", url.Values{"game": {"2"}})
	if r.status != http.StatusSeeOther {
		t.Fatalf("game 2: %d\n%s", r.status, excerpt(r.body))
	}
	want := f.d.a.srv.URL + second + r.location[len(first):]
	// The page goes elsewhere by itself: ask where it is until it is there
	// (a poll inside the page would end with the page).
	var at string
	for deadline := time.Now().Add(20 * time.Second); at != want && time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		at, _ = chromedp.Run(p2, chromedp.Location())
	}
	if at != want {
		t.Fatalf("the second phone stays at %s, want %s", at, want)
	}
	waitFor(t, p2, `[data-testid="tracker"]`)
}
