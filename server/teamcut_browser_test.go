package server_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The final of a team top cut on the phones (390×844): a seat A player
// reads their team match, reports their seat's best-of-three game by game,
// the opponent of that seat confirms it, and once the other seats are in
// the phone reads the team's result. The projector shows the team matches
// with their seat tables and the teams' bracket at 1280×800 and 390×844.
// TENKAICHI_SCREENSHOTS=dir keeps the pages to look at.
func TestTeamCutSeatReportedFromThePhone(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newTeamCutEvent(t, a, org, 2)
	d.pairAndPublish(1)
	proj := screen(t, 1280, 800)
	navigate(t, proj, a.srv.URL+d.path+"/projector")
	waitFor(t, proj, `[data-testid="projector-team-pairings"]`)
	screenshot(t, proj, "team-projector-swiss-1280")
	for round := 1; round <= 3; round++ {
		if round > 1 {
			d.pairAndPublish(round)
		}
		d.reportTeamSwiss(round)
	}
	d.startCut(4)
	final := d.roundMatches(4)
	seatA, oppA := d.nameOf(final[0].P1EntryID), d.nameOf(*final[0].P2EntryID)
	team, other := teamOfEntry(d, final[0].P1EntryID), teamOfEntry(d, *final[0].P2EntryID)

	ph, opp := phone(t), phone(t)
	navigate(t, ph, a.srv.URL+d.links[seatA])
	waitFor(t, ph, `#g1`)
	if got := text(t, ph, `[data-testid="team-match"]`); !strings.Contains(got, "Your team plays "+other+" at tables 1–3.") {
		t.Fatalf("%s's team match in the final: %q", seatA, got)
	}
	noSideScroll(t, ph, "seat A in the team final")
	screenshot(t, ph, "team-cut-seat-to-report-390")
	do(t, ph,
		chromedp.SetValue(chromedp.CSS(`#g1`), "won"),
		chromedp.SetValue(chromedp.CSS(`#g2`), "lost"),
		chromedp.SetValue(chromedp.CSS(`#g3`), "won"),
		leadsToNewPage(chromedp.Click(chromedp.CSS(`[data-testid="report-games"]`))),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="match-status"]`)))
	navigate(t, opp, a.srv.URL+d.links[oppA])
	do(t, opp, chromedp.WaitVisible(chromedp.CSS(`[data-testid="confirm"]`)),
		leadsToNewPage(chromedp.Click(chromedp.CSS(`[data-testid="confirm"]`))),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="final-result"]`)))
	if got := text(t, opp, `[data-testid="final-result"]`); !strings.Contains(got, "lost") {
		t.Fatalf("%s reads %q", oppA, got)
	}
	// Seats B and C from their phones over HTTP: seat A's team wins B too.
	d.reportTeamCut(4, map[string]bool{team: true})

	navigate(t, ph, a.srv.URL+d.links[seatA])
	waitFor(t, ph, `[data-testid="team-score"]`)
	if got := text(t, ph, `[data-testid="team-score"]`); got != team+" wins 2–1." && got != team+" wins 3–0." {
		t.Fatalf("%s's team score after the final: %q", seatA, got)
	}
	if got := text(t, ph, `[data-testid="final-placing"]`); got != "Your team's final placing: 1st" {
		t.Errorf("%s's placing after the final: %q", seatA, got)
	}
	noSideScroll(t, ph, "seat A, team final decided")
	screenshot(t, ph, "team-cut-final-won-390")

	navigate(t, proj, a.srv.URL+d.path+"/projector")
	waitFor(t, proj, `[data-testid="projector-placings"]`)
	screenshot(t, proj, "team-projector-final-1280")
	small := screen(t, 390, 844)
	navigate(t, small, a.srv.URL+d.path+"/projector")
	waitFor(t, small, `[data-testid="projector-placings"]`)
	noSideScroll(t, small, "team projector at the end")
	screenshot(t, small, "team-projector-final-390")
	navigate(t, small, a.srv.URL+d.path+"/standings")
	waitFor(t, small, `[data-testid="placings"]`)
	noSideScroll(t, small, "team placings")
	screenshot(t, small, "team-placings-390")

	// The sheets on A4: round 1's team matches by table, the team
	// standings, the teams' bracket; each on one page.
	desk := screen(t, 1280, 800)
	signIn(t, desk, a)
	for name, u := range map[string]string{
		"team-pairings-sheet":  d.path + "/print/pairings?round=1&by=table",
		"team-standings-sheet": d.path + "/print/standings",
		"team-bracket-sheet":   d.path + "/print/bracket",
	} {
		if pages := savePDF(t, desk, a.srv.URL+u, name); pages != 1 {
			t.Errorf("%s: %d pages, want 1", name, pages)
		}
	}
}

// savePDF prints the page at u on A4 and, with TENKAICHI_SCREENSHOTS=dir,
// keeps the PDF there as name.pdf; it returns the number of pages.
func savePDF(t *testing.T, ctx context.Context, u, name string) int {
	t.Helper()
	navigate(t, ctx, u)
	pctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	pdf, err := chromedp.Run(pctx, chromedp.PrintToPDF(chromedp.PDFPaper(chromedp.PaperA4), chromedp.PDFPreferCSSPageSize()))
	if err != nil {
		t.Fatalf("print %s: %v", u, err)
	}
	if dir := os.Getenv("TENKAICHI_SCREENSHOTS"); dir != "" {
		if err := os.WriteFile(filepath.Join(dir, name+".pdf"), pdf, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return len(pdfPage.FindAll(pdf, -1))
}
