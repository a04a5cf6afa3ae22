package server_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"mime/multipart"
	"net/http"
	"os"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/pairing"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/judging"
)

// pfUpload posts a file to /events/import as a browser does, with the CSRF
// token of the import form.
func pfUpload(t *testing.T, b *browser, fileName string, data []byte) response {
	t.Helper()
	return pfUploadTo(t, b, "", fileName, data)
}

// pfOtherOrigin checks that a copy has an origin of its own, and takes
// both origins out of the decoded exports for comparing the rest.
func pfOtherOrigin(t *testing.T, original, copied map[string]any) {
	t.Helper()
	o1 := original["tenkaichi"].(map[string]any)["event"].(map[string]any)
	o2 := copied["tenkaichi"].(map[string]any)["event"].(map[string]any)
	if o1["origin"] == nil || o2["origin"] == nil || o1["origin"] == o2["origin"] {
		t.Fatalf("origins of the original and the copy: %v, %v", o1["origin"], o2["origin"])
	}
	delete(o1, "origin")
	delete(o2, "origin")
}

// pfUploadTo imports into a store ("": the organiser's only one).
func pfUploadTo(t *testing.T, b *browser, storeID, fileName string, data []byte) response {
	t.Helper()
	return pfUploadFields(t, b, storeID, nil, fileName, data)
}

// pfUploadCopy imports a file as a new event even when the store has its
// event (the form's "as a new event" box).
func pfUploadCopy(t *testing.T, b *browser, storeID, fileName string, data []byte) response {
	t.Helper()
	return pfUploadFields(t, b, storeID, map[string]string{"copy": "1"}, fileName, data)
}

// pfUploadFields posts the import form with more fields.
func pfUploadFields(t *testing.T, b *browser, storeID string, fields map[string]string, fileName string, data []byte) response {
	t.Helper()
	page := b.get("/events/import")
	m := csrfInput.FindStringSubmatch(page.body)
	if m == nil {
		t.Fatalf("no CSRF token on the import form (status %d)", page.status)
	}
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	_ = w.WriteField("_csrf", m[1])
	if storeID != "" {
		_ = w.WriteField("store_id", storeID)
	}
	for k, v := range fields {
		_ = w.WriteField(k, v)
	}
	if data != nil {
		fw, _ := w.CreateFormFile("file", fileName)
		fw.Write(data)
	}
	w.Close()
	req, _ := http.NewRequest(http.MethodPost, b.app.srv.URL+"/events/import", &body)
	req.Header.Set("Content-Type", w.FormDataContentType())
	return b.do(req)
}

// pfImport uploads an event file that must import, and gives the new
// event's address and id.
func pfImport(t *testing.T, b *browser, fileName string, data []byte) (string, int64) {
	t.Helper()
	r := pfUpload(t, b, fileName, data)
	m := eventPath.FindStringSubmatch(r.location)
	if r.status != http.StatusSeeOther || m == nil {
		t.Fatalf("import %s: %d to %q\n%s", fileName, r.status, r.location, excerpt(r.body))
	}
	id, _ := strconv.ParseInt(m[1], 10, 64)
	return m[0], id
}

func pfExport(t *testing.T, b *browser, path string) []byte {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, b.app.srv.URL+path+"/export", nil)
	res, err := b.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var buf bytes.Buffer
	buf.ReadFrom(res.Body)
	if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Disposition"), `attachment; filename="event-`) ||
		!strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
		t.Fatalf("export: %d %v\n%s", res.StatusCode, res.Header, excerpt(buf.String()))
	}
	return buf.Bytes()
}

// pfDecode reads an export generically, numbers kept exact.
func pfDecode(t *testing.T, data []byte) map[string]any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v map[string]any
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

// pfPairingPart is the export without the "tenkaichi" object: the event
// file the pairing tools read.
func pfPairingPart(t *testing.T, data []byte) *pairing.Event {
	t.Helper()
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		t.Fatal(err)
	}
	if _, ok := top["tenkaichi"]; !ok {
		t.Fatal(`export has no "tenkaichi" object`)
	}
	delete(top, "tenkaichi")
	rest, _ := json.Marshal(top)
	pe, err := pairing.ParseEvent(rest)
	if err != nil {
		t.Fatalf("the pairing part of the export is not a valid event file: %v", err)
	}
	return pe
}

// pfStandingLines are standings by name (ids differ between events).
func pfStandingLines(t *testing.T, pe *pairing.Event) []string {
	t.Helper()
	st, err := pairing.Standings(pe, "")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, s := range st {
		b, _ := json.Marshal(s)
		out = append(out, regexp.MustCompile(`"id":"[^"]*",`).ReplaceAllString(string(b), ""))
	}
	return out
}

// pfRenumber replaces player ids (under id, p1, p2, player keys and in
// forbidden pairs) by their new ids.
func pfRenumber(v any, ids map[string]string, key string) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = pfRenumber(e, ids, k)
		}
	case []any:
		for i, e := range x {
			k := key
			if key == "forbidden_pairs" {
				k = "player"
			}
			x[i] = pfRenumber(e, ids, k)
		}
	case string:
		switch key {
		case "id", "p1", "p2", "player":
			if n, ok := ids[x]; ok {
				return n
			}
		}
	}
	return v
}

func TestExportImportRoundTrip(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	ctx := context.Background()
	f := pfNewEvent(t, a, org, "Round Trip Open", "Ann", "Bo", "Cy", "Di", "Ed", "Flo")
	ev, _ := a.store.EventByID(ctx, f.id)
	ev.TopCutSize, ev.DecksPublic = 4, true
	if err := a.store.UpdateEvent(ctx, pfActor, ev); err != nil {
		t.Fatal(err)
	}
	wait := &storage.Entry{EventID: f.id, PlayerName: "Wanda", Waitlisted: true, TokenHash: "tok-wanda"}
	if err := a.store.CreateEntry(ctx, pfActor, wait); err != nil {
		t.Fatal(err)
	}
	for i, name := range f.order {
		e := f.entries[name]
		e.DeckText = "Leader\n1 FB01-00" + strconv.Itoa(i+1) + "\nMain\n4 FB01-010\n"
		e.DeckStatus, e.DeckLeader, e.DeckColours, e.CheckedIn = storage.DeckLegal, "FB01-00"+strconv.Itoa(i+1), "Red", i%2 == 0
		if name == "Ann" || name == "Bo" {
			e.Team = "Kame House"
		}
		if err := a.store.UpdateEntry(ctx, pfActor, "deck", e); err != nil {
			t.Fatal(err)
		}
	}
	ms := pfRound(t, a, f, 1, storage.KindSwiss, [][2]string{{"Ann", "Cy"}, {"Bo", "Di"}, {"Ed", "Flo"}})
	pfResult(t, a, f, ms[0], storage.ResultInput{Result: storage.ResultP1, P1Wins: 2, Draws: 1})
	pfResult(t, a, f, ms[1], storage.ResultInput{Result: storage.ResultDraw, P1Wins: 1, P2Wins: 1})
	pfResult(t, a, f, ms[2], storage.ResultInput{Result: storage.ResultP2, P2Wins: 2})
	flo := f.entries["Flo"]
	flo.DroppedRound = pfPtr(1)
	if err := a.store.UpdateEntry(ctx, pfActor, "drop", flo); err != nil {
		t.Fatal(err)
	}
	ms = pfRound(t, a, f, 2, storage.KindSwiss, [][2]string{{"Ann", "Di"}, {"Bo", "Cy"}, {"Ed", ""}})
	pfResult(t, a, f, ms[0], storage.ResultInput{Result: storage.ResultP1, P1Wins: 2})
	pfResult(t, a, f, ms[1], storage.ResultInput{Result: storage.ResultDoubleLoss})
	judge := storage.Actor{Name: "jules"}
	if err := judging.New(a.store).CreateRuling(ctx, judge, &judging.Ruling{EventID: f.id, MatchID: &ms[1].ID, Note: "Both late"},
		&judging.RulingPenalty{EntryID: f.entries["Cy"].ID, Kind: "match-loss", Infraction: "Tardiness"}); err != nil {
		t.Fatal(err)
	}
	if err := judging.New(a.store).CreateRuling(ctx, judge, &judging.Ruling{EventID: f.id, Note: "Shuffling"},
		&judging.RulingPenalty{EntryID: f.entries["Di"].ID, Kind: "caution", Infraction: "Insufficient shuffling"}); err != nil {
		t.Fatal(err)
	}

	// The top cut, seeded from the Swiss standings; one semi-final played,
	// the other reported by one player only.
	bracket, err := pairing.BuildTopCut(pfPairingPart(t, pfExport(t, org, f.path)), 4)
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]string{}
	for name, e := range f.entries {
		byID[strconv.FormatInt(e.ID, 10)] = name
	}
	seed := func(n int) string { return byID[bracket.Seeds[n-1].ID] }
	cut := pfRound(t, a, f, 3, storage.KindTopCut, [][2]string{{seed(1), seed(4)}, {seed(2), seed(3)}})
	pfResult(t, a, f, cut[0], storage.ResultInput{Result: storage.ResultP1, P1Wins: 2, P2Wins: 1,
		Games: `[{"winner":"p1","first":"p1"},{"winner":"p2","first":"p2"},{"winner":"p1","first":"p1"}]`})
	if _, _, err := a.store.ReportResult(ctx, f.id, cut[1].ID, f.entries[seed(2)].ID, storage.ResultInput{Result: storage.ResultP1, P1Wins: 2}); err != nil {
		t.Fatal(err)
	}

	first := pfExport(t, org, f.path)
	pe1 := pfPairingPart(t, first)
	// The export holds what was put in: not a vacuous comparison below.
	x1 := pfDecode(t, first)
	ext := x1["tenkaichi"].(map[string]any)
	entries := ext["entries"].([]any)
	pens := ext["penalties"].([]any)
	meta := ext["rounds_meta"].([]any)
	if len(entries) != 7 || len(pens) != 2 || len(meta) != 3 || len(pe1.Players) != 6 || len(pe1.Rounds) != 2 ||
		pe1.TopCut == nil || len(pe1.TopCut.Rounds) != 1 || len(pe1.ForbiddenPairs) != 1 {
		t.Fatalf("export: %d entries, %d penalties, %d rounds_meta, pairing part %+v", len(entries), len(pens), len(meta), pe1)
	}
	if !strings.Contains(string(first), `"deck_text": "Leader\n1 FB01-001`) || !strings.Contains(string(first), `"infraction": "Tardiness"`) ||
		!strings.Contains(string(first), `"waitlisted": true`) || !strings.Contains(string(first), `"status": "reported"`) {
		t.Fatalf("export lacks decks, penalties, the waitlist or a pending report:\n%s", first)
	}
	if p := pens[0].(map[string]any); p["round"] != json.Number("2") || p["match"] != json.Number("2") || p["judge"] != "jules" {
		t.Fatalf("penalty on round 2, match 2: %v", p)
	}

	// Import: a new event, then export it again.
	r := pfUpload(t, org, "round-trip.json", first)
	m := eventPath.FindStringSubmatch(r.location)
	if r.status != http.StatusSeeOther || m == nil || m[0] == f.path {
		t.Fatalf("import: %d to %q\n%s", r.status, r.location, excerpt(r.body))
	}
	second := pfExport(t, org, m[0])
	pe2 := pfPairingPart(t, second)
	pfSame(t, "standings after the round trip", pfStandingLines(t, pe2), pfStandingLines(t, pe1))
	b1, _ := pairing.BuildTopCut(pe1, 4)
	b2, _ := pairing.BuildTopCut(pe2, 4)
	if b1 == nil || b2 == nil || len(b1.Rounds) != len(b2.Rounds) || b1.Rounds[0].Matches[0].Score != b2.Rounds[0].Matches[0].Score ||
		b2.Rounds[0].Matches[0].Score == "" {
		t.Fatalf("bracket after the round trip: %+v vs %+v", b1, b2)
	}

	// Same data, with the new ids in place of the old.
	x2 := pfDecode(t, second)
	ids := map[string]string{}
	newEntries := x2["tenkaichi"].(map[string]any)["entries"].([]any)
	if len(newEntries) != len(entries) {
		t.Fatalf("%d entries after import, want %d", len(newEntries), len(entries))
	}
	for i := range entries {
		old, nu := entries[i].(map[string]any)["id"].(string), newEntries[i].(map[string]any)["id"].(string)
		if old == nu {
			t.Fatalf("entry %d kept its id %s: the import must give new ids", i, old)
		}
		ids[old] = nu
	}
	// The copy's audit log is the original's and one row for the import.
	a1, a2 := efAudit(t, x1), efAudit(t, x2)
	if len(a2) != len(a1)+1 || !reflect.DeepEqual(a1, a2[:len(a1)]) {
		t.Fatalf("audit log after the round trip: %d rows, the original %d", len(a2), len(a1))
	}
	pfRenumber(x1, ids, "")
	pfOtherOrigin(t, x1, x2)
	if !reflect.DeepEqual(x1, x2) {
		a1, _ := json.MarshalIndent(x1, "", " ")
		a2, _ := json.MarshalIndent(x2, "", " ")
		t.Fatalf("second export differs from the first:\n%s\n----\n%s", a1, a2)
	}

	// The imported players have new phone links, not the originals' hashes.
	newID, _ := strconv.ParseInt(m[1], 10, 64)
	es, _ := a.store.Entries(ctx, newID)
	f.entries["Wanda"] = wait
	for _, e := range es {
		if len(e.TokenHash) != 64 || e.TokenGeneration != 1 || e.TokenHash == f.entries[e.PlayerName].TokenHash {
			t.Fatalf("imported entry %s link hash %q generation %d", e.PlayerName, e.TokenHash, e.TokenGeneration)
		}
	}
	log, _ := a.store.AuditLogFor(ctx, "event", newID)
	if len(log) == 0 || log[0].Action != "import" || log[0].Actor != "org" {
		t.Fatalf("import audit: %+v", log)
	}
}

func TestExportImportRefusesABadFileAndWritesNothing(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	f := pfNewEvent(t, a, org, "Good Event", "Ann", "Bo")
	ms := pfRound(t, a, f, 1, storage.KindSwiss, [][2]string{{"Ann", "Bo"}})
	pfResult(t, a, f, ms[0], storage.ResultInput{Result: storage.ResultP1, P1Wins: 2})
	good := string(pfExport(t, org, f.path))
	annID := strconv.FormatInt(f.entries["Ann"].ID, 10)
	mutate := func(fn func(map[string]any)) string {
		x := pfDecode(t, []byte(good))
		fn(x)
		b, err := json.Marshal(x)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}

	cases := []struct {
		name, file, want string
	}{
		{"not JSON", `{"players": [`, "The file cannot be read: the JSON ends too early"},
		{"not JSON at a place", "{\n\"players\": [}", `The file cannot be read: line 2, column 13: unexpected "}" in the JSON.`},
		{"not an object", `[1, 2]`, "must be one JSON object"},
		{"pairing problem", `{"players": [{"id": "a"}], "rounds": [{"number": 1, "matches": [{"p1": "a", "p2": "zz", "result": "p1"}]}]}`,
			`round 1, match 1: unknown player "zz"`},
		{"unknown field", strings.Replace(good, `"players"`, `"playres": [], "players"`, 1), `there is no field "playres" at the top of the file`},
		{"unknown tenkaichi field", strings.Replace(good, `"rounds_meta"`, `"colour": 1, "rounds_meta"`, 1), `"tenkaichi" has no field "colour"`},
		{"wrong kind in the tenkaichi section", strings.Replace(good, `"round_minutes": 35`, `"round_minutes": "35"`, 1), `"tenkaichi.event.round_minutes" should be a whole number, not "35"`},
		{"newer version", strings.Replace(good, `"version": 2,`, `"version": 3,`, 1), "format version 3"},
		{"entry missing", mutate(func(x map[string]any) {
			ext := x["tenkaichi"].(map[string]any)
			ext["entries"] = ext["entries"].([]any)[1:]
		}), `Player "` + annID + `" of the event file is missing from the "tenkaichi" section`},
		{"rounds disagree", mutate(func(x map[string]any) {
			r1 := x["tenkaichi"].(map[string]any)["rounds_meta"].([]any)[0].(map[string]any)
			r1["matches"].([]any)[0].(map[string]any)["result"] = "p2"
		}), "Round 1, match 1 differs between the event file and \"rounds_meta\""},
		{"penalty for a stranger", strings.Replace(good, `"penalties": []`, `"penalties": [{"player": "nobody", "kind": "warning", "infraction": "x", "note": "", "judge": "j", "created_at": "2026-12-20T10:00:00Z"}]`, 1),
			`Penalty 1 is for player "nobody", who is not in the file`},
		{"bad end of round", strings.Replace(good, `"end_of_round": "draw"`, `"end_of_round": "sudden-death"`, 1), `end of round "sudden-death" is not one of`},
		{"bad date", strings.Replace(good, `"date": "2026-12-20"`, `"date": "20/12/2026"`, 1), `date "20/12/2026" is not a date`},
	}
	for _, c := range cases {
		if c.file == good {
			t.Fatalf("%s: the test did not change the file", c.name)
		}
		r := pfUpload(t, org, "bad.json", []byte(c.file))
		expectStatus(t, c.name, r, http.StatusUnprocessableEntity)
		if !strings.Contains(pfText(r.body), c.want) {
			t.Errorf("%s: page lacks %q:\n%s", c.name, c.want, pfText(excerpt(r.body)))
		}
	}
	r := pfUpload(t, org, "", nil)
	expectStatus(t, "no file", r, http.StatusUnprocessableEntity)
	if !strings.Contains(r.body, "Choose an event file to import.") {
		t.Errorf("no file: %s", pfText(excerpt(r.body)))
	}
	es, err := a.store.Events(context.Background())
	if err != nil || len(es) != 1 {
		t.Fatalf("events after refused imports: %d, %v", len(es), err)
	}
	r = pfUpload(t, org, "good.json", []byte(good))
	if r.status != http.StatusSeeOther {
		t.Fatalf("the untouched export must import: %d\n%s", r.status, excerpt(r.body))
	}
}

// A plain event file of the pairing tools imports too.
func TestExportImportPlainEventFile(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	data, err := os.ReadFile("../pairing/testdata/example.json")
	if err != nil {
		t.Fatal(err)
	}
	path, id := pfImport(t, org, "Autumn League.json", data)
	ev, _ := a.store.EventByID(context.Background(), id)
	if ev.Name != "Autumn League" || ev.Seed != 12345 {
		t.Fatalf("imported event: %+v", ev)
	}
	want, _ := pairing.ParseEvent(data)
	got := pfPairingPart(t, pfExport(t, org, path))
	pfSame(t, "standings of the imported file", pfStandingLines(t, got), pfStandingLines(t, want))
}

func TestExportStandingsCSV(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	f := pfNewEvent(t, a, org, "CSV Cup", "=HYPERLINK(1)", "Bo", "Cy")
	ms := pfRound(t, a, f, 1, storage.KindSwiss, [][2]string{{"=HYPERLINK(1)", "Bo"}, {"Cy", ""}})
	pfResult(t, a, f, ms[0], storage.ResultInput{Result: storage.ResultP2, P2Wins: 2})
	r := org.get(f.path + "/standings.csv")
	expectStatus(t, "csv", r, http.StatusOK)
	rows, err := csv.NewReader(strings.NewReader(r.body)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	// No placing while the event runs.
	want := [][]string{
		{"rank", "name", "member_id", "points", "record", "omw", "oomw", "placing"},
		{"1", "Bo", "M-Bo", "3", "1-0-0", "0.3300", "1.0000", ""},
		{"2", "Cy", "M-Cy", "3", "1-0-0", "0.0000", "0.0000", ""},
		// A name that a spreadsheet would run as a formula is quoted.
		{"3", "'=HYPERLINK(1)", "M-=HYPERLINK(1)", "0", "0-1-0", "1.0000", "0.3300", ""},
	}
	if !reflect.DeepEqual(rows, want) {
		t.Fatalf("csv:\n%q\nwant\n%q", rows, want)
	}
	// Finished without a top cut: the placings are the Swiss ranks.
	ev, _ := a.store.EventByID(context.Background(), f.id)
	ev.Status, ev.TopCutSize = storage.StatusFinished, 0
	if err := a.store.UpdateEvent(context.Background(), pfActor, ev); err != nil {
		t.Fatal(err)
	}
	rows, _ = csv.NewReader(strings.NewReader(org.get(f.path + "/standings.csv").body)).ReadAll()
	for i, row := range rows[1:] {
		if row[7] != strconv.Itoa(i+1) {
			t.Errorf("finished event, row %d: placing %q", i+1, row[7])
		}
	}
}

// Fully tied players keep their order through an export and an import: the
// last tiebreaker is each entry's stored random key, carried in the event
// file (players[].random_key), not a hash of the database id, which the
// import changes. Entries stored before keys existed (random_key 0) export
// the key they had, the hash of the seed and their id, and keep it too.
func TestImportKeepsTheRandomTiebreakOfFullyTiedPlayers(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	ctx := context.Background()
	names := []string{"Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"}
	f := pfNewEvent(t, a, org, "Draw Night", names...)
	ms := pfRound(t, a, f, 1, storage.KindSwiss, [][2]string{{"Ann", "Bo"}, {"Cy", "Di"}, {"Ed", "Flo"}, {"Gus", "Hal"}})
	for _, m := range ms {
		pfResult(t, a, f, m, storage.ResultInput{Result: storage.ResultDraw, P1Wins: 1, P2Wins: 1})
	}
	for _, name := range names {
		if f.entries[name].RandomKey == 0 {
			t.Fatalf("%s has no random key", name)
		}
	}
	if _, err := a.store.SQL().ExecContext(ctx, "UPDATE entries SET random_key = 0 WHERE id IN ($1, $2)",
		f.entries["Cy"].ID, f.entries["Gus"].ID); err != nil {
		t.Fatal(err)
	}
	if cy, _ := a.store.EntryByID(ctx, f.id, f.entries["Cy"].ID); cy.RandomKey != 0 {
		t.Fatalf("Cy's key is still %d", cy.RandomKey)
	}
	before := pfRows(org.get(f.path + "/standings").body)
	if len(before) != 8 {
		t.Fatalf("standings rows: %q", before)
	}

	file := pfExport(t, org, f.path)
	exported := pfPairingPart(t, file)
	for _, p := range exported.Players {
		if p.RandomKey == 0 {
			t.Fatalf("player %s exported without a random_key", p.ID)
		}
	}
	r := pfUpload(t, org, "draw-night.json", file)
	m := eventPath.FindStringSubmatch(r.location)
	if r.status != http.StatusSeeOther || m == nil {
		t.Fatalf("import: %d\n%s", r.status, excerpt(r.body))
	}
	pfSame(t, "standings after the import", pfRows(org.get(m[0]+"/standings").body), before)

	newID, _ := strconv.ParseInt(m[1], 10, 64)
	es, _ := a.store.Entries(ctx, newID)
	keys := map[string]int64{}
	for _, p := range exported.Players {
		keys[p.Name] = int64(p.RandomKey)
	}
	for _, e := range es {
		if e.RandomKey != keys[e.PlayerName] {
			t.Errorf("%s: imported key %d, file %d", e.PlayerName, e.RandomKey, keys[e.PlayerName])
		}
	}
}
