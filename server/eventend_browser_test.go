package server_test

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/tenkaichi-org/tenkaichi/storage"
)

// signIn signs the browser in as the organiser that a.organiser() made.
func signIn(t *testing.T, ctx context.Context, a *app) {
	t.Helper()
	do(t, ctx,
		chromedp.Navigate(a.srv.URL+"/login"),
		chromedp.WaitVisible(chromedp.CSS(`#username`)),
		chromedp.SendKeys(chromedp.CSS(`#username`), "org"),
		chromedp.SendKeys(chromedp.CSS(`#password`), testPassword),
		leadsToNewPage(chromedp.Submit(chromedp.CSS(`#password`))),
		chromedp.WaitVisible(chromedp.CSS(`a[href="/account"]`)),
	)
}

var (
	pdfPage     = regexp.MustCompile(`/Type\s*/Page[^s]`)
	pdfMediaBox = regexp.MustCompile(`/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]`)
)

// printPDF prints the page at u as Chromium's print dialog would on A4 (the
// sheet's own @page rules win), and returns its pages and the first page's
// size in points.
func printPDF(t *testing.T, ctx context.Context, u string) (pages int, w, h float64) {
	t.Helper()
	navigate(t, ctx, u)
	pctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	pdf, err := chromedp.Run(pctx, chromedp.PrintToPDF(chromedp.PDFPaper(chromedp.PaperA4), chromedp.PDFPreferCSSPageSize()))
	if err != nil {
		t.Fatalf("print %s: %v", u, err)
	}
	m := pdfMediaBox.FindSubmatch(pdf)
	if m == nil {
		t.Fatalf("%s: no page size in the PDF", u)
	}
	w, _ = strconv.ParseFloat(string(m[1]), 64)
	h, _ = strconv.ParseFloat(string(m[2]), 64)
	return len(pdfPage.FindAll(pdf, -1)), w, h
}

// asPrinted makes the page's CSS apply its print rules, to measure what
// the paper will show (a CSS pixel is 1/96 inch on paper).
func asPrinted(on bool) chromedp.Action[chromedp.Void] {
	media := ""
	if on {
		media = "print"
	}
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: media})
		return err
	})
}

func evalJS[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return v
}

const a4Portrait, a4Landscape = "595x842", "842x595"

func pageSize(w, h float64) string { return fmt.Sprintf("%.0fx%.0f", w, h) }

// Slips print four to an A4 page with a QR code of at least 2.5 cm; long
// pairings and standings run over pages with margins and their header on
// every page; the bracket fills one landscape page.
func TestPrintSheetsOnA4(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	var names []string
	for i := 1; i <= 120; i++ {
		names = append(names, fmt.Sprintf("Player %03d", i))
	}
	f := pfNewEvent(t, a, org, "Print Cup", names...)
	var pairs [][2]string
	for i := 0; i < 16; i += 2 {
		pairs = append(pairs, [2]string{names[i], names[i+1]})
	}
	ms := pfRound(t, a, f, 1, storage.KindSwiss, pairs)
	for _, m := range ms[:4] {
		pfResult(t, a, f, m, storage.ResultInput{Result: storage.ResultP1, P1Wins: 1})
	}
	// A second round with everyone: 60 tables for the sheets that run long.
	pairs = nil
	for i := 0; i < 120; i += 2 {
		pairs = append(pairs, [2]string{names[i], names[i+1]})
	}
	pfRound(t, a, f, 2, storage.KindSwiss, pairs)

	ctx := screen(t, 1280, 800)
	signIn(t, ctx, a)

	// Round 1 has 8 tables: at most two pages, A4 portrait.
	pages, w, h := printPDF(t, ctx, a.srv.URL+f.path+"/print/slips?round=1")
	if pages > 2 || pageSize(w, h) != a4Portrait {
		t.Fatalf("8 slips: %d pages of %s pt, want at most 2 of A4 (%s)", pages, pageSize(w, h), a4Portrait)
	}
	do(t, ctx, asPrinted(true))
	qr := evalJS[[]float64](t, ctx, `Array.from(document.querySelectorAll(".slip svg.qr")).map(e => e.getBoundingClientRect().width)`)
	if len(qr) != 8 {
		t.Fatalf("%d QR codes, want 8", len(qr))
	}
	for i, px := range qr {
		if cm := px / 96 * 2.54; cm < 2.5 {
			t.Errorf("slip %d: QR code %.2f cm wide on paper, want at least 2.5", i+1, cm)
		}
	}
	cut := evalJS[string](t, ctx, `getComputedStyle(document.querySelector(".slip")).borderBottomStyle`)
	if cut != "dashed" {
		t.Errorf("slips have no dashed cut line (border %q)", cut)
	}
	do(t, ctx, asPrinted(false))

	// 120 names: several pages; the header row with the event, round and
	// time is part of the table's header, which the browser repeats.
	for _, sheet := range []string{"/print/pairings?round=2&by=name", "/print/pairings?round=2&by=table", "/print/standings"} {
		pages, w, h := printPDF(t, ctx, a.srv.URL+f.path+sheet)
		if pages < 2 || pageSize(w, h) != a4Portrait {
			t.Fatalf("%s: %d pages of %s pt, want several A4 pages", sheet, pages, pageSize(w, h))
		}
		do(t, ctx, asPrinted(true))
		head := evalJS[string](t, ctx, `(function(){
			var th = document.querySelector("table.print-table thead");
			var run = th.querySelector(".running-head");
			return getComputedStyle(th).display + "|" + getComputedStyle(run).display + "|" + run.textContent.replace(/\s+/g, " ").trim();
		})()`)
		parts := strings.SplitN(head, "|", 3)
		if parts[0] != "table-header-group" || parts[1] != "table-row" ||
			!strings.Contains(parts[2], "Print Cup") || !regexp.MustCompile(`Printed \d+ \w+ \d{4}, \d\d:\d\d [A-Z]+`).MatchString(parts[2]) {
			t.Errorf("%s: the header does not repeat on each page with the event and time: %q", sheet, head)
		}
		if strings.Contains(sheet, "pairings") && !strings.Contains(parts[2], "round 2") {
			t.Errorf("%s: running head does not name the round: %q", sheet, parts[2])
		}
		do(t, ctx, asPrinted(false))
	}

	// The bracket: one landscape page.
	ev, _ := a.store.EventByID(context.Background(), f.id)
	ev.TopCutSize = 8
	if err := a.store.UpdateEvent(context.Background(), pfActor, ev); err != nil {
		t.Fatal(err)
	}
	if pages, w, h := printPDF(t, ctx, a.srv.URL+f.path+"/print/bracket"); pages != 1 || pageSize(w, h) != a4Landscape {
		t.Fatalf("bracket: %d pages of %s pt, want 1 landscape A4 page (%s)", pages, pageSize(w, h), a4Landscape)
	}
}

// boxOf is the first matching element's border box in CSS pixels, from the
// layout itself (it needs no page script).
func boxOf(t *testing.T, ctx context.Context, css string) (left, top, right, bottom float64) {
	t.Helper()
	bm, err := chromedp.Run(ctx, chromedp.Dimensions(chromedp.CSS(css)))
	if err != nil {
		t.Fatalf("box of %s: %v", css, err)
	}
	q := bm.Border // x1 y1 (top left), x2 y2, x3 y3 (bottom right), x4 y4
	return q[0], q[1], q[4], q[5]
}

func centreY(t *testing.T, ctx context.Context, css string) float64 {
	t.Helper()
	_, top, _, bottom := boxOf(t, ctx, css)
	return (top + bottom) / 2
}

func bracketMatch(round, match int) string {
	return fmt.Sprintf(`.bt-round:nth-of-type(%d) .bt-slot:nth-child(%d) .bt-match`, round, match)
}

// The standings page draws the top cut as a bracket, without script: each
// match sits level with the middle of the two it comes from, one column per
// round, games won beside each name. On a phone the rounds stack. The phones
// of players out of the cut read their final placing.
func TestBracketDrawnAsABracket(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "8", "Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo")
	d.pairAndPublish(1)
	d.reportByPhones(1, false, firstNamed)
	d.startCut(2)
	d.reportByPhones(2, true, firstNamed)
	d.startCut(3)

	ctx := screen(t, 1280, 800)
	noScript := chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true})
		return err
	})
	do(t, ctx, noScript, chromedp.Navigate(a.srv.URL+d.path+"/standings"), chromedp.WaitVisible(chromedp.CSS(`[data-testid="bracket"]`)))
	for round, matches := range map[int]int{2: 2, 3: 1} {
		for m := 1; m <= matches; m++ {
			got := centreY(t, ctx, bracketMatch(round, m))
			want := (centreY(t, ctx, bracketMatch(round-1, 2*m-1)) + centreY(t, ctx, bracketMatch(round-1, 2*m))) / 2
			if got < want-2 || got > want+2 {
				t.Errorf("round %d match %d: centre at %.0f px, want level with its two feeders (%.0f px)", round, m, got, want)
			}
			_, _, feederRight, _ := boxOf(t, ctx, bracketMatch(round-1, 2*m))
			if left, _, _, _ := boxOf(t, ctx, bracketMatch(round, m)); left <= feederRight {
				t.Errorf("round %d match %d is not in a column right of its feeders", round, m)
			}
		}
	}
	// Quarterfinals are 2-0: both scores show, the winner first.
	qf := strings.Join(strings.Fields(text(t, ctx, bracketMatch(1, 1))), " ")
	m := regexp.MustCompile(`^1 \S+ games won: (\d)( \(advances\))? 8 \S+ games won: (\d)( \(advances\))?$`).FindStringSubmatch(qf)
	if m == nil || m[1]+m[3] != "20" && m[1]+m[3] != "02" || (m[1] == "2") != (m[2] != "") || (m[3] == "2") != (m[4] != "") {
		t.Errorf("quarterfinal 1 reads %q, want seeds 1 and 8 with 2-0 in games and the winner advancing", qf)
	}

	ph := phone(t)
	navigate(t, ph, a.srv.URL+d.path+"/standings")
	waitFor(t, ph, `[data-testid="bracket"]`)
	_, _, _, qfBottom := boxOf(t, ph, bracketMatch(1, 4))
	if _, sfTop, _, _ := boxOf(t, ph, bracketMatch(2, 1)); sfTop <= qfBottom {
		t.Errorf("on a phone the semifinals should come below the quarterfinals (%.0f <= %.0f)", sfTop, qfBottom)
	}
	noSideScroll(t, ph, "standings with the bracket")

	// The quarterfinal losers are placed 5th-8th; the two who missed the
	// cut 9th and 10th.
	order := d.swissOrder()
	for _, m := range d.roundMatches(2) {
		p1, p2 := d.nameOf(m.P1EntryID), d.nameOf(*m.P2EntryID)
		name := max(p1, p2) // firstNamed made the other one win
		navigate(t, ph, a.srv.URL+d.links[name])
		waitFor(t, ph, `[data-testid="final-placing"]`)
		if got := text(t, ph, `[data-testid="final-placing"]`); !regexp.MustCompile(`^Final placing: [5-8]th$`).MatchString(got) {
			t.Errorf("%s's phone: %q", name, got)
		}
		if n := evalJS[int](t, ph, `document.querySelectorAll("[data-testid=no-match]").length`); n != 0 {
			t.Errorf("%s's phone still says there is no pairing yet", name)
		}
	}
	for i, name := range order[8:] {
		navigate(t, ph, a.srv.URL+d.links[name])
		if got, want := text(t, ph, `[data-testid="final-placing"]`), "Final placing: "+[]string{"9th", "10th"}[i]; got != want {
			t.Errorf("%s (Swiss %d) reads %q, want %q", name, 9+i, got, want)
		}
	}
	// The finalists report and confirm the final on their phones: the event
	// is finished and each phone reads its place.
	d.reportByPhones(3, true, firstNamed)
	d.startCut(4)
	final := d.roundMatches(4)[0]
	winner, finalist := d.nameOf(final.P1EntryID), d.nameOf(*final.P2EntryID)
	navigate(t, ph, a.srv.URL+d.links[winner])
	if got := text(t, ph, `[data-testid="my-round"]`); got != "Top cut, round 3" {
		t.Errorf("the final is called %q on the phone", got)
	}
	do(t, ph,
		chromedp.WaitVisible(chromedp.CSS(`#g1`)),
		chromedp.SetValue(chromedp.CSS(`#g1`), "won"),
		chromedp.SetValue(chromedp.CSS(`#g2`), "won"),
		leadsToNewPage(chromedp.Click(chromedp.CSS(`[data-testid="report-games"]`))),
	)
	navigate(t, ph, a.srv.URL+d.links[finalist])
	waitFor(t, ph, `[data-testid="confirm"]`)
	do(t, ph, leadsToNewPage(chromedp.Click(chromedp.CSS(`[data-testid="confirm"]`))))
	waitFor(t, ph, `[data-testid="final-placing"]`)
	if got := text(t, ph, `[data-testid="final-placing"]`); got != "Final placing: 2nd" {
		t.Errorf("the finalist's phone after confirming: %q", got)
	}
	if s := eventStatus(t, a, d.id); s != storage.StatusFinished {
		t.Fatalf("event status after the finalists confirmed on their phones: %s", s)
	}
	navigate(t, ph, a.srv.URL+d.links[winner])
	if got := text(t, ph, `[data-testid="final-placing"]`); got != "Final placing: 1st" || !strings.Contains(pageText(ph), "Finished") {
		t.Errorf("the winner's phone: %q\n%s", got, pageText(ph))
	}
}

// The projector fills a 1280×800 screen: no page scroll, nothing cut off at
// the side. Its pairings by name run down columns across the screen and
// scroll, page by page, only when they do not fit.
func TestProjectorUsesTheWholeScreen(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	small := pfNewEvent(t, a, org, "Small Cup", "Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")
	ms := pfRound(t, a, small, 1, storage.KindSwiss, [][2]string{{"Ann", "Bo"}, {"Cy", "Di"}, {"Ed", "Flo"}, {"Gus", "Hal"}})
	for _, m := range ms {
		pfResult(t, a, small, m, storage.ResultInput{Result: storage.ResultP1, P1Wins: 1})
	}
	pfRound(t, a, small, 2, storage.KindSwiss, [][2]string{{"Ann", "Cy"}, {"Ed", "Gus"}, {"Bo", "Di"}, {"Flo", "Hal"}})
	var names []string
	var pairs [][2]string
	for i := 0; i < 160; i++ {
		names = append(names, fmt.Sprintf("Player with a long name %03d", i))
		if i%2 == 1 {
			pairs = append(pairs, [2]string{names[i-1], names[i]})
		}
	}
	big := pfNewEvent(t, a, org, "Big Cup", names...)
	pfRound(t, a, big, 1, storage.KindSwiss, pairs)

	ctx := screen(t, 1280, 800)
	navigate(t, ctx, a.srv.URL+small.path+"/projector")
	waitFor(t, ctx, `[data-testid="projector-standings"]`)
	fit := evalJS[string](t, ctx, `(function(){
		var d = document.documentElement, main = document.querySelector("main"), body = document.querySelector(".projector-body");
		var clipped = Array.from(document.querySelectorAll(".projector-body section")).filter(s => s.scrollWidth > s.clientWidth + 1).length;
		return [d.scrollHeight <= innerHeight + 1, Math.round(main.getBoundingClientRect().height) === innerHeight,
			body.getBoundingClientRect().width >= innerWidth * 0.95, clipped === 0].join(" ");
	})()`)
	if fit != "true true true true" {
		t.Fatalf("pairings and standings: fits the height, fills it, fills the width, nothing cut off at the side = %s", fit)
	}

	names8 := func() string {
		return evalJS[string](t, ctx, `(function(){
			var s = document.querySelector(".projector-names"), items = document.querySelectorAll(".pairing-names li");
			var xs = new Set(Array.from(items).map(li => Math.round(li.getBoundingClientRect().left)));
			return [s.scrollHeight > s.clientHeight, document.documentElement.scrollHeight <= innerHeight + 1,
				s.getBoundingClientRect().width >= innerWidth * 0.95, xs.size > 1, items.length].join(" ");
		})()`)
	}
	navigate(t, ctx, a.srv.URL+small.path+"/projector?view=pairings")
	waitFor(t, ctx, `[data-testid="projector-names"]`)
	if got := names8(); got != "false true true true 8" {
		t.Fatalf("8 names: overflows, page fits, full width, several columns, lines = %s", got)
	}
	navigate(t, ctx, a.srv.URL+big.path+"/projector?view=pairings")
	waitFor(t, ctx, `[data-testid="projector-names"]`)
	if got := names8(); got != "true true true true 160" {
		t.Fatalf("160 names: overflows, page fits, full width, several columns, lines = %s", got)
	}
	// live.js pages through the list that does not fit (every 8 seconds).
	wctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	if _, err := chromedp.Run(wctx, chromedp.Poll[bool](`document.querySelector(".projector-names").scrollTop > 0`,
		chromedp.WithPollingInterval(250*time.Millisecond))); err != nil {
		t.Fatalf("the long list never scrolled: %v", err)
	}
}

// Issue 30, point 11: on a finished event's phone the final placing and the
// Swiss standing below it are two places; the standing is labelled as the
// Swiss rank so the two are not read as one.
func TestFinishedPhoneNamesTheSwissRank(t *testing.T) {
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "2", "Ann", "Bo", "Cy", "Di")
	d.pairAndPublish(1)
	d.reportByPhones(1, false, firstNamed)
	order := d.swissOrder()
	d.startCut(2)
	// The Swiss second wins the final: places and Swiss ranks differ.
	champion := order[1]
	d.reportByPhones(2, true, func(p1, p2 string) string { return champion })
	if s := eventStatus(t, a, d.id); s != storage.StatusFinished {
		t.Fatalf("event status after the final: %s", s)
	}
	ph := phone(t)
	for i, name := range order {
		navigate(t, ph, a.srv.URL+d.links[name])
		waitFor(t, ph, `[data-testid="final-placing"]`)
		placing := text(t, ph, `[data-testid="final-placing"]`)
		standing := text(t, ph, `[data-testid="standing"]`)
		if want := fmt.Sprintf("Swiss rank: %d · ", i+1); !strings.HasPrefix(standing, want) {
			t.Errorf("%s (Swiss %d) under %q reads %q, want it to start %q", name, i+1, placing, standing, want)
		}
		if name == champion && placing != "Final placing: 1st" {
			t.Errorf("the champion's phone reads %q", placing)
		}
	}
}
