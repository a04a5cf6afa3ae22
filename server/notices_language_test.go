package server_test

import (
	"context"
	"html"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// expectNotice opens path in lang and checks it shows the notice id in
// that language, as the catalogue words it, and not in English.
func expectNotice(t *testing.T, b *browser, path, lang, id string) {
	t.Helper()
	r, _ := b.getIn(path, lang)
	if r.status != http.StatusOK {
		t.Fatalf("%s %s: status %d\n%s", lang, path, r.status, excerpt(r.body))
	}
	want := i18n.T(i18n.WithLanguage(context.Background(), lang), id, nil)
	english := i18n.T(context.Background(), id, nil)
	if want == english {
		t.Fatalf("%s: %s is not translated: %q", lang, id, want)
	}
	text := html.UnescapeString(r.body)
	if !strings.Contains(text, ">"+want+"</p>") {
		t.Errorf("%s %s: the notice %s is not shown as %q\n%s", lang, path, id, want, excerpt(r.body))
	}
	if strings.Contains(text, english) {
		t.Errorf("%s %s: the notice is in English: %q", lang, path, english)
	}
}

// The judges' and staff's notices after an action (game log saved, ruling
// saved, recording started, action added, cards imported, ban list saved,
// penalty recorded) are in the page's language, German and Japanese.
func TestJudgeAndStaffNoticesInGermanAndJapanese(t *testing.T) {
	t.Parallel()
	f := newJudgeFixture(t)
	event := "/events/" + strconv.FormatInt(f.event.ID, 10)
	for _, lang := range []string{"de", "ja"} {
		page := f.uploadLog(t, f.judge, "Table 4", firstTurnAttack)
		expectNotice(t, f.judge, page, lang, "JudgeFlashGameLogSaved")

		r := f.judge.post(page+"?step=5", f.base+"/rulings", url.Values{"log": {strings.TrimPrefix(page, f.base+"/logs/")},
			"step": {"5"}, "rule": {"CR 7-3-4-3-1"}, "note": {"Attack taken back."}, "penalty": {"warning"},
			"entry": {strconv.FormatInt(f.entry.ID, 10)}, "infraction": {"GRV"}})
		expectStatus(t, "ruling", r, http.StatusSeeOther)
		expectNotice(t, f.judge, r.location, lang, "JudgeFlashRulingSaved")

		r = f.judge.post(f.base, f.base+"/logs/new", url.Values{"title": {"Feature match"}, "p1": {"Ana"}, "p1_leader": {"FS01-01"}, "p2": {"Ben"}, "p2_leader": {"FS02-01"}})
		expectStatus(t, "new log", r, http.StatusSeeOther)
		record := r.location
		expectNotice(t, f.judge, record, lang, "JudgeFlashRecordStarted")
		expectRedirect(t, "P1 first", f.judge.post(record, record, url.Values{"quick": {"P1 first"}}), record)
		expectNotice(t, f.judge, record, lang, "JudgeFlashActionAdded")

		expectRedirect(t, "import cards", f.org.upload("/cards", "/cards/import", "file", "fusion-world-cards.json", fixture(t, "fusion-world-cards.json")), "/cards")
		expectNotice(t, f.org, "/cards", lang, "JudgeFlashCardsImported")
		expectRedirect(t, "save ban list", f.org.post("/cards", "/banlists", url.Values{"banlist": {string(fixture(t, "masters-banlist-2026-06.json"))}}), "/cards")
		expectNotice(t, f.org, "/cards", lang, "JudgeFlashBanListSaved")

		r = f.judge.post(event+"/penalties", event+"/penalties", url.Values{"entry_id": {strconv.FormatInt(f.entry.ID, 10)}, "kind": {"warning"}, "infraction": {"Slow play"}})
		expectRedirect(t, "penalty", r, event+"/penalties")
		expectNotice(t, f.judge, event+"/penalties", lang, "StaffFlashPenaltySaved")
	}
}

// A player's notice is in the page's language on whatever page shows it
// next: a phone that reports and does not follow the redirect sees
// "Result sent." on the next page it opens (here the rulings lookup), in
// German and Japanese, as the player's own page does.
func TestPlayerNoticeOffThePlayerPageInGermanAndJapanese(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	d := newDayEvent(t, a, a.organiser(), "0", "Ann", "Ben")
	d.pairAndPublish(1)
	ann := d.phone("Ann")
	expectRedirect(t, "Ann's report", d.report(ann, "Ann", "won"), d.links["Ann"])
	expectNotice(t, ann, "/rules", "de", "PhoneReported")
	ben := d.phone("Ben")
	expectRedirect(t, "Ben's report", d.report(ben, "Ben", "lost"), d.links["Ben"])
	expectNotice(t, ben, "/rules", "ja", "PhoneReported")
}

// The event page's tools say each line as one sentence with its link
// inside ("Snapshots: the event as it was …"), in German and Japanese.
func TestEventToolsSentencesInGermanAndJapanese(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "0", "Ann", "Ben")
	for _, lang := range []string{"de", "ja"} {
		ctx := i18n.WithLanguage(context.Background(), lang)
		link := func(path, id string) string {
			return `<a href="` + d.path + path + `">` + i18n.T(ctx, id, nil) + `</a>`
		}
		want := []string{
			i18n.T(ctx, "StaffToolsSnapshotsLine", i18n.Args{"Snapshots": link("/snapshots", "StaffToolsSnapshots")}),
			i18n.T(ctx, "StaffToolsProjectorLine", i18n.Args{"Projector": link("/projector", "StaffToolsProjector")}),
		}
		r, _ := org.getIn(d.path, lang)
		expectLang(t, lang+" event page", r, lang)
		mustContain(t, lang+" event page", html.UnescapeString(r.body), want...)
		for _, en := range []string{"the event as it was when each round was published", "(pairings, standings, the top cut)"} {
			if strings.Contains(r.body, en) {
				t.Errorf("%s event page: English left: %q", lang, en)
			}
		}
	}
}

// The bye note of a round paired on a German page is said in the reader's
// language: Japanese for a Japanese reader, English for an English one
// (the note is kept as facts, not as the sentence of the pairing's page).
func TestPairingNoteInTheReadersLanguage(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	org.get("/language?lang=de&back=/")
	d := newDayEvent(t, a, org, "0", "Ann", "Ben", "Cy")
	d.pairAndPublish(1)
	bye := ""
	for _, m := range d.roundMatches(1) {
		if m.P2EntryID == nil {
			bye = d.nameOf(m.P1EntryID)
			if want := "has the bye"; !strings.Contains(m.Note, want) {
				t.Errorf("the stored note is not the English sentence: %q", m.Note)
			}
		}
	}
	if bye == "" {
		t.Fatal("three players and no bye")
	}
	for _, lang := range []string{"de", "ja", "en"} {
		org.get("/language?lang=" + lang + "&back=/")
		r := org.get(d.path + "/rounds/1")
		expectLang(t, lang+" round 1", r, lang)
		want := i18n.T(i18n.WithLanguage(context.Background(), lang), "StaffReasonBye", i18n.Args{"Name": bye})
		mustContain(t, lang+" round 1", html.UnescapeString(r.body), want)
	}
	r := org.get(d.path + "/rounds/1")
	if strings.Contains(html.UnescapeString(r.body), "hat das Freilos") {
		t.Error("the English page shows the German note of the pairing")
	}
}

// The last English texts of the server's pages, in German and Japanese: a
// penalty form's errors, deleting an entry that is part of the record, a
// field with characters that cannot be stored, a match slip's QR code
// opened without the player's link, a ban list text with no version.
func TestFormAndRefusalTextsInGermanAndJapanese(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "0", "Ann", "Ben")
	d.pairAndPublish(1)
	match := d.roundMatches(1)[0]
	ann := strconv.FormatInt(d.ids["Ann"], 10)
	for _, lang := range []string{"de", "ja"} {
		ctx := i18n.WithLanguage(context.Background(), lang)
		org.get("/language?lang=" + lang + "&back=/")
		check := func(what string, r response, status int, ids map[string]i18n.Args, english ...string) {
			t.Helper()
			expectStatus(t, lang+" "+what, r, status)
			text := html.UnescapeString(r.body)
			if !strings.Contains(text, `<html lang="`+lang+`"`) {
				t.Errorf("%s %s: the page is not in the language", lang, what)
			}
			for id, args := range ids {
				mustContain(t, lang+" "+what, text, i18n.T(ctx, id, args))
			}
			for _, en := range english {
				if strings.Contains(text, en) {
					t.Errorf("%s %s: English left: %q", lang, what, en)
				}
			}
		}
		r := org.post(d.path+"/penalties", d.path+"/penalties", url.Values{"entry_id": {"0"}, "kind": {"slap"}, "infraction": {""}})
		check("penalty form", r, http.StatusUnprocessableEntity, map[string]i18n.Args{
			"StaffPenaltyChoosePlayer": nil, "JudgePenaltyKindProblem": nil, "StaffPenaltyInfractionProblem": {"Max": 120}},
			"Choose a player from the list.", "Name the infraction")
		r = org.post(d.path+"/players/"+ann, d.path+"/players/"+ann+"/delete", nil)
		check("delete a player with a match", r, http.StatusConflict, map[string]i18n.Args{"StaffEntryIsRecord": {"Name": "Ann"}},
			"already has a match or a penalty")
		r = org.post(d.path+"/players", d.path+"/players", url.Values{"player_name": {"Cy\x00"}})
		check("a zero byte", r, http.StatusUnprocessableEntity, map[string]i18n.Args{"AdminBadCharacters": {"Field": `"player_name"`}},
			"holds characters that cannot be stored")
		phone := a.browser()
		phone.get("/language?lang=" + lang + "&back=/")
		r = phone.get(d.path + "/matches/" + strconv.FormatInt(match.ID, 10))
		check("a slip's QR code", r, http.StatusForbidden, map[string]i18n.Args{"PhoneSlipNeedsOwnLink": nil}, "Open your own player link")
		r = org.post("/cards", "/banlists", url.Values{"banlist": {"[]"}})
		check("a ban list with no version", r, http.StatusUnprocessableEntity, map[string]i18n.Args{"JudgeBanListNoVersion": nil}, "no ban list version")
	}
}

// The event page's change log names each change in the page's language
// ("Paarungen veröffentlicht", "組み合わせを公開"), not by its stored codes.
func TestChangeLogInGermanAndJapanese(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "0", "Ann", "Ben")
	d.pairAndPublish(1)
	for _, lang := range []string{"de", "ja"} {
		ctx := i18n.WithLanguage(context.Background(), lang)
		r, _ := org.getIn(d.path, lang)
		expectLang(t, lang+" event page", r, lang)
		text := html.UnescapeString(visibleText(r.body))
		mustContain(t, lang+" change log", text, i18n.T(ctx, "StaffAuditCreateEntry", nil),
			i18n.T(ctx, "StaffAuditPairRound", nil), i18n.T(ctx, "StaffAuditPublishRound", nil))
		for _, en := range []string{"create entry", "pair round", "publish round"} {
			if strings.Contains(text, en) {
				t.Errorf("%s change log: English left: %q", lang, en)
			}
		}
	}
}
