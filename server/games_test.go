package server_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/carddata"
)

// gameCase is one game's event, run end to end through the web pages.
type gameCase struct {
	game, format, gameName, formatName string
	cards                              map[string][]byte // card lists (and ban lists) imported on /cards
	banList                            []byte
	roundMinutes, extraTurns           string // the form's defaults for the game
	legal                              string // a legal list of the game
	illegal                            string // a list the game's rules refuse
	problem                            string // what the check says about it
	leaderHeading                      string // the decks page's column
	leader                             string // Ann's deck on the decks page and in the metagame
	headline                           string // over Ann's published list
	metaHeading, colourHeading         string // the metagame's two sections
	colour                             string // Ann's colour or Mastery style, with its players (Ben's list too, if it has it)
	sizes                              string // the check's sizes line for the legal list
}

func gameCases(t *testing.T) []gameCase {
	masters := string(fixture(t, "decklists/masters-champa.txt"))
	score := string(fixture(t, "decklists/score-goku.txt"))
	panini := string(fixture(t, "decklists/panini-goku.txt"))
	return []gameCase{{
		game: "masters", format: "masters-standard", gameName: "Dragon Ball Super Card Game Masters", formatName: "Masters: Standard",
		cards:        map[string][]byte{"masters-cards.json": fixture(t, "masters-cards.json")},
		banList:      fixture(t, "masters-banlist-2026-06.json"),
		roundMinutes: "60", extraTurns: "1",
		// BT13-149 x7 follows its own text; BT10-044 is banned "From January
		// 1, 2023 onward" by a list published after the event's date.
		legal: masters, illegal: masters + "1 BT10-044\n",
		problem:       "BT10-044 SS Trunks, God-Sealing Technique is banned (ban list in force on 1 June 2026: Masters list of June 19, 2026)",
		leaderHeading: "Leader", leader: "Champa (BT1-001)", headline: "Leader: Champa (BT1-001)",
		metaHeading: "Leaders", colourHeading: "Colours", colour: "Red 3",
		sizes: "Main deck: 57 cards; Z-Deck: 0 cards.",
	}, {
		game: "score-dbz", format: "score-dbz", gameName: "Dragon Ball Z CCG (Score, 2000)", formatName: "Score DBZ CCG: Constructed",
		cards:        map[string][]byte{"score-dbz-cards.csv": rulesFixture(t, "score-dbz-cards.csv")},
		roundMinutes: "35", extraTurns: "3",
		legal: score, illegal: score + "1 SDBZ-022 Krillin Lv 2\n",
		problem:       "The ally Krillin is not a whole set: it has no level 1 card",
		leaderHeading: "Main personality", leader: "Goku", headline: "Main personality: Goku",
		metaHeading: "Main personalities", colourHeading: "Mastery styles",
		sizes: "Deck, counting the main personality and the Mastery: 54 cards; Sensei deck: 0 cards.",
	}, {
		game: "panini-dbz", format: "panini-dbz", gameName: "Dragon Ball Z TCG (Panini, 2014)", formatName: "Panini DBZ TCG: Constructed",
		cards:        map[string][]byte{"panini-dbz-cards.csv": rulesFixture(t, "panini-dbz-cards.csv")},
		roundMinutes: "35", extraTurns: "3",
		// The Mastery listed under the main personality is found; without
		// it the deck has none.
		legal: panini, illegal: strings.Replace(panini, "1 PDBZ-060 Saiyan Mastery\n", "", 1),
		problem:       "The deck has no Mastery; this format needs exactly 1",
		leaderHeading: "Main personality", leader: "Goku", headline: "Main personality: Goku · Saiyan Mastery",
		metaHeading: "Main personalities", colourHeading: "Mastery styles", colour: "Saiyan 2",
		sizes: "Life deck: 60 cards.",
	}}
}

var (
	inputValue  = func(name string) *regexp.Regexp { return regexp.MustCompile(`name="` + name + `"[^>]*value="([^"]*)"`) }
	formatOpts  = regexp.MustCompile(`<option value="([^"]+)"`)
	formatBlock = regexp.MustCompile(`(?s)<select id="format" name="format">(.*?)</select>`)
)

// An organiser creates a Masters, a Score DBZ and a Panini DBZ event from the
// form, players register and paste lists on their phones, the lists are
// checked by the game's own rules against its own cards and ban list, the
// staff and public pages speak of Leaders or main personalities, and a Swiss
// round is paired, reported and confirmed.
func TestEventsOfEveryGameRunEndToEnd(t *testing.T) {
	t.Parallel()
	for _, gc := range gameCases(t) {
		t.Run(gc.game, func(t *testing.T) {
			a := newApp(t)
			org := a.organiser()
			for name, data := range gc.cards {
				expectRedirect(t, "import "+name, org.upload("/cards", "/cards/import", "file", name, data), "/cards")
			}
			if gc.banList != nil {
				expectRedirect(t, "save ban list", org.post("/cards", "/banlists", url.Values{"banlist": {string(gc.banList)}}), "/cards")
			}

			// The form of the game: its formats only, its defaults.
			page := org.get("/events/new?game=" + gc.game)
			expectStatus(t, "new event form", page, http.StatusOK)
			if m := inputValue("game").FindStringSubmatch(page.body); m == nil || m[1] != gc.game {
				t.Fatalf("form's game %v, want %s", m, gc.game)
			}
			sel := formatBlock.FindStringSubmatch(page.body)
			if sel == nil {
				t.Fatalf("no format select:\n%s", excerpt(page.body))
			}
			var offered []string
			for _, m := range formatOpts.FindAllStringSubmatch(sel[1], -1) {
				offered = append(offered, m[1])
			}
			if strings.Join(offered, ",") != gc.format {
				t.Errorf("formats offered %v, want only %s", offered, gc.format)
			}
			for field, want := range map[string]string{"round_minutes": gc.roundMinutes, "extra_turns": gc.extraTurns, "top_cut_best_of": ""} {
				if want == "" {
					continue
				}
				if m := inputValue(field).FindStringSubmatch(page.body); m == nil || m[1] != want {
					t.Errorf("default %s %v, want %s", field, m, want)
				}
			}
			f := eventForm(gc.gameName + " Cup")
			f.Set("game", gc.game)
			f.Set("format", gc.format)
			f.Set("date", "2026-06-01")
			f.Set("round_minutes", gc.roundMinutes)
			f.Set("extra_turns", gc.extraTurns)
			r := org.post("/events/new?game="+gc.game, "/events", f)
			m := eventPath.FindStringSubmatch(r.location)
			if r.status != http.StatusSeeOther || m == nil {
				t.Fatalf("create: %d %q\n%s", r.status, r.location, excerpt(r.body))
			}
			id, _ := strconv.ParseInt(m[1], 10, 64)
			path := "/events/" + m[1]
			ev, err := a.store.EventByID(context.Background(), id)
			if err != nil || ev.Game != gc.game || ev.Format != gc.format || strconv.Itoa(ev.RoundMinutes) != gc.roundMinutes {
				t.Fatalf("stored event %+v (%v)", ev, err)
			}
			n, _ := carddata.New(a.store).CountCards(context.Background(), rules.Game(gc.game))
			facts := pfText(org.get(path).body)
			for _, want := range []string{gc.gameName, "Card pool " + strconv.FormatInt(n, 10) + " ", "Ban list"} {
				if !strings.Contains(facts, want) {
					t.Errorf("event page lacks %q:\n%s", want, facts)
				}
			}

			// Players register themselves and paste their lists.
			d := &dayEvent{t: t, a: a, org: org, id: id, path: path, links: map[string]string{}, ids: map[string]int64{}}
			phones := map[string]*browser{}
			for _, name := range []string{"Ann", "Ben", "Cid", "Dee"} {
				b := a.browser()
				r := b.post(path+"/register", path+"/register", url.Values{"player_name": {name}})
				if r.status != http.StatusSeeOther || !strings.HasPrefix(r.location, "/p/") {
					t.Fatalf("register %s: %d %q\n%s", name, r.status, r.location, excerpt(r.body))
				}
				phones[name], d.links[name] = b, r.location
			}
			entries, _ := a.store.Entries(context.Background(), id)
			for _, en := range entries {
				d.ids[en.PlayerName] = en.ID
			}
			home := pfText(phones["Ann"].get(d.links["Ann"]).body)
			if !strings.Contains(home, gc.formatName) {
				t.Errorf("player page does not say the list is for %s:\n%s", gc.formatName, home)
			}
			for name, list := range map[string]string{"Ann": gc.legal, "Ben": gc.illegal, "Cid": gc.legal} {
				link := d.links[name]
				expectRedirect(t, name+" saves", phones[name].post(link, link+"/deck", url.Values{"deck": {list}}), link)
			}
			ann := pfText(phones["Ann"].get(d.links["Ann"]).body)
			if !strings.Contains(ann, "This deck is legal.") || !strings.Contains(ann, gc.sizes) {
				t.Errorf("Ann's legal list:\n%s", ann)
			}
			ben := pfText(phones["Ben"].get(d.links["Ben"]).body)
			if !strings.Contains(ben, "This deck is not legal: 1 problem.") || !strings.Contains(ben, gc.problem) {
				t.Errorf("Ben's list, want %q:\n%s", gc.problem, ben)
			}
			if en, _ := a.store.EntryByID(context.Background(), id, d.ids["Ben"]); en.DeckStatus != storage.DeckIllegal {
				t.Errorf("Ben's stored status %s", en.DeckStatus)
			}

			// The staff's decks page speaks the game's words.
			decks := org.get(path + "/decks")
			text := pfText(decks.body)
			if !strings.Contains(decks.body, "<th>"+gc.leaderHeading+"</th>") || !strings.Contains(text, "2 legal · 1 not legal · 1 missing") ||
				!strings.Contains(text, "Ann Legal "+gc.leader) || !strings.Contains(text, "Lists are checked for "+gc.formatName) {
				t.Errorf("decks page:\n%s", text)
			}
			if strings.Contains(decks.body, `data-testid="pool-warning"`) {
				t.Errorf("decks page warns of a missing card pool")
			}

			// A Swiss round, reported from the phones and confirmed.
			d.pairAndPublish(1)
			r1, _ := a.store.RoundByNumber(context.Background(), id, 1)
			ms, _ := a.store.Matches(context.Background(), r1.ID)
			names := map[int64]string{}
			for n, id := range d.ids {
				names[id] = n
			}
			if len(ms) != 2 {
				t.Fatalf("4 players, %d matches", len(ms))
			}
			// The game tracker is Fusion World's: not offered, not there.
			if home := phones["Ann"].get(d.links["Ann"]); strings.Contains(home.body, `data-testid="open-tracker"`) {
				t.Errorf("the player page of a %s event offers the game tracker", gc.game)
			}
			tracker := phones["Ann"].get(d.links["Ann"] + "/game")
			expectStatus(t, "game tracker of a "+gc.game+" event", tracker, http.StatusNotFound)
			if !strings.Contains(pfText(tracker.body), "records Fusion World games only; this event is "+gc.gameName) {
				t.Errorf("game tracker's refusal:\n%s", excerpt(tracker.body))
			}
			start := phones["Ann"].post(d.links["Ann"], d.links["Ann"]+"/game", url.Values{"game": {"1"}})
			expectStatus(t, "starting the game tracker of a "+gc.game+" event", start, http.StatusNotFound)
			for _, mt := range ms {
				winner, loser := names[mt.P1EntryID], names[*mt.P2EntryID]
				expectRedirect(t, winner+" reports", d.report(phones[winner], winner, "won"), d.links[winner])
				page := phones[loser].get(d.links[loser])
				res := regexp.MustCompile(`name="result" value="(p[12])"`).FindStringSubmatch(page.body)
				if res == nil {
					t.Fatalf("%s is not asked to confirm:\n%s", loser, excerpt(page.body))
				}
				r := phones[loser].post(d.links[loser], d.links[loser]+"/report",
					url.Values{"match": {strconv.FormatInt(mt.ID, 10)}, "result": {res[1]}, "games": {"same"}})
				expectRedirect(t, loser+" confirms", r, d.links[loser])
				if page := phones[winner].get(d.links[winner]); !strings.Contains(page.body, "3 points (1-0-0)") {
					t.Errorf("%s's standing after the win:\n%s", winner, excerpt(page.body))
				}
			}
			ms, _ = a.store.Matches(context.Background(), r1.ID)
			for _, mt := range ms {
				if mt.Status != storage.MatchConfirmed {
					t.Errorf("match %d is %s", mt.ID, mt.Status)
				}
			}

			// Published lists and the metagame group decks by the game's words.
			expectRedirect(t, "publish", org.post(path+"/decks", path+"/decks/settings", url.Values{"action": {"publish"}}), path+"/decks")
			lists := pfText(a.browser().get(path + "/decklists").body)
			if !strings.Contains(lists, "Ann "+gc.headline) {
				t.Errorf("published lists lack %q:\n%s", gc.headline, lists)
			}
			meta := a.browser().get(path + "/metagame")
			expectStatus(t, "metagame", meta, http.StatusOK)
			mt := pfText(meta.body)
			for _, want := range []string{gc.metaHeading, gc.colourHeading, gc.leader} {
				if !strings.Contains(mt, want) {
					t.Errorf("metagame lacks %q:\n%s", want, mt)
				}
			}
			if gc.colour != "" && !strings.Contains(mt, gc.colour+" ") {
				t.Errorf("metagame lacks the row %q:\n%s", gc.colour, mt)
			}

			// The judge console says the engine is Fusion World's and offers no logs.
			console := org.get(path + "/judge")
			ct := pfText(console.body)
			if !strings.Contains(ct, "cover Fusion World only") || !strings.Contains(ct, gc.gameName) || strings.Contains(console.body, `/judge/logs"`) {
				t.Errorf("judge console:\n%s", ct)
			}
			r = org.post(path+"/judge", path+"/judge/logs", url.Values{"title": {"Table 1"}, "body": {"[Seed \"1\"]\n"}})
			expectStatus(t, "log upload on a "+gc.game+" event", r, http.StatusConflict)
			if !strings.Contains(pfText(r.body), "replays Fusion World games only") {
				t.Errorf("refusal:\n%s", excerpt(r.body))
			}
			lookup := pfText(org.get("/rules?game=" + gc.game + "&q=Goku").body)
			if !strings.Contains(lookup, "cover Fusion World only") || strings.Contains(lookup, "Rules (") {
				t.Errorf("rulings lookup for %s:\n%s", gc.game, lookup)
			}

			// Print sheets name the game.
			slips := pfText(org.get(path + "/print/slips?round=1").body)
			if !strings.Contains(slips, gc.formatName) {
				t.Errorf("slips lack %q:\n%s", gc.formatName, slips)
			}
		})
	}
}

// The event form offers each game with its formats and checks that they
// belong together; the game is fixed once players have saved decklists.
func TestEventFormGameAndFormatBelongTogether(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	page := pfText(org.get("/events/new").body)
	for _, want := range []string{
		"Dragon Ball Super Card Game Fusion World Chosen Formats: Standard, Draft, Sealed",
		"Dragon Ball Super Card Game Masters Format: Standard Defaults: 60 minutes a round",
		"Dragon Ball Z CCG (Score, 2000) Format: Constructed",
		"Dragon Ball Z TCG (Panini, 2014) Format: Constructed",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("new event page lacks %q:\n%s", want, page)
		}
	}
	for _, tc := range []struct{ game, format, want string }{
		{"masters", "fw-standard", "Choose a format of Dragon Ball Super Card Game Masters: Standard."},
		{"score-dbz", "panini-dbz", "Choose a format of Dragon Ball Z CCG (Score, 2000): Constructed."},
		{"fusion-world", "masters-standard", "Choose a format of Dragon Ball Super Card Game Fusion World: Standard, Draft, Sealed."},
		{"one-piece", "op-standard", "Choose a game from the list."},
	} {
		f := eventForm("Mixed")
		f.Set("game", tc.game)
		f.Set("format", tc.format)
		r := org.post("/events/new", "/events", f)
		expectStatus(t, tc.game+"/"+tc.format, r, http.StatusUnprocessableEntity)
		if !strings.Contains(pfText(r.body), tc.want) {
			t.Errorf("%s/%s: no %q in\n%s", tc.game, tc.format, tc.want, pfText(r.body))
		}
	}
	if es, _ := a.store.Events(context.Background()); len(es) != 0 {
		t.Fatalf("mismatched game and format created %d events", len(es))
	}

	// An event's edit form moves it to another game with one of its formats.
	id := createEvent(t, org, "Switch Cup")
	path := fmt.Sprintf("/events/%d", id)
	edit := org.get(path + "/edit")
	if !strings.Contains(edit.body, `<optgroup label="Masters">`) || !strings.Contains(edit.body, `<select id="game" name="game">`) {
		t.Fatalf("edit form does not offer every game's formats:\n%s", excerpt(edit.body))
	}
	ev, _ := a.store.EventByID(context.Background(), id)
	f := eventForm("Switch Cup")
	f.Set("version", strconv.Itoa(ev.Version))
	f.Set("game", "masters")
	f.Set("format", "masters-standard")
	expectRedirect(t, "move to Masters", org.post(path+"/edit", path, f), path)
	ev, _ = a.store.EventByID(context.Background(), id)
	if ev.Game != "masters" || ev.Format != "masters-standard" {
		t.Fatalf("moved event %s/%s", ev.Game, ev.Format)
	}

	// Once a player saved a list (checked for Masters), the game stays.
	d := &dayEvent{t: t, a: a, org: org, id: id, path: path, links: map[string]string{}, ids: map[string]int64{}}
	d.addPlayer("Ann")
	link := d.links["Ann"]
	phone := a.browser()
	expectRedirect(t, "save", phone.post(link, link+"/deck", url.Values{"deck": {"1 BT1-001\n"}}), link)
	edit = org.get(path + "/edit")
	if strings.Contains(edit.body, `<select id="game"`) || !strings.Contains(pfText(edit.body), "Game Dragon Ball Super Card Game Masters") {
		t.Fatalf("edit form offers to change a locked game:\n%s", excerpt(edit.body))
	}
	f.Set("version", strconv.Itoa(ev.Version))
	f.Set("game", "fusion-world")
	f.Set("format", "fw-standard")
	r := org.post(path+"/edit", path, f)
	expectStatus(t, "change a locked game", r, http.StatusUnprocessableEntity)
	if !strings.Contains(pfText(r.body), "The game cannot change: players have saved decklists checked for Dragon Ball Super Card Game Masters.") {
		t.Fatalf("no reason given:\n%s", pfText(r.body))
	}
	if ev, _ = a.store.EventByID(context.Background(), id); ev.Game != "masters" {
		t.Fatalf("locked game changed to %s", ev.Game)
	}
}

// An event whose game has no cards imported says so to the organiser, on
// the event page and the decks page.
func TestEventWithoutItsGamesCardsWarnsTheOrganiser(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	importCards(t, a) // Fusion World only
	f := eventForm("Panini Night")
	f.Set("game", "panini-dbz")
	f.Set("format", "panini-dbz")
	path := fmt.Sprintf("/events/%d", createEventWith(t, org, f))
	for _, p := range []string{path, path + "/decks"} {
		page := org.get(p)
		if !strings.Contains(pfText(page.body), "No Dragon Ball Z TCG (Panini, 2014) cards are imported yet, so decklists cannot be checked.") {
			t.Errorf("%s does not warn:\n%s", p, pfText(page.body))
		}
	}
	fw := createEvent(t, org, "Fusion Night")
	if page := org.get(fmt.Sprintf("/events/%d", fw)); strings.Contains(page.body, `data-testid="pool-warning"`) {
		t.Errorf("a Fusion World event with its cards imported warns")
	}
}

// In Chromium on a phone: the organiser creates a Masters event by choosing
// the game (its defaults fill the form), a player registers, pastes a list
// with a banned card and then the legal one, and reports a Swiss win that
// the opponent confirms.
func TestPhoneMastersEventFromFormToReport(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	expectRedirect(t, "import", org.upload("/cards", "/cards/import", "file", "masters-cards.json", fixture(t, "masters-cards.json")), "/cards")
	expectRedirect(t, "ban list", org.post("/cards", "/banlists", url.Values{"banlist": {string(fixture(t, "masters-banlist-2026-06.json"))}}), "/cards")
	ctx := phone(t)
	signIn(t, ctx, a)
	do(t, ctx,
		chromedp.Navigate(a.srv.URL+"/events/new"),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="game-choices"]`)),
		leadsToNewPage(chromedp.Click(chromedp.CSS(`a[href="/events/new?game=masters"]`))),
		chromedp.WaitVisible(chromedp.CSS(`#name`)),
	)
	noSideScroll(t, ctx, "new Masters event form")
	if g := text(t, ctx, `[data-testid="form-game"]`); !strings.Contains(g, "Dragon Ball Super Card Game Masters") {
		t.Fatalf("form's game: %q", g)
	}
	minutes, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('#round_minutes').value`))
	if err != nil || minutes != "60" {
		t.Fatalf("Masters round length default %q (%v)", minutes, err)
	}
	do(t, ctx,
		chromedp.SendKeys(chromedp.CSS(`#name`), "Masters Monday"),
		chromedp.SetValue(chromedp.CSS(`#date`), "2026-06-01"),
		chromedp.SetValue(chromedp.CSS(`#status`), "registration"),
		leadsToNewPage(chromedp.Submit(chromedp.CSS(`#name`))),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="event-facts"]`)),
	)
	if facts := text(t, ctx, `[data-testid="event-facts"]`); !strings.Contains(facts, "Dragon Ball Super Card Game Masters") || !strings.Contains(facts, "60 minutes") {
		t.Fatalf("event facts: %s", facts)
	}
	loc, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	u, _ := url.Parse(loc)
	path := u.Path
	id, _ := strconv.ParseInt(strings.TrimPrefix(path, "/events/"), 10, 64)

	// Ann registers on the phone and pastes her list.
	do(t, ctx,
		chromedp.Navigate(a.srv.URL+path+"/register"),
		chromedp.WaitVisible(chromedp.CSS(`#player_name`)),
		chromedp.SendKeys(chromedp.CSS(`#player_name`), "Ann"),
		leadsToNewPage(chromedp.Submit(chromedp.CSS(`#player_name`))),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="deck-hint"]`)),
	)
	if hint := text(t, ctx, `[data-testid="deck-hint"]`); !strings.Contains(hint, "Z-Deck:") {
		t.Fatalf("Masters paste hint: %q", hint)
	}
	loc, _ = chromedp.Run(ctx, chromedp.Location())
	u, _ = url.Parse(loc)
	annLink := u.Path
	deck := string(fixture(t, "decklists/masters-champa.txt"))
	do(t, ctx,
		chromedp.SetValue(chromedp.CSS(`#deck`), deck+"1 BT10-044\n"),
		leadsToNewPage(chromedp.Submit(chromedp.CSS(`#deck`))),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="deck-result"]`)),
	)
	if res := text(t, ctx, `[data-testid="deck-result"]`); !strings.Contains(res, "BT10-044 SS Trunks, God-Sealing Technique is banned (ban list in force on 1 June 2026") {
		t.Fatalf("banned card not found: %s", res)
	}
	do(t, ctx,
		chromedp.SetValue(chromedp.CSS(`#deck`), deck),
		leadsToNewPage(chromedp.Submit(chromedp.CSS(`#deck`))),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="deck-result"]`)),
	)
	if res := text(t, ctx, `[data-testid="deck-result"]`); !strings.Contains(res, "This deck is legal.") || !strings.Contains(res, "Main deck: 57 cards; Z-Deck: 0 cards.") {
		t.Fatalf("seven BT13-149: %s", res)
	}
	noSideScroll(t, ctx, "Masters player page")

	// Ben registers from his own phone; the organiser pairs round 1.
	ben := a.browser()
	r := ben.post(path+"/register", path+"/register", url.Values{"player_name": {"Ben"}})
	benLink := r.location
	expectRedirect(t, "Ben's list", ben.post(benLink, benLink+"/deck", url.Values{"deck": {deck}}), benLink)
	expectRedirect(t, "pair", org.post(path+"/rounds", path+"/rounds", url.Values{"decks_ok": {"1"}}), path+"/rounds/1")
	expectRedirect(t, "publish", org.post(path+"/rounds/1", path+"/rounds/1/publish", nil), path+"/rounds/1")
	navigate(t, ctx, a.srv.URL+annLink)
	waitFor(t, ctx, `[data-testid="report-won"]`)
	do(t, ctx,
		leadsToNewPage(chromedp.Click(chromedp.CSS(`[data-testid="report-won"]`))),
		chromedp.WaitVisible(chromedp.CSS(`[data-testid="match-status"]`)),
	)
	page := ben.get(benLink)
	res := regexp.MustCompile(`name="result" value="(p[12])"`).FindStringSubmatch(page.body)
	match := regexp.MustCompile(`name="match" value="(\d+)"`).FindStringSubmatch(page.body)
	if res == nil || match == nil {
		t.Fatalf("Ben is not asked to confirm:\n%s", excerpt(page.body))
	}
	expectRedirect(t, "Ben confirms", ben.post(benLink, benLink+"/report", url.Values{"match": {match[1]}, "result": {res[1]}, "games": {"same"}}), benLink)
	navigate(t, ctx, a.srv.URL+annLink)
	waitFor(t, ctx, `[data-testid="final-result"]`)
	if final := text(t, ctx, `[data-testid="final-result"]`); final != "You won" {
		t.Fatalf("Ann sees %q", final)
	}
	ev, _ := a.store.EventByID(context.Background(), id)
	if ev.Game != "masters" || ev.RoundMinutes != 60 {
		t.Fatalf("stored event %s, %d minutes", ev.Game, ev.RoundMinutes)
	}
}
