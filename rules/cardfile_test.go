package rules

import (
	"bytes"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/rules/keyword"
)

func fixture(name string) string { return filepath.Join("..", "testdata", name) }

func readFixture(t testing.TB, name string) []Card {
	t.Helper()
	cards, err := ReadCardsFile(fixture(name))
	if err != nil {
		t.Fatalf("ReadCardsFile(%s): %v", name, err)
	}
	return cards
}

func TestCanonicalNumber(t *testing.T) {
	for in, want := range map[string]string{
		"FB01-001": "FB01-001", "FB01-001-p1": "FB01-001", "FB01-004_p1": "FB01-004",
		"FB01-001-F": "FB01-001", "fs01-03": "FS01-03", "FS01-15-p2": "FS01-15",
		"BT1-005_PR02": "BT1-005", "BT12-004_SPR": "BT12-004", "P-180": "P-180",
		"FP-030": "FP-030", " SB01-011 ": "SB01-011", "E-01": "E-01", "Pilaf": "PILAF",
	} {
		if got := CanonicalNumber(in); got != want {
			t.Errorf("CanonicalNumber(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestReadFusionWorldFile(t *testing.T) {
	cards := readFixture(t, "fusion-world-cards.json")
	// The fixture holds 135 records, one per card number.
	if len(cards) != 135 {
		t.Errorf("got %d cards, want 135 (one per number)", len(cards))
	}
	pool := NewMapPool(cards)
	goku, ok := pool.Card("FB01-001-p1")
	if !ok {
		t.Fatal("FB01-001-p1 not found by printing")
	}
	if goku.Name != "Son Goku" || goku.Type != TypeLeader || !slices.Equal(goku.Colours, []string{"Red"}) ||
		goku.Power == nil || *goku.Power != 15000 || goku.BackPower == nil || *goku.BackPower != 20000 {
		t.Errorf("FB01-001 read wrongly: %+v", goku)
	}
	if !slices.Contains(goku.Printings, "FB01-001-p1") || goku.Game != GameFusionWorld {
		t.Errorf("FB01-001 printings/game: %v %v", goku.Printings, goku.Game)
	}
	vados, _ := pool.Card("FB01-003")
	if vados.Cost == nil || *vados.Cost != 1 || vados.SpecifiedCost != "R" || *vados.ComboPower != 5000 {
		t.Errorf("FB01-003 cost fields: %+v", vados)
	}
	// FB07 onwards: name, colour and type only.
	if c, ok := pool.Card("FB07-001"); ok && c.Cost != nil {
		t.Errorf("FB07-001 cost should be unknown, got %d", *c.Cost)
	}
}

func TestOwnKeywordsFromRealCards(t *testing.T) {
	pool := NewMapPool(readFixture(t, "fusion-world-cards.json"))
	tests := []struct {
		number string
		has    []string
		hasNot []string
	}{
		{"FB01-007", []string{keyword.SuperCombo}, nil},                   // Cabba: [Super Combo] opens its text
		{"FS01-05", []string{keyword.SuperCombo}, nil},                    // Shin, in the FS01 starter
		{"FB02-088", nil, []string{"Double Strike"}},                      // gains [Double Strike] only under a condition
		{"FB05-048", nil, []string{"Double Strike"}},                      // grants it to another card
		{"SB01-031", []string{"Barrier"}, []string{"Blocker"}},            // Babidi grants [Blocker]
		{"FB03-086", []string{"Blocker"}, []string{"Field"}},              // refers to [Field] cards
		{"FB06-119", []string{"Double Strike"}, []string{"Field"}},        // "non-[Field] Extra"
		{"FB01-002", []string{"Critical", "Awaken"}, []string{"Blocker"}}, // a leader's own keywords
	}
	for _, tt := range tests {
		c, ok := pool.Card(tt.number)
		if !ok {
			t.Fatalf("%s missing", tt.number)
		}
		for _, k := range tt.has {
			if !c.HasKeyword(k) {
				t.Errorf("%s %s: want keyword %q, got %v", c.Number, c.Name, k, c.Keywords)
			}
		}
		for _, k := range tt.hasNot {
			if c.HasKeyword(k) {
				t.Errorf("%s %s: keyword %q is granted or referred to, not its own (got %v)", c.Number, c.Name, k, c.Keywords)
			}
		}
	}
}

func TestReadMastersFile(t *testing.T) {
	cards := readFixture(t, "masters-cards.json")
	pool := NewMapPool(cards)
	if len(cards) >= 3636 {
		t.Errorf("printings were not folded: %d cards", len(cards))
	}
	db, ok := pool.Card("BT5-117")
	if !ok || !db.HasKeyword(keyword.DragonBall) || db.Game != GameMasters {
		t.Fatalf("BT5-117 Dragon Ball: %+v", db)
	}
	pilaf, _ := pool.Card("BT5-016")
	if pilaf.HasKeyword(keyword.DragonBall) {
		t.Errorf("BT5-016 only refers to [Dragon Ball] cards, got keywords %v", pilaf.Keywords)
	}
	roshi, ok := pool.Card("BT1-005_PR02")
	if !ok || !slices.Contains(roshi.Printings, "BT1-005_PR02") || roshi.Number != "BT1-005" {
		t.Errorf("BT1-005 printings: %+v", roshi)
	}
	if c, _ := pool.Card("BT12-001"); c.CopyLimit != 4 {
		t.Errorf("BT12-001 deck_limit 4 (its text says nothing about copies): copy limit %d", c.CopyLimit)
	}
	if c, _ := pool.Card("BT10-012"); !c.HasKeyword(keyword.SuperCombo) {
		t.Errorf("BT10-012 Super Combo: %v", c.Keywords)
	}
}

func TestReadCardsErrorsNameTheRecord(t *testing.T) {
	tests := []struct {
		name, in string
		format   CardFileFormat
		want     []string
	}{
		{"fw bad cost", `[{"number":"FB01-001","name":"A","type":"Leader","colors":["Red"]},{"number":"FB01-002","name":"B","type":"Battle","cost":"lots"}]`, CardFileAuto, []string{"record 2", "FB01-002", "whole number"}},
		{"fw bad type", `[{"number":"FB01-009","name":"A","type":"Spell"}]`, CardFileAuto, []string{"record 1", "FB01-009", "Spell"}},
		{"fw no number", `[{"name":"A","type":"Battle"}]`, CardFileAuto, []string{"record 1", "no number"}},
		{"fw colours object", `[{"number":"FB01-003","name":"A","type":"Battle","colors":{"a":1}}]`, CardFileAuto, []string{"record 1", "FB01-003", "list of strings"}},
		{"masters bad", `[{"number":"BT1-001","name":"A","type":"Leader","skills":[],"energy_cost":"x"}]`, CardFileAuto, []string{"record 1", "BT1-001"}},
		{"csv bad power", "number,name,type,power\nFB01-001,Son Goku,Leader,15000\nFB01-003,Vados,Battle,ten\n", CardFileCSV, []string{"line 3", "FB01-003", "power"}},
		{"csv short row", "number,name,type\nFB01-001,Son Goku\n", CardFileCSV, []string{"line 2", "expected 3 fields"}},
		{"csv no number column", "name,type\nA,Battle\n", CardFileCSV, []string{"line 1", `"number"`}},
		{"csv bad quote", "number,name\nFB01-001,\"Son \"Goku\n", CardFileCSV, []string{"line 2"}},
		{"not a card file", "hello", CardFileAuto, []string{"unrecognised"}},
		{"json object", `{"cards":[]}`, CardFileAuto, []string{"JSON array"}},
		{"truncated", `[{"number":"FB01-001","name":"A","type":"Leader"},`, CardFileAuto, []string{"record 2"}},
		// The message names the field, as docs/card-csv.md shows.
		{"fw field named", `[{"number":"FS01-01","name":"A","type":"Leader","cost":"lots"}]`, CardFileAuto,
			[]string{`record 1 (card FS01-01): line 1: "cost" should be a whole number, not "lots"`}},
		{"fw second bad field", `[{"number":"FB01-018","name":"A","type":"Battle","cost":1,"power":"big","combo_power":"x"}]`, CardFileAuto,
			[]string{`line 1: "power" should be a whole number, not "big"`}},
		{"fw string field", `[{"number":"FB01-018","name":7,"type":"Battle"}]`, CardFileAuto, []string{`line 1: "name" should be a string, not 7`}},
		{"fw type field", `[{"number":"FB01-009","name":"A","type":"Spell"}]`, CardFileAuto, []string{`field "type": unknown card type "Spell"`}},
		{"fw number field", `[{"number":"Pilaf","name":"A","type":"Battle"}]`, CardFileAuto, []string{`field "number": "Pilaf" is not a card number`}},
		{"fw list field", `[{"number":"FB01-003","name":"A","type":"Battle","colors":{"a":1}}]`, CardFileAuto, []string{`line 1: "colors" should be a list of strings, not {"a":1}`}},
		{"fw not an object", `[{"number":"FB01-001","name":"A","type":"Leader"},7]`, CardFileAuto, []string{"record 2", "expected a JSON object for the card, got 7"}},
		{"masters field named", `[{"number":"BT1-001","name":"A","type":"Leader","skills":[],"energy_cost":"x"}]`, CardFileAuto,
			[]string{`record 1 (card BT1-001): line 1: "energy_cost" should be a whole number, not "x"`}},
		{"masters map field", `[{"number":"BT1-001","name":"A","type":"Leader","skills":[],"energy_color_cost":{"red":"x"}}]`, CardFileAuto,
			[]string{`line 1: "energy_color_cost.red" should be a whole number, not "x"`}},
		// A record on a later line of the file names that line.
		{"fw line of the field", "[\n{\"number\":\"FB01-001\",\"name\":\"A\",\"type\":\"Leader\"},\n{\"number\":\"FB01-002\",\n \"name\":\"B\",\n \"type\":\"Battle\", \"power\": [5000]}\n]", CardFileAuto,
			[]string{`record 2 (card FB01-002): line 5: "power" should be a whole number, not [5000]`}},
		{"fw syntax", "[\n{\"number\":\"FB01-001\",\"name\":\"A\",\"type\":\"Leader\"},\n{\"number\":\"FB01-002\" \"name\":\"B\"}\n]", CardFileAuto,
			[]string{`record 2: line 3, column 22: unexpected "\"" in the JSON`}},
		{"fw after the end", "[{\"number\":\"FB01-001\",\"name\":\"A\",\"type\":\"Leader\"}]\n]", CardFileAuto, []string{"line 2, column 1: more follows the end of the JSON"}},
		{"csv bare quote", "number,name\nFB01-001,Son \"Goku\"\n", CardFileCSV, []string{`line 2: a quotation mark inside a field that does not start with one`}},
		{"csv type column", "number,name,type\nFB01-001,A,Wizard\n", CardFileCSV, []string{`line 2 (card FB01-001): column "type": unknown card type "Wizard"`}},
		{"csv game column", "number,name,game\nFB01-001,A,chess\n", CardFileCSV, []string{`column "game": unknown game "chess"`}},
		{"csv number column", "number,name\nPilaf,A\n", CardFileCSV, []string{`column "number": "Pilaf" is not a card number`}},
		{"csv cost column", "number,name,cost\nFB01-003,Vados,lots\n", CardFileCSV, []string{`line 2 (card FB01-003): column "cost": expected a whole number, got "lots"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadCards(strings.NewReader(tt.in), tt.format)
			if err == nil {
				t.Fatal("want an error")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
		})
	}
	var cfe *CardFileError
	var fp *FileProblem
	_, err := ReadCards(strings.NewReader("number,name,type\nFB01-001,A,Wizard\n"), CardFileCSV)
	if !errors.As(err, &cfe) || cfe.Line != 2 || cfe.Number != "FB01-001" || cfe.Field != "type" ||
		!errors.As(err, &fp) || fp.Key != "card-unknown-type" || len(fp.Args) != 1 || fp.Args[0] != "Wizard" {
		t.Errorf("want *CardFileError at line 2 for FB01-001, column type, key card-unknown-type, got %#v", err)
	}
}

func TestReadCardCSV(t *testing.T) {
	in := "number,name,game,type,colours,cost,specified_cost,power,combo_power,traits,keywords,text,printings,personality,level,alignment,card_type\n" +
		`FB01-007,Cabba,,Battle,Red,2,R,15000,5000,Saiyan;Universe 6,,"[Super Combo] (A maximum of 4.)\n[Auto] ...",FB01-007-p1,,,,` + "\n" +
		`SDBZ-101,Goku Lv 1,score-dbz,Personality,,,,,,,,,,Goku,1,hero,personality` + "\n"
	cards, err := ReadCards(strings.NewReader(in), CardFileAuto)
	if err != nil {
		t.Fatal(err)
	}
	if len(cards) != 2 {
		t.Fatalf("got %d cards", len(cards))
	}
	cabba := cards[0]
	if !cabba.HasKeyword(keyword.SuperCombo) || *cabba.Cost != 2 || !slices.Equal(cabba.Traits, []string{"Saiyan", "Universe 6"}) ||
		!slices.Contains(cabba.Printings, "FB01-007-p1") || cabba.Game != GameFusionWorld || !strings.Contains(cabba.Text, "\n") {
		t.Errorf("Cabba: %+v", cabba)
	}
	goku := cards[1]
	if goku.Game != GameScoreDBZ || goku.Extra[ExtraLevel] != "1" || goku.Extra[ExtraAlignment] != "hero" || goku.Extra[ExtraPersonality] != "Goku" {
		t.Errorf("DBZ card: %+v", goku)
	}
}

func FuzzReadCards(f *testing.F) {
	f.Add([]byte(`[{"number":"FB01-001","name":"Son Goku","type":"Leader","colors":["Red"],"cost":null,"text":"[Blocker] x\n[Permanent] gains [Double Strike]"}]`))
	f.Add([]byte(`[{"number":"BT1-001","name":"Champa","type":"Leader","skills":["Auto"],"energy_cost":1,"energy_color_cost":{"red":2}}]`))
	f.Add([]byte("number,name,type,keywords,level\nFB01-007,Cabba,Battle,Super Combo,\n"))
	f.Add([]byte("number,name\n\"unterminated\n"))
	f.Add([]byte(`[{"number":"FB01-001-p1"},{"number":7}]`))
	f.Add([]byte(`[{"number":"FS01-01","name":"A","type":"Leader","cost":"lots","power":{"x":1}}]`))
	f.Add([]byte(`[{"number":"BT1-001","name":"A","type":"Leader","skills":[1],"energy_color_cost":{"red":"x"}},7]`))
	f.Add([]byte("number,name,type,game\nFB01-001,A,Wizard,chess\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, format := range []CardFileFormat{CardFileAuto, CardFileFusionWorldJSON, CardFileMastersJSON, CardFileCSV} {
			cards, err := ReadCards(bytes.NewReader(data), format)
			if err != nil {
				// Errors are about the file, never Go's types.
				if msg := err.Error(); strings.Contains(msg, "Go value") || strings.Contains(msg, "rules.") {
					t.Fatalf("%s: error names Go types: %v", format, err)
				}
				continue
			}
			seen := map[string]bool{}
			for _, c := range cards {
				if c.Number == "" || c.Name == "" || seen[c.Number] {
					t.Fatalf("%s: bad or duplicate card %+v", format, c)
				}
				seen[c.Number] = true
			}
		}
	})
}

// A card CSV may give each card's Japanese name in name_jp, as the Fusion
// World JSON list does; it is the card's NameJP, not an extra column.
func TestCardCSVJapaneseNames(t *testing.T) {
	cards, err := ReadCards(strings.NewReader("number,name,name_jp,type\nFB01-003,Vados,ヴァドス,Battle\nFB01-004,Cus,,Battle\n"), CardFileCSV)
	if err != nil {
		t.Fatal(err)
	}
	if len(cards) != 2 || cards[0].NameJP != "ヴァドス" || cards[1].NameJP != "" {
		t.Fatalf("cards: %+v", cards)
	}
	if _, ok := cards[0].Extra["name_jp"]; ok {
		t.Errorf("name_jp is kept as an extra column too: %v", cards[0].Extra)
	}
}
