package server_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// A team event on the phones (390×844): a seat A player reads their team,
// seat and team match, reports their seat, the opponent of that seat
// confirms it, and once the team's other seats are in the phone reads the
// team's result. The round page at 1280×800 shows the team matches with
// their tables. TENKAICHI_SCREENSHOTS=dir keeps the pages to look at.
func TestTeamSeatReportedFromThePhone(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newTeamEvent(t, a, org, 3, teamsOfFour[:2]...)
	d.pairAndPublish(1)
	var annOpp, seatB, seatBOpp, seatC, seatCOpp string
	for _, m := range d.roundMatches(1) {
		p1, p2 := d.nameOf(m.P1EntryID), d.nameOf(*m.P2EntryID)
		if p2 == "Ann" || p2 == "Ben" || p2 == "Cid" {
			p1, p2 = p2, p1
		}
		switch p1 {
		case "Ann":
			annOpp = p2
		case "Ben":
			seatB, seatBOpp = p1, p2
		case "Cid":
			seatC, seatCOpp = p1, p2
		}
	}
	ann, opp := phone(t), phone(t)
	navigate(t, ann, a.srv.URL+d.links["Ann"])
	waitFor(t, ann, `[data-testid="report-won"]`)
	if got := text(t, ann, `[data-testid="my-team"]`); got != "Team Red, seat A." {
		t.Fatalf("Ann's team line: %q", got)
	}
	if got := text(t, ann, `[data-testid="team-match"]`); !strings.Contains(got, "Your team plays Blue at tables 1–3.") {
		t.Fatalf("Ann's team match: %q", got)
	}
	if got := text(t, ann, `[data-testid="my-opponent"]`); got != annOpp {
		t.Fatalf("Ann's opponent: %q, want %s", got, annOpp)
	}
	noSideScroll(t, ann, "seat A before the report")
	screenshot(t, ann, "team-seat-to-report-390")
	do(t, ann, leadsToNewPage(chromedp.Click(chromedp.CSS(`[data-testid="report-won"]`))),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="match-status"]`)))
	navigate(t, opp, a.srv.URL+d.links[annOpp])
	do(t, opp, chromedp.WaitVisible(chromedp.CSS(`[data-testid="confirm"]`)),
		leadsToNewPage(chromedp.Click(chromedp.CSS(`[data-testid="confirm"]`))),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="final-result"]`)))
	if got := text(t, opp, `[data-testid="final-result"]`); got != "You lost" {
		t.Fatalf("%s reads %q", annOpp, got)
	}
	// Seats B and C reported by their phones over HTTP: Red wins B, Blue C.
	d.reportPair(seatB, seatBOpp)
	d.reportPair(seatCOpp, seatC)
	navigate(t, ann, a.srv.URL+d.links["Ann"])
	waitFor(t, ann, `[data-testid="final-result"]`)
	if got := text(t, ann, `[data-testid="team-score"]`); got != "Red wins 2–1." {
		t.Fatalf("Ann's team score: %q", got)
	}
	noSideScroll(t, ann, "seat A, team match decided")
	screenshot(t, ann, "team-match-won-390")

	desk := screen(t, 1280, 800)
	signIn(t, desk, a)
	navigate(t, desk, a.srv.URL+d.path+"/rounds/1")
	waitFor(t, desk, `[data-testid="team-matches"]`)
	if got := text(t, desk, `[data-testid="team-result"]`); got != "Red wins 2–1." {
		t.Fatalf("round page: %q", got)
	}
	screenshot(t, desk, "team-round-1280")
	navigate(t, desk, a.srv.URL+d.path+"/standings")
	waitFor(t, desk, `[data-testid="team-standings"]`)
	screenshot(t, desk, "team-standings-1280")
	navigate(t, desk, a.srv.URL+d.path+"/teams")
	waitFor(t, desk, `[data-testid="teams"]`)
	screenshot(t, desk, "teams-1280")
	navigate(t, ann, a.srv.URL+d.path+"/standings")
	waitFor(t, ann, `[data-testid="team-standings"]`)
	noSideScroll(t, ann, "team standings")
	screenshot(t, ann, "team-standings-390")
}

// reportPair has winner and loser report their match from their phones.
func (d *dayEvent) reportPair(winner, loser string) {
	d.t.Helper()
	expectRedirect(d.t, winner+" reports", d.report(d.phone(winner), winner, "won"), d.links[winner])
	expectRedirect(d.t, loser+" reports", d.report(d.phone(loser), loser, "lost"), d.links[loser])
}
