package server_test

import "testing"

// newTeamFixture is Team Cup: four teams at the desk, round 1 published,
// one team match decided (Red over Blue 2–1) and one still being played.
func newTeamFixture(t *testing.T, a *app, org *browser) *dayEvent {
	t.Helper()
	d := newTeamEvent(t, a, org, 3, teamsOfFour...)
	d.pairAndPublish(1)
	for _, m := range d.roundMatches(1) {
		p1, p2 := d.nameOf(m.P1EntryID), d.nameOf(*m.P2EntryID)
		if teamOfEntry(d, m.P1EntryID) != "Red" && teamOfEntry(d, *m.P2EntryID) != "Red" {
			continue
		}
		for _, who := range []string{p1, p2} {
			word := "lost"
			if (teamOfEntry(d, d.ids[who]) == "Red") != (m.TableNo != nil && *m.TableNo%3 == 0) {
				word = "won"
			}
			expectRedirect(t, who+" reports", d.report(d.phone(who), who, word), d.links[who])
		}
	}
	return d
}

// teamStates are Team Cup's pages: the desk's teams, the round with its
// team matches, the team standings and a player's phone in a team match.
func (f *a11yFixture) teamStates() []a11yState {
	tm := f.team
	return []a11yState{
		{name: "teams", route: "/events/:id/teams", path: tm.path + "/teams", staff: true},
		{name: "teams, not a team event", route: "/events/:id/teams", path: f.sat.path + "/teams", staff: true},
		{name: "round of a team event", route: "/events/:id/rounds/:n", path: tm.path + "/rounds/1", staff: true},
		{name: "team standings", route: "/events/:id/standings", path: tm.path + "/standings"},
		{name: "player page: a seat of a team match", route: "/p/:token", path: tm.links["Ann"]},
		{name: "player page: a seat still being played", route: "/p/:token", path: tm.links["Jo"]},
		// The team projector and sheets (team matches, team standings).
		{name: "projector of a team event", route: "/events/:id/projector", path: tm.path + "/projector"},
		{name: "print: team pairings by table", route: "/events/:id/print/pairings", path: tm.path + "/print/pairings?by=table", staff: true},
		{name: "print: team pairings by name", route: "/events/:id/print/pairings", path: tm.path + "/print/pairings", staff: true},
		{name: "print: team standings", route: "/events/:id/print/standings", path: tm.path + "/print/standings", staff: true},
	}
}
