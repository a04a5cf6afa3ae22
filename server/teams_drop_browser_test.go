package server_test

import (
	"strings"
	"testing"
)

// A dropped teammate in the browser: the opponent's phone (390×844) says
// the seat is not played and the game won; the Teams page (1280×800 and on
// a phone) explains the rule and offers to drop a whole team; the round
// page and the standings show the seat not played. TENKAICHI_SCREENSHOTS=dir
// keeps the pages to look at.
func TestDroppedTeammateInTheBrowser(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newTeamEvent(t, a, org, 3, teamsOfFour...)
	d.pairAndPublish(1)
	d.staffResults(1)
	d.dropEntry("Ben")
	d.pairAndPublish(2)
	var opponent string
	for _, m := range d.roundMatches(2) {
		switch {
		case m.P1EntryID == d.ids["Ben"]:
			opponent = d.nameOf(*m.P2EntryID)
		case m.P2EntryID != nil && *m.P2EntryID == d.ids["Ben"]:
			opponent = d.nameOf(m.P1EntryID)
		}
	}
	ph := phone(t)
	navigate(t, ph, a.srv.URL+d.links[opponent])
	waitFor(t, ph, `[data-testid="seat-not-played"]`)
	if got := text(t, ph, `[data-testid="seat-not-played"]`); !strings.Contains(got, "you win this game without playing") {
		t.Fatalf("%s's phone: %q", opponent, got)
	}
	noSideScroll(t, ph, "seat not played")
	screenshot(t, ph, "team-seat-not-played-390")

	desk := screen(t, 1280, 800)
	signIn(t, desk, a)
	navigate(t, desk, a.srv.URL+d.path+"/teams")
	waitFor(t, desk, `[data-testid="drop-team"]`)
	if got := text(t, desk, `[data-testid="team-drop-rule"]`); !strings.Contains(got, "drop the whole team on the Teams page") {
		t.Fatalf("teams page rule: %q", got)
	}
	screenshot(t, desk, "team-drop-1280")
	navigate(t, desk, a.srv.URL+d.path+"/rounds/2")
	waitFor(t, desk, `[data-testid="team-matches"]`)
	screenshot(t, desk, "team-round-seat-not-played-1280")
	d.staffResults(2)
	navigate(t, desk, a.srv.URL+d.path+"/standings")
	waitFor(t, desk, `[data-testid="seats-not-played"]`)
	screenshot(t, desk, "team-standings-not-played-1280")

	staffPhone := phone(t)
	phoneSignIn(t, staffPhone, a, "org")
	navigate(t, staffPhone, a.srv.URL+d.path+"/teams")
	waitFor(t, staffPhone, `[data-testid="drop-team"]`)
	noSideScroll(t, staffPhone, "teams page")
	screenshot(t, staffPhone, "team-drop-390")
	navigate(t, staffPhone, a.srv.URL+d.path+"/standings")
	waitFor(t, staffPhone, `[data-testid="seats-not-played"]`)
	noSideScroll(t, staffPhone, "standings")
	screenshot(t, staffPhone, "team-standings-not-played-390")
}
