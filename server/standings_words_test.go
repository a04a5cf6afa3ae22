package server_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// The standings heading says which results count: "Before round 1" only
// while none does, "With round 1's results so far" once round 1's first
// result is in, and the tiebreaker profile by its name in the reader's
// language, not its key (issue 30, point 13).
func TestStandingsHeadingNamesWhatCounts(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "0", "Ann", "Ben", "Cid", "Dee")
	d.pairAndPublish(1)
	standings := a.browser().get(d.path + "/standings")
	expectStatus(t, "standings", standings, http.StatusOK)
	mustContain(t, "standings before any result", standings.body, "Before round 1", "tiebreakers: Bandai: OMW%")
	if strings.Contains(standings.body, "tiebreakers: bandai") {
		t.Errorf("standings name the tiebreaker profile by its key:\n%s", excerpt(standings.body))
	}

	names := map[int64]string{}
	for name, id := range d.ids {
		names[id] = name
	}
	m := d.roundMatches(1)[0]
	p1, p2 := names[m.P1EntryID], names[*m.P2EntryID]
	expectRedirect(t, "report", d.report(d.phone(p1), p1, "won"), d.links[p1])
	expectRedirect(t, "agree", d.report(d.phone(p2), p2, "lost"), d.links[p2])

	standings = a.browser().get(d.path + "/standings")
	mustContain(t, "standings with one result", standings.body, "With round 1&#39;s results so far")
	if strings.Contains(standings.body, "Before round 1") {
		t.Errorf("standings count round 1's result but say Before round 1:\n%s", excerpt(standings.body))
	}

	de := a.browser()
	de.get("/language?lang=de&back=" + d.path + "/standings")
	mustContain(t, "German standings", de.get(d.path+"/standings").body, "Mit den bisherigen Ergebnissen von Runde 1", "Bandai: OMW%")
}

// A player registering from their phone is asked for their own name, in
// their language ("Gib deinen Namen an.", not the staff form's "the
// player's name"); the organiser's form still asks for the player's.
func TestRegistrationAsksForYourName(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	path := org.post("/events/new", "/events", eventForm("Open Cup")).location
	for lang, want := range map[string]string{"en": "Give your name.", "de": "Gib deinen Namen an."} {
		b := a.browser()
		b.get("/language?lang=" + lang + "&back=" + path + "/register")
		bad := b.post(path+"/register", path+"/register", url.Values{"player_name": {"  "}})
		expectStatus(t, lang+" blank name", bad, http.StatusUnprocessableEntity)
		mustContain(t, lang+" blank name", bad.body, want)
	}
	bad := org.post(path+"/players", path+"/players", url.Values{"player_name": {""}})
	mustContain(t, "organiser's blank name", bad.body, "Give the player&#39;s name.")
}

// The built-in ban list, named by its month, reads in the reader's language
// on its page and in the list of ban lists.
func TestBanListNameInReadersLanguage(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	for lang, want := range map[string]string{"en": "March 2026", "de": "März 2026", "ja": "2026年3月"} {
		org.get("/language?lang=" + lang + "&back=/cards")
		mustContain(t, lang+" ban list page", org.get("/banlists/fusion-world/2026-03-01").body, "<title>"+want)
		mustContain(t, lang+" card page", org.get("/cards").body, ">"+want+"</a>")
	}
}
