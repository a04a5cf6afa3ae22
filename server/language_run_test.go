package server_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/eventfile"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// langTransport sends a browser's Accept-Language with every request, as a
// phone set to a language does.
type langTransport struct{ accept string }

func (l langTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	req.Header.Set("Accept-Language", l.accept)
	return http.DefaultTransport.RoundTrip(req)
}

// browserIn is a visitor whose browser asks for the languages of accept.
func (a *app) browserIn(accept string) *browser {
	b := a.browser()
	b.http.Transport = langTransport{accept: accept}
	return b
}

// An event from set-up to the final, run in German: the organiser's account
// is in German (on a laptop whose browser asks for English), the players'
// phones ask for German, the event's print sheets and projector are German.
// On the way a player tracks a game on the game tracker, the organiser
// opens the judge console and replays a log with an illegal step, and at
// the end looks at the snapshots and what restoring the first would undo.
func TestEventRunInGerman(t *testing.T) {
	t.Parallel()
	runEventInLanguage(t, "de", "de-DE,de;q=0.9,en;q=0.5", "Europe/Berlin", "CET")
}

// The same in Japanese, with a phone that chose 日本語 with the selector.
func TestEventRunInJapanese(t *testing.T) {
	t.Parallel()
	runEventInLanguage(t, "ja", "ja-JP,ja;q=0.9", "Asia/Tokyo", "JST")
}

// eventRun is the state of one run: the app, the staff, the phones.
type eventRun struct {
	t      *testing.T
	a      *app
	c      *catalogue
	lang   string
	ctx    context.Context // in the run's language, for the expected texts
	org    *browser
	d      *dayEvent
	phones map[string]*browser
	report untranslatedReport
}

// page gets a page (status 200) as b sees it.
func (r *eventRun) page(b *browser, name, path string) langPage {
	r.t.Helper()
	res := b.get(path)
	if res.status != http.StatusOK {
		r.t.Fatalf("%s (%s): status %d\n%s", name, path, res.status, excerpt(res.body))
	}
	if dir := os.Getenv("TENKAICHI_I18N_DUMP"); dir != "" { // to look at the pages while writing the checks
		_ = os.WriteFile(fmt.Sprintf("%s/%s-%s.html", dir, r.lang, strings.NewReplacer(" ", "_", "/", "_", ",", "").Replace(name)), []byte(res.body), 0o644)
	}
	return langPage{t: r.t, c: r.c, lang: r.lang, name: name, body: res.body}
}

func runEventInLanguage(t *testing.T, lang, accept, zone, zoneName string) {
	a := newApp(t)
	importCards(t, a)
	r := &eventRun{t: t, a: a, c: messageCatalogue(t), lang: lang, ctx: i18n.WithLanguage(context.Background(), lang), phones: map[string]*browser{}}
	defer r.report.log(t, lang)

	// Set-up, from a browser in the language.
	org := a.browserIn(accept)
	r.page(org, "first-run setup", "/setup").expect(&r.report, m("SkipToContent"), m("LanguageLabel"), m("AdminSetupTitle"), m("AdminSetupIntro"), m("AdminSetupName"))
	res := org.post("/setup", "/setup", url.Values{"username": {"org"}, "display_name": {"Orla Organiser"},
		"password": {testPassword}, "password2": {testPassword}})
	expectRedirect(t, "setup", res, "/events")
	// The organiser's account language: it wins over the browser of the
	// laptop they use on the day, which asks for English.
	expectRedirect(t, "account language", org.post("/account", "/account/language", url.Values{"lang": {lang}}), "/account")
	r.org = a.browserIn("en-US,en;q=0.9")
	expectRedirect(t, "sign in", r.org.post("/login", "/login", url.Values{"username": {"org"}, "password": {testPassword}}), "/")
	r.page(r.org, "account", "/account").expect(&r.report, m("LanguageLabel"), m("NavStores"), m("AdminAccountTitle"), m("AdminAccountLanguage"), m("AdminNavEvents"))

	// The event: in the language, in the zone, a top 4 after three rounds.
	f := eventForm("Tenkaichi Cup")
	f.Set("top_cut_size", "4")
	f.Set("swiss_rounds", "3")
	f.Set("language", lang)
	f.Set("time_zone", zone)
	f.Set("deck_deadline", "2026-12-20T09:30")
	r.page(r.org, "new event", "/events/new").expect(&r.report, m("GameChoiceTitle"), m("EventFormGame"), m("GameNameFusionWorld"))
	id := createEventWith(t, r.org, f)
	r.d = &dayEvent{t: t, a: a, org: r.org, id: id, path: "/events/" + strconv.FormatInt(id, 10), links: map[string]string{}, ids: map[string]int64{}}
	d := r.d
	day := time.Date(2026, 12, 20, 0, 0, 0, 0, time.UTC)
	loc, err := time.LoadLocation(zone)
	if err != nil {
		t.Fatal(err)
	}
	ev := r.page(r.org, "event, staff", d.path)
	ev.expect(&r.report, m("ToolsPrintStandings"), m("ToolsProjectorPairings"), m("EventCardPoolLabel"), m("EventBanListLabel"), mCount("MinuteCount", 35, nil), m("StaffToolsTitle"), m("StaffToolsPoster"))
	r.expectText(ev, "the event's date", i18n.Date(r.ctx, day))
	r.expectText(ev, "the event's time zone", zoneName)

	// Players register on their phones; the phones ask for the language,
	// except one that chose it with the selector on a browser asking for
	// English.
	players := []string{"Akira", "Bulma", "Chi-Chi", "Dende", "Erasa", "Frieza", "Gohan", "Hit"}
	for i, name := range players {
		b := a.browserIn(accept)
		if i == 0 {
			b = a.browserIn("en-US")
			expectRedirect(t, "selector", b.get("/language?"+url.Values{"lang": {lang}, "back": {d.path + "/register"}}.Encode()), d.path+"/register")
		}
		if i < 2 {
			r.page(b, "registration", d.path+"/register").expect(&r.report, m("GameShortFusionWorld"), m("LanguageLabel"),
				mArgs("PhoneRegisterTitle", i18n.Args{"Event": "Tenkaichi Cup"}), m("PhoneYourName"), m("PhoneRegisterButton"))
		}
		res := b.post(d.path+"/register", d.path+"/register", url.Values{"player_name": {name}})
		if res.status != http.StatusSeeOther || !strings.HasPrefix(res.location, "/p/") {
			t.Fatalf("%s registers: %d to %q\n%s", name, res.status, res.location, excerpt(res.body))
		}
		d.links[name] = res.location
		r.phones[name] = b
	}
	entries, err := a.store.Entries(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		d.ids[e.PlayerName] = e.ID
	}
	r.page(r.phones["Akira"], "player page before pairing", d.links["Akira"]).expect(&r.report, m("DeckHintFusionWorld"), m("GameShortFusionWorld"),
		m("PhoneNoPairing"), m("PhoneYourDecklist"), m("PhoneCheckAndSave"))

	// Decklists from the phones: Bulma's first try has a banned card and
	// too many copies; then everyone's list is legal.
	deck := string(fixture(t, "decklists/fs01-starter-son-goku.txt"))
	bulma := d.links["Bulma"]
	expectRedirect(t, "Bulma's first list", r.phones["Bulma"].post(bulma, bulma+"/deck", url.Values{"deck": {deck + "\n4 FB01-056\n"}}), bulma)
	problems := r.page(r.phones["Bulma"], "player page, list with problems", bulma)
	problems.expect(&r.report, m("DeckHintFusionWorld"), mCount("DeckNotLegal", 2, nil), mShape("JudgeDeckBanned"), mShape("JudgeDeckColour"))
	r.expectText(problems, "the deadline", i18n.DateTime(r.ctx, time.Date(2026, 12, 20, 9, 30, 0, 0, loc), loc))
	for _, name := range players {
		link := d.links[name]
		expectRedirect(t, name+"'s list", r.phones[name].post(link, link+"/deck", url.Values{"deck": {deck}}), link)
	}
	r.page(r.org, "players", d.path+"/players").expect(&r.report, mCount("PlayersRegisteredOfCap", 8, i18n.Args{"Cap": "64"}), m("StaffEnteredRoundLabel"))
	r.page(r.org, "decks", d.path+"/decks").expect(&r.report, m("DeckLeader"))

	// Three Swiss rounds: at every table the first player reports from the
	// phone, the opponent confirms.
	for n := 1; n <= 3; n++ {
		d.pairAndPublish(n)
		round := fmt.Sprintf("%s/rounds/%d", d.path, n)
		expectRedirect(t, "start the clock", r.org.post(round, round+"/clock", url.Values{"action": {"start"}}), round)
		if n == 1 {
			r.page(r.org, "round page", round).expect(&r.report, mCount("ResultsMissing", 4, nil), mCount("ClockMinutesLeft", 10, nil), m("StaffChooseResult"), m("StaffChangePairing"))
			r.page(r.org, "print: pairings", d.path+"/print/pairings").expect(&r.report, m("GameShortFusionWorld"), m("StaffPrintHint"))
			r.page(a.browserIn("en-US,en;q=0.9"), "projector", d.path+"/projector").expect(&r.report, m("StandingsPointsLabel"), mArgs("RoundTitle", i18n.Args{"Round": 1}), m("PhoneTableColumn"))
		}
		for i, mt := range d.roundMatches(n) {
			if mt.P2EntryID == nil {
				continue
			}
			p1, p2 := d.nameOf(mt.P1EntryID), d.nameOf(*mt.P2EntryID)
			if n == 1 && i == 0 {
				r.page(r.phones[p1], "player page, paired", d.links[p1]).expect(&r.report, m("DeckSavedLegal"), m("TrackerStartHeading"), m("ClockReload"), mArgs("RoundTitle", i18n.Args{"Round": 1}),
					m("PhoneCallJudge"), m("PhoneIWon"), m("PhoneILost"), m("PhoneStandingsLink"))
				r.trackGame(p1, p2)
				r.judgeConsole()
			}
			expectRedirect(t, p1+" reports", d.report(r.phones[p1], p1, "won"), d.links[p1])
			r.phones[p1].get(d.links[p1]) // the phone follows the redirect, as a browser does
			if n == 1 && i == 0 {
				r.page(r.phones[p1], "player page, reported", d.links[p1]).expect(&r.report, m("TrackerStartHeading"), mArgs("RoundTitle", i18n.Args{"Round": 1}),
					mArgs("PhoneWaitingForOpponent", i18n.Args{"Opponent": p2}))
			}
			page := r.phones[p2].get(d.links[p2])
			if n == 1 && i == 0 {
				r.page(r.phones[p2], "player page, asked to confirm", d.links[p2]).expect(&r.report, m("TrackerStartHeading"), mArgs("RoundTitle", i18n.Args{"Round": 1}),
					mArgs("PhoneTheyReportedConfirm", i18n.Args{"Opponent": p1}))
			}
			res := regexp.MustCompile(`name="result" value="(p[12])"`).FindStringSubmatch(page.body)
			if res == nil {
				t.Fatalf("%s is not asked to confirm:\n%s", p2, excerpt(page.body))
			}
			expectRedirect(t, p2+" confirms", r.phones[p2].post(d.links[p2], d.links[p2]+"/report",
				url.Values{"match": {strconv.FormatInt(mt.ID, 10)}, "result": {res[1]}, "games": {"same"}}), d.links[p2])
			r.phones[p2].get(d.links[p2])
		}
		for _, mt := range d.roundMatches(n) {
			if mt.P2EntryID != nil && mt.Status != storage.MatchConfirmed {
				t.Fatalf("round %d: match %d is %s after report and confirmation", n, mt.ID, mt.Status)
			}
		}
		if n == 1 {
			r.page(r.phones["Akira"], "standings after round 1", d.path+"/standings").expect(&r.report, mArgs("StandingsAfterRound", i18n.Args{"Round": 1}), m("StandingsPointsLabel"), m("StandingsRecordLabel"))
		}
	}
	standings := r.page(r.org, "standings, staff", d.path+"/standings")
	standings.expect(&r.report, mArgs("StandingsAfterRound", i18n.Args{"Round": 3}), m("StandingsPointsLabel"))
	r.expectPercentages(standings)
	r.page(r.org, "print: standings", d.path+"/print/standings").expect(&r.report, m("StandingsPointsLabel"), m("StandingsRecordLabel"), m("StaffTiebreakOMW"), m("StaffPrintRecordExplain"))

	// The top 4, best of three, reported from the phones, to the final.
	d.startCut(4)
	r.page(r.phones[d.cutPlayer4()], "player page, top cut", d.links[d.cutPlayer4()]).expect(&r.report, mArgs("TopCutRoundTitle", i18n.Args{"Round": 1}),
		m("PhoneReportGames"), mArgs("PhoneGamesLegend", i18n.Args{"BestOf": 3}))
	d.reportByPhones(4, true, firstNamed)
	d.startCut(5)
	d.reportByPhones(5, true, firstNamed)
	if s := eventStatus(t, a, id); s != storage.StatusFinished {
		t.Fatalf("status after the final: %s", s)
	}
	final := d.roundMatches(5)[0]
	champion := firstNamed(d.nameOf(final.P1EntryID), d.nameOf(*final.P2EntryID))
	r.page(r.phones[champion], "player page, finished", d.links[champion]).expect(&r.report,
		mArgs("FinalPlacing", i18n.Args{"Place": i18n.Ordinal(r.ctx, 1)}))
	r.page(r.phones["Akira"], "standings, finished", d.path+"/standings").expect(&r.report, m("StandingsPointsLabel"), m("StaffFinalPlacings"), m("StaffSwissStandings"))
	r.page(a.browserIn("fr-FR"), "projector, finished", d.path+"/projector").expect(&r.report, mArgs("TopCutRoundTitle", i18n.Args{"Round": 2}), m("StaffFinalPlacings"))
	r.page(r.org, "print: bracket", d.path+"/print/bracket").expect(&r.report, m("GameShortFusionWorld"))
	r.page(r.org, "event, finished", d.path).expect(&r.report, m("ToolsPrintStandings"))
	r.snapshots()
}

// trackGame plays the start of a game on the game tracker from p1's
// phone, its first player attacking on turn 1 (which the rules do not
// allow), and checks the tracker's pages.
func (r *eventRun) trackGame(p1, p2 string) {
	r.t.Helper()
	link, phone := r.d.links[p1], r.phones[p1]
	r.page(phone, "game tracker, start", link+"/game").expect(&r.report, m("TrackerStartHeading"), m("TrackerBackToMatch"),
		mArgs("TrackerStartExplain", i18n.Args{"Name": p2}), m("TrackerStartButton"))
	res := phone.post(link+"/game", link+"/game", url.Values{"leader_me": {"FS01-01"}, "leader_them": {"FS01-01"}})
	if res.status != http.StatusSeeOther || !strings.Contains(res.location, "/games/") {
		r.t.Fatalf("start the tracker: %d %q\n%s", res.status, res.location, excerpt(res.body))
	}
	game := res.location
	for i, line := range []string{"P1 first", "P1 keep", "P2 keep", "P1 draw", "P1 attack leader -> leader"} {
		expectRedirect(r.t, line, phone.post(game, game, url.Values{"line": {line}, "step": {strconv.Itoa(i)}}), game)
	}
	r.page(phone, "game tracker, an illegal step", game).expect(&r.report, mShape("TrackerHeading"), m("TrackerBackToMatch"), m("TrackerTimeLeft"),
		m("TrackerLife"), m("TrackerEnergy"), m("TrackerYourHand"), m("TrackerPhaseCharge"),
		mArgs("TrackerFlagHeadMine", i18n.Args{"Step": 5, "Action": "P1 attack leader -> leader"}), m("EnginePlayerGoingFirstCannotAttackFirst"), m("TrackerFlagSkipped"),
		m("TrackerGroupCharge"), m("TrackerOtherAction"), mArgs("TrackerLineLabel", i18n.Args{"Side": "P1"}), m("TrackerLineHelp"), m("TrackerLineSend"),
		mCount("TrackerGameSoFar", 5, nil), m("TrackerDidFirst"), m("TrackerDidKeep"), m("TrackerDidDraw"), m("TrackerIllegalTag"),
		m("TrackerCallJudge"), m("TrackerConcede"), m("TrackerConcedeExplain"), m("TrackerConcedeButton"), m("TrackerBarHeading"), m("TrackerDoEnd"), m("TrackerUndo"))
}

// judgeConsole checks the judge console, with the tracker's game, and a
// game log with an illegal step replayed there.
func (r *eventRun) judgeConsole() {
	r.t.Helper()
	base := r.d.path + "/judge"
	r.page(r.org, "judge console", base).expect(&r.report, mArgs("JudgeConsoleHeading", i18n.Args{"Event": "Tenkaichi Cup"}), m("JudgeRulingsLookup"), m("JudgeHowToWriteLog"),
		m("JudgeGameLogs"), mShape("TrackerLogTitle"), m("JudgeTrackerTag"), m("JudgeTagIllegal"), m("JudgeUploadSummary"), m("JudgeSaveLog"), m("JudgeStartFeatureSummary"),
		m("JudgeRulings"), m("JudgeNoRulings"), m("JudgeRecordRuling"))
	res := r.org.post(base, base+"/logs", url.Values{"title": {"Table 4"}, "body": {firstTurnAttack}})
	if !logLink.MatchString(res.location) {
		r.t.Fatalf("upload a log: %d %q\n%s", res.status, res.location, excerpt(res.body))
	}
	r.page(r.org, "judge console, a log's illegal step", res.location+"?step=5").expect(&r.report, m("JudgeFlashGameLogSaved"), mArgs("JudgeConsoleBack", i18n.Args{"Event": "Tenkaichi Cup"}),
		mShape("JudgeStepOf"), m("JudgeFirstIllegalAction"), m("EnginePlayerGoingFirstCannotAttackFirst"), m("JudgeReplaySkips"),
		m("JudgeStepsNav"), m("JudgePrevious"), m("JudgeNext"), m("JudgeRulingsOnLog"), mArgs("JudgeRecordRulingAt", i18n.Args{"Step": 5}))
}

// snapshots checks the snapshots page and what restoring the first would
// undo.
func (r *eventRun) snapshots() {
	r.t.Helper()
	snaps, err := eventfile.New(r.a.store).Snapshots(context.Background(), r.d.id)
	if err != nil || len(snaps) == 0 {
		r.t.Fatalf("no snapshot of the event (%v)", err)
	}
	r.page(r.org, "snapshots", r.d.path+"/snapshots").expect(&r.report, mArgs("StaffSnapshotsTitle", i18n.Args{"Event": "Tenkaichi Cup"}), m("StaffSnapshotsExplain"),
		m("StaffTakeSnapshot"), mShapeCount("SnapshotTotal", len(snaps)), mArgs("SnapshotRoundPublished", i18n.Args{"Round": 1}), mShape("SnapshotTopCutPublished"),
		m("SnapshotFinished"), m("StaffDownload"), m("StaffRestoreEllipsis"))
	// The first, taken when round 1 was published: the rounds since (2, 3
	// and the top cut's two) go, and every result.
	first := snaps[len(snaps)-1]
	results := 0
	for n := 1; n <= 5; n++ {
		for _, mt := range r.d.roundMatches(n) {
			if mt.P2EntryID != nil {
				results++
			}
		}
	}
	r.page(r.org, "restore a snapshot", fmt.Sprintf("%s/snapshots/%d/restore", r.d.path, first.ID)).expect(&r.report, mArgs("StaffRestoreTitle", i18n.Args{"Event": "Tenkaichi Cup"}),
		mArgs("SnapshotRoundPublished", i18n.Args{"Round": 1}), m("StaffRestoreWhatChanges"), mShape("RestoreLatestNow"), mShape("RestoreLatestThen"),
		mCount("RestoreRoundsRemoved", 4, nil), mCount("RestoreResultsUndone", results, nil), mCount("RestorePlayersKept", 8, nil),
		m("StaffRestoreDiscardsRest"), m("StaffRestoreWhatStays"), m("StaffRestoreKeepsAudit"), m("StaffRestoreKeepsSnapshots"), m("StaffRestoreAnnounces"),
		m("StaffRestoreThis"), m("StaffBackToSnapshots"))
}

// expectText checks the page shows a text (a date, a number) as the
// language writes it.
func (r *eventRun) expectText(p langPage, what, want string) {
	r.t.Helper()
	visible, _ := pageTexts(p.body)
	if !strings.Contains(visible, normalise(want)) {
		r.t.Errorf("%s in %s: %s %q is not on the page:\n%s", p.name, p.lang, what, want, shorten(visible, 2000))
	}
}

// expectPercentages checks the tiebreaker percentages are written as the
// language writes them (55,56 % in German, 55.56% in Japanese), and not as
// English does where that differs.
func (r *eventRun) expectPercentages(p langPage) {
	r.t.Helper()
	shape := func(ctx context.Context) *regexp.Regexp {
		sample := normalise(i18n.Percent(ctx, 0.1234, 2)) // "12,34 %"
		return regexp.MustCompile(regexp.MustCompile(`\d+`).ReplaceAllString(regexp.QuoteMeta(sample), `\d+`))
	}
	visible, _ := pageTexts(p.body)
	own, english := shape(r.ctx), shape(context.Background())
	if !own.MatchString(visible) {
		r.t.Errorf("%s in %s: no percentage written like %q:\n%s", p.name, p.lang, i18n.Percent(r.ctx, 0.1234, 2), shorten(visible, 2000))
	}
	if own.String() != english.String() {
		if bad := english.FindString(visible); bad != "" {
			r.t.Errorf("%s in %s: a percentage written as English does: %q", p.name, p.lang, bad)
		}
	}
}

// cutPlayer4 is a player of the first match of round 4 (the top cut's first).
func (d *dayEvent) cutPlayer4() string {
	ms := d.roundMatches(4)
	if len(ms) == 0 {
		d.t.Fatal("no top-cut match")
	}
	return d.nameOf(ms[0].P1EntryID)
}
