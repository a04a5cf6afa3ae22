package server_test

import (
	"context"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/judging"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// bigJudgeFixture is the judge fixture grown past the ruling form's full
// list: Ana and 120 more players, round 1 paired two by two (Ana and
// Player 001 at table 1, and so on), its matches by table.
func bigJudgeFixture(t *testing.T) (*judgeFixture, map[int]*storage.Match) {
	t.Helper()
	ctx := context.Background()
	f := newJudgeFixture(t)
	ids := []int64{f.entry.ID}
	for i := 1; i <= 120; i++ {
		en := &storage.Entry{EventID: f.event.ID, PlayerName: fmt.Sprintf("Player %03d", i), TokenHash: fmt.Sprintf("tok-%d", i)}
		if err := f.a.store.CreateEntry(ctx, storage.Actor{Name: "test"}, en); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, en.ID)
	}
	var nm []storage.NewMatch
	for i := 0; i+1 < len(ids); i += 2 {
		table, p2 := i/2+1, ids[i+1]
		nm = append(nm, storage.NewMatch{TableNo: &table, P1: ids[i], P2: &p2})
	}
	r, err := f.a.store.CreateRound(ctx, storage.Actor{Name: "test"}, f.event.ID, 1, storage.KindSwiss, 35*time.Minute, nm)
	if err != nil {
		t.Fatal(err)
	}
	ms, err := f.a.store.Matches(ctx, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	byTable := map[int]*storage.Match{}
	for i := range ms {
		byTable[*ms[i].TableNo] = &ms[i]
	}
	return f, byTable
}

var playerOption = regexp.MustCompile(`<option value="(\d+)"[^>]*>([^<]*)</option>`)

// offeredPlayers are the names the ruling form's player list offers.
func offeredPlayers(t *testing.T, body string) []string {
	t.Helper()
	i := strings.Index(body, `<select id="entry"`)
	if i < 0 {
		t.Fatalf("no player list:\n%s", excerpt(body))
	}
	list := body[i : i+strings.Index(body[i:], "</select>")]
	var names []string
	for _, m := range playerOption.FindAllStringSubmatch(list, -1) {
		names = append(names, m[2])
	}
	return names
}

func TestBigEventRulingFormFindsThePlayer(t *testing.T) {
	t.Parallel()
	f, tables := bigJudgeFixture(t)

	// No list of 121 players: a search, and a hint that says why.
	r := f.judge.get(f.base)
	expectStatus(t, "console", r, http.StatusOK)
	if got := offeredPlayers(t, r.body); len(got) != 0 {
		t.Fatalf("the console offers %d players before a search: %v", len(got), got)
	}
	mustContain(t, "console", r.body, `data-testid="ruling-find"`, `name="player" type="search"`,
		"Find the penalised player by table number or name", "This event is too big to list every player", `aria-describedby="entry-hint"`)

	// A table number offers the table's two players.
	r = f.judge.get(f.base + "?player=+2+")
	mustContain(t, "table 2", r.body, "Table 2 of round 1: choose its player in the list below.", `<details class="judge-form" open>`,
		`<input type="hidden" name="player" value="2">`)
	if got := offeredPlayers(t, r.body); strings.Join(got, ",") != "Player 002,Player 003" {
		t.Fatalf("table 2 offers %v", got)
	}
	mustContain(t, "no table 99", f.judge.get(f.base+"?player=99").body, "Round 1 has no table 99.")

	// A name finds the players who hold it; a long list offers its first 50.
	r = f.judge.get(f.base + "?player=ANA")
	mustContain(t, "ana", r.body, "1 player matches “ANA”.")
	if got := offeredPlayers(t, r.body); strings.Join(got, ",") != "Ana" {
		t.Fatalf("ana offers %v", got)
	}
	r = f.judge.get(f.base + "?player=player")
	mustContain(t, "player", r.body, "120 players match “player”: the list offers the first 50, so type more of the name.")
	if got := offeredPlayers(t, r.body); len(got) != 50 || got[0] != "Player 001" {
		t.Fatalf("player offers %d: %v", len(got), got)
	}
	mustContain(t, "nobody", f.judge.get(f.base+"?player=zz").body, "No player matches “zz”.")

	// A penalty on a match without a player: refused, the problem summed up
	// and named at its field, and the match's two players offered.
	match := strconv.FormatInt(tables[3].ID, 10)
	form := url.Values{"match": {match}, "note": {"Drew an extra card."}, "penalty": {"warning"}, "infraction": {"Drawing extra cards"}}
	r = f.judge.post(f.base, f.base+"/rulings", form)
	expectStatus(t, "penalty without a player", r, http.StatusUnprocessableEntity)
	mustContain(t, "penalty without a player", r.body, `data-testid="problem-summary"`, `href="#entry-error"`,
		`<p class="field-error" id="entry-error">Choose the player who gets the penalty.</p>`, "Drew an extra card.")
	if got := offeredPlayers(t, r.body); strings.Join(got, ",") != "Player 004,Player 005" {
		t.Fatalf("match of table 3 offers %v", got)
	}
	form.Set("entry", strconv.FormatInt(*tables[3].P2EntryID, 10))
	expectRedirect(t, "ruling on table 3", f.judge.post(f.base, f.base+"/rulings", form), f.base)
	mustContain(t, "saved", f.judge.get(f.base).body, "Warning for Player 005: Drawing extra cards")

	// A player found by name stays offered when the form comes back.
	form = url.Values{"player": {"ana"}, "entry": {strconv.FormatInt(f.entry.ID, 10)}, "penalty": {"caution"}, "infraction": {"Slow play"}}
	r = f.judge.post(f.base+"?player=ana", f.base+"/rulings", form)
	expectStatus(t, "ruling without a note", r, http.StatusUnprocessableEntity)
	mustContain(t, "ruling without a note", r.body, `href="#note-error"`, "1 player matches “ana”.",
		`<option value="`+strconv.FormatInt(f.entry.ID, 10)+`" selected>Ana</option>`)
	rulings, err := judging.New(f.a.store).Rulings(context.Background(), f.event.ID)
	if err != nil || len(rulings) != 1 || rulings[0].Penalty == nil || rulings[0].Penalty.EntryID != *tables[3].P2EntryID {
		t.Fatalf("rulings: %+v, %v", rulings, err)
	}
}

// A log of a match offers the match's two players at once; its search
// comes back to the same step.
func TestBigEventLogRulingOffersTheMatchPlayers(t *testing.T) {
	t.Parallel()
	f, tables := bigJudgeFixture(t)
	r := f.judge.post(f.base, f.base+"/logs", url.Values{"title": {"Table 1"}, "match": {strconv.FormatInt(tables[1].ID, 10)}, "body": {firstTurnAttack}})
	if r.status != http.StatusSeeOther || !logLink.MatchString(r.location) {
		t.Fatalf("upload: %d to %q\n%s", r.status, r.location, excerpt(r.body))
	}
	page := r.location
	r = f.judge.get(page + "?step=5")
	expectStatus(t, "log page", r, http.StatusOK)
	if got := offeredPlayers(t, r.body); strings.Join(got, ",") != "Ana,Player 001" {
		t.Fatalf("the log of table 1 offers %v", got)
	}
	mustContain(t, "log page", r.body, `<form method="get" action="`+page+`#ruling-find"`, `<input type="hidden" name="step" value="5">`)
	r = f.judge.get(page + "?step=5&player=7")
	if got := offeredPlayers(t, r.body); strings.Join(got, ",") != "Ana,Player 001,Player 012,Player 013" {
		t.Fatalf("the log of table 1 with table 7 found offers %v", got)
	}
	mustContain(t, "log page with a search", r.body, `name="step" value="5"`, "Table 7 of round 1")
}

// The search and what it finds are said in each of the seven languages.
func TestBigEventRulingFormSearchInEveryLanguage(t *testing.T) {
	t.Parallel()
	f, _ := bigJudgeFixture(t)
	for _, lang := range []string{"en", "de", "fr", "es", "it", "ja", "pt-BR"} {
		ctx := i18n.WithLanguage(context.Background(), lang)
		say := func(id string, args i18n.Args) string { return html.EscapeString(i18n.T(ctx, id, args)) }
		r, _ := f.judge.getIn(f.base, lang)
		mustContain(t, lang+" console", r.body, say("JudgeFindPlayerLabel", nil), say("JudgeFindPlayerFirst", nil))
		r, _ = f.judge.getIn(f.base+"?player=2", lang)
		mustContain(t, lang+" table 2", r.body, say("JudgeTableFound", i18n.Args{"Table": 2, "Round": 1}),
			`<optgroup label="`+say("JudgeTableGroup", i18n.Args{"Table": 2, "Round": 1})+`">`)
		r, _ = f.judge.getIn(f.base+"?player=98", lang)
		mustContain(t, lang+" no table 98", r.body, say("JudgeNoSuchTable", i18n.Args{"Table": 98, "Round": 1}))
		r, _ = f.judge.getIn(f.base+"?player=Player", lang)
		mustContain(t, lang+" players", r.body, say("JudgePlayersFoundFirst", i18n.Args{"Count": 120, "Query": "Player", "Shown": 50}),
			`<optgroup label="`+say("JudgeFoundPlayersGroup", i18n.Args{"Query": "Player"})+`">`)
		r, _ = f.judge.getIn(f.base+"?player=zz", lang)
		mustContain(t, lang+" nobody", r.body, say("JudgeNoPlayerFound", i18n.Args{"Query": "zz"}))
		if lang != "en" && strings.Contains(r.body, "Find the penalised player") {
			t.Errorf("%s: the search is labelled in English", lang)
		}
	}
}
