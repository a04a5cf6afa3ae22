package server_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// longDay1Name is a player's name of 30 characters.
const longDay1Name = "Maximiliana Bartholomew-Quincy"

// nameShownWhole lists what cuts the standings' cell of the player named
// (the name or its mark): a box of the cell narrower than what it holds
// that hides the rest or ends it in "…", and the name's text passing the
// cell's or the screen's edge.
const nameShownWhole = `((who) => {
	const cell = [...document.querySelectorAll('[data-testid=projector-standings] td.name')].find(td => td.textContent.includes(who));
	if (!cell) return ['no standings cell holds ' + who];
	const out = [];
	for (const el of [cell, ...cell.querySelectorAll('*')]) {
		const s = getComputedStyle(el);
		if (el.scrollWidth > el.clientWidth + 1 && s.overflowX !== 'visible') out.push(el.className + ' cuts off what it holds (' + el.scrollWidth + ' px in ' + el.clientWidth + ' px)');
		if (s.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1) out.push(el.className + ' ends in "…"');
	}
	const name = cell.querySelector('[data-testid=projector-name]');
	if (!name || name.textContent.trim() !== who) return out.concat(['the name element says ' + (name && name.textContent)]);
	const range = document.createRange();
	range.selectNodeContents(name);
	const box = cell.getBoundingClientRect();
	const edge = Math.min(box.right, document.documentElement.clientWidth) + 1;
	for (const r of range.getClientRects()) {
		if (r.right > edge || r.left < box.left - 1) out.push('the name passes the edge (' + Math.round(r.left) + '–' + Math.round(r.right) + ' px, the cell ' + Math.round(box.left) + '–' + Math.round(box.right) + ' px)');
	}
	return out;
})`

// The standings projector of a two-day event marks the players who
// finished on day 1, on a venue screen (1280×800) and a phone (390×844),
// in every language. The mark costs no name: a name of 30 characters
// shows whole beside or above its mark, and the standings still fit the
// venue screen without scrolling. TENKAICHI_SCREENSHOTS=dir keeps the
// pages to look at.
func TestTwoDayProjectorMarksDay1InTheBrowser(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	d, advanced := twoDayPlayedOut(t, a, a.organiser())
	renameDay1Player(t, a, d, advanced)
	for _, l := range i18n.Languages() {
		lang := l.Code
		setEventLanguage(t, a, d.id, lang)
		for _, size := range []struct {
			name string
			w, h int64
			open func(t *testing.T) context.Context
		}{
			{"1280", 1280, 800, func(t *testing.T) context.Context { return screen(t, 1280, 800) }},
			{"390", 390, 844, phone},
		} {
			ctx := size.open(t)
			navigate(t, ctx, a.srv.URL+d.path+"/projector?top=8")
			waitFor(t, ctx, `[data-testid="projector-finished-day1"]`)
			if n := evalJS[int](t, ctx, `document.querySelectorAll('[data-testid=projector-standings] [data-testid=projector-finished-day1]').length`); n != 4 {
				t.Errorf("%s, %s: the projector's standings mark %d players as finished on day 1, want 4", lang, size.name, n)
			}
			if cut := evalJS[[]string](t, ctx, nameShownWhole+"("+jsString(longDay1Name)+")"); len(cut) > 0 {
				t.Errorf("%s, %s: the name of 30 characters marked as finished on day 1 is cut:\n  %s", lang, size.name, strings.Join(cut, "\n  "))
			}
			if size.name == "1280" {
				if over := evalJS[int](t, ctx, `(() => { const s = document.querySelector('.projector-standings'); return s.scrollHeight - s.clientHeight; })()`); over > 0 {
					t.Errorf("%s, 1280×800: the standings need %d px more than the screen", lang, over)
				}
			} else if wide := evalJS[[]string](t, ctx, tooWide); len(wide) > 0 {
				t.Errorf("%s, 390×844: wider than the screen or cut short:\n  %s", lang, strings.Join(wide, "\n  "))
			}
			screenshot(t, ctx, "two-day-projector-"+lang+"-"+size.name)
		}
	}
}

// renameDay1Player gives a player who finished on day 1 the name of 30
// characters.
func renameDay1Player(t *testing.T, a *app, d *dayEvent, advanced []string) {
	t.Helper()
	if len([]rune(longDay1Name)) != 30 {
		t.Fatalf("%q has %d characters", longDay1Name, len([]rune(longDay1Name)))
	}
	for _, name := range eightPlayers {
		if slices.Contains(advanced, name) {
			continue
		}
		en, err := a.store.EntryByID(context.Background(), d.id, d.ids[name])
		if err != nil {
			t.Fatal(err)
		}
		en.PlayerName = longDay1Name
		if err := a.store.UpdateEntry(context.Background(), storage.Actor{Name: "test"}, "edit", en); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Fatal("every player advanced")
}
