package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
	"github.com/tenkaichi-org/tenkaichi/storage/carddata"
	"github.com/tenkaichi-org/tenkaichi/storage/eventfile"
	"github.com/tenkaichi-org/tenkaichi/storage/judging"
	"github.com/tenkaichi-org/tenkaichi/storage/leagues"
)

// a11yState is one page in one state, for the accessibility audit: where it
// is, who looks at it, and, for the answer to a POST (a form sent with a
// mistake), how the browser gets there.
type a11yState struct {
	name  string
	route string // the router's pattern it covers, e.g. "/events/:id/rounds/:n"
	path  string // the address opened first
	staff bool   // seen signed in as the organiser
	// reach, when set, takes the browser from path to the state (it sends a
	// form, so the page audited is the answer to a POST).
	reach func(t *testing.T, ctx context.Context)
}

// a11yFixture is an app with events in every state a page can show:
// Saturday Cup (8 players in round 1, each table at another stage of
// reporting, a dropped and a waitlisted player, announcements, a judge
// call, a penalty, a game log), Sunday Cup (registration open, a decklist
// with problems) and Finals (a best-of-three top cut under way).
type a11yFixture struct {
	a        *app
	org      *browser
	sat      *dayEvent
	sun      *dayEvent
	fin      *dayEvent
	pan      *dayEvent // Panini Night: a DBZ event (main personalities, no rules engine)
	logPath  string    // a replayed game log with an illegal step
	recPath  string    // a log being recorded
	game     string    // a game on the tracker, with an illegal step, from a player's phone
	gameFrom string    // a player's link whose match has no tracked game yet
	matchID  int64     // a match of Saturday Cup
	check    int64     // a deck check under way at Saturday Cup
	drawBy   string    // proposed an intentional draw at Saturday Cup, to drawTo
	drawTo   string
	banList  string    // a ban list's page
	snapshot int64     // a snapshot of Saturday Cup
	deckText string    // a legal Fusion World deck
	store    int64     // a second store, with an organiser and a judge
	team     *dayEvent // Team Cup: a team event, round 1 under way (a11y_teams_test.go)
}

func newA11yFixture(t *testing.T) *a11yFixture {
	t.Helper()
	a := newApp(t)
	org := a.organiser()
	importCards(t, a)
	ctx := context.Background()
	f := &a11yFixture{a: a, org: org, deckText: string(fixture(t, "decklists/fs01-starter-son-goku.txt"))}

	// Saturday Cup: round 1 under way.
	f.sat = newDayEvent(t, a, org, "0", "Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kai", "Lou")
	sat := f.sat
	setEntry(t, a, sat.id, sat.ids["Jo"], func(e *storage.Entry) { e.Waitlisted = true })
	f.saveDeck(sat, "Ann", f.deckText)
	f.saveDeck(sat, "Ben", f.deckText+"\n4 FB01-056\n")
	if err := a.store.DropEntry(ctx, storage.Actor{Name: "test"}, sat.id, sat.ids["Ivy"], 0); err != nil {
		t.Fatal(err)
	}
	// A feature table, so the round page, a pairing page and a phone show it.
	satEvent, _ := a.store.EventByID(ctx, sat.id)
	satEvent.FeatureTables = "1"
	if err := a.store.UpdateEvent(ctx, storage.Actor{Name: "test"}, satEvent); err != nil {
		t.Fatal(err)
	}
	sat.pairAndPublish(1)
	r1 := sat.path + "/rounds/1"
	expectRedirect(t, "start the clock", org.post(r1, r1+"/clock", url.Values{"action": {"start"}}), r1)
	// Table by table: a report waiting for the opponent's confirmation, a
	// final result, a dispute with a judge called, and a table that has not
	// reported.
	ms := sat.roundMatches(1)
	if len(ms) < 4 {
		t.Fatalf("round 1 has %d matches", len(ms))
	}
	f.matchID = ms[0].ID
	both := func(m storage.Match, r1, r2 string) {
		p1, p2 := sat.nameOf(m.P1EntryID), sat.nameOf(*m.P2EntryID)
		expectRedirect(t, p1+" reports", sat.report(sat.phone(p1), p1, r1), sat.links[p1])
		if r2 != "" {
			expectRedirect(t, p2+" reports", sat.report(sat.phone(p2), p2, r2), sat.links[p2])
		}
	}
	both(ms[0], "won", "")
	both(ms[1], "won", "lost")
	both(ms[2], "won", "won")
	eve := sat.nameOf(ms[2].P1EntryID)
	expectRedirect(t, eve+" calls a judge", sat.phone(eve).post(sat.links[eve], sat.links[eve]+"/judge", nil), sat.links[eve])
	expectRedirect(t, "announce", org.post(sat.path+"/announcements", sat.path+"/announcements",
		url.Values{"text": {"Round 2 starts at 14:10. Lunch is in the back room."}}), sat.path+"/announcements")
	expectRedirect(t, "penalty", org.post(sat.path+"/penalties", sat.path+"/penalties",
		url.Values{"entry_id": {fmt.Sprint(sat.ids["Gus"])}, "kind": {"warning"}, "infraction": {"Slow play"}}), sat.path+"/penalties")
	f.check = f.deckChecks(t, sat, ms[3], ms[0])
	if len(ms) > 4 {
		f.drawBy, f.drawTo = sat.nameOf(ms[4].P1EntryID), sat.nameOf(*ms[4].P2EntryID)
		expectRedirect(t, "propose an intentional draw", sat.report(sat.phone(f.drawBy), f.drawBy, "intentional-draw"), sat.links[f.drawBy])
	}
	expectRedirect(t, "publish lists", org.post(sat.path+"/decks", sat.path+"/decks/settings", url.Values{"action": {"publish"}}), sat.path+"/decks")

	// A judge's game log with an illegal step, and one being recorded.
	base := sat.path + "/judge"
	r := org.post(base, base+"/logs", url.Values{"title": {"Table 4, game 1"}, "body": {firstTurnAttack}})
	if !logLink.MatchString(r.location) {
		t.Fatalf("upload a log: %d %q", r.status, r.location)
	}
	f.logPath = r.location + "?step=5"
	r = org.post(base, base+"/logs/new", url.Values{"title": {"Feature match"}, "p1": {"Ann"}, "p1_leader": {"FS01-01"}, "p2": {"Ben"}, "p2_leader": {"FS02-01"}})
	if r.status != 303 {
		t.Fatalf("start recording: %d\n%s", r.status, excerpt(r.body))
	}
	f.recPath = r.location

	// The table that has not reported plays on the game tracker; its first
	// player attacks on turn 1, which the rules do not allow.
	f.game = f.trackGame(t, sat, sat.pending(), "P1 first", "P1 keep", "P2 keep", "P1 draw", "P1 attack leader -> leader")
	f.gameFrom = sat.links[sat.matchIn(storage.MatchReported, 1)]

	// Sunday Cup: registration open; Kim's saved list is not legal.
	f.sun = newDayEvent(t, a, org, "0", "Kim")
	renameEvent(t, a, f.sun.id, "Sunday Cup")
	f.saveDeck(f.sun, "Kim", f.deckText+"\n4 FB01-056\n")

	// Finals: four players, one Swiss round, then a top 2, best of three.
	f.fin = newDayEvent(t, a, org, "2", "Lea", "Max", "Ned", "Oda")
	ev, _ := a.store.EventByID(ctx, f.fin.id)
	one := 1
	ev.SwissRounds, ev.Name = &one, "Finals"
	if err := a.store.UpdateEvent(ctx, storage.Actor{Name: "test"}, ev); err != nil {
		t.Fatal(err)
	}
	f.fin.pairAndPublish(1)
	f.fin.reportByPhones(1, false, firstNamed)
	f.fin.startCut(2)

	snaps, err := eventfile.New(a.store).Snapshots(ctx, sat.id)
	if err != nil || len(snaps) == 0 {
		t.Fatalf("no snapshot of Saturday Cup (%v)", err)
	}
	f.snapshot = snaps[0].ID

	// Panini Night: a Panini DBZ event with Pia's list (its Mastery under
	// the main personality) published.
	pf := eventForm("Panini Night")
	pf.Set("game", "panini-dbz")
	pf.Set("format", "panini-dbz")
	pf.Set("top_cut_size", "0")
	pid := createEventWith(t, org, pf)
	f.pan = &dayEvent{t: t, a: a, org: org, id: pid, path: "/events/" + strconv.FormatInt(pid, 10), links: map[string]string{}, ids: map[string]int64{}}
	f.pan.addPlayer("Pia")
	panini, err := rules.ReadCardsFile("../rules/testdata/panini-dbz-cards.csv")
	if err != nil {
		t.Fatal(err)
	}
	if err := carddata.New(a.store).ImportCards(ctx, storage.Actor{Name: "test"}, panini, nil); err != nil {
		t.Fatal(err)
	}
	f.saveDeck(f.pan, "Pia", string(fixture(t, "decklists/panini-goku.txt")))
	expectRedirect(t, "publish lists", org.post(f.pan.path+"/decks", f.pan.path+"/decks/settings", url.Values{"action": {"publish"}}), f.pan.path+"/decks")

	page := org.get("/cards")
	if i := strings.Index(page.body, `href="/banlists/`); i >= 0 {
		f.banList = page.body[i+6 : i+6+strings.Index(page.body[i+6:], `"`)]
	} else {
		t.Fatal("no ban list linked from /cards")
	}
	f.team = newTeamFixture(t, a, org) // before the second store: its form asks for none
	// A second store: the organiser (the instance admin) then runs two, so
	// lists name stores and forms ask for one.
	other := &accounts.Shop{Name: "Capsule Corp Games"}
	if err := accounts.New(a.store).CreateShop(ctx, storage.Actor{Name: "test"}, other); err != nil {
		t.Fatal(err)
	}
	f.store = other.ID
	a.signedInAt("bob", storage.RoleOrganiser, other.ID)
	a.signedInAt("joe", storage.RoleJudge, other.ID)
	return f
}

// trackGame starts the game tracker from a player's phone (naming the
// Leaders a registered list does not give) and enters lines from it; it
// returns the game's address on that phone.
func (f *a11yFixture) trackGame(t *testing.T, d *dayEvent, name string, lines ...string) string {
	t.Helper()
	link := d.links[name]
	phone := d.phone(name)
	// A registered list makes it a paper game: the tracker names its cards.
	if en, err := f.a.store.EntryByID(context.Background(), d.id, d.ids[name]); err != nil {
		t.Fatal(err)
	} else if en.DeckText == "" {
		f.saveDeck(d, name, f.deckText)
	}
	r := phone.post(link, link+"/game", url.Values{"leader_me": {"FS01-01"}, "leader_them": {"FS02-01"}})
	if r.status != 303 || !strings.Contains(r.location, "/games/") {
		t.Fatalf("start the tracker: %d %q\n%s", r.status, r.location, excerpt(r.body))
	}
	game := r.location
	for i, line := range lines {
		expectRedirect(t, line, phone.post(game, game, url.Values{"line": {line}, "step": {strconv.Itoa(i)}}), game)
	}
	return game
}

// saveDeck saves a player's decklist from their phone.
func (f *a11yFixture) saveDeck(d *dayEvent, name, deck string) {
	f.a.t.Helper()
	link := d.links[name]
	expectRedirect(f.a.t, name+"'s deck", d.phone(name).post(link, link+"/deck", url.Values{"deck": {deck}}), link)
}

func renameEvent(t *testing.T, a *app, id int64, name string) {
	t.Helper()
	ev, err := a.store.EventByID(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	ev.Name = name
	if err := a.store.UpdateEvent(context.Background(), storage.Actor{Name: "test"}, ev); err != nil {
		t.Fatal(err)
	}
}

func setEntry(t *testing.T, a *app, eventID, entryID int64, change func(*storage.Entry)) {
	t.Helper()
	en, err := a.store.EntryByID(context.Background(), eventID, entryID)
	if err != nil {
		t.Fatal(err)
	}
	change(en)
	if err := a.store.UpdateEntry(context.Background(), storage.Actor{Name: "test"}, "test", en); err != nil {
		t.Fatal(err)
	}
}

// states is every page of the app in the states the audit covers. A new
// page is a line here; TestEveryPageIsAudited fails for a page left out.
func (f *a11yFixture) states(t *testing.T) []a11yState {
	sat, sun, fin, pan := f.sat, f.sun, f.fin, f.pan
	player := func(name, who string, d *dayEvent) a11yState {
		return a11yState{name: "player page: " + name, route: "/p/:token", path: d.links[who]}
	}
	entry := func(d *dayEvent, who string) string { return d.path + "/players/" + strconv.FormatInt(d.ids[who], 10) }
	fresh := newApp(t) // for the setup page, which only a new installation shows
	tokensMade := 0    // the store tokens' state, run once per screen size
	out := []a11yState{
		{name: "home", route: "/", path: "/"},
		{name: "sign in", route: "/login", path: "/login"},
		{name: "sign in, wrong password", route: "/login", path: "/login", reach: func(t *testing.T, ctx context.Context) {
			send(t, ctx, map[string]string{"#username": "org", "#password": "not the password"}, `#password`)
		}},
		{name: "setup", route: "/setup", path: fresh.srv.URL + "/setup"},
		{name: "setup, passwords differ", route: "/setup", path: fresh.srv.URL + "/setup", reach: func(t *testing.T, ctx context.Context) {
			send(t, ctx, map[string]string{"#username": "org", "#password": "short", "#password2": "different"}, `#password2`)
		}},
		{name: "rulings lookup", route: "/rules", path: "/rules?q=blocker"},
		{name: "rule", route: "/rules/:rule", path: "/rules/8-1-1"},
		// What the engine reads from a card (issue 29): a line read, a line not read.
		{name: "card page", route: "/rules/cards/:number", path: "/rules/cards/FS01-03"},
		{name: "card page, a line not read", route: "/rules/cards/:number", path: "/rules/cards/FB06-119"},
		{name: "game log help", route: "/help/game-log", path: "/help/game-log"},
		{name: "event, public", route: "/events/:id", path: sun.path},
		{name: "registration", route: "/events/:id/register", path: sun.path + "/register"},
		{name: "registration, name missing", route: "/events/:id/register", path: sun.path + "/register", reach: func(t *testing.T, ctx context.Context) {
			send(t, ctx, map[string]string{"#player_name": "   "}, `#player_name`)
		}},
		{name: "standings, public", route: "/events/:id/standings", path: sat.path + "/standings"},
		{name: "standings with a top cut", route: "/events/:id/standings", path: fin.path + "/standings"},
		{name: "projector", route: "/events/:id/projector", path: sat.path + "/projector"},
		{name: "projector, pairings by name", route: "/events/:id/projector", path: sat.path + "/projector?view=pairings"},
		{name: "projector, top cut", route: "/events/:id/projector", path: fin.path + "/projector"},
		{name: "published decklists", route: "/events/:id/decklists", path: sat.path + "/decklists"},
		{name: "metagame", route: "/events/:id/metagame", path: sat.path + "/metagame"},
		{name: "match", route: "/events/:id/matches/:match", path: sat.path + "/matches/" + strconv.FormatInt(f.matchID, 10)},
		{name: "page not found", route: "", path: "/no-such-page"},

		player("no pairing yet, a list with problems", "Kim", sun),
		player("intentional draw proposed", f.drawBy, sat),
		player("intentional draw proposed to them", f.drawTo, sat),
		{name: "player page: paste refused", route: "/p/:token", path: sun.links["Kim"], reach: func(t *testing.T, ctx context.Context) {
			do(t, ctx,
				fill(`#deck`, "4 FS01-03 Master Roshi\n\x01\n"),
				leadsToNewPage(chromedp.Submit(chromedp.CSS(`#deck`))))
		}},
		{name: "player page: list saved, not legal", route: "/p/:token", path: sun.links["Kim"], reach: func(t *testing.T, ctx context.Context) {
			do(t, ctx,
				fill(`#deck`, f.deckText+"\n4 FB01-056\n"),
				leadsToNewPage(chromedp.Submit(chromedp.CSS(`#deck`))))
		}},
		player("reported, waiting for the opponent", sat.matchIn(storage.MatchReported, 1), sat),
		player("asked to confirm", sat.matchIn(storage.MatchReported, 2), sat),
		player("waiting for a report", sat.pending(), sat),
		player("a final result", sat.winnerOfFinal(), sat),
		player("a lost match", sat.loserOfFinal(), sat),
		player("disputed, judge called", sat.disputed(), sat),
		player("dropped", "Ivy", sat),
		player("waitlisted", "Jo", sat),
		player("best of three in the top cut", fin.cutPlayer(), fin),
		player("a Panini DBZ list", "Pia", pan),
		{name: "published decklists, main personalities", route: "/events/:id/decklists", path: pan.path + "/decklists"},
		{name: "metagame, main personalities", route: "/events/:id/metagame", path: pan.path + "/metagame"},
		{name: "card lookup of another game", route: "/rules", path: "/rules?game=panini-dbz&q=Goku"},
		{name: "game tracker: start", route: "/p/:token/game", path: f.gameFrom + "/game"},
		{name: "game tracker, an illegal step flagged", route: "/p/:token/games/:log", path: f.game},
		{name: "game tracker, a group open", route: "/p/:token/games/:log", path: f.game, reach: func(t *testing.T, ctx context.Context) {
			do(t, ctx, chromedp.Click(chromedp.CSS(`#grp-charge summary`)), chromedp.Click(chromedp.CSS(`#grp-line summary`)))
		}},
		{name: "game tracker, a line refused", route: "/p/:token/games/:log", path: f.game, reach: func(t *testing.T, ctx context.Context) {
			do(t, ctx, chromedp.Click(chromedp.CSS(`#grp-line summary`)), fill(`#tk-line`, "P1 jump"),
				leadsToNewPage(chromedp.Submit(chromedp.CSS(`#tk-line`))))
		}},

		{name: "events", route: "/events", path: "/events", staff: true},
		{name: "new event", route: "/events/new", path: "/events/new", staff: true},
		{name: "new event, errors", route: "/events/new", path: "/events/new", staff: true, reach: func(t *testing.T, ctx context.Context) {
			do(t, ctx, fill(`#name`, ""), fill(`#round_minutes`, "0"),
				leadsToNewPage(chromedp.Submit(chromedp.CSS(`#name`))))
		}},
		{name: "new event, Masters", route: "/events/new", path: "/events/new?game=masters", staff: true},
		{name: "event, staff", route: "/events/:id", path: sat.path, staff: true},
		{name: "event of another game, staff", route: "/events/:id", path: pan.path, staff: true},
		{name: "edit event, game fixed", route: "/events/:id/edit", path: pan.path + "/edit", staff: true},
		{name: "decks, main personalities", route: "/events/:id/decks", path: pan.path + "/decks", staff: true},
		{name: "judge console, no rules engine", route: "/events/:id/judge", path: pan.path + "/judge", staff: true},
		{name: "edit event", route: "/events/:id/edit", path: sat.path + "/edit", staff: true},
		{name: "delete event", route: "/events/:id/delete", path: sat.path + "/delete", staff: true},
		{name: "players", route: "/events/:id/players", path: sat.path + "/players", staff: true},
		{name: "players, same name", route: "/events/:id/players", path: sat.path + "/players", staff: true, reach: func(t *testing.T, ctx context.Context) {
			send(t, ctx, map[string]string{"#player_name": "Ann"}, `#player_name`)
		}},
		{name: "player detail", route: "/events/:id/players/:entry", path: entry(sat, "Ann"), staff: true},
		{name: "decks", route: "/events/:id/decks", path: sat.path + "/decks", staff: true},
		{name: "rounds", route: "/events/:id/rounds", path: sat.path + "/rounds", staff: true},
		{name: "pairing change", route: "/events/:id/matches/:match/pairing", path: sat.path + "/matches/" + strconv.FormatInt(f.matchID, 10) + "/pairing", staff: true},
		{name: "round", route: "/events/:id/rounds/:n", path: sat.path + "/rounds/1", staff: true},
		{name: "round, top cut", route: "/events/:id/rounds/:n", path: fin.path + "/rounds/2", staff: true},
		{name: "standings, staff", route: "/events/:id/standings", path: sat.path + "/standings", staff: true},
		{name: "penalties", route: "/events/:id/penalties", path: sat.path + "/penalties", staff: true},
		{name: "deck checks", route: "/events/:id/deckchecks", path: sat.path + "/deckchecks", staff: true},
		{name: "deck checks, outcome missing", route: "/events/:id/deckchecks", path: sat.path + "/deckchecks", staff: true, reach: func(t *testing.T, ctx context.Context) {
			id := strconv.FormatInt(f.check, 10)
			send(t, ctx, map[string]string{"#infraction-" + id: ""}, "#infraction-"+id)
		}},
		{name: "judge calls", route: "/events/:id/calls", path: sat.path + "/calls", staff: true},
		{name: "announcements", route: "/events/:id/announcements", path: sat.path + "/announcements", staff: true},
		{name: "judge console", route: "/events/:id/judge", path: sat.path + "/judge", staff: true},
		{name: "game log replay", route: "/events/:id/judge/logs/:log", path: f.logPath, staff: true},
		{name: "recording a game", route: "/events/:id/judge/logs/:log/record", path: f.recPath, staff: true},
		{name: "print: pairings", route: "/events/:id/print/pairings", path: sat.path + "/print/pairings", staff: true},
		{name: "print: slips", route: "/events/:id/print/slips", path: sat.path + "/print/slips", staff: true},
		{name: "print: standings", route: "/events/:id/print/standings", path: sat.path + "/print/standings", staff: true},
		{name: "print: bracket", route: "/events/:id/print/bracket", path: fin.path + "/print/bracket", staff: true},
		{name: "print: registration poster", route: "/events/:id/print/registration", path: sun.path + "/print/registration", staff: true},
		{name: "import an event", route: "/events/import", path: "/events/import", staff: true},
		{name: "cards", route: "/cards", path: "/cards", staff: true},
		{name: "ban list", route: "/banlists/:game/:effective", path: f.banList, staff: true},
		{name: "deck check", route: "/decks/check", path: "/decks/check", staff: true},
		{name: "deck check with problems", route: "/decks/check", path: "/decks/check", staff: true, reach: func(t *testing.T, ctx context.Context) {
			do(t, ctx,
				fill(`#deck`, f.deckText+"\n4 FB01-056\n"),
				leadsToNewPage(chromedp.Submit(chromedp.CSS(`#deck`))))
		}},
		{name: "snapshots", route: "/events/:id/snapshots", path: sat.path + "/snapshots", staff: true},
		{name: "restore a snapshot", route: "/events/:id/snapshots/:snap/restore", path: fmt.Sprintf("%s/snapshots/%d/restore", sat.path, f.snapshot), staff: true},
		{name: "settings", route: "/settings", path: "/settings", staff: true},
		{name: "account", route: "/account", path: "/account", staff: true},
		{name: "stores", route: "/stores", path: "/stores", staff: true},
		{name: "stores, name missing", route: "/stores", path: "/stores", staff: true, reach: func(t *testing.T, ctx context.Context) {
			send(t, ctx, map[string]string{"#name": ""}, `#name`)
		}},
		{name: "store", route: "/stores/:store", path: "/stores/" + strconv.FormatInt(f.store, 10), staff: true},
		{name: "store, unknown account", route: "/stores/:store", path: "/stores/" + strconv.FormatInt(f.store, 10), staff: true, reach: func(t *testing.T, ctx context.Context) {
			send(t, ctx, map[string]string{"#username": "nobody"}, `#username`)
		}},

		// Pushes (issue 27): the store's tokens, and an import of an event
		// the store already has.
		{name: "store tokens", route: "/stores/:store/tokens", path: "/stores/" + strconv.FormatInt(f.store, 10) + "/tokens", staff: true},
		{name: "store tokens, name missing", route: "/stores/:store/tokens", path: "/stores/" + strconv.FormatInt(f.store, 10) + "/tokens", staff: true,
			reach: func(t *testing.T, ctx context.Context) { send(t, ctx, map[string]string{"#name": ""}, `#name`) }},
		{name: "store tokens, one made and one revoked", route: "/stores/:store/tokens", path: "/stores/" + strconv.FormatInt(f.store, 10) + "/tokens", staff: true,
			reach: func(t *testing.T, ctx context.Context) {
				// Each screen size adds its own two tokens to the list.
				tokensMade++
				send(t, ctx, map[string]string{"#name": fmt.Sprintf("Old laptop %d", tokensMade)}, `#name`)
				do(t, ctx, leadsToNewPage(chromedp.Submit(chromedp.CSS(`form[action$="/revoke"] button`))))
				send(t, ctx, map[string]string{"#name": fmt.Sprintf("Shop laptop %d", tokensMade)}, `#name`)
			}},
		{name: "import an event, already there", route: "/events/import", path: "/events/import?existing=" + strconv.FormatInt(sat.id, 10), staff: true},
	}
	out = append(out, f.seasonStates(t)...)
	out = append(out, f.teamStates()...)
	out = append(out, twoDayStates(t, f.a, f.org)...) // two-day events
	return append(out, f.profileStates(t)...)
}

// profileStates are the players across events (server/profiles): the
// counter's suggestions, the store's directory with its possible
// duplicates, a profile as the store and as the player see it, and the
// player's own settings and removal, signed in from their phone link.
func (f *a11yFixture) profileStates(t *testing.T) []a11yState {
	t.Helper()
	ctx := context.Background()
	first, err := accounts.New(f.a.store).FirstShop(ctx)
	if err != nil {
		t.Fatal(err)
	}
	ann, err := f.a.store.EntryByID(ctx, f.sat.id, f.sat.ids["Ann"])
	if err != nil || ann.PlayerID == nil {
		t.Fatalf("Ann's player: %v", err)
	}
	me := f.sat.links["Ann"] + "/me"
	return []a11yState{
		{name: "players, names checked", route: "/events/:id/players", path: f.sat.path + "/players", staff: true, reach: func(t *testing.T, ctx context.Context) {
			do(t, ctx, fill(`#player_name`, "Ben"), leadsToNewPage(chromedp.Click(chromedp.CSS(`[data-testid=check-name]`))))
		}},
		{name: "store's players", route: "/stores/:store/players", path: "/stores/" + strconv.FormatInt(first.ID, 10) + "/players", staff: true},
		{name: "profile, staff", route: "/players/:id", path: "/players/" + strconv.FormatInt(*ann.PlayerID, 10), staff: true},
		{name: "own settings", route: "/me", path: me},
		{name: "profile, own", route: "/players/:id", path: me, reach: func(t *testing.T, ctx context.Context) {
			do(t, ctx, leadsToNewPage(chromedp.Click(chromedp.CSS(`[data-testid=open-profile]`))))
		}},
		{name: "removal, asked", route: "/me/remove", path: me, reach: func(t *testing.T, ctx context.Context) {
			do(t, ctx, leadsToNewPage(chromedp.Click(chromedp.CSS(`[data-testid=ask-removal]`))))
		}},
		// A player's own password: the sign-in form.
		{name: "player sign-in", route: "/me/signin", path: "/me/signin"},
	}
}

// deckChecks checks the decks at two tables: done finds a problem, the
// other is under way (its id is returned).
func (f *a11yFixture) deckChecks(t *testing.T, d *dayEvent, done, running storage.Match) int64 {
	t.Helper()
	page := d.path + "/deckchecks"
	for _, m := range []storage.Match{done, running} {
		expectRedirect(t, "deck check", f.org.post(page, page, url.Values{"table": {strconv.Itoa(*m.TableNo)}}), page)
	}
	checks, err := judging.New(f.a.store).DeckChecksOldestFirst(context.Background(), d.id)
	if err != nil || len(checks) != 2 {
		t.Fatalf("deck checks: %v %v", checks, err)
	}
	expectRedirect(t, "finish a deck check", f.org.post(page, page+"/"+strconv.FormatInt(checks[0].ID, 10),
		url.Values{"outcome": {"problem"}, "player": {strconv.FormatInt(done.P1EntryID, 10)}, "kind": {"warning"}, "infraction": {"Decklist problem"}}), page)
	return checks[1].ID
}

// send types values into fields (CSS selector -> text) and sends the form
// of the last one.
func send(t *testing.T, ctx context.Context, fields map[string]string, submit string) {
	t.Helper()
	var steps []chromedp.Action[chromedp.Void]
	for css, v := range fields {
		steps = append(steps, fill(css, v))
	}
	steps = append(steps, leadsToNewPage(chromedp.Submit(chromedp.CSS(submit))))
	do(t, ctx, steps...)
}

// matchIn is a player of the first match of round 1 in the status, the
// winner first when the result is final.
func (d *dayEvent) matchIn(status string, side int) string {
	for _, m := range d.roundMatches(1) {
		if m.Status != status || m.P2EntryID == nil {
			continue
		}
		p1, p2 := d.nameOf(m.P1EntryID), d.nameOf(*m.P2EntryID)
		if status == storage.MatchConfirmed && m.Result == storage.ResultP2 {
			p1, p2 = p2, p1
		}
		if side == 1 {
			return p1
		}
		return p2
	}
	d.t.Fatalf("no match %s", status)
	return ""
}

func (d *dayEvent) pending() string       { return d.matchIn(storage.MatchPending, 1) }
func (d *dayEvent) winnerOfFinal() string { return d.matchIn(storage.MatchConfirmed, 1) }
func (d *dayEvent) loserOfFinal() string  { return d.matchIn(storage.MatchConfirmed, 2) }
func (d *dayEvent) disputed() string      { return d.matchIn(storage.MatchDisputed, 1) }

// cutPlayer is a player of the top cut's first match.
func (d *dayEvent) cutPlayer() string {
	ms := d.roundMatches(2)
	if len(ms) == 0 {
		d.t.Fatal("no top-cut match")
	}
	return d.nameOf(ms[0].P1EntryID)
}

// axeSource is axe-core's script, installed from the npm registry by
// scripts/axe/install.sh (make test runs it) at the version its
// package-lock.json pins. Under CI=true a missing axe fails the test.
func axeSource(t *testing.T) string {
	t.Helper()
	path := os.Getenv("AXE_CORE_JS")
	if path == "" {
		msg := "AXE_CORE_JS is not set: run AXE_CORE_JS=$(scripts/axe/install.sh) go test ./server (make test does)"
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("axe-core: %v", err)
	}
	return string(src)
}

// fill sets a field's value as if typed, whatever it holds (an empty text,
// a control character).
func fill(css, value string) chromedp.Action[chromedp.Void] {
	q, _ := json.Marshal(css)
	v, _ := json.Marshal(value)
	return chromedp.Evaluate[chromedp.Void](`(() => { const el = document.querySelector(` + string(q) + `); el.value = ` + string(v) + `; el.dispatchEvent(new Event("input", {bubbles: true})); })()`)
}

// seasonStates are the season pages (server/seasons): a store's season
// over two finished events, with a final cut and a tie, and a regional
// league of both stores.
func (f *a11yFixture) seasonStates(t *testing.T) []a11yState {
	t.Helper()
	first, err := accounts.New(f.a.store).FirstShop(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	importFinished(t, f.a, first.ID, "Week 1", "2027-01-09", roundRobin{{"Ann>Bo", "Cy>Di"}, {"Ann>Cy", "Bo>Di"}, {"Ann>Di", "Bo>Cy"}})
	importFinished(t, f.a, first.ID, "Week 2", "2027-01-16", roundRobin{{"Bo>Ann", "Cy>Di"}, {"Cy>Ann", "Di>Bo"}, {"Di>Ann", "Cy>Bo"}})
	return f.seasonStatesOnly(t)
}

// seasonStatesOnly is seasonStates over the events the store has.
func (f *a11yFixture) seasonStatesOnly(t *testing.T) []a11yState {
	t.Helper()
	ctx := context.Background()
	first, err := accounts.New(f.a.store).FirstShop(ctx)
	if err != nil {
		t.Fatal(err)
	}
	lgs := leagues.New(f.a.store)
	day := func(s string) time.Time { d, _ := time.Parse(time.DateOnly, s); return d }
	se := &leagues.Season{Name: "Winter 2027", Game: "fusion-world", StartsOn: day("2027-01-01"), EndsOn: day("2027-03-31"),
		StoreID: &first.ID, PointsByPlacing: []int{3, 2, 1}, PointsAttendance: 1, FinalCut: 2,
		Tiebreakers: []string{"events_won", "best_placing"}, Public: true}
	lg := &leagues.Season{Name: "North league", Game: "fusion-world", StartsOn: day("2027-01-01"), EndsOn: day("2027-03-31"),
		StoreIDs: []int64{first.ID, f.store}, PointsWin: 1, Public: true}
	for _, s := range []*leagues.Season{se, lg} {
		if err := lgs.CreateSeason(ctx, storage.Actor{Name: "test"}, s); err != nil {
			t.Fatal(err)
		}
	}
	seasons := "/stores/" + strconv.FormatInt(first.ID, 10) + "/seasons"
	season := seasons + "/" + strconv.FormatInt(se.ID, 10)
	league := "/leagues/" + strconv.FormatInt(lg.ID, 10)
	board := "/seasons/" + strconv.FormatInt(se.ID, 10)
	return []a11yState{
		{name: "seasons of a store", route: "/stores/:store/seasons", path: seasons, staff: true},
		{name: "new season", route: "/stores/:store/seasons/new", path: seasons + "/new", staff: true},
		{name: "new season, bad fields", route: "/stores/:store/seasons/new", path: seasons + "/new", staff: true, reach: func(t *testing.T, ctx context.Context) {
			send(t, ctx, map[string]string{"#name": "", "#points_by_placing": "3, x", "#best_n": "-1"}, `#name`)
		}},
		{name: "edit a season", route: "/stores/:store/seasons/:season/edit", path: season + "/edit", staff: true},
		{name: "delete a season", route: "/stores/:store/seasons/:season/delete", path: season + "/delete", staff: true},
		{name: "events of a season", route: "/stores/:store/seasons/:season/events", path: season + "/events", staff: true},
		{name: "regional leagues", route: "/leagues", path: "/leagues", staff: true},
		{name: "new regional league", route: "/leagues/new", path: "/leagues/new", staff: true},
		{name: "edit a regional league", route: "/leagues/:league/edit", path: league + "/edit", staff: true},
		{name: "delete a regional league", route: "/leagues/:league/delete", path: league + "/delete", staff: true},
		{name: "events of a regional league", route: "/leagues/:league/events", path: league + "/events", staff: true},
		{name: "leaderboard, public", route: "/seasons/:season", path: board},
		{name: "leaderboard, organiser", route: "/seasons/:season", path: board, staff: true},
		{name: "leaderboard, projector", route: "/seasons/:season/projector", path: board + "/projector"},
		{name: "leaderboard, print", route: "/seasons/:season/print", path: board + "/print"},
	}
}
