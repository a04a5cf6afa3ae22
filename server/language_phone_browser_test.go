package server_test

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// tooWide lists what makes a page wider than the screen: the document
// itself when it scrolls sideways, and every element whose right edge
// passes the screen's, except inside a box that scrolls sideways by design
// (a wide table in its scroll box). Each is named by tag, id, test id,
// classes and the start of its text, so a failure says which.
const tooWide = `(() => {
	const out = [];
	const de = document.documentElement;
	if (de.scrollWidth > de.clientWidth) out.push('the document: scrollWidth ' + de.scrollWidth + ' > clientWidth ' + de.clientWidth);
	const edge = window.innerWidth;
	for (const el of document.body.querySelectorAll('*')) {
		const r = el.getBoundingClientRect();
		if (r.width === 0 || r.right <= edge + 1) continue;
		let scrolls = false;
		for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
			const x = getComputedStyle(p).overflowX;
			if (x === 'auto' || x === 'scroll' || x === 'hidden') { scrolls = true; break; }
		}
		if (scrolls) continue;
		let name = el.tagName.toLowerCase();
		if (el.id) name += '#' + el.id;
		if (el.dataset.testid) name += '[data-testid=' + el.dataset.testid + ']';
		if (typeof el.className === 'string' && el.className.trim()) name += '.' + el.className.trim().split(/\s+/).join('.');
		const words = (el.innerText || el.getAttribute('aria-label') || el.value || '').trim().replace(/\s+/g, ' ').slice(0, 60);
		out.push(name + ' (right edge ' + Math.round(r.right) + ' px)' + (words ? ' "' + words + '"' : ''));
	}
	return out;
})()`

// Every phone page, in every state a player meets, in each of the seven
// languages at 390×844: nothing is wider than the screen and <html lang>
// is the language. The phone chooses its language with the selector (a
// cookie); the projector follows the event's language, so the events are
// switched to each language in turn. TENKAICHI_SCREENSHOTS=dir saves each
// page to look at.
func TestPhonePagesFitTheScreenInEveryLanguage(t *testing.T) {
	f := newA11yFixture(t)
	a, sat, sun, fin := f.a, f.sat, f.sun, f.fin
	type phonePage struct{ name, path string }
	player := func(name string, d *dayEvent, who string) phonePage {
		return phonePage{"player page, " + name, d.links[who]}
	}
	pages := []phonePage{
		{"registration", sun.path + "/register"},
		player("before pairing, a decklist with problems", sun, "Kim"),
		player("paired, waiting for a report", sat, sat.pending()),
		player("reported, waiting for the opponent to confirm", sat, sat.matchIn(storage.MatchReported, 1)),
		player("asked to confirm", sat, sat.matchIn(storage.MatchReported, 2)),
		player("a final result", sat, sat.winnerOfFinal()),
		player("disputed, judge called", sat, sat.disputed()),
		player("dropped", sat, "Ivy"),
		player("waitlisted", sat, "Jo"),
		player("best of three in the top cut", fin, fin.cutPlayer()),
		{"game tracker, start", f.gameFrom + "/game"},
		{"game tracker, an illegal step flagged", f.game},
		{"standings", sat.path + "/standings"},
		{"standings with a top cut", fin.path + "/standings"},
		{"projector", sat.path + "/projector"},
		{"projector, pairings by name", sat.path + "/projector?view=pairings"},
	}
	// An event played to its end: its players' pages show their placing.
	first, err := a.store.FirstShop(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	form := eventForm("Grand Final")
	form.Set("top_cut_size", "2")
	form.Set("swiss_rounds", "1")
	form.Set("player_cap", "")
	form.Set("store_id", fmt.Sprint(first.ID))
	id := createEventWith(t, f.org, form)
	end := &dayEvent{t: t, a: a, org: f.org, id: id, path: fmt.Sprintf("/events/%d", id), links: map[string]string{}, ids: map[string]int64{}}
	for _, name := range []string{"Quinn", "Rosa", "Sam", "Tao"} {
		end.addPlayer(name)
	}
	end.pairAndPublish(1)
	end.reportByPhones(1, false, firstNamed)
	end.startCut(2)
	end.reportByPhones(2, true, firstNamed)
	if s := eventStatus(t, a, end.id); s != storage.StatusFinished {
		t.Fatalf("Grand Final after its final: %s", s)
	}
	pages = append(pages,
		player("finished, the champion's placing", end, end.matchIn2(storage.MatchConfirmed, true)),
		player("finished, the runner-up's placing", end, end.matchIn2(storage.MatchConfirmed, false)),
		player("finished, out after the Swiss round", end, end.outAfterSwiss()),
		phonePage{"standings, finished", end.path + "/standings"},
		phonePage{"projector, finished", end.path + "/projector"},
	)
	shots := os.Getenv("TENKAICHI_SCREENSHOTS")
	ctx := phone(t)
	for _, l := range i18n.Languages() {
		lang := l.Code
		for _, d := range []*dayEvent{sat, sun, fin, end} {
			setEventLanguage(t, a, d.id, lang)
		}
		// The selector keeps the choice in a cookie for this phone.
		navigate(t, ctx, a.srv.URL+"/language?"+url.Values{"lang": {lang}, "back": {"/"}}.Encode())
		for _, p := range pages {
			navigate(t, ctx, a.srv.URL+p.path)
			if got := evalJS[string](t, ctx, `document.documentElement.lang`); got != lang {
				t.Errorf("%s, %s: <html lang=%q>", lang, p.name, got)
			}
			if wide := evalJS[[]string](t, ctx, tooWide); len(wide) > 0 {
				t.Errorf("%s, %s (%s): wider than a 390 px screen:\n  %s", lang, p.name, p.path, strings.Join(wide, "\n  "))
			}
			if shots != "" {
				png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
				if err != nil {
					t.Fatal(err)
				}
				name := fmt.Sprintf("%s-%s.png", lang, strings.NewReplacer(" ", "-", ",", "", "/", "-").Replace(p.name))
				if err := os.WriteFile(filepath.Join(shots, name), png, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

func setEventLanguage(t *testing.T, a *app, id int64, lang string) {
	t.Helper()
	ev, err := a.store.EventByID(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	ev.Language = lang
	if err := a.store.UpdateEvent(context.Background(), storage.Actor{Name: "test"}, ev); err != nil {
		t.Fatal(err)
	}
}

// matchIn2 is the winner (or the loser) of the first match of round 2 in
// the status.
func (d *dayEvent) matchIn2(status string, winner bool) string {
	d.t.Helper()
	for _, m := range d.roundMatches(2) {
		if m.Status != status || m.P2EntryID == nil {
			continue
		}
		p1, p2 := d.nameOf(m.P1EntryID), d.nameOf(*m.P2EntryID)
		if m.Result == storage.ResultP2 {
			p1, p2 = p2, p1
		}
		if winner {
			return p1
		}
		return p2
	}
	d.t.Fatalf("no match %s in round 2", status)
	return ""
}

// outAfterSwiss is a player who played the Swiss round and not the top cut.
func (d *dayEvent) outAfterSwiss() string {
	d.t.Helper()
	inCut := map[int64]bool{}
	for _, m := range d.roundMatches(2) {
		inCut[m.P1EntryID] = true
		if m.P2EntryID != nil {
			inCut[*m.P2EntryID] = true
		}
	}
	for name, id := range d.ids {
		if !inCut[id] {
			return name
		}
	}
	d.t.Fatal("everyone is in the top cut")
	return ""
}
