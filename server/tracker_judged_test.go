package server_test

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// ruleOn records a ruling from the judge console on step step of the
// tracked game, signed by the organiser's account ("org", shown as "Orla
// Organiser").
func (f *trackerFixture) ruleOn(step int, note string) {
	f.t.Helper()
	page := fmt.Sprintf("%s/judge/logs/%d?step=%d", f.d.path, f.logID, step)
	r := f.d.org.post(page, f.d.path+"/judge/rulings", url.Values{
		"log": {strconv.FormatInt(f.logID, 10)}, "step": {strconv.Itoa(step)}, "match": {strconv.FormatInt(f.match, 10)},
		"rule": {"CR 7-3-4-3-1"}, "note": {note}})
	if r.status != http.StatusSeeOther {
		f.t.Fatalf("ruling: %d\n%s", r.status, excerpt(r.body))
	}
}

// ruledAttack is a game whose last step, P1's illegal first-turn attack,
// a judge has ruled on; it returns the step.
func ruledAttack(t *testing.T) (*trackerFixture, int) {
	t.Helper()
	f := newTrackerFixture(t)
	f.tap(0, "P1 first", "P1 keep")
	f.tap(1, "P2 keep")
	f.tap(0, "P1 draw", "P1 attack leader -> leader")
	page, step := f.page(0)
	mustContain(t, "before the ruling", page.body, `data-testid="tracker-undo"`)
	f.ruleOn(step, "The attack stands: play on.")
	return f, step
}

// A step a judge has ruled on is the judge's: its phone no longer offers
// to undo it, and an undo sent anyway is refused, the log unchanged.
func TestTrackerRuledStepIsNotUndone(t *testing.T) {
	t.Parallel()
	f, step := ruledAttack(t)
	page, _ := f.page(0)
	mustContain(t, "after the ruling", page.body, `data-testid="tracker-ruling"`, "The attack stands")
	if strings.Contains(page.body, `data-testid="tracker-undo"`) {
		t.Errorf("the phone still offers to undo step %d, which a judge ruled on", step)
	}
	before := f.body()
	r := f.phones[0].postRaw(f.games[0]+"/undo", url.Values{"_csrf": {csrfInput.FindStringSubmatch(page.body)[1]}, "step": {strconv.Itoa(step)}})
	expectStatus(t, "undo of a ruled step", r, http.StatusConflict)
	mustContain(t, "undo of a ruled step", r.body, "A judge has ruled on this step, so it can no longer be undone.")
	if f.body() != before {
		t.Errorf("the undo changed the log:\n%s", f.body())
	}
}

// A ruling is signed with the judge's display name ("Orla Organiser"), on
// both phones and in the judge console, not with the username ("org").
func TestTrackerRulingSignedWithDisplayName(t *testing.T) {
	t.Parallel()
	f, step := ruledAttack(t)
	for i := range f.phones {
		page, _ := f.page(i)
		mustContain(t, f.names[i]+"'s phone", page.body, "Ruling by Orla Organiser at step "+strconv.Itoa(step))
		if strings.Contains(page.body, "Ruling by org ") {
			t.Errorf("%s's phone signs the ruling with the username", f.names[i])
		}
	}
	console := f.d.org.get(f.d.path + "/judge")
	mustContain(t, "judge console", console.body, `data-testid="rulings"`, "Orla Organiser · ")
	if strings.Contains(console.body, "org · ") {
		t.Errorf("the judge console signs the ruling with the username")
	}
}

// A step entered in the other player's turn is flagged with the players'
// names, as the tracker knows them, not with P1 and P2.
func TestTrackerFlagNamesThePlayers(t *testing.T) {
	t.Parallel()
	f := newTrackerFixture(t)
	f.tap(0, "P1 first", "P1 keep")
	f.tap(1, "P2 keep")
	f.tap(0, "P1 draw")
	f.tap(1, "P2 attack leader -> leader")
	want := "it is " + f.names[0] + "&#39;s turn, not " + f.names[1] + "&#39;s"
	for i := range f.phones {
		page, _ := f.page(i)
		mustContain(t, f.names[i]+"'s phone", page.body, `data-testid="tracker-flag"`, want)
		if strings.Contains(page.body, "P1&#39;s turn") {
			t.Errorf("%s's phone names the side, not the player", f.names[i])
		}
	}
}

var chargeLine = regexp.MustCompile(`value="(P1 charge [^"]+)"`)

// Once the turn player has drawn and charged, both phones say the Main
// Phase, where the plays they offer belong.
func TestTrackerStatusIsMainPhaseAfterTheCharge(t *testing.T) {
	t.Parallel()
	f := newTrackerFixture(t)
	f.tap(0, "P1 first", "P1 keep")
	f.tap(1, "P2 keep")
	f.tap(0, "P1 draw")
	page, _ := f.page(0)
	mustContain(t, "before the charge", page.body, "Turn 1 · your turn · Charge Phase")
	m := chargeLine.FindStringSubmatch(page.body)
	if m == nil {
		t.Fatalf("no charge offered:\n%s", excerpt(page.body))
	}
	f.tap(0, m[1])
	page, _ = f.page(0)
	mustContain(t, "P1 after the charge", page.body, "Turn 1 · your turn · Main Phase", `id="grp-play"`)
	page, _ = f.page(1)
	mustContain(t, "P2 after the charge", page.body, "Turn 1 · "+f.names[0]+"&#39;s turn · Main Phase")
}

// A phone on the start page follows the game the other phone starts: the
// page listens for the players' "game" notice (sent when the game starts)
// and fetches the tracker's link again, which then leads to the game.
func TestTrackerStartPageFollowsTheOtherPhone(t *testing.T) {
	t.Parallel()
	f := newTrackerMatch(t)
	first, second := f.d.links[f.names[0]], f.d.links[f.names[1]]
	page := f.phones[1].get(second + "/game")
	expectStatus(t, "second phone's start page", page, http.StatusOK)
	mustContain(t, "second phone's start page", page.body, `data-live-topics="game"`, `data-live-url="`+second+`/game"`,
		`data-live-stream="`+second+`/live"`, "data-live-follow", "live.js")
	stream := sse(t, f.d.a.srv.URL+second+"/live")
	expectSSE(t, stream, "hello", f.d.id)
	r := f.phones[0].post(first+"/game", first+"/game", url.Values{"game": {"1"}})
	if r.status != http.StatusSeeOther || !strings.HasPrefix(r.location, first+"/games/") {
		t.Fatalf("start: %d to %q\n%s", r.status, r.location, excerpt(r.body))
	}
	expectSSE(t, stream, "game", f.d.id)
	game := second + r.location[len(first):]
	expectRedirect(t, "the start page's address, fetched again", f.phones[1].get(second+"/game"), game)
}
