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
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// tooWide lists what makes a page wider than the screen, or cuts its text
// short, each named by tag, id, test id, classes and the start of its
// text, so a failure says which:
//   - the document itself when it scrolls sideways;
//   - every element, and every line of text, whose right edge passes the
//     screen's, except inside a box that scrolls sideways (its content may
//     be wide); such a box itself must fit the screen;
//   - a box that scrolls sideways when its content is wider than it, but
//     for those that scroll by design (scrollsByDesign: a table of many
//     columns in its .scroll-box, the game log example). app.css makes
//     every table a scroll box, so that a table too wide for the screen
//     is not cut off; on a phone page such a table is a page too wide;
//   - a box that cuts off what it holds (overflow hidden or clip), with
//     "…" (text-overflow: ellipsis) or without, but for players' names
//     (clipsByDesign: on the projector a long name ends in "…").
const tooWide = `(() => {
	const scrollsByDesign = '.scroll-box, pre.log-example';
	const clipsByDesign = 'td.name, .bt-name, .pn-name, .pn-opp';
	const out = [];
	const de = document.documentElement;
	if (de.scrollWidth > de.clientWidth) out.push('the document: scrollWidth ' + de.scrollWidth + ' > clientWidth ' + de.clientWidth);
	// The screen's width: a phone's browser zooms out to show a page too
	// wide whole, and window.innerWidth then grows with the page.
	const edge = de.clientWidth + 1;
	const name = (el) => {
		let n = el.tagName.toLowerCase();
		if (el.id) n += '#' + el.id;
		if (el.dataset.testid) n += '[data-testid=' + el.dataset.testid + ']';
		if (typeof el.className === 'string' && el.className.trim()) n += '.' + el.className.trim().split(/\s+/).join('.');
		const words = (el.innerText || el.getAttribute('aria-label') || el.value || '').trim().replace(/\s+/g, ' ').slice(0, 60);
		return n + (words ? ' "' + words + '"' : '');
	};
	const boxed = (el) => getComputedStyle(el).overflowX !== 'visible';
	const inScrollBox = (el) => {
		for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
			if (boxed(p)) return true;
		}
		return false;
	};
	for (const el of document.body.querySelectorAll('*')) {
		const r = el.getBoundingClientRect();
		// A box of 1 px that hides what it holds is for screen readers
		// (.visually-hidden).
		if (r.width <= 1 && r.height <= 1) continue;
		const s = getComputedStyle(el);
		const wider = el.scrollWidth > el.clientWidth + 1;
		if (boxed(el) && wider) {
			if (s.overflowX === 'hidden' || s.overflowX === 'clip') {
				if (!el.matches(clipsByDesign)) out.push(name(el) + ' cuts off what it holds (' + el.scrollWidth + ' px in ' + el.clientWidth + ' px' + (s.textOverflow === 'ellipsis' ? ', ending in "…"' : '') + ')');
			} else if (!el.matches(scrollsByDesign)) {
				out.push(name(el) + ' scrolls sideways (' + el.scrollWidth + ' px in ' + el.clientWidth + ' px)');
			}
		}
		if (r.right <= edge || (!boxed(el) && inScrollBox(el))) continue;
		out.push(name(el) + (boxed(el) ? ', a box that scrolls sideways,' : '') + ' (right edge ' + Math.round(r.right) + ' px)');
	}
	// Text passes the screen's edge where its element does not (a long
	// line in a <pre>).
	const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
	const range = document.createRange();
	for (let n = walk.nextNode(); n; n = walk.nextNode()) {
		const el = n.parentElement;
		if (!n.data.trim() || !el || inScrollBox(n)) continue;
		range.selectNodeContents(n);
		const right = Math.max(0, ...[...range.getClientRects()].map(r => r.right));
		if (right > edge && el.getBoundingClientRect().right <= edge) out.push('the text of ' + name(el) + ' (right edge ' + Math.round(right) + ' px)');
	}
	return [...new Set(out)];
})()`

// Every phone page, in every state a player meets, in each of the seven
// languages at 390×844: nothing is wider than the screen or cut short and
// <html lang> is the language. The pages are the accessibility audit's
// (a11yFixture.states) that need no account, but for first-run setup and
// signing in, and a finished event's. The phone chooses its language with
// the selector (a cookie); the projector follows the event's language, so
// the events are switched to each language in turn.
// TENKAICHI_SCREENSHOTS=dir saves each page to look at.
func TestPhonePagesFitTheScreenInEveryLanguage(t *testing.T) {
	t.Parallel()
	f := newA11yFixture(t)
	a, sat, sun, fin, pan := f.a, f.sat, f.sun, f.fin, f.pan
	var pages []phonePage
	for _, st := range f.states(t) {
		if st.staff || st.route == "/setup" || st.route == "/login" {
			continue
		}
		pages = append(pages, phonePage{st.name, st.path, st.reach})
	}
	player := func(name string, d *dayEvent, who string) phonePage {
		return phonePage{name: "player page: " + name, path: d.links[who]}
	}
	// An event played to its end: its players' pages show their placing.
	first, err := accounts.New(a.store).FirstShop(context.Background())
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
		phonePage{name: "standings, finished", path: end.path + "/standings"},
		phonePage{name: "projector, finished", path: end.path + "/projector"},
	)
	shots := os.Getenv("TENKAICHI_SCREENSHOTS")
	for _, l := range i18n.Languages() {
		lang := l.Code
		t.Run(lang, func(t *testing.T) { checkPhonePages(t, a, lang, shots, pages, sat, sun, fin, pan, end, f.team) })
	}
}

// phonePage is a page a phone opens, and how it gets to the state checked.
type phonePage struct {
	name, path string
	reach      func(t *testing.T, ctx context.Context) // as a11yState's
}

// checkPhonePages opens every page in lang on a phone of its own (a
// Chromium's time is limited), the events switched to lang for the
// projector.
func checkPhonePages(t *testing.T, a *app, lang, shots string, pages []phonePage, events ...*dayEvent) {
	for _, d := range events {
		setEventLanguage(t, a, d.id, lang)
	}
	ctx := phone(t)
	// The selector keeps the choice in a cookie for this phone.
	navigate(t, ctx, a.srv.URL+"/language?"+url.Values{"lang": {lang}, "back": {"/"}}.Encode())
	for _, p := range pages {
		u := p.path
		if !strings.HasPrefix(u, "http") {
			u = a.srv.URL + u
		}
		navigate(t, ctx, u)
		if p.reach != nil {
			p.reach(t, ctx)
		}
		if got := evalJS[string](t, ctx, `document.documentElement.lang`); got != lang {
			t.Errorf("%s, %s: <html lang=%q>", lang, p.name, got)
		}
		if wide := evalJS[[]string](t, ctx, tooWide); len(wide) > 0 {
			t.Errorf("%s, %s (%s): wider than a 390 px screen or cut short:\n  %s", lang, p.name, p.path, strings.Join(wide, "\n  "))
		}
		if shots != "" {
			png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
			if err != nil {
				t.Fatal(err)
			}
			name := fmt.Sprintf("%s-%s.png", lang, strings.NewReplacer(" ", "-", ",", "", "/", "-", ":", "", "'", "").Replace(p.name))
			if err := os.WriteFile(filepath.Join(shots, name), png, 0o644); err != nil {
				t.Fatal(err)
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
