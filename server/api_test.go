package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"
	"github.com/tenkaichi-org/tenkaichi/server"
	"github.com/tenkaichi-org/tenkaichi/storage"
)

// apiClient reads the public API over real HTTP and checks every answer
// against the OpenAPI document the server itself serves.
type apiClient struct {
	t      *testing.T
	a      *app
	http   *http.Client
	router routers.Router
	seen   []string // every body read, to look for what must never appear
}

func newAPIClient(t *testing.T, a *app, b *browser) *apiClient {
	t.Helper()
	c := &apiClient{t: t, a: a, http: b.http}
	res, err := http.Get(a.srv.URL + "/api/v1/openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "application/json" {
		t.Fatalf("openapi.json: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	doc, err := openapi3.NewLoader().LoadFromData(raw)
	if err != nil {
		t.Fatalf("the OpenAPI document does not load: %v", err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		t.Fatalf("the OpenAPI document is not valid: %v", err)
	}
	doc.Servers = openapi3.Servers{{URL: a.srv.URL + "/api/v1"}}
	if c.router, err = legacy.NewRouter(doc); err != nil {
		t.Fatal(err)
	}
	return c
}

type apiAnswer struct {
	status int
	body   []byte
	header http.Header
}

func (c *apiClient) get(path string, header ...string) apiAnswer {
	c.t.Helper()
	req, _ := http.NewRequest(http.MethodGet, c.a.srv.URL+"/api/v1"+path, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	res, err := c.http.Do(req)
	if err != nil {
		c.t.Fatalf("GET %s: %v", path, err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	c.seen = append(c.seen, string(body))
	// The answer must be what the OpenAPI document says.
	route, params, err := c.router.FindRoute(req)
	if err != nil {
		c.t.Fatalf("GET %s is not in the OpenAPI document: %v", path, err)
	}
	in := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route,
		Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc}}
	// A request the server refused as bad (400) is one the document forbids.
	if err := openapi3filter.ValidateRequest(context.Background(), in); err != nil && res.StatusCode != http.StatusBadRequest {
		c.t.Errorf("GET %s: the request does not match the document: %v", path, err)
	}
	out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: res.StatusCode, Header: res.Header,
		Options: &openapi3filter.Options{IncludeResponseStatus: true}}
	out.SetBodyBytes(body)
	if err := openapi3filter.ValidateResponse(context.Background(), out); err != nil {
		c.t.Errorf("GET %s (%d): the answer does not match the OpenAPI document: %v\n%s", path, res.StatusCode, err, body)
	}
	return apiAnswer{status: res.StatusCode, body: body, header: res.Header}
}

// decode gets path, expects 200 and decodes the JSON.
func (c *apiClient) decode(path string, v any) apiAnswer {
	c.t.Helper()
	r := c.get(path)
	if r.status != http.StatusOK {
		c.t.Fatalf("GET %s: %d %s", path, r.status, r.body)
	}
	if err := json.Unmarshal(r.body, v); err != nil {
		c.t.Fatalf("GET %s: %v\n%s", path, err, r.body)
	}
	return r
}

type apiPairingJSON struct {
	Round   int     `json:"round"`
	Phase   int     `json:"phase"`
	Table   *int    `json:"table"`
	Player1 string  `json:"player1"`
	Player2 *string `json:"player2"`
	Winner  any     `json:"winner"`
	Games   []int   `json:"games"`
}

type apiStandingJSON struct {
	Placing     *int               `json:"placing"`
	Rank        int                `json:"rank"`
	Player      string             `json:"player"`
	Name        string             `json:"name"`
	Points      int                `json:"points"`
	Tiebreakers map[string]float64 `json:"tiebreakers"`
}

// The public API on a running event: rounds, pairings with every kind of
// winner, standings with tiebreakers, decklists and the metagame once
// published; nothing of a draft, a preview, an unpublished list or a
// player's link, whoever asks; ETag and 304.
func TestPublicAPI(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	importCards(t, a)
	ctx := context.Background()
	d := newDayEvent(t, a, org, "0", "Ann", "Ben", "Cid", "Dee", "Eve", "Fay")
	// A member number and a team are on the organiser's pages only.
	for _, name := range []string{"Ann", "Ben"} {
		en, err := a.store.EntryByID(ctx, d.id, d.ids[name])
		if err != nil {
			t.Fatal(err)
		}
		en.MemberID, en.Team = "MEMBER-0042"+name, "Team Secret "+name
		if err := a.store.UpdateEntry(ctx, storage.Actor{Name: "test"}, "update", en); err != nil {
			t.Fatal(err)
		}
	}
	deck := string(fixture(t, "decklists/fs01-starter-son-goku.txt"))
	ann := d.phone("Ann")
	expectRedirect(t, "Ann's deck", ann.post(d.links["Ann"], d.links["Ann"]+"/deck", url.Values{"deck": {deck}}), d.links["Ann"])
	if r := ann.get(d.links["Ann"]); !strings.Contains(r.body, "Decklist saved") {
		t.Fatalf("Ann's deck: %d\n%s", r.status, excerpt(r.body))
	}

	draftID := createEvent(t, org, "Secret Draft Cup")
	draft, _ := a.store.EventByID(ctx, draftID)
	draft.Status = storage.StatusDraft
	if err := a.store.UpdateEvent(ctx, storage.Actor{Name: "test"}, draft); err != nil {
		t.Fatal(err)
	}

	api := newAPIClient(t, a, a.browser())
	event := "/events/" + strconv.FormatInt(d.id, 10)

	var events []struct {
		ID      int64  `json:"id"`
		Name    string `json:"name"`
		Players int    `json:"players"`
		Status  string `json:"status"`
	}
	api.decode("/events", &events)
	if len(events) != 1 || events[0].ID != d.id || events[0].Players != 6 || events[0].Status != "registration" {
		t.Fatalf("events: %+v, want only the public event with 6 players", events)
	}
	var details struct {
		Name      string `json:"name"`
		Decklists bool   `json:"decklists"`
		Phases    []struct {
			Type string `json:"type"`
			Mode string `json:"mode"`
		} `json:"phases"`
	}
	api.decode(event, &details)
	if details.Name != "Saturday Cup" || details.Decklists || len(details.Phases) != 1 || details.Phases[0].Type != "swiss" {
		t.Errorf("event details: %+v", details)
	}

	// Round 1: Ann beats Ben from the phones, a draw and a double loss from staff.
	d.pairAndPublish(1)
	var pairings []apiPairingJSON
	api.decode(event+"/pairings", &pairings)
	if len(pairings) != 3 {
		t.Fatalf("round 1 pairings: %+v", pairings)
	}
	for _, p := range pairings {
		if p.Winner != nil || p.Round != 1 || p.Phase != 1 || p.Table == nil || p.Player2 == nil {
			t.Errorf("before any result: %+v", p)
		}
	}
	first := api.get(event + "/standings")
	etag := first.header.Get("ETag")
	if etag == "" || !strings.HasPrefix(etag, `"`) {
		t.Fatalf("standings ETag %q", etag)
	}
	if r := api.get(event+"/standings", "If-None-Match", etag); r.status != http.StatusNotModified || len(r.body) != 0 {
		t.Fatalf("standings with its ETag: %d %q, want 304 and no body", r.status, r.body)
	}
	if r := api.get(event+"/standings", "If-None-Match", `"something-else", W/`+etag); r.status != http.StatusNotModified {
		t.Fatalf("standings with its ETag in a list, weak: %d", r.status)
	}

	r1, _ := a.store.RoundByNumber(ctx, d.id, 1)
	ms, _ := a.store.Matches(ctx, r1.ID)
	byPlayer := map[int64]storage.Match{}
	for _, m := range ms {
		byPlayer[m.P1EntryID], byPlayer[*m.P2EntryID] = m, m
	}
	annMatch := byPlayer[d.ids["Ann"]]
	annOpp := annMatch.P1EntryID
	if annOpp == d.ids["Ann"] {
		annOpp = *annMatch.P2EntryID
	}
	var oppName string
	for n, id := range d.ids {
		if id == annOpp {
			oppName = n
		}
	}
	d.report(ann, "Ann", "won")
	// One report is not a result: the winner stays null.
	api.decode(event+"/pairings?round=1", &pairings)
	for _, p := range pairings {
		if p.Winner != nil {
			t.Errorf("a match with one report has a winner: %+v", p)
		}
	}
	d.report(d.phone(oppName), oppName, "lost")
	var others []storage.Match
	for _, m := range ms {
		if m.ID != annMatch.ID {
			others = append(others, m)
		}
	}
	for i, result := range []string{storage.ResultDraw, storage.ResultDoubleLoss} {
		if _, err := a.store.SetMatchResult(ctx, storage.Actor{Name: "org"}, d.id, others[i].ID, storage.ResultInput{Result: result}, false, ""); err != nil {
			t.Fatal(err)
		}
	}
	api.decode(event+"/pairings", &pairings)
	winners := map[int64]any{}
	for _, p := range pairings {
		id, _ := strconv.ParseInt(p.Player1, 10, 64)
		winners[byPlayer[id].ID] = p.Winner
	}
	want := map[int64]any{annMatch.ID: strconv.FormatInt(d.ids["Ann"], 10), others[0].ID: float64(0), others[1].ID: float64(-1)}
	for id, w := range want {
		if winners[id] != w {
			t.Errorf("match %d: winner %v (%T), want %v", id, winners[id], winners[id], w)
		}
	}
	after := api.get(event+"/standings", "If-None-Match", etag)
	if after.status != http.StatusOK || after.header.Get("ETag") == etag {
		t.Fatalf("standings after results, with the old ETag: %d, ETag %q (was %q)", after.status, after.header.Get("ETag"), etag)
	}
	var standings []apiStandingJSON
	api.decode(event+"/standings", &standings)
	if len(standings) != 6 || standings[0].Name != "Ann" || standings[0].Points != 3 || standings[0].Rank != 1 || standings[0].Placing != nil {
		t.Fatalf("standings after round 1: %+v", standings)
	}
	if _, ok := standings[0].Tiebreakers["omw"]; !ok || len(standings[0].Tiebreakers) != 2 {
		t.Errorf("tiebreakers: %v, want omw and oomw", standings[0].Tiebreakers)
	}

	// Round 2 paired but not published: not in the API.
	r := org.post(d.path+"/rounds", d.path+"/rounds", url.Values{"decks_ok": {"1"}})
	expectRedirect(t, "pair round 2", r, d.path+"/rounds/2")
	var rounds []struct {
		Round  int    `json:"round"`
		Status string `json:"status"`
		Tables int    `json:"tables"`
	}
	api.decode(event+"/rounds", &rounds)
	if len(rounds) != 1 || rounds[0].Round != 1 || rounds[0].Status != "complete" || rounds[0].Tables != 3 {
		t.Errorf("rounds with round 2 in preview: %+v", rounds)
	}
	api.decode(event+"/pairings", &pairings)
	for _, p := range pairings {
		if p.Round != 1 {
			t.Errorf("a preview's pairing is public: %+v", p)
		}
	}
	api.decode(event+"/pairings?round=2", &pairings)
	if len(pairings) != 0 {
		t.Errorf("round 2 in preview: %+v", pairings)
	}

	// Decklists and the metagame: 404 until published, even for the organiser.
	orgAPI := newAPIClient(t, a, org)
	for _, c := range []*apiClient{api, orgAPI} {
		for _, p := range []string{event + "/decklists", event + "/metagame", "/events/" + strconv.FormatInt(draftID, 10), "/events/" + strconv.FormatInt(draftID, 10) + "/standings"} {
			if r := c.get(p); r.status != http.StatusNotFound {
				t.Errorf("GET %s before publishing / of a draft: %d %s", p, r.status, r.body)
			}
		}
	}
	var orgEvents []struct {
		ID int64 `json:"id"`
	}
	orgAPI.decode("/events", &orgEvents)
	if len(orgEvents) != 1 {
		t.Errorf("the organiser's cookie shows drafts in the API: %+v", orgEvents)
	}
	expectRedirect(t, "publish lists", org.post(d.path+"/decks", d.path+"/decks/settings", url.Values{"action": {"publish"}}), d.path+"/decks")
	var lists []struct {
		Player string `json:"player"`
		Name   string `json:"name"`
		Text   string `json:"text"`
		Cards  []struct {
			Count  int    `json:"count"`
			Number string `json:"number"`
		} `json:"cards"`
	}
	api.decode(event+"/decklists", &lists)
	if len(lists) != 1 || lists[0].Name != "Ann" || lists[0].Text != deck || len(lists[0].Cards) == 0 {
		t.Fatalf("published decklists: %+v", lists)
	}
	var meta struct {
		Players int `json:"players"`
		Leaders []struct {
			Name    string `json:"name"`
			Players int    `json:"players"`
		} `json:"leaders"`
	}
	api.decode(event+"/metagame", &meta)
	if meta.Players != 6 || len(meta.Leaders) != 2 {
		t.Errorf("metagame: %+v", meta)
	}

	// Unknown things.
	for _, p := range []string{"/events/999999", "/events/abc/pairings", "/nothing"} {
		req, _ := http.NewRequest(http.MethodGet, a.srv.URL+"/api/v1"+p, nil)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusNotFound || !bytes.HasPrefix(body, []byte(`{"error":`)) {
			t.Errorf("GET %s: %d %s", p, res.StatusCode, body)
		}
	}
	if r := api.get("/events?limit=0"); r.status != http.StatusBadRequest {
		t.Errorf("limit=0: %d", r.status)
	}

	// Nothing private in anything the API said.
	all := strings.Join(api.seen, "\n") + strings.Join(orgAPI.seen, "\n")
	secrets := []string{"MEMBER-0042", "Team Secret", "Secret Draft Cup", "token", "member", "team"}
	for _, link := range d.links {
		secrets = append(secrets, strings.TrimPrefix(link, "/p/"))
	}
	for _, s := range secrets {
		if strings.Contains(all, s) {
			t.Errorf("the API shows %q", s)
		}
	}
}

// Placings: the top cut's winner first, the finalist second, from the
// bracket; the top cut's matches in phase 2 with their games.
func TestPublicAPIPlacingsAfterTheTopCut(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "2", "Ann", "Ben", "Cid")
	ev, _ := a.store.EventByID(context.Background(), d.id)
	one := 1
	ev.SwissRounds = &one
	if err := a.store.UpdateEvent(context.Background(), storage.Actor{Name: "t"}, ev); err != nil {
		t.Fatal(err)
	}
	d.pairAndPublish(1)
	api := newAPIClient(t, a, a.browser())
	event := "/events/" + strconv.FormatInt(d.id, 10)
	var pairings []apiPairingJSON
	api.decode(event+"/pairings", &pairings)
	var playing []string
	for _, p := range pairings {
		if p.Player2 == nil {
			if p.Winner != p.Player1 {
				t.Errorf("bye: winner %v, want player1 %s", p.Winner, p.Player1)
			}
			continue
		}
		playing = append(playing, p.Player1, *p.Player2)
	}
	names := map[string]string{}
	for n, id := range d.ids {
		names[strconv.FormatInt(id, 10)] = n
	}
	winner, loser := names[playing[0]], names[playing[1]]
	d.report(d.phone(winner), winner, "won")
	d.report(d.phone(loser), loser, "lost")
	expectRedirect(t, "start top cut", org.post(d.path+"/rounds", d.path+"/topcut", nil), d.path+"/rounds/2")
	expectRedirect(t, "publish cut", org.post(d.path+"/rounds/2", d.path+"/rounds/2/publish", nil), d.path+"/rounds/2")

	var standings []apiStandingJSON
	api.decode(event+"/standings", &standings)
	for _, s := range standings {
		if s.Placing != nil && *s.Placing <= 2 {
			t.Errorf("a top-cut place before the final: %+v", s)
		}
	}
	// The final: the Swiss winner (seed 1) against the seed 2, best of three.
	top := standings[0].Name
	second := standings[1].Name
	champ, fin := d.phone(top), d.phone(second)
	page := champ.get(d.links[top])
	match := regexp.MustCompile(`name="match" value="(\d+)"`).FindStringSubmatch(page.body)[1]
	games := url.Values{"match": {match}, "result": {"games"}, "g1": {"won"}, "g1_first": {"me"}, "g2": {"lost"}, "g2_first": {"them"}, "g3": {"won"}, "g3_first": {"me"}}
	expectRedirect(t, top+" reports", champ.post(d.links[top], d.links[top]+"/report", games), d.links[top])
	page = fin.get(d.links[second])
	confirm := url.Values{"match": {match}, "result": {regexp.MustCompile(`name="result" value="(p[12])"`).FindStringSubmatch(page.body)[1]}, "games": {"same"}}
	expectRedirect(t, second+" confirms", fin.post(d.links[second], d.links[second]+"/report", confirm), d.links[second])

	api.decode(event+"/standings", &standings)
	placing := map[string]int{}
	for _, s := range standings {
		if s.Placing == nil {
			t.Fatalf("after the final, %s has no placing: %+v", s.Name, standings)
		}
		placing[s.Name] = *s.Placing
	}
	if placing[top] != 1 || placing[second] != 2 || len(placing) != 3 {
		t.Errorf("placings: %v, want %s 1st and %s 2nd", placing, top, second)
	}
	api.decode(event+"/pairings?round=2", &pairings)
	if len(pairings) != 1 || pairings[0].Phase != 2 || fmt.Sprint(pairings[0].Games) == "[]" {
		t.Fatalf("final: %+v", pairings)
	}
	p := pairings[0]
	wantGames := "[2 1]"
	if names[p.Player1] != top {
		wantGames = "[1 2]"
	}
	if p.Winner != strconv.FormatInt(d.ids[top], 10) || fmt.Sprint(p.Games) != wantGames {
		t.Errorf("final: winner %v games %v, want %s with %s", p.Winner, p.Games, top, wantGames)
	}
	var details struct {
		Status string `json:"status"`
		Phases []struct {
			Type   string `json:"type"`
			Rounds *int   `json:"rounds"`
			Mode   string `json:"mode"`
		} `json:"phases"`
	}
	api.decode(event, &details)
	if details.Status != storage.StatusFinished || len(details.Phases) != 2 || details.Phases[1].Mode != "BO3" || *details.Phases[1].Rounds != 1 {
		t.Errorf("finished event: %+v", details)
	}
}

// Over the limit (per client address; the test is one client) the API
// answers 429 with Retry-After.
func TestPublicAPIRateLimit(t *testing.T) {
	t.Parallel()
	a := newAppWith(t, func(c *server.Config) { c.APIRate, c.APIBurst = 0.5, 5 })
	api := newAPIClient(t, a, a.browser())
	var got []int
	for i := 0; i < 50; i++ {
		r := api.get("/events")
		got = append(got, r.status)
		if r.status == http.StatusTooManyRequests {
			if r.header.Get("Retry-After") != "2" || !strings.Contains(string(r.body), "too many requests") {
				t.Errorf("429: Retry-After %q, %s", r.header.Get("Retry-After"), r.body)
			}
			break
		}
	}
	// newAPIClient's own request for the document counts too: 4 more pass.
	for i, s := range got {
		if i < 4 && s != http.StatusOK {
			t.Fatalf("request %d within the burst: %d (%v)", i+1, s, got)
		}
	}
	if got[len(got)-1] != http.StatusTooManyRequests {
		t.Fatalf("50 requests at once, none refused: %v", got)
	}
}
