package rules

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestBuiltinFusionWorldList(t *testing.T) {
	b := BuiltinBanLists()
	if v := b.InForce(GameFusionWorld, date("2026-02-28")); v != nil {
		t.Errorf("no list should be in force before March 2026, got %q", v.Name)
	}
	v := b.InForce(GameFusionWorld, date("2026-03-01"))
	if v == nil || v.Name != "March 2026" {
		t.Fatalf("want March 2026 on 2026-03-01, got %+v", v)
	}
	banned := []string{"FB01-056", "FB01-005", "FB02-031"}
	limited := []string{"FB04-085", "FB04-094", "FB04-095", "SB01-011", "SB01-015"}
	for _, n := range banned {
		if e, ok := v.Entry(n, date("2026-06-01")); !ok || e.Status != StatusBanned {
			t.Errorf("%s: want banned, got %+v", n, e)
		}
	}
	for _, n := range limited {
		if e, ok := v.Entry(n+"-p1", date("2026-06-01")); !ok || e.Status != StatusLimited || e.Limit != 1 {
			t.Errorf("%s: want limited to 1, got %+v", n, e)
		}
	}
	if len(v.Entries) != len(banned)+len(limited) {
		t.Errorf("%d entries", len(v.Entries))
	}
	if b.InForce(GameMasters, date("2026-06-01")) != nil {
		t.Error("no Masters list is built in")
	}
}

func TestBanListVersionsByDate(t *testing.T) {
	in := `{"versions": [
	  {"game": "fusion-world", "name": "June 2026", "effective": "2026-06-15",
	   "entries": [{"number": "FB01-056", "status": "limited", "limit": 2}]},
	  {"game": "fusion-world", "name": "Test 2025", "effective": "2025-01-01",
	   "entries": [{"number": "FB01-003", "status": "banned"}]}
	]}`
	versions, err := ReadBanLists(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	b := BuiltinBanLists()
	for _, v := range versions {
		if err := b.Add(v); err != nil {
			t.Fatal(err)
		}
	}
	for on, want := range map[string]string{
		"2024-12-31": "", "2025-01-01": "Test 2025", "2026-02-28": "Test 2025",
		"2026-03-01": "March 2026", "2026-06-14": "March 2026", "2026-06-15": "June 2026", "2030-01-01": "June 2026",
	} {
		got := ""
		if v := b.InForce(GameFusionWorld, date(on)); v != nil {
			got = v.Name
		}
		if got != want {
			t.Errorf("on %s: got %q, want %q", on, got, want)
		}
	}
	// The newer version replaces the old one's entries wholesale.
	r := validate(t, "fw-standard", fs01List(t)+"2 FB01-056\n", fwPool(t), b, "2026-07-01")
	if r.BanList != "June 2026" || len(r.Problems) != 1 || r.Problems[0].Code != "colour" {
		t.Errorf("FB01-056 is limited to 2 in June 2026 (but still Blue): %+v", r)
	}
}

func TestReadBanListErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{`{"game":"fusion-world","name":"X","effective":"March 2026","entries":[]}`, "YYYY-MM-DD"},
		{`{"game":"fusion-world","name":"X","effective":"2026-03-01","entries":[{"number":"FB01-001","status":"maybe"}]}`, `ban list version 1: entry 1 (FB01-001): status "maybe", expected banned or limited`},
		{`{"game":"fusion-world","name":"X","effective":"2026-03-01","entries":[{"number":"FB01-001","status":"limited"}]}`, "limit of at least 1"},
		{`{"game":"fusion-world","name":"X","effective":"2026-03-01","entries":[{"number":"FB01-001","status":"banned"},{"number":"FB01-001-p1","status":"banned"}]}`, "listed twice"},
		{`{"game":"chess","name":"X","effective":"2026-03-01","entries":[]}`, "unknown game"},
		{`{"game":"fusion-world","effective":"2026-03-01","entries":[]}`, "no name"},
		{`{"game":"fusion-world","name":"X","effective":"2026-03-01","entries":[],"colour":1}`, "colour"},
		{`[1]`, "line 1: each entry of the list should be an object, not 1"},
		{"{\n\"versions\": [{\"game\":\"fusion-world\",\"name\":\"X\",\n\"effective\":\"2026-03-01\",\"entries\":[{\"number\":\"FB01-001\",\n\"status\":\"banned\", \"limt\": 2}]}]}", `line 4: "versions.entries" has no field "limt"`},
		{"[{\"game\":\"fusion-world\",\"name\":\"X\",\"effective\":\"2026-03-01\",\"entries\":[]},\n {\"game\":\"fusion-world\",\"name\":\"Y\",\"effective\":\"2026-03-02\",\"entries\":[{\"number\":\"FB01-001\",\"status\":\"limited\"}]}]", `ban list version 2: entry 1 (FB01-001): a limited card needs a limit of at least 1`},
		{"{\"game\":\"fusion-world\",\"name\":\"X\",\"effective\":\"2026-03-01\",\n\"entries\":[{\"number\":\"FB01-001\",\"status\":\"limited\",\"limit\":\"one\"}]}", `line 2: "entries.limit" should be a whole number, not "one"`},
		{`hello`, "not JSON"},
	}
	for _, tt := range tests {
		_, err := ReadBanLists(strings.NewReader(tt.in))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: got %v, want an error mentioning %q", tt.in, err, tt.want)
		}
	}
}

func TestReadMastersBanList(t *testing.T) {
	versions, err := ReadBanListsFile(fixture("masters-banlist-2026-06.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(versions) != 1 {
		t.Fatalf("%d versions", len(versions))
	}
	v := versions[0]
	// In force from its earliest entry ("From September 28, 2018 forward").
	if v.Game != GameMasters || v.Effective != "2018-09-28" || len(v.Entries) != 90 {
		t.Errorf("version: %s %s %d entries", v.Game, v.Effective, len(v.Entries))
	}
	b, _ := NewBanLists(v)
	in := b.InForce(GameMasters, date("2026-07-03"))
	banned, limited := 0, 0
	for _, e := range in.Entries {
		if _, ok := in.Entry(e.Number, date("2026-07-03")); ok {
			if e.Status == StatusBanned {
				banned++
			} else {
				limited++
			}
		}
	}
	if banned != 71 || limited != 19 {
		t.Errorf("on 2026-07-03: %d banned, %d limited; want 71 and 19", banned, limited)
	}
	if _, ok := in.Entry("BT5-050", date("2026-07-02")); ok {
		t.Error("BT5-050 is banned from July 3 2026 only")
	}
	if e, ok := in.Entry("BT10-097", date("2026-07-02")); !ok || e.Status != StatusBanned {
		t.Error("BT10-097 has been banned since 2025")
	}
	// The converted version round-trips through the documented format.
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	again, err := ReadBanLists(strings.NewReader(string(data)))
	if err != nil || len(again) != 1 || len(again[0].Entries) != 90 || again[0].Name != v.Name {
		t.Errorf("round trip: %v %+v", err, again)
	}
}

func TestParseLooseDate(t *testing.T) {
	for in, want := range map[string]string{
		"From July 3 2026 onward.":           "2026-07-03",
		"From June 1,2019 forward":           "2019-06-01",
		"From Friday, July 26, 2019 onward.": "2019-07-26",
		"May 14, 2021":                       "2021-05-14",
		"June 19, 2026":                      "2026-06-19",
	} {
		got, ok := parseLooseDate(in)
		if !ok || got.Format(DateLayout) != want {
			t.Errorf("%q: got %v %v, want %s", in, got, ok, want)
		}
	}
	if _, ok := parseLooseDate("Pre-release date of [BT24] in your region."); ok {
		t.Error("a pre-release date has no readable date")
	}
}

func TestBanListVersionWithoutIndex(t *testing.T) {
	// As storage might decode it: a plain struct, never passed through Add.
	var v BanListVersion
	if err := json.Unmarshal([]byte(`{"game":"fusion-world","name":"X","effective":"2026-01-01",
		"entries":[{"number":"FB01-056-p1","status":"banned"},{"number":"FB01-003","status":"banned","since":"2026-02-01"}]}`), &v); err != nil {
		t.Fatal(err)
	}
	if _, ok := v.Entry("FB01-056", date("2026-01-10")); !ok {
		t.Error("FB01-056 should be found by its canonical number")
	}
	if _, ok := v.Entry("FB01-003", date("2026-01-10")); ok {
		t.Error("FB01-003 applies from 2026-02-01 only")
	}
	if _, ok := v.Entry("FB01-003", date("2026-02-01")); !ok {
		t.Error("FB01-003 applies from 2026-02-01")
	}
}
