package server_test

import (
	"context"
	"html"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/carddata"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

func TestMetagameLeadersColoursAndWinRates(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	ctx := context.Background()
	cards := []rules.Card{
		{Game: rules.GameFusionWorld, Number: "FB01-001", Name: "Son Goku", Type: rules.TypeLeader, Colours: []string{"Red"}},
		{Game: rules.GameFusionWorld, Number: "FB01-002", Name: "Vegeta", Type: rules.TypeLeader, Colours: []string{"Blue"}},
	}
	if err := carddata.New(a.store).ImportCards(ctx, pfActor, cards, nil); err != nil {
		t.Fatal(err)
	}
	f := pfNewEvent(t, a, org, "Meta Cup", "Ann", "Bo", "Cy", "Di", "Ed", "Flo")
	wait := &storage.Entry{EventID: f.id, PlayerName: "Wanda", Waitlisted: true, DeckLeader: "FB01-001", TokenHash: "tok-meta-wanda"}
	if err := a.store.CreateEntry(ctx, pfActor, wait); err != nil {
		t.Fatal(err)
	}
	decks := map[string][2]string{ // leader, colours
		"Ann": {"FB01-001", ""}, // colours from the leader card
		"Bo":  {"FB01-001", "Red"},
		"Cy":  {"FB01-002", "Blue"},
		"Di":  {"FB01-002", "blue/green"},
		"Ed":  {"ZZ-999", "Green"}, // not in the card pool
	}
	for name, d := range decks {
		e := f.entries[name]
		e.DeckLeader, e.DeckColours, e.DeckStatus = d[0], d[1], storage.DeckLegal
		if err := a.store.UpdateEntry(ctx, pfActor, "deck", e); err != nil {
			t.Fatal(err)
		}
	}
	ms := pfRound(t, a, f, 1, storage.KindSwiss, [][2]string{{"Ann", "Cy"}, {"Bo", "Di"}, {"Ed", "Flo"}})
	pfResult(t, a, f, ms[0], storage.ResultInput{Result: storage.ResultP1, P1Wins: 2})
	pfResult(t, a, f, ms[1], storage.ResultInput{Result: storage.ResultDraw})
	pfResult(t, a, f, ms[2], storage.ResultInput{Result: storage.ResultP1, P1Wins: 2})
	ms = pfRound(t, a, f, 2, storage.KindSwiss, [][2]string{{"Ann", "Bo"}, {"Cy", "Di"}, {"Ed", "Flo"}})
	pfResult(t, a, f, ms[0], storage.ResultInput{Result: storage.ResultP1, P1Wins: 2}) // a mirror: left out
	pfResult(t, a, f, ms[1], storage.ResultInput{Result: storage.ResultP1, P1Wins: 2}) // a leader mirror; Green loses
	// Reported by one player only: not counted.
	if _, _, err := a.store.ReportResult(ctx, f.id, ms[2].ID, f.entries["Ed"].ID, storage.ResultInput{Result: storage.ResultP1, P1Wins: 2}); err != nil {
		t.Fatal(err)
	}

	r := org.get(f.path + "/metagame")
	expectStatus(t, "metagame", r, http.StatusOK)
	rows := pfRows(r.body)
	pfSame(t, "metagame tables", rows, []string{
		"Son Goku (FB01-001) 2 33.3% 1 0 1 75.0%",
		"Vegeta (FB01-002) 2 33.3% 0 1 1 25.0%",
		"ZZ-999 1 16.7% 1 0 0 100.0%",
		"No decklist 1 16.7% 0 1 0 0.0%",
		"Blue 2 33.3% 0 1 1 25.0%",
		"Green 2 33.3% 1 1 1 50.0%",
		"Red 2 33.3% 1 0 1 75.0%",
	})
	// The chart: bars scaled to the numbers (300 units = 100 %), each with a title.
	body := html.UnescapeString(r.body)
	for _, want := range []string{
		`<svg xmlns="http://www.w3.org/2000/svg" id="leaders-chart" role="img"`,
		`width="100.0" height="16"><title>Son Goku (FB01-001): 2 players, 33.3% of the field</title>`,
		`width="225.0" height="6"><title>Son Goku (FB01-001): 75.0% win rate over 2 matches</title>`,
		`id="colours-chart"`,
		"6 players.",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("metagame page lacks %q", want)
		}
	}
	if strings.Contains(r.body, "<script") {
		t.Error("the chart must need no script")
	}

	// The colours are said in the page's language (the API keeps English).
	for _, lang := range []string{"de", "ja"} {
		lctx := i18n.WithLanguage(ctx, lang)
		org.get("/language?lang=" + lang + "&back=/")
		rows := pfRows(org.get(f.path + "/metagame").body)
		for _, id := range []string{"JudgeDeckColourBlue", "JudgeDeckColourGreen", "JudgeDeckColourRed"} {
			want := i18n.T(lctx, id, nil) + " 2 "
			if !slices.ContainsFunc(rows, func(r string) bool { return strings.HasPrefix(r, want) }) {
				t.Errorf("%s metagame: no colour row %q…: %q", lang, want, rows)
			}
		}
		for _, r := range rows {
			for _, english := range []string{"Blue ", "Green ", "Red "} {
				if strings.HasPrefix(r, english) {
					t.Errorf("%s metagame: colour row in English: %q", lang, r)
				}
			}
		}
	}
}

func TestMetagameIsPublicOnlyOnceDecklistsArePublished(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	ctx := context.Background()
	f := pfNewEvent(t, a, org, "Secret Meta", "Ann", "Bo")
	judge := a.signedIn("jules", storage.RoleJudge)
	anon := a.browser()
	expectStatus(t, "organiser before publishing", org.get(f.path+"/metagame"), http.StatusOK)
	expectStatus(t, "anonymous before publishing", anon.get(f.path+"/metagame"), http.StatusForbidden)
	expectStatus(t, "judge before publishing", judge.get(f.path+"/metagame"), http.StatusForbidden)

	ev, _ := a.store.EventByID(ctx, f.id)
	ev.DecksPublic = true
	if err := a.store.UpdateEvent(ctx, pfActor, ev); err != nil {
		t.Fatal(err)
	}
	expectStatus(t, "anonymous after publishing", anon.get(f.path+"/metagame"), http.StatusOK)
	expectStatus(t, "judge after publishing", judge.get(f.path+"/metagame"), http.StatusOK)

	// A draft stays private even with published lists.
	ev, _ = a.store.EventByID(ctx, f.id)
	ev.Status = storage.StatusDraft
	if err := a.store.UpdateEvent(ctx, pfActor, ev); err != nil {
		t.Fatal(err)
	}
	expectStatus(t, "anonymous on a draft", anon.get(f.path+"/metagame"), http.StatusNotFound)
	expectStatus(t, "organiser on a draft", org.get(f.path+"/metagame"), http.StatusOK)
}
